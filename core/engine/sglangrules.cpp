// SPDX-License-Identifier: MIT
// SGLang's start-up memory rules by release (engine.h SglangProfile): each rule set's default
// mem_fraction_static, chunked prefill size, CUDA-graph batch and multimodal factor.
//
// Sources (sgl-project/sglang; each release pinned by its version bump commit, whose
// python/sglang/version.py names it): python/sglang/srt/server_args.py __post_init__ @
// f8b03269 (v0.4.0), b9c87e78 (v0.4.5.post3, PR #5604), 9858113c (v0.4.6.post2, PR #5724,
// PR #5893), 4f723edd (v0.4.7, PR #6726, PR #6748), f9dc9dd2 (v0.4.7.post1, PR #7054; the same
// rule @ 8cd34458, v0.4.10.post2), b0d25e72 (v0.5.2: STANDALONE drafts), a4a3d823 (v0.5.3,
// _handle_gpu_memory_settings of PR #10975 and PR #11076); model_executor/model_runner.py
// model_specific_adjustment @ f8b03269 (multimodal x 0.95) and 35e0856b (v0.4.4.post4, x 0.90,
// PR #4754); model_executor/cuda_graph_runner.py get_batch_sizes_to_capture @ b9c87e78,
// 4f723edd, f9dc9dd2. The KV pool rule (profile_max_num_token: free memory after the weights
// less the free memory before them x (1 - fraction)) is the same in every one of them
// (model_runner.py @ f8b03269, 4f723edd, 8cd34458), so sglang_memory.cpp serves them all.
#include "engine/engine.h"
#include "engine/sglangaiter.h"
#include "engine/releasetext.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace hostplan {

namespace {

/// "0.4.7.post1" -> {0, 4, 7, 1}, "v0.5.10" -> {0, 5, 10, 0}: a release and its post number;
/// a release candidate or development build ("0.5.3rc2", "0.5.14.dev3") counts as its
/// release. nullopt for other text.
std::optional<std::array<std::uint32_t, 4>> sglangReleaseKey(std::string_view text) {
    std::string_view s = text;
    if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) {
        s.remove_prefix(1);
    }
    std::uint32_t post = 0;
    if (const std::size_t at = s.find(".post"); at != std::string_view::npos) {
        const std::string_view digits = s.substr(at + 5);
        if (!release::allDigits(digits) || digits.size() > 6) {
            return std::nullopt;
        }
        for (const char c : digits) {
            post = post * 10 + std::uint32_t(c - '0');
        }
        s = s.substr(0, at);
    }
    const auto numbers = release::releaseNumbers(release::releaseCore(s));
    if (!numbers) {
        return std::nullopt;
    }
    return std::array<std::uint32_t, 4>{(*numbers)[0], (*numbers)[1], (*numbers)[2], post};
}

/// The pre-v0.4.7.post1 table by parallel size (server_args.py @ f8b03269: ">= 16" 0.79,
/// ">= 8" 0.81, ">= 4" 0.85, ">= 2" 0.87, else 0.88).
double sglangTpTableFraction(std::uint32_t size) {
    return size >= 16 ? 0.79 : size >= 8 ? 0.81 : size >= 4 ? 0.85 : size >= 2 ? 0.87 : 0.88;
}

/// The default fraction of v0.4.0 to v0.4.7 (SglangProfile V040 to V047), unrounded.
double sglangTableEraFraction(const SglangFractionInput &in) {
    const double gpu = in.gpuMiB;
    const SglangProfile r = in.rules;
    const std::uint32_t tp = std::max<std::uint32_t>(in.tp, 1);
    const std::uint32_t size =
        r >= SglangProfile::V0462 ? tp * std::max<std::uint32_t>(in.pp, 1) : tp;
    if (r < SglangProfile::V0453) {
        return sglangTpTableFraction(size);
    }
    if (r == SglangProfile::V0453) {
        return gpu <= 81920 ? sglangTpTableFraction(size) : (gpu - 13 * 1024.0) / gpu;
    }
    double f = gpu <= 81920 ? sglangTpTableFraction(size) : 0.88;
    if (r == SglangProfile::V047 && gpu > 180000 && in.cuda) {
        return 0.79;
    }
    if (gpu > 96 * 1024) {
        // "15 GB + additional 3GB for cuda graph"; v0.4.7: 20 GiB with a speculative draft.
        const double reserve = (r == SglangProfile::V047 && in.speculative ? 20 : 18) * 1024.0;
        return std::min(f + 48 * 1024.0 * (1 - f) / gpu, (gpu - reserve) / gpu);
    }
    if (r == SglangProfile::V047 && in.speculative) {
        f *= 0.95;
    }
    return f;
}

