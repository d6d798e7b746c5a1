// SPDX-License-Identifier: MIT
// Display formatting shared by the GUI views and the report: bytes in GB and GiB (always
// labelled), money, token counts. All numbers come from the core; this only renders them, in
// the number format of the default QLocale (LanguageManager sets it to the UI language): "32,768"
// and "1,560.86 GB" in English, "32.768" and "1.560,86 GB" in German. The C locale reads as US
// English. Money keeps the "$" prefix of the price fields in every language ("$4.76", "$4,76").
// CSV files and the command-line tool do not use these helpers.
#pragma once

#include "model/modelspec.h"
#include "plan/decision.h"
#include "probereport.h"
#include "sizing/throughput.h"

#include <QLocale>
#include <QString>

#include <cstdint>
#include <string>

namespace hostplan::ui {

/// The locale numbers are shown in: QLocale(), with the C locale taken as US English so that
/// thousands are grouped.
QLocale numberLocale();
/// `value` with `decimals` decimals and grouped thousands: "1,560.86" / "1.560,86".
QString numberText(double value, int decimals);
/// A memory fraction in the locale's numbers with fractionText's decimals (util/numbertext.h:
/// two to four, "0.90" / "0,90", "0.905" / "0,905").
QString fractionUiText(double fraction);

/// "195.11 GB (181.71 GiB)".
QString bytesText(double bytes);
/// "195.1 GB".
QString gbText(double bytes, int decimals = 1);
/// A signed amount of bytes, both units carrying the sign: "-145.5 GB (-135.5 GiB)" with
/// `decimals` digits; "-" for a non-finite value.
QString signedBytesText(double bytes, int decimals = 2);
/// "279.4 GiB": measured (usable) memory, which drivers report in binary units.
QString gibText(double bytes, int decimals = 1);
/// A GPU's memory as vendors and drivers state it: "288 GB advertised, 279.4 GiB usable".
QString gpuMemoryText(double advertisedBytes, double usableBytes);
/// Money as the GUI and the report show totals: whole dollars with grouped thousands from $100
/// ("$27,798", "$2,016"), cents below ("$55.60", "$0.35"); "n/a" when not finite.
QString usdText(double usd);
/// Money with cents, for rates (per GPU-hour, per 1M tokens): "$4.76", "$1,234.50"; "n/a" when
/// not finite.
QString usdCentsText(double usd);
/// A price per 1M tokens with the digits it was published with: cents and up to four decimals
/// ("$0.30", "$0.145", "$0.0028"; a cache-hit price below a cent is not "$0.00").
QString usdPerMTokText(double usd);
/// "1.85 billion", "92.6 million", "12,345", "0"; "never" for infinity (German "1,85 Mrd.",
/// "92,6 Mio.", "12.345", "nie"; in Chinese and Japanese myriads from a million: "18.5亿",
/// "18.5億", "9,260万").
QString tokensText(double tokens);
/// "32,768" ("32.768" in German).
QString groupedInt(std::uint64_t value);
/// "n/a" (translated).
QString notAvailableText();
/// What a throughput figure rests on: "modelled", "calibrated by a probe report",
/// "measured" (translated).
QString confidenceText(Confidence confidence);
/// A tensor group's name from the sizing core ("routed experts", "norms and small vectors
/// (FP32)"), translated where the name is one the core uses; other names stay as they are.
QString groupNameText(const std::string &name);
/// A tensor-group role as the Model panel lists it ("Routed experts", "LM head"), translated
/// (context hostplan::ui::ModelPanel).
QString groupRoleText(GroupRole role);
/// A probe report's status in words ("does not fit", "no GPU found"), translated (context
/// hostplan::ui::ProbePanel).
QString probeStatusText(probe::ReportStatus status);
/// "1 GPU", "8 GPUs" (translated, context hostplan::ui::Count). English and German have one
/// singular and one plural form, so two messages suffice; a language with more plural forms
/// would need Qt's %n numerus messages instead.
QString gpusText(qint64 count);
/// ", attention DP 8" after a layout's TP / EP / PP when it runs attention data parallelism
/// (sizing/memory.h Parallelism::dp above 1), else "" (translated, as gpusText).
QString attentionDpSuffix(std::uint32_t dp);
/// "1 node", "2 nodes" (translated, as gpusText).
QString nodesText(qint64 count);
/// "1 sequence", "1,024 sequences" (translated, as gpusText).
QString sequencesText(qint64 count);
/// "1 heavy user", "12 heavy users" (translated, as gpusText).
QString heavyUsersText(qint64 count);

/// The decision unit's heavy-user verdict in words (translated, context hostplan::ui::Verdict):
/// "38 heavy users", "never on this plan: break-even needs 38 heavy users, it serves 19.6 ...",
/// "not at the modelled capacity of this plan: ... within reach only towards the band's fast
/// end" (HeavyUserKind::WithinBand), "never: the plan does not fit", "from the first heavy
/// user", "no API price".
QString heavyUserVerdictText(const HeavyUserVerdict &verdict);
/// The break-even verdict: "1.01 billion tokens a month (383 tokens/s)", "never: the plan does
/// not fit", "never: the API stays cheaper at any volume this plan serves", "no API price".
QString breakEvenVerdictText(const BreakEvenVerdict &verdict);

/// An offer's rate kind (RentalOffer::rankingRateKind, PlanRate::rateKind): "on demand",
/// "reserved" or "reserved (TERM)", translated (context hostplan::ui::Rate); the term is the
/// offer file's own text. None gives "".
QString rateKindText(const OfferRateKind &kind);

/// Which rate the plan's cost is at, in words (translated, context hostplan::ui::Rate), from
/// the core's planRate(): "Cost at the chosen offer's own rate: $3.99 per GPU-hour, on demand
/// (Lambda lambda-8x-h100-sxm).", "Cost at your rate of ...", or, for a count you fixed, "Cost at
/// the NVIDIA B300 catalogue rate of $4.76 per GPU-hour, as the GPU count or layout is yours.
/// The layout search ranks each offer at its own rate: its choice, X, costs $Y a month at $Z per
/// GPU-hour." The rate's source and date are planRate()'s source and asOf.
QString planRateText(const PlanResult &plan);

/// The pipeline stages of the plan's engine terms (PP > 1), in words (translated, context
/// hostplan::ui::Stages): "Pipeline stages, each sized on its own; the engine keeps the
/// smallest stage's KV tokens: stage 0, layers 0-30: weights 38.4 GiB, KV pool 83.4 GiB,
/// 2,507,712 tokens; stage 1, ...". Empty at PP 1.
QString pipelineStagesText(const PlanResult &plan);

} // namespace hostplan::ui
