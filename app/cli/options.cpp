// SPDX-License-Identifier: MIT
#include "cli/options.h"

#include "catalogue/catalogue.h"
#include "catalogue/gpufile.h"

#include "engine/engine.h"
#include "scenario/scenario.h"
#include "util/textutil.h"

#include <algorithm>
#include <array>
#include <map>
#include <charconv>
#include <cctype>
#include <cmath>
#include <system_error>

namespace hostplan::cli {

bool parseUint(const std::string &s, std::uint64_t &out) {
    if (s.empty()) {
        return false;
    }
    // Accept 32k / 1M style suffixes for token counts (k = 1024, M = 1024^2 as engines do).
    std::uint64_t mult = 1;
    std::string digits = s;
    const char last = s.back();
    if (last == 'k' || last == 'K') {
        mult = 1024;
        digits.pop_back();
    } else if (last == 'm' || last == 'M') {
        mult = 1024 * 1024;
        digits.pop_back();
    }
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || p != digits.data() + digits.size() || digits.empty()) {
        return false;
    }
    if (v > UINT64_MAX / mult) {
        return false;
    }
    out = v * mult;
    return true;
}

bool parseDouble(const std::string &s, double &out) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out);
}

namespace {

constexpr std::array<std::string_view, 15> kEngineOptions = {"--engine",
                                                             "--vllm-version",
                                                             "--sglang-version",
                                                             "--prefix-caching",
                                                             "--text-only",
                                                             "--cuda-graphs",
                                                             "--cuda-graph-max-bs",
                                                             "--moe-a2a-backend",
                                                             "--draft",
                                                             "--memory-fraction",
                                                             "--max-num-seqs",
                                                             "--max-num-batched-tokens",
                                                             "--max-total-tokens",
                                                             "--activation-bytes-per-gpu",
                                                             "--runtime-bytes-per-gpu"};

/// "OPTION: must be ..., got 'VALUE'".
std::string mustBe(std::string_view option, std::string_view what, const std::string &value) {
    return std::string(option) + ": must be " + std::string(what) + ", got " + quotedInput(value);
}

} // namespace

bool isEngineOption(std::string_view option) {
    for (const std::string_view o : kEngineOptions) {
        if (o == option) {
            return true;
        }
    }
    return false;
}

std::string unknownGgmlTypeText(const std::string &name) {
    // llama-quantize's file types that name no ggml type, with the type each stores most
    // tensors in (src/llama-quant.cpp llama_model_quantize_impl, its default_type switch).
    static const std::map<std::string, std::string> kFileTypes = {
        {"q2_k_s", "q2_K"}, {"q3_k_s", "q3_K"},  {"q3_k_m", "q3_K"}, {"q3_k_l", "q3_K"},
        {"q4_k_s", "q4_K"}, {"q4_k_m", "q4_K"},  {"q5_k_s", "q5_K"}, {"q5_k_m", "q5_K"},
        {"iq2_m", "iq2_s"}, {"iq3_xs", "iq3_s"}, {"iq3_m", "iq3_s"}, {"mxfp4_moe", "mxfp4"},
    };
    const auto fileType = kFileTypes.find(asciiLower(name));
    return "unknown ggml type " + quotedInput(name) +
           (fileType != kFileTypes.end()
                ? " (a llama-quantize file type, a mix of tensor types: plan with its main ggml "
                  "type " +
                      fileType->second + ", or give the .gguf file for its exact bytes)"
                : " (q4_K, q8_0, ...)");
}

