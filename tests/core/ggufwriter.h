// SPDX-License-Identifier: MIT
// A tiny GGUF header writer for tests (the format of ggml's docs/gguf.md, little-endian): build
// headers that mirror published files' metadata and tensor tables without their data, and
// malformed ones. Also the Llama-3.1-8B Q4_K_M layout shared by tst_gguf and tst_llamacpp, and
// the Qwen3-30B-A3B Q4_K_M and gpt-oss-20b MXFP4 layouts of the MoE golden rows.
#pragma once

#include "import/ggmltypes.h"
#include "import/gguf.h"
#include "import/ggufimport.h"

#include <QtGlobal>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace ggufwriter {

/// Little-endian byte sink.
struct Bytes {
    std::string data;
    template <typename T> Bytes &put(T v) {
        char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        data.append(b, sizeof(T));
        return *this;
    }
    Bytes &str(const std::string &s) {
        put<std::uint64_t>(s.size());
        data += s;
        return *this;
    }
};

/// One tensor info to write.
struct Tensor {
    std::string name;
    std::vector<std::uint64_t> dims;
    std::string type; ///< ggml type name
};

/// A GGUF header: key-values appended as raw typed bytes, tensors with offsets laid out in
/// order at the alignment. `build()` returns the header padded to the data section.
class Writer {
  public:
    std::uint32_t version = 3;
    std::uint32_t alignment = 32;

    Writer &u32(const std::string &key, std::uint32_t v) {
        kv(key, 4).put(v);
        return *this;
    }
    Writer &u64(const std::string &key, std::uint64_t v) {
        kv(key, 10).put(v);
        return *this;
    }
    Writer &f32(const std::string &key, float v) {
        kv(key, 6).put(v);
        return *this;
    }
    Writer &string(const std::string &key, const std::string &v) {
        kv(key, 8).str(v);
        return *this;
    }
    /// An array of `n` strings named "t<i>" (a vocabulary stand-in).
    Writer &stringArray(const std::string &key, std::uint64_t n) {
        kv(key, 9).put<std::uint32_t>(8).put<std::uint64_t>(n);
        for (std::uint64_t i = 0; i < n; ++i) {
            m_kv.str("t" + std::to_string(i));
        }
        return *this;
    }
    /// An int32 array (per-layer head counts).
    Writer &i32Array(const std::string &key, const std::vector<std::int32_t> &v) {
        kv(key, 9).put<std::uint32_t>(5).put<std::uint64_t>(v.size());
        for (auto x : v) {
            m_kv.put(x);
        }
        return *this;
    }
    Writer &boolean(const std::string &key, bool v) {
        kv(key, 7).put<std::uint8_t>(v ? 1 : 0);
        return *this;
    }
    /// A bool array (per-layer flags).
    Writer &boolArray(const std::string &key, const std::vector<bool> &v) {
        kv(key, 9).put<std::uint32_t>(7).put<std::uint64_t>(v.size());
        for (const bool x : v) {
            m_kv.put<std::uint8_t>(x ? 1 : 0);
        }
        return *this;
    }
    Writer &tensor(Tensor t) {
        m_tensors.push_back(std::move(t));
        return *this;
    }
    /// One f32 attention norm of `width` per block 0..blocks-1 ("blk.N.attn_norm.weight"): the
    /// least a metadata-shaped header needs to load (llama.cpp stops at a block with none).
    Writer &blockNorms(std::uint64_t blocks, std::uint64_t width) {
        for (std::uint64_t i = 0; i < blocks; ++i) {
            tensor({"blk." + std::to_string(i) + ".attn_norm.weight", {width}, "f32"});
        }
        return *this;
    }
    /// Raw bytes after the key-values written so far, counted as `extraKv` more key-values.
    Writer &raw(const std::string &bytes, std::uint64_t extraKv) {
        m_kv.data += bytes;
        m_nKv += extraKv;
        return *this;
    }

