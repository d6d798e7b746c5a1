// SPDX-License-Identifier: MIT
#include "document/scenariodocument.h"
#include "plan/plan.h"

#include "document/savefile.h"
#include "util/fileio.h"

#include <QFile>
#include <QFileInfo>
#include <QUndoCommand>

namespace hostplan::ui {

/// Swaps the document's scenario between two values.
class SetScenarioCommand : public QUndoCommand {
  public:
    SetScenarioCommand(ScenarioDocument *doc, Scenario before, Scenario after, const QString &text)
        : QUndoCommand(text), m_doc(doc), m_before(std::move(before)), m_after(std::move(after)) {}
    void undo() override { m_doc->apply(m_before); }
    void redo() override { m_doc->apply(m_after); }

  private:
    ScenarioDocument *m_doc;
    Scenario m_before;
    Scenario m_after;
};

ScenarioDocument::ScenarioDocument(QObject *parent) : QObject(parent) {
    apply(defaultScenario());
}

void ScenarioDocument::edit(const Scenario &next, const QString &text) {
    if (next == m_scenario) {
        return;
    }
    m_undo.push(new SetScenarioCommand(this, m_scenario, next, text));
}

void ScenarioDocument::reset(const Scenario &scenario, const QString &filePath) {
    m_undo.clear();
    m_filePath = filePath;
    apply(scenario);
    m_undo.setClean();
}

QString ScenarioDocument::open(const QString &path) {
    Scenario scenario;
    const QString error = read(path, scenario);
    if (error.isEmpty()) {
        reset(scenario, path);
    }
    return error;
}

QString ScenarioDocument::read(const QString &path, Scenario &out) const {
    // A regular file of bounded size only (a FIFO or /dev/zero is refused at once).
    const auto read = readRegularFile(QFile::encodeName(path).toStdString(), kMaxScenarioBytes);
    if (!read.ok()) {
        return tr("Cannot open %1: %2").arg(path, QString::fromStdString(read.error().message));
    }
    const std::string &bytes = read.value();
    auto r = parseScenario(bytes);
    if (!r.ok()) {
        return tr("%1 is not a valid scenario: %2")
            .arg(path, QString::fromStdString(r.error().toString()));
    }
    out = r.value();
    resolveModelPathBeside(out, QFileInfo(path).absoluteFilePath().toStdString());
    return {};
}

QString ScenarioDocument::saveAs(const QString &path) {
    const std::string text = scenarioToJson(m_scenario);
    const QString error = saveFileAtomically(path, QByteArray::fromStdString(text));
    if (!error.isEmpty()) {
        return tr("Cannot write %1: %2").arg(path, error);
    }
    m_filePath = path;
    m_undo.setClean();
    return {};
}

Result<ModelSpec> ScenarioDocument::model(const Scenario &scenario) const {
    if (auto failed = m_modelErrors.find(scenario.model.ref); failed != m_modelErrors.end()) {
        return failed->second;
    }
    auto it = m_modelCache.find(scenario.model.ref);
    if (it != m_modelCache.end()) {
        return it->second;
    }
    auto r = resolveModel(scenario, Catalogue::builtin());
    if (r.ok()) {
        m_modelCache.emplace(scenario.model.ref, r.value());
    }
    return r;
}

Result<PlanResult> ScenarioDocument::evaluateVariant(const Scenario &variant) const {
    HOSTPLAN_TRY(spec, model(variant));
    return evaluate(variant, Catalogue::builtin(), spec);
}

const std::vector<GpuOption> &ScenarioDocument::gpuSweep() const {
    if (!m_sweep) {
        auto spec = model(m_scenario);
        if (spec.ok()) {
            m_sweep = gpuOptions(m_scenario, Catalogue::builtin(), spec.value());
        } else {
            // The model does not import: every type carries that error.
            std::vector<GpuOption> out;
            const Catalogue types = scenarioCatalogue(m_scenario);
            for (const GpuSpec &g : types.gpus()) {
                GpuOption o;
                o.gpu = g;
                o.error = spec.error().toString();
                out.push_back(std::move(o));
            }
            m_sweep = std::move(out);
        }
    }
    return *m_sweep;
}

const std::vector<SensitivityEntry> &ScenarioDocument::sensitivityRanking() const {
    if (!m_sensitivity) {
        m_sensitivity = m_plan ? sensitivity(*m_plan) : std::vector<SensitivityEntry>{};
    }
    return *m_sensitivity;
}

const ParetoFront &ScenarioDocument::layoutFront() const {
    if (!m_front) {
        m_front = m_plan ? paretoFront(*m_plan) : ParetoFront{};
    }
    return *m_front;
}

void ScenarioDocument::apply(const Scenario &scenario) {
    m_scenario = scenario;
    m_sweep.reset();
    m_sensitivity.reset();
    m_front.reset();
    auto r = evaluateVariant(scenario);
    if (r.ok()) {
        m_plan = r.value();
        m_error.clear();
    } else {
        m_plan.reset();
        m_error = QString::fromStdString(r.error().toString());
    }
    emit changed();
}

} // namespace hostplan::ui
