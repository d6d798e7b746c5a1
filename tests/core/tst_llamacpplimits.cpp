// SPDX-License-Identifier: MIT
// llama.cpp plans at the edges of what a file may say: a path the shell would read, a training
// context near the reader's limit, thousands of layers, a context shorter than llama.cpp's
// floor. Each answer must be the rule's, in bounded work.
#include "ggufwriter.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/cardfit.h"
#include "engine/llamacpp.h"
#include "import/ggmltypes.h"
#include "import/modelimport.h"
#include "util/terminaltext.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace hostplan;

namespace {

GpuSpec gpu(const char *name) {
    return Catalogue::builtin().findGpu(name).value();
}

HostSpec desktop() {
    return findHost("ddr5-desktop").value();
}

/// Llama-3.1-8B's config.json with `layers` layers and a `context`-token training window,
/// imported and stored as q4_K.
ModelSpec stretched(std::uint32_t layers, std::uint64_t context) {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                    "/configs/meta-llama--Meta-Llama-3.1-8B_config.json");
    auto cfg = nlohmann::json::parse(f);
    cfg["num_hidden_layers"] = layers;
    cfg["max_position_embeddings"] = context;
    cfg.erase("rope_scaling");
    auto m = importHfConfigText(cfg.dump(), "stretched");
    if (!m.ok()) {
        qFatal("%s", m.error().toString().c_str());
    }
    return asGgufType(m.value(), *gguf::ggmlTypeByName("q4_K"));
}

} // namespace

class tst_LlamaCppLimits : public QObject {
    Q_OBJECT

  private slots:
    // The shell reads a path as one word, whatever it holds; its comment stays one line; the
    // Ollama parameters are comments, so the text runs as a script.
    void serveCommandQuotesThePath() {
        QCOMPARE(shellWord("plain-model_Q4_K_M.gguf"), std::string("plain-model_Q4_K_M.gguf"));
        QCOMPARE(shellWord(""), std::string("''"));
        QCOMPARE(shellWord("a b;$(touch X)`id`.gguf"), std::string("'a b;$(touch X)`id`.gguf'"));
        QCOMPARE(shellWord("it's.gguf"), std::string("'it'\\''s.gguf'"));
        const ModelSpec m = ggufwriter::llama31_8b_q4kmModel();
        LlamaCppInput in;
        in.model = &m;
        in.modelPath = "dir x/a;$(touch PWNED)\nrm -rf ~.gguf";
        in.gpu = gpu("rtx-4090");
        in.host = desktop();
        in.context = 8192;
        const std::string cmd = llamaServerCommand(in, planLlamaCpp(in).value());
        QVERIFY2(cmd.find("llama-server -m 'dir x/a;$(touch PWNED)\nrm -rf ~.gguf' -c 8192") !=
                     std::string::npos,
                 cmd.c_str());
        std::istringstream lines(cmd);
        std::string line;
        int commands = 0;
        bool inQuote = false;
        while (std::getline(lines, line)) {
            if (!inQuote && line.rfind("llama-server ", 0) == 0) {
                ++commands;
            } else if (!inQuote) {
                QVERIFY2(line.empty() || line[0] == '#', line.c_str());
            }
            // The quoted path's newline continues the command's one word (a comment's
            // apostrophes quote nothing).
            if (inQuote || line.rfind("llama-server ", 0) == 0) {
                for (char c : line) {
                    inQuote = c == '\'' ? !inQuote : inQuote;
                }
            }
        }
        QCOMPARE(commands, 1);
        QVERIFY(!inQuote);
        QVERIFY2(cmd.find("\n# PARAMETER num_ctx ") != std::string::npos, cmd.c_str());
    }

