// SPDX-License-Identifier: MIT
#include "views/summaryview.h"

#include "sizing/fit.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "document/themecolours.h"
#include "charts/viewrefresher.h"
#include "plan/decision.h"
#include "report/reportcontent.h"
#include "util/numbertext.h"

#include <QEvent>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

SummaryView::SummaryView(ScenarioDocument *doc, QWidget *parent)
    : QTextBrowser(parent), m_doc(doc) {
    setOpenLinks(false);
    setMinimumWidth(380);
    // The summary is always longer than the view: with the scroll bar there from the start, a
    // new text is laid out once, not a second time when the bar appears and narrows the page.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

void SummaryView::changeEvent(QEvent *event) {
    QTextBrowser::changeEvent(event);
    // The verdict's colours are written into the HTML: pick them again for the new palette.
    if (event->type() == QEvent::PaletteChange) {
        rebuild();
    }
}

void SummaryView::rebuild() {
    const auto &plan = m_doc->plan();
    if (!plan) {
        setHtml(tr("<h3 style='color:%1'>No plan</h3><p>%2</p>")
                    .arg(toneColour(Tone::Bad, palette()).name(), m_doc->error().toHtmlEscaped()));
        return;
    }
    const PlanResult &p = *plan;
    const auto &m = p.memory;
    QString h;
    h += tr("<h3 style='color:%1'>%2</h3>")
             .arg(toneColour(p.fit.fits          ? Tone::Good
                             : p.fit.startsShort ? Tone::Note
                                                 : Tone::Bad,
                             palette())
                      .name(),
                  p.fit.fits ? tr("Fits on %1 x %2")
                                   .arg(p.rentedGpus())
                                   .arg(QString::fromStdString(p.gpu.name))
                  : p.fit.startsShort
                      ? tr("Starts on %1 x %2, holding %3 of %4 sequences at once (the rest "
                           "queue)")
                            .arg(p.rentedGpus())
                            .arg(QString::fromStdString(p.gpu.name))
                            .arg(groupedInt(p.fit.maxConcurrency))
                            .arg(groupedInt(p.scenario.workload.concurrency))
                      : tr("Does not fit on %1 x %2")
                            .arg(p.rentedGpus())
                            .arg(QString::fromStdString(p.gpu.name)));
    if (!p.fit.reasons.empty()) {
        h += QStringLiteral("<ul>");
        for (const auto &r : p.fit.reasons) {
            h += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(r).toHtmlEscaped());
        }
        h += QStringLiteral("</ul>");
    }
    // The engine's own fixes (engine/enginememory.h EngineStartup::fixes): each alone starts it.
    if (!p.startup.fixes.empty()) {
        h += tr("<p>Each of these flags alone makes %1 start with the whole context:</p><ul>")
                 .arg(QString::fromStdString(
                     std::string(engineInfo(p.scenario.engine.engine).displayName)));
        for (const FlagChange &f : p.startup.fixes) {
            h += QStringLiteral("<li><code>%1</code>: %2</li>")
                     .arg(QString::fromStdString(f.value.empty() ? f.flag : f.flag + " " + f.value)
                              .toHtmlEscaped(),
                          QString::fromStdString(f.effect).toHtmlEscaped());
        }
        h += QStringLiteral("</ul>");
    }
    // Refused before loading (its flags or config): it holds no sequence, whatever the memory.
    const QString held = refusedBeforeLoading(p.startup.outcome)
                             ? tr("The engine refuses these flags before loading, so it holds "
                                  "no sequence.")
                             : tr("Up to <b>%1</b> of %2 tokens at once.")
                                   .arg(sequencesText(p.fit.maxConcurrency),
                                        groupedInt(p.scenario.workload.contextTokens));
    h += tr("<p>%1 Memory floor (weights only): <b>%2</b>; practical count for this workload: "
            "<b>%3</b>.</p>")
             .arg(held, gpusText(p.fit.gpusFloor),
                  p.fit.practicalFound ? gpusText(p.fit.gpusPractical)
                                       : tr("none up to %1").arg(gpusText(kMaxPracticalGpus)));
    // The decision unit's verdicts (plan/decision.h), worded as the report words them.
    h += tr("<p>Recommendation: <b>%1</b><br>Pilot range to quote: <b>%2</b></p>")
             .arg(recommendationLine(p).toHtmlEscaped(), pilotRangeText(pilotRange(p)));

    // Memory figures are one replica's (the core sizes a replica); with data-parallel replicas
    // the table says so and adds the total over all of them.
    const std::uint32_t replicas = std::max<std::uint32_t>(p.replicas, 1);
    const double copies = double(replicas);
    if (replicas > 1) {
        h += tr("<h4>Memory per GPU (most loaded GPU), per replica and in total for %1 "
                "replicas</h4>")
                 .arg(replicas);
        h += QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th></th><th "
                            "align=right>%1</th><th align=right>%2</th><th align=right>%3</th>"
                            "</tr>")
                 .arg(tr("Per GPU"), tr("Per replica (%1)").arg(gpusText(p.layout.gpuCount())),
                      tr("All %1 replicas (%2)")
                          .arg(replicas)
                          .arg(gpusText(qint64(p.layout.gpuCount()) * replicas)));
    } else {
        h += tr("<h4>Memory per GPU (most loaded GPU) and in total</h4>");
        h += QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th></th><th "
                            "align=right>%1</th><th align=right>%2</th></tr>")
                 .arg(tr("Per GPU"), tr("All %1").arg(gpusText(p.layout.gpuCount())));
    }
    auto row = [&](const QString &label, double bytes, double total, bool bold = false) {
        const QString b = bold ? QStringLiteral("<b>%1</b>") : QStringLiteral("%1");
        h += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td>")
                 .arg(label, b.arg(bytesText(bytes)), total >= 0 ? gbText(total, 1) : QString());
        if (replicas > 1) {
            h += QStringLiteral("<td align=right>%1</td>")
                     .arg(total >= 0 ? gbText(total * copies, 1) : QString());
        }
        h += QStringLiteral("</tr>");
    };
    row(tr("Weights"), double(m.perGpu.weights), double(m.total.weights));
    row(tr("KV cache"), double(m.perGpu.kvCache), double(m.total.kvCache));
    if (m.perGpu.state) {
        row(tr("Recurrent state"), double(m.perGpu.state), double(m.total.state));
    }
    row(tr("Activations"), double(m.perGpu.activations), double(m.total.activations));
    row(tr("Runtime overhead"), double(m.perGpu.runtime), double(m.total.runtime));
    row(tr("Total needed"), double(m.perGpu.total()), double(m.total.total()), true);
    // TensorRT-LLM's fraction is of the memory free after the weights and the warm-up, its
    // budget all of the GPU (engine.h MemoryPoolRule).
    row(engineInfo(p.scenario.engine.engine).poolRule == MemoryPoolRule::FractionOfFreeAfterLoad
            ? tr("Engine budget (KV: fraction %1 of the memory free after loading)")
                  .arg(fractionUiText(m.memoryFraction))
            : tr("Engine budget (fraction %1)").arg(fractionUiText(m.memoryFraction)),
        double(m.budgetBytesPerGpu), -1);
    row(tr("Usable GPU memory"), double(m.usableBytesPerGpu), -1);
    row(tr("Headroom after the workload"), double(p.fit.headroomBytesPerGpu), -1);
    h += QStringLiteral("</table>");
    if (replicas > 1) {
        h += tr("<p>Each of the %1 replicas holds its share of the sequences. In total across "
                "all GPUs: %2 (one replica: %3). KV cache: %4 bytes per token for the whole "
                "model, %5 per GPU.</p>")
                 .arg(QString::number(replicas), bytesText(double(m.total.total()) * copies),
                      bytesText(double(m.total.total())), groupedInt(m.cache.kvBytesPerToken),
                      groupedInt(m.cache.kvBytesPerTokenPerGpu));
    } else {
        h += tr("<p>In total across all GPUs: %1. KV cache: %2 bytes per token for the whole "
                "model, %3 per GPU.</p>")
                 .arg(bytesText(double(m.total.total())), groupedInt(m.cache.kvBytesPerToken),
                      groupedInt(m.cache.kvBytesPerTokenPerGpu));
    }
    if (m.engine.kvBytesPerToken && m.engine.kvBytesPerToken != m.cache.kvBytesPerTokenPerGpu) {
        // The engine's own divisor (EngineMemoryTerms::kvBytesPerToken): every layer,
        // sliding-window ones included, in its cache layout; its token count follows it.
        h += tr("<p>The engine's KV pool takes %1 bytes per token per GPU (every layer, in its "
                "own cache layout); its token capacity follows that figure.</p>")
                 .arg(groupedInt(m.engine.kvBytesPerToken));
    }
    if (!m.engine.stages.empty()) {
        h += QStringLiteral("<p>%1</p>").arg(pipelineStagesText(p).toHtmlEscaped());
    }

    const auto &r = p.rental;
    h += tr("<h4>Cost</h4>");
    h += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    auto money = [&](const QString &label, const QString &value, bool bold = false) {
        h += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>")
                 .arg(label, bold ? QStringLiteral("<b>%1</b>").arg(value) : value);
    };
    // An unknown rate is unknown, not the $0 a fallback offer carries.
    const bool rateUnknown = gpuRateUnknown(p);
    const QString unknown = tr("unknown (no GPU-hour rate)");
    money(tr("GPU rate"), rateUnknown
                              ? tr("unknown x %1").arg(gpusText(p.rentedGpus()))
                              : tr("%1 per GPU-hour x %2")
                                    .arg(usdCentsText(p.usdPerGpuHour), gpusText(p.rentedGpus())));
    // Which rate that is (the core's rule, planRate): the offer's, yours or the catalogue's.
    h += QStringLiteral("<tr><td colspan=2><small>%1</small></td></tr>")
             .arg(planRateText(p).toHtmlEscaped());
    money(tr("Always on (24 h/day, %1 h month)").arg(numberText(r.hoursPerMonth, 0)),
          rateUnknown ? unknown : tr("%1 per month").arg(usdText(r.usdPerMonthAlwaysOn)));
    money(tr("At %1 h/day").arg(numberText(r.hoursPerDay, 1)),
          rateUnknown ? unknown : tr("%1 per month").arg(usdText(r.usdPerMonthScheduled)), true);
    // A plan that does not fit serves no tokens: it has no cost per token.
    money(tr("Self-hosted cost per 1M output tokens"),
          !p.fit.serves() ? tr("n/a (does not fit)")
          : rateUnknown   ? unknown
          // $0.00 is a typed rate of 0 (free GPUs), not a missing figure.
          : std::isfinite(p.selfHostUsdPerMTokOutput) && p.selfHostUsdPerMTokOutput >= 0
              ? usdCentsText(p.selfHostUsdPerMTokOutput)
              : tr("n/a (no output tokens)"),
          true);
    if (p.fit.serves() && p.throughput.computed &&
        std::isfinite(p.throughput.capacity.usdPerMTokOutput) &&
        p.throughput.capacity.usdPerMTokOutput > 0) {
        money(tr("Per 1M output tokens at %1% utilisation (%2)")
                  .arg(numberText(p.throughput.capacity.utilisation * 100, 0))
                  .arg(confidenceText(p.throughput.confidence)),
              usdCentsText(p.throughput.capacity.usdPerMTokOutput), true);
    }
    if (p.apiPriced) {
        money(tr("Same tokens at API prices (%1)")
                  .arg(QString::fromStdString(p.api.name.empty() ? p.api.id : p.api.name)
                           .toHtmlEscaped()),
              tr("%1 per month").arg(usdText(p.apiUsdPerMonth)), true);
        money(tr("API output price"),
              tr("%1 per 1M output tokens").arg(usdCentsText(p.api.outputUsdPerMTok)));
        // Like for like with the self-hosted figure above: the whole API bill (input and cached
        // input too) over the workload's output tokens, not the output price alone.
        const double out = p.scenario.workload.outputTokensPerMonth;
        if (out > 0 && std::isfinite(p.apiUsdPerMonth)) {
            money(tr("API bill per 1M output tokens, this mix"),
                  usdCentsText(p.apiUsdPerMonth / out * 1e6));
        }
    } else {
        money(tr("API comparison"), tr("no API price for this model: set one under Pricing"), true);
    }
    h += QStringLiteral("</table>");
    if (p.apiPriced) {
        // Break-even and heavy users as the decision unit states them (plan/decision.h).
        const BreakEvenVerdict be = breakEvenVerdict(p);
        const HeavyUserVerdict heavyUsers = heavyUserVerdict(p);
        const QString heavy = tokensText(p.scenario.workload.heavyUserTokensPerMonth);
        QString users;
        switch (heavyUsers.kind) {
        case HeavyUserKind::WinsFrom:
        case HeavyUserKind::Free:
            users =
                tr("Self-hosting wins from <b>%1</b> of %2 tokens a month each.")
                    .arg(heavyUsersText(qint64(std::max<std::uint64_t>(heavyUsers.usersNeeded, 1))),
                         heavy);
            break;
        case HeavyUserKind::WithinBand:
            users =
                tr("Self-hosting does not win for heavy users of %1 tokens a month each at "
                   "the modelled capacity of this plan: break-even needs %2 (%3 output tokens "
                   "a month) and it serves %4, %5-%6 over the throughput band: within reach "
                   "only towards the band's fast end.")
                    .arg(heavy, heavyUsersText(qint64(heavyUsers.usersNeeded)),
                         tokensText(double(heavyUsers.usersNeeded) * heavyUsers.tokensPerUserMonth),
                         numberText(heavyUsers.usersServed, 1),
                         numberText(heavyUsers.usersServedLow, 1),
                         numberText(heavyUsers.usersServedHigh, 1));
            break;
        case HeavyUserKind::OutOfReach:
            users =
                tr("Self-hosting does not win for heavy users of %1 tokens a month "
                   "each on this plan: break-even needs %2 (%3 output tokens a month) and "
                   "it serves %4, %5-%6 over the throughput band (more GPUs serve more).")
                    .arg(heavy, heavyUsersText(qint64(heavyUsers.usersNeeded)),
                         tokensText(double(heavyUsers.usersNeeded) * heavyUsers.tokensPerUserMonth),
                         numberText(heavyUsers.usersServed, 1),
                         numberText(heavyUsers.usersServedLow, 1),
                         numberText(heavyUsers.usersServedHigh, 1));
            break;
        case HeavyUserKind::NotPriced:
        case HeavyUserKind::DoesNotFit:
        case HeavyUserKind::NoGpuPrice:
            break;
        case HeavyUserKind::Never:
            users = tr("Self-hosting does not win at any number of heavy users of %1 "
                       "tokens a month each.")
                        .arg(heavy);
            break;
        }
        if (!users.isEmpty() && heavyUsers.volumeCopies > 1 &&
            heavyUsers.kind != HeavyUserKind::Never) {
            // The volume counts the copies the workload's concurrency takes, heavy users one.
            users += QLatin1Char(' ') +
                     tr("Heavy users are counted on one copy of this deployment (%1 a month), "
                        "not the %2 the workload's concurrency takes.")
                         .arg(usdText(p.rental.usdPerMonthScheduled))
                         .arg(heavyUsers.volumeCopies);
        }
        if (be.kind == BreakEvenKind::NoGpuPrice) {
            h += tr("<p>Break-even: <b>unknown</b>: HostPlan knows no GPU-hour rate for %1; "
                    "enter one (Pricing) to compare renting with the API.</p>")
                     .arg(QString::fromStdString(p.gpu.name).toHtmlEscaped());
        } else if (be.withinBand) {
            h += tr("<p>Break-even: <b>%1</b>. %2</p>").arg(breakEvenVerdictText(be), users);
        } else if (be.kind != BreakEvenKind::At) {
            h += be.kind == BreakEvenKind::Never && be.copies > 1
                     ? tr("<p>Break-even: <b>never</b>: the API stays cheaper at any volume the "
                          "%1 copies of this deployment the workload's concurrency takes can "
                          "serve. %2</p>")
                           .arg(be.copies)
                           .arg(users)
                 : be.kind == BreakEvenKind::Never
                     ? tr("<p>Break-even: <b>never</b>: the API stays cheaper at any volume "
                          "this plan can serve. %1</p>")
                           .arg(users)
                     : tr("<p>Break-even: <b>never</b>: the plan does not fit, so it "
                          "serves no tokens.</p>");
        } else {
            // "never" alone would read as a contradiction of the heavy-user sentence: it means
            // beyond what this plan serves, as the CLI says.
            // The output-only figure is a second, separate sentence: "never within ..." inside
            // the first one's brackets read as contradicting its break-even.
            const double outputOnly = p.breakeven.outputOnlyTokensPerMonth;
            const QString onlyText =
                std::isfinite(outputOnly)
                    ? tr("Were every token billed at the output rate, break-even would be %1 "
                         "output tokens a month.")
                          .arg(tokensText(outputOnly))
                    : tr("Were every token billed at the output rate, the API would stay cheaper "
                         "at every volume up to the %1 output tokens a month this plan serves.")
                          .arg(tokensText(be.copies * p.throughput.capacity.outputTokensPerMonth));
            h += tr("<p>Break-even: <b>%1 output tokens per month</b> with this token mix (%2 "
                    "tokens/s sustained). %3 %4</p>")
                     .arg(tokensText(be.outputTokensPerMonth),
                          groupedInt(std::uint64_t(std::llround(be.outputTokensPerSecond))),
                          onlyText, users);
            if (be.copies > 1) {
                h += tr("<p>The break-even volume counts the rental and capacity of the %1 "
                        "copies of this deployment the workload's concurrency takes.</p>")
                         .arg(be.copies);
            }
        }
        if (p.fit.serves() && !gpuRateUnknown(p)) {
            // The copies of the deployment the volume takes (one may serve only part of it).
            const std::uint32_t copies = workloadCopies(p);
            h += tr("<p>Your volume: %1 output tokens per month; self-hosting is <b>%2</b> the "
                    "API at this volume.</p>")
                     .arg(tokensText(p.scenario.workload.outputTokensPerMonth))
                     .arg(copies * p.rental.usdPerMonthScheduled < p.apiUsdPerMonth
                              ? tr("cheaper than")
                              : tr("more expensive than"));
            if (copies > 1 && p.fit.startsShort) {
                h += tr("<p>This deployment holds %1 of the workload's %2 sequences at once: %3 "
                        "copies carry the workload, %4 a month at the chosen hours.</p>")
                         .arg(groupedInt(p.fit.maxConcurrency))
                         .arg(groupedInt(p.scenario.workload.concurrency))
                         .arg(copies)
                         .arg(usdText(copies * p.rental.usdPerMonthScheduled));
            } else if (copies > 1) {
                h += tr("<p>This deployment serves part of that volume: %1 copies carry it, "
                        "%2 a month at the chosen hours.</p>")
                         .arg(copies)
                         .arg(usdText(copies * p.rental.usdPerMonthScheduled));
            }
        }
    }
    // The source of the rate the cost is at: the chosen offer's, else the GPU type's.
    PlanRate rate = planRate(p);
    if (rate.source.empty()) {
        rate.source = p.gpu.priceSource;
        rate.asOf = p.gpu.priceAsOf;
    }
    if (p.apiPriced && !p.api.source.empty()) {
        h += QStringLiteral("<p><small>%1</small></p>")
                 .arg(tr("API prices: %1, as of %2. GPU rate: %3, as of %4.")
                          .arg(QString::fromStdString(p.api.source).toHtmlEscaped(),
                               QString::fromStdString(p.api.asOf),
                               QString::fromStdString(rate.source).toHtmlEscaped(),
                               QString::fromStdString(rate.asOf)));
    }
    for (const auto &w : p.warnings) {
        // The core words a warning to follow "warning: " (lower case); a paragraph of its own
        // starts with a capital, unless its first word is a name written so ("vLLM",
        // "gpt-oss-120b", "h100-sxm"): only a plain lower-case word is capitalised.
        QString text = QString::fromStdString(w);
        const QString first = text.section(QLatin1Char(' '), 0, 0);
        const bool plainWord =
            !first.isEmpty() && std::all_of(first.begin(), first.end(), [](QChar c) {
                return c.isLower() || c == QLatin1Char(',') || c == QLatin1Char(':');
            });
        if (plainWord) {
            text[0] = text[0].toUpper();
        }
        h += QStringLiteral("<p style='color:%1'>%2</p>")
                 .arg(toneColour(Tone::Note, palette()).name(), text.toHtmlEscaped());
    }
    // Weights per tensor group on the most loaded GPU: detail, after the cost, so that the
    // verdict, memory, cost and notes come first on the first screen.
    h += tr("<h4>Weights by tensor group (per GPU and whole model)</h4>");
    h += QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th align=left>%1</th>"
                        "<th align=left>%2</th><th align=right>%3</th><th align=right>%4</th></tr>")
             .arg(tr("Group"), tr("Format"), tr("Per GPU"), tr("Whole model"));
    for (const auto &g : m.groups) {
        if (g.totalBytes == 0) {
            continue;
        }
        h += QStringLiteral("<tr><td>%1%2</td><td>%3</td><td align=right>%4</td>"
                            "<td align=right>%5</td></tr>")
                 .arg(groupNameText(g.name).toHtmlEscaped(),
                      g.placement == Placement::Replicated &&
                              g.name.find("replicated") == std::string::npos
                          ? tr(" (replicated)")
                          : QString(),
                      QString::fromStdString(g.format.label()), gbText(double(g.perGpuBytes), 2),
                      gbText(double(g.totalBytes), 1));
    }
    h += QStringLiteral("</table>");

    setHtml(h);
}

} // namespace hostplan::ui
