// SPDX-License-Identifier: MIT
// InputPanel: base of the input docks (model, hardware, workload, pricing). A panel shows the
// document's scenario in its widgets (sync) and turns each edit into one undoable command
// (commit). An edit that makes a working scenario fail to evaluate (e.g. TP 6) is refused: the
// document is left alone, the widgets go back to the document's values and the reason is shown
// in the panel, in red, under the fields.
#pragma once

#include "scenario/scenario.h"

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace hostplan::ui {

class ScenarioDocument;

class InputPanel : public QWidget {
    Q_OBJECT
  public:
    explicit InputPanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// The message of the last refused edit ("" when the last edit went through).
    QString problemText() const;
    ScenarioDocument *document() const { return m_doc; }

  signals:
    /// An edit was refused with `message` (the main window echoes it in the status bar).
    void editRefused(const QString &message);

  protected:
    /// Apply `next` as an undoable edit named `text`; false (and a message) if refused.
    bool commit(const Scenario &next, const QString &text);
    /// Show the document's scenario in the widgets. Called with syncing() true.
    virtual void sync() = 0;
    /// Derived constructors call this once their widgets exist.
    void resync();
    bool syncing() const { return m_syncing; }
    /// The panel's main layout: fields go above the problem label.
    QVBoxLayout *panelLayout() const { return m_layout; }
    void showProblem(const QString &message);
    /// Refuse an edit: show "Not applied: <reason>", put the widgets back to the document's
    /// values and emit editRefused.
    void refuse(const QString &reason);
    /// The reason shown when `next` does not evaluate (`error` is evaluate()'s message);
    /// panels may name a more basic rule.
    virtual QString refusalReason(const Scenario &next, const QString &error) const;

    ScenarioDocument *m_doc;

  private:
    QVBoxLayout *m_layout;
    QLabel *m_problem;
    bool m_syncing = false;
};

} // namespace hostplan::ui
