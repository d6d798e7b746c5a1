// SPDX-License-Identifier: MIT
#include "panels/hardwarepanel.h"

#include "panels/fieldhelp.h"
#include "catalogue/catalogue.h"
#include "catalogue/gpufile.h"
#include "panels/elidingcombobox.h"
#include "sizing/fit.h"
#include "document/formatting.h"
#include "sizing/memory.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"
#include "engine/llamacpp.h"
#include "util/numbertext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>
#include <type_traits>

namespace hostplan::ui {

namespace {

/// Whether TP and PP are both set on a multiple of their product: the rest of the GPU count
/// are data-parallel replicas (core/plan/plan.cpp), so editing one keeps the other.
bool replicasOfLayout(const HardwareChoice &h) {
    return h.tp && h.pp && h.gpuCount && h.gpuCount % (h.tp * h.pp) == 0;
}

/// A combo of an engine's rule sets (VllmRules, SglangRules: each with `label` and `id`), led
/// by "default (v`defaultId`)" whose data is empty; each other item's data is its id.
template <class Rules>
QComboBox *rulesCombo(const std::vector<Rules> &table, std::string_view defaultId) {
    auto *combo = new ElidingComboBox;
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(10);
    combo->addItem(HardwarePanel::tr("default (%1)")
                       .arg(QStringLiteral("v") +
                            QString::fromUtf8(defaultId.data(), qsizetype(defaultId.size()))),
                   QString());
    for (const Rules &r : table) {
        combo->addItem(QString::fromUtf8(r.label.data(), qsizetype(r.label.size())),
                       QString::fromUtf8(r.id.data(), qsizetype(r.id.size())));
    }
    return combo;
}

} // namespace

HardwarePanel::HardwarePanel(ScenarioDocument *doc, QWidget *parent) : InputPanel(doc, parent) {
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A field that does not fit beside a long (German) label goes under it.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);

    m_gpu = new ElidingComboBox;
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(10);
    m_gpu->setObjectName(QStringLiteral("gpuCombo"));
    fillGpus({});
    m_gpu->setWhatsThis(fieldHelp(
        tr("The GPU type to rent, from the catalogue resources/gpus.json (memory, usable memory, "
           "HBM bandwidth, compute rates and node size, each with its source and date). "
           "Choosing one sets the count, node size and layout back to auto."),
        QString(), tr("B300, from the default scenario (resources/default-scenario.json).")));
    form->addRow(tr("&GPU"), m_gpu);
    m_addGpus = new QPushButton(tr("Add GPU types..."));
    m_addGpus->setObjectName(QStringLiteral("addGpuTypesButton"));
    m_addGpus->setWhatsThis(fieldHelp(
        tr("Adds GPU types of your own to the GPU list: a JSON file in resources/gpus.json's "
           "schema (an example: docs/examples/gpus-a30.json), one entry per type with its "
           "memory, usable memory, bandwidth, compute rates, node size and compute capability, "
           "each with its source. An entry with a catalogue id replaces that GPU's figures (your "
           "measured usable memory); a name that already names another GPU is refused. The types "
           "are saved in the scenario (hardware.custom_gpus); undo removes them."),
        QString(), tr("none: the catalogue's GPU types only.")));
    m_addGpus->setToolTip(
        tr("Read your own GPU types from a JSON file in resources/gpus.json's schema: a card "
           "the catalogue lacks, or your measured figures for one it has (same id). They are "
           "saved in the scenario (hardware.custom_gpus)."));
    form->addRow(QString(), m_addGpus);
    m_gpuInfo = new QLabel;
    m_gpuInfo->setWordWrap(true);
    m_gpuInfo->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    form->addRow(m_gpuInfo);

