// SPDX-License-Identifier: MIT
// Compare view: pin the current scenario (or one from a file) and see it side by side with the
// current one in a table of differences, kept up to date as the current scenario is edited.
// "Use pinned" makes the pinned scenario current again (an undoable edit).
#pragma once

#include "scenario/scenario.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace hostplan::ui {

class CompareModel;
class ScenarioDocument;

class CompareView : public QWidget {
    Q_OBJECT
  public:
    explicit CompareView(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// Pin the document's current scenario.
    void pinCurrent();
    /// Pin a scenario file; returns an error message ("" on success) and changes nothing on error.
    QString pinFile(const QString &path);
    void clearPin();
    bool hasPin() const { return m_pinned.has_value(); }
    CompareModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

  signals:
    /// The view wants to be shown (after pinning from a menu).
    void pinnedChanged();

  public slots:
    void refresh();

  private:
    ScenarioDocument *m_doc;
    std::optional<Scenario> m_pinned;
    CompareModel *m_model;
    QTableView *m_table;
    QLabel *m_status;
    QCheckBox *m_diffOnly;
    QPushButton *m_usePinned;
    QPushButton *m_clear;
};

} // namespace hostplan::ui
