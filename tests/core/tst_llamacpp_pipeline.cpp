// SPDX-License-Identifier: MIT
// llama.cpp's pipeline parallelism (the scheduler's copies of the graph inputs) and the KV
// reserve before and after per-sequence streams (engine/llamacpp.h: "Pipeline parallelism",
// LlamaRule::PipelineParallel, LlamaRule::KvStreams). Every figure is the byte count llama.cpp
// allocates for the named shape; row H7 of docs/ACCURACY.md compares them with a log.
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "ggufwriter.h"
#include "goldenmemory.h"

#include <QtTest>

#include <sstream>

using namespace hostplan;

namespace {

constexpr std::uint64_t kUb = 512;
constexpr std::uint64_t kHidden = 896; // Qwen2-0.5B
constexpr std::uint64_t kHeads = 14;

const ModelSpec &qwen2() {
    static const ModelSpec m = ggufwriter::modelOf(ggufwriter::qwen2_05b_q4_0(), "qwen2-0.5b.gguf");
    return m;
}

LlamaCppInput qwenInput(std::uint32_t gpus, std::uint32_t build) {
    LlamaCppInput in;
    in.model = &qwen2();
    in.gpu = golden::loggedGpu("NVIDIA GeForce RTX 4090", 24.0, true);
    in.host = findHost("ddr5-desktop").value();
    in.gpuCount = gpus;
    in.context = 32768;
    in.parallel = 4;
    in.flashAttention = false;
    in.build = build;
    return in;
}

LlamaCppPlan plan(const LlamaCppInput &in) {
    auto p = planLlamaCpp(in);
    if (!p.ok()) {
        qFatal("%s", p.error().toString().c_str());
    }
    return p.value();
}

/// The single-copy attention stage without Flash Attention at `cells` (engine/llamacpp.h).
std::uint64_t attention(std::uint64_t cells) {
    return kUb * 4 * (cells * (kHeads + 1) + 4 * kHidden);
}

} // namespace

class TestLlamaCppPipeline : public QObject {
    Q_OBJECT
  private slots:
    // Two GPUs, every layer and the output layer on them, no override: n_copies 4. Each GPU
    // holds 4 copies of its split inputs (hidden state, the 32768-cell f32 mask, positions;
    // output ids on the output GPU) beside its attention stage less the mask; the host the
    // token rows once and 4 copies of the graph inputs. H7's logged 1166.01 / 1166.02 /
    // 257.77 MiB.
    void onWithEveryLayerOnTwoGpus() {
        const LlamaCppPlan p = plan(qwenInput(2, 3000));
        QCOMPARE(p.schedCopies, 4u);
        QVERIFY(p.pipelineWhy.rfind("on:", 0) == 0);
        const std::uint64_t cells = 32768;
        const std::uint64_t stage = kUb * 4 * (cells * kHeads + 4 * kHidden);
        const std::uint64_t gpu0 = 4 * kUb * 4 * (kHidden + cells + 1) + stage;
        QCOMPARE(p.perGpu[0].compute, gpu0);
        QCOMPARE(p.perGpu[1].compute, gpu0 + 4 * kUb * 4);
        QCOMPARE(p.host.compute, kUb * 4 * kHidden + 4 * kUb * 4 * (cells + 3));
        QCOMPARE(p.perGpu[0].compute, std::uint64_t(1222647808)); // 1166.01 MiB
        QCOMPARE(p.host.compute, std::uint64_t(270295040));       // 257.77 MiB
        // What the three extra copies add over the single-copy plan.
        const std::uint64_t single = 2 * attention(cells) + kUb * 4 * (kHidden + cells);
        QCOMPARE(p.pipelineCopyBytes,
                 p.perGpu[0].compute + p.perGpu[1].compute + p.host.compute - single);
    }

    // -ngl 24 at b3000 (-ngl counting repeating layers first) keeps the output layer on the
    // CPU: no pipeline parallelism, the single-copy stages.
    void offWithALayerOnTheCpu() {
        LlamaCppInput in = qwenInput(2, 3000);
        in.gpuLayers = 24;
        const LlamaCppPlan p = plan(in);
        QVERIFY(!p.outputOnGpu);
        QCOMPARE(p.schedCopies, 1u);
        QVERIFY(p.pipelineWhy.find("-ngl") != std::string::npos);
        QCOMPARE(p.perGpu[0].compute, attention(32768));
        QCOMPARE(p.pipelineCopyBytes, std::uint64_t(0));
    }

    // One GPU, devices without events, or a release before PR #6017: one copy.
    void offWithOneGpuNoEventsOrBeforeB2413() {
        const LlamaCppPlan one = plan(qwenInput(1, 3000));
        QCOMPARE(one.schedCopies, 1u);
        QVERIFY(one.pipelineWhy.empty());
        QCOMPARE(one.gpu.compute, attention(32768));
        QCOMPARE(one.host.compute, kUb * 4 * (kHidden + 32768));
        LlamaCppInput rpc = qwenInput(2, 3000);
        rpc.asyncEvents = false; // RPC devices: no async compute or events
        const LlamaCppPlan noEvents = plan(rpc);
        QCOMPARE(noEvents.schedCopies, 1u);
        QVERIFY(noEvents.pipelineWhy.find("events") != std::string::npos);
        QCOMPARE(noEvents.perGpu[0].compute, attention(32768));
        const LlamaCppPlan old = plan(qwenInput(2, 2412));
        QCOMPARE(old.schedCopies, 1u);
        QVERIFY(old.pipelineWhy.find("predates") != std::string::npos);
        QCOMPARE(old.perGpu[0].compute, attention(32768));
    }

