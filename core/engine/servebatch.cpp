// SPDX-License-Identifier: MIT
#include "engine/servebatch.h"

#include "engine/moea2a.h"
#include "plan/plan.h"
#include "sizing/memory.h"
#include "util/numbertext.h"
#include "util/textutil.h"
#include "util/units.h"

namespace hostplan {

std::uint64_t servedBatchedTokens(const PlanResult &p, Engine engine) {
    Scenario s = p.scenario;
    s.engine.engine = engine;
    return batchedTokens(s, p.gpu, &p.model, &p.layout);
}

std::string chunkOrigin(const PlanResult &p, Engine engine) {
    Scenario s = p.scenario;
    s.engine.engine = engine;
    return p.scenario.engine.prefillChunkTokens ? ": the plan's prefill chunk"
           : vllmBatchedDpMoe(s, &p.model, &p.layout)
               ? ": the engine's default with DeepEP low latency under attention DP and EP "
                 "(v0.20 on)"
               : ": the engine's default";
}

void addBatchedTokens(const PlanResult &p, Engine engine, const std::string &what,
                      ServeCommand &c) {
    c.flags.push_back({std::string(engineInfo(engine).flags.batchedTokens),
                       std::to_string(servedBatchedTokens(p, engine)),
                       what + chunkOrigin(p, engine)});
}

void addMoeA2aFlags(const PlanResult &p, Engine engine, ServeCommand &c) {
    const MoeA2a a2a = p.scenario.engine.moeA2a;
    const auto &L = p.layout;
    if (a2a == MoeA2a::Default || L.ep <= 1 || engine == Engine::TensorRtLlm || !p.model.isMoe()) {
        return;
    }
    const bool lowLatency = a2a == MoeA2a::DeepepLowLatency;
    if (engine == Engine::Sglang) {
        // The flag by release: --enable-deepep-moe from v0.4.4.post2, --moe-a2a-backend deepep
        // from v0.4.10.post2 (inside the rule set of v0.4.9.post3 to v0.5.2).
        const SglangProfile rules = p.scenario.engine.sglangVersion.value_or(kDefaultSglangProfile);
        const std::string why = "DeepEP dispatches tokens to the experts' GPUs; SGLang keeps the "
                                "shared experts whole on every GPU with it, as the plan counts";
        if (rules < SglangProfile::V0493) {
            c.flags.push_back({"--enable-deepep-moe", "",
                               why + " (--moe-a2a-backend deepep "
                                     "from v0.4.10.post2)"});
            if (rules == SglangProfile::V040) {
                c.notes.push_back("SGLang has DeepEP from v0.4.4.post2 (--enable-deepep-moe): "
                                  "releases before it, also planned with these rules, refuse "
                                  "the flag; plan them without the all-to-all backend.");
            }
        } else {
            c.flags.push_back({"--moe-a2a-backend", "deepep",
                               why + (rules == SglangProfile::V0493
                                          ? " (--enable-deepep-moe before v0.4.10.post2)"
                                          : "")});
        }
        c.flags.push_back({"--deepep-mode", lowLatency ? "low_latency" : "normal",
                           lowLatency ? "the plan's DeepEP low-latency kernels"
                                      : "the plan's DeepEP high-throughput (normal) kernels; "
                                        "SGLang turns CUDA graphs off in this mode"});
        if (lowLatency) {
            c.notes.push_back("DeepEP's low-latency dispatch holds at most 128 tokens per rank "
                              "(SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK): keep "
                              "--cuda-graph-max-bs and the running requests per rank at or "
                              "below it. Its buffers (about 4 x experts x 128 x 2 x hidden "
                              "bytes) are allocated at the first dispatch, after the KV pool, "
                              "out of what --mem-fraction-static leaves.");
        }
        return;
    }
    const std::string id(moeA2aId(a2a));
    const VllmProfile rules = p.scenario.engine.vllmVersion.value_or(kDefaultVllmProfile);
    if (L.dp > 1 && !deepepInUse(engine, a2a, rules, true, L.ep, L.dp)) {
        c.notes.push_back("The plan's vLLM rules (" + std::string(vllmRules(rules).label) +
                          ") predate vLLM's DeepEP all-to-all managers: " + id +
                          " is not passed, and the plan counts no DeepEP buffers.");
        return;
    }
    if (L.dp <= 1) {
        c.notes.push_back("vLLM runs its all-to-all backend only with data parallelism: at "
                          "attention DP 1 this layout all-reduces over TP, so " +
                          id + " is not passed.");
        return;
    }
    const std::string_view flag = vllmRules(rules).all2allFlag;
    // The figure is a vLLM plan's (another engine's plan counts none).
    const std::string why =
        "DeepEP dispatches each rank's tokens to the experts' GPUs; vLLM counts its buffers" +
        (p.scenario.engine.engine == Engine::Vllm
             ? " (" + gibNoteText(p.memory.engine.moeA2aBuffers) + " per GPU, as the plan does)"
             : std::string()) +
        " inside the KV budget";
    // Releases of the rule set before the flag (the 0.11 rules' v0.9.2 to v0.11.0) read the
    // environment variable only.
    const std::string_view early = vllmRules(rules).earlyReleases;
    const std::string older = early.empty()
                                  ? ""
                                  : " (" + std::string(early) + " take VLLM_ALL2ALL_BACKEND=" + id +
                                        " in the environment)";
    if (!flag.empty()) {
        c.flags.push_back({std::string(flag), id, why + older});
    } else {
        c.notes.push_back("Set VLLM_ALL2ALL_BACKEND=" + id +
                          " in the environment (releases before v0.11.1 take no "
                          "--all2all-backend flag): " +
                          why + ".");
    }
}

void addGraphBatchFlag(const PlanResult &p, Engine engine, ServeCommand &c) {
    Scenario s = p.scenario; // as this command's engine runs it (TensorRT-LLM: none)
    s.engine.engine = engine;
    const std::uint32_t bs = planCudaGraphMaxBs(s, p.gpu, p.model, p.layout);
    if (bs == 0) {
        return;
    }
    const bool given = p.scenario.engine.cudaGraphMaxBs.has_value();
    const std::string value = std::to_string(bs);
    if (engine == Engine::Sglang) {
        c.flags.push_back(
            {"--cuda-graph-max-bs", value,
             given ? "the plan's largest CUDA-graph batch (engine.cuda_graph_max_bs); the "
                     "default fraction reserves 2 MiB per request of it"
                   : "DeepEP's low-latency dispatch holds at most 128 tokens per rank, below "
                     "this GPU's default graph batch; the plan's fraction reserves for 128"});
        return;
    }
    const VllmProfile rules = p.scenario.engine.vllmVersion.value_or(kDefaultVllmProfile);
    const std::string why = "the plan's largest CUDA-graph capture, in tokens "
                            "(engine.cuda_graph_max_bs); vLLM's default is min(2 x max_num_seqs "
                            "x (1 + draft tokens), 512)";
    const std::string_view flag = vllmRules(rules).graphCaptureFlag;
    if (!flag.empty()) {
        // The rule set's early releases (the 0.11 rules' v0.9.2 to v0.11.0) take only
        // --cuda-graph-sizes; from v0.11.1 that flag is a list of sizes, so one value would
        // capture that size alone (PR #26016).
        const VllmRules &r = vllmRules(rules);
        c.flags.push_back({std::string(flag), value,
                           r.earlyReleases.empty()
                               ? why
                               : why + "; " + std::string(r.earlyReleases) + " take " +
                                     std::string(r.earlyGraphCaptureFlag) + " " + value +
                                     " instead"});
    } else {
        c.notes.push_back("The plan captures CUDA graphs up to " + value +
                          " tokens (engine.cuda_graph_max_bs): vLLM releases of the " +
                          std::string(vllmRules(rules).label) +
                          " rules set the capture sizes with --compilation-config "
                          "'{\"cudagraph_capture_sizes\": [...]}' up to " +
                          value + ".");
    }
}

void addStepFlags(const PlanResult &p, Engine engine, const std::string &what, ServeCommand &c) {
    addBatchedTokens(p, engine, what, c);
    addMoeA2aFlags(p, engine, c);
    if (p.scenario.engine.cudaGraphs) {
        addGraphBatchFlag(p, engine, c);
        return;
    }
    const std::string why = "the plan runs without CUDA graphs (engine.cuda_graphs false): no "
                            "graph memory, which the plan counts as none; small-batch decode is "
                            "slower than the plan's speed figures, which assume graphs";
    if (engine == Engine::Vllm) {
        c.flags.push_back({"--enforce-eager", "", why});
    } else if (engine == Engine::Sglang) {
        c.flags.push_back({"--disable-cuda-graph", "", why});
    } else if (engine == Engine::TensorRtLlm) {
        c.notes.push_back("The plan runs without CUDA graphs: set cuda_graph_config: null in the "
                          "YAML file passed with --extra_llm_api_options.");
    }
}

std::uint32_t replicaBatchLimit(const PlanResult &p, std::string &why) {
    const Capacity &c = p.throughput.capacity;
    const std::string ctx = std::to_string(p.scenario.workload.contextTokens);
    if (p.scenario.engine.maxNumSeqs) {
        // The user's cap: the one the plan's memory and capacity were computed with, over all
        // attention DP ranks (replicaSequenceCap: vLLM's is a rank's, SGLang's all of them).
        why = "the plan's running-sequence cap (engine.max_num_seqs" +
              std::string(p.layout.dp > 1 ? ", over all attention DP ranks" : "") +
              "); the KV room holds " + countText(c.memoryMaxBatch, "sequence") + " of " + ctx +
              " tokens";
        return replicaSequenceCap(p.scenario, p.gpu, &p.model, p.layout);
    }
    if (c.batch > 0) {
        const std::string target = msText(c.targetSecondsPerOutputToken) + " ms";
        // latencyMaxBatch is the top of its search when the target does not bind; the serving
        // model runs no more sequences than the KV room holds, so that top stands for "every
        // batch memory allows", not a batch it modelled, and is not quoted.
        const std::uint32_t searched = c.latencySearchTop();
        if (c.latencyMaxBatch >= searched) {
            why = "the capacity batch: the KV room holds " +
                  countText(c.memoryMaxBatch, "sequence") + " of " + ctx +
                  " tokens, and the modelled time per output token stays within " + target +
                  " at every batch the KV room holds, so latency does not limit it";
            return c.batch;
        }
        why = "the capacity batch: the KV room holds " + countText(c.memoryMaxBatch, "sequence") +
              " of " + ctx + " tokens and " + std::to_string(c.latencyMaxBatch) +
              " keep the modelled time per output token within " + target + "; the smaller wins";
        return c.batch;
    }
    if (c.memoryMaxBatch > 0) {
        why = "the KV room holds " + countText(c.memoryMaxBatch, "sequence") + " of " + ctx +
              " tokens (even one sequence misses the " + msText(c.targetSecondsPerOutputToken) +
              " ms target)";
        return c.memoryMaxBatch;
    }
    why = "the workload's concurrency (the plan has no KV room at this context)";
    return std::max<std::uint32_t>(p.scenario.workload.concurrency, 1);
}

std::uint32_t batchLimit(const PlanResult &p, std::string &why) {
    const std::uint32_t batch = replicaBatchLimit(p, why);
    const std::uint32_t dp = std::max(p.layout.dp, 1u);
    if (dp <= 1) {
        return batch;
    }
    const std::uint32_t rank = std::uint32_t(ceilDiv(batch, dp));
    why += "; " + std::to_string(batch) + " over the " + std::to_string(dp) +
           " attention DP ranks, each of which schedules its own, is " + std::to_string(rank);
    return rank;
}

} // namespace hostplan
