// SPDX-License-Identifier: MIT
// Layers that read an earlier layer's KV cache (Gemma 3n / Gemma 4 num_kv_shared_layers,
// LayerGroup::kvShared) and Gemma's per-layer embeddings (hidden_size_per_layer_input). The
// model: Gemma 4 E2B's published text_config values (num_hidden_layers 35, hidden_size 1536,
// 8 query heads and 1 KV head of 256 on sliding layers (window 512), full layers of head_dim
// 512, every fifth layer full, intermediate_size 6144 with use_double_wide_mlp,
// num_kv_shared_layers 20, hidden_size_per_layer_input 256, vocabulary 262,144, tied) put into
// the real Gemma-4-26B-A4B config (tests/data/configs/README.md), its MoE block off. Google's
// card: 5.1B parameters with embeddings, 2.3B effective.
#include "engine/enginememory.h"
#include "engine/llamacpp.h"
#include "goldenmemory.h"
#include "import/modelimport.h"
#include "llamatestutil.h"
#include "sizing/memory.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <fstream>

using namespace hostplan;

namespace {

nlohmann::json e2bConfig() {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                    "/configs/google--gemma-4-26B-A4B_config.json");
    nlohmann::json c = nlohmann::json::parse(f);
    nlohmann::json &t = c["text_config"];
    t["num_hidden_layers"] = 35;
    t["hidden_size"] = 1536;
    t["num_attention_heads"] = 8;
    t["num_key_value_heads"] = 1;
    t["num_global_key_value_heads"] = 1;
    t["attention_k_eq_v"] = false;
    t["head_dim"] = 256;
    t["global_head_dim"] = 512;
    t["sliding_window"] = 512;
    t["intermediate_size"] = 6144;
    t["enable_moe_block"] = false;
    t.erase("num_experts");
    t.erase("top_k_experts");
    t.erase("moe_intermediate_size");
    t["use_double_wide_mlp"] = true;
    t["num_kv_shared_layers"] = 20;
    t["hidden_size_per_layer_input"] = 256;
    t["vocab_size_per_layer_input"] = 262144;
    nlohmann::json types = nlohmann::json::array();
    for (int i = 0; i < 35; ++i) {
        types.push_back(i % 5 == 4 ? "full_attention" : "sliding_attention");
    }
    t["layer_types"] = types;
    c.erase("vision_config");
    c.erase("audio_config");
    return c;
}

Result<ModelSpec> importJson(const nlohmann::json &j) {
    return importHfConfigText(j.dump(), "gemma-4-e2b");
}

/// Layers of `m` of the given kind sharing (or owning) a cache.
std::uint32_t layersOf(const ModelSpec &m, AttentionKind kind, bool shared) {
    std::uint32_t n = 0;
    for (const LayerGroup &l : m.layers) {
        n += l.kind == kind && l.kvShared == shared ? l.count : 0;
    }
    return n;
}

std::uint64_t roleParams(const ModelSpec &m, GroupRole role) {
    std::uint64_t n = 0;
    for (const TensorGroup &g : m.groups) {
        n += g.role == role ? g.params : 0;
    }
    return n;
}

} // namespace

class tst_KvShared : public QObject {
    Q_OBJECT

  private slots:
    // Layers 15-34 read layer 13's (sliding) or 14's (full) cache: 16 sliding and 4 full
    // shared, 12 sliding and 3 full owning one.
    void e2bLayers() {
        const auto m = importJson(e2bConfig());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(layersOf(*m, AttentionKind::SlidingWindow, false), 12u);
        QCOMPARE(layersOf(*m, AttentionKind::MQA, false), 3u);
        QCOMPARE(layersOf(*m, AttentionKind::SlidingWindow, true), 16u);
        QCOMPARE(layersOf(*m, AttentionKind::MQA, true), 4u);
        QVERIFY(std::any_of(m->notes.begin(), m->notes.end(), [](const std::string &n) {
            return n.find("20 of 35 layers read the KV cache") != std::string::npos;
        }));
        // Against Google's card: 2.3B effective parameters, the text model without its
        // per-layer embedding table (5.1B counts the table and the vision and audio encoders,
        // which this config leaves out), within 2 %.
        const double effective = double(m->totalParams) - 262144.0 * 35 * 256;
        QVERIFY2(std::abs(effective / 2.3e9 - 1.0) < 0.02, std::to_string(effective).c_str());
        QVERIFY2(std::abs(double(m->activeParams) / 2.3e9 - 1.0) < 0.02,
                 std::to_string(m->activeParams).c_str());
    }

