// SPDX-License-Identifier: MIT
// Hardware panel: GPU type, GPU count (or auto), GPUs per node, TP / EP / PP (or auto), the
// serving engine, its memory fraction, running-sequence cap and batched tokens, the vLLM release
// whose memory rules vLLM plans follow, its speculative-decoding draft and the llama.cpp release
// whose rules llama.cpp plans (the card-fit view) follow. Shows the evaluated
// layout; a layout the core refuses (layoutProblem: TP 6, EP not dividing the experts, ...) is not
// applied and the reason is shown.
#pragma once

#include "panels/inputpanel.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace hostplan::ui {

class HardwarePanel : public InputPanel {
    Q_OBJECT
  public:
    explicit HardwarePanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    QComboBox *gpuCombo() const { return m_gpu; }
    QSpinBox *gpuCountSpin() const { return m_count; }
    QSpinBox *gpusPerNodeSpin() const { return m_node; }
    QSpinBox *tpSpin() const { return m_tp; }
    QSpinBox *epSpin() const { return m_ep; }
    QSpinBox *attentionDpSpin() const { return m_attentionDp; }
    QSpinBox *ppSpin() const { return m_pp; }
    QComboBox *engineCombo() const { return m_engine; }
    QDoubleSpinBox *memoryFractionSpin() const { return m_fraction; }
    /// The running-sequence cap (scenario engine.max_num_seqs; 0 = the engine's default).
    QSpinBox *maxSequencesSpin() const { return m_maxSeqs; }
    /// Tokens per engine step (scenario engine.prefill_chunk_tokens, vLLM
    /// max_num_batched_tokens).
    QSpinBox *batchedTokensSpin() const { return m_batchedTokens; }
    /// The vLLM release whose start-up memory rules vLLM plans follow (scenario
    /// engine.vllm_version; item data: the rule set's id, empty for the default). Enabled
    /// while the engine is vLLM.
    QComboBox *vllmVersionCombo() const { return m_vllmVersion; }
    QComboBox *sglangVersionCombo() const { return m_sglangVersion; }
    /// Automatic prefix caching (scenario engine.prefix_caching; item data: "" for the
    /// engine's default, "on", "off").
    QComboBox *prefixCachingCombo() const { return m_prefixCaching; }
    /// Serve text only (scenario engine.text_only).
    QCheckBox *textOnlyCheck() const { return m_textOnly; }
    /// The MoE all-to-all backend (scenario engine.moe_a2a_backend; item data: its id,
    /// "default" first). Enabled for vLLM and SGLang.
    QComboBox *moeA2aCombo() const { return m_moeA2a; }
    /// The speculative-decoding draft (scenario engine.draft).
    QLineEdit *draftEdit() const { return m_draft; }
    /// The llama.cpp release whose rules llama.cpp plans follow (scenario
    /// engine.llamacpp_build; 0 = the newest).
    QSpinBox *llamaBuildSpin() const { return m_llamaBuild; }
    QLabel *layoutLabel() const { return m_layoutInfo; }
    /// Memory, bandwidth and MXFP4 support of the chosen GPU type.
    QLabel *gpuInfoLabel() const { return m_gpuInfo; }

    /// "Add GPU types...": the button that reads a GPU file.
    QPushButton *addGpuTypesButton() const { return m_addGpus; }
    /// Add the GPU types in the JSON file `path` (resources/gpus.json's schema, loadGpuFile) to
    /// the scenario's hardware.custom_gpus (same id: replaced) and plan on the first of them,
    /// as one undoable edit. Returns "" or the error, naming the file and field.
    QString importGpus(const QString &path);

  private:
    void sync() override;
    /// Fill the GPU list: the catalogue with `custom` (the scenario's own types, marked).
    void fillGpus(const std::vector<GpuSpec> &custom);
    QString refusalReason(const Scenario &next, const QString &error) const override;

    QComboBox *m_gpu;
    QPushButton *m_addGpus;
    std::vector<GpuSpec> m_customShown; ///< the scenario's own GPU types in m_gpu
    QLabel *m_gpuInfo;
    QSpinBox *m_count;
    QSpinBox *m_node;
    QSpinBox *m_tp;
    QSpinBox *m_ep;
    QSpinBox *m_attentionDp; ///< hardware.attention_dp
    QSpinBox *m_pp;
    QLabel *m_layoutInfo;
    QComboBox *m_engine;
    QDoubleSpinBox *m_fraction;
    QSpinBox *m_maxSeqs;
    QSpinBox *m_batchedTokens;
    QSpinBox *m_graphBs; ///< engine.cuda_graph_max_bs
    QComboBox *m_vllmVersion;
    QComboBox *m_sglangVersion;
    QComboBox *m_prefixCaching;
    QCheckBox *m_textOnly;
    QComboBox *m_moeA2a;
    QLineEdit *m_draft;
    QSpinBox *m_llamaBuild;
};

} // namespace hostplan::ui
