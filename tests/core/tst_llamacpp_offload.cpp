// SPDX-License-Identifier: MIT
// llama.cpp's op offload (engine/llamacpp.h): for a micro-batch of 32 tokens or more GPU 0 runs
// the matmuls of weights kept in system RAM (experts of --n-cpu-moe blocks, layers -ngl leaves
// on the CPU, an LM head on the CPU), copying each into its compute buffer. Checked on the
// mirrored headers of the golden rows: gpt-oss-20b MXFP4 (row O1) and Qwen3-30B-A3B Q4_K_M.
#include "ggufwriter.h"
#include "llamatestutil.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"

#include <algorithm>

using namespace hostplan;

namespace {

const ModelSpec &gptOss20b() {
    static const ModelSpec m = ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "oss.gguf");
    return m;
}

using llamatest::on4090;

// gpt-oss-20b's mirrored tensors: the q8_0 LM head (2880 x 201088) and one expert projection
// (mxfp4 2880 x 2880 x 32).
constexpr std::uint64_t kOssHead = std::uint64_t(2880) * 201088 / 32 * 34;
constexpr std::uint64_t kOssExpert = std::uint64_t(2880) * 2880 * 32 / 32 * 17;
// Stages at -ub 512: logits (201088 + 2880 rows of f32, before b9460) and a layer's FFN stage (4
// experts x 2880 gate and up outputs plus four hidden rows).
constexpr std::uint64_t kOssLogits = std::uint64_t(201088 + 2880) * 512 * 4;
// From b9460 (PR #23861) llama-server reserves one row of logits per slot (one slot here).
constexpr std::uint64_t kOssLogitsOneRow =
    std::uint64_t(201088) * 4 + std::uint64_t(2880) * 512 * 4;
constexpr std::uint64_t kOssFfn = std::uint64_t(512) * 4 * (2 * 4 * 2880 + 4 * 2880);
// A copy of a layer's weight sits above the f16 masks every layer still reads under Flash
// Attention (llamaFlashLayerBlock; the newest rules create them in f16, so no f32 hole below):
// 4,096 cells of the full cache and 768 of the sliding-window one, 2 B each per token.
constexpr std::uint64_t kOssMasksF16 = std::uint64_t(512) * (4096 + 768) * 2;

} // namespace

class TestLlamaCppOffload : public QObject {
    Q_OBJECT

  private slots:
    void headOnTheCpuIsCopiedToGpu0() {
        // Row O1's setting: b6182, -ngl 24 of 24 leaves the output layer on the CPU.
        LlamaCppInput in = on4090(gptOss20b());
        in.build = 6182;
        in.gpuLayers = 24;
        in.cpuMoeLayers = 14;
        in.flashAttention = false;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(!p.outputOnGpu);
        QCOMPARE(p.opOffloadCopy, kOssHead);
        QCOMPARE(p.perGpu[0].compute, kOssHead + kOssLogits); // 985.20 MiB, as logged
        COMPARE_NEAR(double(p.perGpu[0].compute), 985.20 * 1024 * 1024, 0, 0.001);
        QVERIFY(p.perGpu[0].computeHigh >= p.perGpu[0].compute);
        // --no-op-offload: the GPU keeps only its layers' largest stage, without Flash
        // Attention the attention stage of the 4096-cell layers: 512 x 4 x (4096 x (64 + 1) +
        // 4 x 2880) bytes (542.5 MiB); with it the FFN stage. The command line carries the flag.
        in.opOffload = false;
        const LlamaCppPlan off = planLlamaCpp(in).value();
        QCOMPARE(off.opOffloadCopy, std::uint64_t(0));
        QCOMPARE(off.perGpu[0].compute, std::uint64_t(512) * 4 * (4096 * 65 + 4 * 2880));
        LlamaCppInput fa = in;
        fa.flashAttention = true;
        QCOMPARE(planLlamaCpp(fa)->perGpu[0].compute, kOssFfn);
        QVERIFY(llamaServerCommand(in, off).find(" --no-op-offload") != std::string::npos);
        in.opOffload = true;
        QVERIFY(llamaServerCommand(in, p).find("op-offload") == std::string::npos);
        QCOMPARE(llamaCppPlanJson(in, p)["placement"]["op_offload_copy"].get<std::uint64_t>(),
                 kOssHead);
    }

    void smallMicroBatchIsNotOffloaded() {
        // The worst-case graph has min(n_ctx, n_ubatch) tokens; under 32 the CPU keeps its ops.
        LlamaCppInput in = on4090(gptOss20b());
        in.build = 6182;
        in.gpuLayers = 24;
        in.ubatch = 31;
        QCOMPARE(planLlamaCpp(in)->opOffloadCopy, std::uint64_t(0));
        in.ubatch = 32;
        const LlamaCppPlan at32 = planLlamaCpp(in).value();
        QCOMPARE(at32.opOffloadCopy, kOssHead);
        QCOMPARE(at32.perGpu[0].compute, kOssHead + std::uint64_t(201088 + 2880) * 32 * 4);
    }