    /// Tensors written so far.
    std::size_t tensorCount() const { return m_tensors.size(); }
    /// Sum of the tensors' bytes (ggml type table).
    std::uint64_t tensorBytes() const {
        std::uint64_t s = 0;
        for (const auto &t : m_tensors) {
            s += bytesOf(t);
        }
        return s;
    }
    /// The header, padded to the alignment (the data section would follow).
    std::string build() const {
        Bytes b;
        b.data = "GGUF";
        b.put(version).put<std::uint64_t>(m_tensors.size()).put<std::uint64_t>(m_nKv);
        b.data += m_kv.data;
        std::uint64_t offset = 0;
        for (const auto &t : m_tensors) {
            b.str(t.name).put<std::uint32_t>(std::uint32_t(t.dims.size()));
            for (auto d : t.dims) {
                b.put(d);
            }
            b.put<std::uint32_t>(hostplan::gguf::ggmlTypeByName(t.type)->id).put(offset);
            offset += (bytesOf(t) + alignment - 1) / alignment * alignment;
        }
        while (b.data.size() % alignment) {
            b.data.push_back('\0');
        }
        return b.data;
    }
    /// build().size() plus every tensor's padded data: the size of the whole file.
    std::uint64_t fileSize() const {
        std::uint64_t s = build().size();
        for (const auto &t : m_tensors) {
            s += (bytesOf(t) + alignment - 1) / alignment * alignment;
        }
        return s;
    }

  private:
    static std::uint64_t bytesOf(const Tensor &t) {
        return *hostplan::gguf::ggmlTensorBytes(*hostplan::gguf::ggmlTypeByName(t.type), t.dims);
    }
    Bytes &kv(const std::string &key, std::uint32_t type) {
        ++m_nKv;
        m_kv.str(key).put(type);
        return m_kv;
    }
    Bytes m_kv;
    std::uint64_t m_nKv = 0;
    std::vector<Tensor> m_tensors;
};

/// A Gemma-3-shaped header (metadata only): 12 layers, hidden 1152, 4 heads, 1 KV head of 256,
/// sliding window 512 (llama.cpp's gemma3 pattern: five of every six layers), vocab 262144.
inline Writer gemma3SlidingWindow() {
    Writer w;
    w.string("general.architecture", "gemma3")
        .u32("gemma3.block_count", 12)
        .u32("gemma3.embedding_length", 1152)
        .u32("gemma3.attention.head_count", 4)
        .u32("gemma3.attention.head_count_kv", 1)
        .u32("gemma3.attention.key_length", 256)
        .u32("gemma3.attention.sliding_window", 512)
        .u32("gemma3.vocab_size", 262144)
        .blockNorms(12, 1152);
    return w;
}

/// google/gemma-3-4b-it's language model as convert_hf_to_gguf.py writes it in f16 (config.json
/// text_config: 34 layers, hidden 2560, 8 heads, 4 KV heads of 256, FFN 10240, sliding window
/// 1024, vocab 262208, context 131072, tied embeddings): matrices f16, norms (attention, q / k,
/// post-attention, FFN, post-FFN, output) f32, no output.weight. The vocabulary is taken from
/// token_embd (no tokenizer array is written).
inline Writer gemma3_4b_f16() {
    Writer w;
    const std::uint64_t n = 34, h = 2560, hd = 256, q = 8 * hd, kv = 4 * hd, ff = 10240, v = 262208;
    w.string("general.architecture", "gemma3")
        .string("general.name", "Gemma 3 4b It")
        .u32("gemma3.block_count", std::uint32_t(n))
        .u32("gemma3.context_length", 131072)
        .u32("gemma3.embedding_length", std::uint32_t(h))
        .u32("gemma3.feed_forward_length", std::uint32_t(ff))
        .u32("gemma3.attention.head_count", 8)
        .u32("gemma3.attention.head_count_kv", 4)
        .u32("gemma3.attention.key_length", std::uint32_t(hd))
        .u32("gemma3.attention.value_length", std::uint32_t(hd))
        .u32("gemma3.attention.sliding_window", 1024)
        .u32("general.file_type", 1);
    w.tensor({"token_embd.weight", {h, v}, "f16"});
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.tensor({p + "attn_norm.weight", {h}, "f32"});
        w.tensor({p + "attn_q.weight", {h, q}, "f16"});
        w.tensor({p + "attn_k.weight", {h, kv}, "f16"});
        w.tensor({p + "attn_v.weight", {h, kv}, "f16"});
        w.tensor({p + "attn_q_norm.weight", {hd}, "f32"});
        w.tensor({p + "attn_k_norm.weight", {hd}, "f32"});
        w.tensor({p + "attn_output.weight", {q, h}, "f16"});
        w.tensor({p + "post_attention_norm.weight", {h}, "f32"});
        w.tensor({p + "ffn_norm.weight", {h}, "f32"});
        w.tensor({p + "ffn_gate.weight", {h, ff}, "f16"});
        w.tensor({p + "ffn_up.weight", {h, ff}, "f16"});
        w.tensor({p + "ffn_down.weight", {ff, h}, "f16"});
        w.tensor({p + "post_ffw_norm.weight", {h}, "f32"});
    }
    w.tensor({"output_norm.weight", {h}, "f32"});
    return w;
}