    auto autoSpin = [](int max, const QString &autoText, const QString &tip) {
        auto *spin = new QSpinBox;
        spin->setRange(0, max);
        spin->setSpecialValueText(autoText);
        spin->setToolTip(tip);
        spin->setKeyboardTracking(false);
        return spin;
    };
    m_count = autoSpin(4096, tr("auto"),
                       tr("GPUs in the deployment. auto = the smallest rentable count (1 GPU or "
                          "whole nodes) that carries the workload"));
    m_count->setObjectName(QStringLiteral("gpuCountSpin"));
    m_count->setWhatsThis(fieldHelp(
        tr("How many GPUs the deployment rents."), tr("GPUs"),
        tr("auto (0): the layout search takes the smallest rentable count (one GPU or whole "
           "nodes of the offers in resources/offers.json) whose memory, by the engine's own "
           "rules, holds the workload.")));
    form->addRow(tr("GPU count"), m_count);
    m_node = autoSpin(72, tr("GPU default"),
                      tr("GPUs per rental node (bundle size); default = the GPU's usual node "
                         "(8, or 4 per GB200/GB300 tray)"));
    m_node->setWhatsThis(fieldHelp(
        tr("GPUs in one rental node (the bundle a provider rents); tensor parallelism stays "
           "inside a node."),
        tr("GPUs per node"),
        tr("the GPU's usual node from resources/gpus.json (8; 4 per GB200/GB300 tray).")));
    form->addRow(tr("GPUs per &node"), m_node);
    m_tp = autoSpin(4096, tr("auto"),
                    tr("Tensor parallel size: a power of two that divides the attention heads"));
    m_tp->setWhatsThis(fieldHelp(
        tr("Tensor parallel size: each layer's weights are split across this many GPUs. A power "
           "of two that divides the attention heads."),
        tr("GPUs (tensor-parallel ranks)"),
        tr("auto (0): the layout search, from the heads in the model's config.json "
           "(num_attention_heads, num_key_value_heads).")));
    form->addRow(tr("&TP"), m_tp);
    m_ep = autoSpin(4096, tr("auto"),
                    tr("Expert parallel size: 1 (experts sliced by TP) or equal to TP (whole "
                       "experts per GPU); must divide the routed experts"));
    m_ep->setWhatsThis(fieldHelp(
        tr("Expert parallel size: whole routed experts per GPU (EP = TP) or experts sliced by "
           "tensor parallelism (EP = 1). Must divide the routed experts."),
        tr("GPUs (expert-parallel ranks)"),
        tr("auto (0): the layout search, from the experts in the model's config.json "
           "(n_routed_experts or num_local_experts); with TP or PP given, off (EP 1), as the "
           "engines start without their expert-parallel flag.")));
    form->addRow(tr("EP"), m_ep);
    m_attentionDp = autoSpin(4096, tr("auto"),
                             tr("Attention data parallel ranks (MoE models): TP / DP GPUs split "
                                "each attention layer and hold their own sequences' KV"));
    m_attentionDp->setWhatsThis(fieldHelp(
        tr("Attention data parallelism for a mixture-of-experts model: the TP GPUs form DP groups "
           "of TP / DP GPUs; each group holds the attention weights and the KV cache of its own "
           "sequences, and the routed experts span all TP GPUs (vLLM --data-parallel-size with "
           "--enable-expert-parallel, SGLang --dp-size --enable-dp-attention). Must divide TP."),
        tr("attention groups (DP ranks)"),
        tr("auto (0): where HostPlan chooses the layout it also tries DP = TP for an MoE model "
           "and keeps the cheaper; where you give TP, none. 1: none, every GPU of the replica "
           "splits every attention layer.")));
    form->addRow(tr("&Attention DP"), m_attentionDp);
    m_pp = autoSpin(1024, tr("auto"),
                    tr("Pipeline parallel size: stages across nodes; TP x PP = GPU count, at "
                       "most one stage per layer"));
    m_pp->setWhatsThis(fieldHelp(
        tr("Pipeline parallel size: layers split into stages across nodes; TP x PP = GPU count, "
           "at most one stage per layer."),
        tr("pipeline stages"),
        tr("auto (0): the layout search, within the layers of the model's config.json "
           "(num_hidden_layers).")));
    form->addRow(tr("&PP"), m_pp);
    m_layoutInfo = new QLabel;
    m_layoutInfo->setWordWrap(true);
    m_layoutInfo->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    form->addRow(m_layoutInfo);

