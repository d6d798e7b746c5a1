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
/// "$27,798".
QString usdText(double usd);
/// "1.85 billion", "960.0 million", "12,345"; "never" for infinity.
QString tokensText(double tokens);
/// "32,768".
QString groupedInt(std::uint64_t value);
/// "1 GPU", "8 GPUs" (translated, context hostplan::ui::Count). English and German have one
/// singular and one plural form, so two messages suffice; a language with more plural forms
/// would need Qt's %n numerus messages instead.
QString gpusText(qint64 count);
/// "1 node", "2 nodes" (translated, as gpusText).
QString nodesText(qint64 count);

} // namespace hostplan::ui
