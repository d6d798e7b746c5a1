// SPDX-License-Identifier: MIT
#include "panels/modelpanel.h"

#include "panels/fieldhelp.h"
#include "document/appsettings.h"
#include "catalogue/catalogue.h"
#include "panels/elidingcombobox.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "import/hubcache.h"
#include "import/modelimport.h"

#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QInputDialog>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace hostplan::ui {

namespace {

/// Formats offered for weights, in menu order.
const std::vector<NumberFormat> &weightChoices() {
    static const std::vector<NumberFormat> f = {formats::bf16,     formats::fp16,   formats::fp8,
                                                formats::mxfp4,    formats::nvfp4,  formats::int8,
                                                formats::int4g128, formats::int2g64};
    return f;
}

/// A GPU count and a parallel layout belong to one model (size, heads, experts, layers): a new
/// model gets its practical count and preferred layout, and its own API price (as the CLI's
/// --model does). Per-group formats name the old model's groups.
void forNewModel(Scenario &s, const std::string &ref) {
    s.model.ref = ref;
    s.model.groupFormats.clear();
    s.pricing.apiPriceId.clear();
    s.hardware.gpuCount = 0;
    s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
}

void fillFormats(QComboBox *box, const std::vector<NumberFormat> &list) {
    for (const auto &f : list) {
        box->addItem(QString::fromStdString(f.label()), QString::fromStdString(f.name()));
    }
}

} // namespace

