// SPDX-License-Identifier: MIT
#include "report/sensitivitytables.h"

#include "charts/tornadochart.h"
#include "document/formatting.h"
#include "report/reporttables.h"

#include <cmath>

namespace hostplan::ui {

using reporttables::addRow;
using reporttables::heavyUsersCountText;
using reporttables::tokensPerMonthText;

namespace {

/// A number that may be NaN (no API price) as a CSV cell.
QString csvCell(double v) {
    return csvNumber(v);
}

/// Capacity over break-even as "1.23x".
QString marginText(double margin) {
    return std::isfinite(margin) && margin > 0 ? Report::tr("%1x").arg(numberText(margin, 2))
                                               : notAvailableText();
}

/// The serving regime a throughput band was measured in, in words.
QString servingRegimeText(ServingRegime regime) {
    switch (regime) {
    case ServingRegime::LowConcurrency:
        return Report::tr("low-concurrency");
    case ServingRegime::DecodeHeavy:
        return Report::tr("decode-heavy");
    case ServingRegime::PrefillHeavy:
        return Report::tr("prefill-heavy");
    }
    return Report::tr("decode-heavy");
}

/// The assumption that decides a too-close call, in the GUI's language: the same figures as
/// DecisionRanges::decidingAssumption (which `plan --json` and the CLI text carry in English).
QString decidingAssumptionText(const PlanResult &p, const DecisionRanges &r) {
    const Capacity &c = p.throughput.capacity;
    return Report::tr("utilisation %1 (HostPlan's assumption): at %2 the modelled capacity equals "
                      "the break-even volume; the model's measured band in the %3 regime is "
                      "%4-%5x of the modelled rate")
        .arg(numberText(c.utilisation * 100.0, 0) + QLatin1Char('%'),
             numberText(std::min(r.utilisationToBreakEven, 9.99) * 100.0, 0) + QLatin1Char('%'),
             servingRegimeText(c.band.regime), numberText(c.band.low, 2),
             numberText(c.band.high, 2));
}

/// Why there is no call on capacity against break-even (DecisionRanges::noCallReason).
QString noCallReasonText(NoCallReason reason) {
    switch (reason) {
    case NoCallReason::NoApiPrice:
        return Report::tr("no API price to compare with");
    case NoCallReason::DoesNotFit:
        return Report::tr("the plan does not fit, so it serves no tokens and never breaks even");
    case NoCallReason::NoGpuPrice:
        return Report::tr("no GPU-hour rate, so the rental is unknown");
    case NoCallReason::NoCapacity:
        return Report::tr("no modelled capacity (no sequence meets the latency target)");
    case NoCallReason::NeverBreaksEven:
        return Report::tr("no volume breaks even (the API's output tokens cost nothing)");
    case NoCallReason::None:
        break;
    }
    return notAvailableText();
}

} // namespace

ReportTable rangesTable(const PlanResult &p) {
    const DecisionRanges r = decisionRanges(p);
    ReportTable t;
    t.id = QStringLiteral("ranges");
    t.title = Report::tr("Decision figures with their ranges");
    t.headers = {Report::tr("Figure"), Report::tr("Low"), Report::tr("Likely"), Report::tr("High")};
    t.columnWeights = {3.2, 1.5, 1.5, 1.5};
    t.rightAligned = {false, true, true, true};
    t.csvHeaders = {QStringLiteral("figure"), QStringLiteral("low"), QStringLiteral("likely"),
                    QStringLiteral("high")};
    const auto ranged = [&](const QString &label, const QString &id, const RangedValue &v,
                            const auto &text) {
        addRow(t, {label, text(v.low), text(v.value), text(v.high)},
               {id, csvCell(v.low), csvCell(v.value), csvCell(v.high)});
    };
    // A plan that does not fit never breaks even (page 1's verdict): "never", not a volume.
    const auto tokens = [](double v) {
        return std::isinf(v) ? Report::tr("never") : tokensPerMonthText(v);
    };
    const auto cents = [](double v) { return usdCentsText(v); };
    const auto dollars = [](double v) { return usdText(v); };
    const auto users = [](double v) {
        return std::isinf(v)      ? Report::tr("never")
               : std::isfinite(v) ? heavyUsersCountText(v)
                                  : notAvailableText();
    };
    // Two bases (decision.h DecisionRanges): the volume rows count the copies the workload's
    // concurrency takes, the heavy-user rows one copy. With more than one copy each row says
    // which; with one, both are the same deployment.
    const bool twoBases = r.volumeCopies > 1;
    const QString copies = groupedInt(r.volumeCopies);
    const auto volumeLabel = [&](const QString &label) {
        return twoBases ? Report::tr("%1, %2 copies").arg(label, copies) : label;
    };
    const auto userLabel = [&](const QString &label) {
        return twoBases ? Report::tr("%1, one copy").arg(label) : label;
    };
    ranged(volumeLabel(Report::tr("Output tokens a month at capacity")),
           QStringLiteral("capacity_output_tokens_per_month"), r.capacityTokensPerMonth, tokens);
    ranged(Report::tr("Cost per 1M output tokens at capacity"),
           QStringLiteral("usd_per_mtok_output_at_capacity"), r.usdPerMTokAtCapacity, cents);
    // Served to one decimal, as the Summary and the CLI give them (rounding up would claim a
    // user the plan does not carry); needed, below, in whole users.
    const auto served = [](double v) {
        return std::isfinite(v) ? numberText(v, 1) : notAvailableText();
    };
    ranged(userLabel(Report::tr("Heavy users served")), QStringLiteral("heavy_users_served"),
           r.heavyUsersServed, served);
    if (p.apiPriced) {
        ranged(volumeLabel(Report::tr("Break-even volume (output tokens a month)")),
               QStringLiteral("break_even_output_tokens_per_month"), r.breakEvenTokensPerMonthRange,
               tokens);
        addRow(t,
               {userLabel(Report::tr("Heavy users needed")), QStringLiteral("-"),
                users(r.heavyUsersNeeded), QStringLiteral("-")},
               {QStringLiteral("heavy_users_needed"), QString(), csvCell(r.heavyUsersNeeded),
                QString()});
        ranged(Report::tr("API bill a month"), QStringLiteral("api_usd_per_month"),
               r.apiUsdPerMonth, dollars);
    }
    t.note = Report::tr("Capacity, cost and users served span the throughput model's measured "
                        "band; break-even and the API bill span the API price's published "
                        "range. Low is the slow end for capacity and users, the cheap end for "
                        "cost and the API bill, and the dear end of the price for break-even.");
    if (twoBases) {
        t.note += QLatin1Char(' ') +
                  Report::tr("This deployment holds %1 of the workload's %2 sequences at once: "
                             "capacity and break-even volume count the %3 copies the "
                             "workload's concurrency takes; heavy users count one copy, as each "
                             "brings his own volume. Cost per 1M output tokens is the same on "
                             "either basis.")
                      .arg(groupedInt(p.fit.maxConcurrency),
                           groupedInt(p.scenario.workload.concurrency), copies);
    }
    return t;
}

ReportTable sensitivityTable(const PlanResult &p, const std::vector<SensitivityEntry> &ranked) {
    ReportTable t;
    t.id = QStringLiteral("sensitivity");
    t.title = Report::tr("Inputs ranked by how much they move the decision (-20% / +20%)");
    t.headers = {Report::tr("Input"),
                 Report::tr("Cost per 1M at -20%"),
                 Report::tr("Cost per 1M at +20%"),
                 Report::tr("Capacity / break-even at -20%"),
                 Report::tr("Capacity / break-even at +20%"),
                 Report::tr("Swing")};
    t.columnWeights = {3.0, 1.4, 1.4, 1.6, 1.6, 1.0};
    t.rightAligned = {false, true, true, true, true, true};
    t.csvHeaders = {QStringLiteral("input"),
                    QStringLiteral("usd_per_mtok_at_minus_20pct"),
                    QStringLiteral("usd_per_mtok_at_plus_20pct"),
                    QStringLiteral("capacity_over_break_even_at_minus_20pct"),
                    QStringLiteral("capacity_over_break_even_at_plus_20pct"),
                    QStringLiteral("swing")};
    for (const SensitivityEntry &e : ranked) {
        addRow(t,
               {sensitivityInputText(e), usdCentsText(e.costAtMinus), usdCentsText(e.costAtPlus),
                marginText(e.marginAtMinus), marginText(e.marginAtPlus),
                QStringLiteral("%1%").arg(numberText(e.swing * 100, 1))},
               {QString::fromStdString(e.input), csvCell(e.costAtMinus), csvCell(e.costAtPlus),
                csvCell(e.marginAtMinus), csvCell(e.marginAtPlus), csvCell(e.swing)});
    }
    t.note = Report::tr("Today: %1 per 1M output tokens at capacity, capacity %2 of the "
                        "break-even volume. The swing is the larger relative change of either.")
                 .arg(usdCentsText(p.throughput.capacity.usdPerMTokOutput),
                      marginText(capacityOverBreakEven(p)));
    return t;
}

QString rangeCallText(const PlanResult &p) {
    const DecisionRanges r = decisionRanges(p);
    QString text;
    switch (r.capacityCall) {
    case RangeCall::NotApplicable:
        text = Report::tr("No call on capacity against break-even: %1.")
                   .arg(noCallReasonText(r.noCallReason));
        break;
    case RangeCall::Serves:
        text = Report::tr("Serves the break-even volume (%1 output tokens a month) even at the "
                          "slow end of the throughput band (%2).")
                   .arg(tokensPerMonthText(r.breakEvenTokensPerMonth),
                        tokensPerMonthText(r.capacityTokensPerMonth.low));
        break;
    case RangeCall::FallsShort:
        text = Report::tr("Falls short of the break-even volume (%1 output tokens a month) even "
                          "at the fast end of the throughput band (%2).")
                   .arg(tokensPerMonthText(r.breakEvenTokensPerMonth),
                        tokensPerMonthText(r.capacityTokensPerMonth.high));
        break;
    case RangeCall::TooCloseToCall:
        text =
            Report::tr("Too close to call: the throughput band (%1 - %2 output tokens a "
                       "month) straddles the break-even volume (%3). Deciding assumption: "
                       "%4.")
                .arg(tokensPerMonthText(r.capacityTokensPerMonth.low),
                     tokensPerMonthText(r.capacityTokensPerMonth.high),
                     tokensPerMonthText(r.breakEvenTokensPerMonth), decidingAssumptionText(p, r));
        break;
    }
    if (r.capacityCall != RangeCall::NotApplicable && r.volumeCopies > 1) {
        text += QLatin1Char(' ') +
                Report::tr("Both volumes count the %1 copies of this deployment the workload's "
                           "concurrency takes.")
                    .arg(groupedInt(r.volumeCopies));
    }
    if (r.priceCall == RangeCall::TooCloseToCall) {
        text += QLatin1Char(' ') +
                Report::tr("Over the API price's published range the break-even volume is %1 - "
                           "%2: too close to call on price as well.")
                    .arg(tokensPerMonthText(r.breakEvenTokensPerMonthRange.low),
                         tokensPerMonthText(r.breakEvenTokensPerMonthRange.high));
    }
    return text;
}

} // namespace hostplan::ui