/// The default fraction of v0.4.7.post1 to v0.5.2 (SglangProfile V0471 to V0493): the GiB a
/// memory tier reserves, rounded to 3 places.
double sglangTierEraFraction(const SglangFractionInput &in) {
    const double gpu = in.gpuMiB;
    const double size =
        double(std::max<std::uint32_t>(in.tp, 1)) * double(std::max<std::uint32_t>(in.pp, 1));
    double reservedGiB = gpu < 35 * 1024    ? 2.8 + size / 10
                         : gpu < 90 * 1024  ? 9.5 + size / 2
                         : gpu < 160 * 1024 ? 12 + size / 2
                                            : 32;
    const SglangRules &rules = sglangRules(in.rules);
    if (in.standaloneDraft) {
        reservedGiB += rules.standaloneReserveMiB / 1024.0;
    } else if (in.speculative) {
        reservedGiB += rules.eagleReserveMiB / 1024.0;
    }
    if (in.dp > 1) {
        reservedGiB += 4; // "reserve more memory for dp attention" (server_args.py @ 2272c2a5)
    }
    return std::round((gpu - reservedGiB * 1024) / gpu * 1000.0) / 1000.0;
}

} // namespace

const std::vector<SglangRules> &sglangRuleSets() {
    // Newest first; the speculative reserves of the rule sets before v0.4.7.post1 are not a flat
    // reserve (sglangTableEraFraction), so they are 0 there.
    static const std::vector<SglangRules> table = {
        {SglangProfile::V0514, "0.5.14", "v0.5.14 and later",
         "python/sglang/srt/server_args.py (PR #22128: piecewise CUDA graphs with speculative "
         "decoding); model_runner_kv_cache_mixin.py (PR #23862: the draft's KV inside "
         "mem_fraction_static; PR #28855: the pool sized after target and draft weights)",
         true, true, true, 0, 0},
        {SglangProfile::V0510, "0.5.10", "v0.5.10 to v0.5.13",
         "python/sglang/srt/server_args.py (PR #16331: piecewise CUDA graphs on by default; "
         "PR #15927: 8 MiB reserved per capture size)",
         true, false, false, 4096, 6144},
        {SglangProfile::V05, "0.5.3", "v0.5.3 to v0.5.9",
         "python/sglang/srt/server_args.py @ a4a3d823 (v0.5.3) _handle_gpu_memory_settings (PR "
         "#10975); model_runner_kv_cache_mixin.py @ 001ccef0 "
         "profile_max_num_token",
         false, false, false, 2048, 6144},
        {SglangProfile::V0493, "0.4.9.post3", "v0.4.9.post3 to v0.5.2",
         "python/sglang/srt/server_args.py @ 8cd34458 __post_init__ (PR #7054's memory tiers; "
         "adjust_mem_fraction_for_vlm, PR #6881); @ b0d25e72 (v0.5.2: 6 GiB for STANDALONE)",
         false, false, false, 2048, 6144},
        {SglangProfile::V049, "0.4.9", "v0.4.9 to v0.4.9.post2",
         "python/sglang/srt/server_args.py @ ec5f9c62 __post_init__ (PR #7054's memory tiers; "
         "PR #7748: a multimodal model's default fraction x 0.90)",
         false, false, false, 2048, 2048},
        {SglangProfile::V0471, "0.4.7.post1", "v0.4.7.post1 to v0.4.8.post1",
         "python/sglang/srt/server_args.py @ f9dc9dd2 __post_init__ (PR #7054: memory tiers); "
         "model_runner.py @ f9dc9dd2 (a multimodal model's fraction x 0.90)",
         false, false, false, 2048, 2048},
        {SglangProfile::V047, "0.4.7", "v0.4.7",
         "python/sglang/srt/server_args.py @ 4f723edd __post_init__ (PR #6748: 0.79 on B200; "
         "PR #6726: speculative decoding); cuda_graph_runner.py @ 4f723edd",
         false, false, false, 0, 0},
        {SglangProfile::V0462, "0.4.6.post2", "v0.4.6.post2 to v0.4.6.post5",
         "python/sglang/srt/server_args.py @ 9858113c __post_init__ (PR #5724: TP x PP; "
         "PR #5893: above 96 GiB)",
         false, false, false, 0, 0},
        {SglangProfile::V0453, "0.4.5.post3", "v0.4.5.post3 to v0.4.6.post1",
         "python/sglang/srt/server_args.py @ b9c87e78 __post_init__ (PR #5604: 13 GiB reserved "
         "above 81,920 MiB); cuda_graph_runner.py @ b9c87e78",
         false, false, false, 0, 0},
        {SglangProfile::V0444, "0.4.4.post4", "v0.4.4.post4 to v0.4.5.post2",
         "python/sglang/srt/server_args.py @ 35e0856b __post_init__ (the TP table); "
         "model_runner.py @ 35e0856b (PR #4754: a multimodal model's fraction x 0.90)",
         false, false, false, 0, 0},
        {SglangProfile::V040, "0.4", "v0.4.0 to v0.4.4.post3",
         "python/sglang/srt/server_args.py @ f8b03269 __post_init__ (the TP table); "
         "model_runner.py @ f8b03269 (a multimodal model's fraction x 0.95)",
         false, false, false, 0, 0},
    };
    return table;
}

