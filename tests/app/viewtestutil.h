// SPDX-License-Identifier: MIT
// GUI test helper: views in background tabs skip edits and catch up when their tab is shown
// (ViewRefresher), so a test that reads a view first makes its tab current, as a user would.
#pragma once

#include "window/mainwindow.h"

#include <QTabWidget>

namespace hostplan::ui {

/// Make the tab holding `view` current (which brings it up to date) and return `view`.
template <class View> View *shown(MainWindow &w, View *view) {
    QTabWidget *tabs = w.viewTabs();
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->widget(i) == view || tabs->widget(i)->isAncestorOf(view)) {
            tabs->setCurrentIndex(i);
        }
    }
    return view;
}

} // namespace hostplan::ui
