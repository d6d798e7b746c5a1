// SPDX-License-Identifier: MIT
// vLLM's CUDA-graph memory estimate (v0.21 on, inside the KV budget) against the estimates
// published start-up logs print ("Estimated CUDA graph memory: X GiB total"), with the graph
// counts the same logs print ("Profiling CUDA graph memory: PIECEWISE=n (largest=k), FULL=m
// (largest=j)"). vllmCudaGraphEstimateBytes' measured capture costs were fitted to these rows:
// C1-C12 first (dense and MoE alike), then the 29 vLLM 0.19.0 H100 logs G1-G29, which split
// the per-layer cost by attention kind (GQA MoE layers cost like dense ones, MLA layers twice
// as much). The dense G rows were out of sample for the dense cost fitted on C1-C12. The
// tolerance is the worst row of the first fit, rounded up; three rows miss it, each with its
// cause.
#pragma once

#include "engine/enginememory.h"
#include "engine/vllmgraphs.h"
#include "goldenmemory.h"

#include <string>
#include <vector>

namespace golden {

using namespace hostplan;

/// One published estimate: the model's decoder layers the GPU runs (MTP layers included when
/// the run drafts with them), their cost class, the logged graph counts and the logged
/// estimate; `cause` names why a known miss misses (empty for the others).
struct CudaGraphLog {
    const char *row;
    const char *setting;
    std::uint32_t layers;
    VllmGraphLayerCost cost;
    std::uint32_t piecewise, full;
    double estimateGib;
    const char *source;
    const char *cause = "";
};

inline const std::vector<CudaGraphLog> &cudaGraphLogs() {
    static const std::vector<CudaGraphLog> logs = {
        {"C1", "Qwen2.5-7B-Instruct bf16 (28 layers), vLLM 0.22.0, TP1, batched 2048", 28,
         VllmGraphLayerCost::Dense, 35, 19, 0.37,
         "vLLM 0.22.0 start-up log quoted in a public abort-test script"},
        {"C2", "Qwen3-8B bf16 (36 layers), vLLM >= 0.21, TP1, 24 GB card", 36,
         VllmGraphLayerCost::Dense, 51, 35, 0.52, "LMCache/LMCache#3430"},
        {"C3", "Qwen3.5-4B bf16 (hybrid, 32 layers), vLLM 0.22.0, TP1", 32,
         VllmGraphLayerCost::Dense, 51, 35, 0.64,
         "vLLM 0.22.0 start-up log in public FastAPI + vLLM notes"},
        {"C4", "Qwen3.5-9B bf16 (hybrid, 32 layers), vLLM 0.19.0 with the estimate on, L40S", 32,
         VllmGraphLayerCost::Dense, 51, 35, 0.78,
         "vLLM 0.19.0 start-up log in public L40S notebook notes"},
        {"C5", "Qwen3.6-27B-FP8 (64 layers + 1 MTP), vLLM 0.24.0, L40S, MTP 4, 10 seqs", 65,
         VllmGraphLayerCost::Dense, 15, 0, 0.22,
         "vLLM 0.24.0 start-up log in public MTP crash notes"},
        {"C6", "Qwen3.8-27B-FP8 (64 layers + 1 MTP), vLLM 0.27.1, 2x RTX 5090 TP2, MTP 3, 2 seqs",
         65, VllmGraphLayerCost::Dense, 5, 0, 0.13,
         "noonghunna/club-3090#1087 (graph counts from the flags)"},
        {"C7", "Qwen3.8-27B-FP8 (64 layers + 1 MTP), vLLM 0.27.1, 2x RTX 3090 TP2, MTP 3, 2 seqs",
         65, VllmGraphLayerCost::Dense, 5, 0, 0.20,
         "noonghunna/club-3090 PR #1139 (graph counts from the flags)"},
        {"C8", "Qwen3.6-35B-A3B NVFP4 (MoE, 40 layers), vLLM 0.20.0, 32 GB card, 1 seq", 40,
         VllmGraphLayerCost::Moe, 1, 1, 0.36,
         "vLLM 0.20.0 start-up log in a public docker-compose repository"},
        {"C9", "Qwen3.6-35B-A3B NVFP4 (MoE, 40 layers), vLLM 0.24.0, RTX 5090, 1 seq", 40,
         VllmGraphLayerCost::Moe, 2, 1, 0.41, "noonghunna/club-3090#652"},
        {"C10", "MiniMax-M3 MXFP4/MXFP8 (MoE, 60 layers), vLLM 0.23.1-dev, TP2, 128 seqs", 60,
         VllmGraphLayerCost::Moe, 35, 19, 1.97,
         "vLLM 0.23.1 start-up log in a public MiniMax-M3 evaluation report",
         "0.56 MiB per layer per further graph, 2.6x the other GQA MoE rows (MXFP4 experts, "
         "MXFP8 attention: the quantized kernels' per-graph buffers, not modelled)"},
        {"C11", "GLM-5.2-NVFP4 (MoE, 78 layers), vLLM 0.26.0, 4 GPUs TP4 + EP", 78,
         VllmGraphLayerCost::Mla, 51, 51, 4.99,
         "vLLM 0.26.0 GLM-5.2-NVFP4 serve log in a public repository"},
        {"C12", "Qwen3.8-27B bf16 (64 layers), vLLM 0.27.1, DGX Spark (unified memory)", 64,
         VllmGraphLayerCost::Dense, 51, 35, 1.56,
         "vLLM 0.27.1 start-up log in a public agent transcript"},
        {"G1", "Llama-3.1-8B bf16 (32 layers), H100 TP1, vLLM 0.19.0", 32,
         VllmGraphLayerCost::Dense, 51, 51, 0.84,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/meta-llama-llama-3-1-8b---h100-80gb--tp1pp1dp1--8192.log"},
        {"G2", "Llama-3.1-8B bf16 (32 layers), 2 x H100 TP2, vLLM 0.19.0", 32,
         VllmGraphLayerCost::Dense, 51, 51, 1.69,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/meta-llama-llama-3-1-8b---h100-80gb--tp2pp1dp1--8192.log",
         "vLLM's own estimate: twice its TP1 (0.84) and three times its TP4 (0.57) figure for the "
         "same layers; its actual graph pool is 0.76 GiB"},
        {"G3", "Llama-3.1-8B bf16 (32 layers), 4 x H100 TP4, vLLM 0.19.0", 32,
         VllmGraphLayerCost::Dense, 51, 51, 0.57,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/meta-llama-llama-3-1-8b---h100-80gb--tp4pp1dp1--8192.log"},
        {"G4", "Llama-3.1-8B bf16, 2 x H100 PP2 (16 layers a stage), vLLM 0.19.0", 16,
         VllmGraphLayerCost::Dense, 51, 51, 0.54,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/meta-llama-llama-3-1-8b---h100-80gb--tp1pp2dp1--8192.log"},
        {"G5", "Llama-3.1-8B bf16, 4 x H100 PP4 (8 layers a stage), vLLM 0.19.0", 8,
         VllmGraphLayerCost::Dense, 51, 51, 0.49,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/meta-llama-llama-3-1-8b---h100-80gb--tp1pp4dp1--8192.log"},
        {"G6", "Llama-3.3-70B FP8 (80 layers), 2 x H100 TP2, vLLM 0.19.0", 80,
         VllmGraphLayerCost::Dense, 51, 51, 1.82,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/fp8dyn-llama-3-3-70b--h100-80gb--tp2pp1dp1--8192.log"},
        {"G7", "Llama-3.3-70B FP8 (80 layers), 4 x H100 TP4, vLLM 0.19.0", 80,
         VllmGraphLayerCost::Dense, 51, 51, 1.70,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/fp8dyn-llama-3-3-70b--h100-80gb--tp4pp1dp1--8192.log"},
        {"G8", "Qwen3-8B bf16 (36 layers), H100 TP1, vLLM 0.19.0", 36, VllmGraphLayerCost::Dense,
         51, 51, 0.84,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/qwen-qwen3-8b--h100-80gb--tp1pp1dp1--8192.log"},
        {"G9", "Qwen2.5-7B-Instruct bf16 (28 layers), H100 TP1, vLLM 0.19.0", 28,
         VllmGraphLayerCost::Dense, 51, 51, 0.61,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/qwen-qwen2-5-7b-instruct--h100-80gb--tp1pp1dp1--8192.log"},
        {"G10", "Qwen2.5-72B-Instruct bf16 (80 layers), 2 x H100 TP2, vLLM 0.19.0", 80,
         VllmGraphLayerCost::Dense, 51, 51, 1.63,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/qwen-qwen2-5-72b-instruc--h100-80gb--tp2pp1dp1--8192.log"},
        {"G11", "gemma-2-2b-it bf16 (26 layers), H100 TP1, vLLM 0.19.0", 26,
         VllmGraphLayerCost::Dense, 51, 51, 0.52,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/google-gemma-2-2b-it--h100-80gb--tp1pp1dp1--8192.log"},
        {"G12", "gemma-2-9b-it bf16 (42 layers), H100 TP1, vLLM 0.19.0", 42,
         VllmGraphLayerCost::Dense, 51, 51, 0.84,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/google-gemma-2-9b-it--h100-80gb--tp1pp1dp1--8192.log"},
        {"G13", "gemma-3-4b-it bf16 (34 layers), H100 TP1, vLLM 0.19.0", 34,
         VllmGraphLayerCost::Dense, 51, 51, 0.70,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/google-gemma-3-4b-it--h100-80gb--tp1pp1dp1--8192.log"},
        {"G14", "gemma-3-12b-it bf16 (48 layers), H100 TP1, vLLM 0.19.0", 48,
         VllmGraphLayerCost::Dense, 51, 51, 1.02,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/google-gemma-3-12b-it--h100-80gb--tp1pp1dp1--8192.log"},
        {"G15", "gemma-3-27b-it bf16 (62 layers), H100 TP1, vLLM 0.19.0", 62,
         VllmGraphLayerCost::Dense, 51, 51, 1.05,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/google-gemma-3-27b-it--h100-80gb--tp1pp1dp1--8192.log"},
        {"G16", "phi-4 bf16 (40 layers), H100 TP1, vLLM 0.19.0", 40, VllmGraphLayerCost::Dense, 51,
         51, 0.81,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/microsoft-phi-4--h100-80gb--tp1pp1dp1--8192.log"},
        {"G17", "granite-3.1-2b bf16 (40 layers), H100 TP1, vLLM 0.19.0", 40,
         VllmGraphLayerCost::Dense, 51, 51, 1.60,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/granite-3-1-2b--h100-80gb--tp1pp1dp1--8192.log"},
        {"G18", "granite-3.1-8b bf16 (40 layers), H100 TP1, vLLM 0.19.0", 40,
         VllmGraphLayerCost::Dense, 51, 51, 0.74,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/granite-3-1-8b--h100-80gb--tp1pp1dp1--8192.log"},
        {"G19", "Mistral-Small-24B bf16 (40 layers), H100 TP1, vLLM 0.19.0", 40,
         VllmGraphLayerCost::Dense, 51, 51, 0.84,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/mistralai-mistral-small---h100-80gb--tp1pp1dp1--8192.log"},
        {"G20", "Kimi-Dev-72B bf16 (80 layers), 2 x H100 TP2, vLLM 0.19.0", 80,
         VllmGraphLayerCost::Dense, 51, 51, 1.63,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/moonshotai-kimi-dev-72b--h100-80gb--tp2pp1dp1--8192.log"},
        {"G21", "Kimi-Dev-72B bf16 (80 layers), 4 x H100 TP4, vLLM 0.19.0", 80,
         VllmGraphLayerCost::Dense, 51, 51, 1.51,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/moonshotai-kimi-dev-72b--h100-80gb--tp4pp1dp1--8192.log"},
        {"G22", "Qwen3-30B-A3B bf16 (MoE, GQA, 48 layers), H100 TP1, vLLM 0.19.0", 48,
         VllmGraphLayerCost::Moe, 51, 51, 1.24,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/qwen-qwen3-30b-a3b--h100-80gb--tp1pp1dp1--8192.log"},
        {"G23", "Mixtral-8x7B-Instruct bf16 (MoE, GQA, 32 layers), 2 x H100 TP2, vLLM 0.19.0", 32,
         VllmGraphLayerCost::Moe, 51, 51, 0.82,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/mistralai-mixtral-8x7b-i--h100-80gb--tp2pp1dp1--8192.log"},
        {"G24", "Qwen1.5-MoE-A2.7B bf16 (MoE, MHA, 24 layers), H100 TP1, vLLM 0.19.0", 24,
         VllmGraphLayerCost::Moe, 51, 51, 0.82,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/qwen-qwen1-5-moe-a2-7b--h100-80gb--tp1pp1dp1--8192.log"},
        {"G25",
         "gpt-oss-20b MXFP4 (MoE, GQA, 24 layers), 2 x H100 TP2, capture up to 1,024, vLLM 0.19.0",
         24, VllmGraphLayerCost::Moe, 83, 83, 1.09,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/openai-gpt-oss-20b--h100-80gb--tp2pp1dp1--8192.log"},
        {"G26",
         "Llama-4-Scout-17B-16E bf16 (MoE, 48 layers), 4 x H100 TP4, PIECEWISE only, vLLM 0.19.0",
         48, VllmGraphLayerCost::Moe, 51, 0, 1.09,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/meta-llama-llama-4-scout--h100-80gb--tp4pp1dp1--8192.log",
         "PIECEWISE graphs only (its chunked local attention runs no FULL graphs): 0.42 MiB per "
         "layer per further graph, twice the other GQA MoE rows; HostPlan's plan counts 51 FULL "
         "graphs too and lands at 1.24 GiB (+14 %)"},
        {"G27", "DeepSeek-V2-Lite bf16 (MoE, MLA, 27 layers), H100 TP1, vLLM 0.19.0", 27,
         VllmGraphLayerCost::Mla, 51, 51, 1.39,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/deepseek-ai-deepseek-v2---h100-80gb--tp1pp1dp1--8192.log"},
        {"G28", "Kimi-VL-A3B bf16 (MoE, MLA, 27 layers), H100 TP1, vLLM 0.19.0", 27,
         VllmGraphLayerCost::Mla, 51, 51, 1.19,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/moonshotai-kimi-vl-a3b-i--h100-80gb--tp1pp1dp1--8192.log"},
        {"G29", "Kimi-VL-A3B bf16 (MoE, MLA, 27 layers), 2 x H100 TP2, vLLM 0.19.0", 27,
         VllmGraphLayerCost::Mla, 51, 51, 1.04,
         "llm-d-incubation/llm-d-planner @ d3121e05 "
         "accuracy/results/v0.19.0/logs/moonshotai-kimi-vl-a3b-i--h100-80gb--tp2pp1dp1--8192.log"},
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
        const double est = double(vllmCudaGraphEstimateBytes(g, l.layers, l.cost)) / kBytesPerGiB;
        out.push_back({l.row, "CUDA-graph estimate GiB", l.setting, l.estimateGib, est,
                       kCudaGraphTol, l.source, l.cause});
    }
    return out;
}

inline std::string cudaGraphMarkdown(const std::vector<Check> &checks) {
    const std::string md =
        "\n## vLLM CUDA-graph estimate\n\n"
        "From v0.21 vLLM captures its CUDA graphs once before sizing the KV cache and takes "
        "the estimate out of the budget (HostPlan's vLLM 0.24 rules). HostPlan counts the "
        "graphs by vLLM's own capture sizes and costs each by two measured figures, a first "
        "capture and a per-graph cost per decoder layer (core/engine/vllmgraphs.cpp). The 41 "
        "published estimates below are the ones those figures were fitted to: C1-C12 first, "
        "then the 29 vLLM 0.19.0 H100 logs G1-G29 (every one prints its estimate), which split "
        "the per-layer cost by attention kind (0.16 MiB dense, 0.21 MiB GQA MoE, 0.43 MiB MLA); "
        "so the rows show the fit's spread, and only the dense G rows were out of sample. "
        "vLLM's own actual graph pool differs from its estimate by up to 2x in the same logs. "
        "Tolerance 45 %.\n\n"
        "| row | figure | setting | vLLM log | HostPlan | error | tolerance | status | source "
        "|\n|---|---|---|---|---|---|---|---|---|\n";
    return md + tableRows(checks);
}

} // namespace golden
