// SPDX-License-Identifier: MIT
#include "engine/engine.h"
#include "engine/releasetext.h"

#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace hostplan {

const std::vector<EngineInfo> &engines() {
    static const std::vector<EngineInfo> table = {
        // vLLM V1: memory rules by release (vllmRuleSets, default v0.19); defaults as of v0.11
        // (vllm/engine/arg_utils.py @ 99d7eb5d _set_default_args: `vllm serve` 8192 / 2048
        // batched tokens and 1024 / 256 sequences on >= 70 GiB non-A100 / other GPUs;
        // CacheConfig gpu_memory_utilization 0.9, block_size 16), which v0.19.0's start-up logs
        // still print (max_num_batched_tokens=8192 on an H100, llm-d-planner logs @ d3121e05).
        {.engine = Engine::Vllm,
         .id = "vllm",
         .displayName = "vLLM",
         .versionFollowed = "V1 (v0.19)",
         .source = "vllm/v1/worker/gpu_worker.py @ 35d5cda1 determine_available_memory; "
                   "vllm/v1/core/kv_cache_utils.py @ 001cabc1; vllm/engine/arg_utils.py @ "
                   "99d7eb5d _set_default_args",
         .poolRule = MemoryPoolRule::FractionOfTotal,
         .defaultMemoryFraction = 0.9,
         .stateSlotsPerRequest = 1,
         .kvBlockTokens = 16,
         .maxSequencesLargeGpu = 1024,
         .maxSequencesSmallGpu = 256,
         .largeGpuMinBytes = std::uint64_t(70 * kBytesPerGiB),
         .runsOnAmd = true,
         .batchedTokensLargeGpu = 8192,
         .batchedTokensSmallGpu = 2048,
         .defaultsSource =
             "vllm/engine/arg_utils.py @ 99d7eb5d _set_default_args (A100 exception, PR #17885)",
         .flags = {.memoryFraction = "--gpu-memory-utilization",
                   .maxSequences = "--max-num-seqs",
                   .batchedTokens = "--max-num-batched-tokens",
                   .pipelineParallel = "--pipeline-parallel-size",
                   .speculation = "--speculative-config",
                   .tensorParallel = "--tensor-parallel-size",
                   .expertParallel = "--enable-expert-parallel",
                   .expertParallelSwitch = true}},
        // SGLang v0.5: mem_fraction_static by GPU size and TP (sglangDefaultMemFraction; 0.88
        // below is only the fallback when the GPU size is unknown); page_size 1; mamba radix
        // cache extra_buffer = 5 slots (kimi-k3-facts.md section 6). Running requests are sized
        // from memory (no cap).
        {.engine = Engine::Sglang,
         .id = "sglang",
         .displayName = "SGLang",
         .versionFollowed = "v0.5",
         .source = "sglang/srt/model_executor/model_runner.py profile_max_num_token; "
                   "sglang/srt/server_args.py _handle_gpu_memory_settings (PR #10975)",
         .poolRule = MemoryPoolRule::StaticPoolOfTotal,
         .defaultMemoryFraction = 0.88,
         .stateSlotsPerRequest = 5,
         .kvBlockTokens = 1,
         .maxSequencesLargeGpu = 0,
         .maxSequencesSmallGpu = 0,
         .largeGpuMinBytes = 0,
         .runsOnAmd = true,
         .batchedTokensLargeGpu = 8192,
         .batchedTokensSmallGpu = 8192,
         .defaultsSource = "sglang/srt/server_args.py _handle_gpu_memory_settings (size table)",
         .flags = {.memoryFraction = "--mem-fraction-static",
                   .maxSequences = "--max-running-requests",
                   .batchedTokens = "--chunked-prefill-size",
                   .pipelineParallel = "--pp-size",
                   .speculation = "--speculative-algorithm",
                   .tensorParallel = "--tp-size",
                   .expertParallel = "--ep-size"}},
        // TensorRT-LLM <= 1.0 PyTorch backend: BuildConfig max_batch_size 2048,
        // max_num_tokens 8192 (tensorrt_llm/commands/serve.py @ 4c05a748, builder.py).
        {.engine = Engine::TensorRtLlm,
         .id = "trtllm",
         .displayName = "TensorRT-LLM",
         .versionFollowed = "1.0 (PyTorch backend)",
         .source = "tensorrt_llm/_torch/pyexecutor/_util.py @ d8ae02ca KvCacheCreator "
                   "(free_gpu_memory_fraction 0.9); tokens_per_block 32",
         .poolRule = MemoryPoolRule::FractionOfFreeAfterLoad,
         .defaultMemoryFraction = 0.9,
         .stateSlotsPerRequest = 1,
         .kvBlockTokens = 32,
         .maxSequencesLargeGpu = 2048,
         .maxSequencesSmallGpu = 2048,
         .largeGpuMinBytes = 0,
         .runsOnAmd = false,
         .batchedTokensLargeGpu = 8192,
         .batchedTokensSmallGpu = 8192,
         .defaultsSource = "tensorrt_llm/commands/serve.py @ 4c05a748; builder.py BuildConfig",
         .flags = {.memoryFraction = "--kv_cache_free_gpu_memory_fraction",
                   .maxSequences = "--max_batch_size",
                   .batchedTokens = "--max_num_tokens",
                   .pipelineParallel = "--pp_size",
                   .speculation = "speculative_config",
                   .tensorParallel = "--tp_size",
                   .expertParallel = "--ep_size"}},
    };
    return table;
}

