// SPDX-License-Identifier: MIT
// SGLang on AMD GPUs: the AITER attention backend's silent cut of mem_fraction_static.
#pragma once

#include "engine/engine.h"
#include "model/hardware.h"

#include <cstdint>

namespace hostplan {

/// The factor SGLang applies to mem_fraction_static on an AMD GPU, whose attention backend is
/// AITER by default, when the served context is above kSglangAiterDerateContext tokens:
/// kSglangAiterDerate, given or default, before the KV pool is sized (server_args.py
/// handle_attention_backend_compatibility, later arg_groups/attention_hook.py: `if
/// attention_backend == "aiter" and context_len > 8192: mem_fraction_static *= 0.85`, as
/// sgl-project/sglang PRs #25199 and #37130 quote it; PR #37242 of 2026-08-31 keeps it the
/// default, an explicit value honoured only with SGLANG_AITER_HONOR_EXPLICIT_MEM_FRACTION=1).
/// Read for the v0.5.14 rules (the releases of 2026 whose ROCm logs show it); 1 for older rule
/// sets, NVIDIA GPUs and contexts up to 8192.
double sglangAiterFractionFactor(const GpuSpec &gpu, std::uint64_t contextTokens,
                                 SglangProfile rules);

/// SGLang's AITER cut of mem_fraction_static (sglangAiterFractionFactor).
inline constexpr double kSglangAiterDerate = 0.85;
/// The served context above which the AITER cut applies, tokens.
inline constexpr std::uint64_t kSglangAiterDerateContext = 8192;

} // namespace hostplan
