// SPDX-License-Identifier: MIT
// GGUF model import: a GGUF header (import/gguf.h) to a ModelSpec, with exact stored bytes
// per tensor group and per decoder layer from the tensor table (never from a precision
// estimate), and the architecture from the metadata llama.cpp reads.
//
// Metadata keys (llama.cpp src/llama-arch.cpp LLM_KV_NAMES, gguf-py/gguf/constants.py Keys;
// "<arch>" is general.architecture): <arch>.block_count, .embedding_length,
// .feed_forward_length (scalar or per layer), .context_length, .attention.head_count and
// .attention.head_count_kv (scalar or per-layer array; a 0 marks a recurrent layer),
// .attention.key_length / .value_length (default embedding_length / head_count),
// .attention.sliding_window, .attention.kv_lora_rank (MLA), .rope.dimension_count,
// .expert_count, .expert_used_count, .expert_shared_count, .expert_feed_forward_length,
// .ssm.* (recurrent layers), tokenizer.ggml.tokens (its length is the vocabulary; else
// <arch>.vocab_size or token_embd's rows).
//
// Tensor roles from llama.cpp's tensor names (llama-arch.cpp LLM_TENSOR_NAMES): token_embd
// (input embedding, kept on the CPU by llama.cpp), output (LM head; absent when tied),
// blk.N.*_exps (routed experts), *_shexp (shared experts), ffn_gate_inp / exp_probs_b
// (router), blk.N.attn_* / ssm_* (attention), blk.N.ffn_* (dense MLP), 1-D tensors and *norm*
// (norms). A tensor of a block at or past block_count is refused, as llama.cpp's loader
// refuses it ("wrong number of tensors"); converters count nextn / MTP blocks in block_count.
#pragma once

#include "import/gguf.h"
#include "model/modelspec.h"
#include "util/result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace hostplan {

/// The ModelSpec of a parsed GGUF model. `source` names the file in errors and in
/// ModelSpec::source. Errors name the file and the metadata key ("m.gguf:
/// llama.block_count: missing", "m.gguf: llama.attention.head_count_kv: array of 30 values
/// for 32 layers").
Result<ModelSpec> ggufToModelSpec(const gguf::Model &model, const std::string &source);

/// Reads `path` (one .gguf file or any part of a split set) and imports it.
Result<ModelSpec> importGguf(const std::filesystem::path &path);

/// True when `path` names a GGUF file by its extension (".gguf", any case).
bool isGgufPath(const std::filesystem::path &path);
/// True when a --model reference is a GGUF model: a .gguf path or an Ollama name
/// ("ollama:qwen3:14b", import/ollama.h).
bool isGgufModelRef(std::string_view ref);

} // namespace hostplan
