// SPDX-License-Identifier: MIT
// Tests for the state-space importers: granitemoehybrid (core/import/arch_granite.cpp) and the
// pure Mamba / Falcon Mamba / Mamba2 stacks (core/import/arch_mamba.cpp), with the mixers of
// core/import/mamba.h.
//
// The configs below carry the size fields of the models' published config.json files
// (Hugging Face: ibm-granite/granite-4.0-h-tiny, granite-4.0-h-1b and granite-4.0-micro, released
// 2025-10-02; state-spaces/mamba-2.8b-hf; tiiuae/falcon-mamba-7b; mistralai/Mamba-Codestral-7B-
// v0.1; ai21labs/AI21-Jamba-1.5-Mini). Expected totals are computed by hand from them with the
// tensor lists in the importers' file comments, and agree with the published sizes:
//   granite-4.0-h-tiny: Mamba2 layer 14,642,576 (in_proj [6448, 1536], conv1d [3328, 4] + bias,
//     dt_bias / A_log / D [48], norm [3072], out_proj [1536, 3072]) x 36, attention 6,291,456
//     (hd 128) x 4, per layer router 98,304 + 64 experts x 2,359,296 + shared 4,718,592, two
//     norms, tied embedding [100352, 1536]: 6,939,037,248 (published 6.94B; "7B, 1B active")
//   granite-4.0-h-1b: the same stack with a dense shared MLP of 4096: 1,461,538,368 (1.46B)
//   granite-4.0-micro: 40 attention layers (hd 64) with a 8192 MLP: 3,402,836,480 (3.4B)
//   mamba-2.8b-hf: layer 41,244,160 (in_proj [10240, 2560], conv1d [5120, 4] + bias, x_proj
//     [192, 5120], dt_proj [5120, 160] + bias, A_log [5120, 16], D, out_proj, norm) x 64, tied
//     embedding [50280, 2560], norm_f: 2,768,345,600 (published 2.77B)
//   falcon-mamba-7b: layer 105,312,256 x 64, untied [65024, 4096] x 2: 7,272,665,088 (7.27B)
//   Jamba 1.5 Mini (the v0.1 shape): Mamba layer 105,308,448 (as falcon-mamba's, time-step rank
//     256, with dt / B / C norms) x 28, attention 41,943,040 x 4 (layers 4, 12, 20, 28), dense
//     MLP 176,160,768 x 16, MoE 16 x 176,160,768 + router [16, 4096] x 16 (odd layers), norms,
//     untied [65536, 4096] x 2: 51,570,323,328 (published 51.6B, 12B active)
//   Mamba-Codestral-7B: layer 109,640,064 (in_proj [18560, 4096], conv1d [10240, 4] + bias, ...)
//     x 64, untied [32768, 4096] x 2: 7,285,403,648 (published 7.29B)
#include "catalogue/catalogue.h"
#include "engine/enginememory.h"
#include "engine/servecommand.h"
#include "engine/servedtype.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

using namespace hostplan;
using hostplan::modelimporttest::layersOf;
using J = nlohmann::json;
using ConfigEdit = std::function<void(J &)>;
Q_DECLARE_METATYPE(ConfigEdit)

