// SPDX-License-Identifier: MIT
// Scenario: every input of a plan in one JSON document (schema_version 1). Load validates and
// names the field and the bad value; save is atomic (temp file + rename).
#pragma once

#include "catalogue/catalogue.h"
#include "catalogue/offers.h"
#include "engine/engine.h"
#include "model/modelspec.h"
#include "model/numberformat.h"
#include "util/result.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

inline constexpr int kScenarioSchemaVersion = 1;
/// Largest context a scenario accepts (100M tokens); larger values are typos, not workloads.
inline constexpr std::uint64_t kMaxContextTokens = 100'000'000;

/// Which model, in which formats.
struct ModelChoice {
    std::string ref = "kimi-k3";                    ///< catalogue id/alias, or a path (config.json,
                                                    ///< folder, model.safetensors.index.json)
    std::optional<NumberFormat> weightsFormat;      ///< re-quantize all quantizable groups
    std::map<GroupRole, NumberFormat> groupFormats; ///< per-role overrides (after weightsFormat)
    NumberFormat kvFormat = formats::bf16;          ///< KV cache element format
    /// bf16 was chosen for the KV cache (the file's kv_format, --kv-format, the GUI). An
    /// unchosen bf16 means "not set": a plan then takes the checkpoint's shipped KV format if it
    /// has one (ModelSpec::shippedKvFormat). Any other kvFormat is always a choice. Files
    /// without kv_format load as before.
    bool kvBf16Chosen = false;
    /// Recurrent (SSM) state format of linear-attention and Mamba layers. Unchosen, a plan
    /// takes its engine's default for the model (engine/servedtype.h engineStateFormat) and
    /// writes it here (PlanResult::stateFormatNote says why).
    NumberFormat stateFormat = formats::fp32;
    /// stateFormat was chosen (the file's state_format, --state-format, the GUI).
    bool stateFormatChosen = false;
    bool operator==(const ModelChoice &) const = default;
};

/// GPU type, count and parallel layout. Zero means "auto".
struct HardwareChoice {
    std::string gpu = "b300";      ///< catalogue id or alias
    std::uint32_t gpuCount = 0;    ///< 0 = the practical count
    std::uint32_t gpusPerNode = 0; ///< 0 = the GPU's own node size
    std::uint32_t tp = 0;          ///< tensor parallel size, 0 = auto
    std::uint32_t ep = 0;          ///< expert parallel size (1 or tp), 0 = auto
    std::uint32_t pp = 0;          ///< pipeline parallel size, 0 = auto
    /// Attention data-parallel ranks in a pipeline stage (sizing/memory.h Parallelism::dp),
    /// JSON hardware.attention_dp: 0 = auto (1 unless the layout search picks it), 1 = none.
    std::uint32_t attentionDp = 0;
    /// The user's own GPU types (JSON hardware.custom_gpus, resources/gpus.json's entry schema,
    /// parseGpuEntry): a card the catalogue lacks, or measured figures for one it has (same
    /// id). evaluate() plans with the catalogue plus these (Catalogue::withGpus).
    std::vector<GpuSpec> customGpus;
    bool operator==(const HardwareChoice &) const = default;
};

