// SPDX-License-Identifier: MIT
#include "engine/servespeculation.h"

#include "plan/plan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

namespace hostplan {

namespace {

/// SGLang's draft-step flags for `k` draft tokens per round, one candidate per step.
void addSglangSteps(std::uint32_t k, ServeCommand &c) {
    c.flags.push_back({"--speculative-num-steps", std::to_string(k), "draft steps per round"});
    c.flags.push_back({"--speculative-eagle-topk", "1", "one candidate per draft step"});
    c.flags.push_back({"--speculative-num-draft-tokens", std::to_string(k + 1),
                       "tokens verified per round: the drafts plus one"});
}

/// A named draft's flags (engine.draft, ModelSpec::draft): vLLM `--speculative-config
/// '{"model": ..., "num_speculative_tokens": k}'` (the draft_model method) or `{"method":
/// "eagle", ...}`; SGLang STANDALONE or EAGLE with --speculative-draft-model-path. The draft
/// is the catalogue entry's repository, else the path as given; an EAGLE head built by
/// HostPlan has no checkpoint, so its path is a placeholder to fill in. At least one
/// speculative token (the memory model loads the draft whatever the workload says).
void addDraftFlags(const PlanResult &p, Engine engine, const Catalogue &cat, ServeCommand &c) {
    const ModelSpec &d = *p.model.draft;
    const std::uint32_t k = std::max<std::uint32_t>(p.scenario.workload.speculativeTokens, 1);
    std::string path =
        d.eagleHead ? "<EAGLE head for " + p.model.id + ">" : p.scenario.engine.draft;
    if (!d.eagleHead) {
        if (auto entry = cat.findModel(path); entry.ok() && !entry->hfRepo.empty()) {
            path = entry->hfRepo;
        }
    }
    if (d.eagleHead) {
        c.notes.push_back("replace " + path +
                          " with an EAGLE head checkpoint trained for this model before running "
                          "(HostPlan sized the head from the model's shape; it names no "
                          "checkpoint, so the command fails at start as written)");
    }
    std::string why = "the plan's draft " + d.displayName + " proposes " + std::to_string(k) +
                      " token(s) per step; the engine loads it with its own KV cache";
    if (p.scenario.workload.speculativeTokens == 0) {
        why += " (1, the least the engine takes: the plan's speed assumes no speculation; "
               "--speculative-tokens N plans it)";
    }
    if (engine == Engine::Vllm) {
        // Built as JSON, not by concatenation: a path may hold a quote or a backslash.
        nlohmann::ordered_json config;
        if (d.eagleHead) {
            config["method"] = "eagle";
        }
        config["model"] = path;
        config["num_speculative_tokens"] = k;
        c.flags.push_back(
            {std::string(engineInfo(engine).flags.speculation),
             config.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), why});
        return;
    }
    c.flags.push_back({std::string(engineInfo(engine).flags.speculation),
                       d.eagleHead ? "EAGLE" : "STANDALONE", why});
    c.flags.push_back({"--speculative-draft-model-path", path, "the draft's checkpoint"});
    addSglangSteps(k, c);
}

} // namespace

// The MTP speculative-decoding flags when the plan speculates and the model ships MTP
// layers (the draft the memory model loads, engine/enginememory.h): vLLM
// `--speculative-config '{"method":"mtp",...}'` (vllm-project/recipes DeepSeek MTP recipes),
// SGLang EAGLE over the model's own next-n layer with one draft token per step (SGLang's
// DeepSeek usage docs). A named draft (engine.draft) takes their place (addDraftFlags).
// Nothing otherwise.
void addSpeculation(const PlanResult &p, Engine engine, const Catalogue &cat, ServeCommand &c) {
    if (p.model.draft) {
        addDraftFlags(p, engine, cat, c);
        return;
    }
    const std::uint32_t k = p.scenario.workload.speculativeTokens;
    if (k == 0 || p.model.mtpLayers == 0) {
        return;
    }
    const std::string why = "the plan speculates " + std::to_string(k) +
                            " token(s) per step with the model's " +
                            std::to_string(p.model.mtpLayers) +
                            " MTP layer(s), which the engine loads with their own KV cache";
    if (engine == Engine::Vllm) {
        c.flags.push_back(
            {std::string(engineInfo(engine).flags.speculation),
             "{\"method\":\"mtp\",\"num_speculative_tokens\":" + std::to_string(k) + "}", why});
        return;
    }
    c.flags.push_back({std::string(engineInfo(engine).flags.speculation), "EAGLE", why});
    addSglangSteps(k, c);
}

} // namespace hostplan