/// A Llama-3-shaped dense model as llama-quantize's K-quant "_M" mixes store it (llama.cpp
/// src/llama-quant.cpp @ 681149ced2582f48c24792403df1307fed5eb951, llama_tensor_get_type: attn_v
/// and ffn_down in q6_K on the "use_more_bits" layers i < n/8,
/// i >= 7n/8 and (i - n/8) % 3 == 2, else the base type, attn_v of a 70B model (8 heads share
/// one V) at least q5_K; output q6_K; token_embd and the other projections in the base type;
/// norms and rope_freqs f32; a K-quant tensor whose rows are not whole 256-element blocks in
/// the narrower type llama-quantize falls back to).
struct DenseShape {
    std::string arch = "llama";
    std::string name;
    std::uint64_t layers = 0, hidden = 0, heads = 0, kvHeads = 0, headDim = 128, ffn = 0, vocab = 0,
                  context = 0;
    bool ropeFreqs = false;  ///< Llama 3.1's rope_freqs tensor
    bool qkvBias = false;    ///< Qwen2's q/k/v biases
    bool vAtLeastQ5 = false; ///< a 70B model's attn_v rule
    std::uint32_t fileType = 15;
};

/// `shape` stored with base type `base` ("q4_K" for Q4_K_M, "q5_K" for Q5_K_M); `vocabStrings`
/// vocabulary strings are written (pass a small count for speed; the tensors keep the real
/// vocabulary).
inline Writer denseKQuantM(const DenseShape &d, const std::string &base,
                           std::uint64_t vocabStrings) {
    Writer w;
    const std::string a = d.arch;
    w.string("general.architecture", a)
        .string("general.name", d.name)
        .u32(a + ".block_count", std::uint32_t(d.layers))
        .u32(a + ".context_length", std::uint32_t(d.context))
        .u32(a + ".embedding_length", std::uint32_t(d.hidden))
        .u32(a + ".feed_forward_length", std::uint32_t(d.ffn))
        .u32(a + ".attention.head_count", std::uint32_t(d.heads))
        .u32(a + ".attention.head_count_kv", std::uint32_t(d.kvHeads))
        .f32(a + ".rope.freq_base", 500000.0f)
        .u32(a + ".rope.dimension_count", std::uint32_t(d.headDim))
        .u32("general.file_type", d.fileType)
        .stringArray("tokenizer.ggml.tokens", vocabStrings);
    const std::uint64_t h = d.hidden, q = d.heads * d.headDim, kv = d.kvHeads * d.headDim,
                        ff = d.ffn, v = d.vocab, n = d.layers;
    // A K-quant needs rows of whole 256-element blocks; llama-quantize stores a tensor whose
    // rows are not in a narrower type (llama_tensor_get_type's convert_incompatible_tensor:
    // q4_K -> q5_0, q5_K -> q5_1, q6_K -> q8_0), e.g. Qwen2.5-72B's ffn_down rows of 29568.
    const auto rowFit = [](const std::string &type, std::uint64_t row) -> std::string {
        if (row % 256 == 0) {
            return type;
        }
        return type == "q4_K" ? "q5_0" : type == "q5_K" ? "q5_1" : type == "q6_K" ? "q8_0" : type;
    };
    w.tensor({"token_embd.weight", {h, v}, base});
    if (d.ropeFreqs) {
        w.tensor({"rope_freqs.weight", {d.headDim / 2}, "f32"});
    }
    for (std::uint64_t i = 0; i < n; ++i) {
        const bool more = i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
        const std::string vType = more ? "q6_K" : d.vAtLeastQ5 && base == "q4_K" ? "q5_K" : base;
        const std::string p = "blk." + std::to_string(i) + ".";
        w.tensor({p + "attn_norm.weight", {h}, "f32"});
        w.tensor({p + "attn_q.weight", {h, q}, base});
        w.tensor({p + "attn_k.weight", {h, kv}, base});
        w.tensor({p + "attn_v.weight", {h, kv}, vType});
        if (d.qkvBias) {
            w.tensor({p + "attn_q.bias", {q}, "f32"});
            w.tensor({p + "attn_k.bias", {kv}, "f32"});
            w.tensor({p + "attn_v.bias", {kv}, "f32"});
        }
        w.tensor({p + "attn_output.weight", {q, h}, base});
        w.tensor({p + "ffn_norm.weight", {h}, "f32"});
        w.tensor({p + "ffn_gate.weight", {h, ff}, base});
        w.tensor({p + "ffn_up.weight", {h, ff}, base});
        w.tensor({p + "ffn_down.weight", {ff, h}, rowFit(more ? "q6_K" : base, ff)});
    }
    w.tensor({"output_norm.weight", {h}, "f32"});
    w.tensor({"output.weight", {h, v}, "q6_K"});
    return w;
}