    // --fit's context interpolation with a training context of 2^40 tokens: the product of the
    // context range and the bytes to spare passes 2^64, and the plan must still land where the
    // bytes say (a context that fits, with 256 more not fitting the interpolation's line), not
    // at the 4,096 floor.
    void fitContextDoesNotOverflow() {
        const ModelSpec m = stretched(32, std::uint64_t(1) << 40);
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("mi355x");
        in.host = desktop();
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.contextRule, LlamaContextRule::Fitted);
        // 128 KiB of f16 KV per cell: some 260 GiB free holds about two million cells.
        QVERIFY2(p.context > 1'500'000 && p.context < 2'300'000, std::to_string(p.context).c_str());
        QVERIFY(p.fits());
    }

    // Without a GPU the whole graph is the CPU's, and its KQ mask (n_kv x n_ubatch) lives
    // through every stage: the CPU compute buffer grows with -c by that mask (it did not grow
    // at all; a CPU-only llama-server logged 786 MiB at 262,144 cells, 256 MiB of it the f16
    // mask). f16 with Flash Attention from b9410, an f32 input and its f16 copy before, f32
    // without Flash Attention.
    void cpuOnlyComputeHoldsTheMask() {
        const ModelSpec m = stretched(32, 262144);
        const auto compute = [&](std::uint64_t context, bool fa, std::uint32_t build) {
            LlamaCppInput in;
            in.model = &m;
            in.host = desktop();
            in.host.memoryBytes = std::uint64_t(1) << 40;
            in.context = context;
            in.parallel = 1;
            in.flashAttention = fa;
            in.build = build;
            return planLlamaCpp(in).value().host.compute;
        };
        const std::uint64_t ub = kLlamaDefaultUbatch;
        QCOMPARE(compute(65536, true, 0) - compute(8192, true, 0), ub * (65536 - 8192) * 2);
        QCOMPARE(compute(65536, true, 9000) - compute(8192, true, 9000), ub * (65536 - 8192) * 6);
        // Without Flash Attention the KQ scores grow with the cells too; the mask is on top.
        QVERIFY(compute(65536, false, 0) - compute(8192, false, 0) > ub * (65536 - 8192) * 4);
        // With a GPU holding every layer the mask is counted where it was (host inputs).
        LlamaCppInput on;
        on.model = &m;
        on.gpu = gpu("h200");
        on.host = desktop();
        on.context = 65536;
        on.parallel = 1;
        const LlamaCppPlan withGpu = planLlamaCpp(on).value();
        QCOMPARE(withGpu.host.compute, ub * (2 * 4096ull * 4 + 65536 * 2));
    }

    // A model of 16,384 layers: the -ngl search bisects, and its answer is the largest -ngl
    // that fits (one more does not fit the GPU).
    void largestGpuLayersBisects() {
        const ModelSpec m = stretched(16384, 8192);
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.host.memoryBytes = std::uint64_t(8e12); // holds the rest
        in.context = 4096;
        const auto k = largestFittingGpuLayers(in);
        QVERIFY(k.has_value());
        LlamaCppInput at = in;
        at.gpuLayers = *k;
        QVERIFY(planLlamaCpp(at)->fits());
        at.gpuLayers = *k + 1;
        QVERIFY(!planLlamaCpp(at)->fitsGpu);
        // About 4.3 GiB of q4_K per 32 layers, with each layer's KV at 4,096 tokens: some 175
        // layers in 23.6 GiB.
        QVERIFY2(*k > 150 && *k < 200, std::to_string(*k).c_str());
        // A host too small for the rest: no -ngl fits.
        in.host.memoryBytes = std::uint64_t(64e9);
        QVERIFY(!largestFittingGpuLayers(in).has_value());
    }

    // All slots decoding read at most the cells the cache holds: four slots in one unified
    // cache (llama-server's default) share its n_ctx cells, so with the cache full a step reads
    // it once and the four slots decode four tokens in one sequence's step time. Four streams
    // of n_ctx / 4 cells read their own.
    void allSlotsReadTheCacheOnce() {
        const ModelSpec m = ggufwriter::llama31_8b_q4kmModel();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-3090");
        in.host = desktop();
        in.context = 32768;
        const LlamaCppPlan unified = planLlamaCpp(in).value();
        QVERIFY(unified.unifiedKv && unified.parallel == 4);
        COMPARE_NEAR(unified.aggregateTokensPerSecond, 4 * unified.tokensPerSecond, 0, 1e-9);
        in.parallel = 4; // -np 4 without -kvu: a stream of 8,192 cells each
        const LlamaCppPlan streams = planLlamaCpp(in).value();
        QVERIFY(!streams.unifiedKv);
        QVERIFY(streams.aggregateTokensPerSecond > 2 * streams.tokensPerSecond);
        QVERIFY(streams.aggregateTokensPerSecond < 4 * streams.tokensPerSecond);
    }

    // A MoE model's slots route to different experts: four tokens of gpt-oss-20b (4 of 32
    // experts each) touch 1 - (7/8)^4 = 41 % of each layer's experts, not one token's 12.5 %,
    // so the all-slots ceiling is well below four times one sequence's rate (it read one
    // token's experts for all four and gave 3.9x). Every weight on the GPU, the cache full.
    void allSlotsTouchMoreExperts() {
        const ModelSpec m = ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "oss.gguf");
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = desktop();
        in.context = 4096;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.unifiedKv && p.parallel == 4 && p.layersOnGpu == p.layers);
        const double ratio = p.aggregateTokensPerSecond / p.tokensPerSecond;
        QVERIFY2(ratio > 1.5 && ratio < 2.6, std::to_string(ratio).c_str());
        in.parallel = 1;
        in.unifiedKv = true;
        const LlamaCppPlan one = planLlamaCpp(in).value();
        COMPARE_NEAR(one.aggregateTokensPerSecond, one.tokensPerSecond, 0, 1e-9);
    }

    // A model trained on 1,000 tokens runs at its own context, not llama.cpp's 4,096 floor.
    void cardFitKeepsAShortContext() {
        const ModelSpec m = stretched(32, 1000);
        const CardFitRow row =
            cardFit(m, gpu("rtx-4090"), desktop(), {gguf::ggmlTypeByName("q4_K")});
        QVERIFY(row.cells[0].fitsAtDefault);
        QCOMPARE(row.cells[0].maxContext, std::uint64_t(1000));
    }

    // A GGUF whose general.architecture llama.cpp does not name: llama.cpp stops at load, so
    // the plan does not fit whatever its memory, and the verdict says why.
    void unknownArchitectureDoesNotLoad() {
        const auto w = ggufwriter::gemma3SlidingWindow();
        ModelSpec m = ggufwriter::modelOf(w, "g.gguf");
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = desktop();
        in.context = 4096;
        QVERIFY(planLlamaCpp(in)->fits());
        m.architecture = "zzzarch";
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.fitsGpu && p.fitsHost && !p.architectureKnown && !p.fits());
        std::ostringstream text;
        writeLlamaCppPlanText(in, p, text);
        QVERIFY2(text.str().find("Verdict: llama.cpp will not load this file (its architecture "
                                 "'zzzarch' is not one llama.cpp names)") != std::string::npos,
                 text.str().c_str());
        // A model from a config.json (no tensor table) is not judged by GGUF names.
        ModelSpec hf = m;
        hf.fileTensors.clear();
        in.model = &hf;
        QVERIFY(planLlamaCpp(in)->architectureKnown);
    }
};

QTEST_GUILESS_MAIN(tst_LlamaCppLimits)
#include "tst_llamacpplimits.moc"
