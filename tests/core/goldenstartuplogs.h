// SPDX-License-Identifier: MIT
// Golden rows P1-P11 (P12-P18: goldenheldout.h): vLLM 0.19.0 start-up logs published outside
// observed-memory.md, checked with the same rules and tolerances as the observed rows (the issue's
// "the rule must carry" check). Included at the end of goldenmemory.h, whose helpers they use.
//
// Source: llm-d-incubation/llm-d-planner accuracy/results/v0.19.0 (accuracy_report.md
// @ fbd68515; the logs under logs/ @ d3121e05, 2026-04-22/23). Every run: vLLM 0.19.0 with
// NCCL 2.27.5 on H100 80GB HBM3 of one HGX node (cudaMemGetInfo total 79.19 GiB, NVLink 4
// over NVSwitch), `vllm serve` defaults (8192 batched tokens, 1024 sequences, chunked
// prefill), prefix caching off, the flags each row names. Every row follows the v0.19 profile
// (VllmProfile::V1v19: the Triton top-k / top-p sampler warm-up).
#pragma once

#include "goldenmemory.h"

namespace golden {

/// Qwen2.5-7B-Instruct config.json (Qwen/Qwen2.5-7B-Instruct): 28 layers, 4 KV heads of 128.
inline ModelSpec qwen25_7b() {
    const std::string cfg = R"({"architectures":["Qwen2ForCausalLM"],"model_type":"qwen2",
      "hidden_size":3584,"intermediate_size":18944,"num_attention_heads":28,
      "num_key_value_heads":4,"num_hidden_layers":28,"vocab_size":152064,
      "max_position_embeddings":32768,"tie_word_embeddings":false,"rms_norm_eps":1e-06,
      "rope_theta":1000000.0,"torch_dtype":"bfloat16"})";
    auto m = importHfConfigText(cfg, "Qwen/Qwen2.5-7B-Instruct");
    if (!m.ok()) {
        throw std::runtime_error("Qwen2.5-7B: " + m.error().toString());
    }
    return m.value();
}

/// Qwen2.5-72B-Instruct config.json (Qwen/Qwen2.5-72B-Instruct): 80 layers, 8 KV heads of 128.
inline ModelSpec qwen25_72b() {
    const std::string cfg = R"({"architectures":["Qwen2ForCausalLM"],"model_type":"qwen2",
      "hidden_size":8192,"intermediate_size":29568,"num_attention_heads":64,
      "num_key_value_heads":8,"num_hidden_layers":80,"vocab_size":152064,
      "max_position_embeddings":32768,"tie_word_embeddings":false,"rms_norm_eps":1e-06,
      "rope_theta":1000000.0,"torch_dtype":"bfloat16"})";
    auto m = importHfConfigText(cfg, "Qwen/Qwen2.5-72B-Instruct");
    if (!m.ok()) {
        throw std::runtime_error("Qwen2.5-72B: " + m.error().toString());
    }
    return m.value();
}

/// Llama-3.3-70B-Instruct with its linear layers re-quantized (RedHatAI FP8-dynamic or w8a8:
/// one byte per weight, per-channel scales), embedding and lm_head left bf16
/// (withWeightFormat's rule for quantized formats).
inline ModelSpec llama33_70b8bit(const NumberFormat &format) {
    return withWeightFormat(catalogueModel("llama-3.1-70b"), format);
}

/// The GPU of every log: H100 80GB HBM3 as cudaMemGetInfo reports it, with the catalogue's
/// SM count for H100 SXM (132).
inline GpuSpec loggedH100() {
    GpuSpec g = loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true, "NVLink 4, NVSwitch");
    auto cat = Catalogue::builtin().findGpu("h100-sxm");
    if (!cat.ok()) {
        throw std::runtime_error("h100-sxm: " + cat.error().toString());
    }
    g.smCount = cat.value().smCount;
    return g;
}

/// One logged start-up: what the log says and the flags it ran with.
struct StartupLog {
    std::string row;   ///< "P5"
    std::string file;  ///< log file under accuracy/results/v0.19.0/logs/
    std::string model; ///< model words for the setting column
    std::uint32_t tp = 1;
    std::uint32_t pp = 1;
    std::uint64_t maxModelLen = 8192;
    double fraction = 0.95; ///< gpu_memory_utilization
    double weightsGib = 0;  ///< "Model loading took X GiB" (0: not compared)
    double kvTokens = 0;    ///< "GPU KV cache size: N tokens"
    MoeKernel moeKernel = MoeKernel::Auto;
    std::string weightsCause = {};         ///< non-empty: the weights row is a known miss, and why
    std::string kvCause = {};              ///< non-empty: the KV row is a known miss, and why
    NumberFormat kvFormat = formats::bf16; ///< --kv-cache-dtype (auto: the model dtype)
    bool served = true;                    ///< the run started serving (false: a FAILED log)
    std::string startsCause = {};          ///< non-empty: the verdict row is a known miss, and why
};

