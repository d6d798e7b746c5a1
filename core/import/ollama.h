// SPDX-License-Identifier: MIT
// Ollama model names ("qwen3:14b", "user/model:tag", "host/namespace/model:tag") resolved
// offline to the GGUF blob Ollama keeps on disk, so that `--model ollama:qwen3:14b` plans the
// file Ollama would run:
//   <models>/manifests/<host>/<namespace>/<model>/<tag>    a JSON manifest; its layer with
//                                                          mediaType
//                                                          application/vnd.ollama.image.model
//                                                          names the weights by digest
//   <models>/blobs/sha256-<hex>                            the GGUF file
// with host "registry.ollama.ai", namespace "library" and tag "latest" by default, and <models>
// = OLLAMA_MODELS, else ~/.ollama/models (ollama types/model/name.go, server/modelpath.go; a
// Linux service install keeps them in /usr/share/ollama/.ollama/models: set OLLAMA_MODELS).
#pragma once

#include "util/result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace hostplan::importer {

/// The prefix that marks an Ollama name in --model ("ollama:qwen3:14b").
inline constexpr std::string_view kOllamaPrefix = "ollama:";

/// OLLAMA_MODELS, else $HOME/.ollama/models.
std::filesystem::path ollamaModelsDir();

/// The GGUF blob of `name` (without the prefix) under `modelsDir`. Errors name the name and
/// what is missing (manifest, model layer, blob) or malformed (a name part with '/' tricks, a
/// digest that is not sha256 hex).
Result<std::filesystem::path> resolveOllamaModel(std::string_view name,
                                                 const std::filesystem::path &modelsDir);

} // namespace hostplan::importer
