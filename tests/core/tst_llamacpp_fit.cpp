// SPDX-License-Identifier: MIT
// llama.cpp's --fit placement when -ngl is not given (engine/llamacpp_fit.cpp, common/fit.cpp @
// 08033df0): the layers it keeps off the GPU for a dense model, the expert tensors it keeps in
// RAM for a MoE model, a model too big for GPU and RAM together, the user's own -ngl and
// --n-cpu-moe left alone, releases before --fit planned as before, and a context past the
// model's training context named; a Hugging Face config's weights per layer where its groups
// sit.
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "import/modelimport.h"
#include "util/numbertext.h"
#include "util/units.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

using namespace hostplan;

namespace {

ModelSpec asGguf(const char *file, const char *type) {
    auto s = importModelPath(std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + file);
    if (!s.ok()) {
        qFatal("%s", s.error().toString().c_str());
    }
    return asGgufType(s.value(), *gguf::ggmlTypeByName(type));
}

/// llama-server's defaults (-c, -np and -ngl unset) on one RTX 4090 and a 64 GB DDR5 desktop.
LlamaCppInput defaults(const ModelSpec &m) {
    LlamaCppInput in;
    in.model = &m;
    in.gpu = Catalogue::builtin().findGpu("rtx-4090").value();
    in.host = findHost("ddr5-desktop").value();
    return in;
}

/// --fit's test on GPU d: model + context + compute within the usable memory less the
/// assumed runtime and the 1 GiB target.
bool keepsTarget(const LlamaCppPlan &p, std::size_t d) {
    const LlamaCppSide &g = p.perGpu[d];
    return g.total() - g.runtime + std::uint64_t(gib(kLlamaGpuRuntimeGiB)) + kLlamaFitMarginBytes <=
           p.gpuCapacity;
}

std::string text(const LlamaCppInput &in, const LlamaCppPlan &p) {
    std::ostringstream out;
    writeLlamaCppPlanText(in, p, out);
    return out.str();
}

// What --fit chooses (values from this planner, checked against the rule in each test).
constexpr std::uint32_t kFit70bNgl = 46;
constexpr double kFit70bTokensPerS = 4.60;
constexpr std::uint32_t kFitMoeBlocks = 15;
constexpr double kFitMoeTokensPerS = 102.84;
constexpr std::uint32_t kFit2Gpu0 = 40;
constexpr std::uint32_t kFit2Gpu1 = 40;
// Every layer on the two GPUs: llama.cpp runs them with pipeline parallelism, whose 4 copies of
// the graph inputs --fit's projection counts (engine/llamacpp.h), so the context is lower than
// the 24320 a single-copy compute buffer leaves room for; from b9460 the output GPU's logits
// stage holds one row per slot (PR #23861), which leaves room for one step more (20480 before).
constexpr std::uint64_t kFit2Context = 20736;

} // namespace

class TestLlamaCppFit : public QObject {
    Q_OBJECT

  private slots:
    // A Hugging Face config planned as GGUF puts each group in the layers the import placed it
    // in: DeepSeek-V3 q4_K (144 B per 256 weights) holds its dense MLP (3 x 7168 x 18432) in
    // layers 0-2 and its routed and shared experts in layers 3-60, so -ngl counts a dense
    // layer about 189 MiB heavier than a MoE layer's non-expert part, not an even share.
    void weightsFollowTheConfigLayers() {
        const ModelSpec m = asGguf("deepseek-ai--DeepSeek-V3_config.json", "q4_K");
        const LlamaCppWeights w = llamaCppWeights(m);
        QVERIFY(w.placed && !w.exact);
        QCOMPARE(w.layer.size(), std::size_t(61));
        std::uint64_t sum = w.input + w.output;
        for (std::size_t i = 0; i < 61; ++i) {
            sum += w.layer[i] + w.layerExperts[i];
            QVERIFY2((w.layerExperts[i] == 0) == (i < 3), qPrintable(QString::number(i)));
        }
        QCOMPARE(sum, m.weightBytes());
        const double denseMlp = 3.0 * 7168 * 18432 * 144 / 256;
        const double sharedExpert = 3.0 * 7168 * 2048 * 144 / 256;
        const double heavier = double(w.layer[0]) - double(w.layer[3]);
        QVERIFY2(heavier <= denseMlp - sharedExpert && heavier > denseMlp - sharedExpert - 8e6,
                 qPrintable(QString::number(heavier)));
        // MoE layers alike, to the byte each group's rounding may move.
        QVERIFY(std::llabs(std::int64_t(w.layer[3]) - std::int64_t(w.layer[60])) <= 16);
        QVERIFY(std::llabs(std::int64_t(w.layerExperts[3]) - std::int64_t(w.layerExperts[60])) <=
                16);
    }