ModelPanel::ModelPanel(ScenarioDocument *doc, QWidget *parent) : InputPanel(doc, parent) {
    auto *box = new QWidget;
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A field that does not fit beside a long (German) label goes under it.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    v->addLayout(form);

    m_model = new QComboBox;
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(10);
    m_model->setObjectName(QStringLiteral("modelCombo"));
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->completer()->setFilterMode(Qt::MatchContains);
    m_model->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_model->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_model->setToolTip(tr("Catalogue model (real Hugging Face config.json files). Type part of "
                           "the name to search."));
    for (const auto &m : Catalogue::builtin().models()) {
        m_model->addItem(QString::fromStdString(m.name), QString::fromStdString(m.id));
    }
    m_model->setWhatsThis(fieldHelp(
        tr("The model to plan for, from the catalogue in resources/models/ (real Hugging Face "
           "config.json files, and model cards where no config is published). Type part of the "
           "name to search; Import file / Import folder add your own."),
        QString(), tr("Kimi K3, from the default scenario (resources/default-scenario.json).")));
    form->addRow(tr("&Model"), m_model);

    // One button a row, the full width of the panel: no label is cut in any language.
    auto *buttons = new QVBoxLayout;
    auto *importFile = new QPushButton(tr("Import file..."));
    importFile->setToolTip(tr("Import a Hugging Face config.json or model.safetensors.index.json "
                              "(you can also drop files or folders on the window)"));
    auto *importFolder = new QPushButton(tr("Import folder..."));
    importFolder->setToolTip(tr("Import a model folder holding config.json and, if present, "
                                "model.safetensors.index.json"));
    importFile->setWhatsThis(
        tr("Reads a Hugging Face config.json (parameter counts by architecture) or a "
           "model.safetensors.index.json (exact bytes per tensor) as the scenario's model; "
           "undoable."));
    importFolder->setWhatsThis(
        tr("Reads a model folder: its config.json, refined by model.safetensors.index.json or "
           "the *.safetensors headers when present; undoable."));
    buttons->addWidget(importFile);
    buttons->addWidget(importFolder);
    form->addRow(buttons);
    connect(importFile, &QPushButton::clicked, this, &ModelPanel::askImportFile);
    connect(importFolder, &QPushButton::clicked, this, &ModelPanel::askImportFolder);

    m_info = new QLabel;
    m_info->setWordWrap(true);
    // Long source URLs wrap or clip inside the dock instead of widening it.
    m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(m_info);

    m_weights = new ElidingComboBox;
    m_weights->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_weights->setMinimumContentsLength(10);
    m_weights->setObjectName(QStringLiteral("weightsCombo"));
    m_weights->addItem(tr("As shipped"), QString());
    fillFormats(m_weights, weightChoices());
    m_weights->setToolTip(tr("Re-quantize every quantizable group (attention, MLPs, experts, LM "
                             "head); embeddings, norms and routers keep their format"));
    m_weights->setWhatsThis(fieldHelp(
        tr("Re-quantizes every quantizable tensor group (attention, MLPs, experts, LM head) to "
           "one number format; embeddings, norms and routers keep theirs."),
        tr("bits per weight as the format defines them, scales included (BF16 16, FP8 8, "
           "MXFP4 4.25 with one E8M0 scale per 32, NVFP4 4.5 with one E4M3 scale per 16)"),
        tr("As shipped: the formats of the model's own files (config.json "
           "quantization_config, safetensors dtypes).")));
    form->addRow(tr("&Weights"), m_weights);

    auto *groups = new QGroupBox(tr("Per-group weight formats"));
    m_groupForm = new QFormLayout(groups);
    m_groupForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_groupForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    v->addWidget(groups);

    auto *form2 = new QFormLayout;
    form2->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form2->setRowWrapPolicy(QFormLayout::WrapLongRows);
    v->addLayout(form2);
    m_kv = new ElidingComboBox;
    m_kv->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kv->setMinimumContentsLength(10);
    m_kv->setObjectName(QStringLiteral("kvCombo"));
    fillFormats(m_kv, {formats::bf16, formats::fp16, formats::fp8, formats::fp8e5m2});
    m_kv->setToolTip(tr("Element format of the attention KV cache (vLLM --kv-cache-dtype)"));
    m_kv->setWhatsThis(fieldHelp(
        tr("Element format of the attention KV cache (vLLM --kv-cache-dtype)."),
        tr("bytes per element (BF16 and FP16 2, FP8 1)"),
        tr("BF16, from the default scenario (the model's own dtype, as vLLM's \"auto\").")));
    form2->addRow(tr("&KV cache"), m_kv);
    m_state = new ElidingComboBox;
    m_state->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_state->setMinimumContentsLength(10);
    m_state->setObjectName(QStringLiteral("stateCombo"));
    m_state->addItem(tr("Engine default"), QString());
    fillFormats(m_state, {formats::fp32, formats::bf16, formats::fp16});
    m_state->setToolTip(tr("Format of the recurrent state (models with KDA, Gated DeltaNet or "
                           "Mamba layers)"));
    m_state->setWhatsThis(fieldHelp(
        tr("Format of the fixed-size recurrent state that linear-attention and Mamba layers "
           "(KDA, Gated DeltaNet, Mamba) keep per sequence; other models ignore it."),
        tr("bytes per element (FP32 4, BF16 and FP16 2)"),
        tr("Engine default: what the plan's engine keeps for this model when started without "
           "a state-dtype flag (vLLM: the model's dtype, FP32 for KDA and where the config "
           "names it; SGLang: FP32 unless the config names another).")));
    form2->addRow(tr("Recurrent state"), m_state);
    panelLayout()->insertWidget(0, box);

    connect(m_model, &QComboBox::activated, this, [this](int index) {
        const QString id = m_model->itemData(index).toString();
        if (id.isEmpty()) {
            return;
        }
        Scenario s = m_doc->scenario();
        forNewModel(s, id.toStdString());
        commit(s, tr("Change model to %1").arg(m_model->itemText(index)));
    });
    connect(m_weights, &QComboBox::activated, this, [this](int index) {
        Scenario s = m_doc->scenario();
        const QString v = m_weights->itemData(index).toString();
        if (v.isEmpty()) {
            s.model.weightsFormat.reset();
        } else if (auto f = parseNumberFormat(v.toStdString()); f.ok()) {
            s.model.weightsFormat = f.value();
        }
        commit(s, tr("Change weight format to %1").arg(m_weights->itemText(index)));
    });
    auto formatEdit = [this](QComboBox *combo, auto apply, const QString &what) {
        connect(combo, &QComboBox::activated, this, [this, combo, apply, what](int index) {
            Scenario s = m_doc->scenario();
            if (auto f = parseNumberFormat(combo->itemData(index).toString().toStdString());
                f.ok()) {
                apply(s, f.value());
            }
            commit(s, tr("Change %1 to %2").arg(what, combo->itemText(index)));
        });
    };
    formatEdit(
        m_kv,
        [](Scenario &s, NumberFormat f) {
            s.model.kvFormat = f;
            s.model.kvBf16Chosen = f == formats::bf16;
        },
        tr("KV cache format"));
    connect(m_state, &QComboBox::activated, this, [this](int index) {
        Scenario s = m_doc->scenario();
        const QString v = m_state->itemData(index).toString();
        if (v.isEmpty()) {
            s.model.stateFormatChosen = false;
        } else if (auto f = parseNumberFormat(v.toStdString()); f.ok()) {
            s.model.stateFormat = f.value();
            s.model.stateFormatChosen = true;
        }
        commit(s, tr("Change state format to %1").arg(m_state->itemText(index)));
    });
    resync();
}