const EngineInfo &engineInfo(Engine engine) {
    for (const EngineInfo &e : engines()) {
        if (e.engine == engine) {
            return e;
        }
    }
    return engines().front();
}

const std::vector<VllmRules> &vllmRuleSets() {
    static const std::vector<VllmRules> table = {
        {VllmProfile::V1v28, "0.28", "V1 (v0.28)",
         "v0.24's rules; max_num_batched_tokens 16384 for `vllm serve` on GPUs of at least 160 "
         "GiB (vllm/engine/arg_utils.py get_batch_defaults at v0.28.0, "
         "2cf0a6915ce544dc493a0990f2ea38d81601128a; PR #51726)",
         0.92, 0, 0, true, true, "", "--enable-expert-parallel", "--all2all-backend",
         "--max-cudagraph-capture-size", "--data-parallel-backend", "", "", 16384,
         std::uint64_t(gib(160))},
        {VllmProfile::V1v24, "0.24", "V1 (v0.24)",
         "v0.22's rules; an MTP draft sharing the target's lm_head and DeepSeek V4's cache pages "
         "as vllm/v1/core/kv_cache_planning.py @ fc23e695 plans them; the logged KV cache size "
         "from the maximum concurrency, as vLLM 0.24.0 logs it (noonghunna/club-3090#612) and "
         "every release from v0.20 (the 0.20 rules)",
         0.92, 0, 0, true, true, "", "--enable-expert-parallel", "--all2all-backend",
         "--max-cudagraph-capture-size", "--data-parallel-backend"},
        {VllmProfile::V1v22, "0.22", "V1 (v0.22)",
         "v0.21's rules; gpu_memory_utilization 0.92 by default (vllm/config/cache.py "
         "CacheConfig from v0.22)",
         0.92, 0, 0, true, true, "", "--enable-expert-parallel", "--all2all-backend",
         "--max-cudagraph-capture-size", "--data-parallel-backend"},
        {VllmProfile::V1v21, "0.21", "V1 (v0.21)",
         "v0.20's rules; the CUDA-graph memory estimate inside the budget "
         "(vllm/v1/worker/gpu_model_runner.py profile_cudagraph_memory, PR #30515, on by default "
         "from v0.21.0 as gpu_worker.py's start-up line says, gpustack/runner#251 logs of "
         "v0.27.1)",
         0.9, 0, 0, true, true, "", "--enable-expert-parallel", "--all2all-backend",
         "--max-cudagraph-capture-size", "--data-parallel-backend"},
        {VllmProfile::V1v20, "0.20", "V1 (v0.20)",
         "v0.19's memory terms; the logged KV cache size from the maximum concurrency "
         "(vllm-project/vllm#40691, PR #40694; vLLM 0.20.1 logs it so, noonghunna/club-3090#91); "
         "max_num_seqs above the state blocks refused (PR #38270); max_num_batched_tokens "
         "in the batched DP MoE mode (PR #39107)",
         0.9, 0, 0, true, true, "", "--enable-expert-parallel", "--all2all-backend",
         "--max-cudagraph-capture-size", "--data-parallel-backend"},
        {VllmProfile::V1v19, "0.19", "V1 (v0.19)",
         "llm-d-incubation/llm-d-planner accuracy/results/v0.19.0/logs @ d3121e05 (sampler "
         "warm-up, MXFP4 Hopper layout: core/engine/enginememory.cpp)",
         0.9, 0, 0, true, true, "", "--enable-expert-parallel", "--all2all-backend",
         "--max-cudagraph-capture-size", "--data-parallel-backend"},
        {VllmProfile::V1, "0.11", "V1 (v0.11)",
         "vllm/v1/worker/gpu_worker.py @ 35d5cda1 determine_available_memory; "
         "gpu_model_runner.py @ 4e179065 profile_run. v0.9.2 to v0.10.x measure from the same "
         "baseline snapshot (PR #19312) and are planned with these rules: logs of v0.9.2 "
         "(Qwen3-8B, A100 40GB) and v0.10.2 (Qwen3-235B-A22B FP8, 8x L40S) land within 1.4 %. "
         "Before v0.11 the snapshot preceded NCCL's set-up (PR #25359), which on NVLink GPUs at "
         "TP > 1 adds up to about 1.4 GiB inside the budget that these rules leave out",
         0.9, 0, 0, false, true, "0.9.2,0.10,0.10.0,0.10.1,0.10.1.1,0.10.2",
         "--enable-expert-parallel", "--all2all-backend", "--max-cudagraph-capture-size",
         "--data-parallel-backend", "v0.9.2 to v0.11.0", "--cuda-graph-sizes"},
        {VllmProfile::V1v08, "0.8", "V1 (v0.8)",
         "vllm/v1/worker/gpu_worker.py determine_available_memory of v0.8.x (quoted as the "
         "replaced text in PR #17122, May 2025); gpu_model_runner.py of v0.8.x profile_run and "
         "_dummy_run (hidden_states[logit_indices]); v1/sample/ops/topk_topp_sampler.py of "
         "v0.8.x (FlashInfer below 0.2.3, as the vLLM images ship it); the defaults of "
         "arg_utils.py _set_default_args_v1 as v0.9.0 has them (max_num_seqs 256 below the "
         "large-GPU class from PR #16158 in v0.8.4; A100 not large from PR #17885): v0.8.0 to "
         "v0.8.3 took 1024 sequences on every GPU and v0.8.5 counted the A100 80GB as large. "
         "Up to v0.9.1 (v0.9.2 measures from a snapshot, PR #19312: the 0.11 rules)",
         0.9, 0, 0, false, false, "", "--enable-expert-parallel"},
        {VllmProfile::V1Early, "0.7-v1", "V1 (v0.7)",
         "vllm/v1/worker/gpu_worker.py of the v0.7 period (KuntaiDu/vllm @ fedd3692); "
         "max_num_batched_tokens 2048 for `vllm serve` (arg_utils.py _override_v1_engine_args)",
         0.9, 2048, 1024},
        {VllmProfile::V0, "0.6.5", "V0 (v0.6.5)",
         "vllm/worker/worker.py determine_num_available_blocks after PR #10511; v0.6.6 and "
         "v0.7.x run this V0 engine by default (their V1 engine only with VLLM_USE_V1=1, the "
         "0.7-v1 rules; V1 became the default in v0.8.0)",
         0.9, 2048, 256, false, false, "0.6.6,0.7,0.7.0,0.7.1,0.7.2,0.7.3"},
        {VllmProfile::V0Legacy, "0.6.4", "V0 (v0.6.4)",
         "vllm/worker/worker.py determine_num_available_blocks, PR #9352 to PR #10511", 0.9, 512,
         256},
    };
    return table;
}