    void denseLayersOff() {
        // Llama 3.1 70B q4_K on a 24 GB card: the context falls to --fit's floor, then --fit
        // gives the GPU the most layers (output layer first) that keep 1 GiB free.
        const ModelSpec m = asGguf("meta-llama--Meta-Llama-3.1-70B_config.json", "q4_K");
        const LlamaCppInput in = defaults(m);
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitPlaced);
        QCOMPARE(p.contextRule, LlamaContextRule::Fitted);
        QCOMPARE(p.context, std::uint64_t(4096));
        QCOMPARE(p.gpuLayersFlag, kFit70bNgl);
        QCOMPARE(p.layersOnGpu, kFit70bNgl - 1);
        QVERIFY(p.outputOnGpu);
        QVERIFY(p.fitCpuExpertLayers.empty());
        QVERIFY(p.fits());
        QVERIFY(keepsTarget(p, 0));
        // One layer more breaks the target: the same plan with -ngl given.
        LlamaCppInput more = in;
        more.gpuLayers = kFit70bNgl + 1;
        QVERIFY(!keepsTarget(planLlamaCpp(more).value(), 0));
        LlamaCppInput same = in;
        same.gpuLayers = kFit70bNgl;
        same.context = 4096; // -c unset with -ngl given would project -ngl 47's context
        const LlamaCppPlan given = planLlamaCpp(same).value();
        QVERIFY(!given.fitPlaced);
        QCOMPARE(given.gpu.total(), p.gpu.total());
        QCOMPARE(given.tokensPerSecond, p.tokensPerSecond);
        COMPARE_NEAR(p.tokensPerSecond, kFit70bTokensPerS, 0.05, 0);
        const std::string t = text(in, p);
        QVERIFY2(t.find("placed by --fit (on by default; -ngl not given): -ngl " +
                        std::to_string(kFit70bNgl)) != std::string::npos,
                 t.c_str());
        QVERIFY(t.find("Verdict: fits\n") != std::string::npos);
        QVERIFY(t.find("its floor of 4096; the model does not fit even there, so --fit keeps") !=
                std::string::npos);
        // The command leaves -ngl out so that llama-server's --fit places the layers.
        QVERIFY(llamaServerCommand(in, p).find(" -ngl") == std::string::npos);
        const auto j = llamaCppPlanJson(in, p);
        QVERIFY(j["placement"]["fit_placed"].get<bool>());
        QCOMPARE(j["placement"]["ngl"].get<std::uint32_t>(), kFit70bNgl);
    }

    void userNglKept() {
        // -ngl given: --fit lowers the context and stops ("already set by user").
        const ModelSpec m = asGguf("meta-llama--Meta-Llama-3.1-70B_config.json", "q4_K");
        LlamaCppInput in = defaults(m);
        in.gpuLayers = 99;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(!p.fitPlaced);
        QCOMPARE(p.layersOnGpu, 80u);
        QCOMPARE(p.context, std::uint64_t(4096));
        QVERIFY(!p.fitsGpu);
        QVERIFY(llamaServerCommand(in, p).find(" -ngl 99 ") != std::string::npos);
    }

    void moeExpertsOff() {
        // Qwen3-30B-A3B q8_0 (~32 GB) on a 24 GB card: its dense weights alone fit, so --fit
        // keeps all 48 blocks and the output layer on the GPU and moves the experts of the last
        // blocks to RAM, the first blocks keeping theirs.
        const ModelSpec m = asGguf("Qwen--Qwen3-30B-A3B_config.json", "q8_0");
        const LlamaCppInput in = defaults(m);
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitPlaced);
        QCOMPARE(p.layersOnGpu, 48u);
        QVERIFY(p.outputOnGpu);
        QCOMPARE(p.cpuMoeLayers, 0u);
        QCOMPARE(std::uint32_t(p.fitCpuExpertLayers.size()), kFitMoeBlocks);
        QCOMPARE(p.fitCpuExpertLayers.front(), 48u - kFitMoeBlocks);
        QCOMPARE(p.fitCpuExpertLayers.back(), 47u);
        QVERIFY(p.fits());
        QVERIFY(keepsTarget(p, 0));
        // The RAM holds token_embd and exactly those blocks' experts.
        const LlamaCppWeights w = llamaCppWeights(m);
        std::uint64_t experts = 0;
        for (std::uint32_t il : p.fitCpuExpertLayers) {
            experts += w.layerExperts[il];
        }
        QCOMPARE(p.host.weights, w.input + experts);
        // One block fewer in RAM would break the target: --n-cpu-moe moves the same bytes from
        // the front, so kFitMoeBlocks - 1 of them does not keep 1 GiB free either.
        LlamaCppInput moe = in;
        moe.cpuMoeLayers = kFitMoeBlocks - 1;
        const LlamaCppPlan fewer = planLlamaCpp(moe).value();
        QVERIFY(!fewer.fitPlaced); // a user override: --fit leaves the placement alone
        QCOMPARE(fewer.layersOnGpu, 48u);
        QVERIFY(!keepsTarget(fewer, 0));
        COMPARE_NEAR(p.tokensPerSecond, kFitMoeTokensPerS, 0.05, 0);
        const std::string t = text(in, p);
        QVERIFY2(t.find("experts of " + std::to_string(kFitMoeBlocks) + " of them in RAM (layers " +
                        std::to_string(48 - kFitMoeBlocks) + "-47)") != std::string::npos,
                 t.c_str());
        const auto j = llamaCppPlanJson(in, p);
        QCOMPARE(j["placement"]["fit_cpu_expert_layers"].size(), std::size_t(kFitMoeBlocks));
    }

    void tooBigForGpuAndRam() {
        // Kimi K2 q4_K (~550 GB): --fit still finds a GPU placement (llama.cpp never checks
        // system RAM), but what it keeps off the GPU is far more than 64 GB of RAM.
        const ModelSpec m = asGguf("moonshotai--Kimi-K2-Instruct_config.json", "q4_K");
        const LlamaCppInput in = defaults(m);
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitPlaced);
        QVERIFY(p.fitsGpu);
        QVERIFY(!p.fitsHost);
        QVERIFY(!p.fits());
        const std::string t = text(in, p);
        QVERIFY2(t.find("Verdict: does not fit: what --fit keeps off the GPU needs more than the "
                        "system RAM") != std::string::npos,
                 t.c_str());
    }

    void beforeFit() {
        // b5466 predates --fit (b7847 is the first release HostPlan applies it from): -ngl
        // unset still puts every layer on the GPU, and the plan says it does not fit.
        const ModelSpec m = asGguf("meta-llama--Meta-Llama-3.1-70B_config.json", "q4_K");
        LlamaCppInput in = defaults(m);
        in.build = 5466;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(!p.fitPlaced);
        QCOMPARE(p.layersOnGpu, 80u);
        QVERIFY(!p.fitsGpu);
        bool named = false;
        for (const std::string &n : p.notes) {
            named = named || n.find("PR #16653") != std::string::npos;
        }
        QVERIFY(named);
        in.build = 7847;
        QVERIFY(planLlamaCpp(in)->fitPlaced);
    }

    // -c past the training context: llama.cpp starts with "n_ctx_seq (N) > n_ctx_train (M) --
    // possible training context overflow" (src/llama-context.cpp @ 02c28f53), per slot's
    // stream; the plan says so. gemma-2b-it was trained at 8192 tokens.
    void contextPastTraining() {
        const ModelSpec m = asGguf("google--gemma-2b-it_config.json", "q8_0");
        QCOMPARE(std::uint64_t(m.maxContextTokens), std::uint64_t(8192));
        const auto warned = [](const LlamaCppPlan &p) {
            bool found = false;
            for (const std::string &n : p.notes) {
                found = found ||
                        n.find("exceeds the model's training context (8192)") != std::string::npos;
            }
            return found;
        };
        LlamaCppInput in = defaults(m);
        in.context = 16384; // llama-server's 4 unified slots: each may fill all 16384
        QVERIFY(warned(planLlamaCpp(in).value()));
        in.parallel = 4;
        in.unifiedKv = false; // 4 streams of 4096
        QVERIFY(!warned(planLlamaCpp(in).value()));
        in.context = 32768; // 4 x 8192: at the training context, no warning
        QVERIFY(!warned(planLlamaCpp(in).value()));
        in.context = 32769; // n_ctx 33024, n_ctx_seq PAD(8256, 256) = 8448
        const LlamaCppPlan over = planLlamaCpp(in).value();
        QCOMPARE(over.contextPerSlot, std::uint64_t(8448));
        QVERIFY(warned(over));
    }

    void twoGpusFillTheLastFirst() {
        // Two RTX 4090s, Llama 3.1 70B q4_K (~40 GB): --fit lowers the context and then, with
        // several devices, always places the layers: the last GPU takes the most it can with
        // the output layer, the first the rest.
        const ModelSpec m = asGguf("meta-llama--Meta-Llama-3.1-70B_config.json", "q4_K");
        LlamaCppInput in = defaults(m);
        in.gpuCount = 2;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitPlaced);
        QCOMPARE(p.layersPerGpu, (std::vector<std::uint32_t>{kFit2Gpu0, kFit2Gpu1}));
        QCOMPARE(p.outputGpu, 1u);
        QVERIFY(keepsTarget(p, 0));
        QVERIFY(keepsTarget(p, 1));
        QCOMPARE(p.context, kFit2Context);
        // One slot more on the last GPU breaks its target.
        LlamaCppInput more = in;
        more.context = p.context;
        more.gpuLayers = 81;
        more.tensorSplit = {double(kFit2Gpu0 - 1), double(kFit2Gpu1 + 2)};
        const LlamaCppPlan over = planLlamaCpp(more).value();
        QCOMPARE(over.layersPerGpu, (std::vector<std::uint32_t>{kFit2Gpu0 - 1, kFit2Gpu1 + 1}));
        QVERIFY(!keepsTarget(over, 1));
        // A user split stops it: the layers follow -ts (1,1 over 81 slots: 41, then 39 and the
        // output layer).
        in.tensorSplit = {1, 1};
        const LlamaCppPlan user = planLlamaCpp(in).value();
        QVERIFY(!user.fitPlaced);
        QCOMPARE(user.layersPerGpu, (std::vector<std::uint32_t>{41, 39}));
    }

    void hfLayersInterleave() {
        // A config.json merges Llama 4 Scout's 36 chunked-attention and 12 global layers into
        // one group each; llama.cpp runs them interleaved, global last in every 4 (its SWA
        // pattern 4), so the last blocks -ngl offloads are chunked, chunked, chunked, global.
        const ModelSpec m =
            asGguf("meta-llama--Llama-4-Scout-17B-16E-Instruct_config.json", "q4_K");
        LlamaCppInput in = defaults(m);
        in.gpu = Catalogue::builtin().findGpu("h100-sxm").value();
        in.context = 65536;
        in.parallel = 1;
        const auto kvAt = [&](std::uint32_t ngl) {
            LlamaCppInput at = in;
            at.gpuLayers = ngl; // the output layer first, then blocks from the last
            return planLlamaCpp(at).value().gpu.kvCache;
        };
        const std::uint64_t global = kvAt(2);           // block 47
        const std::uint64_t chunked = kvAt(3) - global; // block 46
        QVERIFY(chunked > 0);
        QVERIFY(chunked < global / 4);           // a chunk of 8192 + a micro-batch, not 65536 cells
        QCOMPARE(kvAt(5), global + 3 * chunked); // blocks 44-47
        QCOMPARE(kvAt(9), 2 * (global + 3 * chunked));
        // Two GPUs, blocks 0-23 and 24-47 (the output layer on GPU 1: -ts 24,25): each holds
        // 18 chunked and 6 global blocks, so the same KV cache.
        in.gpuCount = 2;
        in.gpuLayers = 49;
        in.tensorSplit = {24, 25};
        const LlamaCppPlan two = planLlamaCpp(in).value();
        QCOMPARE(two.layersPerGpu, (std::vector<std::uint32_t>{24, 24}));
        QCOMPARE(two.perGpu[0].kvCache, two.perGpu[1].kvCache);
        QCOMPARE(two.perGpu[0].kvCache, 6 * (global + 3 * chunked));
    }

    void lateOverrunNamed() {
        // Llama 4 Scout q4_K on two H100s at llama-server's defaults: --fit lowers the context,
        // fills GPU 1 with dense-only layers, then converts them front to back. Its last step
        // leaves no expert override, so pipeline parallelism turns on and its four copies of
        // the graph inputs push GPU 0, checked before, past its target: llama.cpp would run
        // out of memory, and the plan says so with the -c that starts.
        const ModelSpec m =
            asGguf("meta-llama--Llama-4-Scout-17B-16E-Instruct_config.json", "q4_K");
        LlamaCppInput in = defaults(m);
        in.gpu = Catalogue::builtin().findGpu("h100-sxm").value();
        in.gpuCount = 2;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitPlaced);
        QCOMPARE(p.schedCopies, 4u);
        QVERIFY(p.fitCpuExpertLayers.empty());
        QVERIFY(!keepsTarget(p, 0));
        QVERIFY(!p.fits());
        const auto note = std::find_if(p.notes.begin(), p.notes.end(), [](const std::string &n) {
            return n.rfind("--fit checks each GPU only while it fills it", 0) == 0;
        });
        QVERIFY(note != p.notes.end());
        QVERIFY(note->find("GPU 0 (") != std::string::npos);
        QVERIFY(note->find("GPU 1 (") == std::string::npos);
        // The largest -c that starts: --fit places the layers again at it.
        const auto c = largestFittingContext(in, p.context);
        QVERIFY(c.has_value());
        QCOMPARE(*c % kLlamaKvPadding, std::uint64_t(0));
        LlamaCppInput at = in;
        at.context = *c;
        QVERIFY(planLlamaCpp(at).value().fits());
        at.context = *c + kLlamaKvPadding;
        QVERIFY(!planLlamaCpp(at).value().fits());
        QVERIFY(text(in, p).find("  -c " + std::to_string(*c) + " fits") != std::string::npos);
        // Nothing fits below one padding step, and a model too big at any context has none.
        QVERIFY(!largestFittingContext(in, kLlamaKvPadding).has_value());
        const ModelSpec big = asGguf("meta-llama--Meta-Llama-3.1-405B_config.json", "f16");
        LlamaCppInput huge = defaults(big);
        huge.host.memoryBytes = 64ull << 30;
        QVERIFY(!largestFittingContext(huge, 131072).has_value());
    }

    // The "at 4,096 tokens" speed keeps the plan's own placement: Llama 3.1 8B q8_0 at 120,000
    // tokens on one RTX 4090, where --fit keeps a layer in RAM, reads the same figure as the
    // same placement given with -ngl (a replan at 4,096 tokens would put every layer on the
    // GPU and read about 30 % faster).
    void shortContextSpeedKeepsPlacement() {
        const ModelSpec m = asGguf("meta-llama--Meta-Llama-3.1-8B_config.json", "q8_0");
        LlamaCppInput in = defaults(m);
        in.context = 120000;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitPlaced);
        QVERIFY(p.layersOnGpu < p.layers);
        LlamaCppInput pinned = in;
        pinned.gpuLayers = p.gpuLayersFlag;
        const LlamaCppPlan q = planLlamaCpp(pinned).value();
        QCOMPARE(q.layersOnGpu, p.layersOnGpu);
        const auto shortFigure = [](const std::string &t) {
            const std::size_t at = t.find("(at 4,096 tokens: at most ");
            return at == std::string::npos ? std::string() : t.substr(at, 40);
        };
        const std::string fitted = shortFigure(text(in, p));
        QVERIFY(!fitted.empty());
        QCOMPARE(fitted, shortFigure(text(pinned, q)));
        LlamaCppInput all = in;
        all.context = 4096;
        const std::string allOnGpu =
            "(at 4,096 tokens: at most " + formatDouble("%.1f", planLlamaCpp(all)->tokensPerSecond);
        QVERIFY2(fitted.rfind(allOnGpu, 0) != 0, fitted.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppFit)
#include "tst_llamacpp_fit.moc"
