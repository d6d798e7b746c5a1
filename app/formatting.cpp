#include "formatting.h"

#include "units.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

QString bytesText(double bytes) {
    return QStringLiteral("%1 GB (%2 GiB)")
        .arg(QLocale::c().toString(toGB(bytes), 'f', 2), QLocale::c().toString(toGiB(bytes), 'f', 2));
}

QString gbText(double bytes, int decimals) {
    return QStringLiteral("%1 GB").arg(QLocale::c().toString(toGB(bytes), 'f', decimals));
}

QString gibText(double bytes, int decimals) {
    return QStringLiteral("%1 GiB").arg(QLocale::c().toString(toGiB(bytes), 'f', decimals));
}

QString gpuMemoryText(double advertisedBytes, double usableBytes) {
    return QCoreApplication::translate("hostplan::ui::Format", "%1 advertised, %2 usable")
        .arg(gbText(advertisedBytes, 0), gibText(usableBytes));
}

QString usdText(double usd) {
    if (!std::isfinite(usd)) {
        return QStringLiteral("n/a");
    }
    const QLocale l(QLocale::English, QLocale::UnitedStates);
    if (std::abs(usd) < 99.995) {
        return (usd < 0 ? QStringLiteral("-$") : QStringLiteral("$")) +
               l.toString(std::abs(usd), 'f', 2);
    }
    return (usd < 0 ? QStringLiteral("-$") : QStringLiteral("$")) +
           l.toString(qlonglong(std::llround(std::abs(usd))));
}

QString usdCentsText(double usd) {
    if (!std::isfinite(usd)) {
        return QStringLiteral("n/a");
    }
    const QLocale l(QLocale::English, QLocale::UnitedStates);
    return (usd < 0 ? QStringLiteral("-$") : QStringLiteral("$")) +
           l.toString(std::abs(usd), 'f', 2);
}

QString tokensText(double tokens) {
    if (!std::isfinite(tokens)) {
        return QStringLiteral("never");
    }
    if (tokens >= 1e9) {
        return QStringLiteral("%1 billion").arg(tokens / 1e9, 0, 'f', 2);
    }
    if (tokens >= 1e6) {
        return QStringLiteral("%1 million").arg(tokens / 1e6, 0, 'f', 1);
    }
    return groupedInt(std::uint64_t(std::llround(tokens)));
}

QString groupedInt(std::uint64_t value) {
    QLocale l(QLocale::English, QLocale::UnitedStates);
    return l.toString(qulonglong(value));
}

QString gpusText(qint64 count) {
    return count == 1 ? QCoreApplication::translate("hostplan::ui::Count", "1 GPU")
                      : QCoreApplication::translate("hostplan::ui::Count", "%1 GPUs").arg(count);
}

QString nodesText(qint64 count) {
    return count == 1 ? QCoreApplication::translate("hostplan::ui::Count", "1 node")
                      : QCoreApplication::translate("hostplan::ui::Count", "%1 nodes").arg(count);
}

QString sequencesText(qint64 count) {
    return count == 1 ? QCoreApplication::translate("hostplan::ui::Count", "1 sequence")
                      : QCoreApplication::translate("hostplan::ui::Count", "%1 sequences")
                            .arg(groupedInt(std::uint64_t(std::max<qint64>(count, 0))));
}

QString heavyUsersText(qint64 count) {
    return count == 1 ? QCoreApplication::translate("hostplan::ui::Count", "1 heavy user")
                      : QCoreApplication::translate("hostplan::ui::Count", "%1 heavy users")
                            .arg(groupedInt(std::uint64_t(std::max<qint64>(count, 0))));
}

} // namespace hostplan::ui
