// SPDX-License-Identifier: MIT
#include "cli/reportcli.h"

#include "report/exportfiles.h"
#include "catalogue/catalogue.h"
#include "probecalibration.h"
#include "probereport.h"
#include "report/reportwriter.h"
#include "scenario/scenario.h"
#include "util/textutil.h"
#include "document/scenariodocument.h"

#include <QApplication>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QLocale>

#include <cstdio>
#include <unistd.h>
#include <memory>
#include <optional>
#include <ostream>

namespace hostplan::ui {

namespace {

/// While alive, drops the warnings the offscreen platform prints on every headless run and that
/// say nothing about the result ("QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to ...",
/// "This plugin does not support propagateSizeHints()"), so that a successful command prints
/// only its own line. Every other message goes to the handler installed before.
class QuietOffscreenWarnings {
  public:
    QuietOffscreenWarnings() {
        s_previous = qInstallMessageHandler(&QuietOffscreenWarnings::handle);
    }
    ~QuietOffscreenWarnings() { qInstallMessageHandler(s_previous); }
    QuietOffscreenWarnings(const QuietOffscreenWarnings &) = delete;
    QuietOffscreenWarnings &operator=(const QuietOffscreenWarnings &) = delete;

    /// Whether `message` is one of the known-harmless offscreen warnings.
    static bool harmless(QtMsgType type, const QString &message) {
        return type == QtWarningMsg &&
               ((message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")) ||
                 message == QLatin1String("This plugin does not support propagateSizeHints()")));
    }

  private:
    static void handle(QtMsgType type, const QMessageLogContext &context, const QString &message) {
        if (harmless(type, message)) {
            return;
        }
        if (s_previous) {
            s_previous(type, context, message);
        } else {
            std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
        }
    }

    static inline QtMessageHandler s_previous = nullptr;
};

/// While alive, numbers are written the English way ("1,560.86 GB", "$27,798"): the
/// command-line tool is English whatever the user's locale.
class EnglishNumbers {
  public:
    EnglishNumbers() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    ~EnglishNumbers() { QLocale::setDefault(m_previous); }
    EnglishNumbers(const EnglishNumbers &) = delete;
    EnglishNumbers &operator=(const EnglishNumbers &) = delete;