const VllmRules &vllmRules(VllmProfile profile) {
    for (const VllmRules &r : vllmRuleSets()) {
        if (r.profile == profile) {
            return r;
        }
    }
    return vllmRuleSets().front();
}

bool engineRunsExpertParallel(Engine engine, VllmProfile vllm) {
    return engine != Engine::Vllm || !vllmRules(vllm).expertParallelFlag.empty();
}

namespace {
using release::releaseCore;
using release::releaseNumbers;
using release::shownRelease;

/// Whether the comma-separated `list` (VllmRules::alsoReleases) names `release`.
bool listsRelease(std::string_view list, std::string_view release) {
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        if (list.substr(0, comma) == release) {
            return true;
        }
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return false;
}

} // namespace

Result<VllmProfile> parseVllmVersion(std::string_view text) {
    const std::string_view s = releaseCore(text);
    std::string known;
    for (const VllmRules &r : vllmRuleSets()) {
        if (s == r.id || listsRelease(r.alsoReleases, s)) {
            return r.profile;
        }
        known += (known.empty() ? "" : ", ") + std::string(r.id);
    }
    // A patch release ("0.19.1", as `vllm --version` prints it) follows its minor release's
    // rules where the rule set names a minor release (one dot).
    for (const VllmRules &r : vllmRuleSets()) {
        const std::string_view id = r.id;
        if (std::count(id.begin(), id.end(), '.') == 1 && s.size() > id.size() + 1 &&
            s.substr(0, id.size()) == id && s[id.size()] == '.' &&
            std::all_of(s.begin() + std::ptrdiff_t(id.size()) + 1, s.end(),
                        [](char c) { return c >= '0' && c <= '9'; })) {
            return r.profile;
        }
    }
    // Any other release ("0.8.5", "0.10.1", "0.22"): the newest rule set at or before it. A
    // major release beyond 1 or a minor beyond 99 is no vLLM release (a typo such as "99.99"),
    // which the newest rules would otherwise plan without a word.
    const auto release = releaseNumbers(s);
    if (release && ((*release)[0] > 1 || (*release)[1] > 99)) {
        return makeError("vllm_version",
                         "vLLM " + shownRelease(text) +
                             " is not a vLLM release (the newest rules HostPlan models are " +
                             std::string(vllmRuleSets().front().id) +
                             "'s, which later 0.x and 1.x releases follow)");
    }
    if (release) {
        for (const VllmRules &r : vllmRuleSets()) {
            if (const auto id = releaseNumbers(r.id); id && *id <= *release) {
                return r.profile;
            }
        }
    }
    const std::string shown = shownRelease(text);
    return makeError("vllm_version",
                     (release ? "vLLM " + shown +
                                    " is older than 0.6.4, the earliest rules "
                                    "HostPlan models ("
                              : "unknown vLLM release '" + shown + "' (HostPlan models ") +
                         known + "; another release follows the newest of them at or before it)");
}

