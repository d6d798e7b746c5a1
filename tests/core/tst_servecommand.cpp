// SPDX-License-Identifier: MIT
// Serving commands: every flag's value comes from the plan and carries an explanation.
#include "plan/plan.h"
#include "engine/servecommand.h"
#include "sizing/throughput.h"
#include "ggufwriter.h"
#include "testutil.h"
#include "util/numbertext.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace hostplan;

namespace {

PlanResult planFor(const Scenario &s) {
    auto r = evaluate(s);
    if (!r.ok()) {
        qFatal("evaluate failed: %s", r.error().toString().c_str());
    }
    return r.value();
}

Scenario scenarioFor(const char *model, const char *gpu, std::uint32_t gpus) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.hardware.gpu = gpu;
    s.hardware.gpuCount = gpus;
    s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
    s.pricing.apiPriceId.clear();
    return s;
}

const ServeFlag *find(const ServeCommand &c, const std::string &flag) {
    auto it = std::find_if(c.flags.begin(), c.flags.end(),
                           [&](const ServeFlag &f) { return f.flag == flag; });
    return it == c.flags.end() ? nullptr : &*it;
}

} // namespace

class TestServeCommand : public QObject {
    Q_OBJECT
  private slots:
    void vllmFlagsFromPlan() {
        Scenario s = scenarioFor("gpt-oss-120b", "h200", 8);
        s.workload.contextTokens = 16384;
        s.model.kvFormat = formats::fp8;
        const PlanResult p = planFor(s);
        const ServeCommand c = vllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(c.program, std::string("vllm serve"));
        QCOMPARE(c.flags.front().value, std::string("openai/gpt-oss-120b"));
        QCOMPARE(find(c, "--tensor-parallel-size")->value, std::to_string(p.layout.tp));
        QCOMPARE(find(c, "--pipeline-parallel-size")->value, std::string("1"));
        QCOMPARE(find(c, "--max-model-len")->value, std::string("16384"));
        QCOMPARE(find(c, "--gpu-memory-utilization")->value, std::string("0.90"));
        QCOMPARE(find(c, "--max-num-seqs")->value, std::to_string(p.throughput.capacity.batch));
        QCOMPARE(find(c, "--kv-cache-dtype")->value, std::string("fp8"));
        QCOMPARE(find(c, "--enable-expert-parallel") != nullptr, p.layout.ep > 1);
        for (const auto &f : c.flags) {
            QVERIFY2(!f.explanation.empty(), f.flag.c_str());
        }
        const std::string line = c.commandLine();
        QVERIFY(line.rfind("vllm serve openai/gpt-oss-120b --tensor-parallel-size 8", 0) == 0);
        QVERIFY(c.annotated().find("# --max-num-seqs") != std::string::npos);
    }

    // A batch the latency target does not limit is not quoted as a modelled limit: SGLang has
    // no default running-request cap, so for a model without recurrent state (gpt-oss-120b) the
    // target search runs to its top. A hybrid model's state pool caps it (Kimi K3's KDA state:
    // the pool's slots over the slots a request takes).
    void unlimitedLatencyIsNotAFigure() {
        Scenario hybrid = defaultScenario();
        hybrid.engine.engine = Engine::Sglang;
        const PlanResult k3 = planFor(hybrid);
        const std::uint64_t poolSlots = k3.memory.engine.stateSlotsInPool;
        QVERIFY(poolSlots > 0);
        QCOMPARE(std::uint64_t(k3.throughput.capacity.engineMaxBatch),
                 poolSlots / k3.memory.cache.stateSlotsPerRequest);
        QVERIFY(k3.throughput.capacity.latencyMaxBatch <= k3.throughput.capacity.engineMaxBatch);
        Scenario s = scenarioFor("gpt-oss-120b", "b300", 1);
        s.engine.engine = Engine::Sglang;
        const PlanResult p = planFor(s);
        QCOMPARE(p.memory.engine.stateSlotsInPool, std::uint64_t(0));
        QCOMPARE(p.throughput.capacity.latencyMaxBatch, kMaxLatencySearchBatch);
        const std::string why =
            find(sglangServeCommand(p, Catalogue::builtin()), "--max-running-requests")
                ->explanation;
        QVERIFY2(why.find("at every batch the KV room holds, so latency does not limit it") !=
                     std::string::npos,
                 why.c_str());
        // The search's top is no batch the model ran (it runs no more than the KV room holds).
        QVERIFY2(why.find("65536") == std::string::npos, why.c_str());
        // The memory fraction as planned, never rounded up (fractionText).
        QCOMPARE(fractionText(0.905), std::string("0.905"));
        QCOMPARE(fractionText(0.85671), std::string("0.8567"));
        QCOMPARE(fractionText(0.9), std::string("0.90"));
        QCOMPARE(fractionText(1.0), std::string("1.00"));
    }