const SglangRules &sglangRules(SglangProfile profile) {
    for (const SglangRules &r : sglangRuleSets()) {
        if (r.profile == profile) {
            return r;
        }
    }
    return sglangRuleSets().front();
}

Result<SglangProfile> parseSglangVersion(std::string_view text) {
    std::string known;
    for (const SglangRules &r : sglangRuleSets()) {
        known += (known.empty() ? "" : ", ") + std::string(r.id);
    }
    // "0.5" is the id earlier HostPlan versions saved for the v0.5.3 rules (then labelled v0.5.0
    // to v0.5.9): a saved scenario keeps planning as it did.
    if (text == "0.5" || text == "v0.5") {
        return SglangProfile::V05;
    }
    // A release names the newest rule set at or before it ("0.5.12", "0.4.7.post1", "0.6.1").
    const auto key = sglangReleaseKey(text);
    // A major release beyond 1 or a minor beyond 99 is no SGLang release (a typo such as
    // "9.9.9"), which the newest rules would otherwise plan without a word (as --vllm-version).
    if (key && ((*key)[0] > 1 || (*key)[1] > 99)) {
        return makeError("sglang_version", "SGLang " + release::shownRelease(text) +
                                               " is not an SGLang release (HostPlan models " +
                                               known + "; a later release follows the newest)");
    }
    if (key) {
        for (const SglangRules &r : sglangRuleSets()) {
            if (const auto id = sglangReleaseKey(r.id); id && *id <= *key) {
                return r.profile;
            }
        }
    }
    const std::string shown = release::shownRelease(text);
    return makeError(
        "sglang_version",
        (key ? "SGLang " + shown + " is older than 0.4, the earliest rules HostPlan models ("
             : "unknown SGLang release '" + shown + "' (HostPlan models ") +
            known + "; another release follows the newest of them at or before it)");
}

SglangGpuDefaults sglangGpuDefaults(double gpuMiB, std::uint32_t tp) {
    // Rows of _handle_gpu_memory_settings: (upper bound MiB, chunk, graph bs TP<4, TP>=4).
    struct Row {
        double belowMiB;
        std::uint32_t chunk, bsSmallTp, bsLargeTp;
    };
    static constexpr Row rows[] = {{20 * 1024, 2048, 8, 8},      {35 * 1024, 2048, 24, 80},
                                   {60 * 1024, 4096, 32, 160},   {90 * 1024, 8192, 256, 512},
                                   {160 * 1024, 8192, 256, 512}, {1e18, 16384, 512, 512}};
    if (gpuMiB <= 0) {
        return {};
    }
    for (const Row &r : rows) {
        if (gpuMiB < r.belowMiB) {
            return {r.chunk, tp >= 4 ? r.bsLargeTp : r.bsSmallTp};
        }
    }
    return {};
}

std::uint32_t sglangGraphBatch(double gpuMiB, std::uint32_t tp, SglangProfile rules,
                               std::uint32_t given, std::uint32_t maxRunningRequests) {
    const std::uint32_t bs = given ? given : sglangGpuDefaults(gpuMiB, tp, rules).cudaGraphMaxBs;
    return maxRunningRequests ? std::min(bs, maxRunningRequests) : bs;
}

double sglangDefaultMemFraction(double gpuMiB, std::uint32_t tp, std::uint32_t pp, bool speculative,
                                bool standaloneDraft) {
    SglangFractionInput in;
    in.rules = SglangProfile::V05;
    in.gpuMiB = gpuMiB;
    in.tp = tp;
    in.pp = pp;
    in.speculative = speculative;
    in.standaloneDraft = standaloneDraft;
    return sglangDefaultMemFraction(in);
}