QComboBox *ModelPanel::groupCombo(GroupRole role) const {
    for (const auto &[r, c] : m_groupCombos) {
        if (r == role) {
            return c;
        }
    }
    return nullptr;
}

void ModelPanel::rebuildGroupRows(const std::vector<GroupRole> &roles) {
    if (roles == m_roles) {
        return;
    }
    m_roles = roles;
    while (m_groupForm->rowCount() > 0) {
        m_groupForm->removeRow(0);
    }
    m_groupCombos.clear();
    for (GroupRole role : roles) {
        auto *combo = new ElidingComboBox;
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
        combo->addItem(tr("Default"), QString());
        fillFormats(combo, weightChoices());
        combo->addItem(QString::fromStdString(formats::fp32.label()),
                       QString::fromStdString(formats::fp32.name()));
        combo->setWhatsThis(fieldHelp(
            tr("Number format of this tensor group only (%1), overriding the Weights choice.")
                .arg(groupRoleText(role)),
            tr("bits per weight as the format defines them, scales included"),
            tr("\"Default\": the Weights choice above, or the format the model ships with.")));
        m_groupForm->addRow(groupRoleText(role), combo);
        m_groupCombos.append({role, combo});
        connect(combo, &QComboBox::activated, this, [this, role, combo](int index) {
            Scenario s = m_doc->scenario();
            const QString v = combo->itemData(index).toString();
            if (v.isEmpty()) {
                s.model.groupFormats.erase(role);
            } else if (auto f = parseNumberFormat(v.toStdString()); f.ok()) {
                s.model.groupFormats[role] = f.value();
            }
            commit(s, tr("Change %1 format to %2")
                          .arg(groupRoleText(role).toLower(),
                               v.isEmpty() ? tr("default") : combo->itemText(index)));
        });
    }
}

