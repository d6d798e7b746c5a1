// SPDX-License-Identifier: MIT
// PaletteWatcher: runs a function after every QEvent::PaletteChange of one object (an
// application palette change, View > Theme or a desktop switching to dark, reaches every widget
// as one). The chart themes and the coloured status labels use it to pick their colours again.
// Qt Core only: any QObject can be watched.
#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace hostplan::ui {

class PaletteWatcher : public QObject {
    Q_OBJECT
  public:
    /// Watches `watched` (and becomes its child, named `name` so that its owner can find it with
    /// findChild); `onChange` runs after each of its PaletteChange events.
    PaletteWatcher(QObject *watched, const QString &name, std::function<void()> onChange);

    /// The watcher named `name` among `watched`'s direct children, or nullptr.
    static PaletteWatcher *find(const QObject *watched, const QString &name);

  protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

  private:
    std::function<void()> m_onChange;
};

} // namespace hostplan::ui
