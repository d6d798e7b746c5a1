// Display formatting shared by the GUI views: bytes in GB and GiB (always labelled), money,
// token counts. All numbers come from the core; this only renders them.
#pragma once

#include <QString>

#include <cstdint>

namespace hostplan::ui {

/// "195.11 GB (181.71 GiB)".
QString bytesText(double bytes);
/// "195.1 GB".
QString gbText(double bytes, int decimals = 1);
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
/// "1.85 billion", "92.6 million", "12,345", "0"; "never" for infinity.
QString tokensText(double tokens);
/// "32,768".
QString groupedInt(std::uint64_t value);
/// "1 GPU", "8 GPUs" (translated, context hostplan::ui::Count). English and German have one
/// singular and one plural form, so two messages suffice; a language with more plural forms
/// would need Qt's %n numerus messages instead.
QString gpusText(qint64 count);
/// "1 node", "2 nodes" (translated, as gpusText).
QString nodesText(qint64 count);
/// "1 sequence", "1,024 sequences" (translated, as gpusText).
QString sequencesText(qint64 count);
/// "1 heavy user", "12 heavy users" (translated, as gpusText).
QString heavyUsersText(qint64 count);

} // namespace hostplan::ui