EngineDefaults engineDefaults(Engine engine, VllmProfile vllm) {
    const EngineInfo &e = engineInfo(engine);
    return {engine == Engine::Vllm ? vllmRules(vllm).defaultMemoryFraction
                                   : e.defaultMemoryFraction,
            e.stateSlotsPerRequest, e.kvBlockTokens};
}

bool vllmLargeGpuDefaults(const GpuSpec &gpu) {
    const EngineInfo &e = engineInfo(Engine::Vllm);
    return gpu.usableMemoryBytes >= e.largeGpuMinBytes && !containsLowercase(gpu.name, "a100") &&
           !containsLowercase(gpu.id, "a100");
}

std::uint32_t engineMaxSequences(Engine engine, const GpuSpec &gpu) {
    const EngineInfo &e = engineInfo(engine);
    const bool large = engine == Engine::Vllm ? vllmLargeGpuDefaults(gpu)
                                              : gpu.usableMemoryBytes >= e.largeGpuMinBytes;
    return large ? e.maxSequencesLargeGpu : e.maxSequencesSmallGpu;
}

std::uint32_t engineDefaultBatchedTokens(Engine engine, const GpuSpec &gpu) {
    const EngineInfo &e = engineInfo(engine);
    switch (engine) {
    case Engine::Vllm:
        return vllmLargeGpuDefaults(gpu) ? e.batchedTokensLargeGpu : e.batchedTokensSmallGpu;
    case Engine::Sglang:
        return sglangGpuDefaults(double(gpu.usableMemoryBytes) / kBytesPerMiB, 1)
            .chunkedPrefillSize;
    case Engine::TensorRtLlm:
        break;
    }
    return e.batchedTokensLargeGpu;
}

