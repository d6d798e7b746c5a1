// SPDX-License-Identifier: MIT
// Shared by the report tests (tst_report, tst_export): the fixed report date, the default
// scenario file and its page count, and reading a written PDF back with poppler's pdftotext
// and pdfinfo (a null string when the tool is missing, so the tests can skip).
#pragma once

#include <QDate>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace hostplan::reporttest {

/// The date every test report carries.
inline const QDate kDate(2026, 11, 29);
/// The scenario the GUI opens first (resources/default-scenario.json).
inline const QString kDefaultScenario =
    QStringLiteral(HOSTPLAN_RESOURCES_DIR "/default-scenario.json");
/// Pages of the default scenario's report (A4): summary, cost (+ the GUI's break-even chart, and
/// how sure the decision is: the call, the ranges, the sensitivity table and two tornado charts),
/// memory (+ memory-per-precision and KV charts), options across the 46 catalogue GPU types (+
/// the memory-floor chart and two charts with a labelled row per type that serves the workload,
/// a page each: a row per catalogue type no longer fits a page),
/// serving commands (four commands with their flag tables), probe, assumptions and method flow
/// over this many pages (the cost table also says which rate it is at: the default plan's fixed
/// 8 GPUs at the B300 catalogue rate, beside the layout search's choice).
inline constexpr int kDefaultPages = 23;

/// Output of a poppler tool, or a null string when the tool is missing.
inline QString runTool(const QString &tool, const QStringList &args) {
    if (QStandardPaths::findExecutable(tool).isEmpty()) {
        return {};
    }
    QProcess p;
    p.start(tool, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        return QStringLiteral("<%1 failed: %2>")
            .arg(tool, QString::fromUtf8(p.readAllStandardError()));
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// pdftotext without layout, all whitespace collapsed to single spaces.
inline QString pdfText(const QString &pdf) {
    QString t = runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    return t.isNull() ? t : t.simplified();
}

/// Page count of `pdf` (pdfinfo), or -1 when pdfinfo is missing or fails.
inline int pdfPages(const QString &pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace hostplan::reporttest