    m_engine = new ElidingComboBox;
    m_engine->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_engine->setMinimumContentsLength(10);
    for (const EngineInfo &e : engines()) {
        m_engine->addItem(QString::fromUtf8(e.displayName.data(), qsizetype(e.displayName.size())),
                          QString::fromUtf8(e.id.data(), qsizetype(e.id.size())));
    }
    m_engine->setToolTip(tr("The serving engine whose memory rules the plan follows"));
    m_engine->setWhatsThis(fieldHelp(
        tr("The serving engine whose memory rules size the plan: what it allocates at start-up "
           "(weights, KV cache pool, activations, CUDA graphs) and its default limits."),
        QString(),
        tr("vLLM, from the default scenario; each engine's rules and the versions they were "
           "read from are in the core's engine table (core/engine/engine.cpp).")));
    form->addRow(tr("E&ngine"), m_engine);
    m_fraction = new QDoubleSpinBox;
    m_fraction->setRange(0.0, 1.0);
    m_fraction->setDecimals(2);
    m_fraction->setSingleStep(0.01);
    m_fraction->setSpecialValueText(tr("engine default"));
    m_fraction->setKeyboardTracking(false);
    m_fraction->setToolTip(tr("vLLM gpu_memory_utilization / SGLang mem_fraction_static (of "
                              "total memory); TensorRT-LLM free_gpu_memory_fraction (of memory "
                              "free after weights)"));
    m_fraction->setWhatsThis(fieldHelp(
        tr("The share of GPU memory the engine may use: vLLM gpu_memory_utilization and SGLang "
           "mem_fraction_static are of total memory, TensorRT-LLM free_gpu_memory_fraction of "
           "the memory left after the weights."),
        tr("fraction, 0 to 1 (0.90 = 90 %)"),
        tr("\"engine default\" (0): the engine's own default, vLLM 0.9 (0.92 from v0.22), "
           "SGLang by GPU size and TP (its server_args.py table), TensorRT-LLM 0.9.")));
    form->addRow(tr("Memory fraction"), m_fraction);
    m_maxSeqs = autoSpin(1 << 20, tr("engine default"),
                         tr("vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM "
                            "--max_batch_size: sequences the engine runs at once"));
    m_maxSeqs->setWhatsThis(fieldHelp(
        tr("The engine's cap on running sequences. It bounds the batch the capacity figures "
           "use, the rows of the sampler the engine profiles at start-up and, for vLLM, the "
           "CUDA graphs it captures."),
        tr("sequences"),
        tr("\"engine default\" (0): vLLM 1024 on GPUs of 70 GiB or more (256 on smaller ones "
           "and A100), SGLang its CUDA-graph batch by GPU size, TensorRT-LLM 2048.")));
    form->addRow(tr("Max &sequences"), m_maxSeqs);
    m_batchedTokens = autoSpin(1 << 24, tr("engine default"),
                               tr("vLLM --max-num-batched-tokens / SGLang "
                                  "--chunked-prefill-size: tokens per engine step"));
    m_batchedTokens->setWhatsThis(
        fieldHelp(tr("Tokens the engine runs in one step (a prefill chunk). The engine profiles a "
                     "forward of this many tokens at start-up, so it sizes the activation peak."),
                  tr("tokens"),
                  tr("\"engine default\" (0): vLLM 8192 on GPUs of 70 GiB or more (2048 on "
                     "smaller ones and A100), SGLang its chunked prefill size by GPU size, "
                     "TensorRT-LLM 8192.")));
    form->addRow(tr("&Batched tokens"), m_batchedTokens);
    m_graphBs = autoSpin(int(kMaxCudaGraphBs), tr("engine default"),
                         tr("SGLang --cuda-graph-max-bs (requests) / vLLM "
                            "--max-cudagraph-capture-size (tokens): the largest CUDA graph"));
    m_graphBs->setWhatsThis(fieldHelp(
        tr("The largest batch the engine captures as a CUDA graph at start-up. SGLang's default "
           "memory fraction reserves 2 MiB per request of it; vLLM captures one graph per size "
           "up to it."),
        tr("requests (SGLang) or tokens (vLLM)"),
        tr("\"engine default\" (0): SGLang by GPU size and TP (128 with DeepEP low latency), "
           "vLLM twice max_num_seqs times (1 + draft tokens), at most 512. TensorRT-LLM plans "
           "ignore it.")));
    form->addRow(tr("C&UDA-graph batch"), m_graphBs);
    m_vllmVersion = rulesCombo(vllmRuleSets(), vllmRules(kDefaultVllmProfile).id);
    m_vllmVersion->setToolTip(tr("The vLLM release whose start-up memory rules vLLM plans "
                                 "follow"));
    m_vllmVersion->setWhatsThis(fieldHelp(
        tr("The vLLM release whose start-up memory rules size a vLLM plan: how its worker "
           "profiles the activation peak (sampler warm-up, logits), what it counts as non-torch "
           "memory and how its MoE kernels lay out MXFP4 experts. Pick the release you will "
           "run; the defaults (max_num_seqs, batched tokens) are the same for every release."),
        tr("a vLLM release HostPlan models: 0.28, 0.24, 0.22, 0.21, 0.20, 0.19, 0.11, 0.8, 0.7-v1 "
           "(v0.7 "
           "with "
           "VLLM_USE_V1=1), 0.6.5 (also v0.7's default V0) or 0.6.4 (V0); from 0.21 vLLM takes its "
           "CUDA-graph memory estimate out of the KV cache "
           "budget"),
        tr("default: v0.19's rules, the newest checked against whole start-up logs.")));
    form->addRow(tr("vLLM rules"), m_vllmVersion);
    m_sglangVersion = rulesCombo(sglangRuleSets(), sglangRules(kDefaultSglangProfile).id);
    m_sglangVersion->setToolTip(tr("The SGLang release whose start-up memory rules SGLang plans "
                                   "follow"));
    m_sglangVersion->setWhatsThis(fieldHelp(
        tr("The SGLang release whose start-up memory rules size an SGLang plan. The default "
           "--mem-fraction-static follows a table by TP size up to v0.4.7, a memory tier's "
           "reserve from v0.4.7.post1 and PR #10975's reserve from v0.5.3; from v0.5.10 the "
           "server captures piecewise CUDA graphs and reserves 8 MiB per capture size; from "
           "v0.5.14 a draft model's weights and KV cache come out of that fraction instead of "
           "the rest of the GPU."),
        tr("an SGLang release from 0.4.0 on (for example 0.4.7.post1); it follows the newest "
           "rule set at or before it"),
        tr("default: v0.5.14's rules, the newest (without speculative decoding they are "
           "v0.5.10's, checked against start-up logs of 2026).")));
    form->addRow(tr("SGLang rules"), m_sglangVersion);
    m_prefixCaching = new ElidingComboBox;
    m_prefixCaching->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_prefixCaching->setMinimumContentsLength(6);
    m_prefixCaching->addItem(tr("engine default"), QString());
    m_prefixCaching->addItem(tr("on"), QStringLiteral("on"));
    m_prefixCaching->addItem(tr("off"), QStringLiteral("off"));
    m_prefixCaching->setToolTip(tr("Automatic prefix caching: on a model with recurrent layers "
                                   "vLLM keeps two state pages per request with it"));
    m_prefixCaching->setWhatsThis(fieldHelp(
        tr("The engine's automatic prefix caching (vLLM --enable-prefix-caching). On a model "
           "with Mamba or linear-attention layers vLLM then keeps two state pages per request "
           "in each of their cache groups instead of one, so fewer sequences fit."),
        tr("engine default, on or off"),
        tr("engine default: off for vLLM on a model with recurrent layers.")));
    form->addRow(tr("Prefix caching"), m_prefixCaching);
    m_moeA2a = new ElidingComboBox;
    m_moeA2a->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_moeA2a->setMinimumContentsLength(6);
    m_moeA2a->addItem(tr("engine default"), QStringLiteral("default"));
    m_moeA2a->addItem(tr("DeepEP low latency"), QStringLiteral("deepep_low_latency"));
    m_moeA2a->addItem(tr("DeepEP high throughput"), QStringLiteral("deepep_high_throughput"));
    m_moeA2a->setToolTip(tr("The kernels that send tokens to the experts' GPUs under expert "
                            "parallelism"));
    m_moeA2a->setWhatsThis(fieldHelp(
        tr("The MoE all-to-all backend of an expert-parallel layout (vLLM --all2all-backend, "
           "used with attention DP; SGLang --moe-a2a-backend deepep --deepep-mode). DeepEP "
           "needs EP over all TP GPUs. vLLM: its buffers count inside the KV budget, the low-"
           "latency kernels use a batched expert workspace and, from v0.20, 256 tokens per "
           "step by default. SGLang: the shared experts are whole on every GPU, and the normal "
           "(high-throughput) mode turns CUDA graphs off."),
        tr("engine default, DeepEP low latency or DeepEP high throughput"),
        tr("engine default: vLLM's allgather-reducescatter (naive before v0.11), SGLang's "
           "all-reduce over TP.")));
    form->addRow(tr("MoE all-to-all"), m_moeA2a);
    m_textOnly = new QCheckBox(tr("Serve text only"));
    m_textOnly->setToolTip(tr("vLLM: no vision tower is built, loaded or profiled"));
    m_textOnly->setWhatsThis(fieldHelp(
        tr("Serve a multimodal model's text only (vLLM --limit-mm-per-prompt with 0 images "
           "and videos). vLLM then builds no vision tower: its weights are not loaded and the "
           "profile pass on the largest dummy image, which can take more memory than the "
           "decoder's, does not run, so the KV pool grows. Image and video requests are "
           "refused."),
        tr("on or off"), tr("default: off; other engines ignore it.")));
    form->addRow(tr("Multimodal"), m_textOnly);
    m_draft = new QLineEdit;
    m_draft->setPlaceholderText(tr("none (model id, path or \"eagle\")"));
    m_draft->setToolTip(tr("Speculative-decoding draft the engine loads beside the model: a "
                           "model id or path, or \"eagle\" for an EAGLE head built from the "
                           "model"));
    m_draft->setWhatsThis(fieldHelp(
        tr("The draft model the engine runs for speculative decoding (vLLM "
           "--speculative-config model, SGLang --speculative-draft-model-path). Its weights, KV "
           "cache and profiled activation count by the engine's rules."),
        tr("a catalogue model id, a model path, or \"eagle\""),
        tr("Empty: no draft model; a model's own MTP layers draft when the workload speculates.")));
    form->addRow(tr("&Draft model"), m_draft);
    m_llamaBuild = new QSpinBox;
    m_llamaBuild->setRange(0, int(kLlamaMaxBuild));
    m_llamaBuild->setPrefix(QStringLiteral("b"));
    m_llamaBuild->setSpecialValueText(tr("newest"));
    m_llamaBuild->setKeyboardTracking(false);
    m_llamaBuild->setToolTip(tr("The llama.cpp release whose memory rules the llama.cpp plans "
                                "follow (the This card tab)"));
    m_llamaBuild->setWhatsThis(fieldHelp(
        tr("The llama.cpp release (bNNNN, as llama-server --version prints it) whose memory "
           "rules the llama.cpp plans follow. Releases before b7847 count -ngl from the "
           "repeating layers (the output layer goes to the GPU last) and keep one input "
           "tensor fewer in the host compute buffer."),
        tr("release number, e.g. 5466"), tr("\"newest\" (0): the newest rules HostPlan knows.")));
    form->addRow(tr("&llama.cpp release"), m_llamaBuild);
    panelLayout()->insertLayout(0, form);