double sglangDefaultMemFraction(const SglangFractionInput &in) {
    const double gpuMiB = in.gpuMiB;
    if (!(gpuMiB > 0)) {
        return engineInfo(Engine::Sglang).defaultMemoryFraction;
    }
    if (in.rules < SglangProfile::V0471) {
        return sglangTableEraFraction(in);
    }
    if (in.rules < SglangProfile::V05) {
        return sglangTierEraFraction(in);
    }
    const SglangGpuDefaults d = sglangGpuDefaults(gpuMiB, in.tp);
    const double chunk = in.chunkedPrefillSize ? in.chunkedPrefillSize : d.chunkedPrefillSize;
    const double graphBs = in.cudaGraphMaxBs ? in.cudaGraphMaxBs : d.cudaGraphMaxBs;
    double reserved = 512 + std::max<double>(chunk, 2048) * 1.5 + graphBs * 2.0 +
                      double(std::max<std::uint32_t>(in.tp, 1)) *
                          double(std::max<std::uint32_t>(in.pp, 1)) / 8.0 * 1024;
    reserved += in.piecewiseReserveMiB;
    if (in.dp > 1) {
        // DP attention's gathered buffers (_handle_gpu_memory_settings, before the floor).
        const double graphs = graphBs * double(in.dp);
        reserved += graphs * 3 + (graphBs > 300 ? graphs * 1.5 : 0.0);
    }
    if (gpuMiB > 60 * 1024) {
        reserved = std::max(reserved, 10.0 * 1024);
    }
    // After the floor: the draft model and its CUDA graphs.
    const SglangRules &rules = sglangRules(in.rules);
    if (in.standaloneDraft) {
        reserved += rules.standaloneReserveMiB;
    } else if (in.speculative) {
        reserved += rules.eagleReserveMiB;
    }
    return std::round((gpuMiB - reserved) / gpuMiB * 1000.0) / 1000.0;
}

SglangGpuDefaults sglangGpuDefaults(double gpuMiB, std::uint32_t tp, SglangProfile rules) {
    if (rules >= SglangProfile::V05 || !(gpuMiB > 0)) {
        return sglangGpuDefaults(gpuMiB, tp);
    }
    const bool tiers = rules >= SglangProfile::V0471; // PR #7054's memory tiers
    SglangGpuDefaults d;
    if (tiers) {
        d.chunkedPrefillSize = gpuMiB < 35 * 1024 ? 2048 : gpuMiB < 160 * 1024 ? 8192 : 16384;
    } else {
        d.chunkedPrefillSize = rules == SglangProfile::V047 && gpuMiB > 180000 ? 16384
                               : gpuMiB < 25000                                ? 2048
                                                                               : 8192;
    }
    if (gpuMiB < (tiers ? 35 * 1024 : 25000)) {
        d.cudaGraphMaxBs = tp >= 4 ? 80 : 8;
        return d;
    }
    // Unset on larger GPUs from v0.4.5.post3: the runner's capture list decides.
    d.cudaGraphMaxBs = 160;
    if (rules >= SglangProfile::V0453) {
        const double over256 = rules >= SglangProfile::V0471   ? 90 * 1024
                               : rules >= SglangProfile::V0462 ? 96 * 1024
                                                               : 81920;
        if (gpuMiB > over256) {
            d.cudaGraphMaxBs = 256;
        }
        if ((rules >= SglangProfile::V0471 && gpuMiB > 160000) ||
            (rules == SglangProfile::V047 && gpuMiB > 180000)) {
            d.cudaGraphMaxBs = 512;
        }
    }
    return d;
}

double sglangVisionFractionFactor(const ModelSpec &model, SglangProfile rules) {
    if (rules < SglangProfile::V049 || !hasVisionTower(model)) {
        return 1.0;
    }
    return rules < SglangProfile::V0493 ? 0.90 : sglangVisionFractionFactor(model);
}

double sglangAiterFractionFactor(const GpuSpec &gpu, std::uint64_t contextTokens,
                                 SglangProfile rules) {
    const bool amd = gpu.vendor == "AMD";
    return amd && rules >= SglangProfile::V0514 && contextTokens > kSglangAiterDerateContext
               ? kSglangAiterDerate
               : 1.0;
}

double sglangRunnerFractionFactor(const ModelSpec &model, SglangProfile rules) {
    if (rules >= SglangProfile::V049 || !hasVisionTower(model)) {
        return 1.0;
    }
    return rules < SglangProfile::V0444 ? 0.95 : 0.90;
}

} // namespace hostplan
