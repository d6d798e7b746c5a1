// SPDX-License-Identifier: MIT
#include "window/thememanager.h"

#include "document/appsettings.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace hostplan::ui::Theme {

namespace {

/// What HostPlan started with, taken before the first change so that "System" can go back.
struct SystemLook {
    QString styleName;
    bool captured = false;
};

SystemLook &systemLook() {
    static SystemLook look;
    return look;
}

QString &applied() {
    static QString name;
    return name;
}

void setStyleNamed(const QString &name) {
    if (QApplication::style()->name().compare(name, Qt::CaseInsensitive) != 0) {
        QApplication::setStyle(name);
    }
}

} // namespace

QPalette lightPalette() {
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion ? fusion->standardPalette() : QPalette();
}

QPalette darkPalette() {
    const QColor window(0x35, 0x35, 0x35);
    const QColor base(0x2a, 0x2a, 0x2a);
    const QColor text(0xee, 0xee, 0xee);
    const QColor disabled(0x80, 0x80, 0x80);
    const QColor highlight(0x2a, 0x82, 0xda);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x7b, 0x7b));
    p.setColor(QPalette::Light, QColor(0x5a, 0x5a, 0x5a));
    p.setColor(QPalette::Midlight, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Mid, QColor(0x2d, 0x2d, 0x2d));
    p.setColor(QPalette::Dark, QColor(0x23, 0x23, 0x23));
    p.setColor(QPalette::Shadow, QColor(0x14, 0x14, 0x14));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb0, 0xf5));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x90, 0xf0));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    p.setColor(QPalette::Disabled, QPalette::Light, window);
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, disabled);
    return p;
}

QString current() {
    return applied();
}

void apply(const QString &name) {
    SystemLook &look = systemLook();
    if (!look.captured) {
        look.styleName = QApplication::style()->name();
        look.captured = true;
    }
    if (name == applied()) {
        return;
    }
    if (name == QLatin1String("light") || name == QLatin1String("dark")) {
        // Fusion draws every role of the palette; a platform style may ignore a dark one.
        setStyleNamed(QStringLiteral("Fusion"));
        QApplication::setPalette(name == QLatin1String("dark") ? darkPalette() : lightPalette());
    } else {
        setStyleNamed(look.styleName);
        // An empty palette resets the application palette to the platform theme's, which then
        // follows the desktop again.
        QApplication::setPalette(QPalette());
    }
    applied() = name;
}

QMenu *addThemeMenu(QMenu *viewMenu) {
    QMenu *menu = viewMenu->addMenu(QApplication::translate("Theme", "&Theme"));
    auto *group = new QActionGroup(menu);
    const QString saved = AppSettings::theme();
    const struct {
        QString name;
        QString text;
        QString objectName;
    } themes[] = {
        {QString(), QApplication::translate("Theme", "&System"),
         QStringLiteral("actionThemeSystem")},
        {QStringLiteral("light"), QApplication::translate("Theme", "&Light"),
         QStringLiteral("actionThemeLight")},
        {QStringLiteral("dark"), QApplication::translate("Theme", "&Dark"),
         QStringLiteral("actionThemeDark")},
    };
    for (const auto &t : themes) {
        QAction *a = menu->addAction(t.text);
        a->setObjectName(t.objectName);
        a->setCheckable(true);
        a->setData(t.name);
        a->setChecked(t.name == saved);
        group->addAction(a);
        const QString name = t.name;
        QObject::connect(a, &QAction::triggered, menu, [name] {
            AppSettings::setTheme(name);
            apply(name);
        });
    }
    apply(saved);
    return menu;
}

} // namespace hostplan::ui::Theme