/// Qwen3.6-27B's shape (64 layers, hidden 5120, 24 heads and 4 KV heads of 256; Gated DeltaNet:
/// 16 key heads and 48 value heads of 128, conv kernel 4) as a qwen35 GGUF header: one scalar
/// head_count_kv for every layer, as published conversions write it, with
/// full_attention_interval `interval` (0: the key absent) and, if given, a per-layer
/// attention.recurrent_layers array (llama.cpp's src/models/qwen35.cpp
/// load_arch_hparams reads both).
inline Writer qwen36_27bHeader(std::uint32_t interval, const std::vector<bool> &recurrent = {}) {
    Writer w;
    w.string("general.architecture", "qwen35")
        .u32("qwen35.block_count", 64)
        .u32("qwen35.embedding_length", 5120)
        .u32("qwen35.attention.head_count", 24)
        .u32("qwen35.attention.head_count_kv", 4)
        .u32("qwen35.attention.key_length", 256)
        .u32("qwen35.attention.value_length", 256)
        .u32("qwen35.ssm.state_size", 128)
        .u32("qwen35.ssm.inner_size", 48 * 128)
        .u32("qwen35.ssm.conv_kernel", 4)
        .u32("qwen35.ssm.group_count", 16)
        .u32("qwen35.vocab_size", 248320)
        .blockNorms(64, 5120);
    if (interval) {
        w.u32("qwen35.full_attention_interval", interval);
    }
    if (!recurrent.empty()) {
        w.boolArray("qwen35.attention.recurrent_layers", recurrent);
    }
    return w;
}

/// Meta-Llama-3.1-8B-Instruct's shape (config.json: hidden 4096, 32 layers, 32 heads, 8 KV
/// heads, FFN 14336, vocab 128256, context 131072, rope_freqs).
inline DenseShape llama31_8b() {
    DenseShape d;
    d.name = "Meta Llama 3.1 8B Instruct";
    d.layers = 32;
    d.hidden = 4096;
    d.heads = 32;
    d.kvHeads = 8;
    d.ffn = 14336;
    d.vocab = 128256;
    d.context = 131072;
    d.ropeFreqs = true;
    return d;
}

/// Meta-Llama-3.1-8B-Instruct as llama-quantize's Q4_K_M stores it, with the model's metadata.
inline Writer llama31_8b_q4km(std::uint64_t vocab = 128256) {
    return denseKQuantM(llama31_8b(), "q4_K", vocab);
}