namespace {

/// Granite 4.0 H: mamba x5, attention, mamba x9, attention, ... (36 Mamba2, 4 attention).
J graniteLayerTypes() {
    J t = J::array();
    for (int i = 0; i < 40; ++i) {
        t.push_back((i == 5 || i == 15 || i == 25 || i == 35) ? "attention" : "mamba");
    }
    return t;
}

J graniteHTiny() {
    return {{"architectures", {"GraniteMoeHybridForCausalLM"}},
            {"model_type", "granitemoehybrid"},
            {"attention_bias", false},
            {"hidden_size", 1536},
            {"num_hidden_layers", 40},
            {"num_attention_heads", 12},
            {"num_key_value_heads", 4},
            {"intermediate_size", 512},
            {"shared_intermediate_size", 1024},
            {"num_local_experts", 64},
            {"num_experts_per_tok", 6},
            {"vocab_size", 100352},
            {"tie_word_embeddings", true},
            {"mamba_chunk_size", 256},
            {"mamba_conv_bias", true},
            {"mamba_d_conv", 4},
            {"mamba_d_head", 64},
            {"mamba_d_state", 128},
            {"mamba_expand", 2},
            {"mamba_n_groups", 1},
            {"mamba_n_heads", 48},
            {"mamba_proj_bias", false},
            {"max_position_embeddings", 131072},
            {"position_embedding_type", "nope"},
            {"layer_types", graniteLayerTypes()},
            {"torch_dtype", "bfloat16"}};
}

J graniteH1b() {
    J j = graniteHTiny();
    j["intermediate_size"] = 4096;
    j["shared_intermediate_size"] = 4096;
    j["num_local_experts"] = 0;
    j["num_experts_per_tok"] = 0;
    return j;
}

J graniteMicro() {
    J j = graniteHTiny();
    j["hidden_size"] = 2560;
    j["num_attention_heads"] = 40;
    j["num_key_value_heads"] = 8;
    j["intermediate_size"] = 8192;
    j["shared_intermediate_size"] = 8192;
    j["num_local_experts"] = 0;
    j["num_experts_per_tok"] = 0;
    j["mamba_d_state"] = 256;
    j["mamba_n_heads"] = 128;
    j["mamba_d_head"] = 32;
    j["position_embedding_type"] = "rope";
    j["layer_types"] = J(std::vector<std::string>(40, "attention"));
    return j;
}

J mamba28b() {
    return {{"architectures", {"MambaForCausalLM"}},
            {"model_type", "mamba"},
            {"conv_kernel", 4},
            {"expand", 2},
            {"hidden_size", 2560},
            {"intermediate_size", 5120},
            {"num_hidden_layers", 64},
            {"state_size", 16},
            {"time_step_rank", 160},
            {"use_bias", false},
            {"use_conv_bias", true},
            {"vocab_size", 50280},
            {"torch_dtype", "float32"}};
}

J falconMamba7b() {
    return {{"architectures", {"FalconMambaForCausalLM"}},
            {"model_type", "falcon_mamba"},
            {"conv_kernel", 4},
            {"expand", 16},
            {"hidden_size", 4096},
            {"intermediate_size", 8192},
            {"num_hidden_layers", 64},
            {"state_size", 16},
            {"time_step_rank", 256},
            {"tie_word_embeddings", false},
            {"use_bias", false},
            {"use_conv_bias", true},
            {"vocab_size", 65024},
            {"torch_dtype", "bfloat16"}};
}

J codestralMamba() {
    return {{"architectures", {"Mamba2ForCausalLM"}},
            {"model_type", "mamba2"},
            {"chunk_size", 256},
            {"conv_kernel", 4},
            {"expand", 2},
            {"head_dim", 64},
            {"hidden_size", 4096},
            {"n_groups", 8},
            {"num_heads", 128},
            {"num_hidden_layers", 64},
            {"state_size", 128},
            {"tie_word_embeddings", false},
            {"use_bias", false},
            {"use_conv_bias", true},
            {"vocab_size", 32768},
            {"torch_dtype", "bfloat16"}};
}

J jambaMini() {
    return {{"architectures", {"JambaForCausalLM"}},
            {"model_type", "jamba"},
            {"attn_layer_offset", 4},
            {"attn_layer_period", 8},
            {"expert_layer_offset", 1},
            {"expert_layer_period", 2},
            {"hidden_size", 4096},
            {"intermediate_size", 14336},
            {"mamba_conv_bias", true},
            {"mamba_d_conv", 4},
            {"mamba_d_state", 16},
            {"mamba_dt_rank", 256},
            {"mamba_expand", 2},
            {"mamba_proj_bias", false},
            {"max_position_embeddings", 262144},
            {"num_attention_heads", 32},
            {"num_experts", 16},
            {"num_experts_per_tok", 2},
            {"num_hidden_layers", 32},
            {"num_key_value_heads", 8},
            {"tie_word_embeddings", false},
            {"vocab_size", 65536},
            {"torch_dtype", "bfloat16"}};
}

Result<ModelSpec> importJson(const J &j) {
    return importHfConfigText(j.dump(), j.value("model_type", std::string("test")));
}

const LayerGroup *linearLayer(const ModelSpec &m) {
    for (const auto &l : m.layers) {
        if (l.kind == AttentionKind::Linear) {
            return &l;
        }
    }
    return nullptr;
}

GpuSpec h100() {
    GpuSpec g;
    g.id = g.name = "NVIDIA H100";
    g.vendor = "NVIDIA";
    g.usableMemoryBytes = g.memoryBytes = 85'520'809'984ull;
    g.fp8FlopsPerS = 1e15;
    g.computeCapability = 90;
    return g;
}

} // namespace

class TestSsmImport : public QObject {
    Q_OBJECT
  private slots:
    void parameterCounts_data();
    void parameterCounts();
    void cacheShapes();
    void graniteExpertsAndDenseMlp();
    void jambaLayersAndExperts();
    void configClassDefaults();
    void engineStateDefaults();
    void pureStackServesBySlots();
    void stateSplitRoundsUp();
    void graniteKvUnderVllm();
    void serveCommandsKeepThePlansState();
    void refusalsNameTheField_data();
    void refusalsNameTheField();
};

