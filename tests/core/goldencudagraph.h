// SPDX-License-Identifier: MIT
// vLLM's CUDA-graph memory estimate (v0.21 on, inside the KV budget) against the estimates
// published start-up logs print ("Estimated CUDA graph memory: X GiB total"), with the graph
// counts the same logs print ("Profiling CUDA graph memory: PIECEWISE=n (largest=k), FULL=m
// (largest=j)"). These 12 logs are also the ones vllmCudaGraphEstimateBytes' measured capture
// costs were fitted to (the least-worst fit), so the rows show the spread of that fit, not an
// out-of-sample check; the tolerance is the fit's worst row, rounded up.
#pragma once

#include "engine/enginememory.h"
#include "engine/vllmgraphs.h"
#include "goldenmemory.h"

#include <string>
#include <vector>

namespace golden {

using namespace hostplan;

/// One published estimate: the model's decoder layers the GPU runs (MTP layers included when
/// the run drafts with them), dense or MoE, the logged graph counts and the logged estimate.
struct CudaGraphLog {
    const char *row;
    const char *setting;
    std::uint32_t layers;
    bool moe;
    std::uint32_t piecewise, full;
    double estimateGib;
    const char *source;
};

inline const std::vector<CudaGraphLog> &cudaGraphLogs() {
    static const std::vector<CudaGraphLog> logs = {
        {"C1", "Qwen2.5-7B-Instruct bf16 (28 layers), vLLM 0.22.0, TP1, batched 2048", 28, false,
         35, 19, 0.37, "vLLM 0.22.0 start-up log quoted in a public abort-test script"},
        {"C2", "Qwen3-8B bf16 (36 layers), vLLM >= 0.21, TP1, 24 GB card", 36, false, 51, 35, 0.52,
         "LMCache/LMCache#3430"},
        {"C3", "Qwen3.5-4B bf16 (hybrid, 32 layers), vLLM 0.22.0, TP1", 32, false, 51, 35, 0.64,
         "vLLM 0.22.0 start-up log in public FastAPI + vLLM notes"},
        {"C4", "Qwen3.5-9B bf16 (hybrid, 32 layers), vLLM 0.19.0 with the estimate on, L40S", 32,
         false, 51, 35, 0.78, "vLLM 0.19.0 start-up log in public L40S notebook notes"},
        {"C5", "Qwen3.6-27B-FP8 (64 layers + 1 MTP), vLLM 0.24.0, L40S, MTP 4, 10 seqs", 65, false,
         15, 0, 0.22, "vLLM 0.24.0 start-up log in public MTP crash notes"},
        {"C6", "Qwen3.8-27B-FP8 (64 layers + 1 MTP), vLLM 0.27.1, 2x RTX 5090 TP2, MTP 3, 2 seqs",
         65, false, 5, 0, 0.13, "noonghunna/club-3090#1087 (graph counts from the flags)"},
        {"C7", "Qwen3.8-27B-FP8 (64 layers + 1 MTP), vLLM 0.27.1, 2x RTX 3090 TP2, MTP 3, 2 seqs",
         65, false, 5, 0, 0.20, "noonghunna/club-3090 PR #1139 (graph counts from the flags)"},
        {"C8", "Qwen3.6-35B-A3B NVFP4 (MoE, 40 layers), vLLM 0.20.0, 32 GB card, 1 seq", 40, true,
         1, 1, 0.36, "vLLM 0.20.0 start-up log in a public docker-compose repository"},
        {"C9", "Qwen3.6-35B-A3B NVFP4 (MoE, 40 layers), vLLM 0.24.0, RTX 5090, 1 seq", 40, true, 2,
         1, 0.41, "noonghunna/club-3090#652"},
        {"C10", "MiniMax-M3 MXFP4/MXFP8 (MoE, 60 layers), vLLM 0.23.1-dev, TP2, 128 seqs", 60, true,
         35, 19, 1.97, "vLLM 0.23.1 start-up log in a public MiniMax-M3 evaluation report"},
        {"C11", "GLM-5.2-NVFP4 (MoE, 78 layers), vLLM 0.26.0, 4 GPUs TP4 + EP", 78, true, 51, 51,
         4.99, "vLLM 0.26.0 GLM-5.2-NVFP4 serve log in a public repository"},
        {"C12", "Qwen3.8-27B bf16 (64 layers), vLLM 0.27.1, DGX Spark (unified memory)", 64, false,
         51, 35, 1.56, "vLLM 0.27.1 start-up log in a public agent transcript"},
    };
    return logs;
}

/// One check per log: vllmCudaGraphEstimateBytes at the logged counts, in GiB.
inline std::vector<Check> cudaGraphChecks() {
    std::vector<Check> out;
    for (const CudaGraphLog &l : cudaGraphLogs()) {
        VllmCudaGraphs g;
        g.piecewise = l.piecewise;
        g.full = l.full;
        const double est = double(vllmCudaGraphEstimateBytes(g, l.layers, l.moe)) / kBytesPerGiB;
        out.push_back({l.row,
                       "CUDA-graph estimate GiB",
                       l.setting,
                       l.estimateGib,
                       est,
                       kCudaGraphTol,
                       l.source,
                       {}});
    }
    return out;
}

inline std::string cudaGraphMarkdown(const std::vector<Check> &checks) {
    const std::string md =
        "\n## vLLM CUDA-graph estimate\n\n"
        "From v0.21 vLLM captures its CUDA graphs once before sizing the KV cache and takes "
        "the estimate out of the budget (HostPlan's vLLM 0.24 rules). HostPlan counts the "
        "graphs by vLLM's own capture sizes and costs each by two measured figures, a first "
        "capture and a per-graph cost per decoder layer (core/engine/vllm_memory.cpp). The 12 "
        "published estimates below are the ones those figures were fitted to, so these rows "
        "show the fit's spread, not an out-of-sample check; vLLM's own actual graph pool "
        "differs from its estimate by up to 2x in the same logs. Tolerance 45 %.\n\n"
        "| row | figure | setting | vLLM log | HostPlan | error | tolerance | status | source "
        "|\n|---|---|---|---|---|---|---|---|---|\n";
    return md + tableRows(checks);
}

} // namespace golden