/// Qwen/Qwen3-30B-A3B's shape (config.json: hidden 2048, 48 layers, 32 heads and 4 KV heads of
/// head_dim 128, 128 experts of 768 with 8 per token, no shared expert, vocabulary 151936,
/// max_position_embeddings 40960, untied LM head) as llama-quantize's Q4_K_M stores it
/// (ggml-org/llama.cpp src/llama-quant.cpp @ 681149ced2582f48c24792403df1307fed5eb951,
/// llama_tensor_get_type): attn_v and ffn_down_exps in q6_K on the use_more_bits layers (i <
/// n/8, i >= 7n/8, (i - n/8) % 3 == 2; the expert tensors take their layer from the name),
/// else q4_K; output q6_K; token_embd and the other projections q4_K; ffn_gate_inp (the
/// router, never quantized) and the norms f32. 579 tensors, 18,550,716,416 bytes (17.28 GiB,
/// the size of Qwen/Qwen3-30B-A3B-GGUF's Q4_K_M).
inline Writer qwen3_30b_a3b_q4km(std::uint64_t vocabStrings) {
    const std::uint64_t h = 2048, headDim = 128, q = 32 * headDim, kv = 4 * headDim, ffExp = 768,
                        experts = 128, v = 151936, n = 48;
    Writer w;
    w.string("general.architecture", "qwen3moe")
        .string("general.name", "Qwen3 30B A3B")
        .u32("qwen3moe.block_count", std::uint32_t(n))
        .u32("qwen3moe.context_length", 40960)
        .u32("qwen3moe.embedding_length", std::uint32_t(h))
        .u32("qwen3moe.feed_forward_length", 6144)
        .u32("qwen3moe.attention.head_count", 32)
        .u32("qwen3moe.attention.head_count_kv", 4)
        .u32("qwen3moe.attention.key_length", std::uint32_t(headDim))
        .u32("qwen3moe.attention.value_length", std::uint32_t(headDim))
        .f32("qwen3moe.rope.freq_base", 1000000.0f)
        .u32("qwen3moe.expert_count", std::uint32_t(experts))
        .u32("qwen3moe.expert_used_count", 8)
        .u32("qwen3moe.expert_feed_forward_length", std::uint32_t(ffExp))
        .u32("general.file_type", 15)
        .stringArray("tokenizer.ggml.tokens", vocabStrings);
    // The tensors outside the blocks first (see gptOss20bMxfp4): row M1's log maps exactly its
    // CPU tensors, which it could not with the output layer after the blocks it leaves on the GPU.
    w.tensor({"output.weight", {h, v}, "q6_K"});
    w.tensor({"output_norm.weight", {h}, "f32"});
    w.tensor({"token_embd.weight", {h, v}, "q4_K"});
    for (std::uint64_t i = 0; i < n; ++i) {
        const bool more = i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
        const std::string p = "blk." + std::to_string(i) + ".";
        w.tensor({p + "attn_norm.weight", {h}, "f32"});
        w.tensor({p + "attn_q.weight", {h, q}, "q4_K"});
        w.tensor({p + "attn_k.weight", {h, kv}, "q4_K"});
        w.tensor({p + "attn_v.weight", {h, kv}, more ? "q6_K" : "q4_K"});
        w.tensor({p + "attn_output.weight", {q, h}, "q4_K"});
        w.tensor({p + "attn_q_norm.weight", {headDim}, "f32"});
        w.tensor({p + "attn_k_norm.weight", {headDim}, "f32"});
        w.tensor({p + "ffn_norm.weight", {h}, "f32"});
        w.tensor({p + "ffn_gate_inp.weight", {h, experts}, "f32"});
        w.tensor({p + "ffn_gate_exps.weight", {h, ffExp, experts}, "q4_K"});
        w.tensor({p + "ffn_up_exps.weight", {h, ffExp, experts}, "q4_K"});
        w.tensor({p + "ffn_down_exps.weight", {ffExp, h, experts}, more ? "q6_K" : "q4_K"});
    }
    return w;
}

