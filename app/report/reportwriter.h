// SPDX-License-Identifier: MIT
// The budget report as a PDF: QPdfWriter + QPainter, laid out in two passes (the first counts the
// pages so that every footer says "Page i of N"). Text, tables and charts stay vector: the charts
// are the GUI's own QChartView classes rendered into the PDF painter. The GUI's
// "File > Export report..." and `hostplan-cli report` both call writeReportPdf(), so they
// produce the same document for the same scenario, date and page size.
#pragma once

#include "report/reportcontent.h"

#include <QDate>
#include <QFontMetricsF>
#include <QList>
#include <QLocale>
#include <QPageSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostplan::ui {

class ScenarioDocument;

/// Letter where the locale uses US units (QLocale::ImperialUSSystem: United States and a few
/// others), A4 elsewhere (the UK's ImperialUKSystem included: British paper is A4).
QPageSize defaultReportPageSize(const QLocale &locale = QLocale::system());

/// Report table columns whose header has a word wider than the column (with `padding`) are
/// widened to it; the other columns give up the width in proportion to what they can spare, so
/// headers wrap at spaces only ("Catalogue", never "Catalogu / e"). Returns false, leaving
/// `widths` unchanged, when the columns together cannot hold every header's longest word.
bool fitHeaderWords(const QStringList &headers, const QFontMetricsF &fm, double padding,
                    QList<double> &widths);

/// "a4" or "letter" (case-insensitive) -> the page size; nullopt otherwise.
std::optional<QPageSize> parseReportPageSize(const QString &name);

/// How to write a report.
struct ReportOptions {
    QPageSize pageSize = defaultReportPageSize();
    QDate date = QDate::currentDate();               ///< printed on the title and footers
    const probe::ProbeReport *probeReport = nullptr; ///< adds the probe section when set
};

/// Outcome of writeReportPdf().
struct ReportWriteResult {
    int pageCount = 0;        ///< pages written
    QString error;            ///< "" on success, else a one-line message naming the file
    bool writeFailed = false; ///< the error is the file's write (the old file is kept)
    bool ok() const { return error.isEmpty(); }
};

/// Write the budget report of the document's current plan to `path` (PDF, overwritten). Needs a
/// QApplication (the charts are widgets; the "offscreen" platform is enough). Errors: the
/// document has no plan, or the file cannot be written (writeFailed; the old file is kept: the
/// PDF is built in memory and saved atomically).
ReportWriteResult writeReportPdf(ScenarioDocument &doc, const QString &path,
                                 const ReportOptions &options = {});

/// Same from already built content (the document still provides the charts' data).
ReportWriteResult writeReportPdf(ScenarioDocument &doc, const ReportContent &content,
                                 const QString &path, const QPageSize &pageSize);

} // namespace hostplan::ui
