// SPDX-License-Identifier: MIT
#include "engine/servecommand.h"

#include "engine/llamacpp.h"
#include "engine/servebatch.h"
#include "engine/servedtype.h"
#include "engine/servemodel.h"
#include "engine/servespeculation.h"
#include "engine/startupfixes.h"
#include "engine/vllmencoder.h"
#include "catalogue/embeddedresources.h"
#include "import/ggufimport.h"
#include "plan/plan.h"
#include "util/numbertext.h"
#include "util/textutil.h"
#include "sizing/throughput.h"
#include "util/units.h"
#include "util/terminaltext.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace hostplan {

namespace {

/// `engine`'s launch flag `member` (EngineInfo::flags), e.g. &EngineFlags::memoryFraction.
std::string flagOf(Engine engine, std::string_view EngineFlags::*member) {
    return std::string(engineInfo(engine).flags.*member);
}

std::string num(double v, const char *format = "%.2f") {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

/// A flag's value as the shell should see it.
std::string shellValue(const ServeFlag &f) {
    return f.expandsShellVariables ? "\"" + f.value + "\"" : shellWord(f.value);
}

/// Nodes (instances) one replica of the plan spans, on the plan's instance size.
std::uint32_t nodesOf(const PlanResult &p) {
    return std::uint32_t(
        ceilDiv(std::max<std::uint32_t>(p.layout.gpuCount(), 1), p.instanceSize()));
}

/// The plan re-evaluated under `engine`'s memory rules on the same GPUs and layout, with the
/// plan's throughput efficiency (calibrated or not), so that each engine's batch limit and
/// memory fraction follow that engine's own rules (memory.h engineDefaults()). The plan's model
/// is reused (its formats already applied; applying them again changes nothing), so an imported
/// model is not read from disk again. One replica, with its share of the workload's concurrency
/// and volume. The plan itself when it already follows `engine`, or when the re-evaluation fails.
PlanResult planUnder(const PlanResult &p, Engine engine, const Catalogue &cat) {
    if (p.scenario.engine.engine == engine) {
        return p;
    }
    Scenario s = p.scenario;
    s.engine.engine = engine;
    s.engine.memoryFraction.reset();
    s.hardware.gpuCount = p.layout.gpuCount(); // one replica, on the plan's instance size
    s.hardware.gpusPerNode = p.instanceSize();
    s.hardware.tp = p.layout.tp;
    s.hardware.ep = p.layout.ep;
    s.hardware.pp = p.layout.pp;
    s.hardware.attentionDp = p.layout.dp;
    if (s.engine.maxNumSeqs && p.layout.dp > 1) {
        // The same running cap of the replica in the other engine's terms: SGLang's flag counts
        // every attention DP rank, vLLM's and TensorRT-LLM's one rank.
        const std::uint32_t all = replicaSequenceCap(p.scenario, p.gpu, &p.model, p.layout);
        s.engine.maxNumSeqs =
            engine == Engine::Sglang ? all : std::uint32_t(ceilDiv(all, p.layout.dp));
    }
    // That one replica carries its share of the workload (each command starts one replica).
    const std::uint32_t replicas = std::max<std::uint32_t>(p.replicas, 1);
    Workload &w = s.workload;
    w.concurrency = std::uint32_t(ceilDiv(w.concurrency, replicas));
    w.inputTokensPerMonth /= replicas;
    w.cachedInputTokensPerMonth /= replicas;
    w.outputTokensPerMonth /= replicas;
    auto r = evaluate(s, cat, p.model);
    if (!r.ok()) {
        return p;
    }
    PlanResult alt = std::move(r).value();
    // Facts of the checkpoint, not of p.model (already in the plan's formats, which the
    // evaluation above reads as stored): online FP8 and the re-format notes follow them.
    alt.storedLinearFormat = p.storedLinearFormat;
    alt.checkpointQuantized = p.checkpointQuantized;
    // A probe's calibration carries over to the other engine's plan; otherwise each engine keeps
    // its own fitted serving constants (resources/throughput-calibration.json).
    if (p.throughput.confidence == Confidence::Calibrated) {
        const std::string_view source = p.throughput.efficiencySource;
        alt.throughput = computeThroughput(alt, p.throughput.efficiency);
        alt.throughput.confidence = Confidence::Calibrated;
        alt.throughput.efficiencySource = source;
    }
    return alt;
}

/// "on the other node" / "on each of the other 3 nodes": where a multi-node setup line runs.
std::string onOtherNodes(std::uint32_t nodes) {
    return nodes == 2 ? std::string("on the other node")
                      : "on each of the other " + std::to_string(nodes - 1) + " nodes";
}

/// What the EP size means for a MoE plan (SGLang --ep-size, TensorRT-LLM --ep_size).
std::string epExplanation(const PlanResult &p) {
    const std::uint32_t ep = p.layout.ep;
    if (ep <= 1) {
        return "EP 1: experts are sliced by TP, not spread whole";
    }
    return "EP " + std::to_string(ep) + ": each GPU holds " +
           countText(p.model.experts.routed / ep, "whole routed expert");
}

/// Why the layers are split into PP stages, and where the stages sit.
std::string ppExplanation(const PlanResult &p) {
    const std::uint32_t pp = p.layout.pp;
    if (pp <= 1) {
        return "no pipeline: the model fits one TP group";
    }
    const std::uint32_t nodes = nodesOf(p);
    const std::string stages =
        "PP " + std::to_string(pp) + ": the layers split into " + std::to_string(pp) + " stages";
    if (nodes == pp) {
        return stages + ", one per node";
    }
    if (nodes == 1) {
        return stages + " within one node";
    }
    return stages + " over " + std::to_string(nodes) + " nodes";
}

/// The remote-code switch (`flag`) when the model's config names custom code (auto_map).
void addTrustRemoteCode(const PlanResult &p, const char *flag, ServeCommand &c) {
    if (p.model.customCode) {
        c.flags.push_back({flag, "",
                           "the model's config.json has an auto_map: its repository ships "
                           "custom model/tokenizer code the engine loads only with this switch"});
    }
}

/// Where an engine command's memory fraction comes from.
std::string fractionOrigin(const PlanResult &p, Engine engine) {
    if (p.scenario.engine.engine == engine) {
        return "the plan's memory fraction";
    }
    return engineDisplayName(engine) + "'s default (the plan was sized for " +
           engineDisplayName(p.scenario.engine.engine) + ")";
}

/// "leaving 19.5 GB (18.16 GiB) per GPU for KV", or that nothing is left: the GiB figure is
/// the one the engines log ("Available KV cache memory: 18.16 GiB").
std::string kvRoomText(const PlanResult &e) {
    if (e.memory.kvCapacityBytesPerGpu <= 0) {
        return "leaving no room for KV (the plan does not fit)";
    }
    return "leaving " + gbText(double(e.memory.kvCapacityBytesPerGpu)) + " (" +
           gibNoteText(std::uint64_t(e.memory.kvCapacityBytesPerGpu)) + ") per GPU for KV";
}

/// What attention DP does in the plan's layout, for a flag's explanation. The engines' flags:
/// vLLM --data-parallel-size with TP tp / dp per rank, its expert layers over DP x TP
/// (docs/serving/data_parallel_deployment.md); SGLang --dp-size --enable-dp-attention
/// (server_args.py, layers/dp_attention.py); TensorRT-LLM enable_attention_dp in the
/// --extra_llm_api_options YAML (llmapi/llm_args.py).
std::string attentionDpText(const PlanResult &p) {
    const auto &L = p.layout;
    return "attention DP " + std::to_string(L.dp) +
           " of the plan's layout: " + std::to_string(L.dp) + " ranks of TP " +
           std::to_string(L.attentionTp()) +
           ", each holding the attention weights and the KV of its own sequences, the routed "
           "experts split over all " +
           std::to_string(L.tp) + " GPUs";
}

/// " (under SGLang's memory rules)" when the plan follows another engine, else "".
std::string rulesSuffix(const PlanResult &p, Engine engine) {
    return p.scenario.engine.engine == engine
               ? std::string()
               : " (under " + engineDisplayName(engine) + "'s memory rules)";
}

/// "`lead`; reason; reason." over the plan's fit reasons, one full stop at the end.
std::string notFitSentence(const PlanResult &p, const std::string &lead) {
    std::string why = lead;
    for (const auto &r : p.fit.reasons) {
        why += "; " + (!r.empty() && r.back() == '.' ? r.substr(0, r.size() - 1) : r);
    }
    return why + ".";
}

/// Notes every command carries, from `p`, the plan under the command's engine (its verdict);
/// `gguf`: a GGUF file (llama-server), whose formats come from llama.cpp's own tools.
void commonNotes(const PlanResult &p, std::vector<std::string> &notes, bool gguf = false) {
    if (p.fit.startsShort) {
        notes.push_back(notFitSentence(p, "The engine starts, holding fewer sequences at once "
                                          "than the workload's concurrency") +
                        startupFixesText(p.startup));
    } else if (!p.fit.fits) {
        notes.push_back(
            notFitSentence(p, "The plan does not fit") +
            " The engine will fail to start or will cap every request below the context." +
            startupFixesText(p.startup));
    }
    const ModelChoice &m = p.scenario.model;
    // A float dtype re-formats only a quantized checkpoint's linear layers (dequantized); FP8
    // from a BF16 checkpoint is the engine's own --quantization fp8 (addOnlineQuantization).
    const bool requantized =
        m.weightsFormat && (!isFloatDtype(*m.weightsFormat) || p.checkpointQuantized);
    if ((requantized || !m.groupFormats.empty()) && !onlineFp8(p, p.scenario.engine.engine)) {
        std::string what = requantized ? m.weightsFormat->label() + " weights" : "";
        for (const auto &[role, format] : m.groupFormats) {
            what += (what.empty() ? "" : ", ") + roleName(role) + " in " + format.label();
        }
        notes.push_back(
            "The plan assumes " + what +
            ", not the checkpoint's own formats; the engine serves the checkpoint as stored. " +
            (gguf ? std::string("llama-server runs the GGUF file as written: convert it "
                                "(convert_hf_to_gguf.py) and quantize it (llama-quantize) to "
                                "the type you plan.")
                  : std::string("Point it at a checkpoint already in that format, or quantize "
                                "first (e.g. llm-compressor; TensorRT-LLM: ModelOpt).")));
    }
    if (p.throughput.capacity.latencyMaxBatch == 0) {
        notes.push_back("Even one sequence is slower than the target time per output token (" +
                        num(p.scenario.workload.targetSecondsPerOutputToken * 1e3, "%.0f") +
                        " ms) in HostPlan's throughput model.");
    }
}

} // namespace

std::string ServeCommand::commandLine() const {
    std::string line = program;
    for (const auto &f : flags) {
        // Appended piecewise: `" " + std::string&&` trips GCC 12's -Wrestrict at -O3.
        if (!f.flag.empty()) {
            line.append(" ").append(f.flag);
        }
        if (!f.value.empty()) {
            line.append(" ").append(shellValue(f));
        }
    }
    return line;
}

std::string ServeCommand::shellText() const {
    std::ostringstream s;
    s << program;
    for (const auto &f : flags) {
        if (f.flag.empty()) {
            s << " " << shellWord(f.value); // positional (the model) stays on the first line
            continue;
        }
        s << " \\\n    " << f.flag;
        if (!f.value.empty()) {
            s << " " << shellValue(f);
        }
    }
    s << "\n";
    return s.str();
}

std::string ServeCommand::annotated() const {
    std::ostringstream s;
    for (const auto &f : flags) {
        s << "# " << (f.flag.empty() ? std::string("MODEL") : f.flag)
          << (f.value.empty() ? "" : " " + singleLine(f.value)) << ": " << singleLine(f.explanation)
          << "\n";
    }
    for (const auto &n : notes) {
        s << "# Note: " << singleLine(n) << "\n";
    }
    for (const auto &line : setup) {
        s << "# Run first: " << singleLine(line) << "\n";
    }
    s << shellText();
    return s.str();
}

ServeCommand vllmServeCommand(const PlanResult &p, const Catalogue &cat) {
    ServeCommand c;
    c.engine = "vllm";
    c.title = "vLLM";
    c.program = p.scenario.engine.vllmVersion == VllmProfile::V1Early ? "VLLM_USE_V1=1 vllm serve"
                                                                      : "vllm serve";
    const std::string model = servingModelPath(p, cat, Engine::Vllm);
    const auto &L = p.layout;
    c.flags.push_back({"", model, servingModelExplanation(p, cat, model)});
    addGgufTokenizer(p, cat, c);
    addTrustRemoteCode(p, "--trust-remote-code", c);
    addDtype(p, Engine::Vllm, c);
    addOnlineQuantization(p, Engine::Vllm, c);
    if (L.dp > 1) {
        c.flags.push_back({"--data-parallel-size", std::to_string(L.dp), attentionDpText(p)});
        c.flags.push_back({"--tensor-parallel-size", std::to_string(L.attentionTp()),
                           "TP " + std::to_string(L.attentionTp()) +
                               " inside each DP rank (the plan's TP " + std::to_string(L.tp) +
                               " / attention DP " + std::to_string(L.dp) + ")"});
    } else {
        c.flags.push_back({"--tensor-parallel-size", std::to_string(L.tp),
                           L.tp > 1
                               ? "TP " + std::to_string(L.tp) +
                                     " of the plan's layout: every layer split over " +
                                     std::to_string(L.tp) + " GPUs" +
                                     (p.instanceSize() % L.tp == 0 ? " of one node" : "") +
                                     " (a power of two that divides the " +
                                     std::to_string(p.model.numAttentionHeads) + " attention heads)"
                               : std::string("TP 1 of the plan's layout: the model is not split "
                                             "across GPUs")});
    }
    const std::string_view epFlag =
        vllmRules(p.scenario.engine.vllmVersion.value_or(kDefaultVllmProfile)).expertParallelFlag;
    if (L.ep > 1 && epFlag.empty()) {
        c.notes.push_back("These vLLM releases have no --enable-expert-parallel (from v0.8.0): "
                          "the plan's EP " +
                          std::to_string(L.ep) +
                          " is not passed, and they shard every expert over TP instead.");
    } else if (L.ep > 1) {
        c.flags.push_back(
            {std::string(epFlag), "",
             "EP " + std::to_string(L.ep) + ": each GPU holds " +
                 countText(p.model.experts.routed / std::max(L.ep, 1u), "whole routed expert") +
                 " instead of a 1/" + std::to_string(L.tp) + " slice of all " +
                 std::to_string(p.model.experts.routed)});
    }
    c.flags.push_back({flagOf(Engine::Vllm, &EngineFlags::pipelineParallel), std::to_string(L.pp),
                       ppExplanation(p)});
    c.flags.push_back({"--max-model-len", std::to_string(p.scenario.workload.contextTokens),
                       "the workload's context per sequence (prompt + output)" +
                           (p.model.maxContextTokens
                                ? "; the model allows " + std::to_string(p.model.maxContextTokens)
                                : std::string())});
    const PlanResult e = planUnder(p, Engine::Vllm, cat);
    c.flags.push_back(
        {flagOf(Engine::Vllm, &EngineFlags::memoryFraction), fractionText(e.memory.memoryFraction),
         "share of each GPU's total memory vLLM may use (weights, activations, KV); " +
             fractionOrigin(p, Engine::Vllm) + ", " + kvRoomText(e) + " by " +
             e.memory.engine.engineVersion + "'s start-up rules"});
    std::string why;
    const std::uint32_t batch = batchLimit(e, why);
    c.flags.push_back({flagOf(Engine::Vllm, &EngineFlags::maxSequences), std::to_string(batch),
                       why + rulesSuffix(p, Engine::Vllm)});
    addKvCacheDtype(p, Engine::Vllm, c);
    addMambaSsmDtype(p, Engine::Vllm, c);
    addStepFlags(p, Engine::Vllm, "tokens per step, which sizes the activation workspace", c);
    if (p.scenario.engine.prefixCaching) {
        const bool on = *p.scenario.engine.prefixCaching;
        const std::uint32_t pages = e.memory.cache.stateSlotsPerRequest;
        c.flags.push_back(
            {on ? "--enable-prefix-caching" : "--no-enable-prefix-caching", "",
             std::string(on ? "the plan's prefix caching" : "the plan turns prefix caching off") +
                 (hasLinearLayers(p.model)
                      ? "; each request holds " + countText(pages, "state page") +
                            " in each Mamba / linear-attention / short-conv group"
                      : "")});
    }
    if (p.scenario.engine.textOnly && hasVisionTower(p.model)) {
        const auto [limits, why] = vllmTextOnlyLimitFlag(p.scenario.engine.vllmVersion);
        c.flags.push_back({"--limit-mm-per-prompt", limits, why});
    }
    addSpeculation(p, Engine::Vllm, cat, c);
    const std::uint32_t nodes = nodesOf(p);
    const VllmProfile rules = p.scenario.engine.vllmVersion.value_or(kDefaultVllmProfile);
    const std::string_view dpBackend = vllmRules(rules).dataParallelBackendFlag;
    if (nodes > 1 && L.dp > 1 && dpBackend.empty()) {
        c.notes.push_back("The attention DP ranks span " + std::to_string(nodes) +
                          " nodes, and vLLM releases of the " +
                          std::string(vllmRules(rules).label) +
                          " rules take no --data-parallel-backend: start each node's ranks as "
                          "that release's data-parallel deployment guide says.");
    } else if (nodes > 1 && L.dp > 1) {
        // One `vllm serve` places DP ranks on other nodes only through Ray
        // (docs/serving/data_parallel_deployment.md, --data-parallel-backend).
        c.flags.push_back({std::string(dpBackend), "ray",
                           "the attention DP ranks span " + std::to_string(nodes) +
                               " nodes: Ray starts the ranks on the other nodes"});
    }
    if (nodes > 1) {
        c.notes.push_back("The plan spans " + std::to_string(nodes) +
                          " nodes: start a Ray cluster over them (ray start --head / "
                          "--address) and run this on the head node.");
        // 6379 is Ray's default GCS port, as in vLLM's multi-node serving guide.
        c.setup.push_back("ray start --head --port=6379  # on the head node");
        c.setup.push_back("ray start --address=\"${HEAD_IP}:6379\"  # " + onOtherNodes(nodes));
    }
    commonNotes(e, c.notes);
    return c;
}

ServeCommand sglangServeCommand(const PlanResult &p, const Catalogue &cat) {
    ServeCommand c;
    c.engine = "sglang";
    c.title = "SGLang";
    c.program = "python3 -m sglang.launch_server";
    const std::string model = servingModelPath(p, cat, Engine::Sglang);
    const auto &L = p.layout;
    c.flags.push_back({"--model-path", model, servingModelExplanation(p, cat, model)});
    addTrustRemoteCode(p, "--trust-remote-code", c);
    addDtype(p, Engine::Sglang, c);
    addOnlineQuantization(p, Engine::Sglang, c);
    c.flags.push_back({"--tp-size", std::to_string(L.tp),
                       "TP " + std::to_string(L.tp) +
                           " of the plan's layout (a power of two "
                           "that divides the " +
                           std::to_string(p.model.numAttentionHeads) + " attention heads)"});
    if (L.dp > 1) {
        c.flags.push_back({"--dp-size", std::to_string(L.dp), attentionDpText(p)});
        c.flags.push_back({"--enable-dp-attention", "",
                           "attention and KV per DP rank; the MoE layers span all " +
                               std::to_string(L.tp) + " GPUs"});
    }
    if (L.pp > 1) {
        c.flags.push_back({flagOf(Engine::Sglang, &EngineFlags::pipelineParallel),
                           std::to_string(L.pp), ppExplanation(p)});
    }
    if (p.model.isMoe()) {
        c.flags.push_back({"--ep-size", std::to_string(std::max(L.ep, 1u)), epExplanation(p)});
    }
    c.flags.push_back({"--context-length", std::to_string(p.scenario.workload.contextTokens),
                       "the workload's context per sequence (prompt + output)"});
    const PlanResult e = planUnder(p, Engine::Sglang, cat);
    c.flags.push_back(
        {flagOf(Engine::Sglang, &EngineFlags::memoryFraction),
         fractionText(e.memory.memoryFraction),
         "share of each GPU's total memory for weights + KV pool (activations and CUDA graphs "
         "live in the rest); " +
             fractionOrigin(p, Engine::Sglang) + ", " + kvRoomText(e)});
    std::string why;
    const std::uint32_t batch = replicaBatchLimit(e, why);
    c.flags.push_back({flagOf(Engine::Sglang, &EngineFlags::maxSequences), std::to_string(batch),
                       why + rulesSuffix(p, Engine::Sglang)});
    addKvCacheDtype(p, Engine::Sglang, c);
    addMambaSsmDtype(p, Engine::Sglang, c);
    addStepFlags(p, Engine::Sglang, "tokens per prefill step", c);
    if (const auto cap = p.scenario.engine.maxTotalTokens) {
        c.flags.push_back({"--max-total-tokens", std::to_string(*cap),
                           "the plan's cap on the KV pool (engine.max_total_tokens): it holds "
                           "the smaller of this and what memory gives"});
    }
    addSpeculation(p, Engine::Sglang, cat, c);
    const std::uint32_t nodes = nodesOf(p);
    if (nodes > 1) {
        c.flags.push_back({"--nnodes", std::to_string(nodes),
                           "the plan's " + std::to_string(L.gpuCount()) + " GPUs span " +
                               std::to_string(nodes) + " nodes"});
        c.flags.push_back({"--node-rank", "${NODE_RANK}",
                           "this node's rank: 0 on the head node, 1.." + std::to_string(nodes - 1) +
                               " on the others",
                           true});
        // Any free TCP port on the head node; 5000 as in SGLang's multi-node examples.
        c.flags.push_back({"--dist-init-addr", "${HEAD_IP}:5000",
                           "the head node's address, the same on every node", true});
        c.notes.push_back("Run the command on each of the " + std::to_string(nodes) +
                          " nodes after setting HEAD_IP (the head node's address) and NODE_RANK "
                          "(0 on the head node, 1.." +
                          std::to_string(nodes - 1) + " on the others).");
    }
    commonNotes(e, c.notes);
    return c;
}

ServeCommand trtllmServeCommand(const PlanResult &p, const Catalogue &cat) {
    ServeCommand c;
    c.engine = "trtllm";
    c.title = "TensorRT-LLM";
    c.program = "trtllm-serve";
    const std::string model = servingModelPath(p, cat, Engine::TensorRtLlm);
    const auto &L = p.layout;
    c.flags.push_back({"", model, servingModelExplanation(p, cat, model)});
    c.flags.push_back({"--backend", "pytorch",
                       "the PyTorch flow loads the Hugging Face checkpoint as it is (no engine "
                       "build step)"});
    addTrustRemoteCode(p, "--trust_remote_code", c);
    c.flags.push_back({"--tp_size", std::to_string(L.tp),
                       L.tp > 1 ? "TP " + std::to_string(L.tp) + " of the plan's layout"
                                : std::string("TP 1: the model is not split across GPUs")});
    c.flags.push_back({flagOf(Engine::TensorRtLlm, &EngineFlags::pipelineParallel),
                       std::to_string(L.pp), ppExplanation(p)});
    if (p.model.isMoe()) {
        c.flags.push_back({"--ep_size", std::to_string(std::max(L.ep, 1u)), epExplanation(p)});
    }
    if (L.dp > 1) {
        c.notes.push_back("The plan runs attention DP " + std::to_string(L.dp) +
                          ": set enable_attention_dp: true in the YAML file given to "
                          "--extra_llm_api_options (" +
                          attentionDpText(p) + "); as written this command runs TP " +
                          std::to_string(L.tp) + " attention, not the plan's layout.");
    }
    const PlanResult e = planUnder(p, Engine::TensorRtLlm, cat);
    std::string why;
    const std::uint32_t batch = batchLimit(e, why);
    c.flags.push_back({flagOf(Engine::TensorRtLlm, &EngineFlags::maxSequences),
                       std::to_string(batch), why + rulesSuffix(p, Engine::TensorRtLlm)});
    addStepFlags(p, Engine::TensorRtLlm, "tokens per batch step", c);
    c.flags.push_back({"--max_seq_len", std::to_string(p.scenario.workload.contextTokens),
                       "the workload's context per sequence (prompt + output)"});
    c.flags.push_back(
        {flagOf(Engine::TensorRtLlm, &EngineFlags::memoryFraction),
         fractionText(e.memory.memoryFraction),
         "share of the memory left after weights and buffers that becomes KV cache; " +
             fractionOrigin(p, Engine::TensorRtLlm) + ", " + kvRoomText(e)});
    if (const auto cap = p.scenario.engine.maxTotalTokens) {
        c.notes.push_back(
            "The plan caps the KV pool at " + std::to_string(*cap) +
            " tokens (engine.max_total_tokens): trtllm-serve takes it from a YAML "
            "file passed with --extra_llm_api_options (kv_cache_config: max_tokens: " +
            std::to_string(*cap) + ").");
    }
    const NumberFormat &kv = p.scenario.model.kvFormat;
    if (kv.kind == FormatKind::FP8_E4M3) {
        c.notes.push_back("The plan's KV format is " + kv.label() +
                          ": trtllm-serve takes it from a YAML file passed with "
                          "--extra_llm_api_options (kv_cache_config: dtype: fp8).");
    } else if (kv.kind == FormatKind::FP8_E5M2) {
        c.notes.push_back("The plan's KV format is " + kv.label() +
                          ": TensorRT-LLM's FP8 KV cache is E4M3 (kv_cache_config: dtype: fp8), "
                          "the same size; it has no E5M2 KV cache.");
    }
    if (p.model.draft || p.scenario.workload.speculativeTokens > 0) {
        // trtllm-serve takes speculative decoding from the LLM API options only.
        c.notes.push_back("The plan speculates (" +
                          (p.model.draft ? p.model.draft->displayName : std::string("MTP layers")) +
                          "): trtllm-serve takes it from a YAML file passed with "
                          "--extra_llm_api_options (speculative_config); as written this command "
                          "runs without it, and the batch above was sized for it.");
    }
    addTrtllmStateNote(p, c);
    const std::uint32_t nodes = nodesOf(p);
    if (nodes > 1) {
        c.notes.push_back("The plan spans " + std::to_string(nodes) +
                          " nodes: start it under MPI or Slurm with one rank per GPU (" +
                          std::to_string(L.gpuCount()) +
                          " ranks) through trtllm-llmapi-launch, as TensorRT-LLM's multi-node "
                          "serving guide shows.");
    }
    commonNotes(e, c.notes);
    return c;
}

ServeCommand llamaServerServeCommand(const PlanResult &p, const Catalogue &cat) {
    ServeCommand c;
    c.engine = "llama.cpp";
    c.title = "llama.cpp (llama-server)";
    c.program = "llama-server";
    const std::string &ref = p.scenario.model.ref;
    if (isGgufModelRef(ref)) {
        const std::string file = p.model.source.empty() ? ref : p.model.source;
        c.flags.push_back({"-m", file, "the plan's GGUF file"});
    } else {
        c.flags.push_back({"-m", p.model.id + ".gguf",
                           "a GGUF conversion of " + servingModelPath(p, cat) +
                               " (llama.cpp's convert_hf_to_gguf.py, then llama-quantize for a "
                               "smaller type): llama.cpp loads GGUF files only"});
    }
    std::string why;
    std::uint32_t slots = replicaBatchLimit(p, why); // llama.cpp has no attention DP
    const std::uint64_t ctx = p.scenario.workload.contextTokens;
    const std::uint32_t room = p.throughput.capacity.memoryMaxBatch;
    if (room > 0 && slots > room) {
        // llama-server reserves every slot's whole context at start-up: at most the KV room.
        why = "the KV room holds " + countText(room, "sequence") + " of " + std::to_string(ctx) +
              " tokens, and llama-server reserves every slot's context at start-up (the plan's "
              "batch is " +
              std::to_string(slots) + ")";
        slots = room;
    }
    // llama.cpp runs at most LLAMA_MAX_SEQ (256) sequences (src/llama-cparams.h) and reads -c
    // as a 32-bit int (common/arg.cpp std::stoi): fewer slots where the plan's batch is above.
    constexpr std::uint64_t kLlamaMaxSeq = 256;
    constexpr std::uint64_t kLlamaMaxCtx = 2147483647;
    const std::uint64_t most = std::max<std::uint64_t>(
        std::min(kLlamaMaxSeq, kLlamaMaxCtx / std::max<std::uint64_t>(ctx, 1)), 1);
    if (slots > most) {
        why = "the plan's batch of " + std::to_string(slots) + " capped at " +
              std::to_string(most) + ", the most llama.cpp runs at " + std::to_string(ctx) +
              " tokens each (256 sequences, -c below 2^31); " + why;
        slots = std::uint32_t(most);
    }
    c.flags.push_back({"-c", std::to_string(ctx * slots),
                       "the KV cache of all slots together: " + std::to_string(slots) + " x " +
                           std::to_string(ctx) +
                           " tokens (llama-server divides -c among the -np slots)"});
    c.flags.push_back({"-np", std::to_string(slots),
                       "slots decoding at once, each reserving its whole context; " + why});
    if (slots == 1) {
        // llama.cpp tools/server/server.cpp @ aa6192d3: -np 1 without -kvu becomes the default
        // of 4 slots sharing one unified KV cache.
        c.flags.push_back({"-kvu", "",
                           "one slot really: without it llama-server turns -np 1 into its "
                           "default of 4 slots sharing one unified KV cache"});
    }
    const std::uint32_t gpus = std::min(p.layout.gpuCount(), p.instanceSize());
    c.flags.push_back({"-ngl", std::to_string(llamaAllLayersFlag(p.model.numLayers)),
                       "every layer and the output layer on the GPU" +
                           std::string(gpus > 1 ? "s" : "") +
                           ", as the plan holds every weight in GPU memory (only the token "
                           "embeddings stay in system RAM)"});
    if (gpus > 1) {
        c.flags.push_back({"--split-mode", "layer",
                           "whole layers spread over the node's " + std::to_string(gpus) +
                               " GPUs (llama.cpp's default); they work one after another, so a "
                               "token decodes at about one GPU's bandwidth, not TP " +
                               std::to_string(p.layout.tp) + "'s"});
    }
    const NumberFormat &kv = p.scenario.model.kvFormat;
    const std::string cacheType = llamaCacheType(kv);
    c.flags.push_back(
        {"-ctk", cacheType,
         "KV cache type for K, from the plan's KV format " + kv.label() +
             (cacheType == "q8_0" || cacheType == "q4_0" ? " (ggml's nearest block type)" : "")});
    c.flags.push_back({"-ctv", cacheType, "KV cache type for V, the same as K"});
    if (cacheType == "q8_0" || cacheType == "q4_0") {
        c.flags.push_back({"-fa", "on", "a quantized V cache needs Flash Attention"});
    }
    c.flags.push_back(
        {"-b", std::to_string(p.scenario.engine.prefillChunkTokens.value_or(kLlamaDefaultBatch)),
         "tokens per logical batch" + std::string(p.scenario.engine.prefillChunkTokens
                                                      ? ": the plan's prefill chunk"
                                                      : ": llama-server's default")});
    const std::uint32_t nodes = nodesOf(p);
    if (nodes > 1) {
        std::string workers;
        for (std::uint32_t i = 1; i < nodes; ++i) {
            workers +=
                (i > 1 ? "," : "") + std::string("${WORKER_") + std::to_string(i) + "_IP}:50052";
        }
        c.flags.push_back({"--rpc", workers,
                           (nodes == 2 ? std::string("the other node's rpc-server address "
                                                     "(set WORKER_1_IP): llama.cpp offloads "
                                                     "layers to its GPUs over the network")
                                       : "the other " + std::to_string(nodes - 1) +
                                             " nodes' rpc-server addresses (set WORKER_1_IP "
                                             "...): llama.cpp offloads layers to their GPUs "
                                             "over the network"),
                           true});
        c.setup.push_back("rpc-server --host 0.0.0.0 --port 50052  # " + onOtherNodes(nodes) +
                          " (llama.cpp built with -DGGML_RPC=ON)");
        c.notes.push_back("The plan spans " + std::to_string(nodes) +
                          " nodes: llama-server runs on one and reaches the others' GPUs "
                          "through rpc-server; every token crosses the network once per node, "
                          "so expect far less than the plan's throughput.");
    }
    c.flags.push_back({"--host", "0.0.0.0",
                       "listen on every interface (llama-server's own default is 127.0.0.1, and "
                       "it asks no key: add --api-key or keep the port behind a firewall)"});
    c.flags.push_back({"--port", "8080", "llama-server's default port"});
    c.notes.push_back("HostPlan sized this plan by " + engineDisplayName(p.scenario.engine.engine) +
                      "'s memory rules; llama.cpp's own split of GPU and system memory is "
                      "hostplan-cli plan --engine llama.cpp.");
    if (p.model.draft || p.scenario.workload.speculativeTokens > 0) {
        // llama-server's speculative decoding takes a draft model of its own GGUF file.
        c.notes.push_back(
            "The plan speculates (" +
            (p.model.draft ? p.model.draft->displayName : std::string("MTP layers")) +
            "): llama-server takes a draft model as a GGUF file of its own (--model-draft, "
            "--draft-max); as written this command runs without it, and -np above was sized "
            "for it.");
    }
    commonNotes(p, c.notes, true);
    return c;
}

std::vector<ServeCommand> serveCommands(const PlanResult &p, const Catalogue &cat) {
    std::vector<ServeCommand> all;
    all.push_back(vllmServeCommand(p, cat));
    all.push_back(sglangServeCommand(p, cat));
    if (p.gpu.vendor == "NVIDIA") {
        all.push_back(trtllmServeCommand(p, cat));
    } else {
        ServeCommand trt;
        trt.engine = "trtllm";
        trt.title = "TensorRT-LLM";
        trt.program = "trtllm-serve";
        trt.unavailable = "Not for " + p.gpu.name + ": TensorRT-LLM runs on NVIDIA GPUs only.";
        all.push_back(std::move(trt));
    }
    all.push_back(llamaServerServeCommand(p, cat));
    return all;
}

std::string serveCommandsText(const PlanResult &p, const Catalogue &cat) {
    std::ostringstream s;
    s << "# HostPlan serving commands for: " << singleLine(p.scenario.name) << "\n# "
      << singleLine(p.model.displayName) << " on " << p.layout.gpuCount() << " x "
      << singleLine(p.gpu.name) << " (TP " << p.layout.tp << ", EP " << p.layout.ep << ", PP "
      << p.layout.pp << (p.layout.dp > 1 ? ", attention DP " + std::to_string(p.layout.dp) : "")
      << "), context " << p.scenario.workload.contextTokens << " tokens\n";
    if (p.replicas > 1) {
        s << "# " << p.replicas << " data-parallel replicas on " << p.rentedGpus()
          << " GPUs: run the command below once per replica (each on its own "
          << countText(p.layout.gpuCount(), "GPU")
          << ", CUDA_VISIBLE_DEVICES or its own instance) behind a load balancer\n";
    }
    if (p.fit.startsShort) {
        s << notFitSentence(p, "# NOTE: the engine starts, holding fewer sequences at once than "
                               "the workload's concurrency")
          << "\n";
    } else if (!p.fit.fits) {
        s << notFitSentence(p, "# WARNING: the plan does not fit")
          << " These commands will not start or will cap every request below the context.\n";
    }
    for (const ServeCommand &c : serveCommands(p, cat)) {
        s << "\n# ---- " << c.title << " ----\n"
          << (c.unavailable.empty() ? c.annotated() : "# " + singleLine(c.unavailable) + "\n");
    }
    return s.str();
}

} // namespace hostplan