/// The checks of one logged start-up: weights per GPU, KV tokens and the verdict (the run
/// served), each computed by the vLLM model at the log's flags.
inline void checkStartupLog(const ModelSpec &m, const StartupLog &log, std::vector<Check> &out) {
    const GpuSpec g = loggedH100();
    EngineMemoryInput in = rowInput(m, g, {log.tp, 1, log.pp}, Engine::Vllm, log.maxModelLen);
    in.vllmProfile = VllmProfile::V1v19;
    in.memoryFraction = log.fraction;
    in.moeKernel = log.moeKernel;
    in.kvFormat = log.kvFormat;
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    char frac[16];
    std::snprintf(frac, sizeof frac, "%.2f", log.fraction);
    const std::string set = log.model + ", " + std::to_string(log.tp * log.pp) +
                            "x H100 SXM, vLLM 0.19 TP" + std::to_string(log.tp) +
                            (log.pp > 1 ? " PP" + std::to_string(log.pp) : "") + ", u " + frac +
                            ", len " + std::to_string(log.maxModelLen);
    const std::string src =
        "llm-d-incubation/llm-d-planner accuracy/results/v0.19.0/logs/" + log.file + " @ d3121e05";
    if (log.weightsGib > 0) {
        out.push_back({log.row, "weights GiB/GPU", set, log.weightsGib, giB(double(t.weights())),
                       kWeightsTol, src, log.weightsCause});
    }
    out.push_back(
        {log.row, "KV tokens", set, log.kvTokens, double(t.kvTokens), kKvTol, src, log.kvCause});
    out.push_back({log.row, "starts", set, log.served ? 1.0 : 0.0,
                   engineStartup(Engine::Vllm, in).starts() ? 1.0 : 0.0, 0, src, log.startsCause});
}

/// Golden rows P12-P18 (goldenheldout.h), appended to `out`.
inline void heldOutLogChecks(std::vector<Check> &out);
/// Golden rows D1-D2 (goldendeepseekv4.h), appended to `out`.
inline void deepseekV4VllmChecks(std::vector<Check> &out);

