#include "document/scenariodocument.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
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
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return tr("Cannot open %1: %2").arg(path, f.errorString());
    }
    if (f.size() > 16 * 1024 * 1024) {
        return tr("%1 is too large to be a scenario file.").arg(path);
    }
    const QByteArray bytes = f.readAll();
    auto r = parseScenario(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!r.ok()) {
        return tr("%1 is not a valid scenario: %2")
            .arg(path, QString::fromStdString(r.error().toString()));
    }
    Scenario scenario = r.value();
    resolveModelPathBeside(scenario, QFileInfo(path).absoluteFilePath().toStdString());
    reset(scenario, path);
    return {};
}

QString ScenarioDocument::saveAs(const QString &path) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    }
    const std::string text = scenarioToJson(m_scenario);
    f.write(text.data(), qint64(text.size()));
    if (!f.commit()) {
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    }
    m_filePath = path;
    m_undo.setClean();
    return {};
}

Result<ModelSpec> ScenarioDocument::model(const Scenario &scenario) const {
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
            for (const GpuSpec &g : Catalogue::builtin().gpus()) {
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

void ScenarioDocument::apply(const Scenario &scenario) {
    m_scenario = scenario;
    m_sweep.reset();
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