    connect(m_addGpus, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Add GPU types"), QString(),
                                                          tr("GPU types (*.json);;All files (*)"));
        if (path.isEmpty()) {
            return;
        }
        const QString error = importGpus(path);
        if (!error.isEmpty()) {
            QMessageBox::warning(this, tr("Add GPU types"), error);
        }
    });
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        // Like the CLI's --gpu: count, node size and layout back to auto (the layout search
        // re-plans on the new type), and the rate back to the new type's offers.
        const Scenario s =
            withGpuType(m_doc->scenario(), m_gpu->itemData(index).toString().toStdString());
        commit(s, tr("Change GPU to %1").arg(m_gpu->itemText(index)));
    });
    // One edit per spin; a spin left without a change (focus moving on) records nothing.
    // `adjust` keeps the other sizes consistent (TP x PP = GPUs, EP 1 or TP).
    auto spinEdit = [this](QSpinBox *spin, std::uint32_t HardwareChoice::*field,
                           const QString &what, void (*adjust)(HardwareChoice &)) {
        connect(spin, &QSpinBox::editingFinished, this, [=, this] {
            Scenario s = m_doc->scenario();
            const auto v = std::uint32_t(spin->value());
            if (s.hardware.*field == v) {
                return;
            }
            s.hardware.*field = v;
            adjust(s.hardware);
            commit(s, tr("Change %1 to %2").arg(what, spin->text()));
        });
    };
    spinEdit(m_count, &HardwareChoice::gpuCount, tr("GPU count"), [](HardwareChoice &h) {
        h.tp = h.ep = h.pp = 0; // a new count gets the preferred layout
        if (h.attentionDp > 1 && h.gpuCount % h.attentionDp != 0) {
            h.attentionDp = 0; // attention DP stays where the new count keeps whole groups
        }
    });
    spinEdit(m_node, &HardwareChoice::gpusPerNode, tr("GPUs per node"), [](HardwareChoice &) {});
    // TP and PP both set on a multiple of their product: the rest are data-parallel replicas.
    spinEdit(m_tp, &HardwareChoice::tp, tr("TP"), [](HardwareChoice &h) {
        if (!replicasOfLayout(h)) {
            h.pp = 0; // PP follows: GPUs / TP
        }
        if (h.ep > 1) {
            h.ep = h.tp ? h.tp : 0; // expert parallel stays on, at the new TP
        }
        if (h.attentionDp > 1 && (h.tp == 0 || h.tp % h.attentionDp != 0)) {
            h.attentionDp = 0; // no longer divides TP
        }
    });
    spinEdit(m_attentionDp, &HardwareChoice::attentionDp, tr("attention DP"),
             [](HardwareChoice &) {});
    spinEdit(m_ep, &HardwareChoice::ep, tr("EP"), [](HardwareChoice &) {});
    spinEdit(m_pp, &HardwareChoice::pp, tr("PP"), [](HardwareChoice &h) {
        if (replicasOfLayout(h)) {
            return; // TP kept: replicas of TP x PP
        }
        h.tp = 0; // TP follows: GPUs / PP
        if (h.ep > 1) {
            // Expert parallelism stays on at the TP that follows, where the count gives it.
            h.ep = h.gpuCount && h.pp && h.gpuCount % h.pp == 0 ? h.gpuCount / h.pp : 0;
        }
    });
    connect(m_engine, &QComboBox::activated, this, [this](int index) {
        Scenario s = m_doc->scenario();
        if (auto e = parseEngine(m_engine->itemData(index).toString().toStdString()); e.ok()) {
            s.engine.engine = e.value();
        }
        commit(s, tr("Change engine to %1").arg(m_engine->itemText(index)));
    });
    // A rule-set combo (rulesCombo) edits one engine's release field: the empty data is the
    // default (unset), any other the id its parser reads. `undo` takes the item's text.
    const auto rulesEdit = [this](QComboBox *combo, auto EngineSettings::*field, auto parse,
                                  const QString &undo) {
        connect(combo, &QComboBox::activated, this, [=, this](int index) {
            Scenario s = m_doc->scenario();
            const std::string id = combo->itemData(index).toString().toStdString();
            std::remove_reference_t<decltype(s.engine.*field)> rules;
            if (auto r = parse(id); !id.empty() && r.ok()) {
                rules = r.value();
            }
            if (s.engine.*field == rules) {
                return;
            }
            s.engine.*field = rules;
            commit(s, undo.arg(combo->itemText(index)));
        });
    };
    rulesEdit(m_vllmVersion, &EngineSettings::vllmVersion, &parseVllmVersion,
              tr("Change vLLM rules to %1"));
    rulesEdit(m_sglangVersion, &EngineSettings::sglangVersion, &parseSglangVersion,
              tr("Change SGLang rules to %1"));
    connect(m_prefixCaching, &QComboBox::activated, this, [this](int index) {
        Scenario s = m_doc->scenario();
        const QString v = m_prefixCaching->itemData(index).toString();
        const std::optional<bool> on =
            v.isEmpty() ? std::nullopt : std::optional<bool>(v == QStringLiteral("on"));
        if (s.engine.prefixCaching == on) {
            return;
        }
        s.engine.prefixCaching = on;
        commit(s, tr("Change prefix caching to %1").arg(m_prefixCaching->itemText(index)));
    });
    connect(m_moeA2a, &QComboBox::activated, this, [this](int index) {
        Scenario s = m_doc->scenario();
        const auto a2a = parseMoeA2a(m_moeA2a->itemData(index).toString().toStdString());
        if (!a2a.ok() || s.engine.moeA2a == a2a.value()) {
            return;
        }
        s.engine.moeA2a = a2a.value();
        commit(s, tr("Change the MoE all-to-all backend to %1").arg(m_moeA2a->itemText(index)));
    });
    connect(m_textOnly, &QCheckBox::clicked, this, [this](bool on) {
        Scenario s = m_doc->scenario();
        if (s.engine.textOnly == on) {
            return;
        }
        s.engine.textOnly = on;
        commit(s, on ? tr("Serve text only") : tr("Serve images and video"));
    });
    connect(m_fraction, &QDoubleSpinBox::editingFinished, this, [this] {
        Scenario s = m_doc->scenario();
        const double v = m_fraction->value();
        if (v < 0.05) {
            s.engine.memoryFraction.reset();
        } else {
            s.engine.memoryFraction = v;
        }
        commit(s, tr("Change memory fraction to %1").arg(m_fraction->text()));
    });
    // A spin whose 0 means "unset" (the engine's default): one edit per change.
    auto optionalSpinEdit = [this](QSpinBox *spin,
                                   std::optional<std::uint32_t> EngineSettings::*field,
                                   const QString &what) {
        connect(spin, &QSpinBox::editingFinished, this, [=, this] {
            Scenario s = m_doc->scenario();
            const int v = spin->value();
            const std::optional<std::uint32_t> value =
                v > 0 ? std::optional<std::uint32_t>(std::uint32_t(v)) : std::nullopt;
            if (s.engine.*field == value) {
                return;
            }
            s.engine.*field = value;
            commit(s, what.arg(spin->text()));
        });
    };
    optionalSpinEdit(m_maxSeqs, &EngineSettings::maxNumSeqs, tr("Change max sequences to %1"));
    optionalSpinEdit(m_llamaBuild, &EngineSettings::llamaCppBuild,
                     tr("Change llama.cpp release to %1"));
    optionalSpinEdit(m_batchedTokens, &EngineSettings::prefillChunkTokens,
                     tr("Change batched tokens to %1"));
    optionalSpinEdit(m_graphBs, &EngineSettings::cudaGraphMaxBs,
                     tr("Change the CUDA-graph batch to %1"));
    connect(m_draft, &QLineEdit::editingFinished, this, [this] {
        Scenario s = m_doc->scenario();
        const std::string v = m_draft->text().trimmed().toStdString();
        if (s.engine.draft == v) {
            return;
        }
        s.engine.draft = v;
        commit(s, v.empty() ? tr("Remove the draft model")
                            : tr("Change draft model to %1").arg(m_draft->text().trimmed()));
    });
    resync();
}

