// SPDX-License-Identifier: MIT
#include "cli/llamacppcli.h"

#include "cli/cli.h"
#include "cli/options.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "import/ggufimport.h"
#include "plan/plan.h"
#include "scenario/scenario.h"
#include "util/jsonutil.h"
#include "util/textutil.h"
#include "util/units.h"

#include <charconv>
#include <cmath>
#include <algorithm>
#include <map>
#include <set>

namespace hostplan::cli {

namespace {

bool isLlamaName(const std::string &v) {
    const std::string l = asciiLower(v);
    return l == "llama.cpp" || l == "llamacpp" || l == "llama-cpp" || l == "llama-server";
}

/// A whole number with an optional k (1024) or M (1024^2) suffix, as the plan options read
/// token counts (parseUint), in [min, max].
bool parseCount(const std::string &s, std::uint64_t min, std::uint64_t max, std::uint64_t &out) {
    std::uint64_t v = 0;
    if (!parseUint(s, v) || v < min || v > max) {
        return false;
    }
    out = v;
    return true;
}

/// llama-server's -ts list: comma- or slash-separated non-negative numbers ("3,1", "1/1").
Result<std::vector<double>> parseSplit(const std::string &s) {
    std::vector<double> out;
    std::size_t start = 0;
    while (start <= s.size() && out.size() <= kLlamaMaxGpus) {
        const std::size_t end = std::min(s.find_first_of(",/", start), s.size());
        const std::string item = s.substr(start, end - start);
        double v = 0;
        const auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || p != item.data() + item.size() ||
            !std::isfinite(v) || v < 0) {
            return makeError("--tensor-split", quotedInput(item) +
                                                   " is not a proportion (non-negative numbers "
                                                   "separated by commas, e.g. 3,1)");
        }
        out.push_back(v);
        start = end + 1;
    }
    if (out.size() > kLlamaMaxGpus) {
        return makeError("--tensor-split",
                         "more than " + std::to_string(kLlamaMaxGpus) + " proportions");
    }
    return out;
}

} // namespace

bool wantsLlamaCpp(const std::vector<std::string> &args) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--engine" && isLlamaName(args[i + 1])) {
            return true;
        }
    }
    return false;
}

namespace {

/// The options llama.cpp plans take with a value (cmdLlamaCpp).
const std::set<std::string> &llamaValuedOptions() {
    static const std::set<std::string> valued = {
        "--model",     "--gpu",          "--host",           "--host-memory-gb", "--ngl",
        "--n-cpu-moe", "--kv-type",      "--kv-type-k",      "--kv-type-v",      "--parallel",
        "--context",   "--ubatch",       "--batch",          "--gguf-type",      "--engine",
        "--gpus",      "--tensor-split", "--llamacpp-build", "--gpu-file"};
    return valued;
}

/// The options llama.cpp plans take without a value, beyond --json and --fail-if-no-fit.
const std::set<std::string> &llamaFlagOptions() {
    static const std::set<std::string> flags = {"--no-flash-attn", "--no-op-offload", "--swa-full",
                                                "--kv-unified"};
    return flags;
}

} // namespace

std::string unknownPlanOptionText(const std::string &a) {
    // Options both kinds of plan take never reach here, so any llama.cpp option that does is
    // one only llama.cpp plans take.
    if (llamaValuedOptions().count(a) || llamaFlagOptions().count(a)) {
        return quotedInput(a) +
               " is a llama.cpp option: it needs --engine llama.cpp (see hostplan-cli --help)";
    }
    // An engine's own flag name: the HostPlan option that sets it.
    static const std::map<std::string, std::string> kEngineNames = {
        {"--gpu-memory-utilization", "--memory-fraction"},
        {"--mem-fraction-static", "--memory-fraction"},
        {"--kv_cache_free_gpu_memory_fraction", "--memory-fraction"},
        {"--chunked-prefill-size", "--max-num-batched-tokens"},
        {"--max_num_tokens", "--max-num-batched-tokens"},
        {"--max-running-requests", "--max-num-seqs"},
        {"--max_batch_size", "--max-num-seqs"},
        {"--tensor-parallel-size", "--tp"},
        {"--tp-size", "--tp"},
        {"--tp_size", "--tp"},
        {"--pipeline-parallel-size", "--pp"},
        {"--pp-size", "--pp"},
        {"--pp_size", "--pp"},
        {"--ep-size", "--ep"},
        {"--ep_size", "--ep"},
        {"--enable-expert-parallel", "--ep"},
        {"--data-parallel-size", "--attention-dp (with EP), or --tp and --pp on more GPUs"},
        {"--dp-size", "--attention-dp (with EP), or --tp and --pp on more GPUs"},
        {"--dp", "--attention-dp (with EP), or --tp and --pp on more GPUs"},
        {"--max-model-len", "--context"},
        {"--context-length", "--context"},
        {"--kv-cache-dtype", "--kv-format"},
        {"--enforce-eager", "--cuda-graphs off"},
        {"--disable-cuda-graph", "--cuda-graphs off"},
        {"--enable-dp-attention", "--attention-dp"},
        {"--model-path", "--model"},
        {"--dtype", "--weights-format"},
        {"--quantization", "--weights-format"},
        {"-ngl", "--ngl (with --engine llama.cpp)"},
        {"--n-gpu-layers", "--ngl (with --engine llama.cpp)"},
        {"-c", "--context"},
        {"--ctx-size", "--context"},
        {"-np", "--parallel (with --engine llama.cpp)"},
        {"--cache-type-k", "--kv-type-k (with --engine llama.cpp)"},
        {"--cache-type-v", "--kv-type-v (with --engine llama.cpp)"},
    };
    if (const auto it = kEngineNames.find(a); it != kEngineNames.end()) {
        return "unknown option " + quotedInput(a) + ": that is the engine's own flag; HostPlan's " +
               "is " + it->second + " (see hostplan-cli --help)";
    }
    return "unknown option " + quotedInput(a) + " (see hostplan-cli --help)";
}

