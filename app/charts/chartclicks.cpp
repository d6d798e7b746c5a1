// SPDX-License-Identifier: MIT
#include "charts/chartclicks.h"
#include "plan/plan.h"

#include "catalogue/catalogue.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"

#include <QCoreApplication>

namespace hostplan::ui {

namespace {

/// Undo texts share one translation context (the charts that call these differ).
QString trClick(const char *text) {
    return QCoreApplication::translate("ChartClicks", text);
}

} // namespace

QString clickHint() {
    return trClick("Click to make this the plan");
}

bool chooseGpuType(ScenarioDocument *doc, const std::string &gpuId) {
    const auto gpu = scenarioCatalogue(doc->scenario()).findGpu(gpuId);
    if (!gpu.ok()) {
        return false;
    }
    const auto current = scenarioGpu(doc->scenario());
    if (current.ok() && current->id == gpu->id) {
        return false;
    }
    doc->edit(withGpuType(doc->scenario(), gpu->id),
              trClick("Change GPU to %1").arg(QString::fromStdString(gpu->name)));
    return true;
}

bool chooseWeightsFormat(ScenarioDocument *doc, const NumberFormat &format) {
    Scenario s = doc->scenario();
    if (s.model.weightsFormat == format && s.model.groupFormats.empty()) {
        return false;
    }
    s.model.weightsFormat = format;
    s.model.groupFormats.clear();
    doc->edit(s, trClick("Change weights to %1").arg(QString::fromStdString(format.label())));
    return true;
}

bool chooseContext(ScenarioDocument *doc, std::uint64_t contextTokens) {
    Scenario s = doc->scenario();
    if (contextTokens == 0 || s.workload.contextTokens == contextTokens) {
        return false;
    }
    s.workload.contextTokens = contextTokens;
    doc->edit(s, trClick("Change context to %1 tokens").arg(groupedInt(contextTokens)));
    return true;
}

bool chooseConcurrency(ScenarioDocument *doc, std::uint32_t sequences) {
    Scenario s = doc->scenario();
    if (sequences == 0 || s.workload.concurrency == sequences) {
        return false;
    }
    s.workload.concurrency = sequences;
    doc->edit(s, trClick("Change concurrency to %1").arg(groupedInt(sequences)));
    return true;
}

} // namespace hostplan::ui