    void cpuExpertsAreCopiedOneTensorAtATime() {
        // b9459's rules, every layer and the output on the GPU, all experts in RAM: the largest
        // copy is one expert projection, read beside a layer's FFN stage; the logits stage of
        // 512 rows is larger and stays the buffer's size.
        LlamaCppInput in = on4090(gptOss20b());
        in.cpuMoeLayers = 24;
        in.build = 9459;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.outputOnGpu);
        QCOMPARE(p.opOffloadCopy, kOssExpert);
        QCOMPARE(p.perGpu[0].compute, kOssLogits);
        // At -b 4096 -ub 4096 the stages grow with the tokens, the copy does not (-ub alone
        // stays at n_batch's 2048: llama.cpp takes n_ubatch = min(n_batch, n_ubatch)).
        in.ubatch = 4096;
        QCOMPARE(planLlamaCpp(in).value().perGpu[0].compute,
                 std::uint64_t(201088 + 2880) * 2048 * 4);
        in.batch = 4096;
        const LlamaCppPlan big = planLlamaCpp(in).value();
        QCOMPARE(big.opOffloadCopy, kOssExpert);
        QCOMPARE(big.perGpu[0].compute, std::uint64_t(201088 + 2880) * 4096 * 4);
        // The newest rules reserve one row of logits: the copy and its FFN stage set the buffer.
        in.build = 0;
        in.ubatch = 512;
        const LlamaCppPlan now = planLlamaCpp(in).value();
        QVERIFY(kOssLogitsOneRow < kOssExpert + kOssFfn);
        QCOMPARE(now.perGpu[0].compute, kOssMasksF16 + kOssExpert + kOssFfn);
        // No expert in RAM and everything on the GPU: nothing to copy.
        in.cpuMoeLayers = 0;
        QCOMPARE(planLlamaCpp(in)->opOffloadCopy, std::uint64_t(0));
    }

    void largeExpertsSetTheBuffer() {
        // Qwen3-30B-A3B Q4_K_M, all experts in RAM: the largest copy is the q6_K ffn_down_exps
        // of a use_more_bits block (2048 x 768 x 128), from the header's own tensor table. At
        // -ub 32 the logits stage is small and the copy sets GPU 0's buffer; at -ub 512 the
        // logits stage does.
        const ModelSpec m = ggufwriter::modelOf(ggufwriter::qwen3_30b_a3b_q4km(151936), "q.gguf");
        LlamaCppInput in = on4090(m);
        in.cpuMoeLayers = 48;
        in.ubatch = 32;
        const std::uint64_t q6 = std::uint64_t(2048) * 768 * 128 / 256 * 210;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.opOffloadCopy, q6);
        // The FFN stage is the down projection's node (8 experts' 768-wide input and 2048-wide
        // outputs, one residual row): larger than gate and up here. The f16 mask of 4,096 cells
        // lies below the copy.
        const std::uint64_t ffn = std::uint64_t(32) * 4 * (8 * 768 + 8 * 2048 + 2048);
        const std::uint64_t mask = std::uint64_t(32) * 4096 * 2;
        QCOMPARE(p.perGpu[0].compute, mask + q6 + ffn);
        in.ubatch = 512;
        QCOMPARE(planLlamaCpp(in)->perGpu[0].compute, 16 * (mask + ffn) + q6); // one row of logits
        in.build = 9459; // before PR #23861: 512 rows of logits
        QCOMPARE(planLlamaCpp(in)->perGpu[0].compute, std::uint64_t(151936 + 2048) * 512 * 4);
        in.build = 0;
        // Without a tensor table (the same model with its per-layer lists dropped) the copy is
        // estimated as a third of a layer's experts: the mean of q4_K, q4_K and q6_K here.
        ModelSpec coarse = m;
        coarse.layerLargestTensor.clear();
        coarse.layerLargestExpertTensor.clear();
        in.model = &coarse;
        in.ubatch = 32;
        const std::uint64_t q4 = std::uint64_t(2048) * 768 * 128 / 256 * 144;
        QCOMPARE(planLlamaCpp(in)->opOffloadCopy, (2 * q4 + q6 + 2) / 3);
    }

    void copiesLandOnGpu0Only() {
        // Two GPUs, -ngl 10 (newest rules: the output layer and 9 blocks on the GPUs): the CPU
        // blocks' matmuls go to the first GPU backend; GPU 1 keeps its own stages.
        const ModelSpec &m = gptOss20b();
        LlamaCppInput in = on4090(m);
        in.gpuCount = 2;
        in.gpuLayers = 10;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        LlamaCppInput off = in;
        off.opOffload = false;
        const LlamaCppPlan q = planLlamaCpp(off).value();
        QCOMPARE(p.opOffloadCopy, kOssExpert);
        QCOMPARE(p.perGpu[0].compute,
                 std::max(q.perGpu[0].compute, kOssMasksF16 + kOssExpert + kOssFfn));
        QCOMPARE(p.perGpu[1].compute, q.perGpu[1].compute);
        // -ngl 0: no layer on a GPU, yet GPU 0 still runs the big matmuls.
        in.gpuCount = 1;
        in.gpuLayers = 0;
        const LlamaCppPlan none = planLlamaCpp(in).value();
        QCOMPARE(none.layersOnGpu, 0u);
        QCOMPARE(none.perGpu[0].compute, kOssHead + kOssLogitsOneRow);
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppOffload)
#include "tst_llamacpp_offload.moc"