int cmdLlamaCpp(const std::vector<std::string> &args, bool serve, std::ostream &out,
                std::ostream &err) {
    const std::set<std::string> &valued = llamaValuedOptions();
    LlamaCppInput in;
    std::string modelRef = "llama-3.1-8b";
    std::string ggufType = "q4_K";
    std::string gpuName = "rtx-4090";
    std::string hostName = "ddr5-desktop";
    double hostMemoryGb = 0;
    bool failIfNoFit = false;
    bool gpuGiven = false; // --gpu named a GPU (not none)
    bool json = false;
    bool kvKGiven = false; // --kv-type-k given: --kv-type leaves K alone
    bool kvVGiven = false;
    std::vector<GpuSpec> customGpus; // --gpu-file: the user's GPU types
    const auto bad = [&](const std::string &option, const std::string &why) {
        err << "hostplan-cli: " << option << ": " << why << "\n";
        return kExitUsage;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--fail-if-no-fit") {
            failIfNoFit = true;
            continue;
        }
        if (a == "--json" && !serve) {
            json = true;
            continue;
        }
        if (a == "--no-flash-attn") {
            in.flashAttention = false;
            continue;
        }
        if (a == "--no-op-offload") {
            in.opOffload = false;
            continue;
        }
        if (a == "--swa-full") {
            in.swaFull = true;
            continue;
        }
        if (a == "--kv-unified") {
            in.unifiedKv = true;
            continue;
        }
        if (const auto only =
                std::find_if(kEngineOnlyOptions.begin(), kEngineOnlyOptions.end(),
                             [&a](const EngineOnlyOption &o) { return o.option == a; });
            only != kEngineOnlyOptions.end() && i + 1 < args.size()) {
            warnEngineOnly(err, *only, "llama.cpp"); // and skip its value
            ++i;
            continue;
        }
        if (!valued.count(a)) {
            err << "hostplan-cli: unknown option " << quotedInput(a)
                << " for --engine llama.cpp (see "
                << "hostplan-cli --help)\n";
            return kExitUsage;
        }
        if (i + 1 >= args.size()) {
            return bad(a, "missing value");
        }
        const std::string &v = args[++i];
        std::uint64_t n = 0;
        if (a == "--engine") {
            continue; // llama.cpp (wantsLlamaCpp)
        } else if (a == "--model") {
            modelRef = v;
        } else if (a == "--gguf-type") {
            ggufType = v;
        } else if (a == "--gpu") {
            gpuName = v;
            gpuGiven = asciiLower(v) != "none";
        } else if (a == "--gpu-file") {
            if (const std::string e = addGpuFile(v, customGpus); !e.empty()) {
                return bad(a, e);
            }
        } else if (a == "--host") {
            hostName = v;
        } else if (a == "--host-memory-gb") {
            if (!parseCount(v, 1, 100000, n)) {
                return bad(a,
                           "must be a whole number of GB from 1 to 100000, got " + quotedInput(v));
            }
            hostMemoryGb = double(n);
        } else if (a == "--ngl") {
            if (!parseCount(v, 0, 999, n)) {
                return bad(a, "must be a whole number from 0 to 999, got " + quotedInput(v));
            }
            in.gpuLayers = std::uint32_t(n);
        } else if (a == "--n-cpu-moe") {
            if (!parseCount(v, 0, 4096, n)) {
                return bad(a, "must be a whole number from 0 to 4096, got " + quotedInput(v));
            }
            in.cpuMoeLayers = std::uint32_t(n);
        } else if (a == "--kv-type" || a == "--kv-type-k" || a == "--kv-type-v") {
            auto t = parseLlamaKvType(v);
            if (!t) {
                return bad(a, t.error().message);
            }
            // --kv-type sets both unless --kv-type-k / -v name one, whatever the order (a
            // later --kv-type dropped an earlier --kv-type-k silently).
            if (a == "--kv-type-k" || (a == "--kv-type" && !kvKGiven)) {
                in.kvTypeK = *t;
            }
            if (a == "--kv-type-v" || (a == "--kv-type" && !kvVGiven)) {
                in.kvTypeV = *t;
            }
            kvKGiven |= a == "--kv-type-k";
            kvVGiven |= a == "--kv-type-v";
        } else if (a == "--parallel") {
            if (!parseCount(v, 1, 256, n)) {
                return bad(a, "must be a whole number from 1 to 256, got " + quotedInput(v));
            }
            in.parallel = std::uint32_t(n);
        } else if (a == "--context") {
            if (!parseCount(v, 1, kMaxContextTokens, n)) {
                return bad(a, "must be from 1 to " + std::to_string(kMaxContextTokens) +
                                  " tokens (k = 1024 and M = 1024^2 suffixes allowed), got " +
                                  quotedInput(v));
            }
            in.context = n;
        } else if (a == "--gpus") {
            if (!parseCount(v, 1, kLlamaMaxGpus, n)) {
                return bad(a, "must be a whole number from 1 to " + std::to_string(kLlamaMaxGpus) +
                                  ", got " + quotedInput(v));
            }
            in.gpuCount = std::uint32_t(n);
        } else if (a == "--tensor-split") {
            auto split = parseSplit(v);
            if (!split) {
                return bad(a, split.error().message);
            }
            in.tensorSplit = std::move(split).value();
        } else if (a == "--llamacpp-build") {
            // "b5466" as llama-server --version names it, or the bare number.
            const std::string digits = !v.empty() && (v[0] == 'b' || v[0] == 'B') ? v.substr(1) : v;
            if (digits.find_first_of("kK") != std::string::npos ||
                !parseCount(digits, 1, kLlamaMaxBuild, n)) {
                return bad(a, "must be a llama.cpp release, b1 to b" +
                                  std::to_string(kLlamaMaxBuild) + " (e.g. b5466), got " +
                                  quotedInput(v));
            }
            in.build = std::uint32_t(n);
        } else if (a == "--ubatch" || a == "--batch") {
            if (!parseCount(v, 1, 65536, n)) {
                return bad(a, "must be a whole number from 1 to 65536, got " + quotedInput(v));
            }
            (a == "--ubatch" ? in.ubatch : in.batch) = std::uint32_t(n);
        }
    }
    Scenario scenario = defaultScenario();
    scenario.model.ref = modelRef;
    auto model = resolveModel(scenario, Catalogue::builtin());
    if (!model) {
        // The import names the file in its message; its field (model.ref) is what --model sets.
        const Error &e = model.error();
        return bad("--model", e.field == "model.ref" ? e.message : e.toString());
    }
    ModelSpec spec = std::move(model).value();
    if (!isGgufModelRef(modelRef)) {
        const gguf::GgmlType *t = gguf::ggmlTypeByName(ggufType);
        if (!t) {
            return bad("--gguf-type", unknownGgmlTypeText(ggufType));
        }
        spec = asGgufType(spec, *t);
    }
    in.model = &spec;
    // A GGUF model runs its own file (an Ollama name: its blob, ModelSpec::source); other
    // models are named as the file llama-quantize would write.
    in.modelPath = isGgufModelRef(modelRef) ? spec.source : spec.id + "-" + ggufType + ".gguf";
    auto host = findHost(hostName);
    if (!host) {
        return bad("--host", host.error().message);
    }
    in.host = host.value();
    if (hostMemoryGb > 0) {
        in.host.memoryBytes = std::uint64_t(hostMemoryGb * kBytesPerGiB); // as sold: GiB
    }
    // A GPU the plan would leave out is an error, not a silent drop.
    const bool noGpu = asciiLower(gpuName) == "none";
    if (in.host.unifiedMemory && (gpuGiven || in.gpuCount > 1 || !in.tensorSplit.empty())) {
        return bad(gpuGiven          ? "--gpu"
                   : in.gpuCount > 1 ? "--gpus"
                                     : "--tensor-split",
                   hostName + " is a unified-memory host: its GPU is the host's (leave out "
                              "--gpu, --gpus and --tensor-split; --gpu none runs on the CPU "
                              "alone)");
    }
    if (in.host.unifiedMemory && noGpu) {
        in.gpuLayers = 0; // the CPU alone: llama.cpp's -ngl 0
    }
    if (noGpu && in.gpuCount > 1) {
        return bad("--gpus", std::to_string(in.gpuCount) + " GPUs with --gpu none");
    }
    if (noGpu && !in.tensorSplit.empty()) {
        return bad("--tensor-split", "splits layers between GPUs; --gpu none plans the CPU alone");
    }
    if (!noGpu && !in.host.unifiedMemory) {
        auto types = Catalogue::builtin().withGpus(customGpus, "--gpu-file");
        if (!types) {
            return bad("--gpu-file", types.error().toString());
        }
        auto gpu = types->findGpu(gpuName);
        if (!gpu) {
            return bad("--gpu", gpu.error().message);
        }
        in.gpu = gpu.value();
    }
    if (serve) {
        // The command is llama-server's whatever the release: plan it by the newest rules.
        in.build = 0;
    }
    auto plan = planLlamaCpp(in);
    if (!plan) {
        err << "hostplan-cli: " << plan.error().toString() << "\n";
        return kExitUsage;
    }
    if (serve) {
        if (!plan->fits()) {
            err << "hostplan-cli: warning: the plan does not fit; llama-server will fail to "
                   "allocate\n";
            if (failIfNoFit) {
                return kExitNoFit;
            }
        }
        out << llamaServerCommand(in, plan.value());
        return kExitOk;
    }
    if (json) {
        out << jsonfield::dumpText(llamaCppPlanJson(in, plan.value()), 2) << "\n";
    } else {
        writeLlamaCppPlanText(in, plan.value(), out);
    }
    return failIfNoFit && !plan->fits() ? kExitNoFit : kExitOk;
}

