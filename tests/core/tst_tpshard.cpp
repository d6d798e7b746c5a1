// SPDX-License-Identifier: MIT
// The engines' TP sharding rules for quantized checkpoints (engine/tpshard.h): a TP whose
// per-GPU share of a width splits an FP8 block or an AWQ / GPTQ group is refused before
// loading, with expert parallelism or a smaller TP as the fix, and the layout search does not
// choose such a TP. Also vLLM's refusal of a config property (Phi with tied embeddings).
#include "catalogue/catalogue.h"
#include "engine/engine.h"
#include "engine/enginememory.h"
#include "engine/tpshard.h"
#include "goldenmemory.h"
#include "import/modelimport.h"
#include "plan/decision.h"
#include "scenario/scenario.h"
#include "sizing/layout.h"
#include "sizing/throughput.h"
#include "testutil.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace hostplan;

namespace {

using J = nlohmann::json;

/// The data config `file` with `edit` applied, imported.
ModelSpec editedConfig(const char *file, const std::function<void(J &)> &edit) {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + file);
    J c = J::parse(f);
    edit(c);
    auto m = importHfConfigText(c.dump(), file);
    if (!m.ok()) {
        qFatal("%s", m.error().toString().c_str());
    }
    return m.value();
}

/// Qwen2-72B's shapes (intermediate 29,568) as an AWQ 4-bit checkpoint of group `group`
/// (-1: one scale per column), its intermediate width replaced by `intermediate` when not 0.
ModelSpec awq72b(int group, std::uint32_t intermediate = 0) {
    return editedConfig("Qwen--Qwen3-32B-FP8_config.json", [&](J &c) {
        c["hidden_size"] = 8192;
        c["num_attention_heads"] = 64;
        c["num_hidden_layers"] = 80;
        c["intermediate_size"] = intermediate ? intermediate : 29568;
        c["quantization_config"] = {{"quant_method", "awq"},
                                    {"bits", 4},
                                    {"group_size", group},
                                    {"zero_point", true},
                                    {"version", "gemm"}};
    });
}

/// An engine input of `m` at TP `tp`, EP `ep`, a 4,096-token context on an H100.
EngineMemoryInput inputAt(const ModelSpec &m, std::uint32_t tp, std::uint32_t ep) {
    return golden::rowInput(m, golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true),
                            Parallelism{tp, ep, 1}, Engine::Vllm, 4096);
}

bool hasFix(const EngineStartup &s, const std::string &flag, const std::string &value) {
    return std::any_of(s.fixes.begin(), s.fixes.end(),
                       [&](const FlagChange &f) { return f.flag == flag && f.value == value; });
}

bool contains(const std::string &text, const char *part) {
    return text.find(part) != std::string::npos;
}

} // namespace

class tst_TpShard : public QObject {
    Q_OBJECT

  private slots:
    // Qwen3-235B-A22B-FP8 (128 x 128 blocks, moe_intermediate_size 1536): at TP 8 without EP
    // each GPU holds 192 of every expert's width, which vLLM and SGLang refuse ("The
    // output_size of gate's and up's weight = 192 is not divisible by weight quantization
    // block_n = 128", as the published runs of this model and MiniMax-M2.5 at TP 8 log). With
    // EP the experts stay whole; TP 4 gives 384, three blocks.
    void fp8ExpertsNeedWholeBlocks() {
        const ModelSpec m = golden::dataConfigModel("Qwen--Qwen3-235B-A22B-FP8_config.json",
                                                    "Qwen/Qwen3-235B-A22B-FP8");
        QCOMPARE(m.fp8BlockRows, 128u);
        QCOMPARE(m.fp8BlockCols, 128u);
        const std::string vllm = tpShardProblem(Engine::Vllm, m, 8, 1);
        QVERIFY2(contains(vllm, "1536 / TP 8 = 192 per GPU"), vllm.c_str());
        QVERIFY2(contains(vllm, "weight = 192 is not divisible by weight quantization block_n = "
                                "128"),
                 vllm.c_str());
        QVERIFY(contains(tpShardProblem(Engine::Sglang, m, 8, 1), "SGLang refuses TP 8"));
        QVERIFY(tpShardProblem(Engine::Vllm, m, 8, 8).empty());
        QVERIFY(tpShardProblem(Engine::Vllm, m, 4, 1).empty());
        QVERIFY(tpShardProblem(Engine::Vllm, m, 1, 1).empty());
        QVERIFY(tpShardProblem(Engine::TensorRtLlm, m, 8, 1).empty()); // not modelled

        // Qwen3-30B-A3B-FP8 (768): TP 4 gives 192 as well, TP 2 gives 384.
        const ModelSpec small = golden::dataConfigModel("Qwen--Qwen3-30B-A3B-FP8_config.json",
                                                        "Qwen/Qwen3-30B-A3B-FP8");
        QVERIFY(contains(tpShardProblem(Engine::Vllm, small, 4, 1), "768 / TP 4 = 192"));
        QVERIFY(tpShardProblem(Engine::Vllm, small, 2, 1).empty());
        QVERIFY(tpShardProblem(Engine::Vllm, small, 4, 4).empty());
    }

