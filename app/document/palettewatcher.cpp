// SPDX-License-Identifier: MIT
#include "document/palettewatcher.h"

#include <QEvent>

namespace hostplan::ui {

PaletteWatcher::PaletteWatcher(QObject *watched, const QString &name,
                               std::function<void()> onChange)
    : QObject(watched), m_onChange(std::move(onChange)) {
    setObjectName(name);
    watched->installEventFilter(this);
}

PaletteWatcher *PaletteWatcher::find(const QObject *watched, const QString &name) {
    return watched->findChild<PaletteWatcher *>(name, Qt::FindDirectChildrenOnly);
}

bool PaletteWatcher::eventFilter(QObject *watched, QEvent *event) {
    if (watched == parent() && event->type() == QEvent::PaletteChange && m_onChange) {
        m_onChange();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace hostplan::ui
