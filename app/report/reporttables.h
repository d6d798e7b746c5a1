// SPDX-License-Identifier: MIT
// The report's tables, one builder per table (one file each: keyfigurestable.cpp, costtable.cpp,
// memorytable.cpp, groupstable.cpp, optionstable.cpp, servingtable.cpp, probetable.cpp,
// assumptionstable.cpp),
// and the small cell helpers they share. Internal to the report library: buildReportContent()
// (reportcontent.cpp) calls them in report order. Every figure comes from the core's PlanResult;
// the builders only label and format it, as display text and as raw CSV numbers.
#pragma once

#include "report/reportcontent.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace hostplan::ui::reporttables {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// UTF-8 std::string -> QString.
QString qs(const std::string &s);
/// qs(s) without a full stop of its own at the end, for a sentence that ends it ("Note: %1.").
QString clause(const std::string &s);
/// A byte or count cell for CSV: the integer, no grouping.
QString csvInt(std::uint64_t v);
/// A signed byte difference for CSV.
QString csvInt(std::int64_t v);
/// A rental rate (USD per GPU-hour) with cents: "$4.76".
QString rateText(double usdPerGpuHour);
/// The plan's GPU-hour rate, or "unknown" where none is known (gpuRateUnknown: a GPU type
/// without a catalogue rate, no offer and none typed), never "$0.00": the rental is unknown,
/// not free.
QString planRateCell(const PlanResult &p);
/// `usd` of the plan's rental as a cell, or "unknown" where the rate is (gpuRateUnknown).
QString planRentalCell(const PlanResult &p, double usd);
/// `usd` of the plan's rental for the CSV: empty where the rate is unknown.
QString planRentalCsv(const PlanResult &p, double usd);
/// Tokens per month: "1.85 billion".
QString tokensPerMonthText(double tokens);
/// Heavy users, rounded up; "never" when not finite.
QString heavyUsersCountText(double users);
/// Bytes per second as "3.35 TB/s"; "-" when not measured (<= 0).
QString bandwidthText(double bytesPerS);
/// Add a row to both forms of a table (display text and CSV); `bold` prints it bold in the PDF.
void addRow(ReportTable &t, const QStringList &display, const QStringList &csv, bool bold = false);
/// "8 x NVIDIA B300 ...": the plan's GPU count and name.
QString gpuLabel(const PlanResult &p);

/// The executive summary's key figures (CSV "summary"), with the recommendation `rec`.
ReportTable keyFiguresTable(const PlanResult &p, Recommendation rec);
/// Rental at the chosen hours and always on, the API bill, break-even, cost per 1M tokens.
ReportTable costTable(const PlanResult &p);
/// Memory per GPU (most loaded) and in total against the engine budget.
ReportTable memoryTable(const PlanResult &p);
/// Weights by tensor group: format, parameters, bytes in total and per GPU.
ReportTable groupsTable(const PlanResult &p);
/// Options across GPU types, from gpuOptionRows().
ReportTable optionsTable(const PlanResult &p, const std::vector<GpuOptionRow> &options);
/// One serving command's flags: flag, value and why (engine/servecommand.h); PDF only, not in
/// the CSV export.
ReportTable servingFlagsTable(const ServeCommand &command);
/// Each probed GPU against the plan; `summary` receives the probe report's host, time, status
/// and messages. `report` nullptr: no rows, and a summary line saying how to attach one.
ReportTable probeTable(const PlanResult &p, const probe::ProbeReport *report, QStringList &summary);
/// Every input and catalogue figure the plan used, with its source and date.
ReportTable assumptionsTable(const PlanResult &p, const QString &scenarioFile,
                             const std::vector<GpuOptionRow> &options);

} // namespace hostplan::ui::reporttables