std::string applyEngineOption(std::string_view option, const std::string &value,
                              EngineSettings &engine) {
    const std::string a(option);
    std::uint64_t n = 0;
    double d = 0;
    if (a == "--engine") {
        auto e = parseEngine(value);
        if (!e.ok()) {
            return a + ": " + e.error().message;
        }
        engine.engine = e.value();
    } else if (a == "--vllm-version") {
        auto rules = parseVllmVersion(value);
        if (!rules.ok()) {
            return a + ": " + rules.error().message;
        }
        engine.vllmVersion = rules.value();
    } else if (a == "--sglang-version") {
        auto rules = parseSglangVersion(value);
        if (!rules.ok()) {
            return a + ": " + rules.error().message;
        }
        engine.sglangVersion = rules.value();
    } else if (a == "--prefix-caching" || a == "--cuda-graphs" || a == "--text-only") {
        const std::string onOff = asciiLower(value);
        if (onOff != "on" && onOff != "off") {
            return mustBe(a, "on or off", value);
        }
        const bool on = onOff == "on";
        if (a == "--prefix-caching") {
            engine.prefixCaching = on;
        } else if (a == "--cuda-graphs") {
            engine.cudaGraphs = on;
        } else {
            engine.textOnly = on;
        }
    } else if (a == "--moe-a2a-backend") {
        auto backend = parseMoeA2a(value);
        if (!backend.ok()) {
            return a + ": " + backend.error().message;
        }
        engine.moeA2a = backend.value();
    } else if (a == "--draft") {
        engine.draft = value;
    } else if (a == "--memory-fraction") {
        if (!parseDouble(value, d) || d < 0.05 || d > 1.0) {
            return mustBe(a, "a number from 0.05 to 1.0 (engine.memory_fraction)", value);
        }
        engine.memoryFraction = d;
    } else if (a == "--cuda-graph-max-bs") {
        if (asciiLower(value) == "auto") {
            engine.cudaGraphMaxBs.reset();
        } else if (!parseUint(value, n) || n == 0 || n > kMaxCudaGraphBs) {
            return mustBe(a, "'auto' or a whole number from 1 to 65536", value);
        } else {
            engine.cudaGraphMaxBs = std::uint32_t(n);
        }
    } else if (a == "--max-num-seqs" || a == "--max-num-batched-tokens") {
        const bool seqs = a == "--max-num-seqs";
        std::optional<std::uint32_t> &field = seqs ? engine.maxNumSeqs : engine.prefillChunkTokens;
        if (asciiLower(value) == "auto") {
            field.reset(); // the engine's default, over a scenario's value
        } else if (!parseUint(value, n) || n == 0 || n > (seqs ? 1u << 20 : 1u << 24)) {
            return mustBe(a,
                          seqs ? "'auto' or a whole number of sequences from 1 to 1048576"
                               : "'auto' or a whole number of tokens from 1 to 16M",
                          value);
        } else {
            field = std::uint32_t(n);
        }
    } else if (a == "--max-total-tokens") {
        if (asciiLower(value) == "auto") {
            engine.maxTotalTokens.reset(); // no cap, over a scenario's value
        } else if (!parseUint(value, n) || n == 0 || n > kMaxTotalTokensCap) {
            return mustBe(a, "'auto' or a whole number of tokens from 1 to 2^40", value);
        } else {
            engine.maxTotalTokens = n;
        }
    } else if (a == "--activation-bytes-per-gpu" || a == "--runtime-bytes-per-gpu") {
        if (!parseUint(value, n)) {
            return mustBe(a, "a whole number of bytes", value);
        }
        (a == "--activation-bytes-per-gpu" ? engine.activationBytesPerGpu
                                           : engine.runtimeBytesPerGpu) = n;
    } else {
        return a + ": not an engine option";
    }
    return {};
}

