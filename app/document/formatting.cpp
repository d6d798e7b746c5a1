// SPDX-License-Identifier: MIT
#include "document/formatting.h"

#include "util/numbertext.h"
#include "util/pricedigits.h"
#include "util/units.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

namespace {

/// "$" with the sign in front: "-$4.76".
QString dollars(double usd, const QString &amount) {
    return (usd < 0 ? QStringLiteral("-$") : QStringLiteral("$")) + amount;
}

// Names of tensor groups as the sizing core writes them (core/modelimport.cpp), for lupdate.
[[maybe_unused]] constexpr const char *kGroupNames[] = {
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "attention"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "attention (replicated down-projections)"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "short convolutions"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "norms and small vectors"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "router"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "embedding"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "embedding (tied lm_head)"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "lm_head"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "dense MLP"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "routed experts"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "routed expert biases"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "shared experts"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "latent MoE projections"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "vision tower"),
    QT_TRANSLATE_NOOP("hostplan::ui::Group", "multimodal projector"),
};

} // namespace

QLocale numberLocale() {
    const QLocale l;
    return l.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : l;
}

QString numberText(double value, int decimals) {
    return numberLocale().toString(value, 'f', decimals);
}

QString fractionUiText(double fraction) {
    const std::string s = fractionText(fraction);
    const std::size_t dot = s.find('.');
    return numberText(fraction, dot == std::string::npos ? 0 : int(s.size() - dot - 1));
}

QString bytesText(double bytes) {
    return QStringLiteral("%1 GB (%2 GiB)")
        .arg(numberText(toGB(bytes), 2), numberText(toGiB(bytes), 2));
}

QString gbText(double bytes, int decimals) {
    return QStringLiteral("%1 GB").arg(numberText(toGB(bytes), decimals));
}

QString signedBytesText(double bytes, int decimals) {
    if (!std::isfinite(bytes)) {
        return QStringLiteral("-");
    }
    // The sign goes on each figure: "-145.5 GB (135.5 GiB)" read as a positive GiB amount.
    const QString sign = bytes < 0 ? QStringLiteral("-") : QString();
    return QStringLiteral("%1%2 (%1%3)")
        .arg(sign, gbText(std::abs(bytes), decimals), gibText(std::abs(bytes), decimals));
}

QString gibText(double bytes, int decimals) {
    return QStringLiteral("%1 GiB").arg(numberText(toGiB(bytes), decimals));
}

QString gpuMemoryText(double advertisedBytes, double usableBytes) {
    // HBM capacities are often sold in binary units written "GB" (an "80 GB" H100 holds 80 GiB
    // = 85.9 GB), which is why the usable figure can exceed the advertised one. HostPlan reads
    // the advertised figure as decimal GB (the memory floor's rule) and the usable figure as
    // the engines measure it, in GiB: the text names each unit and claims neither.
    return QCoreApplication::translate("hostplan::ui::Format",
                                       "%1 advertised, %2 usable (as the engines measure it)")
        .arg(gbText(advertisedBytes, 0), gibText(usableBytes));
}

QString notAvailableText() {
    return QCoreApplication::translate("hostplan::ui::Format", "n/a");
}

QString usdText(double usd) {
    if (!std::isfinite(usd)) {
        return notAvailableText();
    }
    if (std::abs(usd) < 99.995) {
        return dollars(usd, numberText(std::abs(usd), 2));
    }
    return dollars(usd, numberLocale().toString(qlonglong(std::llround(std::abs(usd)))));
}

QString usdCentsText(double usd) {
    if (!std::isfinite(usd)) {
        return notAvailableText();
    }
    return dollars(usd, numberText(std::abs(usd), 2));
}

QString usdPerMTokText(double usd) {
    if (!std::isfinite(usd)) {
        return notAvailableText();
    }
    return dollars(usd, numberText(std::abs(usd), priceDecimalPlaces(usd)));
}

QString tokensText(double tokens) {
    if (!std::isfinite(tokens)) {
        return QCoreApplication::translate("hostplan::ui::Format", "never");
    }
    // Chinese and Japanese count large numbers in myriads: 1.85 billion is 18.5亿 (zh) or
    // 18.5億 (ja), 92.6 million is 9,260万; "1.85 十亿" reads word for word.
    const QLocale::Language language = numberLocale().language();
    if ((language == QLocale::Chinese || language == QLocale::Japanese) && tokens >= 1e6) {
        if (tokens >= 1e8) {
            return numberText(tokens / 1e8, 1) + (language == QLocale::Chinese
                                                      ? QStringLiteral("\u4ebf")
                                                      : QStringLiteral("\u5104"));
        }
        return numberText(tokens / 1e4, 0) + QStringLiteral("\u4e07");
    }
    if (tokens >= 1e9) {
        return QCoreApplication::translate("hostplan::ui::Format", "%1 billion")
            .arg(numberText(tokens / 1e9, 2));
    }
    if (tokens >= 1e6) {
        return QCoreApplication::translate("hostplan::ui::Format", "%1 million")
            .arg(numberText(tokens / 1e6, 1));
    }
    return groupedInt(std::uint64_t(std::llround(tokens)));
}

