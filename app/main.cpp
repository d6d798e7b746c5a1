// SPDX-License-Identifier: MIT
// hostplan: the GUI. `hostplan [FILE]` opens the scenario FILE (instead of the last session's
// scenario); --help and --version print and exit. Without a display (no DISPLAY /
// WAYLAND_DISPLAY and no QT_QPA_PLATFORM) it prints the CLI plan instead, for FILE or the
// default scenario, so the README's first command works on a headless machine. A stale DISPLAY
// (":55" with no X server behind it, common after ssh -X or in containers) is treated the same
// way instead of letting the xcb plugin abort.
#include "document/appsettings.h"
#include "catalogue/pricelist.h"
#include "document/languagemanager.h"
#include "hub/hubfetch.h"
#include "plan/plan.h"
#include "plan/plantext.h"
#include "scenario/scenario.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

namespace {

/// The variable's value, or "" when unset.
std::string env(const char *name) {
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

/// Whether an X server can answer at `display`: a local ":n" / ":n.s" / "unix:n" display needs
/// its socket /tmp/.X11-unix/Xn; remote "host:n" forms (and paths, XQuartz) are assumed
/// reachable, as checking them would mean connecting.
bool xDisplayReachable(const std::string &display) {
    std::string rest;
    if (display.rfind(':', 0) == 0) {
        rest = display.substr(1);
    } else if (display.rfind("unix:", 0) == 0) {
        rest = display.substr(5);
    } else {
        return true;
    }
    const std::string number = rest.substr(0, rest.find('.'));
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos) {
        return false;
    }
    std::error_code ec;
    return std::filesystem::exists("/tmp/.X11-unix/X" + number, ec);
}

void describeApplication() {
    QCoreApplication::setApplicationName(QStringLiteral("HostPlan"));
    QCoreApplication::setOrganizationName(QStringLiteral("HostPlan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOSTPLAN_VERSION));
}

/// Parse the command line of `app` (--help and --version print and exit here); returns the
/// scenario file to open, or "".
QString scenarioArgument(const QCoreApplication &app) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "HostPlan: plan GPUs, memory and cost for self-hosting an LLM. Without a display it "
        "prints the plan (as hostplan-cli plan) instead of opening the window."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("Scenario file (.json) to open instead of the "
                                                "last session's scenario."),
                                 QStringLiteral("[file]"));
    // parse(), not process(): an unknown option exits 2 like every other bad argument (and
    // hostplan-cli), where process() exits 1.
    if (!parser.parse(app.arguments())) {
        std::cerr << "hostplan: " << parser.errorText().toStdString() << "\n";
        std::exit(2);
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
        parser.showHelp(0);
    }
    if (parser.isSet(QStringLiteral("version"))) {
        parser.showVersion();
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::cerr << "hostplan: one scenario file at most (got " << files.size() << ")\n";
        std::exit(2);
    }
    return files.value(0);
}

/// The plan for the scenario file `path` ("" = the default scenario) as `hostplan-cli plan`
/// prints it; returns 0, or 2 after a one-line error when the file or the plan fails.
int printPlan(const std::string &path) {
    hostplan::Scenario scenario = hostplan::defaultScenario();
    if (!path.empty()) {
        auto loaded = hostplan::loadScenarioFile(path);
        if (!loaded.ok()) {
            std::cerr << "hostplan: " << loaded.error().toString() << "\n";
            return 2;
        }
        scenario = loaded.value();
    }
    auto plan = hostplan::evaluate(scenario);
    if (!plan.ok()) {
        std::cerr << "hostplan: " << plan.error().toString() << "\n";
        return 2;
    }
    hostplan::writePlanText(plan.value(), std::cout, hostplan::todayIsoDate());
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    hostplan::hub::installHubFetcher(); // Hub ids the local cache lacks: over HTTP
    const std::string display = env("DISPLAY");
    const bool chosen = !env("WAYLAND_DISPLAY").empty() || !env("QT_QPA_PLATFORM").empty();
    const bool headless = display.empty() && !chosen;
    const bool staleX = !display.empty() && !chosen && !xDisplayReachable(display);
    if (headless || staleX) {
        QString file;
        {
            // No GUI: a core application is enough to parse the arguments.
            QCoreApplication core(argc, argv);
            describeApplication();
            file = scenarioArgument(core);
        }
        const std::string what =
            file.isEmpty() ? std::string("the default scenario") : file.toStdString();
        if (staleX) {
            std::cerr << "hostplan: DISPLAY=" << display
                      << " has no X server (no /tmp/.X11-unix socket); printing the plan for "
                      << what << " (hostplan-cli plan).\n\n";
        } else {
            std::cerr << "hostplan: no display found; printing the plan for " << what
                      << " (hostplan-cli plan).\n\n";
        }
        return printPlan(file.toStdString());
    }
    QApplication app(argc, argv);
    describeApplication();
    // The installed desktop entry (packaging/): Wayland compositors find its name and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.hostplan.HostPlan"));
    const QString file = scenarioArgument(app);
    hostplan::ui::LanguageManager languages;
    languages.install(hostplan::ui::AppSettings::language());
    hostplan::ui::MainWindow window;
    window.show();
    window.startUp(file);
    return app.exec();
}
