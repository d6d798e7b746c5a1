// hostplan: the GUI. Without a display (no DISPLAY / WAYLAND_DISPLAY and no QT_QPA_PLATFORM) it
// prints the CLI plan for the default scenario instead, so the README's first command works on
// a headless machine.
#include "appsettings.h"
#include "cli.h"
#include "languagemanager.h"
#include "mainwindow.h"

#include <QApplication>

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
    QApplication::setApplicationVersion(QStringLiteral(HOSTPLAN_VERSION));
    hostplan::ui::LanguageManager languages;
    languages.install(hostplan::ui::AppSettings::language());
    hostplan::ui::MainWindow window;
    window.restoreSession();
    window.show();
    return app.exec();
}
