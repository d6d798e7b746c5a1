// SPDX-License-Identifier: MIT
// The Help menu's manual and What's This entries for the main window. "HostPlan Manual" (F1,
// QKeySequence::HelpContents) opens the help window at the manual's section for what the user
// is working in: the dock that has the keyboard focus (Model, Hardware, Workload, Pricing,
// Probe), else the view in the current tab. "What's This?" (Shift+F1) is
// QWhatsThis::createAction(): click a field to read its unit and where its default comes from.
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QTabWidget;
class QWidget;

namespace hostplan::ui {

class HelpWindow;

class HelpActions : public QObject {
    Q_OBJECT
  public:
    /// Appends the two actions (object names actionHelpManual, actionWhatsThis) and a separator
    /// to `helpMenu`; `window` owns them and the help window; `tabs` holds the views.
    HelpActions(QWidget *window, QTabWidget *tabs, QMenu *helpMenu);

    QAction *manualAction() const { return m_manual; }
    QAction *whatsThisAction() const { return m_whatsThis; }
    /// The help window, or nullptr before the manual was first opened.
    HelpWindow *helpWindow() const;

    /// The manual section (anchor) for `widget`: the panel or view it belongs to (walking up
    /// its parents), "" when it belongs to neither.
    QString sectionFor(const QWidget *widget) const;
    /// The section F1 opens now: the focused widget's, else the current tab's.
    QString currentSection() const;
    /// Open the help window at `section` ("" = the top).
    void showManual(const QString &section);

  private:
    QWidget *m_window;
    QTabWidget *m_tabs;
    QAction *m_manual;
    QAction *m_whatsThis;
    QPointer<HelpWindow> m_help;
};

} // namespace hostplan::ui