QString groupedInt(std::uint64_t value) {
    return numberLocale().toString(qulonglong(value));
}

QString confidenceText(Confidence confidence) {
    switch (confidence) {
    case Confidence::Modelled:
        return QCoreApplication::translate("hostplan::ui::Format", "modelled");
    case Confidence::Calibrated:
        return QCoreApplication::translate("hostplan::ui::Format", "calibrated by a probe report");
    case Confidence::Measured:
        return QCoreApplication::translate("hostplan::ui::Format", "measured");
    }
    return QCoreApplication::translate("hostplan::ui::Format", "modelled");
}

QString groupNameText(const std::string &name) {
    const QString whole = QString::fromStdString(name);
    const QByteArray key = whole.toUtf8();
    const QString t = QCoreApplication::translate("hostplan::ui::Group", key.constData());
    if (t != whole || !whole.endsWith(QLatin1Char(')'))) {
        return t;
    }
    // "norms and small vectors (FP32)": a known name with the format the core appended.
    const qsizetype open = whole.lastIndexOf(QStringLiteral(" ("));
    if (open <= 0) {
        return t;
    }
    const QByteArray base = whole.left(open).toUtf8();
    return QCoreApplication::translate("hostplan::ui::Group", base.constData()) + whole.mid(open);
}

QString gpusText(qint64 count) {
    return count == 1 ? QCoreApplication::translate("hostplan::ui::Count", "1 GPU")
                      : QCoreApplication::translate("hostplan::ui::Count", "%1 GPUs").arg(count);
}

QString attentionDpSuffix(std::uint32_t dp) {
    return dp > 1 ? QCoreApplication::translate("hostplan::ui::Count", ", attention DP %1").arg(dp)
                  : QString();
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

QString heavyUserVerdictText(const HeavyUserVerdict &v) {
    switch (v.kind) {
    case HeavyUserKind::NotPriced:
        return QCoreApplication::translate("hostplan::ui::Verdict", "no API price");
    case HeavyUserKind::NoGpuPrice:
        return QCoreApplication::translate("hostplan::ui::Verdict", "unknown: no GPU-hour rate");
    case HeavyUserKind::DoesNotFit:
        return QCoreApplication::translate("hostplan::ui::Verdict",
                                           "never: the plan does not fit, so it serves no one");
    case HeavyUserKind::Free:
        return QCoreApplication::translate("hostplan::ui::Verdict",
                                           "from the first heavy user (the rental costs nothing)");
    case HeavyUserKind::WinsFrom:
        return heavyUsersText(qint64(v.usersNeeded));
    case HeavyUserKind::WithinBand:
        return QCoreApplication::translate(
                   "hostplan::ui::Verdict",
                   "not at the modelled capacity of this plan: break-even needs %1, it serves %2 "
                   "(%3-%4 over the throughput band): within reach only towards the band's fast "
                   "end")
            .arg(heavyUsersText(qint64(v.usersNeeded)), numberText(v.usersServed, 1),
                 numberText(v.usersServedLow, 1), numberText(v.usersServedHigh, 1));
    case HeavyUserKind::OutOfReach:
        return QCoreApplication::translate("hostplan::ui::Verdict",
                                           "never on this plan: break-even needs %1, it serves "
                                           "%2 (%3-%4 over the throughput band)")
            .arg(heavyUsersText(qint64(v.usersNeeded)), numberText(v.usersServed, 1),
                 numberText(v.usersServedLow, 1), numberText(v.usersServedHigh, 1));
    case HeavyUserKind::Never:
        return QCoreApplication::translate("hostplan::ui::Verdict", "never");
    }
    return {};
}

QString breakEvenVerdictText(const BreakEvenVerdict &v) {
    switch (v.kind) {
    case BreakEvenKind::NotPriced:
        return QCoreApplication::translate("hostplan::ui::Verdict", "no API price");
    case BreakEvenKind::NoGpuPrice:
        return QCoreApplication::translate("hostplan::ui::Verdict", "unknown: no GPU-hour rate");
    case BreakEvenKind::DoesNotFit:
        return QCoreApplication::translate("hostplan::ui::Verdict",
                                           "never: the plan does not fit, so it serves no tokens");
    case BreakEvenKind::Never:
        if (v.withinBand) {
            return QCoreApplication::translate(
                       "hostplan::ui::Verdict",
                       "%1 tokens a month: above the modelled capacity (%2) but within its "
                       "band (up to %3): too close to call")
                .arg(tokensText(v.neededOutputTokensPerMonth),
                     tokensText(v.capacityOutputTokensPerMonth),
                     tokensText(v.capacityHighOutputTokensPerMonth));
        }
        return QCoreApplication::translate(
            "hostplan::ui::Verdict",
            "never: the API stays cheaper at any volume this plan can serve");
    case BreakEvenKind::At:
        return QCoreApplication::translate("hostplan::ui::Verdict",
                                           "%1 tokens a month (%2 tokens/s)")
            .arg(tokensText(v.outputTokensPerMonth),
                 groupedInt(std::uint64_t(std::llround(v.outputTokensPerSecond))));
    }
    return {};
}

QString groupRoleText(GroupRole role) {
    switch (role) {
    case GroupRole::Embedding:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Embedding");
    case GroupRole::LmHead:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "LM head");
    case GroupRole::Attention:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Attention");
    case GroupRole::DenseMlp:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Dense MLP");
    case GroupRole::SharedExperts:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Shared experts");
    case GroupRole::RoutedExperts:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Routed experts");
    case GroupRole::MoeOther:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Router / other MoE");
    case GroupRole::Norms:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Norms and biases");
    case GroupRole::Vision:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Vision tower");
    case GroupRole::Other:
        return QCoreApplication::translate("hostplan::ui::ModelPanel", "Other");
    }
    return QCoreApplication::translate("hostplan::ui::ModelPanel", "Other");
}