/// ggml-org/gpt-oss-20b-GGUF gpt-oss-20b-mxfp4.gguf (openai/gpt-oss-20b config.json: hidden
/// 2880, 24 layers, 64 heads and 8 KV heads of 64, 32 experts of 2880 with 4 per token, sliding
/// window 128 on every other layer, vocabulary 201088, context 131072), as llama.cpp's log of
/// it counts it (459 tensors, "file type = MXFP4 MoE", "file size = 11.27 GiB"): expert
/// matrices mxfp4, token_embd, output and the attention projections q8_0, biases, sinks,
/// router and norms f32. 12,096,558,336 tensor bytes (11.27 GiB).
inline Writer gptOss20bMxfp4(std::uint64_t vocabStrings) {
    const std::uint64_t h = 2880, q = 64 * 64, kv = 8 * 64, ff = 2880, experts = 32, v = 201088,
                        n = 24;
    Writer w;
    w.string("general.architecture", "gpt-oss")
        .string("general.name", "Gpt Oss 20b")
        .u32("gpt-oss.block_count", std::uint32_t(n))
        .u32("gpt-oss.context_length", 131072)
        .u32("gpt-oss.embedding_length", std::uint32_t(h))
        .u32("gpt-oss.feed_forward_length", std::uint32_t(ff))
        .u32("gpt-oss.attention.head_count", 64)
        .u32("gpt-oss.attention.head_count_kv", 8)
        .u32("gpt-oss.attention.key_length", 64)
        .u32("gpt-oss.attention.value_length", 64)
        .u32("gpt-oss.attention.sliding_window", 128)
        .f32("gpt-oss.rope.freq_base", 150000.0f)
        .u32("gpt-oss.expert_count", std::uint32_t(experts))
        .u32("gpt-oss.expert_used_count", 4)
        .u32("gpt-oss.expert_feed_forward_length", std::uint32_t(ff))
        .u32("general.file_type", 38)
        .stringArray("tokenizer.ggml.tokens", vocabStrings);
    // File order: the output layer, then token_embd, then the blocks in order, attention before
    // experts. Two logs of this file fix it through llama.cpp's mapped span (LlamaCppSide::
    // mappedWeights): with every expert in RAM and the output layer on the GPU the span is the
    // CPU tensors + the 24 blocks' attention (ik_llama.cpp issue #822, 10,949.33 MiB), so the
    // output layer is not between token_embd and the blocks; with it in RAM and the experts of
    // blocks 0-13 the span is the CPU tensors + 14 blocks' attention (row O1, 7,218.45 MiB), so it
    // is not after them either.
    w.tensor({"output.weight", {h, v}, "q8_0"});
    w.tensor({"output_norm.weight", {h}, "f32"});
    w.tensor({"token_embd.weight", {h, v}, "q8_0"});
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.tensor({p + "attn_norm.weight", {h}, "f32"});
        w.tensor({p + "attn_q.weight", {h, q}, "q8_0"});
        w.tensor({p + "attn_q.bias", {q}, "f32"});
        w.tensor({p + "attn_k.weight", {h, kv}, "q8_0"});
        w.tensor({p + "attn_k.bias", {kv}, "f32"});
        w.tensor({p + "attn_v.weight", {h, kv}, "q8_0"});
        w.tensor({p + "attn_v.bias", {kv}, "f32"});
        w.tensor({p + "attn_output.weight", {q, h}, "q8_0"});
        w.tensor({p + "attn_output.bias", {h}, "f32"});
        w.tensor({p + "attn_sinks.weight", {64}, "f32"});
        w.tensor({p + "post_attention_norm.weight", {h}, "f32"});
        w.tensor({p + "ffn_gate_inp.weight", {h, experts}, "f32"});
        w.tensor({p + "ffn_gate_inp.bias", {experts}, "f32"});
        for (const char *proj : {"gate", "up", "down"}) {
            w.tensor({p + "ffn_" + proj + "_exps.weight", {h, ff, experts}, "mxfp4"});
            w.tensor({p + "ffn_" + proj + "_exps.bias", {ff, experts}, "f32"});
        }
    }
    return w;
}