    // Shared experts stay TP-sharded under EP: Qwen3.5-35B-A3B's shapes as a block-FP8
    // checkpoint (Qwen3.6-35B-A3B-FP8) at TP 8 with EP 8 leave 512 / 8 = 64 of the shared
    // expert's width per GPU, which vLLM refuses ("Weight input_size_per_partition = 64 is not
    // divisible by weight quantization block_k = 128", vllm-project/vllm#52915); SGLang the
    // same for Qwen3-Next-80B-A3B-FP8 (sgl-project/sglang#10852). DeepSeek-R1 at TP 32 splits
    // its dense intermediate 18,432 into 576 per GPU (sgl-project/sglang#3345).
    void sharedExpertsAndDenseLayersOfMoe() {
        const ModelSpec q = editedConfig("Qwen--Qwen3.5-35B-A3B_config.json", [](J &c) {
            c["quantization_config"] = {{"quant_method", "fp8"},
                                        {"activation_scheme", "dynamic"},
                                        {"weight_block_size", {128, 128}}};
        });
        QCOMPARE(q.experts.sharedIntermediate, 512u);
        const std::string why = tpShardProblem(Engine::Vllm, q, 8, 8);
        QVERIFY2(contains(why, "shared experts' intermediate width (down_proj's input) 512 / "
                               "TP 8 = 64 per GPU"),
                 why.c_str());
        QVERIFY(tpShardProblem(Engine::Vllm, q, 4, 4).empty());
        const EngineStartup s = engineArgumentsCheck(Engine::Vllm, inputAt(q, 8, 8));
        QVERIFY(hasFix(s, "--tensor-parallel-size", "4"));
        QVERIFY(!hasFix(s, "--enable-expert-parallel", "")); // EP is on already

        const ModelSpec r1 = golden::dataConfigModel("deepseek-ai--DeepSeek-R1_config.json",
                                                     "deepseek-ai/DeepSeek-R1");
        QCOMPARE(r1.experts.sharedIntermediate, 2048u);
        QVERIFY(tpShardProblem(Engine::Sglang, r1, 16, 16).empty());
        QVERIFY(contains(tpShardProblem(Engine::Sglang, r1, 32, 32), "18432 / TP 32 = 576"));
    }

