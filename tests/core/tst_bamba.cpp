// SPDX-License-Identifier: MIT
// Tests for the bamba importer (core/import/arch_granite.cpp buildBamba).
//
// bamba9b() carries the size fields of ibm-ai-platform/Bamba-9B's config.json (32 layers,
// attention at 9, 18 and 27, hidden 4096, 32 heads of 128 with 8 KV heads, an MLP of 14336,
// Mamba2 with 128 heads of 64, one group, state 128, kernel 4, expand 2, the Llama 3 vocabulary
// of 128256, untied). The total is computed by hand from the importer's tensor list:
//   Mamba2 layer: in_proj [8192 + 8448 + 128, 4096] 68,681,728 + conv1d [8448, 4] + bias 42,240
//     + dt_bias / A_log / D 384 + norm 8,192 + out_proj [4096, 8192] 33,554,432 = 102,286,976
//     x 29 = 2,966,322,304
//   attention layer: q / o [4096, 4096] x 2 + k / v [1024, 4096] x 2 = 41,943,040 x 3
//   MLP: 3 x 4096 x 14336 = 176,160,768 x 32; norms 2 x 4096 x 32 + 4096; embeddings
//   [128256, 4096] x 2
//   total 9,780,235,392 (published: "9B", 9.78B parameters on the model page)
#include "engine/enginememory.h"
#include "engine/servedtype.h"
#include "import/modelimport.h"
#include "sizing/memory.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <functional>

using namespace hostplan;
using hostplan::modelimporttest::layersOf;
using J = nlohmann::json;
using ConfigEdit = std::function<void(J &)>;
Q_DECLARE_METATYPE(ConfigEdit)

namespace {

J bamba9b() {
    return {{"architectures", {"BambaForCausalLM"}},
            {"model_type", "bamba"},
            {"attn_layer_indices", {9, 18, 27}},
            {"hidden_size", 4096},
            {"intermediate_size", 14336},
            {"num_hidden_layers", 32},
            {"num_attention_heads", 32},
            {"num_key_value_heads", 8},
            {"mamba_n_heads", 128},
            {"mamba_d_head", 64},
            {"mamba_n_groups", 1},
            {"mamba_d_state", 128},
            {"mamba_d_conv", 4},
            {"mamba_expand", 2},
            {"mamba_conv_bias", true},
            {"mamba_proj_bias", false},
            {"max_position_embeddings", 262144},
            {"tie_word_embeddings", false},
            {"vocab_size", 128256},
            {"torch_dtype", "bfloat16"}};
}

Result<ModelSpec> importJson(const J &j) {
    return importHfConfigText(j.dump(), "bamba");
}

} // namespace