void ModelPanel::sync() {
    const Scenario &s = m_doc->scenario();
    const auto &cat = Catalogue::builtin();
    const QString ref = QString::fromStdString(s.model.ref);
    int mi = m_model->findData(ref);
    if (mi < 0) {
        if (auto e = cat.findModel(s.model.ref); e.ok()) {
            mi = m_model->findData(QString::fromStdString(e->id));
        }
    }
    if (mi < 0) {
        // An imported file or folder: listed by its file name, the full path in the tooltip.
        QFileInfo fi(ref);
        const QString name = fi.fileName() == QStringLiteral("config.json") ||
                                     fi.fileName().endsWith(QStringLiteral(".index.json"))
                                 ? fi.dir().dirName() + QLatin1Char('/') + fi.fileName()
                                 : fi.fileName();
        m_model->addItem(tr("%1 (imported)").arg(name), ref);
        mi = m_model->count() - 1;
        m_model->setItemData(mi, ref, Qt::ToolTipRole);
    }
    m_model->setCurrentIndex(mi);

    m_weights->setCurrentIndex(s.model.weightsFormat
                                   ? std::max(0, m_weights->findData(QString::fromStdString(
                                                     s.model.weightsFormat->name())))
                                   : 0);
    m_kv->setCurrentIndex(
        std::max(0, m_kv->findData(QString::fromStdString(s.model.kvFormat.name()))));
    m_state->setCurrentIndex(
        s.model.stateFormatChosen
            ? std::max(0, m_state->findData(QString::fromStdString(s.model.stateFormat.name())))
            : 0);

    auto imported = m_doc->importedModel();
    std::vector<GroupRole> roles;
    bool linear = false;
    if (imported.ok()) {
        for (const auto &g : imported->groups) {
            if (std::find(roles.begin(), roles.end(), g.role) == roles.end()) {
                roles.push_back(g.role);
            }
        }
        std::sort(roles.begin(), roles.end());
        for (const auto &l : imported->layers) {
            linear = linear || l.kind == AttentionKind::Linear;
        }
    }
    rebuildGroupRows(roles);
    m_state->setEnabled(linear);
    const auto &plan = m_doc->plan();
    // The engine default's entry names the format the plan took.
    m_state->setItemText(
        0, plan && !s.model.stateFormatChosen && !plan->stateFormatNote.empty()
               ? tr("Engine default (%1)")
                     .arg(QString::fromStdString(plan->scenario.model.stateFormat.label()))
               : tr("Engine default"));
    for (const auto &[role, combo] : m_groupCombos) {
        auto it = s.model.groupFormats.find(role);
        QString effective;
        if (plan) {
            for (const auto &g : plan->model.groups) {
                if (g.role == role) {
                    effective = QString::fromStdString(g.format.label());
                    break;
                }
            }
        }
        combo->setItemText(0,
                           effective.isEmpty() ? tr("Default") : tr("Default (%1)").arg(effective));
        combo->setCurrentIndex(
            it == s.model.groupFormats.end()
                ? 0
                : std::max(0, combo->findData(QString::fromStdString(it->second.name()))));
    }

    if (plan) {
        const ModelSpec &m = plan->model;
        QString info = tr("%1 B parameters, %2 B active per token; weights %3")
                           .arg(numberText(m.totalParams / 1e9, 1))
                           .arg(numberText(m.activeParams / 1e9, 1))
                           .arg(bytesText(double(m.weightBytes())));
        if (!m.source.empty()) {
            info += QStringLiteral("<br><small>") +
                    tr("Source: %1 (as of %2)")
                        .arg(QString::fromStdString(m.source).toHtmlEscaped(),
                             QString::fromStdString(m.asOf.empty() ? "n/a" : m.asOf)) +
                    QStringLiteral("</small>");
        }
        m_info->setText(info);
    } else {
        m_info->setText(m_doc->error().toHtmlEscaped());
    }
}

ModelPanel::~ModelPanel() {
    if (m_importThread) {
        m_importCancel->store(true);
        m_importThread->wait();
        delete m_importThread;
    }
}

namespace {
/// The scenario's model reference for `path`: a Hugging Face Hub id ("org/name[@rev]") that
/// names no file stays as given (the import resolves it through the Hub cache, then the
/// network); anything else becomes an absolute path.
std::string modelRefFor(const QString &path) {
    const std::string text = path.toStdString();
    if (!QFileInfo::exists(path) && importer::looksLikeHubId(text)) {
        return text;
    }
    return QFileInfo(path).absoluteFilePath().toStdString();
}
} // namespace

QString ModelPanel::importPath(const QString &path) {
    Scenario s = m_doc->scenario();
    forNewModel(s, modelRefFor(path));
    return applyImport(path, resolveModel(s, Catalogue::builtin()));
}