    // What the engines split by less than the plan's TP: SGLang's shared experts under DeepEP
    // (tp_size=1) and its attention under DP attention (tp / dp); vLLM under DP every layer but
    // the routed experts (tp / dp). The Qwen3.5 FP8 shared experts refused at TP 8 above
    // (512 / 8 = 64) start there (sglang PR #23933: DeepSeek-V4-Pro at TP 16 with DP
    // attention loads; HostPlan refused its shared experts' 3072 / 16).
    void splitsNarrowerThanTp() {
        const ModelSpec q = editedConfig("Qwen--Qwen3.5-35B-A3B_config.json", [](J &c) {
            c["quantization_config"] = {{"quant_method", "fp8"},
                                        {"activation_scheme", "dynamic"},
                                        {"weight_block_size", {128, 128}}};
        });
        QVERIFY(!tpShardProblem(Engine::Sglang, q, 8, 8).empty());
        QVERIFY(!tpShardProblem(Engine::Sglang, q, 8, 8,
                                shardSplitFor(Engine::Sglang, 8, 1, MoeA2a::Default))
                     .empty());
        QVERIFY(tpShardProblem(Engine::Sglang, q, 8, 8,
                               shardSplitFor(Engine::Sglang, 8, 1, MoeA2a::DeepepLowLatency))
                    .empty());
        // vLLM with DP 4: shared experts split by TP 2 (256 per GPU, whole blocks).
        QVERIFY(!tpShardProblem(Engine::Vllm, q, 8, 8,
                                shardSplitFor(Engine::Vllm, 8, 1, MoeA2a::Default))
                     .empty());
        QVERIFY(tpShardProblem(Engine::Vllm, q, 8, 8,
                               shardSplitFor(Engine::Vllm, 8, 4, MoeA2a::Default))
                    .empty());
        const ShardSplit sg = shardSplitFor(Engine::Sglang, 16, 2, MoeA2a::Default);
        QCOMPARE(sg.attention, 8u);
        QCOMPARE(sg.dense, 0u); // the dense MLP by the full TP (no --moe-dense-tp-size)
        QCOMPARE(sg.sharedExperts, 0u);
        const ShardSplit trt = shardSplitFor(Engine::TensorRtLlm, 16, 2, MoeA2a::Default);
        QCOMPARE(trt.attention + trt.dense + trt.sharedExperts, 0u);
        // The start-up check reads the plan's DP and backend.
        EngineMemoryInput in = inputAt(q, 8, 8);
        QVERIFY(engineArgumentsCheck(Engine::Sglang, in).outcome ==
                StartupOutcome::ArgumentsRefused);
        QVERIFY(contains(engineArgumentsCheck(Engine::Sglang, in).message, "shared experts"));
        in.moeA2a = MoeA2a::DeepepLowLatency;
        const EngineStartup deepep = engineArgumentsCheck(Engine::Sglang, in);
        QVERIFY2(!contains(deepep.message, "shared experts"), deepep.message.c_str());
    }

