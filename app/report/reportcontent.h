// SPDX-License-Identifier: MIT
// The budget report's content: the executive summary, the recommendation, and every table of
// the report (memory, cost, options across GPU types, probe results, assumptions), each kept
// twice: as display text (formatting.h, what the PDF prints) and as raw numbers (what the CSV
// export writes). The PDF writer and the CSV export both read this one structure, so a figure
// is the same in both. All numbers come from the core (hostplan::evaluate and its helpers);
// this file only chooses, labels and formats them.
#pragma once

#include "engine/servecommand.h"
#include "plan/decision.h"
#include "plan/plan.h"

#include <QCoreApplication>
#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace hostplan::probe {
struct ProbeReport;
}

namespace hostplan::ui {

class ScenarioDocument;

/// The translation context of the report's strings (content, PDF writer): Report::tr() is what
/// lupdate reads, "hostplan::ui::Report" what it and the translator use.
class Report {
    Q_DECLARE_TR_FUNCTIONS(hostplan::ui::Report)
};

/// The recommendation rule and the pilot range are the core's (plan/decision.h); the report
/// words them.
/// "API", "Burst rental", "Dedicated".
QString recommendationText(Recommendation recommendation);
/// The one-line advice with the figures that decided it.
QString recommendationLine(const PlanResult &plan);

/// "8-16 GPUs", "1-8 GPUs", "none up to 1024".
QString pilotRangeText(const PilotRange &range);

/// One GPU type of the catalogue, evaluated for the scenario's model and workload with the GPU
/// count on auto (the practical count).
struct GpuOptionRow {
    GpuSpec gpu;
    bool isScenarioGpu = false; ///< the scenario's own GPU type
    bool evaluated = false;     ///< false: `error` says why
    QString error;
    std::uint32_t gpusPerNode = 0; ///< rental bundle used
    std::uint32_t floorGpus = 0;   ///< weights only, advertised memory
    bool practicalFound = false;
    std::uint32_t practicalGpus = 0; ///< smallest rentable count carrying the workload
    /// GPUs the row's cost and sequences are at: the practical count, or the scenario's own
    /// fixed count on its row (PlanResult::rentedGpus()).
    std::uint32_t costedGpus = 0;
    PilotRange pilot;
    double usdPerGpuHour = 0;
    /// The rate is a rental offer's (planRate(): the chosen offer, not HostPlan's fallback
    /// shapes); false: the GPU type's catalogue rate (an assumption) or the user's own.
    bool offerRate = false;
    double usdPerMonthScheduled = 0; ///< at costedGpus, scenario hours per day
    double usdPerMonthAlwaysOn = 0;  ///< at costedGpus, 24 h a day
    /// Sequences the practical plan runs within the time-per-output-token target (throughput
    /// model's capacity batch; 0: even one sequence is too slow, e.g. PP across many nodes).
    std::uint32_t sequencesAtTarget = 0;
    std::string priceSource;
    std::string priceAsOf;
};

/// A table as the report prints it and as the CSV export writes it.
struct ReportTable {
    QString id;                  ///< file-name suffix of its CSV ("memory", "options", ...)
    QString title;               ///< heading in the PDF
    QStringList headers;         ///< PDF column headings
    QList<double> columnWeights; ///< relative PDF column widths (same size as headers)
    QList<bool> rightAligned;    ///< numeric columns
    QList<QStringList> rows;     ///< PDF cells (formatted)
    QList<int> boldRows;         ///< indices of rows printed bold (totals, the chosen GPU)
    QStringList csvHeaders;      ///< CSV column names, snake_case with units
    QList<QStringList> csvRows;  ///< CSV cells: raw numbers ('g' with 17 digits, integers
                                 ///< for bytes and counts) and plain text
    QString note;                ///< printed under the table
};

/// Everything a report shows.
struct ReportContent {
    PlanResult plan;
    QString title; ///< "HostPlan budget report"
    QString scenarioName;
    QString scenarioFile; ///< "" when unsaved
    QDate date;
    QString verdict;        ///< "Fits on 8 x NVIDIA B300 ..." / "Does not fit ..."
    QStringList summary;    ///< the fit in words (what it carries, or why not)
    QStringList notes;      ///< the plan's warnings
    ReportTable keyFigures; ///< the executive summary's figures (CSV "summary")
    Recommendation recommendation = Recommendation::Api;
    QString recommendationLine;
    std::vector<GpuOptionRow> gpuOptions;
    ReportTable cost;
    ReportTable memory;
    ReportTable groups;  ///< weights by tensor group
    ReportTable options; ///< options across GPU types
    /// How sure the decision is (report/sensitivitytables.h, as the Sensitivity view shows
    /// it): the call in words, the decision figures as ranges, the inputs ranked.
    QString rangeCall;
    ReportTable ranges;
    ReportTable sensitivity;
    /// The serving commands (engine/servecommand.h serveCommands(), the text of hostplan-cli
    /// serve-cmd and the Deploy view) and, index for index, each one's flag table.
    std::vector<ServeCommand> serving;
    QList<ReportTable> servingFlags;
    ReportTable probe;        ///< empty rows when no probe report is attached
    QStringList probeSummary; ///< host, time, status, messages of the probe report
    ReportTable assumptions;
    QStringList rules; ///< how the report's derived figures are defined
};

/// Build the report for the document's current plan. `probeReport` adds the probe section
/// (nullptr: the section says how to attach one). Errors: the document has no plan (its
/// error() is returned).
Result<ReportContent> buildReportContent(const ScenarioDocument &doc, const QDate &date,
                                         const probe::ProbeReport *probeReport = nullptr);

/// The catalogue's GPU types evaluated for the scenario with the count on auto (see
/// GpuOptionRow), from ScenarioDocument::gpuSweep(): each type with its own node size and
/// catalogue rate; the scenario's rate override applies to its own GPU type only.
std::vector<GpuOptionRow> gpuOptionRows(const ScenarioDocument &doc);

/// A number for CSV: integers as integers, other values in the shortest form that round trips
/// exactly through strtod (std::to_chars: 4.76, not 4.7599999999999998; 1.5e+20 where that is
/// shorter); non-finite as "" (an empty cell).
QString csvNumber(double value);

} // namespace hostplan::ui
