#include "summaryview.h"

#include "formatting.h"
#include "scenariodocument.h"

#include <cmath>

namespace hostplan::ui {

SummaryView::SummaryView(ScenarioDocument *doc, QWidget *parent)
    : QTextBrowser(parent), m_doc(doc) {
    setOpenLinks(false);
    setMinimumWidth(380);
    connect(doc, &ScenarioDocument::changed, this, &SummaryView::rebuild);
    rebuild();
}

void SummaryView::rebuild() {
    const auto &plan = m_doc->plan();
    if (!plan) {
        setHtml(tr("<h3 style='color:#b00'>No plan</h3><p>%1</p>").arg(m_doc->error().toHtmlEscaped()));
        return;
    }
    const PlanResult &p = *plan;
    const auto &m = p.memory;
    QString h;
    h += tr("<h3 style='color:%1'>%2</h3>")
             .arg(p.fit.fits ? QStringLiteral("#070") : QStringLiteral("#b00"),
                  p.fit.fits ? tr("Fits on %1 x %2").arg(p.layout.gpuCount()).arg(QString::fromStdString(p.gpu.name))
                             : tr("Does not fit on %1 x %2").arg(p.layout.gpuCount()).arg(QString::fromStdString(p.gpu.name)));
    if (!p.fit.reasons.empty()) {
        h += QStringLiteral("<ul>");
        for (const auto &r : p.fit.reasons) {
            h += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(r).toHtmlEscaped());
        }
        h += QStringLiteral("</ul>");
    }
    h += tr("<p>Up to <b>%1</b> sequences of %2 tokens at once. Memory floor (weights only): "
            "<b>%3</b> GPUs; practical count for this workload: <b>%4</b>.</p>")
             .arg(groupedInt(p.fit.maxConcurrency), groupedInt(p.scenario.workload.contextTokens))
             .arg(p.fit.gpusFloor)
             .arg(p.fit.practicalFound ? QString::number(p.fit.gpusPractical) : tr("none up to 1024"));

    h += tr("<h4>Memory per GPU (most loaded GPU)</h4>");
    h += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    auto row = [&](const QString &label, double bytes, bool bold = false) {
        const QString b = bold ? QStringLiteral("<b>%1</b>") : QStringLiteral("%1");
        h += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>")
                 .arg(label, b.arg(bytesText(bytes)));
    };
    row(tr("Weights"), double(m.perGpu.weights));
    row(tr("KV cache"), double(m.perGpu.kvCache));
    if (m.perGpu.state) {
        row(tr("Linear-attention state"), double(m.perGpu.state));
    }
    row(tr("Activations"), double(m.perGpu.activations));
    row(tr("Runtime overhead"), double(m.perGpu.runtime));
    row(tr("Total needed"), double(m.perGpu.total()), true);
    row(tr("Engine budget (fraction %1)").arg(m.memoryFraction, 0, 'f', 2), double(m.budgetBytesPerGpu));
    row(tr("Usable GPU memory"), double(m.usableBytesPerGpu));
    h += QStringLiteral("</table>");
    h += tr("<p>In total across all GPUs: %1. KV cache: %2 bytes per token for the whole model, "
            "%3 per GPU.</p>")
             .arg(bytesText(double(m.total.total())), groupedInt(m.cache.kvBytesPerToken),
                  groupedInt(m.cache.kvBytesPerTokenPerGpu));

    h += tr("<h4>Cost</h4><p>%1 per GPU-hour: <b>%2 per month</b> at %3 h/day (%4 always on, "
            "%5 h month). The same tokens at API prices: <b>%6 per month</b>.</p>")
             .arg(QStringLiteral("$%1").arg(p.usdPerGpuHour, 0, 'f', 2),
                  usdText(p.rental.usdPerMonthScheduled))
             .arg(p.rental.hoursPerDay, 0, 'f', 1)
             .arg(usdText(p.rental.usdPerMonthAlwaysOn))
             .arg(p.rental.hoursPerMonth, 0, 'f', 0)
             .arg(usdText(p.apiUsdPerMonth));
    h += tr("<p>Break-even: <b>%1 output tokens per month</b> with this token mix (%2 tokens/s "
            "sustained); self-hosting wins from <b>%3 heavy users</b>.</p>")
             .arg(tokensText(p.breakeven.outputTokensPerMonth))
             .arg(p.breakeven.outputTokensPerSecond, 0, 'f', 0)
             .arg(std::isfinite(p.breakeven.heavyUsersToBreakEven)
                      ? QString::number(std::ceil(p.breakeven.heavyUsersToBreakEven))
                      : tr("never"));
    for (const auto &w : p.warnings) {
        h += QStringLiteral("<p style='color:#875'>%1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    }
    setHtml(h);
}

} // namespace hostplan::ui
