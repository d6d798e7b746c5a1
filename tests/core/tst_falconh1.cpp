// SPDX-License-Identifier: MIT
// Tests for the falcon_h1 importer (core/import/arch_falconh1.cpp) and for what its parallel
// hybrid layers mean to the engines: every layer keeps K and V and a Mamba2 state
// (ModelSpec::parallelHybrid), a pipeline splits the 44 blocks rather than 88 layer entries,
// vLLM groups 44 attention with 44 Mamba layers, llama.cpp gives each layer both caches, and a
// falcon-h1 GGUF gets the state too.
//
// falconH1_7b() carries the size fields of tiiuae/Falcon-H1-7B's config.json as a public test
// fixture quotes them (FALCON_H1_7B_HF: 44 layers, hidden 3072, 12 heads of 128 with 2 KV
// heads, MLP 12288, vocabulary 130048, untied; Mamba2 of 24 heads of 128, one group, state 256,
// kernel 4, mamba_d_ssm 3072 beside mamba_expand 2). Its total, by hand from the importer's
// tensor list:
//   attention: q / o [1536, 3072] x 2 + k / v [256, 3072] x 2 = 11,010,048
//   Mamba2: in_proj [3072 + 3584 + 24, 3072] 20,520,960 + conv1d [3584, 4] + bias 17,920
//     + dt_bias / A_log / D 72 + out_proj [3072, 3072] 9,437,184 = 29,976,136 (mamba_rms_norm
//     absent: false, no gated norm)
//   MLP 3 x 3072 x 12288 = 113,246,208; norms 2 x 3072
//   per layer 154,238,536 x 44 = 6,786,495,584; embeddings 2 x 130048 x 3072 = 799,014,912;
//   the final norm 3072: total 7,585,513,568 (published: 7.59B)
#include "catalogue/hosts.h"
#include "engine/enginememory.h"
#include "engine/llamacpp.h"
#include "ggufwriter.h"
#include "goldenmemory.h"
#include "import/gguf.h"
#include "import/ggufimport.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "sizing/fit.h"
#include "sizing/memory.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <functional>
#include <utility>
#include <vector>

using namespace hostplan;
using hostplan::modelimporttest::layersOf;
using J = nlohmann::json;
using ConfigEdit = std::function<void(J &)>;
Q_DECLARE_METATYPE(ConfigEdit)