    // The per-layer embeddings: the table [262144, 35 x 256] (a row gather, its own Embedding
    // group), the model projection [35 x 256, 1536] and norm [256], and per layer the gate
    // [256, 1536], the projection [1536, 256] and a norm [1536]. The KV-shared layers' MLP is
    // twice as wide: 20 layers of 3 x 1536 x 6144 more.
    void e2bWeights() {
        const auto m = importJson(e2bConfig());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const auto ple = std::find_if(m->groups.begin(), m->groups.end(), [](const auto &g) {
            return g.name == kPerLayerEmbeddingGroup;
        });
        QVERIFY(ple != m->groups.end());
        QCOMPARE(ple->role, GroupRole::Embedding);
        QCOMPARE(ple->params, 262144ull * 35 * 256);
        QCOMPARE(ple->activeParams, 0ull);
        nlohmann::json narrow = e2bConfig();
        narrow["text_config"]["use_double_wide_mlp"] = false;
        const auto n = importJson(narrow);
        QVERIFY2(n.ok(), n.ok() ? "" : n.error().toString().c_str());
        QCOMPARE(roleParams(*m, GroupRole::DenseMlp) - roleParams(*n, GroupRole::DenseMlp),
                 20ull * 3 * 1536 * 6144);
        QCOMPARE(m->denseIntermediate, 2u * 6144);
        nlohmann::json none = e2bConfig();
        none["text_config"]["hidden_size_per_layer_input"] = 0;
        const auto without = importJson(none);
        QVERIFY2(without.ok(), without.ok() ? "" : without.error().toString().c_str());
        QCOMPARE(m->totalParams - without->totalParams,
                 262144ull * 35 * 256 + 35ull * 256 * 1536 + 256 + 35 * (2ull * 256 * 1536 + 1536));
    }

    // The model's cache: the owning layers only (3 full of 2 x 512 x 2 B, 12 sliding of
    // 2 x 256 x 2 B per token); a decode step also reads the shared layers' view of it.
    void e2bCacheCost() {
        const auto m = importJson(e2bConfig());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const CacheCost c = cacheCost(*m, Parallelism{1, 1, 1}, formats::bf16, formats::fp32, 1);
        QCOMPARE(c.kvBytesPerToken, 3ull * 2048);
        QCOMPARE(c.windowBytesPerToken, 12ull * 1024);
        QCOMPARE(c.sharedReadBytesPerTokenPerGpu, 4ull * 2048);
        QCOMPARE(c.sharedWindowReadBytesPerTokenPerGpu, 16ull * 1024);
    }

    // Engines: vLLM gives the shared layers no cache (its KV spec skips them); SGLang gives
    // every layer a buffer (num_attention_layers = num_hidden_layers).
    void e2bEngines() {
        const auto m = importJson(e2bConfig());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const GpuSpec h100 = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true, "NVLink");
        const EngineMemoryInput v = golden::rowInput(*m, h100, {1, 1, 1}, Engine::Vllm, 8192);
        const EngineKvLayout kv = engineKvLayout(v);
        QCOMPARE(kv.fullLayers, 3u);
        QCOMPARE(kv.windowLayers, 12u);
        QCOMPARE(kv.fullBytesPerToken, 3ull * 2048);
        QCOMPARE(kv.windowBytesPerToken, 12ull * 1024);
        const EngineMemoryInput s = golden::rowInput(*m, h100, {1, 1, 1}, Engine::Sglang, 8192);
        QCOMPARE(sglangMemoryModel().terms(s).kvBytesPerToken, 7ull * 2048 + 28 * 1024);
    }

    // llama.cpp: a published run of Gemma 4 E2B Q4_K_M at -c 4096 with the full-size SWA cache
    // (llama.cpp C API, motlie evals @ 0b8e8e5e, DGX Spark) logs "layer 15 ... 34: does not
    // have KV cache", a non-SWA cache of 24.00 MiB (3 layers) and an SWA cache of 48.00 MiB
    // (12 layers); the per-layer table stays in RAM beside the token embedding.
    void e2bLlamaCpp() {
        const auto m = importJson(e2bConfig());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        LlamaCppInput in = llamatest::on4090(*m);
        in.swaFull = true;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.gpu.kvCache, 72ull << 20);
        QVERIFY(p.host.weights > roleParams(*m, GroupRole::Embedding) / 4);
    }

    // A bad count names its field.
    void badCounts_data() {
        QTest::addColumn<int>("shared");
        QTest::addColumn<QString>("error");
        QTest::newRow("all") << 35 << "num_kv_shared_layers: 35 of 35 layers leaves no layer";
        QTest::newRow("no owner of the kind")
            << 31 << "num_kv_shared_layers: layer 4 has no earlier layer of its kind";
    }
    void badCounts() {
        QFETCH(int, shared);
        QFETCH(QString, error);
        nlohmann::json c = e2bConfig();
        c["text_config"]["num_kv_shared_layers"] = shared;
        const auto m = importJson(c);
        QVERIFY(!m.ok());
        QVERIFY2(m.error().toString().find(error.toStdString()) != std::string::npos,
                 m.error().toString().c_str());
    }
};

QTEST_GUILESS_MAIN(tst_KvShared)
#include "tst_kvshared.moc"
