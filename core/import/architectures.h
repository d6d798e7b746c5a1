// SPDX-License-Identifier: MIT
// The Hugging Face architectures the importer knows: one table from config.json model_type to
// the builder function of its architecture file (arch_*.cpp). A new architecture is one new file
// using the public builder API (import/modelbuilder.h) and the shared helpers
// (import/archcommon.h), plus one row in architectures.cpp.
#pragma once

#include "import/configreader.h"
#include "import/modelbuilder.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan::importer {

/// Reads one architecture's config (`config` is the top level, `modelType` its model_type) into
/// the builder: dimensions, pieces, layers, experts. Returns the object that holds the language
/// model's dtype and quantization_config when that is not the top level (a multimodal wrapper's
/// text_config), else nullopt. Throws ImportFailure naming the field.
using ArchitectureBuilder = std::optional<ConfigReader> (*)(const ConfigReader &config,
                                                            const std::string &modelType,
                                                            ModelBuilder &b);

/// One row of the table.
struct Architecture {
    std::string_view modelType; ///< config.json model_type
    ArchitectureBuilder build;
    /// The builder also reads this language model inside a multimodal wrapper the table does
    /// not list (its text_config / llm_config, e.g. NemotronH_Nano_VL_V2 around nemotron_h):
    /// recurrent and hybrid layouts and Step3, which the generic reader refuses (buildGeneric).
    bool readsWrapped = false;
    /// The model class its config.json names in architectures[0] ("DeepseekV4ForCausalLM"),
    /// by which the engines pick the model (vLLM model_executor/models/registry.py resolves
    /// architectures, not model_type); empty where the generic reader serves other model_types
    /// of the same class as well (the Llama family, DeepSeek-V3).
    std::string_view modelClass = {};
};

/// Every supported architecture, in the order supportedArchitectures() lists them.
const std::vector<Architecture> &architectureTable();

/// The row for `modelType`, or nullptr.
const Architecture *findArchitecture(std::string_view modelType);
/// The row whose modelClass is `modelClass` (a config's architectures[0]), or nullptr; for a
/// model_type the table does not list (DeepSeek V4's release config says "deepseek_ref").
const Architecture *findArchitectureByClass(std::string_view modelClass);

// The builders, one family per file.
/// llama, mistral, qwen2, qwen3, mixtral, qwen3_moe (arch_llama.cpp).
std::optional<ConfigReader> buildLlamaFamily(const ConfigReader &c, const std::string &arch,
                                             ModelBuilder &b);
/// deepseek_v3, kimi_k2 (arch_deepseek.cpp).
std::optional<ConfigReader> buildDeepseekV3(const ConfigReader &c, const std::string &arch,
                                            ModelBuilder &b);
/// deepseek_v4: compressed attention, hyper-connections, hash-routed MoE (arch_deepseekv4.cpp).
std::optional<ConfigReader> buildDeepseekV4(const ConfigReader &c, const std::string &arch,
                                            ModelBuilder &b);
/// gpt_oss (arch_gptoss.cpp).
std::optional<ConfigReader> buildGptOss(const ConfigReader &c, const std::string &arch,
                                        ModelBuilder &b);
/// kimi_linear (arch_kimi.cpp).
std::optional<ConfigReader> buildKimiLinear(const ConfigReader &c, const std::string &arch,
                                            ModelBuilder &b);
/// kimi_k3: the multimodal wrapper around a kimi_linear language model (arch_kimi.cpp).
std::optional<ConfigReader> buildKimiK3(const ConfigReader &c, const std::string &arch,
                                        ModelBuilder &b);
/// Any other decoder-only transformer config, read from the shared keys; the fallback for a
/// model_type the table does not list (arch_generic.cpp).
std::optional<ConfigReader> buildGeneric(const ConfigReader &c, const std::string &arch,
                                         ModelBuilder &b);
/// qwen3_next (arch_qwen3next.cpp).
std::optional<ConfigReader> buildQwen3Next(const ConfigReader &c, const std::string &arch,
                                           ModelBuilder &b);
/// nemotron-nas: Llama-Nemotron Super / Ultra, a per-layer block_configs of attention and
/// MLP shapes (arch_nemotronnas.cpp).
std::optional<ConfigReader> buildNemotronNas(const ConfigReader &config,
                                             const std::string &modelType, ModelBuilder &b);
/// step3_text: Step3's low-rank-query attention with one KV head and MoE (arch_step3.cpp).
std::optional<ConfigReader> buildStep3(const ConfigReader &config, const std::string &modelType,
                                       ModelBuilder &b);
/// longcat_flash: two MLA sublayers and two MLPs per layer beside a MoE with zero-computation
/// experts (arch_longcat.cpp).
std::optional<ConfigReader> buildLongcatFlash(const ConfigReader &config,
                                              const std::string &modelType, ModelBuilder &b);
/// nemotron_h: Mamba2 / attention / MLP / MoE hybrid blocks (arch_nemotronh.cpp).
std::optional<ConfigReader> buildNemotronH(const ConfigReader &c, const std::string &arch,
                                           ModelBuilder &b);

/// granitemoehybrid: Granite 4.0's Mamba2 / attention layers with MoE and shared MLP
/// (arch_granite.cpp).
std::optional<ConfigReader> buildGraniteMoeHybrid(const ConfigReader &c, const std::string &arch,
                                                  ModelBuilder &b);
/// mamba, falcon_mamba: pure Mamba stacks (arch_mamba.cpp).
std::optional<ConfigReader> buildMamba(const ConfigReader &c, const std::string &arch,
                                       ModelBuilder &b);
/// bamba: Mamba2 layers with attention at attn_layer_indices, each with a dense MLP
/// (arch_granite.cpp).
std::optional<ConfigReader> buildBamba(const ConfigReader &c, const std::string &arch,
                                       ModelBuilder &b);

/// falcon_h1: attention and a Mamba2 mixer side by side in every layer (arch_falconh1.cpp).
std::optional<ConfigReader> buildFalconH1(const ConfigReader &c, const std::string &arch,
                                          ModelBuilder &b);

/// jamba: Mamba / attention layers with MoE on alternate layers (arch_jamba.cpp).
std::optional<ConfigReader> buildJamba(const ConfigReader &c, const std::string &arch,
                                       ModelBuilder &b);
/// mamba2: pure Mamba2 stacks (arch_mamba.cpp).
std::optional<ConfigReader> buildMamba2(const ConfigReader &c, const std::string &arch,
                                        ModelBuilder &b);

} // namespace hostplan::importer