/// Engine settings; unset values take the engine's documented defaults (engine/engine.h).
struct EngineSettings {
    Engine engine = Engine::Vllm;
    std::optional<double> memoryFraction;               ///< vLLM gpu_memory_utilization, SGLang
                                                        ///< mem_fraction_static, TRT-LLM
                                                        ///< free_gpu_memory_fraction
    std::optional<std::uint32_t> stateSlotsPerRequest;  ///< linear-attention state slots
    std::optional<std::uint64_t> activationBytesPerGpu; ///< override of the activation estimate
    std::optional<std::uint64_t> runtimeBytesPerGpu;    ///< override of the runtime overhead
    /// Max tokens per engine step, the prefill chunk (vLLM max_num_batched_tokens, SGLang
    /// chunked_prefill_size, TensorRT-LLM max_num_tokens). Unset: the engine's default for the
    /// GPU (sizing/memory.h batchedTokens), as the engine started without the flag takes it.
    std::optional<std::uint32_t> prefillChunkTokens;
    /// Speculative-decoding draft the engine loads beside the model. JSON "draft": empty for
    /// none (the model's own MTP layers then draft when workload.speculative_tokens > 0);
    /// "eagle" for an EAGLE head built from the model (engine/draftmodel.h eagleHeadSpec);
    /// otherwise a separate draft model, a catalogue id or a path imported like model.ref
    /// (vLLM --speculative-config '{"model": ...}', SGLang --speculative-draft-model-path).
    std::string draft;
    /// The llama.cpp release (bNNNN, 1 .. kLlamaMaxBuild) whose memory rules llama.cpp plans
    /// follow (engine/llamacpp.h llamaRuleChanges); unset = the newest. JSON "llamacpp_build",
    /// optional.
    std::optional<std::uint32_t> llamaCppBuild;
    /// The vLLM release whose start-up memory rules vLLM plans follow (engine/engine.h
    /// vllmRuleSets); unset = kDefaultVllmProfile. JSON "vllm_version": "0.24", "0.19", "0.11",
    /// "0.8", "0.7-v1", "0.6.5" or "0.6.4", optional.
    std::optional<VllmProfile> vllmVersion;
    /// The SGLang release whose start-up memory rules SGLang plans follow (engine/engine.h
    /// sglangRuleSets); unset = kDefaultSglangProfile. JSON "sglang_version": a rule set's id
    /// ("0.5.14", "0.4.7.post1") or any release from 0.4.0 (parseSglangVersion), optional.
    std::optional<SglangProfile> sglangVersion;
    /// Automatic prefix caching (vLLM --enable-prefix-caching / --no-enable-prefix-caching).
    /// Unset = the engine's default, which for vLLM on a hybrid (recurrent-state) model is off:
    /// a vLLM 0.19.0 log holds one state page per request (golden row P29). Set on a hybrid
    /// model, vLLM keeps two (vllmStatePagesPerRequest). JSON "prefix_caching", optional.
    std::optional<bool> prefixCaching;
    /// Cap on running sequences (vLLM --max-num-seqs, SGLang --max-running-requests,
    /// TensorRT-LLM --max_batch_size). Unset = the engine's default for the GPU
    /// (engineMaxSequences). It also bounds the rows of the profiled sampler and, for vLLM,
    /// the CUDA-graph capture sizes. JSON "max_num_seqs", optional, 1 to 1,048,576.
    std::optional<std::uint32_t> maxNumSeqs;
    /// Serve a multimodal model's text only (vLLM --limit-mm-per-prompt of 0 for images and
    /// videos): vLLM then builds no vision tower and skips its profile pass (engine/
    /// vllmencoder.h). Other engines' plans are unchanged. JSON "text_only", optional (false).
    bool textOnly = false;
    /// CUDA graphs captured at start-up (the engines' default). false: vLLM --enforce-eager,
    /// SGLang --disable-cuda-graph, TensorRT-LLM without cuda_graph_config: no graph memory and
    /// no graph capture (vLLM's check of a hybrid model's state blocks is part of that capture,
    /// engine/vllmgraphs.h vllmStateBlocksShort). JSON "cuda_graphs", optional (true).
    bool cudaGraphs = true;
    /// The largest batch captured as a CUDA graph: SGLang --cuda-graph-max-bs (requests; its
    /// default fraction reserves 2 MiB per request of it, server_args.py @ 6559e43f
    /// _handle_gpu_memory_settings), vLLM --max-cudagraph-capture-size (tokens; from v0.11.1,
    /// --cuda-graph-sizes before, PR #26016). Unset = the engine's default: SGLang's by GPU
    /// size and TP (sglangGpuDefaults; 128 with DeepEP's low-latency kernels, which dispatch no
    /// more per rank), vLLM's min(2 x max_num_seqs x (1 + draft tokens), 512). TensorRT-LLM
    /// plans ignore it. JSON "cuda_graph_max_bs", optional, 1 to 65,536.
    std::optional<std::uint32_t> cudaGraphMaxBs;
    /// The MoE all-to-all backend of an expert-parallel layout (engine/engine.h MoeA2a):
    /// vLLM --all2all-backend, SGLang --moe-a2a-backend deepep --deepep-mode. JSON
    /// "moe_a2a_backend": "default", "deepep_low_latency" or "deepep_high_throughput",
    /// optional (default).
    MoeA2a moeA2a = MoeA2a::Default;
    /// A cap on the KV pool's tokens per GPU: SGLang --max-total-tokens (the pool is
    /// min(profiled, cap), then whole pages; the memory the cap leaves is not used:
    /// mem_cache/kv_cache_configurator.py @ 0005834c _apply_token_constraints,
    /// model_runner.py init_memory_pool before it), TensorRT-LLM kv_cache_config.max_tokens
    /// (min(max_tokens, the fraction's tokens): pyexecutor/_util.py and resource_manager.py
    /// KVCacheManager, trtllm-bench's --max_tokens sets it too). vLLM and llama.cpp plans ignore
    /// it (a note says so). JSON "max_total_tokens", optional, 1 to 2^40.
    std::optional<std::uint64_t> maxTotalTokens;
    bool operator==(const EngineSettings &) const = default;
};

