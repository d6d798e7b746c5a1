// SPDX-License-Identifier: MIT
// Three llama.cpp memory rules (engine/llamacpp.h) against the buffers llama.cpp printed in
// published start-up logs (docs/ACCURACY.md rows L4-L16 have the sources): the MLA cache by the
// GGUF's keys and the release (LlamaRule::MlaLatentCache, MlaVlessCache), the KQ-mask stage of
// a GPU's compute buffer with Flash Attention, and the host compute buffer with layers in system
// RAM under op offload.
#include "ggufwriter.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "import/modelimport.h"

#include <algorithm>

using namespace hostplan;
using hostplan::modelimporttest::layersOf;

namespace {

constexpr std::uint64_t MiB = 1024 * 1024;

ModelSpec config(const char *file) {
    auto s = importModelPath(std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + file);
    if (!s.ok()) {
        qFatal("%s", s.error().toString().c_str());
    }
    return s.value();
}

/// zai-org/GLM-4.5-Air's shape as the b6168 log prints it (row L5; the same inline config as
/// goldenllamalogs.h): 46 layers, hidden 4096, 96 heads of 128, 8 KV heads, 128 experts of 1408
/// (top 8), vocab 151552.
ModelSpec glm45Air() {
    auto s = importHfConfigText(
        R"({"architectures":["Glm4MoeForCausalLM"],"model_type":"glm4_moe","attention_bias":true,
        "first_k_dense_replace":1,"head_dim":128,"hidden_size":4096,"intermediate_size":10944,
        "max_position_embeddings":131072,"moe_intermediate_size":1408,"n_routed_experts":128,
        "n_shared_experts":1,"num_attention_heads":96,"num_experts_per_tok":8,
        "num_hidden_layers":46,"num_key_value_heads":8,"num_nextn_predict_layers":1,
        "partial_rotary_factor":0.5,"tie_word_embeddings":false,"torch_dtype":"bfloat16",
        "vocab_size":151552})",
        "zai-org/GLM-4.5-Air");
    if (!s.ok()) {
        qFatal("%s", s.error().toString().c_str());
    }
    return s.value();
}

ModelSpec asType(const ModelSpec &m, const char *type) {
    return asGgufType(m, *gguf::ggmlTypeByName(type));
}

/// DeepSeek-V2-Lite's attention metadata (27 layers, 16 heads, kv_lora_rank 512, rope 64,
/// qk_nope 128, v_head_dim 128) as convert_hf_to_gguf.py writes it: with `latentKeys` the
/// conversion of llama.cpp PR #12801 and later (key_length 576, value_length 512, one KV head,
/// key_length_mla 192, value_length_mla 128), else an older one (key_length 192,
/// value_length 128, 16 KV heads, no *_mla keys: the file of the b7057 log, row L7).
ModelSpec deepseekV2Lite(bool latentKeys) {
    ggufwriter::Writer w;
    w.string("general.architecture", "deepseek2")
        .u32("deepseek2.block_count", 27)
        .u32("deepseek2.embedding_length", 2048)
        .u32("deepseek2.attention.head_count", 16)
        .u32("deepseek2.attention.head_count_kv", latentKeys ? 1 : 16)
        .u32("deepseek2.attention.kv_lora_rank", 512)
        .u32("deepseek2.rope.dimension_count", 64)
        .u32("deepseek2.attention.key_length", latentKeys ? 576 : 192)
        .u32("deepseek2.attention.value_length", latentKeys ? 512 : 128)
        .u32("deepseek2.vocab_size", 102400)
        .blockNorms(27, 2048);
    if (latentKeys) {
        w.u32("deepseek2.attention.key_length_mla", 192)
            .u32("deepseek2.attention.value_length_mla", 128);
    }
    return ggufwriter::modelOf(w, latentKeys ? "v2-lite-mla.gguf" : "v2-lite.gguf");
}

ModelSpec qwen36_27b(std::uint32_t interval, const std::vector<bool> &recurrent = {}) {
    return ggufwriter::modelOf(ggufwriter::qwen36_27bHeader(interval, recurrent),
                               "qwen3.6-27b.gguf");
}

/// `m` on the CPU alone (epyc-9004 host), -c `context`, one slot, release `build`.
LlamaCppInput onCpu(const ModelSpec &m, std::uint64_t context, std::uint32_t build) {
    LlamaCppInput in;
    in.model = &m;
    in.host = findHost("epyc-9004").value();
    in.context = context;
    in.parallel = 1;
    in.build = build;
    return in;
}