QString probeStatusText(probe::ReportStatus status) {
    switch (status) {
    case probe::ReportStatus::Ok:
        return QCoreApplication::translate("hostplan::ui::ProbePanel", "OK");
    case probe::ReportStatus::NoGpu:
        return QCoreApplication::translate("hostplan::ui::ProbePanel", "no GPU found");
    case probe::ReportStatus::DoesNotFit:
        return QCoreApplication::translate("hostplan::ui::ProbePanel", "does not fit");
    case probe::ReportStatus::Error:
        return QCoreApplication::translate("hostplan::ui::ProbePanel", "error");
    case probe::ReportStatus::Interrupted:
        return QCoreApplication::translate("hostplan::ui::ProbePanel", "interrupted");
    case probe::ReportStatus::TimedOut:
        return QCoreApplication::translate("hostplan::ui::ProbePanel", "timed out");
    }
    return QCoreApplication::translate("hostplan::ui::ProbePanel", "error");
}

QString rateKindText(const OfferRateKind &kind) {
    switch (kind.kind) {
    case RateKind::OnDemand:
        return QCoreApplication::translate("hostplan::ui::Rate", "on demand");
    case RateKind::Reserved:
        return kind.reservedTerm.empty()
                   ? QCoreApplication::translate("hostplan::ui::Rate", "reserved")
                   : QCoreApplication::translate("hostplan::ui::Rate", "reserved (%1)")
                         .arg(QString::fromStdString(kind.reservedTerm));
    case RateKind::None:
        break;
    }
    return {};
}

QString planRateText(const PlanResult &plan) {
    if (gpuRateUnknown(plan)) {
        return QCoreApplication::translate(
                   "hostplan::ui::Rate",
                   "No GPU-hour rate is known for %1, so the rental cost is unknown, not free.")
            .arg(QString::fromStdString(plan.gpu.name));
    }
    const PlanRate r = planRate(plan);
    const QString rate = usdCentsText(r.usdPerGpuHour);
    switch (r.basis) {
    case RateBasis::Scenario:
        return QCoreApplication::translate(
                   "hostplan::ui::Rate",
                   "Cost at your rate of %1 per GPU-hour (every offer is ranked at it too).")
            .arg(rate);
    case RateBasis::ChosenOffer:
        return QCoreApplication::translate(
                   "hostplan::ui::Rate",
                   "Cost at the chosen offer's own rate: %1 per GPU-hour, %2 (%3 %4).")
            .arg(rate, rateKindText(r.rateKind), QString::fromStdString(r.provider),
                 QString::fromStdString(r.offerId));
    case RateBasis::GpuCatalogue:
        break;
    }
    QString text = QCoreApplication::translate(
                       "hostplan::ui::Rate",
                       "Cost at the %1 catalogue rate of %2 per GPU-hour, as the GPU count or "
                       "layout is yours.")
                       .arg(QString::fromStdString(plan.gpu.name), rate);
    if (r.searchRateDiffers) {
        text += QLatin1Char(' ') +
                QCoreApplication::translate(
                    "hostplan::ui::Rate",
                    "The layout search ranks each offer at its own rate: its choice, %1, costs %2 "
                    "a month at %3 per GPU-hour.")
                    .arg(QString::fromStdString(r.searchOfferId), usdText(r.searchUsdPerMonth),
                         usdCentsText(r.searchUsdPerGpuHour));
    }
    return text;
}

QString pipelineStagesText(const PlanResult &plan) {
    const auto &stages = plan.memory.engine.stages;
    if (stages.empty()) {
        return {};
    }
    QStringList parts;
    for (const PipelineStageMemory &s : stages) {
        parts << QCoreApplication::translate(
                     "hostplan::ui::Stages",
                     "stage %1, layers %2-%3: weights %4, KV pool %5, %6 tokens")
                     .arg(s.rank)
                     .arg(s.firstLayer)
                     .arg(s.firstLayer + (s.layers ? s.layers - 1 : 0))
                     .arg(bytesText(double(s.weights)), signedBytesText(double(s.kvPoolBytes)),
                          groupedInt(s.kvTokens));
    }
    return QCoreApplication::translate("hostplan::ui::Stages",
                                       "Pipeline stages, each holding its own decoder layers; "
                                       "the engine keeps the smallest stage's KV tokens: %1.")
        .arg(parts.join(QStringLiteral("; ")));
}

} // namespace hostplan::ui