/// Largest EngineSettings::cudaGraphMaxBs accepted (JSON, CLI, GUI): 65,536, above any capture
/// list an engine builds (vLLM's steps of 16 tokens, SGLang's of 16 requests).
inline constexpr std::uint32_t kMaxCudaGraphBs = 65536;

/// The settings of `e` only vLLM plans read, as their JSON keys joined by ", " and " and "
/// ("engine.prefix_caching and engine.text_only"): engine.prefix_caching and
/// engine.vllm_version when set, engine.text_only when true; "" when none is.
std::string vllmOnlySettings(const EngineSettings &e);
/// Why `e`'s cuda_graph_max_bs changes nothing, when set: CUDA graphs off, or the TensorRT-LLM
/// engine (its graphs' batch is cuda_graph_config.max_batch_size in the YAML file); else "".
std::string cudaGraphBatchNote(const EngineSettings &e);
/// Largest EngineSettings::maxTotalTokens accepted (JSON, CLI): 2^40 tokens, far above any
/// pool a GPU holds (a 1 TiB GPU at 1 byte a token).
inline constexpr std::uint64_t kMaxTotalTokensCap = 1ull << 40;

/// "engine.sglang_version" when `e` sets it (only SGLang plans read it), else "".
std::string sglangOnlySettings(const EngineSettings &e);

/// What the deployment must carry. Defaults are a stated workload, never the model maximum.
struct Workload {
    std::uint64_t contextTokens = 32768;      ///< tokens per sequence (prompt + output)
    std::uint32_t concurrency = 16;           ///< sequences in flight at once
    double inputTokensPerMonth = 2.0e9;       ///< uncached prompt tokens per month
    double cachedInputTokensPerMonth = 1.0e9; ///< prompt tokens served from the API's cache
    double outputTokensPerMonth = 0.5e9;      ///< generated tokens per month
    double hoursPerDay = 24;                  ///< hours a day the GPUs are rented
    double heavyUserTokensPerMonth = 50e6;    ///< one heavy user's tokens per month (seed 001)
    /// Target time per output token for capacity (throughput.h): 0.05 s = 20 tokens/s per user,
    /// a common interactive service level. JSON "target_seconds_per_output_token", optional.
    double targetSecondsPerOutputToken = 0.05;
    /// Share of the scheduled hours the plan runs at its capacity batch (cost per 1M tokens,
    /// users served). 0.5 is HostPlan's assumption for interactive traffic with daily peaks.
    /// JSON "utilisation", optional.
    double utilisation = 0.5;
    /// Prompt tokens per request (serving model, core/sizing/servingmodel.h). Unset: the
    /// context split in the monthly mix's ratio, (input + cached) / (input + cached + output)
    /// of contextTokens (requestLengths()). JSON "input_tokens_per_request", optional.
    std::optional<std::uint64_t> inputTokensPerRequest;
    /// Output tokens per request; unset: the rest of the context by the same mix.
    /// JSON "output_tokens_per_request", optional.
    std::optional<std::uint64_t> outputTokensPerRequest;
    /// Speculative decoding (MTP heads or a draft model): tokens proposed per step, 0 = off.
    /// JSON "speculative_tokens" (0-16), optional.
    std::uint32_t speculativeTokens = 0;
    /// Probability that a proposed token is accepted. JSON "speculative_acceptance" (0-0.99).
    double speculativeAcceptance = 0.7;
    bool operator==(const Workload &) const = default;
};