std::uint32_t sglangPiecewiseGraphSizes(std::uint32_t maxTokens) {
    // (first, last, step) runs of _generate_piecewise_cuda_graph_tokens; the last runs on to
    // maxTokens.
    struct Run {
        std::uint32_t first, last, step;
    };
    static constexpr Run runs[] = {
        {4, 32, 4}, {48, 256, 16}, {288, 512, 32}, {576, 1024, 64}, {1280, 4096, 256}};
    std::uint32_t n = 0;
    for (const Run &r : runs) {
        if (maxTokens >= r.first) {
            n += (std::min(maxTokens, r.last) - r.first) / r.step + 1;
        }
    }
    if (maxTokens >= 4608) {
        n += (maxTokens - 4608) / 512 + 1;
    }
    return n;
}

SglangPiecewiseGraphs sglangPiecewiseGraphs(const SglangPiecewiseInput &in) {
    const SglangRules &rules = sglangRules(in.rules);
    if (!rules.piecewiseGraphs || in.pp > 1 || in.model == nullptr || in.gpu == nullptr ||
        in.gpu->vendor != "NVIDIA" || hasVisionTower(*in.model) ||
        in.model->architecture == "qwen3_next" ||
        (in.speculative && !rules.piecewiseWithSpeculation)) {
        return {};
    }
    bool mla = false;
    for (const LayerGroup &l : in.model->layers) {
        if (l.kind == AttentionKind::MLA) {
            mla = true;
            if (l.indexerHeadDim > 0) {
                return {}; // sparse attention (DeepseekV32, GlmMoeDsa): on the disabled list
            }
        }
    }
    // The MLA backend: at most 2,048 tokens, and a flat 1.5 GiB ("MLA backend overhead").
    if (mla) {
        return {sglangPiecewiseGraphSizes(2048), 1536.0};
    }
    const std::uint32_t chunk =
        in.chunkedPrefillSize
            ? in.chunkedPrefillSize
            : sglangGpuDefaults(double(in.gpu->usableMemoryBytes) / kBytesPerMiB, 1)
                  .chunkedPrefillSize;
    const std::uint32_t sizes = sglangPiecewiseGraphSizes(chunk);
    return {sizes, 8.0 * sizes};
}

bool vllmV0ChunkedPrefill(VllmProfile profile, std::uint64_t maxModelLen, const ModelSpec *model,
                          bool speculative, const GpuSpec &gpu) {
    if (!vllmV0Rules(profile) || maxModelLen <= 32768 || speculative ||
        (profile == VllmProfile::V0 && gpu.vendor == "AMD")) {
        return false;
    }
    if (model && (hasVisionTower(*model) ||
                  std::any_of(model->layers.begin(), model->layers.end(), [](const auto &l) {
                      return l.kind == AttentionKind::SlidingWindow;
                  }))) {
        return false;
    }
    return true;
}

