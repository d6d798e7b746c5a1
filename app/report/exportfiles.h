// SPDX-License-Identifier: MIT
// Exports besides the PDF: the report's tables as CSV files and the whole plan as JSON (the
// schema of `hostplan-cli plan --json`, README "JSON schema"). Both are written atomically
// (saveFileAtomically); an error leaves any existing file untouched.
#pragma once

#include "report/reportcontent.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace hostplan::ui {

/// The translation context of the export actions' and files' strings ("hostplan::ui::Export").
class Export {
    Q_DECLARE_TR_FUNCTIONS(hostplan::ui::Export)
};

/// One table as RFC 4180 CSV: a header row of ReportTable::csvHeaders, then csvRows; fields
/// holding a comma, quote or line break are quoted (quotes doubled); lines end in CRLF. Numbers
/// are raw (bytes and counts as integers, USD and rates with up to 17 significant digits), so
/// they parse back to exactly the values the core computed.
QString tableToCsv(const ReportTable &table);

/// The tables exported as CSV, in report order: summary, cost, memory, weights, options,
/// probe (only with a probe report) and assumptions.
QList<const ReportTable *> csvTables(const ReportContent &content);

/// Where the CSV of `table` goes for a base path chosen by the user: "dir/plan.csv" or
/// "dir/plan" -> "dir/plan-<table.id>.csv".
QString csvPathFor(const QString &basePath, const ReportTable &table);

/// Outcome of an export.
struct ExportResult {
    QStringList files; ///< files written, in order
    QString error;     ///< "" on success, else a one-line message naming the file
    bool ok() const { return error.isEmpty(); }
};

/// Write every table of csvTables() next to `basePath` (see csvPathFor) as one set
/// (saveFilesAtomically): when any file cannot be written, none of the old files is replaced
/// and the error names the file that failed.
ExportResult writeReportCsv(const ReportContent &content, const QString &basePath);

/// Write planToJsonText(plan) to `path`.
ExportResult writePlanJson(const PlanResult &plan, const QString &path);

} // namespace hostplan::ui