/// Qwen/Qwen2-0.5B-Instruct's shape (config.json: hidden 896, 24 layers, 14 heads and 2 KV
/// heads of 64, FFN 4864, vocabulary 151936, max_position_embeddings 32768, tied embeddings,
/// q/k/v biases) stored as Q4_0: every matrix q4_0, token_embd q8_0 (llama.cpp's 2024 logs of
/// this file print a 137.94 MiB CPU buffer = 896 x 151936 in q8_0), norms and biases f32.
/// `vocabStrings` vocabulary strings are written (n_vocab for llama.cpp and HostPlan).
inline Writer qwen2_05b_q4_0(std::uint64_t vocabStrings = 151936) {
    Writer w;
    const std::uint64_t h = 896, q = 14 * 64, kv = 2 * 64, ff = 4864, v = 151936, n = 24;
    w.string("general.architecture", "qwen2")
        .string("general.name", "Qwen2 0.5B Instruct")
        .u32("qwen2.block_count", std::uint32_t(n))
        .u32("qwen2.context_length", 32768)
        .u32("qwen2.embedding_length", std::uint32_t(h))
        .u32("qwen2.feed_forward_length", std::uint32_t(ff))
        .u32("qwen2.attention.head_count", 14)
        .u32("qwen2.attention.head_count_kv", 2)
        .f32("qwen2.rope.freq_base", 1000000.0f)
        .u32("general.file_type", 2)
        .stringArray("tokenizer.ggml.tokens", vocabStrings);
    w.tensor({"token_embd.weight", {h, v}, "q8_0"});
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        w.tensor({p + "attn_norm.weight", {h}, "f32"});
        w.tensor({p + "attn_q.weight", {h, q}, "q4_0"});
        w.tensor({p + "attn_k.weight", {h, kv}, "q4_0"});
        w.tensor({p + "attn_v.weight", {h, kv}, "q4_0"});
        w.tensor({p + "attn_q.bias", {q}, "f32"});
        w.tensor({p + "attn_k.bias", {kv}, "f32"});
        w.tensor({p + "attn_v.bias", {kv}, "f32"});
        w.tensor({p + "attn_output.weight", {q, h}, "q4_0"});
        w.tensor({p + "ffn_norm.weight", {h}, "f32"});
        w.tensor({p + "ffn_gate.weight", {h, ff}, "q4_0"});
        w.tensor({p + "ffn_up.weight", {h, ff}, "q4_0"});
        w.tensor({p + "ffn_down.weight", {ff, h}, "q4_0"});
    }
    w.tensor({"output_norm.weight", {h}, "f32"});
    return w;
}

/// A header read back as HostPlan's model (as `file`); aborts the test when the header does
/// not parse (a broken writer, not a case to check).
inline hostplan::ModelSpec modelOf(const Writer &w, const std::string &file) {
    auto h = hostplan::gguf::parseHeader(w.build(), 0, file);
    if (!h.ok()) {
        std::abort();
    }
    auto m = hostplan::ggufToModelSpec(hostplan::gguf::Model{h.value(), {}, 0}, file);
    if (!m.ok()) {
        std::abort();
    }
    return std::move(m).value();
}

/// llama31_8b_q4km() read back as HostPlan's model (header only, as "llama.gguf").
inline hostplan::ModelSpec llama31_8b_q4kmModel() {
    return modelOf(llama31_8b_q4km(), "llama.gguf");
}

/// A two-layer header of `arch` (hidden 64, 4 heads, vocab 100) with each block's norms: the
/// base the metadata-check tests edit.
inline Writer tinyHeader(const std::string &arch) {
    Writer w;
    w.string("general.architecture", arch)
        .u32(arch + ".block_count", 2)
        .u32(arch + ".embedding_length", 64)
        .u32(arch + ".attention.head_count", 4)
        .u32(arch + ".vocab_size", 100)
        .blockNorms(2, 64);
    return w;
}

/// `w` parsed and imported as "m.gguf" (a header that does not parse stops the test).
inline hostplan::Result<hostplan::ModelSpec> importTiny(const Writer &w) {
    auto h = hostplan::gguf::parseHeader(w.build(), 0, "m.gguf");
    if (!h.ok()) {
        qFatal("%s", h.error().toString().c_str());
    }
    return hostplan::ggufToModelSpec(hostplan::gguf::Model{h.value(), {}, 0}, "m.gguf");
}

} // namespace ggufwriter