bool ModelPanel::runImport(const std::string &ref, const QString &label,
                           std::function<void(bool, const Result<ModelSpec> &)> done) {
    if (m_importThread) {
        return false;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto result = std::make_shared<std::optional<Result<ModelSpec>>>();
    ImportOptions options;
    options.cancel = cancel.get();
    options.progress = [this, hook = m_importWorkerHook](std::size_t done, std::size_t total) {
        QMetaObject::invokeMethod(
            this,
            [this, done, total] {
                // Signal first: a modal dialog's setValue() may run the next steps' events.
                emit importProgress(int(done), int(total));
                if (m_importDialog && !m_importDialog->wasCanceled()) {
                    m_importDialog->setMaximum(int(total));
                    m_importDialog->setValue(int(done));
                }
            },
            Qt::QueuedConnection);
        if (hook) {
            hook(int(done), int(total));
        }
    };
    // The same error shape as resolveModel() (plan/plan.cpp), which importPath() goes through.
    m_importThread = QThread::create([ref, options, cancel, result] {
        auto r = importModelPath(ref, options);
        *result =
            r.ok() ? std::move(r) : Result<ModelSpec>(makeError("model.ref", r.error().toString()));
    });
    m_importCancel = cancel;
    m_importDialog = new QProgressDialog(label, tr("Cancel"), 0, 0, window());
    m_importDialog->setWindowTitle(tr("Import model"));
    m_importDialog->setWindowModality(Qt::WindowModal);
    m_importDialog->setAutoReset(false);
    m_importDialog->setAutoClose(false);
    m_importDialog->setMinimumDuration(kProgressDelayMs);
    connect(m_importDialog, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    connect(m_importThread, &QThread::finished, this, [this, cancel, result, done] {
        m_importThread->deleteLater();
        m_importThread = nullptr;
        m_importDialog->hide();
        m_importDialog->deleteLater();
        m_importDialog = nullptr;
        m_importCancel.reset();
        const bool cancelled = cancel->load() || !result->has_value();
        done(cancelled,
             cancelled ? Result<ModelSpec>(makeError("model.ref", "cancelled")) : **result);
    });
    m_importThread->start();
    return true;
}

QString ModelPanel::hubReadingLabel(const std::string &hubId) {
    return tr("Reading %1 from the Hugging Face cache or the Hub...")
        .arg(QString::fromStdString(hubId));
}

bool ModelPanel::startImport(const QString &path) {
    const std::string ref = modelRefFor(path);
    // A Hub id the local cache lacks is fetched over the network first (app/hub/hubfetch.h,
    // installed by main.cpp): the same dialog, its Cancel stops the fetch too.
    const bool hubId = ref == path.toStdString() && !QFileInfo::exists(path);
    return runImport(ref, hubId ? hubReadingLabel(ref) : tr("Reading the model files..."),
                     [this, path](bool cancelled, const Result<ModelSpec> &model) {
                         if (cancelled) {
                             emit importFinished(path, tr("Import cancelled"), true);
                             return;
                         }
                         const QString error = applyImport(path, model);
                         emit importFinished(path, error, false);
                     });
}

bool ModelPanel::needsNetworkFetch(const std::string &ref) const {
    if (!importer::looksLikeHubId(ref) || QFileInfo::exists(QString::fromStdString(ref)) ||
        m_doc->hasModel(ref) || !importer::hubFetcher()) {
        return false;
    }
    return !importer::resolveHubSnapshot(ref, importer::HubCacheEnv::fromEnvironment()).ok();
}

bool ModelPanel::fetchModelThen(const std::string &ref, std::function<void(bool)> then) {
    return runImport(ref, hubReadingLabel(ref),
                     [this, ref, then](bool cancelled, const Result<ModelSpec> &model) {
                         if (!cancelled) {
                             if (model.ok()) {
                                 m_doc->cacheModel(ref, model.value());
                             } else {
                                 m_doc->cacheModelError(ref, model.error());
                             }
                         }
                         then(cancelled);
                     });
}

void ModelPanel::askHubImport() {
    bool ok = false;
    const QString id =
        QInputDialog::getText(window(), tr("Import from Hugging Face Hub"),
                              tr("Hub id (org/name or org/name@revision), read from the local "
                                 "Hugging Face cache or else fetched from the Hub (config and "
                                 "safetensors headers only):"),
                              QLineEdit::Normal, QString(), &ok)
            .trimmed();
    if (ok && !id.isEmpty()) {
        startImport(id);
    }
}

QString ModelPanel::applyImport(const QString &path, const Result<ModelSpec> &model) {
    Scenario s = m_doc->scenario();
    forNewModel(s, modelRefFor(path));
    if (!model.ok()) {
        const QString msg = tr("%1 could not be imported: %2")
                                .arg(QDir::toNativeSeparators(path),
                                     QString::fromStdString(model.error().toString()));
        showProblem(msg);
        emit editRefused(msg);
        return msg;
    }
    if (QFileInfo::exists(path)) { // not for a Hub id
        AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    }
    showProblem(QString());
    m_doc->cacheModel(s.model.ref, model.value());
    m_doc->edit(s, tr("Import model %1").arg(QFileInfo(path).fileName()));
    return {};
}

void ModelPanel::askImportFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import model"), AppSettings::lastDirectory(),
        tr("Hugging Face model files (config.json *.index.json);;JSON (*.json)"));
    if (!path.isEmpty()) {
        startImport(path);
    }
}

void ModelPanel::askImportFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Import model folder"),
                                                          AppSettings::lastDirectory());
    if (!dir.isEmpty()) {
        startImport(dir);
    }
}

} // namespace hostplan::ui