void TestSsmImport::parameterCounts_data() {
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<qulonglong>("total");
    QTest::addColumn<qulonglong>("linearLayers");
    QTest::addColumn<qulonglong>("attentionLayers");
    QTest::addColumn<uint>("heads");
    QTest::newRow("granite-4.0-h-tiny") << QByteArray::fromStdString(graniteHTiny().dump())
                                        << 6'939'037'248ull << 36ull << 4ull << 12u;
    QTest::newRow("granite-4.0-h-1b") << QByteArray::fromStdString(graniteH1b().dump())
                                      << 1'461'538'368ull << 36ull << 4ull << 12u;
    QTest::newRow("granite-4.0-micro") << QByteArray::fromStdString(graniteMicro().dump())
                                       << 3'402'836'480ull << 0ull << 40ull << 40u;
    QTest::newRow("mamba-2.8b") << QByteArray::fromStdString(mamba28b().dump()) << 2'768'345'600ull
                                << 64ull << 0ull << 0u;
    QTest::newRow("falcon-mamba-7b") << QByteArray::fromStdString(falconMamba7b().dump())
                                     << 7'272'665'088ull << 64ull << 0ull << 0u;
    QTest::newRow("mamba-codestral-7b") << QByteArray::fromStdString(codestralMamba().dump())
                                        << 7'285'403'648ull << 64ull << 0ull << 128u;
    QTest::newRow("jamba-1.5-mini") << QByteArray::fromStdString(jambaMini().dump())
                                    << 51'570'323'328ull << 28ull << 4ull << 32u;
}

void TestSsmImport::parameterCounts() {
    QFETCH(QByteArray, config);
    QFETCH(qulonglong, total);
    QFETCH(qulonglong, linearLayers);
    QFETCH(qulonglong, attentionLayers);
    QFETCH(uint, heads);
    const auto r = importJson(J::parse(config.toStdString()));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    const ModelSpec &m = r.value();
    QCOMPARE(qulonglong(m.totalParams), total);
    QCOMPARE(qulonglong(layersOf(m, AttentionKind::Linear)), linearLayers);
    QCOMPARE(qulonglong(layersOf(m, AttentionKind::GQA) + layersOf(m, AttentionKind::MHA)),
             attentionLayers);
    QCOMPARE(m.numAttentionHeads, heads);
    QCOMPARE(m.numLayers, uint(linearLayers + attentionLayers));
}

void TestSsmImport::cacheShapes() {
    // Granite h-tiny: state 48 x 64 x 128, conv (3072 + 2 x 128) x 3, split over 48 heads.
    const auto g = importJson(graniteHTiny());
    QVERIFY(g.ok());
    const LayerGroup *l = linearLayer(g.value());
    QVERIFY(l);
    QCOMPARE(l->stateElements, 48ull * 64 * 128);
    QCOMPARE(l->convElements, 3328ull * 3);
    QCOMPARE(l->stateHeads, 48u);
    // Mamba 2.8b: state 5120 x 16 and conv 5120 x 3, split by channel.
    const auto m = importJson(mamba28b());
    QVERIFY(m.ok());
    l = linearLayer(m.value());
    QVERIFY(l);
    QCOMPARE(l->stateElements, 5120ull * 16);
    QCOMPARE(l->convElements, 5120ull * 3);
    QCOMPARE(l->stateHeads, 5120u);
    // Codestral: 128 x 64 x 128; conv (8192 + 2 x 8 x 128) x 3.
    const auto c = importJson(codestralMamba());
    QVERIFY(c.ok());
    l = linearLayer(c.value());
    QVERIFY(l);
    QCOMPARE(l->stateElements, 128ull * 64 * 128);
    QCOMPARE(l->convElements, 10240ull * 3);
    // Granite attention: hd = hidden / heads = 128, 4 KV heads.
    for (const auto &a : g.value().layers) {
        if (a.kind == AttentionKind::GQA) {
            QCOMPARE(a.headDim, 128u);
            QCOMPARE(a.kvHeads, 4u);
        }
    }
}

