// SPDX-License-Identifier: MIT
#include "report/reporttables.h"

#include "document/formatting.h"

#include <cmath>

namespace hostplan::ui::reporttables {

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

QString clause(const std::string &s) {
    QString q = qs(s);
    if (q.endsWith(QLatin1Char('.'))) {
        q.chop(1);
    }
    return q;
}

QString csvInt(std::uint64_t v) {
    return QString::number(qulonglong(v));
}
QString csvInt(std::int64_t v) {
    return QString::number(qlonglong(v));
}

QString rateText(double usdPerGpuHour) {
    return usdCentsText(usdPerGpuHour);
}

QString planRateCell(const PlanResult &p) {
    return gpuRateUnknown(p) ? Report::tr("unknown (no GPU-hour rate)") : rateText(p.usdPerGpuHour);
}

QString planRentalCell(const PlanResult &p, double usd) {
    return gpuRateUnknown(p) ? Report::tr("unknown") : usdText(usd);
}

QString planRentalCsv(const PlanResult &p, double usd) {
    return gpuRateUnknown(p) ? QString() : csvNumber(usd);
}

QString tokensPerMonthText(double tokens) {
    return tokensText(tokens);
}

QString heavyUsersCountText(double users) {
    return std::isfinite(users) ? groupedInt(std::uint64_t(std::ceil(users))) : Report::tr("never");
}

QString bandwidthText(double bytesPerS) {
    if (bytesPerS <= 0) {
        return QStringLiteral("-");
    }
    return QStringLiteral("%1 TB/s").arg(numberText(bytesPerS / 1e12, 2));
}

void addRow(ReportTable &t, const QStringList &display, const QStringList &csv, bool bold) {
    if (bold) {
        t.boldRows << int(t.rows.size());
    }
    t.rows << display;
    t.csvRows << csv;
}

QString gpuLabel(const PlanResult &p) {
    return Report::tr("%1 x %2").arg(p.rentedGpus()).arg(qs(p.gpu.name));
}

} // namespace hostplan::ui::reporttables