/// Prices. Unset values come from the catalogue.
struct PricingChoice {
    std::optional<double> usdPerGpuHour; ///< GPU rental rate; unset = GPU's default rate
    /// API price id (catalogue or apiPrices) to compare with; "" = the cheapest for the model.
    std::string apiPriceId;
    std::optional<double> apiInputUsdPerMTok;
    std::optional<double> apiCachedInputUsdPerMTok;
    std::optional<double> apiOutputUsdPerMTok;
    double hoursPerMonth = 730; ///< 365 x 24 / 12, the average month
    /// An offline workload that can use the providers' batch APIs: compare with their batch
    /// prices (ApiPrice::batchDiscount) where published. JSON "api_batch", optional.
    bool apiBatch = false;
    /// API prices the user brought (an imported price list, prices typed in): compared like
    /// the catalogue's, and found first by id.
    std::vector<ApiPrice> apiPrices;
    /// Prices older than this many days are flagged as stale (report, CLI, GUI).
    std::uint32_t maxPriceAgeDays = 365;
    /// The user's own rental offers (JSON pricing.offers, the resources/offers.json schema),
    /// searched together with the built-in ones; marked userEntered. One with a built-in
    /// offer's id replaces it (mergeOffers: e.g. a price the catalogue could not find).
    std::vector<RentalOffer> offers;
    bool operator==(const PricingChoice &) const = default;
};

/// Every input of a plan.
struct Scenario {
    int schemaVersion = kScenarioSchemaVersion;
    std::string name; ///< "" = named after the plan by evaluate() ("Kimi K3 on 8x b300")
    ModelChoice model;
    HardwareChoice hardware;
    EngineSettings engine;
    Workload workload;
    PricingChoice pricing;
    bool operator==(const Scenario &) const = default;
};

/// The built-in default scenario (resources/default-scenario.json: Kimi K3 on 8x B300).
Scenario defaultScenario();

/// Why the workload's request lengths cannot run in its context, or nullopt: the input and
/// output tokens per request given (an absent input counts 0, an absent output 1) must fit in
/// context_tokens together, as an engine refuses a request longer than its max_model_len. The
/// error names output_tokens_per_request where given, else input_tokens_per_request.
std::optional<Error> requestLengthProblem(const Workload &workload);

/// Parse and validate a scenario document. Missing keys take defaults; wrong types, negative,
/// NaN or out-of-range values are errors naming the field ("workload.context_tokens: must be
/// between 1 and 1e8, got 0").
/// `checkRequestLengths` false leaves requestLengthProblem to the caller (the command line
/// checks it once its options have overridden the file).
Result<Scenario> parseScenario(std::string_view jsonText, bool checkRequestLengths = true);
/// Read and parse a scenario file. A relative model.ref or engine.draft that names a file or
/// folder beside the scenario file (e.g. "models/config.json") is resolved against the
/// scenario's folder and returned as an absolute path; catalogue ids are left as they are.
/// Only a regular file of at most kMaxScenarioBytes is read (util/fileio.h).
Result<Scenario> loadScenarioFile(const std::filesystem::path &path,
                                  bool checkRequestLengths = true);
/// Largest scenario file read (real ones are about 1 KB).
inline constexpr std::uint64_t kMaxScenarioBytes = std::uint64_t(16) << 20;
/// The relative model.ref rule of loadScenarioFile, for callers that read the file themselves:
/// a relative model.ref or engine.draft naming a file or folder beside `scenarioFile` becomes
/// that absolute path.
void resolveModelPathBeside(Scenario &scenario, const std::filesystem::path &scenarioFile);
/// Whether the scenario names its KV format (kvFormat other than bf16, or bf16 chosen).
inline bool kvFormatExplicit(const ModelChoice &m) {
    return m.kvBf16Chosen || !(m.kvFormat == formats::bf16);
}
/// Serialize (pretty JSON, schema_version first). Round-trips through parseScenario exactly.
std::string scenarioToJson(const Scenario &scenario);
/// Write atomically (util/fileio.h's writeFileAtomically): a temp file in the same folder,
/// every write and the fsync checked, then renamed over `path`. On error the old file is
/// untouched; the error names the path and the reason.
Result<bool> saveScenarioFile(const Scenario &scenario, const std::filesystem::path &path);

/// Whether engines cache KV in this format: bf16/fp16 or fp8 (vLLM --kv-cache-dtype
/// auto|fp8_e4m3|fp8_e5m2, SGLang --kv-cache-dtype, TensorRT-LLM kv_cache_config.dtype).
bool isKvCacheFormat(const NumberFormat &format);
/// The tail of the error for any other format: "is not a KV-cache format engines offer (...)".
inline constexpr std::string_view kKvFormatsText =
    "is not a KV-cache format engines offer (bf16, fp16, fp8 = fp8_e4m3, fp8_e5m2)";

} // namespace hostplan
