// SPDX-License-Identifier: MIT
#include "charts/viewrefresher.h"

#include "document/scenariodocument.h"

#include <QEvent>
#include <QWidget>

namespace hostplan::ui {

ViewRefresher::ViewRefresher(QWidget *view, ScenarioDocument *doc, std::function<void()> rebuild)
    : QObject(view), m_view(view), m_rebuild(std::move(rebuild)) {
    connect(doc, &ScenarioDocument::changed, this, &ViewRefresher::refresh);
    view->installEventFilter(this);
}

bool ViewRefresher::canBeSeen(const QWidget *view) {
    // isVisibleTo(window()) also answers before the window is first shown (tests, start-up):
    // QTabWidget hides every page but the current one explicitly.
    return !view->parentWidget() || view->isVisible() || view->isVisibleTo(view->window());
}

void ViewRefresher::refresh() {
    if (canBeSeen(m_view)) {
        m_stale = false;
        m_rebuild();
    } else {
        m_stale = true;
    }
}

void ViewRefresher::ensureCurrent() {
    if (m_stale) {
        m_stale = false;
        m_rebuild();
    }
}

void ViewRefresher::ensureCurrentIn(QWidget *widget) {
    if (!widget) {
        return;
    }
    const auto refreshers = widget->findChildren<ViewRefresher *>();
    for (ViewRefresher *r : refreshers) {
        r->ensureCurrent();
    }
}

bool ViewRefresher::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_view && event->type() == QEvent::Show) {
        ensureCurrent();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace hostplan::ui