std::string llamaCppUsage() {
    return R"(
llama.cpp options (plan / serve-cmd with --engine llama.cpp; one machine, GPU + RAM):
  --model NAME|PATH        a .gguf file (exact bytes from its tensor table; any part of a
                           split set) or any model --model accepts, sized as --gguf-type
  --gguf-type T            ggml type for a model that is not a .gguf file (default q4_K)
  --gpu NAME|none          the GPU (default rtx-4090); none = CPU only
  --host NAME              ddr5-desktop (default), epyc-9004, epyc-9005, apple-m4-max,
                           apple-m3-ultra (unified memory: no separate GPU)
  --host-memory-gb N       system memory as sold, "64 GB" = 64 GiB (default: the host's)
  --ngl N                  layers on the GPU, output layer first (default: --fit's, all if they fit)
  --n-cpu-moe N            experts of the first N layers in system RAM
  --kv-type T              KV cache type: f16 (default), bf16, q8_0, q4_0, q4_1, q5_0,
                           q5_1, iq4_nl, f32
  --kv-type-k T, --kv-type-v T
                           llama-server -ctk / -ctv: K's or V's type alone, over --kv-type
                           in any order (a quantized V needs Flash Attention; a quantized K
                           does not)
  --parallel N             slots sharing the context (llama-server -np; default: llama-
                           server's 4 slots in one unified KV cache)
  --kv-unified             llama-server -kvu: with --parallel N, one KV stream that every
                           slot may fill (without it each slot gets n_ctx / N cells, and
                           the compute buffer's mask is one stream's)
  --context N              total context, shared by the slots (default: llama.cpp's, the
                           model's training context, lowered by --fit to keep 1 GiB free)
  --ubatch N, --batch N    -ub (default 512) and -b (default 2048)
  --no-flash-attn          size the compute buffer without Flash Attention
  --swa-full               llama-server --swa-full: sliding-window layers cache the whole
                           context (the default of programs on the llama.cpp C API, such
                           as LM Studio and llama-cpp-python; llama-server's is off)
  --no-op-offload          llama-server --no-op-offload: big batches of layers and experts
                           in RAM run on the CPU (by default GPU 0 runs them, copying each
                           weight into its compute buffer)
  --gpus N                 N GPUs of the --gpu type (1 to 16), layers split between them
  --tensor-split A,B,...   llama-server -ts: each GPU's share of the layers (default: by
                           free memory, equal for identical GPUs; --fit's when that does
                           not fit)
  --llamacpp-build bN      (plan) the memory rules of llama.cpp release bN (default: the
                           newest; older releases count -ngl from the repeating layers,
                           keep a smaller host compute buffer and have no --fit placement);
                           serve-cmd is unaffected
  --json                   (plan) the plan as JSON: bytes per GPU and in RAM, fit, speed
)";
}

} // namespace hostplan::cli
