// hostplan: the GUI. Without a display (no DISPLAY / WAYLAND_DISPLAY and no QT_QPA_PLATFORM) it
// prints the CLI plan for the default scenario instead, so the README's first command works on
// a headless machine.
#include "cli.h"
#include "mainwindow.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdlib>
#include <iostream>

int main(int argc, char **argv) {
    const bool headless = !std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY") &&
                          !std::getenv("QT_QPA_PLATFORM");
    if (headless) {
        std::cerr << "hostplan: no display found; printing the plan for the default scenario "
                     "(hostplan-cli plan).\n\n";
        return hostplan::cli::run({"plan"}, std::cout, std::cerr);
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("HostPlan"));
    QApplication::setOrganizationName(QStringLiteral("HostPlan"));
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QApplication::installTranslator(&qtTranslator);
    }
    QTranslator appTranslator;
    if (appTranslator.load(QLocale(), QStringLiteral("hostplan"), QStringLiteral("_"),
                           QStringLiteral(":/i18n"))) {
        QApplication::installTranslator(&appTranslator);
    }
    hostplan::ui::MainWindow window;
    window.show();
    return app.exec();
}