bool hasVisionTower(const ModelSpec &model) {
    return std::any_of(model.groups.begin(), model.groups.end(),
                       [](const TensorGroup &g) { return g.role == GroupRole::Vision; });
}

double sglangVisionFractionFactor(const ModelSpec &model) {
    if (!hasVisionTower(model)) {
        return 1.0;
    }
    constexpr double kBaseLayers = 24;   // ViT-L/14, SGLang's baseline and getattr default
    constexpr double kBaseHidden = 1024; // likewise
    const double layers = model.visionConfigLayers ? model.visionConfigLayers : kBaseLayers;
    const double hidden = model.visionConfigHidden ? model.visionConfigHidden : kBaseHidden;
    const double ratio = layers * hidden * hidden / (kBaseLayers * kBaseHidden * kBaseHidden);
    const double dynamic = std::clamp(1.0 - 0.1 * (ratio - 1.0), 0.8, 1.05);
    return 0.95 * dynamic;
}

std::string vllmEncoderProfileNote(const ModelSpec &model) {
    if (!hasVisionTower(model)) {
        return {};
    }
    return "vLLM profiles the vision encoder on its largest dummy image or video before it "
           "sizes the KV pool (the log's \"Encoder cache will be initialized with a budget of "
           "N tokens\"); HostPlan does not model that peak, so the pool can be a few GiB per GPU "
           "smaller than planned; --limit-mm-per-prompt '{\"image\": 0, \"video\": 0}' skips "
           "it for text-only serving";
}

double engineDefaultMemoryFraction(Engine engine, const GpuSpec &gpu, std::uint32_t tp,
                                   bool speculative, bool standaloneDraft, const ModelSpec *model,
                                   VllmProfile vllm) {
    if (engine == Engine::Sglang) {
        const double size = sglangDefaultMemFraction(double(gpu.usableMemoryBytes) / kBytesPerMiB,
                                                     tp, 1, speculative, standaloneDraft);
        return model ? size * sglangVisionFractionFactor(*model) : size;
    }
    return engineDefaults(engine, vllm).memoryFraction;
}

std::string engineName(Engine engine) {
    return std::string(engineInfo(engine).id);
}

std::string engineDisplayName(Engine engine) {
    return std::string(engineInfo(engine).displayName);
}