inline std::vector<Check> startupLogChecks() {
    std::vector<Check> out;
    const ModelSpec llama8b = catalogueModel("llama-3.1-8b");
    const ModelSpec qwen7b = qwen25_7b();
    // P1 / P2: Llama-3.1-8B-Instruct at TP 1, KV cache bf16 then fp8.
    checkStartupLog(llama8b,
                    {"P1", "meta-llama-llama-3-1-8b--h100-80gb--tp1pp1dp1--16384.log",
                     "Llama-3.1-8B bf16", 1, 1, 16384, 0.95, 14.99, 476016},
                    out);
    {
        const GpuSpec g = loggedH100();
        EngineMemoryInput in = rowInput(llama8b, g, {}, Engine::Vllm, 8192);
        in.vllmProfile = VllmProfile::V1v19;
        in.memoryFraction = 0.95;
        in.kvFormat = formats::fp8;
        out.push_back({"P2",
                       "KV tokens",
                       "Llama-3.1-8B bf16, 1x H100 SXM, vLLM 0.19 TP1, u 0.95, len 8192, "
                       "--kv-cache-dtype fp8",
                       952032,
                       double(vllmMemoryModel().terms(in).kvTokens),
                       kKvTol,
                       "llm-d-incubation/llm-d-planner accuracy/results/v0.19.0/logs/"
                       "meta-llama---h100-80gb--tp1pp1dp1--8192-dtbf16-kvfp8.log @ d3121e05",
                       {}});
    }
    // P3: Qwen2.5-7B-Instruct at TP 1.
    checkStartupLog(qwen7b,
                    {"P3", "qwen-qwen2-5-7b-instruct--h100-80gb--tp1pp1dp1--8192.log",
                     "Qwen2.5-7B bf16", 1, 1, 8192, 0.95, 14.25, 1096000},
                    out);
    // P4 / P5: the same two models at TP 2 and 4: the TP collectives' non-torch memory
    // (vllmTpCollectivesNonTorch) comes out of the pool.
    checkStartupLog(llama8b,
                    {"P4", "meta-llama-llama-3-1-8b---h100-80gb--tp2pp1dp1--8192.log",
                     "Llama-3.1-8B bf16", 2, 1, 8192, 0.95, 7.51, 1044688},
                    out);
    checkStartupLog(llama8b,
                    {"P4", "meta-llama-llama-3-1-8b---h100-80gb--tp4pp1dp1--8192.log",
                     "Llama-3.1-8B bf16", 4, 1, 8192, 0.95, 3.77, 2209792},
                    out);
    checkStartupLog(qwen7b,
                    {"P5", "qwen-qwen2-5-7b-instruct--h100-80gb--tp2pp1dp1--8192.log",
                     "Qwen2.5-7B bf16", 2, 1, 8192, 0.95, 7.12, 2390592},
                    out);
    checkStartupLog(qwen7b,
                    {"P5", "qwen-qwen2-5-7b-instruct--h100-80gb--tp4pp1dp1--8192.log",
                     "Qwen2.5-7B bf16", 4, 1, 8192, 0.95, 3.55, 5043280},
                    out);
    // P6 / P7: Llama-3.3-70B-Instruct, RedHatAI FP8-dynamic (TP 2 and 4) and w8a8 INT8 (TP 2).
    const ModelSpec llama70fp8 = llama33_70b8bit(formats::fp8);
    checkStartupLog(llama70fp8,
                    {"P6", "fp8dyn-llama-3-3-70b--h100-80gb--tp2pp1dp1--8192.log",
                     "Llama-3.3-70B FP8-dynamic", 2, 1, 8192, 0.95, 33.88, 244304},
                    out);
    checkStartupLog(llama70fp8,
                    {"P6", "fp8dyn-llama-3-3-70b--h100-80gb--tp4pp1dp1--8192.log",
                     "Llama-3.3-70B FP8-dynamic", 4, 1, 8192, 0.95, 16.96, 708992},
                    out);
    checkStartupLog(llama33_70b8bit(formats::int8),
                    {"P7", "redhatai-llama-3-3-70b-i--h100-80gb--tp2pp1dp1--8192.log",
                     "Llama-3.3-70B w8a8", 2, 1, 8192, 0.95, 33.88, 244304},
                    out);
    // P8: Qwen2.5-72B-Instruct bf16 at TP 2: a 3.04 GiB pool, which any error in the other
    // terms moves by a large share. The load's allocator rounding (232 MiB blocks for the
    // 231 MiB down projections) and rotary cache make the 67.80 GiB of weights; the Triton
    // top-k / top-p buffer (132 SMs x 152,064 x 4 B) and the sampled rows' hidden states are in
    // the peak; what is left under the log is about 0.04 GiB of peak and 0.02 of non-torch.
    checkStartupLog(qwen25_72b(),
                    {"P8", "qwen-qwen2-5-72b-instruc--h100-80gb--tp2pp1dp1--8192.log",
                     "Qwen2.5-72B bf16", 2, 1, 8192, 0.95, 67.8, 19920},
                    out);
    // P9: Mixtral-8x7B-Instruct bf16 at TP 2.
    checkStartupLog(catalogueModel("mixtral-8x7b"),
                    {"P9", "mistralai-mixtral-8x7b-i--h100-80gb--tp2pp1dp1--8192.log",
                     "Mixtral-8x7B bf16", 2, 1, 8192, 0.95, 43.51, 465936},
                    out);
    // P10: gpt-oss-20b at TP 2, default utilisation 0.90 ("Using 'TRITON' Mxfp4 MoE backend").
    // The 7.01 GiB include the Hopper layouts of that backend (vllmMxfp4LayoutBytes): the
    // checkpoint's half padded to I' 1472 is 6.52 GiB, the swizzle adds 0.44 GiB.
    checkStartupLog(gptOss20b(),
                    {"P10", "openai-gpt-oss-20b--h100-80gb--tp2pp1dp1--8192.log", "gpt-oss-20b", 2,
                     1, 8192, 0.90, 7.01, 2591776, MoeKernel::Triton},
                    out);
    // P11: Llama-3.1-8B at PP 2 and 4: stages add no TP collectives (logged non-torch 0.07 GiB);
    // each stage's worker sizes its own pool and the engine keeps the smallest.
    checkStartupLog(llama8b,
                    {"P11", "meta-llama-llama-3-1-8b---h100-80gb--tp1pp2dp1--8192.log",
                     "Llama-3.1-8B bf16", 1, 2, 8192, 0.95, 7.51, 1075312},
                    out);
    // PP 4: the embedding on the first stage and the LM head with the sampler on the last
    // (4.26 / 3.28 / 3.28 / 4.26 GiB of weights logged); the last stage's pool is the smallest.
    checkStartupLog(llama8b,
                    {"P11", "meta-llama-llama-3-1-8b---h100-80gb--tp1pp4dp1--8192.log",
                     "Llama-3.1-8B bf16", 1, 4, 8192, 0.95, 4.26, 2257264},
                    out);
    heldOutLogChecks(out);
    deepseekV4VllmChecks(out);
    return out;
}

} // namespace golden

#include "goldenheldout.h"
#include "goldendeepseekv4.h"
