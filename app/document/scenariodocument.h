// SPDX-License-Identifier: MIT
// ScenarioDocument: the open scenario, its undo stack, its file and its computed plan. Every
// edit is a QUndoCommand that swaps whole Scenario values; views listen to changed().
#pragma once

#include "plan/decision.h"
#include "plan/pareto.h"
#include "plan/plan.h"
#include "scenario/scenario.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hostplan::ui {

class ScenarioDocument : public QObject {
    Q_OBJECT
  public:
    explicit ScenarioDocument(QObject *parent = nullptr);

    const Scenario &scenario() const { return m_scenario; }
    /// The plan for the current scenario, or nullopt when it does not evaluate (see error()).
    const std::optional<PlanResult> &plan() const { return m_plan; }
    /// Why the scenario does not evaluate ("" when it does).
    const QString &error() const { return m_error; }
    QUndoStack *undoStack() { return &m_undo; }
    const QString &filePath() const { return m_filePath; }

    /// Record an edit as an undoable command named `text` ("Change context to 65,536 tokens").
    /// A scenario equal to the current one is ignored.
    void edit(const Scenario &next, const QString &text);
    /// Replace the scenario without undo history (New / Open); marks the stack clean.
    void reset(const Scenario &scenario, const QString &filePath = {});

    /// Load a scenario file; on error returns a message and changes nothing.
    QString open(const QString &path);
    /// The first half of open(): reads and checks the file into `out` (model paths resolved
    /// beside it) without changing the document; returns open()'s message on error. The window
    /// uses it to fetch a Hub-id model with progress before reset(out, path).
    QString read(const QString &path, Scenario &out) const;
    /// Save atomically (saveFileAtomically: checked writes, fsync, rename); on error returns a
    /// message naming the path and the reason, and keeps the old file untouched.
    QString saveAs(const QString &path);

    /// Evaluate another scenario with this document's model cache (for comparisons and the
    /// per-precision chart).
    Result<PlanResult> evaluateVariant(const Scenario &variant) const;

    /// The current model as imported (before format overrides), from the cache.
    Result<ModelSpec> importedModel() const { return model(m_scenario); }
    /// Keep `spec` as the model for reference `ref` (an import read on another thread), so that
    /// the next edit to `ref` does not read the files again; replaces an older copy.
    void cacheModel(const std::string &ref, const ModelSpec &spec) {
        m_modelErrors.erase(ref);
        m_modelCache.insert_or_assign(ref, spec);
    }
    /// Keep `error` as the result for reference `ref` (a fetch that failed on another thread),
    /// so that evaluating the scenario does not fetch it again on the GUI thread; the next
    /// cacheModel() for `ref` (an import that worked) replaces it.
    void cacheModelError(const std::string &ref, const Error &error) {
        m_modelErrors.insert_or_assign(ref, error);
    }
    /// Whether the cache holds a model (or a kept error) for `ref`.
    bool hasModel(const std::string &ref) const {
        return m_modelCache.count(ref) > 0 || m_modelErrors.count(ref) > 0;
    }

    /// The core's gpuOptions() for the current scenario (every catalogue GPU type with
    /// gpu_count auto, auto layout, its own node size and catalogue rate; the current type keeps
    /// the scenario's rate override). Computed on first use after each change, then cached.
    const std::vector<GpuOption> &gpuSweep() const;
    /// The core's sensitivity() ranking of the current plan (empty without a plan), computed on
    /// first use after each change and cached: the Sensitivity view's charts and table and the
    /// report share one run of its extra throughput evaluations.
    const std::vector<SensitivityEntry> &sensitivityRanking() const;
    /// The core's paretoFront() of the current plan (empty without a plan), cached the same way.
    const ParetoFront &layoutFront() const;

  signals:
    /// The scenario or the plan changed.
    void changed();

  private:
    friend class SetScenarioCommand;
    void apply(const Scenario &scenario);
    Result<ModelSpec> model(const Scenario &scenario) const;

    Scenario m_scenario;
    std::optional<PlanResult> m_plan;
    QString m_error;
    QString m_filePath;
    QUndoStack m_undo;
    mutable std::map<std::string, ModelSpec> m_modelCache;
    std::map<std::string, Error> m_modelErrors; ///< cacheModelError()
    mutable std::optional<std::vector<GpuOption>> m_sweep;
    mutable std::optional<std::vector<SensitivityEntry>> m_sensitivity;
    mutable std::optional<ParetoFront> m_front;
};

} // namespace hostplan::ui
