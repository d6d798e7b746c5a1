// SPDX-License-Identifier: MIT
// The state-space mixers that several architecture files share: Mamba2 (Nemotron-H, Granite 4.0
// H, Mamba-Codestral) and Mamba (Mamba, Falcon Mamba). Each family spells the same sizes with
// its own config keys, so the readers take the key names.
//
// Sources: vLLM vllm/model_executor/layers/mamba/mamba_mixer2.py (MambaMixer2) and
// mamba_mixer.py (MambaMixer) at 8744bb0924a53c0d16867426b8b17428d41e4002, with the state shapes
// of vllm/model_executor/layers/mamba/mamba_utils.py (MambaStateShapeCalculator.mamba2_state_shape
// / mamba1_state_shape); the checkpoint tensors of transformers' MambaMixer (models/mamba) and
// Mamba2Mixer (models/mamba2).
#pragma once

#include "import/configreader.h"
#include "import/modelbuilder.h"

#include <cstdint>
#include <string>

namespace hostplan::importer {

/// The config keys that hold one family's Mamba2 sizes (a key absent from a family: nullptr),
/// and the defaults its transformers config class gives an omitted key (0: required).
struct Mamba2Keys {
    const char *heads;    ///< SSM heads
    const char *headDim;  ///< SSM head dim
    const char *state;    ///< SSM state size per head
    const char *groups;   ///< B / C groups (must divide the heads)
    const char *kernel;   ///< causal conv kernel width
    const char *expand;   ///< inner width = expand x hidden_size, which must be heads x head dim
    const char *projBias; ///< in_proj / out_proj biases (default false)
    const char *convBias; ///< conv1d bias (default true)
    const char *configClass = nullptr; ///< the config class named in a default's note
    std::uint64_t headsDefault = 0, headDimDefault = 0, stateDefault = 0, groupsDefault = 0,
                  kernelDefault = 0;
    /// The head dim may be "auto" (or absent): inner width / heads.
    bool headDimAuto = false;
    /// The key of an inner width given in place of expand x hidden_size (Falcon-H1's
    /// mamba_d_ssm: null means expand x hidden_size, absent innerDefault); nullptr: none.
    const char *inner = nullptr;
    std::uint64_t innerDefault = 0;
    /// The flag of the gated RMS norm (Falcon-H1's mamba_rms_norm, default false); nullptr:
    /// the mixer always has it.
    const char *rmsNorm = nullptr;
};

/// falcon_h1's keys and FalconH1Config's defaults (transformers configuration_falcon_h1.py
/// @ 020a37d2: mamba_d_ssm 1024, 128 heads, head dim "auto", state 256, 1 group, kernel 4,
/// mamba_rms_norm false).
inline constexpr Mamba2Keys kFalconH1MambaKeys{"mamba_n_heads",
                                               "mamba_d_head",
                                               "mamba_d_state",
                                               "mamba_n_groups",
                                               "mamba_d_conv",
                                               "mamba_expand",
                                               "mamba_proj_bias",
                                               "mamba_conv_bias",
                                               "FalconH1Config",
                                               128,
                                               0,
                                               256,
                                               1,
                                               4,
                                               true,
                                               "mamba_d_ssm",
                                               1024,
                                               "mamba_rms_norm"};

/// nemotron_h's keys (NemotronHConfig: no expand key; the inner width is heads x head dim).
inline constexpr Mamba2Keys kNemotronHMambaKeys{
    "mamba_num_heads", "mamba_head_dim", "ssm_state_size", "n_groups",
    "conv_kernel",     nullptr,          "use_bias",       "use_conv_bias"};
/// granitemoehybrid's keys and GraniteMoeHybridConfig's defaults (transformers
/// configuration_granitemoehybrid.py: 128 heads, head dim "auto", state 256, 1 group, kernel 4).
inline constexpr Mamba2Keys kGraniteMambaKeys{"mamba_n_heads",
                                              "mamba_d_head",
                                              "mamba_d_state",
                                              "mamba_n_groups",
                                              "mamba_d_conv",
                                              "mamba_expand",
                                              "mamba_proj_bias",
                                              "mamba_conv_bias",
                                              "GraniteMoeHybridConfig",
                                              128,
                                              0,
                                              256,
                                              1,
                                              4,
                                              true};
/// mamba2's keys and Mamba2Config's defaults (128 heads of 64, state 128, 8 groups, kernel 4).
inline constexpr Mamba2Keys kMamba2Keys{"num_heads",
                                        "head_dim",
                                        "state_size",
                                        "n_groups",
                                        "conv_kernel",
                                        "expand",
                                        "use_bias",
                                        "use_conv_bias",
                                        "Mamba2Config",
                                        128,
                                        64,
                                        128,
                                        8,
                                        4,
                                        false};

/// One Mamba2 mixer's sizes (MambaMixer2).
struct Mamba2Shape {
    std::uint64_t heads = 0, headDim = 0, state = 0, groups = 0, kernel = 0;
    std::uint64_t inner = 0;   ///< heads x headDim
    std::uint64_t convDim = 0; ///< inner + 2 x groups x state
    bool projBias = false, convBias = true;
    bool gatedNorm = true; ///< the gated RMS norm's weight [inner]
};

/// Reads the sizes under `keys`: a key with a class default may be omitted (a note names it);
/// expand defaults to 2 as in the transformers config classes. The inner width is keys.inner's
/// where the family has one, else expand x hidden_size. Errors, naming the key: groups not
/// dividing the heads, heads not dividing an "auto" head dim's inner width, the inner width
/// differing from heads x head dim, a conv kernel over 64, or a state of one sequence in
/// `mambaLayers` layers over kMaxParams bytes.
Mamba2Shape readMamba2(const ConfigReader &c, ModelBuilder &b, const Mamba2Keys &keys,
                       std::uint64_t hidden, std::uint64_t mambaLayers);

/// Adds `n` Mamba2 mixers under `at` ("backbone.layers.N.mixer."): in_proj [inner + convDim +
/// heads, H] (+ bias), conv1d [convDim, kernel] (+ bias), dt_bias / A_log / D [heads], the gated
/// norm [inner], out_proj [H, inner] (+ bias). H is the builder's hidden size.
void addMamba2Mixers(ModelBuilder &b, const std::string &at, const Mamba2Shape &m, std::uint64_t n);

/// Adds one Mamba2 layer's cache to the builder's layer list: heads x headDim x state recurrent
/// state and convDim x (kernel - 1) conv window per sequence, split by heads under TP.
void addMamba2Layer(ModelBuilder &b, const Mamba2Shape &m);

/// The config keys that hold one family's Mamba (v1) sizes (nullptr: absent in the family).
struct Mamba1Keys {
    const char *inner;    ///< inner width (else expand x hidden_size)
    const char *expand;   ///< expand (default 2)
    const char *state;    ///< SSM state size
    const char *kernel;   ///< causal conv kernel width
    const char *dtRank;   ///< time-step rank: an integer or "auto" (ceil(hidden_size / 16))
    const char *projBias; ///< in_proj / out_proj biases (default false)
    const char *convBias; ///< conv1d bias (default true)
    bool innerNorms;      ///< RMS norms with weights on dt [dtRank] and B, C [state] (Jamba)
};

/// mamba's and falcon_mamba's keys (MambaConfig, FalconMambaConfig; Falcon Mamba's B / C / dt
/// norms have no weights).
inline constexpr Mamba1Keys kMamba1Keys{
    "intermediate_size", "expand",   "state_size",    "conv_kernel",
    "time_step_rank",    "use_bias", "use_conv_bias", false};
/// jamba's keys (JambaConfig).
inline constexpr Mamba1Keys kJambaMambaKeys{
    nullptr,         "mamba_expand",    "mamba_d_state",   "mamba_d_conv",
    "mamba_dt_rank", "mamba_proj_bias", "mamba_conv_bias", true};

/// One Mamba (v1) mixer's sizes (MambaMixer).
struct Mamba1Shape {
    std::uint64_t inner = 0;  ///< inner channels (expand x hidden_size)
    std::uint64_t state = 0;  ///< SSM state size
    std::uint64_t kernel = 0; ///< conv kernel
    std::uint64_t dtRank = 0; ///< time-step rank
    bool projBias = false, convBias = true, innerNorms = false;
};

/// Reads the sizes under `keys` for `mambaLayers` layers. Errors, naming the key: a dt rank
/// that is neither an integer nor "auto", a conv kernel over 64, a state of one sequence over
/// kMaxParams bytes.
Mamba1Shape readMamba1(const ConfigReader &c, const Mamba1Keys &keys, std::uint64_t hidden,
                       std::uint64_t mambaLayers);

/// Adds `n` Mamba mixers under `at`: in_proj [2 x inner, H] (+ bias), conv1d [inner, kernel]
/// (+ bias), x_proj [dtRank + 2 x state, inner], dt_proj [inner, dtRank] + bias [inner], A_log
/// [inner, state], D [inner], out_proj [H, inner] (+ bias); with innerNorms dt_layernorm
/// [dtRank], b_layernorm and c_layernorm [state].
void addMamba1Mixers(ModelBuilder &b, const std::string &at, const Mamba1Shape &m, std::uint64_t n);

/// Adds one Mamba layer's cache: inner x state recurrent state and inner x (kernel - 1) conv
/// window per sequence, split by inner channels under TP.
void addMamba1Layer(ModelBuilder &b, const Mamba1Shape &m);

} // namespace hostplan::importer
