// SPDX-License-Identifier: MIT
// Golden rows P20-P28: vLLM 0.11-0.14 start-ups on one or two H100s, first checked as held-out
// logs, kept as golden rows. They pin the V1 (v0.11) profile's terms that the v0.19 rows
// (goldenstartuplogs.h) cannot: the PyTorch sort of the sampler warm-up
// (vllmSortSamplerBytes), the TP collectives' non-torch memory before v0.19
// (vllmTpCollectivesNonTorch) and the Triton MXFP4 backend's Hopper scale copy
// (vllmMxfp4LayoutBytes). Included by goldenheldout.h, whose helpers they use.
//
// P20-P27 source: llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md
// @ 4f4d4494, the author's table of vLLM start-up logs (vllm/vllm-openai "latest", vLLM 0.11;
// H100 with 79.18 GiB; `--block-size 128 --enable-prefix-caching`, max_model_len 16000,
// gpu_memory_utilization 0.9, the serve defaults of 8192 batched tokens and 1024 sequences):
// weights, torch activation peak, non-torch memory and the KV pool ("Avail KV") per row.
#pragma once

#include "goldenstartuplogs.h"

namespace golden {

/// One row of the llm-d v0.11 table: its logged figures (GiB) and the run's flags.
struct V011Row {
    std::string row;
    std::string model;
    std::uint32_t tp = 1;
    std::uint64_t maxModelLen = 16000;
    double fraction = 0.9;
    double weightsGib = 0;
    double peakGib = 0;     ///< "Peak Act": torch's activation peak of the profile
    double nonTorchGib = 0; ///< "Non-torch"
    double kvGib = 0;       ///< "Avail KV"; <= 0: the run failed for want of KV memory
    std::string note = {};  ///< a flag the table does not state but its figures imply
};

/// The checks of one llm-d v0.11 row with the V1 (v0.11) profile on the table's H100.
inline void checkV011Row(const ModelSpec &m, const V011Row &r, std::vector<Check> &out) {
    const GpuSpec g = loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true, "NVLink 4, NVSwitch");
    EngineMemoryInput in = rowInput(m, g, {r.tp, 1, 1}, Engine::Vllm, r.maxModelLen);
    in.memoryFraction = r.fraction;
    const EngineMemoryTerms t = vllmMemoryModel().terms(in);
    char frac[16];
    std::snprintf(frac, sizeof frac, "%.2f", r.fraction);
    const std::string set = r.model + ", " + std::to_string(r.tp) + "x H100, vLLM 0.11 TP" +
                            std::to_string(r.tp) + ", u " + frac + r.note + ", len " +
                            std::to_string(r.maxModelLen);
    const std::string src =
        "llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md @ 4f4d4494";
    // One check of this row: the table's figure against HostPlan's, within `relTol`.
    auto check = [&](const char *what, double logged, double planned, double relTol) {
        out.push_back({r.row, what, set, logged, planned, relTol, src, {}});
    };
    check("weights GiB/GPU", r.weightsGib, giB(double(t.weights())), kWeightsTol);
    if (r.peakGib > 0) {
        check("activation peak GiB", r.peakGib, giB(double(t.activationPeak)), kKvTol);
    }
    if (r.nonTorchGib > 0) {
        // Two decimals logged: compare within 0.02 GiB.
        check("non-torch GiB", r.nonTorchGib, giB(double(t.nonTorch)), 0.02 / r.nonTorchGib);
    }
    if (r.kvGib > 0) {
        check("KV pool GiB", r.kvGib, giB(double(t.kvPoolBytes)), kKvTol);
    }
    check("starts", r.kvGib > 0 ? 1.0 : 0.0, engineStartup(Engine::Vllm, in).starts() ? 1.0 : 0.0,
          0);
}

inline void v011Checks(std::vector<Check> &out) {
    const ModelSpec llama8b = catalogueModel("llama-3.1-8b");
    const ModelSpec qwen32b = dataConfigModel("Qwen--Qwen3-32B_config.json", "Qwen/Qwen3-32B");
    // P20-P22: dense bf16 models at TP 1, where the sampler warm-up's sort dominates the peak
    // (1024 rows x the vocabulary at 38 B per logit).
    checkV011Row(llama8b, {"P20", "Llama-3.1-8B bf16", 1, 16000, 0.9, 14.99, 4.76, 0.13, 51.38},
                 out);
    checkV011Row(dataConfigModel("Qwen--Qwen3-0.6B_config.json", "Qwen/Qwen3-0.6B"),
                 {"P21", "Qwen3-0.6B bf16", 1, 16000, 0.9, 1.12, 5.56, 0.13, 64.45}, out);
    checkV011Row(qwen32b, {"P22", "Qwen3-32B bf16", 1, 16000, 0.9, 61.03, 5.64, 0.14, 4.45}, out);
    // P23: the same model at 32000 tokens: one request no longer fits the pool.
    checkV011Row(qwen32b, {"P23", "Qwen3-32B bf16", 1, 32000, 0.9, 61.03, 5.64, 0.14, 0}, out);
    // P24 / P25: TP 2, where v0.11's non-torch memory grows by 0.41 GiB (not v0.19's 1.82).
    checkV011Row(qwen32b, {"P24", "Qwen3-32B bf16", 2, 16000, 0.9, 30.59, 5.64, 0.54, 34.49}, out);
    const ModelSpec llama70fp8 = llama33_70b8bit(formats::fp8);
    checkV011Row(llama70fp8,
                 {"P25", "Llama-3.3-70B FP8-dynamic", 2, 16000, 0.9, 33.88, 4.84, 0.55, 32.0}, out);
    // P26: at TP 1 the same checkpoint fails ("No available memory for the cache blocks").
    checkV011Row(llama70fp8, {"P26", "Llama-3.3-70B FP8-dynamic", 1, 16000, 0.9, 67.72, 0, 0, 0},
                 out);
    // P27: gpt-oss on the Triton MXFP4 backend, which keeps the Hopper-swizzled scales beside
    // the loaded ones and fp32 biases. The 120b row's figures add up only at
    // gpu_memory_utilization 0.95 (0.95 x 79.18 - 64.38 - 7.38 - 0.13 = 3.33), not the 0.9 the
    // table's header names.
    checkV011Row(gptOss20b(), {"P27", "gpt-oss-20b MXFP4", 1, 16000, 0.9, 13.47, 7.38, 0.13, 50.28},
                 out);
    checkV011Row(
        catalogueModel("gpt-oss-120b"),
        {"P27", "gpt-oss-120b MXFP4", 1, 16000, 0.95, 64.38, 7.38, 0.13, 3.33, " (implied)"}, out);
    // P28: vLLM 0.14.1 logs the same 64.38 GiB for gpt-oss-120b ("Using Triton backend").
    {
        const ModelSpec m = catalogueModel("gpt-oss-120b"); // outlives `in`, which points at it
        const GpuSpec g = loggedGpu("NVIDIA H100 80GB HBM3", 79.18, true, "NVLink 4, NVSwitch");
        const EngineMemoryInput in = rowInput(m, g, {}, Engine::Vllm, 131072);
        out.push_back({"P28",
                       "weights GiB/GPU",
                       "gpt-oss-120b MXFP4, 1x H100, vLLM 0.14.1 Triton",
                       64.38,
                       giB(double(vllmMemoryModel().terms(in).weights())),
                       kWeightsTol,
                       "vllm-project/vllm#33155",
                       {}});
    }
}

} // namespace golden