class TestBamba : public QObject {
    Q_OBJECT
  private slots:
    void bamba9bSizesAndCaches() {
        const auto r = importJson(bamba9b());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const ModelSpec &m = r.value();
        QCOMPARE(m.totalParams, 9'780'235'392ull);
        // Dense: everything but the input embedding is active.
        QCOMPARE(m.activeParams, 9'780'235'392ull - 128256ull * 4096);
        QCOMPARE(m.experts.routed, 0u);
        QCOMPARE(m.denseIntermediate, 14336u);
        QVERIFY(m.mambaState && !m.kdaState);
        QCOMPARE(layersOf(m, AttentionKind::GQA), 3ull);
        QCOMPARE(layersOf(m, AttentionKind::Linear), 29ull);
        // KV: 3 layers x K and V x 8 heads x 128 x 2 bytes; state: 128 x 64 x 128 per layer,
        // conv window (8192 + 2 x 128) x 3.
        const CacheCost c = cacheCost(m, Parallelism{}, formats::bf16, formats::fp32, 1);
        QCOMPARE(c.kvBytesPerToken, 3ull * 2 * 8 * 128 * 2);
        QCOMPARE(c.stateBytesPerSequence, 29ull * (128 * 64 * 128 * 4 + 8448 * 3 * 2));
        // No config key names the state dtype: vLLM's auto keeps BF16, SGLang float32.
        QCOMPARE(engineStateFormat(Engine::Vllm, m, m.dtype).format.name(), std::string("bf16"));
        QCOMPARE(engineStateFormat(Engine::Sglang, m, m.dtype).format.name(), std::string("fp32"));
    }

    // BambaConfig's defaults fill what a config omits, each noted: no attn_layer_indices is an
    // all-Mamba2 stack; a missing mamba_d_state is 256.
    void classDefaults() {
        J j = bamba9b();
        j.erase("attn_layer_indices");
        j.erase("mamba_d_state");
        const auto r = importJson(j);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(layersOf(r.value(), AttentionKind::Linear), 32ull);
        QCOMPARE(layersOf(r.value(), AttentionKind::GQA), 0ull);
        bool noted = false;
        for (const auto &n : r->notes) {
            noted = noted || n.find("mamba_d_state is absent: taken as 256, BambaConfig") !=
                                 std::string::npos;
        }
        QVERIFY(noted);
        for (const auto &l : r->layers) {
            QCOMPARE(l.stateElements, 128ull * 64 * 256);
        }
    }

    // An absent num_key_value_heads is BambaConfig's 8, noted; null reads as
    // num_attention_heads (multi-head attention), as the class reads None.
    void kvHeadsDefault() {
        J j = bamba9b();
        j.erase("num_key_value_heads");
        const auto absent = importJson(j);
        QVERIFY2(absent.ok(), absent.ok() ? "" : absent.error().toString().c_str());
        QCOMPARE(absent->totalParams, 9'780'235'392ull);
        bool noted = false;
        for (const auto &n : absent->notes) {
            noted =
                noted || n == "num_key_value_heads is absent: taken as 8, BambaConfig's default";
        }
        QVERIFY(noted);
        j["num_key_value_heads"] = nullptr;
        const auto null = importJson(j);
        QVERIFY(null.ok());
        // K and V widen from 1024 to 4096 rows in 3 layers: 3 x 2 x 3072 x 4096 more.
        QCOMPARE(null->totalParams, 9'780'235'392ull + 3ull * 2 * 3072 * 4096);
    }

    void refusalsNameTheField_data() {
        QTest::addColumn<ConfigEdit>("edit");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        QTest::newRow("index past the layers")
            << ConfigEdit([](J &j) { j["attn_layer_indices"][2] = 32; }) << "attn_layer_indices[2]"
            << "from 0 to 31";
        QTest::newRow("negative index")
            << ConfigEdit([](J &j) { j["attn_layer_indices"][0] = -1; }) << "attn_layer_indices[0]"
            << "from 0 to 31";
        QTest::newRow("twice") << ConfigEdit([](J &j) { j["attn_layer_indices"][1] = 9; })
                               << "attn_layer_indices[1]"
                               << "names layer 9 twice";
        QTest::newRow("not a list")
            << ConfigEdit([](J &j) { j["attn_layer_indices"] = "9,18"; }) << "attn_layer_indices"
            << "must be a list";
        QTest::newRow("too many") << ConfigEdit([](J &j) {
            j["attn_layer_indices"] = J::array();
            for (int i = 0; i < 100000; ++i) {
                j["attn_layer_indices"].push_back(i);
            }
        }) << "attn_layer_indices"
                                  << "lists 100000 layers of 32";
        QTest::newRow("string index")
            << ConfigEdit([](J &j) { j["attn_layer_indices"][0] = "9"; }) << "attn_layer_indices[0]"
            << "layer index";
        QTest::newRow("float index")
            << ConfigEdit([](J &j) { j["attn_layer_indices"][0] = 9.5; }) << "attn_layer_indices[0]"
            << "must be an integer layer index, got 9.5";
        QTest::newRow("no intermediate")
            << ConfigEdit([](J &j) { j.erase("intermediate_size"); }) << "intermediate_size"
            << "missing";
    }
    void refusalsNameTheField() {
        QFETCH(ConfigEdit, edit);
        QFETCH(QString, field);
        QFETCH(QString, says);
        J j = bamba9b();
        edit(j);
        const auto r = importJson(j);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        QVERIFY2(QString::fromStdString(r.error().message).contains(says),
                 r.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestBamba)
#include "tst_bamba.moc"
