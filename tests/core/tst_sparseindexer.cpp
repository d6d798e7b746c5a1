// SPDX-License-Identifier: MIT
// The DeepSeek sparse-attention (DSA) indexer on the layers that hold it: GLM-5.2 (model_type
// glm_moe_dsa, layer_types "deepseek_sparse_attention", indexer_types "full" / "shared") keeps
// the lightning indexer, its weights and its key cache, on 21 of its 78 layers; the others
// reuse the top-k of the layer before (core/import/arch_generic.cpp indexerLayers). vLLM caches
// the indexer key on those 21 only, SGLang on every layer (sglang_memory.cpp
// sglangCacheLayers). Real config: nvidia/GLM-5.2-NVFP4 (tests/data/configs/README.md).
#include "engine/enginememory.h"
#include "engine/llamacpp.h"
#include "goldenmemory.h"
#include "import/modelimport.h"
#include "llamatestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <fstream>

using namespace hostplan;

namespace {

nlohmann::json glm52Config() {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                    "/configs/nvidia--GLM-5.2-NVFP4_config.json");
    return nlohmann::json::parse(f);
}

Result<ModelSpec> importJson(const nlohmann::json &j) {
    return importHfConfigText(j.dump(), "glm-5.2");
}

/// MLA layers of `m` that cache an indexer key of `dim` elements.
std::uint32_t indexedLayers(const ModelSpec &m, std::uint32_t dim) {
    std::uint32_t n = 0;
    for (const LayerGroup &l : m.layers) {
        n += l.kind == AttentionKind::MLA && l.indexerHeadDim == dim ? l.count : 0;
    }
    return n;
}

/// Parameters of the attention groups (the indexer's projections among them; its k_norm is
/// with the norms), for the difference a config change makes.
std::uint64_t attentionParams(const ModelSpec &m) {
    std::uint64_t n = 0;
    for (const TensorGroup &g : m.groups) {
        n += g.role == GroupRole::Attention ? g.params : 0;
    }
    return n;
}

} // namespace

class tst_SparseIndexer : public QObject {
    Q_OBJECT

  private slots:
    // GLM-5.2: 78 MLA layers (kv_lora_rank 512, rope 64), the indexer (32 heads of 128) on
    // layers 0, 1, 2, 6, 10, ..., 74: 21 layers. Its weights per layer: wq_b [32 x 128, 2048],
    // wk [128, 6144], k_norm weight and bias [128], weights_proj [32, 6144].
    void glm52IndexerOnFullLayers() {
        const auto m = importJson(glm52Config());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(indexedLayers(*m, 128), 21u);
        QCOMPARE(indexedLayers(*m, 0), 57u);
        // Every layer an indexer: 57 layers' indexer weights more.
        nlohmann::json every = glm52Config();
        every.erase("indexer_types");
        every.erase("index_topk_freq");
        const auto all = importJson(every);
        QVERIFY2(all.ok(), all.ok() ? "" : all.error().toString().c_str());
        QCOMPARE(indexedLayers(*all, 128), 78u);
        const std::uint64_t perLayer =
            32ull * 128 * 2048 + 128 * 6144 + 32 * 6144; // k_norm: a norm
        QCOMPARE(attentionParams(*all) - attentionParams(*m), 57 * perLayer);
        // Without indexer_types, vLLM's rule from index_topk_freq 4 and
        // index_skip_topk_offset 3 gives the same 21 layers.
        nlohmann::json byFreq = glm52Config();
        byFreq.erase("indexer_types");
        const auto freq = importJson(byFreq);
        QVERIFY2(freq.ok(), freq.ok() ? "" : freq.error().toString().c_str());
        QCOMPARE(indexedLayers(*freq, 128), 21u);
        QCOMPARE(freq->weightBytes(), m->weightBytes());
    }