void TestSsmImport::graniteExpertsAndDenseMlp() {
    const auto t = importJson(graniteHTiny());
    QVERIFY(t.ok());
    const ExpertInfo &e = t.value().experts;
    QCOMPARE(e.routed, 64u);
    QCOMPARE(e.activePerToken, 6u);
    QCOMPARE(e.shared, 1u);
    QCOMPARE(e.moeLayers, 40u);
    QCOMPARE(e.paramsPerExpert, 3ull * 1536 * 512);
    QCOMPARE(t.value().denseIntermediate, 0u);
    // Active: 6 of 64 experts, the shared MLP, router, mixers, norms and the tied LM head.
    const std::uint64_t inactiveExperts = 40ull * 58 * 3 * 1536 * 512;
    QCOMPARE(t.value().activeParams, 6'939'037'248ull - inactiveExperts);
    // No experts: the shared MLP is the dense MLP, which sizes the activation peak.
    const auto d = importJson(graniteH1b());
    QVERIFY(d.ok());
    QCOMPARE(d.value().experts.routed, 0u);
    QCOMPARE(d.value().denseIntermediate, 4096u);
}

void TestSsmImport::jambaLayersAndExperts() {
    const auto r = importJson(jambaMini());
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    const ModelSpec &m = r.value();
    QCOMPARE(m.experts.routed, 16u);
    QCOMPARE(m.experts.activePerToken, 2u);
    QCOMPARE(m.experts.moeLayers, 16u);
    QCOMPARE(m.denseIntermediate, 14336u);
    // Active without the input embedding: 14 of 16 experts idle in 16 layers.
    QCOMPARE(m.activeParams, 51'570'323'328ull - 16ull * 14 * 176'160'768 - 65536ull * 4096);
    // Mamba state: 8192 channels x 16, conv 8192 x 3; attention hd 128, 8 KV heads.
    const LayerGroup *l = linearLayer(m);
    QVERIFY(l);
    QCOMPARE(l->stateElements, 8192ull * 16);
    QCOMPARE(l->convElements, 8192ull * 3);
    for (const auto &a : m.layers) {
        if (a.kind == AttentionKind::GQA) {
            QCOMPARE(a.headDim, 128u);
            QCOMPARE(a.kvHeads, 8u);
        }
    }
    // Attention every 4th layer from 1: 8 of 32; experts off: every layer dense.
    J j = jambaMini();
    j["attn_layer_period"] = 4;
    j["attn_layer_offset"] = 1;
    j["num_experts"] = 1;
    const auto e = importJson(j);
    QVERIFY(e.ok());
    QCOMPARE(layersOf(e.value(), AttentionKind::GQA), 8ull);
    QCOMPARE(e.value().experts.routed, 0u);
}

void TestSsmImport::configClassDefaults() {
    const auto noted = [](const ModelSpec &m, const std::string &text) {
        return std::any_of(m.notes.begin(), m.notes.end(),
                           [&](const std::string &n) { return n.find(text) != std::string::npos; });
    };
    // GraniteMoeHybridConfig: mamba_d_head "auto" (or absent) is expand x hidden / heads; the
    // other omitted sizes take the class's defaults, each noted; vLLM loads the same values.
    J g = graniteHTiny();
    g["mamba_d_head"] = "auto";
    g.erase("num_local_experts");
    g.erase("num_experts_per_tok");
    g.erase("tie_word_embeddings");
    g.erase("mamba_d_conv");
    const auto r = importJson(g);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r.value().experts.routed, 8u);
    QCOMPARE(r.value().experts.activePerToken, 2u);
    QCOMPARE(linearLayer(r.value())->stateElements, 48ull * 64 * 128); // head dim 3072 / 48
    QVERIFY(noted(r.value(), "num_local_experts is absent: taken as 8, GraniteMoeHybridConfig"));
    QVERIFY(noted(r.value(), "num_experts_per_tok is absent: taken as 2"));
    QVERIFY(noted(r.value(), "mamba_d_conv is absent: taken as 4"));
    QVERIFY(noted(r.value(), "tie_word_embeddings is absent: taken as false"));
    // Untied: the LM head adds a second [100352, 1536] tensor; 8 experts instead of 64 (and
    // router rows).
    QCOMPARE(r.value().totalParams,
             6'939'037'248ull + 100352ull * 1536 - 40ull * 56 * (3 * 1536 * 512 + 1536));
    // The alias layers_block_type (GraniteMoeHybridConfig.attribute_map) reads as layer_types.
    J alias = graniteHTiny();
    alias["layers_block_type"] = alias["layer_types"];
    alias.erase("layer_types");
    const auto a = importJson(alias);
    QVERIFY(a.ok());
    QCOMPARE(a.value().totalParams, 6'939'037'248ull);
    // Mamba2Config: num_heads absent is 128 heads (Codestral's own count), noted; Jamba's
    // top-k absent is JambaConfig's 2.
    J m2 = codestralMamba();
    m2.erase("num_heads");
    const auto c = importJson(m2);
    QVERIFY(c.ok());
    QCOMPARE(c.value().totalParams, 7'285'403'648ull);
    QCOMPARE(c.value().numAttentionHeads, 128u);
    QVERIFY(noted(c.value(), "num_heads is absent: taken as 128, Mamba2Config"));
    J jm = jambaMini();
    jm.erase("num_experts_per_tok");
    const auto jr = importJson(jm);
    QVERIFY(jr.ok());
    QCOMPARE(jr.value().experts.activePerToken, 2u);
    QVERIFY(noted(jr.value(), "num_experts_per_tok is absent: taken as 2, JambaConfig"));
}

void TestSsmImport::engineStateDefaults() {
    const auto file = [](const std::string &path) {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        return importHfConfigText(text.str(), path);
    };
    const auto fmt = [](Engine e, const ModelSpec &m) {
        return engineStateFormat(e, m, m.dtype).format.name();
    };
    // Granite 4.0 H names no state dtype: vLLM's and TensorRT-LLM's auto keep the model's BF16,
    // SGLang float32.
    const auto g = importJson(graniteHTiny());
    QVERIFY(g.ok());
    QVERIFY(!g->configSsmDtype && !g->configSsmCacheDtype);
    QCOMPARE(fmt(Engine::Vllm, *g), std::string("bf16"));
    QVERIFY(engineStateFormat(Engine::Vllm, *g, g->dtype).modelDtypeByAuto);
    QCOMPARE(fmt(Engine::Sglang, *g), std::string("fp32"));
    QCOMPARE(fmt(Engine::TensorRtLlm, *g), std::string("bf16"));
    // A config's mamba_ssm_dtype: SGLang and TensorRT-LLM read it for any model, vLLM only
    // through the Qwen3.5 hook.
    J f16 = graniteHTiny();
    f16["mamba_ssm_dtype"] = "float16";
    const auto g16 = importJson(f16);
    QVERIFY(g16.ok());
    QCOMPARE(fmt(Engine::Sglang, *g16), std::string("fp16"));
    QCOMPARE(fmt(Engine::TensorRtLlm, *g16), std::string("fp16"));
    QCOMPARE(fmt(Engine::Vllm, *g16), std::string("bf16"));
    const auto q35 = file(HOSTPLAN_TEST_DATA_DIR "/configs/Qwen--Qwen3.5-27B_config.json");
    QVERIFY2(q35.ok(), q35.ok() ? "" : q35.error().toString().c_str());
    QCOMPARE(q35->configSsmDtype, std::optional<NumberFormat>(formats::fp32));
    QCOMPARE(fmt(Engine::Vllm, *q35), std::string("fp32"));
    QCOMPARE(fmt(Engine::Sglang, *q35), std::string("fp32"));
    // Its text-only form (model_type qwen3_5_text, as text-only repacks ship it) is a Qwen3.5
    // class too: vLLM keeps float32 (it planned BF16, half the state).
    J text = nlohmann::json::parse(std::ifstream(
        HOSTPLAN_TEST_DATA_DIR "/configs/Qwen--Qwen3.5-27B_config.json"))["text_config"];
    text["architectures"] = {"Qwen3_5ForCausalLM"};
    const auto q35text = importJson(text);
    QVERIFY2(q35text.ok(), q35text.ok() ? "" : q35text.error().toString().c_str());
    QCOMPARE(q35text->architecture, std::string("qwen3_5_text"));
    QCOMPARE(fmt(Engine::Vllm, *q35text), std::string("fp32"));
    // Qwen3-Next's Gated DeltaNet names none: vLLM keeps BF16.
    const auto next = file(HOSTPLAN_RESOURCES_DIR "/models/Qwen3-Next-80B-A3B-Thinking.json");
    QVERIFY(next.ok());
    QCOMPARE(fmt(Engine::Vllm, *next), std::string("bf16"));
    QCOMPARE(fmt(Engine::Sglang, *next), std::string("fp32"));
    // Value heads that are not whole groups of the key heads are refused, naming the key.
    J odd = nlohmann::json::parse(
        std::ifstream(HOSTPLAN_RESOURCES_DIR "/models/Qwen3-Next-80B-A3B-Thinking.json"));
    odd["linear_num_value_heads"] = 33;
    const auto oddHeads = importJson(odd);
    QVERIFY(!oddHeads.ok());
    QVERIFY(oddHeads.error().toString().find("linear_num_value_heads") != std::string::npos);
    // Nemotron-H's hook: the config's mamba_ssm_cache_dtype, float32 when absent.
    const auto nano = file(HOSTPLAN_TEST_DATA_DIR
                           "/configs/nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json");
    QVERIFY(nano.ok());
    QCOMPARE(fmt(Engine::Vllm, *nano), std::string("fp32"));
    J nanoNoKey = nlohmann::json::parse(std::ifstream(
        HOSTPLAN_TEST_DATA_DIR "/configs/nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json"));
    nanoNoKey.erase("mamba_ssm_cache_dtype");
    const auto bare = importJson(nanoNoKey);
    QVERIFY(bare.ok());
    QCOMPARE(fmt(Engine::Vllm, *bare), std::string("fp32"));
    QCOMPARE(engineStateFormat(Engine::Vllm, *bare, bare->dtype).reason,
             std::string("vLLM's Nemotron-H default, float32 (the config names no usable "
                         "mamba_ssm_cache_dtype)"));
    // Kimi K3's KDA: float32 under vLLM whatever the flag.
    const auto k3 = Catalogue::builtin().loadModel("kimi-k3");
    QVERIFY(k3.ok() && k3->kdaState && !k3->mambaState);
    QCOMPARE(fmt(Engine::Vllm, *k3), std::string("fp32"));

    // A plan without a chosen format takes the engine's, and says why; a chosen one stays.
    Scenario s;
    s.hardware.gpu = "h100-sxm";
    s.hardware.gpuCount = 1;
    s.workload.contextTokens = 8192;
    const Catalogue &cat = Catalogue::builtin();
    const auto pv = evaluate(s, cat, g.value());
    QVERIFY(pv.ok());
    QCOMPARE(pv->scenario.model.stateFormat.name(), std::string("bf16"));
    QCOMPARE(pv->stateFormatNote,
             std::string("vLLM's --mamba-ssm-cache-dtype auto keeps the model's BF16"));
    s.engine.engine = Engine::Sglang;
    const auto ps = evaluate(s, cat, g.value());
    QVERIFY(ps.ok());
    QCOMPARE(ps->scenario.model.stateFormat.name(), std::string("fp32"));
    // 36 Mamba layers x 48 heads x 64 x 128: SGLang's FP32 state is 2 bytes an element more.
    QCOMPARE(ps->memory.cache.stateBytesPerSequence - pv->memory.cache.stateBytesPerSequence,
             36ull * 48 * 64 * 128 * 2);
    s.engine.engine = Engine::Vllm;
    s.model.stateFormat = formats::fp32;
    s.model.stateFormatChosen = true;
    const auto pc = evaluate(s, cat, g.value());
    QVERIFY(pc.ok());
    QCOMPARE(pc->scenario.model.stateFormat.name(), std::string("fp32"));
    QVERIFY(pc->stateFormatNote.empty());
    QCOMPARE(pc->memory.cache.stateBytesPerSequence, ps->memory.cache.stateBytesPerSequence);
}

void TestSsmImport::pureStackServesBySlots() {
    // No attention: no KV per token; sequences come from the state pool and do not depend on
    // the context length.
    const auto m = importJson(codestralMamba());
    QVERIFY(m.ok());
    for (const Engine engine : {Engine::Vllm, Engine::Sglang}) {
        Scenario s;
        s.engine.engine = engine;
        s.workload.contextTokens = 8192;
        const EngineMemoryInput in = engineInputFor(m.value(), h100(), Parallelism{}, s);
        const EngineMemoryModel &em =
            engine == Engine::Vllm ? vllmMemoryModel() : sglangMemoryModel();
        const EngineMemoryTerms t = em.terms(in);
        QCOMPARE(t.kvBytesPerToken, 0ull);
        const std::uint32_t at8k = em.sequences(in, t, 8192);
        QVERIFY2(at8k > 0, std::to_string(int(engine)).c_str());
        QCOMPARE(em.sequences(in, t, 131072), at8k);
    }
}

void TestSsmImport::stateSplitRoundsUp() {
    // Mamba2-2.7B's shape: 80 heads of 64 over an inner width of 5120, one group of 128: a conv
    // window of (5120 + 2 x 128) x 3 = 16,128 elements, not a multiple of the 80 heads. At TP 1
    // a GPU holds the whole state; at TP 2 half of the heads' state and inner channels, rounded
    // up, and the one group's 2 x 128 channels whole (vLLM replicates a single group on every
    // rank, extra_groups_for_head_shards).
    J j = codestralMamba();
    j["hidden_size"] = 2560;
    j["num_heads"] = 80;
    j["n_groups"] = 1;
    const auto m = importJson(j);
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    const LayerGroup &l = m->layers.front();
    QCOMPARE(l.convElements, 16128ull);
    QCOMPARE(l.stateElements, 80ull * 64 * 128);
    const LinearStateElements one = linearStatePerRank(l, 1);
    QCOMPARE(one.conv, 16128ull);
    QCOMPARE(one.state, 80ull * 64 * 128);
    const LinearStateElements two = linearStatePerRank(l, 2);
    QCOMPARE(two.conv, 3ull * (2560 + 256));
    QCOMPARE(two.state, 40ull * 64 * 128);
    // Three ranks: 27 heads each of 80, 15360 x 27 / 80 = 5184 inner elements, and the group's
    // 3 x 256.
    QCOMPARE(linearStatePerRank(l, 3).conv, 5184ull + 768);
    const CacheCost c = cacheCost(m.value(), Parallelism{}, formats::bf16, formats::fp32, 1);
    QCOMPARE(c.stateBytesPerSequencePerGpu, c.stateBytesPerSequence);
}

void TestSsmImport::graniteKvUnderVllm() {
    // 4 attention layers x K and V x 4 heads x 128 x 2 bytes = 8,192 bytes per token at TP 1.
    const auto m = importJson(graniteHTiny());
    QVERIFY(m.ok());
    Scenario s;
    s.engine.engine = Engine::Vllm;
    s.workload.contextTokens = 32768;
    const EngineMemoryInput in = engineInputFor(m.value(), h100(), Parallelism{}, s);
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    QCOMPARE(t.kvBytesPerToken, 8192ull);
    QVERIFY(vllmMemoryModel().sequences(in, t, 32768) > 0);
}

void TestSsmImport::serveCommandsKeepThePlansState() {
    const auto flag = [](const ServeCommand &c, const std::string &name) {
        for (const auto &f : c.flags) {
            if (f.flag == name) {
                return f.value;
            }
        }
        return std::string("<absent>");
    };
    const Catalogue &cat = Catalogue::builtin();
    const auto g = importJson(graniteHTiny());
    QVERIFY(g.ok());
    QVERIFY(g.value().mambaState);
    Scenario s;
    s.hardware.gpu = "h100-sxm";
    s.hardware.gpuCount = 1;
    s.workload.contextTokens = 8192;
    // A chosen FP32, where vLLM's auto would keep the model's BF16.
    s.model.stateFormatChosen = true;
    const auto p32 = evaluate(s, cat, g.value());
    QVERIFY2(p32.ok(), p32.ok() ? "" : p32.error().toString().c_str());
    QCOMPARE(flag(vllmServeCommand(*p32, cat), "--mamba-ssm-cache-dtype"), std::string("float32"));
    QCOMPARE(flag(sglangServeCommand(*p32, cat), "--mamba-ssm-dtype"), std::string("float32"));
    // TensorRT-LLM takes the state dtype from its YAML only: a note names the key.
    const ServeCommand trt = trtllmServeCommand(*p32, cat);
    QVERIFY(std::any_of(trt.notes.begin(), trt.notes.end(), [](const std::string &n) {
        return n.find("kv_cache_config: mamba_ssm_cache_dtype: float32") != std::string::npos;
    }));
    // BF16: vLLM's auto (the model's dtype), SGLang's bfloat16.
    s.model.stateFormat = formats::bf16;
    const auto p16 = evaluate(s, cat, g.value());
    QVERIFY(p16.ok());
    QCOMPARE(flag(vllmServeCommand(*p16, cat), "--mamba-ssm-cache-dtype"), std::string("auto"));
    QCOMPARE(flag(sglangServeCommand(*p16, cat), "--mamba-ssm-dtype"), std::string("bfloat16"));
    // The recurrent state halves (36 layers x 48 x 64 x 128 x 2 B); the conv window stays BF16.
    QCOMPARE(p32->memory.cache.stateBytesPerSequence - p16->memory.cache.stateBytesPerSequence,
             36ull * 48 * 64 * 128 * 2);
    // No recurrent state (attention only): no flag.
    const auto micro = importJson(graniteMicro());
    QVERIFY(micro.ok());
    QVERIFY(!micro.value().mambaState);
    const auto pm = evaluate(s, cat, micro.value());
    QVERIFY(pm.ok());
    QCOMPARE(flag(vllmServeCommand(*pm, cat), "--mamba-ssm-cache-dtype"), std::string("<absent>"));
    QCOMPARE(flag(sglangServeCommand(*pm, cat), "--mamba-ssm-dtype"), std::string("<absent>"));
    // Kimi K3's KDA state: SGLang's flag keeps the plan's BF16; vLLM has none that applies
    // (float32 whatever it says), so the plan sized FP32 and no flag is given.
    Scenario k;
    k.model.stateFormat = formats::bf16;
    k.model.stateFormatChosen = true;
    k.engine.engine = Engine::Sglang;
    const auto ks = evaluate(k, cat);
    QVERIFY2(ks.ok(), ks.ok() ? "" : ks.error().toString().c_str());
    QCOMPARE(flag(sglangServeCommand(*ks, cat), "--mamba-ssm-dtype"), std::string("bfloat16"));
    k.engine.engine = Engine::Vllm;
    const auto kv = evaluate(k, cat);
    QVERIFY(kv.ok());
    QCOMPARE(kv->scenario.model.stateFormat.name(), std::string("fp32"));
    QCOMPARE(flag(vllmServeCommand(*kv, cat), "--mamba-ssm-cache-dtype"), std::string("<absent>"));
}

void TestSsmImport::refusalsNameTheField_data() {
    QTest::addColumn<QByteArray>("base");
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("says");
    const QByteArray granite = QByteArray::fromStdString(graniteHTiny().dump());
    const QByteArray mamba = QByteArray::fromStdString(mamba28b().dump());
    const QByteArray mamba2 = QByteArray::fromStdString(codestralMamba().dump());
    QTest::newRow("granite/no layer_types")
        << granite << ConfigEdit([](J &j) { j.erase("layer_types"); }) << "layer_types"
        << "missing";
    QTest::newRow("granite/unknown layer")
        << granite << ConfigEdit([](J &j) { j["layer_types"][3] = "mlp"; }) << "layer_types[3]"
        << "unknown layer type 'mlp'";
    QTest::newRow("granite/short layer_types")
        << granite << ConfigEdit([](J &j) { j["layer_types"].erase(0); }) << "layer_types"
        << "39 entries for 40 layers";
    QTest::newRow("granite/expand disagrees")
        << granite << ConfigEdit([](J &j) { j["mamba_expand"] = 3; }) << "mamba_expand"
        << "differs from mamba_n_heads x mamba_d_head";
    QTest::newRow("granite/no feed-forward") << granite << ConfigEdit([](J &j) {
        j["num_local_experts"] = 0;
        j["shared_intermediate_size"] = 0;
    }) << "shared_intermediate_size"
                                             << "no feed-forward part";
    QTest::newRow("mamba/time_step_rank")
        << mamba << ConfigEdit([](J &j) { j["time_step_rank"] = "big"; }) << "time_step_rank"
        << "expected an integer or \"auto\"";
    QTest::newRow("mamba/huge state") << mamba << ConfigEdit([](J &j) {
        j["state_size"] = 1 << 20;
        j["intermediate_size"] = 1 << 24;
        j["num_hidden_layers"] = 4096;
    }) << "state_size"
                                      << "implausible";
    const QByteArray jamba = QByteArray::fromStdString(jambaMini().dump());
    QTest::newRow("jamba/offset") << jamba << ConfigEdit([](J &j) { j["attn_layer_offset"] = 8; })
                                  << "attn_layer_offset"
                                  << "is not below attn_layer_period 8";
    QTest::newRow("jamba/dt rank")
        << jamba << ConfigEdit([](J &j) { j["mamba_dt_rank"] = "wide"; }) << "mamba_dt_rank"
        << "expected an integer or \"auto\"";
    QTest::newRow("mamba2/groups")
        << mamba2 << ConfigEdit([](J &j) { j["n_groups"] = 3; }) << "n_groups"
        << "does not divide num_heads 128";
    QTest::newRow("granite/auto head dim indivisible")
        << granite << ConfigEdit([](J &j) {
               j["mamba_d_head"] = "auto";
               j["mamba_n_heads"] = 50;
           })
        << "mamba_n_heads"
        << "does not divide mamba_expand x hidden_size = 3072";
    QTest::newRow("granite/alias layers_block_type") << granite << ConfigEdit([](J &j) {
        j["layers_block_type"] = j["layer_types"];
        j.erase("layer_types");
        j["layers_block_type"][2] = "moe";
    }) << "layers_block_type[2]"
                                                     << "unknown layer type 'moe'";
}

void TestSsmImport::refusalsNameTheField() {
    QFETCH(QByteArray, base);
    QFETCH(ConfigEdit, edit);
    QFETCH(QString, field);
    QFETCH(QString, says);
    J j = J::parse(base.toStdString());
    edit(j);
    const auto r = importJson(j);
    QVERIFY(!r.ok());
    const QString error = QString::fromStdString(r.error().toString());
    QVERIFY2(QString::fromStdString(r.error().field) == field, qPrintable(error));
    QVERIFY2(error.contains(says), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestSsmImport)
#include "tst_ssm_import.moc"