QString HardwarePanel::refusalReason(const Scenario &next, const QString &error) const {
    const auto &p = m_doc->plan();
    if (!p) {
        return error;
    }
    // The layout the edit asks for, checked against the basic rules first (TP a power of two
    // dividing the heads, EP 1 or TP dividing the experts, PP at most the layers).
    const HardwareChoice &h = next.hardware;
    const std::uint32_t gpus = h.gpuCount ? h.gpuCount : p->layout.gpuCount();
    Parallelism par;
    par.tp = h.tp ? h.tp : (h.pp ? std::max<std::uint32_t>(gpus / h.pp, 1) : p->layout.tp);
    par.pp = h.pp ? h.pp : std::max<std::uint32_t>(gpus / par.tp, 1);
    par.ep = h.ep ? h.ep : 1;
    par.dp = h.attentionDp ? h.attentionDp : 1;
    const std::string problem = layoutProblem(p->model, par);
    return problem.empty() ? error : QString::fromStdString(problem);
}

void HardwarePanel::fillGpus(const std::vector<GpuSpec> &custom) {
    m_customShown = custom;
    m_gpu->clear();
    const auto merged = Catalogue::builtin().withGpus(custom, "hardware.custom_gpus");
    const Catalogue &types = merged.ok() ? merged.value() : Catalogue::builtin();
    for (const auto &g : types.gpus()) {
        const bool own = std::any_of(custom.begin(), custom.end(),
                                     [&g](const GpuSpec &c) { return c.id == g.id; });
        m_gpu->addItem(own ? tr("%1 (yours)").arg(QString::fromStdString(g.name))
                           : QString::fromStdString(g.name),
                       QString::fromStdString(g.id));
        m_gpu->setItemData(
            m_gpu->count() - 1,
            tr("%1: %2 per GPU, %3 TB/s HBM, %4 GPUs per node%5\nSource: %6 (as of %7)")
                .arg(QString::fromStdString(g.name), gbText(double(g.memoryBytes), 0))
                .arg(numberText(g.hbmBandwidthBytesPerS / 1e12, 2))
                .arg(g.gpusPerNode)
                .arg(g.nativeMxfp4 ? tr(", native MXFP4") : QString())
                .arg(QString::fromStdString(g.source), QString::fromStdString(g.asOf)),
            Qt::ToolTipRole);
    }
}