std::string engineOptionsUsage() {
    return R"(  --engine vllm|sglang|trtllm|llama.cpp   (llama.cpp: its own options, below)
  --memory-fraction F      the engine's memory fraction (default: the engine's)
  --max-num-seqs N|auto    running-sequence cap: vLLM --max-num-seqs, SGLang
                           --max-running-requests, TensorRT-LLM --max_batch_size (default or
                           auto: the engine's for the GPU); sizes the profiled sampler and
                           vLLM's CUDA-graph capture sizes
  --max-num-batched-tokens N|auto   tokens per engine step (vLLM max_num_batched_tokens,
                           SGLang chunked_prefill_size; default or auto: the engine's for the
                           GPU and context, vLLM 8192 on 70 GiB and more but A100, else 2048;
                           vLLM 0.6.x max(context, 2048) up to 32k): the profiled forward
  --max-total-tokens N|auto   a cap on the KV pool's tokens per GPU: SGLang
                           --max-total-tokens, TensorRT-LLM kv_cache_config.max_tokens
                           (trtllm-bench --max_tokens); the pool holds the smaller of the
                           cap and what memory gives; default or auto: no cap
  --vllm-version V         the vLLM release whose start-up memory rules vLLM plans follow:
                           0.28 (0.24's, 16384 batched tokens on GPUs of 160 GiB and
                           more), 0.24 (0.22's rules, DeepSeek V4's cache pages as
                           kv_cache_planning.py sums them), 0.22 (0.21's, memory
                           fraction 0.92 by default), 0.21 (0.20's, the CUDA-graph
                           estimate inside the budget), 0.20 (0.19's memory, the KV
                           tokens logged as concurrency x context),
                           0.19 (default), 0.11 (also 0.9.2 to 0.10.x), 0.8, 0.7-v1
                           (v0.7 with VLLM_USE_V1=1), 0.6.5 (also 0.6.6 and 0.7.x,
                           whose default engine is V0) or 0.6.4, and that release's batched
                           tokens (max_num_seqs: the engine table's); another release
                           (0.8.5, 0.23) follows the newest of these at or before it,
                           which the plan's engine version names
  --sglang-version V       the SGLang release whose start-up memory rules SGLang plans
                           follow, 0.4.0 or later (post releases count: 0.4.7.post1):
                           0.4 to 0.4.7 (default fraction by TP size), 0.4.7.post1 to
                           0.5.2 (by memory tier), 0.5.3 (PR #10975's reserve), 0.5.10
                           (piecewise CUDA graphs, 8 MiB reserved per capture size) or
                           0.5.14 (default: also with speculative decoding; the draft's
                           weights and KV inside --mem-fraction-static); a release follows
                           the newest rule set at or before it (0.5.12: 0.5.10's)
  --prefix-caching on|off  automatic prefix caching (default: the engine's; vLLM keeps two
                           state pages per request of a hybrid model with it on)
  --text-only on|off       serve a multimodal model's text only (default off): vLLM then
                           builds no vision tower and skips its profile pass
  --cuda-graphs on|off     CUDA graphs (default on); off: vLLM --enforce-eager, SGLang
                           --disable-cuda-graph, TensorRT-LLM without cuda_graph_config:
                           no graph memory, slower small-batch decode (speed not modelled)
  --cuda-graph-max-bs N|auto   the largest CUDA-graph batch: SGLang --cuda-graph-max-bs
                           (requests; its default fraction reserves 2 MiB for each), vLLM
                           --max-cudagraph-capture-size (tokens); default or auto: the
                           engine's (SGLang's by GPU and TP, 128 with DeepEP low latency;
                           vLLM min(2 x max_num_seqs x (1 + draft), 512))
  --moe-a2a-backend B      the MoE all-to-all backend with EP: default, deepep_low_latency or
                           deepep_high_throughput (vLLM --all2all-backend, with attention DP;
                           SGLang --moe-a2a-backend deepep --deepep-mode low_latency or
                           normal): DeepEP's buffers, vLLM's batched expert workspace and
                           256-token step from v0.20, SGLang's shared experts on every GPU
  --draft MODEL|eagle      a speculative-decoding draft model (catalogue id or path), or
                           an EAGLE head built from the model (engine.draft)
  --speculative-tokens N   tokens the draft (or the model's MTP layers) proposes per step,
                           0 to 16 (default 0: no speculation); the speed figures and the
                           engines' speculative flags follow it
  --speculative-acceptance A   the chance each proposed token is accepted, 0 to 0.99
                           (default 0.7, an assumption: measure yours)
  --activation-bytes-per-gpu N, --runtime-bytes-per-gpu N   override the engine estimates
)";
}

bool isSpeculationOption(std::string_view option) {
    return option == "--speculative-tokens" || option == "--speculative-acceptance";
}

std::string applySpeculationOption(std::string_view option, const std::string &value,
                                   Workload &workload) {
    const std::string a(option);
    if (a == "--speculative-tokens") {
        std::uint64_t n = 0;
        if (!parseUint(value, n) || n > 16) {
            return mustBe(a, "a whole number from 0 to 16", value);
        }
        workload.speculativeTokens = std::uint32_t(n);
        return {};
    }
    double d = 0;
    if (!parseDouble(value, d) || d < 0 || d > 0.99) {
        return mustBe(a, "a number from 0 to 0.99", value);
    }
    workload.speculativeAcceptance = d;
    return {};
}

std::string addGpuFile(const std::string &file, std::vector<GpuSpec> &types) {
    auto loaded = loadGpuFile(file);
    if (!loaded.ok()) {
        return loaded.error().toString();
    }
    auto merged = mergeGpuTypes(types, std::move(loaded).value(), file + ": gpus");
    if (!merged.ok()) {
        return merged.error().toString();
    }
    types = std::move(merged).value();
    return {};
}

/// The option that sets scenario field `field` ("hardware.tp" -> "--tp"), or "" for none.
std::string optionForField(const std::string &field) {
    static const std::map<std::string, std::string> options = {
        {"model.ref", "--model"},
        {"model.weights_format", "--weights-format"},
        {"model.kv_format", "--kv-format"},
        {"model.state_format", "--state-format"},
        {"hardware.gpu", "--gpu"},
        {"hardware.gpu_count", "--gpu-count"},
        {"hardware.tp", "--tp"},
        {"hardware.pp", "--pp"},
        {"hardware.gpu", "--gpu"},
        {"hardware.ep", "--ep"},
        {"hardware.attention_dp", "--attention-dp"},
        {"hardware.gpus_per_node", "--gpus-per-node"},
        {"workload.context_tokens", "--context"},
        {"workload.concurrency", "--concurrency"},
        {"workload.input_tokens_per_request", "--input-tokens-per-request"},
        {"workload.output_tokens_per_request", "--output-tokens-per-request"},
        {"workload.hours_per_day", "--hours-per-day"},
        {"workload.output_tokens_per_month", "--output-tokens-per-month"},
        {"workload.input_tokens_per_month", "--input-tokens-per-month"},
        {"workload.cached_input_tokens_per_month", "--cached-input-tokens-per-month"},
        {"workload.utilisation", "--utilisation"},
        {"workload.heavy_user_tokens_per_month", "--heavy-user-tokens-per-month"},
        {"workload.target_seconds_per_output_token", "--target-ms-per-token"},
        {"workload.speculative_tokens", "--speculative-tokens"},
        {"workload.speculative_acceptance", "--speculative-acceptance"},
        {"engine.name", "--engine"},
        {"engine.memory_fraction", "--memory-fraction"},
        {"engine.max_num_seqs", "--max-num-seqs"},
        {"engine.prefill_chunk_tokens", "--max-num-batched-tokens"},
        {"engine.text_only", "--text-only"},
        {"engine.cuda_graphs", "--cuda-graphs"},
        {"engine.cuda_graph_max_bs", "--cuda-graph-max-bs"},
        {"engine.max_total_tokens", "--max-total-tokens"},
        {"engine.moe_a2a_backend", "--moe-a2a-backend"},
        {"pricing.usd_per_gpu_hour", "--usd-per-gpu-hour"},
        {"pricing.api_input_usd_per_mtok", "--api-input-usd-per-mtok"},
        {"pricing.api_cached_input_usd_per_mtok", "--api-cached-input-usd-per-mtok"},
        {"pricing.api_output_usd_per_mtok", "--api-output-usd-per-mtok"},
        {"pricing.api_price_id", "--api-price"},
    };
    const auto it = options.find(field);
    return it == options.end() ? std::string() : it->second;
}

/// "option: message" when `e`'s field is set by an option that `args` gives, else "".
std::string optionError(const Error &e, const std::vector<std::string> &args) {
    const std::string option = optionForField(e.field);
    if (!option.empty() && std::find(args.begin(), args.end(), option) != args.end()) {
        return option + ": " + e.message;
    }
    return {};
}

/// Checks the scenario the options built, once all are read (so that the order of --tp, --pp
/// and --gpu-count does not matter). An error names the option that sets the bad field when
/// one was given, else the scenario field.
std::string validate(const Scenario &scenario, const std::vector<std::string> &args) {
    auto r = parseScenario(scenarioToJson(scenario));
    if (r.ok()) {
        return {};
    }
    const std::string named = optionError(r.error(), args);
    if (!named.empty()) {
        return named;
    }
    // A field no option set is the scenario file's (its request lengths against its context).
    const bool file = std::find(args.begin(), args.end(), "--scenario") != args.end();
    return file ? evaluationError(r.error(), args)
                : "the options give an invalid scenario: " + r.error().toString();
}

/// An evaluation error as the CLI prints it: named by the option that set its field when that
/// option was given (`--tp 3 --gpu-count 8` -> "--tp: TP 3 does not divide the 8 GPUs"), else
/// "field: message".
std::string evaluationError(const Error &e, const std::vector<std::string> &args) {
    const std::string named = optionError(e, args);
    if (!named.empty()) {
        return named;
    }
    // A field no option set comes from the scenario file (model.ref, pricing.api_price_id):
    // named with the file, as the file's own parse errors are.
    const auto file = std::find(args.begin(), args.end(), "--scenario");
    if (file != args.end() && file + 1 != args.end()) {
        return *(file + 1) + ": " + e.toString();
    }
    return e.toString();
}

std::string repeatedOptionText(const std::vector<std::string> &args,
                               const std::set<std::string> &repeatable) {
    // An option is "--name" or "-x" ("-o"); "-1" and "-.5" are values.
    const auto isOption = [](const std::string &a) {
        return a.size() >= 2 && a[0] == '-' &&
               (std::isalpha(static_cast<unsigned char>(a[1])) || (a[1] == '-' && a.size() > 2));
    };
    std::map<std::string, std::string> first; // option -> its first value ("" for a flag)
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (!isOption(a) || repeatable.count(a)) {
            continue;
        }
        const bool valued = i + 1 < args.size() && !isOption(args[i + 1]);
        const std::string value = valued ? args[i + 1] : std::string();
        const auto [it, added] = first.emplace(a, value);
        // A later 'auto' gives a value set earlier back to the engine (documented per option).
        if (!added && it->second != value && asciiLower(value) != "auto") {
            return a + ": given twice (" + quotedInput(it->second) + ", then " +
                   quotedInput(value) + "): give it once";
        }
        i += valued ? 1 : 0;
    }
    return {};
}

} // namespace hostplan::cli