namespace {

/// An architecture vLLM added after the oldest rule set HostPlan models.
struct VllmArchitectureAdded {
    std::string_view modelType;    ///< config.json model_type
    std::string_view architecture; ///< config.json architectures[0], the registry key
    /// The oldest modelled rule set one of whose releases serves it (a rule set plans its own
    /// release up to the next rule set's: "0.8" plans 0.8 to 0.9.1, parseVllmVersion).
    VllmProfile firstRules;
    /// Whether releases firstRules plans also include ones before the addition.
    bool firstRulesMixed;
    std::string_view added;  ///< when vLLM added it, as its evidence says: "in v0.6.6"
    std::string_view source; ///< that evidence
};

const std::vector<VllmArchitectureAdded> &vllmArchitecturesAdded() {
    static const std::vector<VllmArchitectureAdded> table = {
        {"deepseek_v3", "DeepseekV3ForCausalLM", VllmProfile::V0, true, "in v0.6.6",
         "vllm-project/vllm issue #11559, a maintainer: supported since v0.6.6"},
        {"kimi_k2", "DeepseekV3ForCausalLM", VllmProfile::V0, true, "in v0.6.6",
         "Kimi K2's config names DeepseekV3ForCausalLM; vllm-project/vllm issue #11559"},
        {"qwen3", "Qwen3ForCausalLM", VllmProfile::V1v08, true, "by v0.8.5",
         "registry.py: absent from copies up to February 2025, present from April 2025; "
         "Qwen3 was published on 2025-04-29, and vLLM 0.8.5 (vllm-project/vllm#17469) serves "
         "it"},
        {"qwen3_moe", "Qwen3MoeForCausalLM", VllmProfile::V1v08, true, "by v0.8.5",
         "registry.py: absent from copies up to February 2025, present from April 2025; "
         "Qwen3 was published on 2025-04-29, and vLLM 0.8.5 (vllm-project/vllm#17469) serves "
         "it"},
        {"gpt_oss", "GptOssForCausalLM", VllmProfile::V1, true, "in v0.10.1",
         "vLLM v0.10.1 release notes: GPT-OSS"},
        {"qwen3_next", "Qwen3NextForCausalLM", VllmProfile::V1, false, "by v0.11.0",
         "vLLM v0.11.0 release notes: Qwen3-Next, PR #24526"},
        {"kimi_linear", "KimiLinearForCausalLM", VllmProfile::V1, true, "after v0.11.0",
         "the model was published on 2025-10-30, after v0.11.0 (2025-10-02); registry.py has "
         "it from November 2025"},
        {"gemma4", "Gemma4ForConditionalGeneration", VllmProfile::V1v19, false, "in v0.19.0",
         "vLLM v0.19.0 release notes: Gemma 4 architecture support (MoE and multimodal "
         "variants), with transformers 5.5.0 or later"},
        {"kimi_k3", "KimiK3ForConditionalGeneration", VllmProfile::V1v19, true,
         "after Kimi K3's launch on 2026-07-17",
         "the date of the deployment guides that followed the announcement, months after v0.19.0 "
         "(April 2026); the stable vLLM releases did not carry its KDA attention and MoE layer "
         "at launch, and self-hosters were told to run a newer vLLM build with K3 support"},
    };
    return table;
}

/// The table's row for `modelType`, or null.
const VllmArchitectureAdded *vllmArchitectureAdded(std::string_view modelType) {
    for (const VllmArchitectureAdded &a : vllmArchitecturesAdded()) {
        if (a.modelType == modelType) {
            return &a;
        }
    }
    return nullptr;
}

/// Position of `p` in vllmRuleSets() (0 = newest).
std::size_t ruleSetIndex(VllmProfile p) {
    const auto &sets = vllmRuleSets();
    for (std::size_t i = 0; i < sets.size(); ++i) {
        if (sets[i].profile == p) {
            return i;
        }
    }
    return 0;
}

} // namespace

std::string vllmArchitectureProblem(std::string_view modelType, VllmProfile vllm) {
    const VllmArchitectureAdded *a = vllmArchitectureAdded(modelType);
    if (!a || ruleSetIndex(vllm) <= ruleSetIndex(a->firstRules)) {
        return {};
    }
    return "vLLM " + std::string(vllmRules(vllm).id) + " does not serve " +
           std::string(a->architecture) + " (model_type " + std::string(modelType) +
           "): vLLM added it " + std::string(a->added) + " (" + std::string(a->source) +
           "), after every release these rules plan, which stop at start-up (\"Model "
           "architectures [...] are not supported\"). A later release serves it (the vLLM " +
           std::string(vllmRules(a->firstRules).id) + " rules plan it)";
}

std::string vllmArchitectureNote(std::string_view modelType, VllmProfile vllm) {
    const VllmArchitectureAdded *a = vllmArchitectureAdded(modelType);
    if (!a || vllm != a->firstRules || !a->firstRulesMixed) {
        return {};
    }
    return "vLLM added " + std::string(a->architecture) + " " + std::string(a->added) + " (" +
           std::string(a->source) + "): a release before that, which the vLLM " +
           std::string(vllmRules(vllm).id) +
           " rules also plan, stops at start-up (\"Model architectures [...] are not "
           "supported\"); run a release that serves it: the plan's memory follows the " +
           std::string(vllmRules(vllm).id) +
           " rules, and --vllm-version (engine.vllm_version) names a newer rule set";
}