    // The refusal comes before loading, with each engine's flags as the fixes: expert
    // parallelism (vLLM's switch, SGLang's size) or the largest TP that shards.
    void refusalNamesTheFixes() {
        const ModelSpec m = golden::dataConfigModel("Qwen--Qwen3-235B-A22B-FP8_config.json",
                                                    "Qwen/Qwen3-235B-A22B-FP8");
        EngineMemoryInput in = inputAt(m, 8, 1);
        const EngineStartup v = engineStartup(Engine::Vllm, in);
        QCOMPARE(v.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(hasFix(v, "--enable-expert-parallel", ""));
        QVERIFY(hasFix(v, "--tensor-parallel-size", "4"));
        QCOMPARE(v.fixes.size(), std::size_t(2));
        const EngineStartup sg = engineArgumentsCheck(Engine::Sglang, in);
        QCOMPARE(sg.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(hasFix(sg, "--ep-size", "8"));
        QVERIFY(hasFix(sg, "--tp-size", "4"));
        // With EP the same GPUs pass the check (and the memory verdict decides).
        in.ep = 8;
        QVERIFY(!refusedBeforeLoading(engineArgumentsCheck(Engine::Vllm, in).outcome));
    }

    // A dense block-FP8 checkpoint: down_proj is row-parallel, so its input per GPU must be
    // whole block_k at TP > 1. Qwen3-4B's intermediate 9,728 at TP 8 is 1,216 (9.5 blocks);
    // Qwen3-32B's 25,600 is 3,200 (25 blocks).
    void fp8DenseDownProjNeedsWholeBlocks() {
        const ModelSpec qwen32 =
            golden::dataConfigModel("Qwen--Qwen3-32B-FP8_config.json", "Qwen/Qwen3-32B-FP8");
        QVERIFY(tpShardProblem(Engine::Vllm, qwen32, 8, 1).empty());
        const ModelSpec narrow = editedConfig("Qwen--Qwen3-32B-FP8_config.json",
                                              [](J &c) { c["intermediate_size"] = 9728; });
        const std::string why = tpShardProblem(Engine::Vllm, narrow, 8, 1);
        QVERIFY2(contains(why, "9728 / TP 8 = 1216 per GPU"), why.c_str());
        QVERIFY(contains(why, "input_size_per_partition = 1216 is not divisible by weight "
                              "quantization block_k = 128"));
        QVERIFY(tpShardProblem(Engine::Vllm, narrow, 4, 1).empty());
        QVERIFY(tpShardProblem(Engine::Vllm, narrow, 1, 1).empty()); // TP 1 splits nothing
        const EngineStartup s = engineArgumentsCheck(Engine::Vllm, inputAt(narrow, 8, 1));
        QVERIFY(hasFix(s, "--tensor-parallel-size", "4"));
        QVERIFY(!hasFix(s, "--enable-expert-parallel", "")); // a dense model has no experts
    }

    // AWQ / GPTQ: the row-parallel input per GPU must be whole groups. Qwen2-72B's intermediate
    // 29,568 is 231 groups of 128: TP 2 leaves 115.5 per GPU, which vLLM refuses ("The input
    // size is not aligned with the quantized weight shape", as Qwen2.5-VL-72B-Instruct-AWQ at
    // TP 4 logs in vllm-project/vllm#13980); the padded 29,696 (232 groups) shards over 8.
    void awqGroupsMustNotSplit() {
        const ModelSpec m = awq72b(128);
        const std::string why = tpShardProblem(Engine::Vllm, m, 2, 1);
        QVERIFY2(contains(why, "29568 / TP 2 = 14784 per GPU"), why.c_str());
        QVERIFY(contains(why, "quantization groups of 128"));
        QVERIFY(contains(tpShardProblem(Engine::Vllm, m, 4, 1), "The input size is not aligned"));
        QVERIFY(tpShardProblem(Engine::Vllm, m, 1, 1).empty());
        const EngineStartup s = engineArgumentsCheck(Engine::Vllm, inputAt(m, 4, 1));
        QCOMPARE(s.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(hasFix(s, "--tensor-parallel-size", "1"));
        QVERIFY(tpShardProblem(Engine::Vllm, awq72b(128, 29696), 8, 1).empty());
        // One scale per column (group_size -1) has no groups to split.
        QVERIFY(tpShardProblem(Engine::Vllm, awq72b(-1), 8, 1).empty());
        // The attention output projection is row-parallel too: 64 heads of 80 at TP 8 give
        // 640 per GPU, 5 groups of 128; at 24 heads of 80, TP 8 does not divide the heads
        // (a layout problem, not this rule's), and at 40 heads TP 8 gives 400 (3.125 groups).
        const auto oddHeadsGptq = [](int bits) {
            return editedConfig("Qwen--Qwen3-32B-FP8_config.json", [bits](J &c) {
                c["num_attention_heads"] = 40;
                c["head_dim"] = 80;
                c["num_key_value_heads"] = 8;
                c["quantization_config"] = {
                    {"quant_method", "gptq"}, {"bits", bits}, {"group_size", 128}};
            });
        };
        const ModelSpec oddHeads = oddHeadsGptq(4);
        QVERIFY(contains(tpShardProblem(Engine::Vllm, oddHeads, 8, 1), "(40 heads x 80) 3200"));
        QVERIFY(!tpShardProblem(Engine::Vllm, oddHeads, 4, 1).empty()); // 800: 6.25 groups
        QVERIFY(tpShardProblem(Engine::Vllm, oddHeads, 1, 1).empty());
        // 8-bit GPTQ keeps its groups, and the same rule (gptq.py checks any bit width).
        const ModelSpec oddHeads8 = oddHeadsGptq(8);
        QVERIFY(contains(tpShardProblem(Engine::Vllm, oddHeads8, 8, 1), "(40 heads x 80) 3200"));
        QVERIFY(tpShardProblem(Engine::Vllm, oddHeads8, 1, 1).empty());
    }

    // vLLM's INT4 experts without EP need whole groups per GPU: Qwen3-30B-A3B-AWQ (768 wide
    // experts, groups of 128) at TP 4 leaves 192 per GPU and vLLM's moe_wna16 fallback stops
    // the start-up profile ("size_k must divisible by BLOCK_SIZE_K", vllm-project/vllm#17604);
    // TP 2 (384) and EP start. SGLang's INT4 experts are not checked.
    void awqExpertsNeedWholeGroupsInVllm() {
        const ModelSpec m = editedConfig("Qwen--Qwen3-30B-A3B-FP8_config.json", [](J &c) {
            c["quantization_config"] = {{"quant_method", "awq"},
                                        {"bits", 4},
                                        {"group_size", 128},
                                        {"zero_point", true},
                                        {"version", "gemm"}};
        });
        const std::string why = tpShardProblem(Engine::Vllm, m, 4, 1);
        QVERIFY2(contains(why, "768 / TP 4 = 192 per GPU"), why.c_str());
        QVERIFY(contains(why, "size_k must divisible by BLOCK_SIZE_K"));
        QVERIFY(tpShardProblem(Engine::Vllm, m, 2, 1).empty());
        QVERIFY(tpShardProblem(Engine::Vllm, m, 4, 4).empty());
        QVERIFY(tpShardProblem(Engine::Sglang, m, 4, 1).empty());
        const EngineStartup s = engineArgumentsCheck(Engine::Vllm, inputAt(m, 4, 1));
        QVERIFY(hasFix(s, "--enable-expert-parallel", ""));
        QVERIFY(hasFix(s, "--tensor-parallel-size", "2"));
    }

    // llm-compressor's block FP8 (compressed-tensors weights strategy "block") carries its
    // blocks like weight_block_size: Laguna-S.2.1-FP8's 1,024-wide routed experts at TP 16
    // without EP leave 64 per GPU; its shared experts stay BF16 (the ignore list), so EP starts.
    void compressedTensorsBlockFp8() {
        const ModelSpec m = golden::dataConfigModel("poolside--Laguna-S-2.1-FP8_config.json",
                                                    "poolside/Laguna-S.2.1-FP8");
        QCOMPARE(m.fp8BlockRows, 128u);
        QCOMPARE(m.fp8BlockCols, 128u);
        QVERIFY(m.fp8BlockScaled);
        QVERIFY(tpShardProblem(Engine::Vllm, m, 8, 1).empty());
        QVERIFY(contains(tpShardProblem(Engine::Vllm, m, 16, 1),
                         "routed experts' intermediate width 1024 / TP 16 = 64 per GPU"));
        QVERIFY(tpShardProblem(Engine::Vllm, m, 16, 16).empty());
    }

    // The layout search shards only as the engine does: on 8-GPU H100 nodes the AWQ model
    // above runs TP 1 (x PP where it needs more memory), never a TP vLLM refuses.
    void layoutSearchAvoidsRefusedTp() {
        const ModelSpec m = awq72b(128);
        const GpuSpec gpu = Catalogue::builtin().findGpu("h100-sxm").value();
        const Scenario s = withGpuType(defaultScenario(), "h100-sxm");
        const LayoutSearch r = searchLayouts(m, gpu, s, fallbackOffers(gpu, 8), 8,
                                             defaultEfficiency(s.engine.engine, gpu));
        QVERIFY2(r.found, r.noneReason.c_str());
        for (const LayoutCandidate &c : r.candidates) {
            if (c.carries()) {
                QVERIFY(tpShardProblem(Engine::Vllm, m, c.layout.tp, c.layout.ep).empty());
            }
        }
        QCOMPARE(r.best()->layout.tp, 1u);
    }

    // A layout HostPlan picks for a given GPU count narrows TP, PP taking the GPUs, until
    // the engine shards it, and says so; a layout the engine shards stays.
    void chosenLayoutNarrowsToAShardedTp() {
        std::vector<std::string> warnings;
        const Parallelism awq =
            widestShardedLayout(Engine::Vllm, awq72b(128), Parallelism{8, 1, 1}, warnings);
        QVERIFY(awq == (Parallelism{1, 1, 8}));
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(contains(warnings.front(), "TP 8 is refused: vLLM refuses TP 8"),
                 warnings.front().c_str());
        QVERIFY(contains(warnings.front(), "as TP 1 x PP 8 instead"));
        QCOMPARE(narrowerShardedTp(Engine::Vllm, awq72b(128), 8, false), 1u);
        QCOMPARE(narrowerShardedTp(Engine::Vllm, awq72b(128), 1, false), 0u); // none below 1
        const ModelSpec q = golden::dataConfigModel("Qwen--Qwen3-235B-A22B-FP8_config.json",
                                                    "Qwen/Qwen3-235B-A22B-FP8");
        warnings.clear();
        QVERIFY(widestShardedLayout(Engine::Vllm, q, Parallelism{8, 8, 1}, warnings) ==
                (Parallelism{8, 8, 1}));
        QVERIFY(warnings.empty());
        QVERIFY(widestShardedLayout(Engine::Sglang, q, Parallelism{8, 1, 2}, warnings) ==
                (Parallelism{4, 1, 4}));
        // TensorRT-LLM's rules are not modelled: nothing changes.
        QVERIFY(widestShardedLayout(Engine::TensorRtLlm, q, Parallelism{8, 1, 1}, warnings) ==
                (Parallelism{8, 1, 1}));
    }

    // vLLM's PhiForCausalLM asserts an untied lm_head (Phi's has a bias): a Phi config with
    // tie_word_embeddings true is refused by vLLM before loading, SGLang loads it.
    void phiTiedEmbeddingsRefusedByVllm() {
        const ModelSpec untied = golden::dataConfigModel("microsoft--phi-2_config.json", "phi-2");
        QVERIFY(untied.vllmLoadRefusal.empty());
        const ModelSpec tied = editedConfig("microsoft--phi-2_config.json",
                                            [](J &c) { c["tie_word_embeddings"] = true; });
        QVERIFY(contains(tied.vllmLoadRefusal, "assert not config.tie_word_embeddings"));
        EngineMemoryInput in = inputAt(tied, 1, 1);
        in.maxModelLen = 2048;
        const EngineStartup v = engineStartup(Engine::Vllm, in);
        QCOMPARE(v.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY(contains(v.message, "vLLM refuses this model's config"));
        QVERIFY(!refusedBeforeLoading(engineArgumentsCheck(Engine::Sglang, in).outcome));
    }

    // A release a rule set names beside its id takes its rules (v0.6.6 kept v0.6.5's V0
    // worker, and v0.7.x ran it by default); a later one the newest rule set at or before it
    // (0.6.66 is after 0.6.5 and before 0.7, not 0.6.6).
    void alsoReleasesParse() {
        QCOMPARE(parseVllmVersion("0.6.6").value(), VllmProfile::V0);
        QCOMPARE(parseVllmVersion("v0.6.6.post1").value(), VllmProfile::V0);
        QVERIFY(!parseVllmVersion("0.6.").ok());
        QCOMPARE(parseVllmVersion("0.6.66").value(), VllmProfile::V0);
        QCOMPARE(parseVllmVersion("0.7.3").value(), VllmProfile::V0);
        QCOMPARE(parseVllmVersion("0.7.4").value(), VllmProfile::V0); // none: V0's again
        QCOMPARE(parseVllmVersion("0.7-v1").value(), VllmProfile::V1Early);
    }
};

QTEST_APPLESS_MAIN(tst_TpShard)
#include "tst_tpshard.moc"
