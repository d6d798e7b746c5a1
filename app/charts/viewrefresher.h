// SPDX-License-Identifier: MIT
// ViewRefresher: rebuilds one view from the document only while the user can see it. A change
// that arrives while the view is hidden (a background tab of the main window) marks it stale;
// it is rebuilt when it is shown (its Show event, or the main window's tab change) or when
// someone asks for it (ensureCurrent). A view without a parent widget (the report's charts)
// always counts as seen, so it is built on every change. This keeps one edit under one frame:
// only the current tab pays for its chart, not every tab.
#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace hostplan::ui {

class ScenarioDocument;

class ViewRefresher : public QObject {
    Q_OBJECT
  public:
    /// Calls `rebuild` for every change of `doc` while `view` can be seen, later otherwise.
    /// The refresher is a child of `view`.
    ViewRefresher(QWidget *view, ScenarioDocument *doc, std::function<void()> rebuild);

    /// True when the view missed a change and has not been rebuilt since.
    bool isStale() const { return m_stale; }
    /// Rebuild now when the view can be seen, otherwise mark it stale.
    void refresh();
    /// Rebuild now if stale.
    void ensureCurrent();
    /// Bring every stale view inside `widget` (itself included) up to date.
    static void ensureCurrentIn(QWidget *widget);
    /// Whether `view` is shown, or would be when its window is shown.
    static bool canBeSeen(const QWidget *view);

  protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

  private:
    QWidget *m_view;
    std::function<void()> m_rebuild;
    bool m_stale = false;
};

} // namespace hostplan::ui