std::string speculationPipelineProblem(Engine engine, VllmProfile vllm, std::uint32_t pp) {
    if (pp <= 1) {
        return {};
    }
    const std::string stages = "PP " + std::to_string(pp);
    switch (engine) {
    case Engine::Sglang:
        return "SGLang " + std::string(engineInfo(engine).versionFollowed) +
               " refuses speculative decoding with " + stages +
               ": \"Pipeline parallelism is not compatible with overlap schedule, speculative "
               "decoding, mixed chunked prefill.\" (server_args.py check_server_args)";
    case Engine::TensorRtLlm:
        return "TensorRT-LLM refuses a drafter with " + stages +
               ": \"Drafting is not supported for selected executor loop. Please disable "
               "disagg/pipeline parallelism scheduler.\" (py_executor.py)";
    case Engine::Vllm:
        if (vllmV019Memory(vllm)) {
            return {};
        }
        return "vLLM " + std::string(vllmRules(vllm).id) +
               " does not run speculative decoding with " + stages +
               ": \"Pipeline parallelism is not composable with speculative decoding as of "
               "vllm<=0.15.0\" (vLLM docs, speculative decoding)";
    }
    return {};
}

Result<Engine> parseEngine(std::string_view text) {
    const std::string s = asciiLower(text);
    for (const EngineInfo &e : engines()) {
        if (s == e.id) {
            return e.engine;
        }
    }
    if (s == "tensorrt-llm" || s == "tensorrt_llm") {
        return Engine::TensorRtLlm;
    }
    if (s == "llama.cpp" || s == "llamacpp" || s == "llama-cpp" || s == "llama-server" ||
        s == "ollama") {
        // llama.cpp plans one machine (GPU + system RAM) through its own planner
        // (engine/llamacpp.h), not through a served-engine scenario.
        return makeError("engine", "'" + std::string(text) +
                                       "' is planned with hostplan-cli plan --engine llama.cpp "
                                       "or the GUI's This card view; a scenario's engine is "
                                       "vllm, sglang or trtllm");
    }
    return makeError("engine", "unknown engine '" + std::string(text) +
                                   "' (expected vllm, sglang or trtllm; llama.cpp plans one "
                                   "machine with hostplan-cli plan --engine llama.cpp)");
}

std::string_view moeA2aId(MoeA2a a2a) {
    switch (a2a) {
    case MoeA2a::DeepepLowLatency:
        return "deepep_low_latency";
    case MoeA2a::DeepepHighThroughput:
        return "deepep_high_throughput";
    case MoeA2a::Default:
        break;
    }
    return "default";
}

Result<MoeA2a> parseMoeA2a(std::string_view text) {
    const std::string s = asciiLower(text);
    for (const MoeA2a a :
         {MoeA2a::Default, MoeA2a::DeepepLowLatency, MoeA2a::DeepepHighThroughput}) {
        if (s == moeA2aId(a)) {
            return a;
        }
    }
    if (s == "deepep_ll" || s == "low_latency" || s == "deepep") {
        return MoeA2a::DeepepLowLatency;
    }
    if (s == "deepep_ht" || s == "normal") {
        return MoeA2a::DeepepHighThroughput;
    }
    return makeError("moe_a2a_backend",
                     "unknown MoE all-to-all backend '" + release::shownRelease(text) +
                         "' (expected default, deepep_low_latency or deepep_high_throughput; "
                         "also deepep_ll, deepep_ht, SGLang's deepep, low_latency, normal)");
}

std::string moeA2aProblem(Engine engine, MoeA2a a2a, std::uint32_t tp, std::uint32_t ep) {
    if (a2a == MoeA2a::Default) {
        return {};
    }
    const std::string backend(moeA2aId(a2a));
    if (engine == Engine::TensorRtLlm || tp < 2) {
        return {};
    }
    if (ep != tp) {
        return "DeepEP (" + backend +
               ") dispatches tokens between expert-parallel GPUs: it needs EP over all TP GPUs "
               "of a stage (--ep equal to --tp; SGLang sets ep_size to tp_size)";
    }
    return {};
}

} // namespace hostplan
