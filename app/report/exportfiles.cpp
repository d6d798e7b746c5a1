// SPDX-License-Identifier: MIT
#include "report/exportfiles.h"

#include "document/savefile.h"
#include "plan/planjson.h"

#include <QCoreApplication>

namespace hostplan::ui {

namespace {

/// Whether a spreadsheet opening the CSV would run `field` as a formula: it starts with =, @,
/// a tab or CR, or with + or - and is not a number HostPlan wrote ("-12.5", "+3%", "-1,024").
bool formulaLike(const QString &field) {
    if (field.isEmpty()) {
        return false;
    }
    const QChar c = field.front();
    if (c == QLatin1Char('=') || c == QLatin1Char('@') || c == QLatin1Char('\t') ||
        c == QLatin1Char('\r')) {
        return true;
    }
    if (c != QLatin1Char('+') && c != QLatin1Char('-')) {
        return false;
    }
    if (field.size() == 1) {
        return false; // a lone "-" (a cell with nothing to show) is no formula
    }
    QString number = field;
    if (number.endsWith(QLatin1Char('%'))) {
        number.chop(1);
    }
    number.remove(QLatin1Char(','));
    bool ok = false;
    number.toDouble(&ok);
    return !ok;
}

/// One CSV field (RFC 4180 quoting). Text from files (a scenario or model name, a price
/// list's) that a spreadsheet would run as a formula gets a leading apostrophe, the usual
/// neutralisation of CSV injection (OWASP).
QString csvField(const QString &text) {
    const QString field = formulaLike(text) ? QLatin1Char('\'') + text : text;
    if (!field.contains(QLatin1Char(',')) && !field.contains(QLatin1Char('"')) &&
        !field.contains(QLatin1Char('\n')) && !field.contains(QLatin1Char('\r'))) {
        return field;
    }
    QString quoted = field;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvLine(const QStringList &fields) {
    QStringList out;
    for (const QString &f : fields) {
        out << csvField(f);
    }
    return out.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

QString saveFile(const QString &path, const QByteArray &bytes) {
    const QString error = saveFileAtomically(path, bytes);
    return error.isEmpty() ? QString() : Export::tr("Cannot write %1: %2").arg(path, error);
}

} // namespace

QString tableToCsv(const ReportTable &table) {
    QString out = csvLine(table.csvHeaders);
    for (const QStringList &row : table.csvRows) {
        out += csvLine(row);
    }
    return out;
}

QList<const ReportTable *> csvTables(const ReportContent &c) {
    QList<const ReportTable *> out = {&c.keyFigures, &c.cost, &c.memory, &c.groups, &c.options};
    if (!c.probe.rows.isEmpty()) {
        out << &c.probe;
    }
    out << &c.assumptions;
    return out;
}

QString csvPathFor(const QString &basePath, const ReportTable &table) {
    QString base = basePath;
    if (base.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        base.chop(4);
    }
    return base + QLatin1Char('-') + table.id + QLatin1String(".csv");
}

ExportResult writeReportCsv(const ReportContent &content, const QString &basePath) {
    // One set: every table is written before any old file is replaced, so a full disk never
    // leaves some CSVs of the new plan beside others of the old one.
    QList<QPair<QString, QByteArray>> files;
    for (const ReportTable *t : csvTables(content)) {
        files.append({csvPathFor(basePath, *t), tableToCsv(*t).toUtf8()});
    }
    ExportResult r;
    QString failed;
    const QString error = saveFilesAtomically(files, &failed);
    if (!error.isEmpty()) {
        r.error = Export::tr("Cannot write %1: %2").arg(failed, error);
        return r;
    }
    for (const auto &f : files) {
        r.files << f.first;
    }
    return r;
}

ExportResult writePlanJson(const PlanResult &plan, const QString &path) {
    ExportResult r;
    const std::string text = planToJsonText(plan);
    r.error = saveFile(path, QByteArray(text.data(), qsizetype(text.size())));
    if (r.error.isEmpty()) {
        r.files << path;
    }
    return r;
}

} // namespace hostplan::ui