  private:
    QLocale m_previous;
};

/// Options shared by report and export-csv, after the plan options.
struct OutputArgs {
    QString output;
    QString scenarioFile;
    std::optional<QPageSize> pageSize;
    QString probeReport;
    QDate date = QDate::currentDate();
};

/// An output path that is one of the command's input files, which writing would replace: the
/// files given to --scenario, --model, --prices, --offers, --gpu-file, --probe-report, --draft,
/// and the model config the scenario names (relative to its folder, or a folder's
/// config.json). Returns "" or the error.
std::string outputCollision(const QString &output, const std::vector<std::string> &args,
                            const Scenario &scenario, const QString &scenarioFile,
                            const char *what) {
    const QString target = QFileInfo(output).canonicalFilePath();
    if (target.isEmpty()) {
        return {}; // a new file replaces nothing
    }
    const QString ref = QString::fromStdString(scenario.model.ref);
    const QDir folder = QFileInfo(scenarioFile).dir();
    for (const QString &model :
         {ref, folder.filePath(ref), ref + "/config.json", folder.filePath(ref + "/config.json")}) {
        if (!ref.isEmpty() && QFileInfo(model).canonicalFilePath() == target) {
            return "-o: " + output.toStdString() + " is the model config the scenario names (" +
                   scenario.model.ref + "); writing there would replace it: choose another output";
        }
    }
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        for (const char *input : {"--scenario", "--model", "--prices", "--offers", "--gpu-file",
                                  "--probe-report", "--draft"}) {
            if (args[i] == input &&
                QFileInfo(QString::fromStdString(args[i + 1])).canonicalFilePath() == target) {
                return "-o: " + output.toStdString() + " is the file given to " + input +
                       "; writing the " + what + " there would replace it: choose another output";
            }
        }
    }
    return {};
}

/// Parse the plan options into `scenario` and the rest into `o`. Returns "" or the error.
std::string parseArgs(const std::vector<std::string> &args, bool pdf, Scenario &scenario,
                      OutputArgs &o) {
    std::vector<std::string> rest;
    const std::string e = cli::scenarioFromArgs(args, scenario, rest);
    if (!e.empty()) {
        return e;
    }
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--scenario") {
            o.scenarioFile = QString::fromStdString(args[i + 1]);
        }
    }
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string &a = rest[i];
        const bool valued = a == "-o" || a == "--output" || a == "--probe-report" ||
                            (pdf && (a == "--page-size" || a == "--date"));
        if (!valued) {
            return "unknown option " + quotedInput(a) + " (see hostplan-cli --help)";
        }
        if (i + 1 >= rest.size()) {
            return a + ": missing value";
        }
        const QString v = QString::fromStdString(rest[++i]);
        if (a == "-o" || a == "--output") {
            o.output = v;
        } else if (a == "--probe-report") {
            o.probeReport = v;
        } else if (a == "--page-size") {
            o.pageSize = parseReportPageSize(v);
            if (!o.pageSize) {
                return a + ": must be a4 or letter, got " + quotedInput(v.toStdString());
            }
        } else {
            // Exactly YYYY-MM-DD: Qt's ISO parse also takes a date followed by other text.
            o.date = v.size() == 10 ? QDate::fromString(v, Qt::ISODate) : QDate();
            if (!o.date.isValid()) {
                return a + ": must be a date YYYY-MM-DD, got " + quotedInput(v.toStdString());
            }
        }
    }
    if (o.output.isEmpty()) {
        return pdf ? "-o OUT.pdf is required" : "-o BASE.csv is required";
    }
    if (!pdf && o.output == QLatin1String("-")) {
        return "-o: the export writes one CSV file per table, so it needs a base file name, "
               "not '-' (standard output)";
    }
    if (o.output == QLatin1String("-") && ::isatty(STDOUT_FILENO)) {
        return "-o -: standard output is a terminal; send the PDF to a file or a pipe";
    }
    return outputCollision(o.output, args, scenario, o.scenarioFile, pdf ? "PDF" : "CSV");
}

/// Load the probe report named by --probe-report (none: nullopt, no error).
std::string loadProbe(const OutputArgs &o, std::optional<probe::ProbeReport> &report) {
    if (o.probeReport.isEmpty()) {
        return {};
    }
    auto r = probe::loadReportFile(o.probeReport.toStdString());
    if (!r.ok()) {
        return "--probe-report: " + r.error().toString();
    }
    report = r.value();
    return {};
}

} // namespace

int runReportCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    const QuietOffscreenWarnings quiet;
    const EnglishNumbers english;
    Scenario scenario = defaultScenario();
    OutputArgs o;
    std::string e = parseArgs(args, true, scenario, o);
    std::optional<probe::ProbeReport> probeReport;
    if (e.empty()) {
        e = loadProbe(o, probeReport);
    }
    if (!e.empty()) {
        err << "hostplan-cli report: " << e << "\n";
        return cli::kExitUsage;
    }

    // The charts are widgets: they need a QApplication. The offscreen platform needs no display
    // and gives the same fonts and chart sizes on every machine.
    std::unique_ptr<QApplication> app;
    if (!QCoreApplication::instance()) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        static int argc = 1;
        static char name[] = "hostplan-cli";
        static char *argv[] = {name, nullptr};
        app = std::make_unique<QApplication>(argc, argv);
    } else if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        err << "hostplan-cli report: needs a QApplication\n";
        return cli::kExitUsage;
    }
    int rc = cli::kExitOk;
    {
        ScenarioDocument doc;
        doc.reset(scenario, o.scenarioFile);
        if (!doc.plan()) {
            err << "hostplan-cli report: " << doc.error().toStdString() << "\n";
            return cli::kExitUsage;
        }
        if (const std::string device = probeReport ? probe::probedDeviceName(*probeReport) : "";
            !device.empty()) {
            const auto probed = probe::catalogueGpuFor(device, scenarioCatalogue(doc.scenario()));
            if (!probed || probed->id != doc.plan()->gpu.id) {
                err << "hostplan-cli report: note: the probe report is from " << device
                    << ", the plan is for " << doc.plan()->gpu.name
                    << ": the report's probe section says so\n";
            }
        }
        ReportOptions options;
        options.pageSize = o.pageSize ? *o.pageSize : defaultReportPageSize();
        options.date = o.date;
        options.probeReport = probeReport ? &*probeReport : nullptr;
        // "-o -": the PDF goes to standard output (written whole to a temporary file first).
        const bool toStdout = o.output == QLatin1String("-");
        QTemporaryDir temp;
        const QString path = toStdout ? temp.filePath(QStringLiteral("report.pdf")) : o.output;
        const ReportWriteResult r = toStdout && !temp.isValid()
                                        ? ReportWriteResult{0,
                                                            QStringLiteral("no temporary "
                                                                           "folder for -o -"),
                                                            true}
                                        : writeReportPdf(doc, path, options);
        if (!r.ok()) {
            err << "hostplan-cli report: " << r.error.toStdString() << "\n";
            rc = r.writeFailed ? cli::kExitWriteFailed : cli::kExitUsage;
        } else if (toStdout) {
            // Binary: straight to the process's standard output, not through the text stream
            // (which makes every byte terminal-safe).
            QFile pdfFile(path);
            const QByteArray bytes = pdfFile.open(QIODevice::ReadOnly) ? pdfFile.readAll() : "";
            const bool written = !bytes.isEmpty() &&
                                 std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()),
                                             stdout) == std::size_t(bytes.size()) &&
                                 std::fflush(stdout) == 0;
            if (!written) {
                err << "hostplan-cli report: could not write the PDF to standard output\n";
                rc = cli::kExitWriteFailed;
            }
        } else {
            out << "Wrote " << o.output.toStdString() << " (" << r.pageCount << " pages, "
                << options.pageSize.name().toStdString() << ")\n";
        }
    }
    return rc;
}

int runExportCsvCommand(const std::vector<std::string> &args, std::ostream &out,
                        std::ostream &err) {
    const QuietOffscreenWarnings quiet;
    const EnglishNumbers english;
    Scenario scenario = defaultScenario();
    OutputArgs o;
    std::string e = parseArgs(args, false, scenario, o);
    std::optional<probe::ProbeReport> probeReport;
    if (e.empty()) {
        e = loadProbe(o, probeReport);
    }
    // BASE names files (BASE-summary.csv, ...): a folder would give '-summary.csv' inside it.
    if (e.empty() && (o.output.endsWith(QLatin1Char('/')) || QFileInfo(o.output).isDir())) {
        const QString base = QDir(o.output).filePath(QStringLiteral("plan"));
        e = "-o: '" + o.output.toStdString() +
            (QFileInfo(o.output).isDir() ? "' is a folder" : "' ends in '/', a folder's name") +
            "; give a base name for the files (-o " + base.toStdString() +
            " writes plan-summary.csv, plan-cost.csv, ...)";
    }
    if (!e.empty()) {
        err << "hostplan-cli export-csv: " << e << "\n";
        return cli::kExitUsage;
    }
    ScenarioDocument doc;
    doc.reset(scenario, o.scenarioFile);
    auto content = buildReportContent(doc, o.date, probeReport ? &*probeReport : nullptr);
    if (!content.ok()) {
        err << "hostplan-cli export-csv: " << content.error().message << "\n";
        return cli::kExitUsage;
    }
    // Each table's own file (BASE-cost.csv, ...) must not be an input either.
    for (const ReportTable *t : csvTables(content.value())) {
        if (const std::string clash =
                outputCollision(csvPathFor(o.output, *t), args, scenario, o.scenarioFile, "CSV");
            !clash.empty()) {
            err << "hostplan-cli export-csv: " << clash << "\n";
            return cli::kExitUsage;
        }
    }
    const ExportResult r = writeReportCsv(content.value(), o.output);
    if (!r.ok()) {
        err << "hostplan-cli export-csv: " << r.error.toStdString() << "\n";
        return cli::kExitWriteFailed;
    }
    for (const QString &f : r.files) {
        out << "Wrote " << f.toStdString() << "\n";
    }
    return cli::kExitOk;
}

std::map<std::string, cli::Command> reportCliCommands() {
    return {{"report", runReportCommand}, {"export-csv", runExportCsvCommand}};
}

} // namespace hostplan::ui
