// SPDX-License-Identifier: MIT
// Import a ModelSpec from a real Hugging Face config.json, with architecture-aware parameter
// counting (total and active) and the checkpoint's own number formats (torch_dtype / dtype plus
// quantization_config), so that weightBytes() matches the published checkpoint.
//
// Supported model_type values: llama, mistral, qwen2, qwen3 (dense GQA); mixtral, qwen3_moe
// (MoE); deepseek_v3, kimi_k2 (MLA + MoE with shared experts, first_k_dense_replace dense
// layers); gpt_oss (MoE, alternating sliding window, MXFP4 experts); kimi_linear (KDA + MLA
// hybrid); qwen3_next (Gated DeltaNet hybrid); kimi_k3 (multimodal wrapper, language model under
// text_config, latent MoE, 1-based linear_attn_config layer lists); nemotron_h (Mamba2 /
// attention / MLP / MoE blocks, latent MoE). Any other model_type is read
// by the generic importer (import/arch_generic.cpp), which names the key it cannot read.
//
// Golden counts: ../shared/reference/model-facts.md and kimi-k3-facts.md.
#pragma once

#include "model/modelspec.h"
#include "util/result.h"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {

/// Parse config.json text and import it. `source` names the origin (path or catalogue id) and
/// goes into ModelSpec::source and error messages. Errors name the missing / bad field, e.g.
/// "text_config.hidden_size: missing" or "layer_types[3]: unknown layer type 'mamba'".
/// `hfQuantConfigText`, when not empty, is a ModelOpt hf_quant_config.json that sits beside
/// the config (import/modelopt.h); it applies when the config has no quantization_config.
/// Infinity / NaN literals read as absent, with a note naming their keys.
Result<ModelSpec> importHfConfigText(std::string_view jsonText, const std::string &source,
                                     std::string_view hfQuantConfigText = {});

/// Progress and cancellation of an import from a path (a checkpoint of many shards). Both are
/// optional and used on the importing thread.
struct ImportOptions {
    /// Called after each file is read with (files read, files to read): done runs 1..total and
    /// never decreases; total counts config.json, hf_quant_config.json when present, and the
    /// index or else each *.safetensors shard.
    std::function<void(std::size_t done, std::size_t total)> progress;
    /// Set (from any thread) to stop: looked at before each file and every
    /// importer::kCancelCheckEvery names of an index or header. The import then returns the
    /// error kImportCancelled ("import cancelled", import/safetensors.h) and changes nothing.
    const std::atomic<bool> *cancel = nullptr;
};

/// Import from a path (a .gguf file, or any part of a split .gguf set: import/ggufimport.h), or
/// from a Hugging Face Hub id ("org/name[@rev]") that is no existing path, through the local Hub
/// cache (import/hubcache.h): a config.json file; a folder that holds one (refined by its
/// model.safetensors.index.json, or else by the headers of its *.safetensors files); a
/// model.safetensors.index.json or a .safetensors file whose folder holds a config.json. A
/// ModelOpt hf_quant_config.json beside the config.json gives the stored formats.
/// A checkpoint size more than 4x away from what the config implies is an error (another
/// model's files, or a corrupt index).
/// `options`: progress and cancellation (ImportOptions).
Result<ModelSpec> importModelPath(const std::filesystem::path &path,
                                  const ImportOptions &options = {});

/// The model_type values importHfConfigText accepts.
std::vector<std::string> supportedArchitectures();

} // namespace hostplan