    // A tensor override (--n-cpu-moe) turns it off with every layer on the GPUs; without it
    // the newest rules copy the embeddings input too (LlamaRule::EmbeddingsInput).
    void offWithCpuMoeOverride() {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::qwen3_30b_a3b_q4km(151936), "qwen3-30b-a3b.gguf");
        LlamaCppInput in;
        in.model = &m;
        in.gpu = golden::loggedGpu("NVIDIA GeForce RTX 4090", 24.0, true);
        in.host = findHost("ddr5-desktop").value();
        in.gpuCount = 2;
        in.gpuLayers = 49;
        in.context = 4096;
        in.parallel = 1;
        in.opOffload = false; // GPU 0 would copy layer 0's experts for the override (O1)
        const LlamaCppPlan on = plan(in);
        QCOMPARE(on.schedCopies, 4u);
        const std::uint64_t hidden = 2048;
        // Four copies of the f16 mask (PR #23764), the embeddings input and the I32 inputs.
        QCOMPARE(on.host.compute, kUb * (4 * hidden + 4 * (4096 * 2 + (hidden + 3) * 4)));
        in.cpuMoeLayers = 1;
        const LlamaCppPlan off = plan(in);
        QCOMPARE(off.schedCopies, 1u);
        QVERIFY(off.pipelineWhy.find("override") != std::string::npos);
        QCOMPARE(off.host.compute, kUb * (4 * 2 * hidden + 2 * 4096));
        // The override's experts go back to RAM; the GPU without the output layer keeps its
        // FFN stage (Flash Attention on), no input copies: the down projection's node, the 8
        // experts' 768-wide input and hidden-wide outputs and one residual row.
        QCOMPARE(off.perGpu[0].compute, kUb * 4 * (8 * 768 + 8 * hidden + hidden));
        QCOMPARE(on.perGpu[0].compute, off.perGpu[0].compute + 4 * kUb * 4 * (hidden + 4096 + 1));
    }

    // Before per-sequence streams (b5913, PR #14363) -np 4 shares one cache of n_ctx cells and
    // the worst-case graph is reserved at n_kv = 32768; from b5913 each slot has a stream of
    // 8192 cells and the graph is reserved at 8192 (unless -kvu). The KV cache is the same.
    void kvStreamsReserve() {
        const LlamaCppPlan old = plan(qwenInput(1, 5912));
        QVERIFY(old.unifiedKv);
        QCOMPARE(old.contextPerSlot, std::uint64_t(8192)); // llama-server's n_ctx_slot
        QCOMPARE(old.gpu.compute, attention(32768));
        QCOMPARE(old.host.compute, kUb * 4 * (kHidden + 32768));
        const LlamaCppPlan streams = plan(qwenInput(1, 5913));
        QVERIFY(!streams.unifiedKv);
        QCOMPARE(streams.contextPerSlot, std::uint64_t(8192));
        // At 8192 cells the attention stage falls under the logits stage, which the one GPU
        // then reserves: (151936 + 896) x 512 x 4 bytes = 298.5 MiB.
        QVERIFY(attention(8192) < (151936 + kHidden) * kUb * 4);
        QCOMPARE(streams.gpu.compute, (151936 + kHidden) * kUb * 4);
        QCOMPARE(streams.host.compute, kUb * 4 * (kHidden + 8192));
        const std::uint64_t kv = 24 * 32768 * std::uint64_t(2 * 2 * 64 * 2); // 384 MiB
        QCOMPARE(old.gpu.kvCache, kv);
        QCOMPARE(streams.gpu.kvCache, kv);
        LlamaCppInput kvu = qwenInput(1, 5913);
        kvu.unifiedKv = true;
        const LlamaCppPlan unified = plan(kvu);
        QCOMPARE(unified.gpu.compute, attention(32768));
        QCOMPARE(unified.contextPerSlot, std::uint64_t(32768));
    }

    // llama-server b2366-b4037 adds a sequence for the system prompt: the output buffer holds
    // 5 x n_vocab f32 logits for 4 slots (H7's 2.90 MiB); from b4038, and for another front
    // end on libllama, 4.
    void serverExtraSequence() {
        const std::uint64_t row = 151936 * 4;
        QCOMPARE(plan(qwenInput(2, 3000)).host.outputBuffer, 5 * row);
        QCOMPARE(plan(qwenInput(2, 4038)).host.outputBuffer, 4 * row);
        QCOMPARE(plan(qwenInput(2, 2365)).host.outputBuffer, 4 * row);
        LlamaCppInput library = qwenInput(2, 3000);
        library.server = false;
        QCOMPARE(plan(library).host.outputBuffer, 4 * row);
    }

    // The text and JSON say whether it is on and why.
    void textAndJson() {
        const LlamaCppInput in = qwenInput(2, 3000);
        const LlamaCppPlan p = plan(in);
        std::ostringstream text;
        writeLlamaCppPlanText(in, p, text);
        QVERIFY(text.str().find("pipeline parallelism (n_copies 4): on: every layer and the output "
                                "layer are on the 2 GPUs") != std::string::npos);
        // What else turns it off, which the plan cannot see (llama.cpp#12369's ROCm GPUs ran
        // without it): said, with what it would save.
        QVERIFY(
            text.str().find("-sm row and a build without peer copies (GGML_CUDA_NO_PEER_COPY") !=
            std::string::npos);
        QVERIFY(text.str().find("tensor override (-ot, --n-cpu-moe) turns it off") !=
                std::string::npos);
        const auto j = llamaCppPlanJson(in, p);
        QCOMPARE(j["placement"]["pipeline_copies"].get<std::uint32_t>(), 4u);
        QCOMPARE(j["placement"]["pipeline_copy_bytes"].get<std::uint64_t>(), p.pipelineCopyBytes);
    }
};

QTEST_APPLESS_MAIN(TestLlamaCppPipeline)
#include "tst_llamacpp_pipeline.moc"