namespace {

J falconH1_7b() {
    return {{"architectures", {"FalconH1ForCausalLM"}},
            {"model_type", "falcon_h1"},
            {"hidden_size", 3072},
            {"num_hidden_layers", 44},
            {"num_attention_heads", 12},
            {"num_key_value_heads", 2},
            {"head_dim", 128},
            {"intermediate_size", 12288},
            {"vocab_size", 130048},
            {"tie_word_embeddings", false},
            {"mamba_d_state", 256},
            {"mamba_n_groups", 1},
            {"mamba_n_heads", 24},
            {"mamba_d_head", 128},
            {"mamba_d_ssm", 3072},
            {"mamba_expand", 2},
            {"mamba_d_conv", 4},
            {"mamba_chunk_size", 128},
            {"max_position_embeddings", 262144},
            {"torch_dtype", "bfloat16"}};
}

constexpr std::uint64_t kTotal7b = 7'585'513'568ull;
/// One layer's Mamba2 state: 24 heads x 128 x state 256, and the conv window
/// (3072 + 2 x 256) x (4 - 1).
constexpr std::uint64_t kStateElements = 24ull * 128 * 256;
constexpr std::uint64_t kConvElements = 3584ull * 3;
/// K and V of 2 heads of 128 per layer per token, in elements.
constexpr std::uint64_t kKvElements = 2ull * 2 * 128;

Result<ModelSpec> importJson(const J &j) {
    return importHfConfigText(j.dump(), "falcon-h1");
}

/// A 4-layer GGUF header of `arch` ("f.gguf") with 4 heads, `kvHeads` KV heads and a Mamba-2
/// state (ssm.state_size 16, inner_size 128, conv_kernel 4, one group), without the key
/// `drop`, imported.
Result<ModelSpec> tinyGguf(const std::string &arch, const std::string &drop = "",
                           std::uint32_t kvHeads = 2) {
    ggufwriter::Writer w;
    w.string("general.architecture", arch);
    for (const auto &[key, value] :
         std::vector<std::pair<std::string, std::uint32_t>>{{"block_count", 4},
                                                            {"embedding_length", 64},
                                                            {"attention.head_count", 4},
                                                            {"attention.head_count_kv", kvHeads},
                                                            {"vocab_size", 100},
                                                            {"ssm.state_size", 16},
                                                            {"ssm.inner_size", 128},
                                                            {"ssm.conv_kernel", 4},
                                                            {"ssm.group_count", 1}}) {
        if (key != drop) {
            w.u32(arch + "." + key, value);
        }
    }
    w.blockNorms(4, 64);
    auto h = gguf::parseHeader(w.build(), 0, "f.gguf");
    if (!h.ok()) {
        qFatal("%s", h.error().toString().c_str());
    }
    return ggufToModelSpec(gguf::Model{h.value(), {}, 0}, "f.gguf");
}

bool noted(const ModelSpec &m, const std::string &text) {
    for (const auto &n : m.notes) {
        if (n.find(text) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestFalconH1 : public QObject {
    Q_OBJECT
  private slots:
    void sizesAndCaches() {
        const auto r = importJson(falconH1_7b());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const ModelSpec &m = r.value();
        QCOMPARE(m.totalParams, kTotal7b);
        QCOMPARE(m.activeParams, kTotal7b - 130048ull * 3072);
        QCOMPARE(m.denseIntermediate, 12288u);
        QVERIFY(m.mambaState && !m.kdaState);
        // Every layer holds both: 44 attention and 44 Mamba2 entries over 44 blocks.
        QCOMPARE(layersOf(m, AttentionKind::GQA), 44ull);
        QCOMPARE(layersOf(m, AttentionKind::Linear), 44ull);
        QVERIFY(m.parallelHybrid());
        QCOMPARE(m.decoderLayers(), 44u);
        QVERIFY(m.notes.empty());
        // KV: 44 layers x 1,024 B per token; state 44 x (bf16 state + bf16 conv window).
        const CacheCost c = cacheCost(m, Parallelism{}, formats::bf16, formats::bf16, 1);
        QCOMPARE(c.kvBytesPerToken, 44ull * kKvElements * 2);
        QCOMPARE(c.stateBytesPerSequence, 44ull * (kStateElements + kConvElements) * 2);
        QCOMPARE(c.stateBytesPerSequence, 70'152'192ull);
        // A stacked hybrid is not parallel: Bamba-like layers sum to num_hidden_layers.
        ModelSpec stacked = m;
        stacked.layers.front().count = 4;
        stacked.layers.back().count = 40;
        QVERIFY(!stacked.parallelHybrid());
        QCOMPARE(stacked.decoderLayers(), 44u);
    }

    // FalconH1Config's defaults, each noted: no mamba_d_ssm is 1024 (which then must be heads
    // x head dim), no num_key_value_heads is 8, no mamba_rms_norm is false; a null mamba_d_ssm
    // is mamba_expand x hidden_size, as the class reads None.
    void classDefaults() {
        J j = falconH1_7b();
        j.erase("mamba_d_ssm");
        j.erase("mamba_d_head");
        j["mamba_n_heads"] = 8;
        j["num_attention_heads"] = 16; // head_dim 128 is given
        j.erase("num_key_value_heads");
        const auto r = importJson(j);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QVERIFY(noted(*r, "mamba_d_ssm is absent: taken as 1024, FalconH1Config's default"));
        QVERIFY(noted(*r, "num_key_value_heads is absent: taken as 8, FalconH1Config's default"));
        for (const auto &l : r->layers) {
            if (l.kind == AttentionKind::Linear) {
                QCOMPARE(l.stateElements, 1024ull * 256); // 8 heads of "auto" 128
            } else {
                QCOMPARE(l.kvHeads, 8u);
            }
        }
        J n = falconH1_7b();
        n["mamba_d_ssm"] = nullptr;
        n["mamba_d_head"] = "auto";
        n["mamba_n_heads"] = 48;
        const auto wide = importJson(n);
        QVERIFY2(wide.ok(), wide.ok() ? "" : wide.error().toString().c_str());
        for (const auto &l : wide->layers) {
            if (l.kind == AttentionKind::Linear) {
                QCOMPARE(l.stateElements, 6144ull * 256); // 2 x 3072
            }
        }
        // With mamba_rms_norm the mixer has its gated norm [d_ssm] in every layer.
        J norm = falconH1_7b();
        norm["mamba_rms_norm"] = true;
        QCOMPARE(importJson(norm)->totalParams, kTotal7b + 44ull * 3072);
    }

    void refusalsNameTheField_data() {
        QTest::addColumn<ConfigEdit>("edit");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        QTest::newRow("d_ssm against heads x head dim")
            << ConfigEdit([](J &j) { j["mamba_d_ssm"] = 2048; }) << "mamba_d_ssm"
            << "mamba_d_ssm = 2048 differs from mamba_n_heads x mamba_d_head = 3072";
        QTest::newRow("null d_ssm against heads x head dim")
            << ConfigEdit([](J &j) { j["mamba_d_ssm"] = nullptr; }) << "mamba_expand"
            << "2 x hidden_size 3072 = 6144 differs from mamba_n_heads x mamba_d_head = 3072";
        QTest::newRow("groups") << ConfigEdit([](J &j) { j["mamba_n_groups"] = 5; })
                                << "mamba_n_groups"
                                << "5 does not divide mamba_n_heads 24";
        QTest::newRow("kv heads") << ConfigEdit([](J &j) { j["num_key_value_heads"] = 5; })
                                  << "num_key_value_heads"
                                  << "5 does not divide num_attention_heads 12";
        QTest::newRow("auto head dim") << ConfigEdit([](J &j) {
            j["mamba_d_head"] = "auto";
            j["mamba_n_heads"] = 7;
        }) << "mamba_n_heads"
                                       << "7 does not divide mamba_d_ssm = 3072";
        QTest::newRow("string d_ssm")
            << ConfigEdit([](J &j) { j["mamba_d_ssm"] = "3072"; }) << "mamba_d_ssm"
            << "integer";
        QTest::newRow("state bomb") << ConfigEdit([](J &j) {
            j["num_hidden_layers"] = 2000;
            j["mamba_n_heads"] = 4096;
            j["mamba_d_head"] = 4096;
            j["mamba_d_ssm"] = 4096 * 4096;
            j["mamba_d_state"] = 1 << 20;
        }) << "mamba_d_state"
                                    << "implausible";
        QTest::newRow("no intermediate")
            << ConfigEdit([](J &j) { j.erase("intermediate_size"); }) << "intermediate_size"
            << "missing";
    }
    void refusalsNameTheField() {
        QFETCH(ConfigEdit, edit);
        QFETCH(QString, field);
        QFETCH(QString, says);
        J j = falconH1_7b();
        edit(j);
        const auto r = importJson(j);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        QVERIFY2(QString::fromStdString(r.error().message).contains(says),
                 r.error().message.c_str());
    }

    // vLLM: a pipeline splits the 44 blocks (get_pp_indices), and the cache groups pair the 44
    // attention layers with the 44 Mamba layers (group_size 44, two groups), the attention
    // block raised until a page holds a Mamba page.
    void vllmGroupsAndStages() {
        const ModelSpec m = importJson(falconH1_7b()).value();
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        EngineMemoryInput in = golden::rowInput(m, g, {1, 1, 1}, Engine::Vllm, 32768);
        in.stateFormat = formats::bf16;
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        // Page: 1,024 B per token per layer; a Mamba page 1,594,368 B needs 98 x 16 tokens.
        const std::uint64_t block = 16ull * 98;
        QCOMPARE(t.kvBlockTokens, std::uint32_t(block));
        QVERIFY(t.kvPoolBytes > 0);
        const std::uint64_t blocks = std::uint64_t(t.kvPoolBytes) / (block * 1024) / 44;
        QCOMPARE(t.kvTokens, blocks / 2 * block);

        EngineMemoryInput pp = golden::rowInput(m, g, {1, 1, 4}, Engine::Vllm, 32768);
        pp.stateFormat = formats::bf16;
        const EngineMemoryTerms s = vllmMemoryModel().terms(pp);
        QCOMPARE(s.stages.size(), std::size_t(4));
        for (const auto &st : s.stages) {
            QCOMPARE(st.layers, 11u);
        }
    }

    // llama.cpp keeps both caches for every Falcon-H1 layer: K and V of -c cells, and one f32
    // state per slot (src/llama-model.cpp create_memory's filters take every layer).
    void llamaCppKeepsBothCaches() {
        const ModelSpec m = importJson(falconH1_7b()).value();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        in.host = findHost("ddr5-desktop").value();
        in.context = 8192;
        in.parallel = 2;
        const auto p = planLlamaCpp(in);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        const std::uint64_t kv = 8192ull * 44 * kKvElements * 2;                      // f16 K and V
        const std::uint64_t state = 2ull * 44 * (kStateElements + kConvElements) * 4; // f32
        QCOMPARE(p->gpu.kvCache, kv + state);
    }

    // A state of terabytes per sequence (hostile sizes within every key's own bound): vLLM's
    // attention block would pass 32 bits; the plan holds no tokens instead of dividing by zero.
    void hugeStateHoldsNothing() {
        const J j = {{"model_type", "falcon_h1"},
                     {"hidden_size", 64},
                     {"num_hidden_layers", 1},
                     {"num_attention_heads", 1},
                     {"num_key_value_heads", 1},
                     {"head_dim", 1},
                     {"intermediate_size", 64},
                     {"vocab_size", 1000},
                     {"mamba_n_heads", 1024},
                     {"mamba_d_head", 1024},
                     {"mamba_d_ssm", 1048576},
                     {"mamba_d_state", 16384},
                     {"mamba_n_groups", 1},
                     {"mamba_d_conv", 1},
                     {"max_position_embeddings", 4096}};
        const auto m = importJson(j);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        const EngineMemoryInput in = golden::rowInput(*m, g, {1, 1, 1}, Engine::Vllm, 4096);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.kvTokens, 0ull);
        QVERIFY(vllmMemoryModel().requestBytes(in, t, 4096) > 80ull << 30);
    }

    // SGLang: when not one request's state fits in the state share, nothing runs (init_memory's
    // max_num_reqs is 0), whatever the KV pool holds.
    void sglangStateShareTooSmall() {
        const ModelSpec m = importJson(falconH1_7b()).value();
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        bool seen = false;
        bool fewSeen = false; // 1 to 4 slots, fewer than the 5 one request takes
        for (int i = 0; i < 60; ++i) {
            EngineMemoryInput in = golden::rowInput(m, g, {1, 1, 1}, Engine::Sglang, 1024);
            in.memoryFraction = 0.170 + 0.001 * i;
            QCOMPARE(in.stateSlots, 5u); // SGLang's ratio: 3 + 2 overlap buffers
            const EngineMemoryTerms t = sglangMemoryModel().terms(in);
            if (t.kvPoolBytes > 0 && t.stateSlotsInPool < in.stateSlots) {
                seen = true;
                QCOMPARE(t.kvTokens, 0ull);
                QCOMPARE(sglangMemoryModel().sequences(in, t, 1024), 0u);
                // SGLang refuses with its own words (a real RTX 4090D log: slots 4, ratio 5).
                const EngineStartup s = engineStartup(Engine::Sglang, in);
                QCOMPARE(s.outcome, StartupOutcome::KvPoolNegative);
                if (t.stateSlotsInPool > 0) {
                    fewSeen = true;
                    QVERIFY2(s.message.find("state cache is too small to serve any requests. "
                                            "max_mamba_cache_size=" +
                                            std::to_string(t.stateSlotsInPool) +
                                            ", mamba_ratio=5, resulting max_num_reqs=0") !=
                                 std::string::npos,
                             s.message.c_str());
                }
            }
            if (t.stateSlotsInPool >= in.stateSlots) {
                QVERIFY(t.kvTokens > 0);
            }
        }
        QVERIFY(seen && fewSeen); // the sweep crosses both edges, so the branches above ran
    }

    // vLLM shards the Mamba heads over TP: 12 heads refuse TP 8, and the preferred layout on 8
    // GPUs keeps a TP that divides them.
    void tpMustDivideTheMambaHeads() {
        J j = falconH1_7b();
        j["num_attention_heads"] = 16;
        j["num_key_value_heads"] = 8;
        j["mamba_n_heads"] = 12;
        j["mamba_d_head"] = 256;
        const ModelSpec m = importJson(j).value();
        QCOMPARE(QString::fromStdString(layoutProblem(m, {8, 1, 1})),
                 QString("TP 8 does not divide the 12 recurrent-state heads"));
        QVERIFY(layoutProblem(m, {4, 1, 2}).empty());
        const auto par = preferredLayout(m, 8, 8);
        QVERIFY(par.ok());
        QCOMPARE(par->tp, 4u);
    }

    // MambaMixer2 asserts that TP divides n_groups or that there is one group, which every rank
    // then keeps whole: Falcon-H1-7B's one group of state 256 at TP 2 leaves each rank
    // 3 x (3072 / 2 + 2 x 256) = 6,144 window elements (not 3 x 3,584 / 2 = 5,376), and two
    // groups refuse TP 4 although its 24 heads allow it.
    void mamba2GroupsUnderTp() {
        const ModelSpec one = importJson(falconH1_7b()).value();
        const LayerGroup *mixer = nullptr;
        for (const LayerGroup &l : one.layers) {
            mixer = l.kind == AttentionKind::Linear ? &l : mixer;
        }
        QVERIFY(mixer != nullptr);
        QCOMPARE(mixer->stateGroups, 1u);
        QCOMPARE(mixer->convElements, 10752ull);
        QCOMPARE(linearStatePerRank(*mixer, 1).conv, 10752ull);
        QCOMPARE(linearStatePerRank(*mixer, 2).conv, 6144ull);
        QCOMPARE(linearStatePerRank(*mixer, 4).conv, 3ull * (768 + 512));
        QCOMPARE(linearStatePerRank(*mixer, 2).state, 24ull * 128 * 256 / 2);
        QVERIFY(layoutProblem(one, {4, 1, 1}).empty());
        // in_proj's B and C rows (2 x 256 of 3,072 columns, 44 layers) stay whole on each rank.
        std::uint64_t groupRows = 0;
        for (const GroupBytes &g : weightPlacement(one, {2, 1, 1})) {
            if (g.name.find("Mamba2 group rows") != std::string::npos) {
                QCOMPARE(g.perGpuBytes, g.totalBytes);
                groupRows += g.totalBytes;
            }
        }
        QCOMPARE(groupRows, 2ull * 256 * 3072 * 44 * 2);

        J j = falconH1_7b();
        j["mamba_n_groups"] = 2;
        const ModelSpec two = importJson(j).value();
        QCOMPARE(QString::fromStdString(layoutProblem(two, {4, 1, 1})),
                 QString("TP 4 does not divide the 2 Mamba2 groups (n_groups must be a multiple "
                         "of TP, or 1)"));
        QVERIFY(layoutProblem(two, {2, 1, 2}).empty());
        const auto par = preferredLayout(two, 4, 8);
        QVERIFY(par.ok());
        QCOMPARE(par->tp, 2u);
        for (const LayerGroup &l : two.layers) {
            if (l.kind == AttentionKind::Linear) { // two groups split evenly: no replication
                QCOMPARE(linearStatePerRank(l, 2).conv, 3ull * (3072 + 1024) / 2);
            }
        }
    }

    // Prefix caching on a Mamba-mixer model under vLLM: the plan says that a class declaring
    // Mamba prefix caching runs vLLM's 'all' mode, which the plan's two pages undercount.
    void prefixCachingAllModeWarning() {
        const ModelSpec m = importJson(falconH1_7b()).value();
        Scenario s = defaultScenario();
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100-sxm";
        s.hardware.gpuCount = 1;
        s.pricing.apiPriceId.clear();
        const auto mentions = [&](const Scenario &sc) {
            const auto p = evaluate(sc, Catalogue::builtin(), m);
            return p.ok() &&
                   std::any_of(p->warnings.begin(), p->warnings.end(), [](const std::string &w) {
                       return w.find("'all' cache mode") != std::string::npos;
                   });
        };
        QVERIFY(!mentions(s));
        s.engine.prefixCaching = true;
        QVERIFY(mentions(s));
        s.engine.engine = Engine::Sglang;
        QVERIFY(!mentions(s));
    }

    // Falcon-H1 reads head_dim only: Hunyuan's attention_head_dim does not change it.
    void headDimOnly() {
        J j = falconH1_7b();
        j.erase("head_dim");
        j["attention_head_dim"] = 64;
        const ModelSpec m = importJson(j).value();
        QCOMPARE(m.layers.front().headDim, 256u); // 3072 / 12
    }

    // A falcon-h1 GGUF: every layer with KV heads also keeps the ssm.* state.
    void ggufFalconH1() {
        const auto spec = tinyGguf("falcon-h1");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QCOMPARE(layersOf(*spec, AttentionKind::GQA), 4ull);
        QCOMPARE(layersOf(*spec, AttentionKind::Linear), 4ull);
        QVERIFY(spec->parallelHybrid());
        for (const auto &l : spec->layers) {
            if (l.kind == AttentionKind::Linear) {
                QCOMPARE(l.stateElements, 128ull * 16);
                QCOMPARE(l.convElements, 3ull * (128 + 2 * 16));
            }
        }
        // Without its state keys, or with a layer of no KV heads, it is refused by name.
        QCOMPARE(tinyGguf("falcon-h1", "ssm.state_size").error().field,
                 std::string("f.gguf: falcon-h1.ssm.state_size"));
        QCOMPARE(tinyGguf("falcon-h1", "ssm.inner_size").error().field,
                 std::string("f.gguf: falcon-h1.ssm.inner_size"));
        QCOMPARE(tinyGguf("falcon-h1", "", 0).error().field,
                 std::string("f.gguf: falcon-h1.attention.head_count_kv"));
        // Another architecture with the same keys keeps attention only.
        const auto llama = tinyGguf("llama");
        QVERIFY(llama.ok());
        QCOMPARE(layersOf(*llama, AttentionKind::Linear), 0ull);
    }
};

QTEST_GUILESS_MAIN(TestFalconH1)
#include "tst_falconh1.moc"