    void sglangFlagsFromPlan() {
        Scenario s = scenarioFor("qwen3-235b-a22b", "h100", 8);
        s.engine.engine = Engine::Sglang;
        s.engine.memoryFraction = 0.93;
        s.workload.contextTokens = 8192;
        const PlanResult p = planFor(s);
        const ServeCommand c = sglangServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(c, "--model-path")->value, std::string("Qwen/Qwen3-235B-A22B"));
        QCOMPARE(find(c, "--tp-size")->value, std::to_string(p.layout.tp));
        QCOMPARE(find(c, "--ep-size")->value, std::to_string(p.layout.ep));
        QCOMPARE(find(c, "--context-length")->value, std::string("8192"));
        QCOMPARE(find(c, "--mem-fraction-static")->value, std::string("0.93"));
        QVERIFY(find(c, "--max-running-requests") != nullptr);
        QVERIFY(find(c, "--kv-cache-dtype") == nullptr); // bf16 KV: engine default
        QVERIFY(c.commandLine().rfind("python3 -m sglang.launch_server --model-path ", 0) == 0);
    }

    // A TP given without EP plans what the engines start with it: expert parallelism is opt-in
    // in vLLM, SGLang and TensorRT-LLM, so EP stays 1 and no EP flag is emitted; where the
    // engine then refuses the expert split (Qwen3-235B-A22B-FP8: 1536 / 8 = 192, not a multiple
    // of its 128-wide FP8 blocks) the plan says so, with the EP flag as the fix.
    void pinnedTpKeepsExpertParallelismOff() {
        Scenario s = scenarioFor("qwen3-235b-a22b", "h100", 8);
        s.hardware.tp = 8;
        s.hardware.ep = 0;
        s.workload.contextTokens = 8192;
        const PlanResult bf16 = planFor(s);
        QCOMPARE(bf16.layout.ep, 1u);
        QVERIFY(find(vllmServeCommand(bf16, Catalogue::builtin()), "--enable-expert-parallel") ==
                nullptr);
        s.hardware.ep = 8;
        QCOMPARE(planFor(s).layout.ep, 8u);
        s.hardware.ep = 0;
        s.model.ref =
            std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/Qwen--Qwen3-235B-A22B-FP8_config.json";
        const PlanResult fp8 = planFor(s);
        QCOMPARE(fp8.layout.ep, 1u);
        QCOMPARE(int(fp8.startup.outcome), int(StartupOutcome::ArgumentsRefused));
        QVERIFY(
            std::any_of(fp8.startup.fixes.begin(), fp8.startup.fixes.end(),
                        [](const FlagChange &f) { return f.flag == "--enable-expert-parallel"; }));
    }

    // CUDA graphs off (engine.cuda_graphs false): each engine's eager flag, no graph memory in
    // the plan (vLLM 0.24's estimate leaves the budget, so the pool grows by it), and the
    // speed caveat.
    void cudaGraphsOff() {
        Scenario s = scenarioFor("qwen3-235b-a22b", "h100", 8);
        s.workload.contextTokens = 8192;
        s.engine.vllmVersion = VllmProfile::V1v24;
        const PlanResult graphs = planFor(s);
        QVERIFY(graphs.memory.engine.cudaGraphs > 0);
        QVERIFY(find(vllmServeCommand(graphs, Catalogue::builtin()), "--enforce-eager") == nullptr);
        s.engine.cudaGraphs = false;
        const PlanResult eager = planFor(s);
        QCOMPARE(eager.memory.engine.cudaGraphs, std::uint64_t(0));
        QCOMPARE(eager.memory.kvCapacityBytesPerGpu,
                 graphs.memory.kvCapacityBytesPerGpu +
                     std::int64_t(graphs.memory.engine.cudaGraphs));
        QVERIFY(find(vllmServeCommand(eager, Catalogue::builtin()), "--enforce-eager") != nullptr);
        QVERIFY(find(sglangServeCommand(eager, Catalogue::builtin()), "--disable-cuda-graph") !=
                nullptr);
        const ServeCommand trt = trtllmServeCommand(eager, Catalogue::builtin());
        QVERIFY(std::any_of(trt.notes.begin(), trt.notes.end(), [](const std::string &n) {
            return n.find("cuda_graph_config: null") != std::string::npos;
        }));
        QVERIFY(std::any_of(eager.warnings.begin(), eager.warnings.end(), [](const std::string &w) {
            return w.rfind("CUDA graphs off", 0) == 0;
        }));
    }

    // Each engine's line is sized by that engine's memory rules on the plan's GPUs and layout,
    // not by the rules the plan followed.
    void eachEngineSizedByItsOwnRules() {
        Scenario s = scenarioFor("kimi-k3", "h200", 16);
        s.workload.contextTokens = 32768;
        const PlanResult p = planFor(s); // vLLM rules
        QCOMPARE(p.scenario.engine.engine, Engine::Vllm);
        Scenario asSglang = s;
        asSglang.engine.engine = Engine::Sglang;
        asSglang.hardware.tp = p.layout.tp;
        asSglang.hardware.ep = p.layout.ep;
        asSglang.hardware.pp = p.layout.pp;
        const PlanResult g = planFor(asSglang);
        // SGLang's 0.88 static fraction leaves less KV room than vLLM's 0.90.
        QVERIFY(g.throughput.capacity.memoryMaxBatch < p.throughput.capacity.memoryMaxBatch);
        const ServeCommand sg = sglangServeCommand(p, Catalogue::builtin());
        // Issue 12: SGLang's default fraction follows its GPU-size rule (server_args.py
        // _handle_gpu_memory_settings): H200 at TP 8 x PP 2 reserves tp x pp / 8 GiB = 2 GiB
        // for the layout -> 0.889, no longer a flat 0.88; Kimi K3 ships a vision tower, so
        // SGLang lowers that default by 0.95 x clamp(1 - 0.1 x (27 x 1024^2 / (24 x 1024^2) -
        // 1)) = 0.938 (its MoonViT's vt_num_hidden_layers / vt_hidden_size, as SGLang reads
        // Kimi-K2.5's: sglangVisionFractionFactor) and captures no piecewise graphs: 0.834,
        // printed as planned (rounding up would give the engine more than the plan).
        QCOMPARE(p.layout.pp, 2u);
        QCOMPARE(find(sg, "--mem-fraction-static")->value, std::string("0.834"));
        QCOMPARE(find(sg, "--max-running-requests")->value,
                 std::to_string(g.throughput.capacity.batch));
        QVERIFY(
            find(sg, "--max-running-requests")->explanation.find("under SGLang's memory rules") !=
            std::string::npos);
        // The vLLM line of the vLLM plan is the plan's own batch.
        const ServeCommand v = vllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(v, "--max-num-seqs")->value, std::to_string(p.throughput.capacity.batch));
        QVERIFY(find(v, "--max-num-seqs")->explanation.find("memory rules") == std::string::npos);
    }

    // PP stages are described where they are: one per node, or within one node.
    // Tokens per step: unset, each engine's line takes that engine's own default on the GPU,
    // not the plan engine's (vLLM and SGLang 2048 on an RTX 4090, TensorRT-LLM 8192; on a
    // B200 vLLM 8192, SGLang 16384); a value given goes to every line. Under vLLM's V0 rules a
    // 32k context needs 32768 (no chunked prefill there: V0 refuses fewer).
    void batchedTokensPerEngine() {
        const Catalogue &cat = Catalogue::builtin();
        Scenario s = scenarioFor("llama-3.1-8b", "rtx-4090", 1);
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 1;
        const PlanResult p = planFor(s);
        QCOMPARE(find(vllmServeCommand(p, cat), "--max-num-batched-tokens")->value,
                 std::string("2048"));
        QCOMPARE(find(sglangServeCommand(p, cat), "--chunked-prefill-size")->value,
                 std::string("2048"));
        QCOMPARE(find(trtllmServeCommand(p, cat), "--max_num_tokens")->value, std::string("8192"));
        QCOMPARE(find(llamaServerServeCommand(p, cat), "-b")->value, std::string("2048"));
        QVERIFY(find(vllmServeCommand(p, cat), "--max-num-batched-tokens")
                    ->explanation.find("the engine's default") != std::string::npos);
        Scenario b200 = scenarioFor("llama-3.1-70b", "b200", 1);
        b200.engine.engine = Engine::Sglang;
        b200.workload.contextTokens = 8192;
        const PlanResult g = planFor(b200);
        QCOMPARE(find(sglangServeCommand(g, cat), "--chunked-prefill-size")->value,
                 std::string("16384"));
        QCOMPARE(find(vllmServeCommand(g, cat), "--max-num-batched-tokens")->value,
                 std::string("8192"));
        s.engine.prefillChunkTokens = 4096;
        const PlanResult set = planFor(s);
        QCOMPARE(find(trtllmServeCommand(set, cat), "--max_num_tokens")->value,
                 std::string("4096"));
        QCOMPARE(find(llamaServerServeCommand(set, cat), "-b")->value, std::string("4096"));
        QVERIFY(find(vllmServeCommand(set, cat), "--max-num-batched-tokens")
                    ->explanation.find("the plan's prefill chunk") != std::string::npos);
        Scenario v0 = scenarioFor("llama-3.1-8b", "h100", 1);
        v0.engine.vllmVersion = VllmProfile::V0;
        v0.workload.contextTokens = 32768;
        v0.workload.concurrency = 1;
        QCOMPARE(find(vllmServeCommand(planFor(v0), cat), "--max-num-batched-tokens")->value,
                 std::string("32768"));
        // A step below max_model_len is V0's refusal: the header says so in one sentence.
        v0.engine.prefillChunkTokens = 8192;
        const std::string refused = serveCommandsText(planFor(v0), cat);
        QVERIFY(refused.find("is smaller than max_model_len (32768)") != std::string::npos);
        QVERIFY(refused.find("one step. These commands will not start") != std::string::npos);
        QVERIFY(refused.find("..") == std::string::npos);
        // Reasons that end their own sentence join without a stray full stop (".;").
        Scenario twoReasons = scenarioFor("llama-3.1-8b", "mi300x", 1);
        twoReasons.engine.engine = Engine::TensorRtLlm;
        twoReasons.workload.contextTokens = 262144;
        const std::string joined = serveCommandsText(planFor(twoReasons), cat);
        QVERIFY(joined.find("NVIDIA GPUs only") != std::string::npos);
        QVERIFY(joined.find(".;") == std::string::npos && joined.find("..") == std::string::npos);
        // Each engine's line carries its own verdict: an SGLang plan under vLLM 0.6.4's rules
        // with 4,096 tokens a step at 8,192 of context, which vLLM refuses and SGLang serves.
        const auto noted = [](const ServeCommand &c, const char *what) {
            return std::any_of(c.notes.begin(), c.notes.end(), [&](const std::string &n) {
                return n.find(what) != std::string::npos;
            });
        };
        Scenario sg = scenarioFor("llama-3.1-8b", "h100", 1);
        sg.engine.engine = Engine::Sglang;
        sg.engine.vllmVersion = VllmProfile::V0Legacy;
        sg.engine.prefillChunkTokens = 4096;
        sg.workload.contextTokens = 8192;
        sg.workload.concurrency = 1;
        const PlanResult sgPlan = planFor(sg);
        QVERIFY(sgPlan.fit.fits);
        QVERIFY(noted(vllmServeCommand(sgPlan, cat), "is smaller than max_model_len (8192)"));
        // ... with the engine's fixes, each alone enough, on that engine's line.
        QVERIFY(noted(vllmServeCommand(sgPlan, cat),
                      "Fix: --max-num-batched-tokens 8192 (one step holds a prompt of the whole "
                      "context). Fix: --enable-chunked-prefill (V0 then splits"));
        QVERIFY(!noted(sglangServeCommand(sgPlan, cat), "does not fit"));
        // TensorRT-LLM on an AMD GPU: the vLLM and SGLang lines serve it, without that note.
        Scenario amd = scenarioFor("llama-3.1-8b", "mi300x", 1);
        amd.engine.engine = Engine::TensorRtLlm;
        const PlanResult amdPlan = planFor(amd);
        QVERIFY(!amdPlan.fit.fits);
        QVERIFY(!noted(vllmServeCommand(amdPlan, cat), "does not fit"));
        QVERIFY(!noted(sglangServeCommand(amdPlan, cat), "does not fit"));
        // vLLM 0.7 ran its V1 engine (whose rules the plan followed) only with VLLM_USE_V1=1.
        Scenario v07 = scenarioFor("llama-3.1-8b", "h100", 1);
        v07.engine.vllmVersion = VllmProfile::V1Early;
        QVERIFY(vllmServeCommand(planFor(v07), cat)
                    .commandLine()
                    .rfind("VLLM_USE_V1=1 vllm serve ", 0) == 0);
        // A step of 64 tokens: from the 0.11 rules vLLM runs at most 64 sequences, so the
        // capacity batch and --max-num-seqs stay within it (vLLM refuses more).
        Scenario small = scenarioFor("llama-3.1-8b", "h100", 1);
        small.engine.prefillChunkTokens = 64;
        const PlanResult smallPlan = planFor(small);
        QVERIFY(smallPlan.throughput.capacity.batch <= 64);
        QVERIFY(std::stoul(find(vllmServeCommand(smallPlan, cat), "--max-num-seqs")->value) <= 64);
        QVERIFY(smallPlan.startup.starts());
    }

    void pipelineStagesWhereTheyAre() {
        Scenario s = scenarioFor("llama-3.1-70b", "h100", 4);
        s.hardware.tp = 2;
        s.hardware.pp = 2;
        const PlanResult p = planFor(s);
        QCOMPARE(p.layout.pp, 2u);
        const ServeCommand v = vllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(v, "--pipeline-parallel-size")->explanation,
                 std::string("PP 2: the layers split into 2 stages within one node"));
    }

    // Models whose config.json names custom code (auto_map) get the engines' remote-code
    // switch; models that transformers and the engines ship do not.
    void trustRemoteCodeFromAutoMap() {
        const PlanResult k3 = planFor(scenarioFor("kimi-k3", "b300", 8));
        QVERIFY(k3.model.customCode);
        QVERIFY(find(vllmServeCommand(k3, Catalogue::builtin()), "--trust-remote-code"));
        QVERIFY(find(sglangServeCommand(k3, Catalogue::builtin()), "--trust-remote-code"));
        QVERIFY(find(trtllmServeCommand(k3, Catalogue::builtin()), "--trust_remote_code"));
        QVERIFY(vllmServeCommand(k3, Catalogue::builtin())
                    .commandLine()
                    .rfind("vllm serve moonshotai/Kimi-K3 --trust-remote-code --tensor-parallel",
                           0) == 0);
        const PlanResult oss = planFor(scenarioFor("gpt-oss-120b", "h200", 1));
        QVERIFY(!oss.model.customCode);
        QVERIFY(!find(vllmServeCommand(oss, Catalogue::builtin()), "--trust-remote-code"));
        QVERIFY(!find(sglangServeCommand(oss, Catalogue::builtin()), "--trust-remote-code"));
    }

    void trtllmFlagsFromPlan() {
        Scenario s = scenarioFor("qwen3-235b-a22b", "h100", 8);
        s.engine.engine = Engine::TensorRtLlm;
        s.engine.memoryFraction = 0.85;
        s.workload.contextTokens = 8192;
        s.model.kvFormat = formats::fp8;
        const PlanResult p = planFor(s);
        const ServeCommand c = trtllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(c.program, std::string("trtllm-serve"));
        QCOMPARE(c.flags.front().value, std::string("Qwen/Qwen3-235B-A22B"));
        QCOMPARE(find(c, "--backend")->value, std::string("pytorch"));
        QCOMPARE(find(c, "--tp_size")->value, std::to_string(p.layout.tp));
        QCOMPARE(find(c, "--pp_size")->value, std::to_string(p.layout.pp));
        QCOMPARE(find(c, "--ep_size")->value, std::to_string(p.layout.ep));
        QCOMPARE(find(c, "--max_batch_size")->value, std::to_string(p.throughput.capacity.batch));
        QCOMPARE(find(c, "--max_num_tokens")->value, std::string("8192")); // TensorRT-LLM's default
        QCOMPARE(find(c, "--max_seq_len")->value, std::string("8192"));
        QCOMPARE(find(c, "--kv_cache_free_gpu_memory_fraction")->value, std::string("0.85"));
        // FP8 KV has no trtllm-serve flag: a note says how.
        QVERIFY(std::any_of(c.notes.begin(), c.notes.end(), [](const std::string &n) {
            return n.find("--extra_llm_api_options") != std::string::npos;
        }));
        QVERIFY(c.commandLine().rfind("trtllm-serve Qwen/Qwen3-235B-A22B --backend pytorch "
                                      "--tp_size ",
                                      0) == 0);
        // Sized for vLLM: TensorRT-LLM's own default fraction, said so.
        Scenario v = s;
        v.engine.engine = Engine::Vllm;
        v.engine.memoryFraction.reset();
        const ServeCommand cv = trtllmServeCommand(planFor(v), Catalogue::builtin());
        QCOMPARE(find(cv, "--kv_cache_free_gpu_memory_fraction")->value, std::string("0.90"));
        QVERIFY(
            find(cv, "--kv_cache_free_gpu_memory_fraction")->explanation.find("sized for vLLM") !=
            std::string::npos);
        // A dense model has no --ep_size.
        const ServeCommand dense = trtllmServeCommand(
            planFor(scenarioFor("llama-3.1-70b", "h100", 4)), Catalogue::builtin());
        QVERIFY(find(dense, "--ep_size") == nullptr);
    }

    // TensorRT-LLM is NVIDIA-only: an AMD plan gets no trtllm-serve line, and says why.
    // Its FP8 KV cache is E4M3: an E5M2 plan is told so, not silently switched.
    void trtllmOnlyWhereItRuns() {
        const PlanResult amd = planFor(scenarioFor("kimi-k3", "mi355x", 8));
        const std::string text = serveCommandsText(amd, Catalogue::builtin());
        QVERIFY(text.find("trtllm-serve ") == std::string::npos);
        QVERIFY(text.find("TensorRT-LLM runs on NVIDIA GPUs only") != std::string::npos);
        QVERIFY(text.find("vllm serve ") != std::string::npos);
        Scenario e5 = scenarioFor("llama-3.1-70b", "h100", 4);
        e5.model.kvFormat = formats::fp8e5m2;
        const ServeCommand t = trtllmServeCommand(planFor(e5), Catalogue::builtin());
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string &n) {
            return n.find("it has no E5M2 KV cache") != std::string::npos;
        }));
    }

    // A node size TP does not divide: the vLLM line does not claim "of one node", and the plan
    // warns about TP groups across nodes and GPUs that are not whole nodes.
    void oddNodeSize() {
        Scenario s = scenarioFor("kimi-k3", "b300", 16);
        s.hardware.gpusPerNode = 3;
        const PlanResult p = planFor(s);
        QCOMPARE(p.layout.tp, 2u);
        const ServeCommand v = vllmServeCommand(p, Catalogue::builtin());
        QVERIFY(find(v, "--tensor-parallel-size")->explanation.find("of one node") ==
                std::string::npos);
        auto warned = [&](const char *what) {
            return std::any_of(p.warnings.begin(), p.warnings.end(), [&](const std::string &w) {
                return w.find(what) != std::string::npos;
            });
        };
        QVERIFY(warned("TP 2 does not divide the 3 GPUs of a node"));
        QVERIFY(warned("16 GPUs are not whole nodes of 3"));
        QVERIFY(warned("rent 18 GPUs"));
    }

    // One slot: -np 1 alone would become llama-server's 4 unified slots, so -kvu goes with it.
    void llamaServerOneSlot() {
        PlanResult p = planFor(defaultScenario());
        p.throughput.capacity.batch = 1; // as when the latency target allows one sequence
        const ServeCommand c = llamaServerServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(c, "-np")->value, std::string("1"));
        QVERIFY(find(c, "-kvu") != nullptr);
        QCOMPARE(find(c, "-c")->value, std::string("32768"));
    }

    // llama-server for the default plan (Kimi K3 on 8 x B300, 32k context): the plan's batch as
    // slots, each slot's whole context in -c, every layer on the node's GPUs, the KV format.
    void llamaServerFlagsFromPlan() {
        const PlanResult p = planFor(defaultScenario());
        const ServeCommand c = llamaServerServeCommand(p, Catalogue::builtin());
        QCOMPARE(c.title, std::string("llama.cpp (llama-server)"));
        QCOMPARE(c.program, std::string("llama-server"));
        QCOMPARE(find(c, "-m")->value, std::string("kimi-k3.gguf"));
        const std::uint32_t slotCount = p.throughput.capacity.batch;
        QVERIFY(slotCount > 1);
        QCOMPARE(find(c, "-np")->value, std::to_string(slotCount));
        QVERIFY(find(c, "-kvu") == nullptr); // several slots, each with its own context
        QCOMPARE(find(c, "-c")->value, std::to_string(slotCount * 32768ull));
        QCOMPARE(find(c, "-ngl")->value, std::string("99"));
        QCOMPARE(find(c, "--split-mode")->value, std::string("layer"));
        QVERIFY(find(c, "--split-mode")->explanation.find("8 GPUs") != std::string::npos);
        QCOMPARE(find(c, "-ctk")->value, std::string("bf16"));
        QVERIFY(find(c, "-fa") == nullptr); // a bf16 V cache needs no Flash Attention
        QCOMPARE(find(c, "-b")->value, std::string("2048")); // llama.cpp's own n_batch default
        QVERIFY(find(c, "--rpc") == nullptr);
        QVERIFY(c.setup.empty());
        for (const ServeFlag &f : c.flags) {
            QVERIFY2(!f.explanation.empty(), f.flag.c_str());
        }
        // FP8 KV: ggml's nearest cache type, which needs Flash Attention.
        Scenario fp8 = defaultScenario();
        fp8.model.kvFormat = formats::fp8;
        const ServeCommand q = llamaServerServeCommand(planFor(fp8), Catalogue::builtin());
        QCOMPARE(find(q, "-ctv")->value, std::string("q8_0"));
        QCOMPARE(find(q, "-fa")->value, std::string("on"));
    }

    // One list in display order; the CLI text is built from it, each command's shell text as
    // the last lines of its annotated form.
    void serveCommandsInOrder() {
        const PlanResult p = planFor(defaultScenario());
        const auto all = serveCommands(p, Catalogue::builtin());
        QCOMPARE(all.size(), std::size_t(4));
        QCOMPARE(all[0].engine, std::string("vllm"));
        QCOMPARE(all[1].engine, std::string("sglang"));
        QCOMPARE(all[2].engine, std::string("trtllm"));
        QCOMPARE(all[3].engine, std::string("llama.cpp"));
        const std::string text = serveCommandsText(p, Catalogue::builtin());
        for (const ServeCommand &c : all) {
            QVERIFY(c.unavailable.empty());
            const std::string shell = c.shellText();
            QVERIFY(shell.rfind(c.program, 0) == 0);
            QCOMPARE(c.annotated().substr(c.annotated().size() - shell.size()), shell);
            QVERIFY2(text.find("# ---- " + c.title + " ----\n") != std::string::npos,
                     c.title.c_str());
            QVERIFY2(text.find(shell) != std::string::npos, c.engine.c_str());
        }
        QVERIFY(all[0].shellText().rfind("vllm serve moonshotai/Kimi-K3 \\\n"
                                         "    --trust-remote-code \\\n"
                                         "    --tensor-parallel-size 8 \\\n",
                                         0) == 0);
        const auto amd =
            serveCommands(planFor(scenarioFor("kimi-k3", "mi355x", 8)), Catalogue::builtin());
        QCOMPARE(amd.size(), std::size_t(4));
        QCOMPARE(amd[2].unavailable, "Not for " +
                                         planFor(scenarioFor("kimi-k3", "mi355x", 8)).gpu.name +
                                         ": TensorRT-LLM runs on NVIDIA GPUs only.");
        QVERIFY(amd[2].flags.empty());
    }

    void multiNodeNotes() {
        // Kimi K3 on H200 needs more than one node: PP across nodes and launch notes.
        Scenario s = scenarioFor("kimi-k3", "h200", 16);
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 4;
        const PlanResult p = planFor(s);
        QCOMPARE(p.layout.pp, 2u);
        const ServeCommand v = vllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(v, "--pipeline-parallel-size")->value, std::string("2"));
        QVERIFY(!v.notes.empty());
        const ServeCommand g = sglangServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(g, "--nnodes")->value, std::string("2"));
        QCOMPARE(find(g, "--pp-size")->value, std::string("2"));
        const ServeCommand t = trtllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(t, "--pp_size")->value, std::string("2"));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string &n) {
            return n.find("trtllm-llmapi-launch") != std::string::npos &&
                   n.find("16 ranks") != std::string::npos;
        }));
        // The launch line runs on every node once HEAD_IP and NODE_RANK are set.
        QCOMPARE(find(g, "--node-rank")->value, std::string("${NODE_RANK}"));
        QCOMPARE(find(g, "--dist-init-addr")->value, std::string("${HEAD_IP}:5000"));
        QVERIFY(g.commandLine().find("--nnodes 2 --node-rank \"${NODE_RANK}\" --dist-init-addr "
                                     "\"${HEAD_IP}:5000\"") != std::string::npos);
        // One node: no multi-node flags.
        Scenario one = scenarioFor("kimi-k3", "b300", 8);
        one.workload.contextTokens = 8192;
        one.workload.concurrency = 4;
        const ServeCommand g1 = sglangServeCommand(planFor(one), Catalogue::builtin());
        QVERIFY(find(g1, "--nnodes") == nullptr);
        QVERIFY(find(g1, "--node-rank") == nullptr);
        QVERIFY(find(g1, "--dist-init-addr") == nullptr);
        // The other engines' multi-node lines: a Ray cluster for vLLM, rpc-server for llama.cpp.
        QCOMPARE(v.setup.size(), std::size_t(2));
        QCOMPARE(v.setup[1], std::string("ray start --address=\"${HEAD_IP}:6379\"  # on the other "
                                         "node"));
        const ServeCommand l = llamaServerServeCommand(p, Catalogue::builtin());
        QCOMPARE(find(l, "--rpc")->value, std::string("${WORKER_1_IP}:50052"));
        QVERIFY(find(l, "--rpc")->explanation.rfind("the other node's rpc-server address", 0) == 0);
        QVERIFY(l.commandLine().find("--rpc \"${WORKER_1_IP}:50052\"") != std::string::npos);
        QVERIFY(l.setup.at(0).rfind("rpc-server --host 0.0.0.0 --port 50052", 0) == 0);
        QVERIFY(vllmServeCommand(planFor(one), Catalogue::builtin()).setup.empty());
    }

    // An imported config (here a copy of a shipped one, one byte longer) is served from its
    // folder; the shipped file itself is the catalogue entry, served from its repository.
    void importedModelUsesItsFolder() {
        QTemporaryDir tmp;
        const std::string shipped = HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json";
        QFile in(QString::fromStdString(shipped));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile out(tmp.filePath("config.json"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(in.readAll() + "\n");
        out.close();
        for (const auto &[file, expected] :
             {std::pair{out.fileName().toStdString(), tmp.path().toStdString()},
              std::pair{shipped, std::string("meta-llama/Llama-3.1-8B")}}) {
            Scenario s = scenarioFor(file.c_str(), "h100", 1);
            s.workload.contextTokens = 8192;
            s.workload.concurrency = 1;
            const PlanResult p = planFor(s);
            QCOMPARE(servingModelPath(p, Catalogue::builtin()), expected);
        }
    }

    // The shipped config unchanged beside a ModelOpt record is a quantized checkpoint of the
    // entry (nvidia/GLM-5-NVFP4 keeps GLM-5's config.json): served from its folder, not from
    // the entry's 16-bit repository.
    void quantizedCopyOfAShippedConfigUsesItsFolder() {
        QTemporaryDir tmp;
        QVERIFY(QFile::copy(HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json",
                            tmp.filePath("config.json")));
        const std::string config = tmp.filePath("config.json").toStdString();
        Scenario s = scenarioFor(config.c_str(), "h100", 1);
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 1;
        QCOMPARE(servingModelPath(planFor(s), Catalogue::builtin()),
                 std::string("meta-llama/Llama-3.1-8B"));
        QFile quant(tmp.filePath("hf_quant_config.json"));
        QVERIFY(quant.open(QIODevice::WriteOnly));
        quant.write(R"({"producer":{"name":"modelopt","version":"0.29.0"},)"
                    R"("quantization":{"quant_algo":"NVFP4","group_size":16,)"
                    R"("exclude_modules":["lm_head"]}})");
        quant.close();
        const PlanResult p = planFor(s);
        QCOMPARE(servingModelPath(p, Catalogue::builtin()), tmp.path().toStdString());
        QVERIFY(p.model.weightBytes() <
                planFor(scenarioFor("llama-3.1-8b", "h100", 1)).model.weightBytes() * 2 / 5);
    }

    // A GGUF file is served as the file (vLLM's GGUF loader), not as its folder, and the
    // comment says what SGLang and TensorRT-LLM make of one.
    void ggufServedAsTheFile() {
        QTemporaryDir tmp;
        const std::string file = tmp.filePath("m-Q4_K_M.gguf").toStdString();
        const ggufwriter::Writer w = ggufwriter::llama31_8b_q4km(1000);
        std::ofstream(file, std::ios::binary) << w.build();
        std::filesystem::resize_file(file, w.fileSize());
        Scenario s = scenarioFor(file.c_str(), "h100", 1);
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 1;
        const PlanResult p = planFor(s);
        QCOMPARE(servingModelPath(p, Catalogue::builtin()), file);
        const ServeCommand v = vllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(v.flags.front().value, file);
        QVERIFY2(v.flags.front().explanation.find("GGUF loader") != std::string::npos &&
                     v.flags.front().explanation.find("--tokenizer") != std::string::npos,
                 v.flags.front().explanation.c_str());
        // The file names no base model: the tokenizer and the other engines' checkpoint are a
        // placeholder the comment says to replace (they were the GGUF file, which
        // trtllm-serve cannot load, and no --tokenizer).
        const auto flag = [](const ServeCommand &c, const std::string &name) {
            return std::find_if(c.flags.begin(), c.flags.end(),
                                [&](const auto &f) { return f.flag == name; });
        };
        QVERIFY(flag(v, "--tokenizer") != v.flags.end());
        QCOMPARE(flag(v, "--tokenizer")->value, std::string("ORG/NAME"));
        QVERIFY(flag(v, "--tokenizer")->explanation.find("replace ORG/NAME") != std::string::npos);
        const ServeCommand trt = trtllmServeCommand(p, Catalogue::builtin());
        QCOMPARE(trt.flags.front().value, std::string("ORG/NAME"));
        QCOMPARE(flag(sglangServeCommand(p, Catalogue::builtin()), "--model-path")->value,
                 std::string("ORG/NAME"));
        // With general.base_model.0.repo_url (llama.cpp's convert script writes it), that
        // repository.
        ggufwriter::Writer named = ggufwriter::llama31_8b_q4km(1000);
        named.string("general.base_model.0.repo_url",
                     "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct");
        std::ofstream(file, std::ios::binary | std::ios::trunc) << named.build();
        std::filesystem::resize_file(file, named.fileSize());
        const PlanResult q = planFor(s);
        QCOMPARE(q.model.originRepo, std::string("meta-llama/Llama-3.1-8B-Instruct"));
        const ServeCommand v2 = vllmServeCommand(q, Catalogue::builtin());
        QCOMPARE(v2.flags.front().value, file);
        QCOMPARE(flag(v2, "--tokenizer")->value, q.model.originRepo);
        QCOMPARE(trtllmServeCommand(q, Catalogue::builtin()).flags.front().value,
                 q.model.originRepo);
        QCOMPARE(flag(sglangServeCommand(q, Catalogue::builtin()), "--model-path")->value,
                 q.model.originRepo);
    }

    // Data-parallel replicas: each engine's command starts one replica, which carries its share
    // of the workload, so no section says the engine starts short (16 sequences of 32k on RTX
    // 4090s: one per card, 16 replicas).
    void replicasCarryTheirShare() {
        Scenario s = scenarioFor("llama-3.1-8b", "rtx-4090", 0);
        s.workload.contextTokens = 32768;
        s.workload.concurrency = 16;
        const PlanResult p = planFor(s);
        QVERIFY(p.fit.fits);
        QVERIFY2(p.replicas > 1, std::to_string(p.replicas).c_str());
        for (const ServeCommand &c : serveCommands(p, Catalogue::builtin())) {
            for (const std::string &n : c.notes) {
                QVERIFY2(n.find("holding fewer sequences") == std::string::npos,
                         (c.title + ": " + n).c_str());
            }
        }
    }

    // A plan sized for re-quantized weights says the engine needs a checkpoint in that format;
    // a plan on the checkpoint's own formats says nothing of the kind.
    void requantizedWeightsNoted() {
        Scenario s = scenarioFor("llama-3.1-70b", "h100", 2);
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 1;
        auto hasNote = [](const ServeCommand &c) {
            for (const auto &n : c.notes) {
                if (n.find("not the checkpoint's own formats") != std::string::npos) {
                    return true;
                }
            }
            return false;
        };
        QVERIFY(!hasNote(vllmServeCommand(planFor(s), Catalogue::builtin())));
        QVERIFY(!find(vllmServeCommand(planFor(s), Catalogue::builtin()), "--quantization"));
        // FP8 from the BF16 checkpoint: both engines quantize at load (--quantization fp8), so
        // the command starts what the plan sized and needs no other checkpoint.
        s.model.weightsFormat = formats::fp8;
        const ServeCommand vllm = vllmServeCommand(planFor(s), Catalogue::builtin());
        QVERIFY(!hasNote(vllm));
        QVERIFY(find(vllm, "--quantization") && find(vllm, "--quantization")->value == "fp8");
        QVERIFY2(find(vllm, "--quantization")->explanation.find("streams") != std::string::npos,
                 find(vllm, "--quantization")->explanation.c_str());
        // SGLang loads the BF16 model whole first: 141.1 GB over TP 2 = 70.6 GB per GPU fits an
        // H100's 79 GiB, so the flag stands, saying so.
        const ServeCommand sglang = sglangServeCommand(planFor(s), Catalogue::builtin());
        QVERIFY(find(sglang, "--quantization"));
        // The vLLM plan's SGLang command (re-planned under SGLang) keeps the checkpoint's own
        // formats as BF16: the flag, and no note asking for an FP8 checkpoint.
        QVERIFY(!hasNote(sglang));
        QVERIFY2(find(sglang, "--quantization")->explanation.find("70.") != std::string::npos,
                 find(sglang, "--quantization")->explanation.c_str());
        // A dense model gets no expert-parallel flag at all.
        for (const auto &f : sglang.flags) {
            QVERIFY(f.flag != "--ep-size");
        }
        // On one H100 the BF16 model (141 GB) cannot load whole: no flag, a note to quantize
        // offline; vLLM's streaming load still takes the flag.
        Scenario one = s;
        one.hardware.gpuCount = 1;
        const ServeCommand sglangOne = sglangServeCommand(planFor(one), Catalogue::builtin());
        QVERIFY(!find(sglangOne, "--quantization"));
        QVERIFY(std::any_of(sglangOne.notes.begin(), sglangOne.notes.end(), [](const auto &n) {
            return n.find("quantize it offline first") != std::string::npos;
        }));
        QVERIFY(find(vllmServeCommand(planFor(one), Catalogue::builtin()), "--quantization"));
        // INT4 has no online path: the note says to bring such a checkpoint.
        s.model.weightsFormat = formats::int4g128;
        QVERIFY(hasNote(vllmServeCommand(planFor(s), Catalogue::builtin())));
        QVERIFY(!find(vllmServeCommand(planFor(s), Catalogue::builtin()), "--quantization"));
    }

    void shellQuoting() {
        ServeCommand c;
        c.program = "vllm serve";
        c.flags.push_back({"", "/models/my model", "x"});
        QCOMPARE(c.commandLine(), std::string("vllm serve '/models/my model'"));
    }
};

QTEST_GUILESS_MAIN(TestServeCommand)
#include "tst_servecommand.moc"