    // The key cache per token. vLLM (fp8_ds_mla): 656 B of latent per layer on all 78 layers
    // and the indexer's 128 fp8 + a 4-byte scale on the 21 that hold it: 53,940 B. SGLang's
    // cell: the 576 fp8 latent elements and the indexer's 132 B on every layer: 55,224 B.
    void glm52CacheByEngine() {
        const auto m = importJson(glm52Config());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const GpuSpec b200 = golden::loggedGpu("NVIDIA B200", 178.4, true, "NVLink 5, NVSwitch");
        EngineMemoryInput v = golden::rowInput(*m, b200, {8, 1, 1}, Engine::Vllm, 32768);
        v.kvFormat = formats::fp8;
        QCOMPARE(engineKvLayout(v).fullBytesPerToken, 78ull * 656 + 21 * 132);
        QCOMPARE(vllmMemoryModel().terms(v).kvBytesPerToken, 78ull * 656 + 21 * 132);
        EngineMemoryInput s = golden::rowInput(*m, b200, {8, 1, 1}, Engine::Sglang, 32768);
        s.kvFormat = formats::fp8;
        QCOMPARE(sglangMemoryModel().terms(s).kvBytesPerToken, 78ull * (576 + 132));
    }

    // llama.cpp keeps the indexer's keys in a second cache of the K type (llama_kv_cache_dsa):
    // at f16, 78 latent rows of 576 and 21 indexer rows of 128 per cell. A GLM-5.2 run at
    // -c 524288 logs 44,928 MiB of latent and 2,688 MiB of indexer cache over its four GPUs
    // (47,616 MiB; 524,288 x 95,232 B); HostPlan had the latent alone.
    void glm52LlamaCppIndexerCache() {
        const auto m = importJson(glm52Config());
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        LlamaCppInput in = llamatest::on4090(*m);
        in.context = 524288;
        const auto p = planLlamaCpp(in);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->kvBytesPerCell, 78ull * 576 * 2 + 21ull * 128 * 2);
        QCOMPARE(p->kvBytesPerCell * 524288, 47616ull << 20);
    }

    // DeepSeek-V3.2 has no schedule: the indexer on every layer, as before.
    void deepseekV32EveryLayer() {
        const ModelSpec ds =
            golden::dataConfigModel("deepseek-ai--DeepSeek-V3.2_config.json", "deepseek-v3.2");
        QCOMPARE(indexedLayers(ds, 128), 61u);
    }

    // A bad schedule names its field.
    void badScheduleNamesTheField_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("short") << "indexer_types"
                               << R"(["full","shared"])"
                               << "indexer_types: has 2 entries for 78 layers";
        QTest::newRow("unknown kind") << "indexer_types"
                                      << "replace:5:dense"
                                      << "indexer_types[5]: must be \"full\" or \"shared\"";
        QTest::newRow("zero frequency") << "index_topk_freq"
                                        << "0"
                                        << "index_topk_freq";
        QTest::newRow("shared first layer")
            << "indexer_types"
            << "replace:0:shared"
            << "indexer_types[0]: makes layer 0 a shared layer, which reuses the top-k of a "
               "layer before it";
        QTest::newRow("offset 0") << "index_skip_topk_offset"
                                  << "0"
                                  << "index_topk_freq: makes layer 0 a shared layer";
        QTest::newRow("short pattern") << "index_topk_pattern"
                                       << R"("FS")"
                                       << "index_topk_pattern: has 2 entries for 78 layers";
        QTest::newRow("no latent") << "kv_lora_rank"
                                   << "erase"
                                   << "layer_types[0]: deepseek_sparse_attention is MLA with the "
                                      "sparse-attention indexer; the config has no kv_lora_rank";
    }
    void badScheduleNamesTheField() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, error);
        nlohmann::json j = glm52Config();
        if (value.startsWith("replace:")) {
            const QStringList parts = value.split(':');
            j[key.toStdString()][parts[1].toInt()] = parts[2].toStdString();
        } else if (value == "erase") {
            j.erase(key.toStdString());
        } else {
            // The schedule keys decide only where the config lists no indexer_types.
            j[key.toStdString()] = nlohmann::json::parse(value.toStdString());
            if (key != "indexer_types") {
                j.erase("indexer_types");
            }
        }
        const auto m = importJson(j);
        QVERIFY(!m.ok());
        const QString got = QString::fromStdString(m.error().toString());
        QVERIFY2(got.contains(error), qPrintable(got));
    }
};

QTEST_GUILESS_MAIN(tst_SparseIndexer)
#include "tst_sparseindexer.moc"