QString HardwarePanel::importGpus(const QString &path) {
    const std::string file = QFile::encodeName(path).toStdString();
    auto loaded = loadGpuFile(file);
    if (!loaded.ok()) {
        return QString::fromStdString(loaded.error().toString());
    }
    if (loaded->empty()) {
        return tr("%1 holds no GPU types").arg(path);
    }
    Scenario s = m_doc->scenario();
    const std::string first = loaded->front().id;
    auto merged = mergeGpuTypes(s.hardware.customGpus, std::move(loaded).value(), file + ": gpus");
    if (!merged.ok()) {
        return QString::fromStdString(merged.error().toString());
    }
    s.hardware.customGpus = std::move(merged).value();
    // The first type read becomes the plan's GPU, as choosing it in the list would.
    s = withGpuType(s, first);
    if (!commit(s, tr("Add GPU types from %1").arg(QFileInfo(path).fileName()))) {
        return problemText();
    }
    return {};
}

void HardwarePanel::sync() {
    const Scenario &s = m_doc->scenario();
    if (s.hardware.customGpus != m_customShown) {
        fillGpus(s.hardware.customGpus);
    }
    const Catalogue cat = scenarioCatalogue(s);
    if (auto g = cat.findGpu(s.hardware.gpu); g.ok()) {
        m_gpu->setCurrentIndex(m_gpu->findData(QString::fromStdString(g->id)));
        // Vendors advertise decimal GB loosely; drivers report the usable memory in GiB.
        m_gpuInfo->setText(
            tr("%1 per GPU, %2 TB/s, %3")
                .arg(gpuMemoryText(double(g->memoryBytes), double(g->usableMemoryBytes)))
                .arg(numberText(g->hbmBandwidthBytesPerS / 1e12, 2))
                .arg(g->nativeMxfp4 ? tr("native MXFP4") : tr("no native MXFP4 (dequantizes)")));
        m_node->setSpecialValueText(tr("GPU default (%1)").arg(g->gpusPerNode));
    }
    m_count->setValue(int(s.hardware.gpuCount));
    m_node->setValue(int(s.hardware.gpusPerNode));
    m_tp->setValue(int(s.hardware.tp));
    m_ep->setValue(int(s.hardware.ep));
    m_attentionDp->setValue(int(s.hardware.attentionDp));
    m_pp->setValue(int(s.hardware.pp));
    m_engine->setCurrentIndex(
        std::max(0, m_engine->findData(QString::fromStdString(engineName(s.engine.engine)))));
    // The default the plan's engine takes for this GPU, layout and model (SGLang's depends on
    // them), as serve-cmd writes it; the engine table's when there is no plan.
    const auto &plan = m_doc->plan();
    m_fraction->setSpecialValueText(
        tr("engine default (%1)")
            .arg(fractionUiText(
                (plan && !s.engine.memoryFraction
                     ? plan->memory.memoryFraction
                     : engineDefaults(s.engine.engine,
                                      s.engine.vllmVersion.value_or(kDefaultVllmProfile))
                           .memoryFraction))));
    m_fraction->setValue(s.engine.memoryFraction.value_or(0.0));
    Scenario seqsUnset = s;
    seqsUnset.engine.maxNumSeqs.reset();
    if (auto g = cat.findGpu(s.hardware.gpu); g.ok() && runningSequenceCap(seqsUnset, *g)) {
        m_maxSeqs->setSpecialValueText(
            tr("engine default (%1)").arg(runningSequenceCap(seqsUnset, *g)));
    } else {
        m_maxSeqs->setSpecialValueText(tr("engine default"));
    }
    m_maxSeqs->setValue(int(s.engine.maxNumSeqs.value_or(0)));
    if (auto g = cat.findGpu(s.hardware.gpu); g.ok()) {
        Scenario unset = s;
        unset.engine.prefillChunkTokens.reset();
        m_batchedTokens->setSpecialValueText(
            tr("engine default (%1)").arg(batchedTokens(unset, *g)));
    } else {
        m_batchedTokens->setSpecialValueText(tr("engine default"));
    }
    m_batchedTokens->setValue(int(s.engine.prefillChunkTokens.value_or(0)));
    Scenario graphUnset = s; // the engine's own largest capture for the plan's layout
    graphUnset.engine.cudaGraphMaxBs.reset();
    const std::uint32_t graphBs =
        plan ? engineCudaGraphMaxBs(plan->model, plan->gpu, plan->layout, graphUnset) : 0;
    m_graphBs->setSpecialValueText(graphBs ? tr("engine default (%1)").arg(graphBs)
                                           : tr("engine default"));
    m_graphBs->setValue(int(s.engine.cudaGraphMaxBs.value_or(0)));
    m_graphBs->setEnabled(s.engine.engine != Engine::TensorRtLlm && s.engine.cudaGraphs);
    m_vllmVersion->setCurrentIndex(std::max(
        0, m_vllmVersion->findData(
               s.engine.vllmVersion ? QString::fromUtf8(vllmRules(*s.engine.vllmVersion).id.data())
                                    : QString())));
    m_vllmVersion->setEnabled(s.engine.engine == Engine::Vllm);
    m_sglangVersion->setCurrentIndex(
        std::max(0, m_sglangVersion->findData(
                        s.engine.sglangVersion
                            ? QString::fromUtf8(sglangRules(*s.engine.sglangVersion).id.data())
                            : QString())));
    m_sglangVersion->setEnabled(s.engine.engine == Engine::Sglang);
    m_prefixCaching->setCurrentIndex(std::max(
        0, m_prefixCaching->findData(
               s.engine.prefixCaching ? QString::fromLatin1(*s.engine.prefixCaching ? "on" : "off")
                                      : QString())));
    m_moeA2a->setCurrentIndex(
        std::max(0, m_moeA2a->findData(QString::fromLatin1(moeA2aId(s.engine.moeA2a).data()))));
    m_moeA2a->setEnabled(s.engine.engine != Engine::TensorRtLlm);
    m_textOnly->setChecked(s.engine.textOnly);
    m_textOnly->setEnabled(s.engine.engine == Engine::Vllm);
    if (!m_draft->hasFocus()) {
        m_draft->setText(QString::fromStdString(s.engine.draft));
    }
    m_llamaBuild->setValue(int(s.engine.llamaCppBuild.value_or(0)));
    if (const auto &p = m_doc->plan()) {
        const std::uint32_t node = p->instanceSize();
        const std::uint32_t gpus = p->rentedGpus();
        const std::uint32_t nodes = (gpus + node - 1) / node;
        const LayoutCandidate *best = p->autoCount ? p->search.best() : nullptr;
        QString text = tr("Evaluated: %1%2 = TP %3 x PP %4, EP %5; %6")
                           .arg(gpusText(gpus), p->autoCount ? tr(" (auto)") : QString())
                           .arg(p->layout.tp)
                           .arg(p->layout.pp)
                           .arg(p->layout.ep)
                           .arg(nodesText(nodes));
        if (best) {
            // The chosen offer's instance, which may differ from "GPUs per node" (an offer of
            // 1-GPU instances): "2 nodes of 1 GPU".
            text += tr(" of %1").arg(gpusText(node));
        }
        if (p->layout.dp > 1) {
            text += tr("; attention DP %1 (TP %2 per attention group)")
                        .arg(p->layout.dp)
                        .arg(p->layout.attentionTp());
        }
        if (p->replicas > 1) {
            text += tr("; %1 data-parallel replicas").arg(p->replicas);
        }
        if (best) {
            text += tr("; offer %1 (%2)")
                        .arg(QString::fromStdString(best->offer().id),
                             QString::fromStdString(best->offer().provider));
        }
        m_layoutInfo->setText(text);
    } else {
        m_layoutInfo->setText(tr("No plan: %1").arg(m_doc->error()));
    }
}

} // namespace hostplan::ui