LlamaCppInput onGpu(const ModelSpec &m, const char *gpu, std::uint64_t context,
                    std::uint32_t build) {
    LlamaCppInput in = onCpu(m, context, build);
    in.gpu = Catalogue::builtin().findGpu(gpu).value();
    return in;
}

} // namespace

class TestLlamaCppLogs : public QObject {
    Q_OBJECT

  private slots:
    // The importer keeps each head's widths (192 / 128) for both conversions and marks the file
    // without the *_mla keys by llama.cpp's KV heads (16 instead of 1).
    void mlaKeysImport() {
        for (const bool latent : {true, false}) {
            const ModelSpec m = deepseekV2Lite(latent);
            QCOMPARE(m.layers.size(), std::size_t(1));
            const LayerGroup &g = m.layers.front();
            QCOMPARE(g.kind, AttentionKind::MLA);
            QCOMPARE(g.headDim, 192u);
            QCOMPARE(g.vHeadDim, 128u);
            QCOMPARE(g.kvLoraRank, 512u);
            QCOMPARE(g.kvHeads, latent ? 1u : 16u);
        }
    }

    // KV bytes per cell, all 27 layers, f16. The b7057 log of a file without the keys (row L7):
    // "K (f16): 648.00 MiB, V (f16): 432.00 MiB" at 4096 cells = 27 x (16 x 192 + 16 x 128) x
    // 2 B per cell. A file with the keys: K of 576 and V of 512 from PR #12801 (b5138), K of 576
    // alone from PR #19067 (b7824); before PR #12801 every file caches full K and V (a file
    // with the keys is newer than such a release; the plan falls back to the full cache, as a
    // config's does).
    void mlaCacheByKeysAndRelease_data() {
        QTest::addColumn<bool>("latentKeys");
        QTest::addColumn<std::uint32_t>("build");
        QTest::addColumn<std::uint64_t>("elementsPerLayer");
        QTest::newRow("noKeys/b7057") << false << 7057u << std::uint64_t(16 * 192 + 16 * 128);
        QTest::newRow("noKeys/newest") << false << 0u << std::uint64_t(16 * 192 + 16 * 128);
        QTest::newRow("keys/b4568") << true << 4568u << std::uint64_t(16 * 192 + 16 * 128);
        QTest::newRow("keys/b5138") << true << 5138u << std::uint64_t(576 + 512);
        QTest::newRow("keys/b7823") << true << 7823u << std::uint64_t(576 + 512);
        QTest::newRow("keys/b7824") << true << 7824u << std::uint64_t(576);
        QTest::newRow("keys/newest") << true << 0u << std::uint64_t(576);
    }
    void mlaCacheByKeysAndRelease() {
        QFETCH(bool, latentKeys);
        QFETCH(std::uint32_t, build);
        QFETCH(std::uint64_t, elementsPerLayer);
        const ModelSpec m = deepseekV2Lite(latentKeys);
        const auto p = planLlamaCpp(onCpu(m, 4096, build));
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->kvBytesPerCell, 27 * elementsPerLayer * 2);
        QCOMPARE(p->host.kvCache, 27 * elementsPerLayer * 2 * 4096);
    }

    // The b7057 log's total: 1080.00 MiB for the file without the keys.
    void mlaWithoutKeysMatchesLog() {
        const ModelSpec m = deepseekV2Lite(false);
        QCOMPARE(planLlamaCpp(onCpu(m, 4096, 7057))->host.kvCache, 1080 * MiB);
    }

    // A config sized as a GGUF is a current conversion, but a release before PR #12801 caches
    // full K and V. The b4568 log of DeepSeek-V3 Q3_K_M (row L4), -ngl 5 -ctk q5_0 (V f16),
    // -c 4096: "CUDA0 KV buffer size = 970.00 MiB", "CPU KV buffer size = 10864.00 MiB":
    // per layer and cell 24576 / 32 x 22 B of q5_0 K plus 16384 x 2 B of V = 49664 B.
    void deepseekV3FullCacheBeforeLatent() {
        const ModelSpec m = asType(config("deepseek-ai--DeepSeek-V3_config.json"), "q3_K");
        LlamaCppInput in = onGpu(m, "rtx-4090", 4096, 4568);
        in.gpuLayers = 5;
        in.flashAttention = false;
        in.kvTypeK = parseLlamaKvType("q5_0").value();
        in.kvTypeV = parseLlamaKvType("f16").value();
        const auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->gpu.kvCache, 970 * MiB);
        QCOMPARE(p->host.kvCache, 10864 * MiB);
        // The same config on the newest release: the latent K row alone, 61 x 576 (q5_0: 18
        // blocks of 22 B).
        in.build = 0;
        QCOMPARE(planLlamaCpp(in)->kvBytesPerCell, std::uint64_t(61) * 18 * 22);
    }

    // With Flash Attention a GPU that runs layers holds the f32 copy of the KQ mask and its f16
    // cast at once, beside the first layer's input, normed, query and rotated query rows.
    // GLM-4.5-Air at -c 131072 -ub 4096 -fa on an RTX PRO 6000, b6168 (row L5): "CUDA0 compute
    // buffer size = 3584.09 MiB" = 131072 x 4096 x (4 + 2) B + (2 x 4096 + 2 x 96 x 128) x 4096 x
    // 4 B = 2048 + 1024 + 512 MiB (the logits stage, 2432 MiB, is smaller). Without Flash
    // Attention the stage is not there.
    void flashAttentionMaskStage() {
        const ModelSpec m = asType(glm45Air(), "q5_K");
        LlamaCppInput in = onGpu(m, "rtx-pro-6000", 131072, 6168);
        in.batch = 4096;
        in.ubatch = 4096;
        const auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->gpu.compute, 3584 * MiB);
        COMPARE_NEAR(double(p->gpu.compute) / MiB, 3584.09, 0, 0.03);
        QVERIFY(p->gpu.computeHigh != p->gpu.compute);
    }

    // Qwen3.5 / 3.6 / Qwen3-Next GGUFs: llama.cpp makes layer i recurrent when (i + 1) %
    // full_attention_interval != 0 (default 4) unless attention.recurrent_layers says which
    // (src/models/qwen35.cpp load_arch_hparams). LM Studio's llama.cpp runtime logged
    // Qwen3.6-27B at 262144 cells, four slots in one cache, f16
    // (lmstudio-ai/lmstudio-bug-tracker#1862): "size = 16384.00 MiB (262144 cells, 16 layers,
    // 4/1 seqs)" and recurrent state "size = 598.50 MiB (4 cells, 64 layers, 4 seqs)":
    // 48 layers x 4 x (48 x 128 x 128 + 3 x (6144 + 2 x 16 x 128)) x 4 B.
    void qwen35RecurrentLayersByInterval() {
        for (const std::uint32_t interval : {4u, 0u}) { // the key, or llama.cpp's default
            const ModelSpec m = qwen36_27b(interval);
            QCOMPARE(layersOf(m, AttentionKind::Linear), 48ull);
            QCOMPARE(layersOf(m, AttentionKind::GQA), 16ull);
            LlamaCppInput in = onGpu(m, "rtx-pro-6000", 262144, 0);
            in.parallel = 4;
            in.unifiedKv = true;
            const auto p = planLlamaCpp(in);
            QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
            QCOMPARE(p->gpu.kvCache + p->host.kvCache, 16384 * MiB + std::uint64_t(598.5 * MiB));
            QCOMPARE(p->gpu.recurrentState + p->host.recurrentState,
                     std::uint64_t(598.5 * MiB)); // the RS buffer, apart
        }
        // An explicit list wins over the interval: here the first 32 layers recurrent.
        std::vector<bool> recurrent(64, false);
        std::fill(recurrent.begin(), recurrent.begin() + 32, true);
        const ModelSpec listed = qwen36_27b(4, recurrent);
        QCOMPARE(layersOf(listed, AttentionKind::Linear), 32ull);
        QCOMPARE(layersOf(listed, AttentionKind::GQA), 32ull);
        // Another architecture keeps reading head_count_kv: every layer attention.
        ggufwriter::Writer w;
        w.string("general.architecture", "qwen3")
            .u32("qwen3.block_count", 8)
            .u32("qwen3.embedding_length", 512)
            .u32("qwen3.attention.head_count", 8)
            .u32("qwen3.attention.head_count_kv", 4)
            .u32("qwen3.full_attention_interval", 4)
            .u32("qwen3.vocab_size", 1000)
            .blockNorms(8, 512);
        QCOMPARE(layersOf(ggufwriter::modelOf(w, "q3.gguf"), AttentionKind::GQA), 8ull);
    }

    // Where the logits stage is larger the mask stage changes nothing: Qwen3-Coder-30B-A3B
    // (Qwen3-30B-A3B's shape) at -c 65536 with four unified slots, b7342 (row L10): "CUDA0
    // compute buffer size = 300.75 MiB" = (151936 + 2048) x 512 x 4 B, above the mask stage's
    // 65536 x 512 x 6 B + (2 x 2048 + 2 x 4096) x 512 x 4 B = 216 MiB.
    void logitsStageStillLargest() {
        const ModelSpec m = asType(config("Qwen--Qwen3-30B-A3B_config.json"), "q8_0");
        LlamaCppInput in = onGpu(m, "a100-80gb", 65536, 7342);
        in.parallel = 4;
        in.unifiedKv = true;
        const auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->gpu.compute, std::uint64_t(151936 + 2048) * 512 * 4);
    }

    // llama-graph.cpp @ 434f71a5: with everything offloaded the host compute buffer holds the
    // graph inputs: the token rows gathered from token_embd, the f32 embeddings input that
    // build_inp_embd has created beside them since PRs #18550 / #18898, and the f32 KQ mask.
    // Releases before b7847 (LlamaCppInput::build) lack the embeddings input: they log 9.01 MiB
    // at -c 512 and 16.01 MiB at -c 4096 for Llama-3-8B, n_ubatch 512 (one n_embd row fewer).
    // Gemma-3 (iSWA) has a second mask over the SWA cache's cells.
    // From b9410 (PR #23764) the mask is f16 under Flash Attention: 2 B per cell and token.
    void hostComputeIsTheGraphInputs() {
        const ModelSpec m = ggufwriter::llama31_8b_q4kmModel();
        LlamaCppInput in = onGpu(m, "rtx-4090", 512, 0);
        QCOMPARE(planLlamaCpp(in)->host.compute, (2 * 4096 * 4 + 512 * 2) * std::uint64_t(512));
        in.context = 4096;
        QCOMPARE(planLlamaCpp(in)->host.compute, (2 * 4096 * 4 + 4096 * 2) * std::uint64_t(512));
        in.flashAttention = false;
        QCOMPARE(planLlamaCpp(in)->host.compute, std::uint64_t(2 * 4096 + 4096) * 512 * 4);
        in.flashAttention = true;
        in.build = 9409;
        QCOMPARE(planLlamaCpp(in)->host.compute, std::uint64_t(2 * 4096 + 4096) * 512 * 4);
        in.build = 7846;
        QCOMPARE(planLlamaCpp(in)->host.compute, std::uint64_t(4096 + 4096) * 512 * 4);
        in.context = 512;
        QCOMPARE(planLlamaCpp(in)->host.compute, std::uint64_t(4096 + 512) * 512 * 4);
        in.build = 7847;
        QCOMPARE(planLlamaCpp(in)->host.compute, std::uint64_t(2 * 4096 + 512) * 512 * 4);
    }

    // From b9460 (PR #23861) llama-server reserves the logits for one output per slot, not the
    // whole micro-batch: the same plan's logits stage holds 4 rows of 151,936, and the mask
    // stage (the f16 mask of PR #23764, b9410, 65536 x 512 x 2 B, + (2 x 2048 + 2 x 4096) x
    // 512 x 4 B) sets the buffer.
    // llama-cli keeps n_batch outputs. A llama-server log of a later build (Qwen3-4B q4_K_M,
    // -c 8192, four slots) shows the cut: CUDA0 compute 85.01 MiB where 512 rows of logits
    // alone are 296.75 MiB.
    void serverOutputsPerSlot() {
        const ModelSpec m = asType(config("Qwen--Qwen3-30B-A3B_config.json"), "q8_0");
        LlamaCppInput in = onGpu(m, "a100-80gb", 65536, 9459);
        in.parallel = 4;
        in.unifiedKv = true;
        QCOMPARE(planLlamaCpp(in)->gpu.compute, std::uint64_t(151936 + 2048) * 512 * 4);
        in.build = 9460;
        QCOMPARE(planLlamaCpp(in)->gpu.compute,
                 std::uint64_t(65536) * 512 * 2 + std::uint64_t(2 * 2048 + 2 * 4096) * 512 * 4);
        in.server = false; // llama-cli
        QCOMPARE(planLlamaCpp(in)->gpu.compute, std::uint64_t(151936 + 2048) * 512 * 4);
        QVERIFY(!llamaFollows(9459, LlamaRule::ServerOutputsPerSlot));
        QVERIFY(llamaFollows(9460, LlamaRule::ServerOutputsPerSlot));
    }

    // Layers in RAM with op offload: GPU 0 runs their matmuls and attention, the host buffer
    // holds the f32 KQ mask and the larger of the embedding inputs and the K and V rows a
    // RAM-resident layer writes. Logged host buffers (rows L4, L8, L6):
    // DeepSeek-V3 at b4568, -ngl 5, FA off: 88.01 MiB = 512 x (4096 + 24576 + 16384) x 4 B;
    // Qwen3-235B-A22B at b5398, -ngl 93 of 94, FA off: 16.01 MiB = 512 x (4096 + 4096) x 4 B
    // (the n_embd rows outweigh one layer's 4 x 128 + 4 x 128);
    // Qwen3-0.6B's shape at b7847, 7 of 28 layers and the output on the GPU, -c 20224, FA on,
    // q8_0 KV: 43.51 MiB = 512 x (20224 + 2 x 1024) x 4 B (two embedding inputs, PR #18898).
    void hostBufferUnderOpOffload_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<std::uint32_t>("build");
        QTest::addColumn<std::uint64_t>("context");
        QTest::addColumn<std::uint32_t>("ngl");
        QTest::addColumn<bool>("flashAttention");
        QTest::addColumn<QString>("kvType");
        QTest::addColumn<std::uint64_t>("expected");
        QTest::addColumn<double>("logged");
        QTest::newRow("deepseek-v3/b4568/ngl5")
            << "deepseek-ai--DeepSeek-V3_config.json"
            << "q3_K"
            << "rtx-4090" << 4568u << std::uint64_t(4096) << 5u << false << "q5_0"
            << std::uint64_t(512) * (4096 + 24576 + 16384) * 4 << 88.01;
        QTest::newRow("qwen3-235b/b5398/ngl93")
            << "Qwen--Qwen3-235B-A22B_config.json"
            << "q3_K"
            << "rtx-pro-6000" << 5398u << std::uint64_t(4096) << 93u << false << "f16"
            << std::uint64_t(512) * (4096 + 4096) * 4 << 16.01;
        QTest::newRow("qwen3-0.6b/b7847/ngl8")
            << "Qwen--Qwen3-0.6B_config.json"
            << "q8_0"
            << "rtx-4090" << 7847u << std::uint64_t(20224) << 8u << true << "q8_0"
            << std::uint64_t(512) * (20224 + 2 * 1024) * 4 << 43.51;
    }
    void hostBufferUnderOpOffload() {
        QFETCH(QString, file);
        QFETCH(QString, type);
        QFETCH(QString, gpu);
        QFETCH(std::uint32_t, build);
        QFETCH(std::uint64_t, context);
        QFETCH(std::uint32_t, ngl);
        QFETCH(bool, flashAttention);
        QFETCH(QString, kvType);
        QFETCH(std::uint64_t, expected);
        QFETCH(double, logged);
        const ModelSpec m = asType(config(file.toStdString().c_str()), type.toLatin1().data());
        LlamaCppInput in = onGpu(m, gpu.toLatin1().data(), context, build);
        in.gpuLayers = ngl;
        in.flashAttention = flashAttention;
        in.kvTypeK = parseLlamaKvType(kvType.toStdString()).value();
        in.kvTypeV = flashAttention ? in.kvTypeK : parseLlamaKvType("f16").value();
        const auto p = planLlamaCpp(in);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QVERIFY(p->layersOnGpu < p->layers);
        QCOMPARE(p->host.compute, expected);
        COMPARE_NEAR(double(p->host.compute) / MiB, logged, 0, 0.03);
    }

    // Without op offload the layers in RAM compute on the CPU: the host buffer keeps the CPU
    // stage (here the attention stage without Flash Attention, 512 x 4 x (4096 x 129 + 4 x
    // 7168) B = 1088 MiB for DeepSeek-V3's 128 heads at -c 4096).
    void hostBufferWithoutOpOffload() {
        const ModelSpec m = asType(config("deepseek-ai--DeepSeek-V3_config.json"), "q3_K");
        LlamaCppInput in = onGpu(m, "rtx-4090", 4096, 4568);
        in.gpuLayers = 5;
        in.flashAttention = false;
        in.opOffload = false;
        const auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->host.compute, std::uint64_t(512) * 4 * (4096 * 129 + 4 * 7168));
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppLogs)
#include "tst_llamacpp_logs.moc"
