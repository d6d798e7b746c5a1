// SPDX-License-Identifier: MIT
// vLLM's CUDA graphs at start-up: the capture sizes and the memory estimate vLLM 0.21 and later
// take out of the KV budget (the v0.24 rules of vllm_memory.cpp).
#pragma once

#include <cstdint>
#include <string>

namespace hostplan {

/// The CUDA graphs vLLM captures at start-up, by mode (vllm/config/vllm.py
/// _set_cudagraph_sizes, read at the v0.2x tree; gpu_model_runner.py profile_cudagraph_memory
/// logs them as "Profiling CUDA graph memory: PIECEWISE=n (largest=k), FULL=m (largest=j)").
struct VllmCudaGraphs {
    std::uint32_t piecewise = 0;        ///< PIECEWISE graphs: every capture size
    std::uint32_t largestPiecewise = 0; ///< tokens of the largest
    std::uint32_t full = 0;             ///< FULL graphs: the uniform-decode sizes
    std::uint32_t largestFull = 0;      ///< tokens of the largest
};

/// vLLM's capture sizes for `maxNumSeqs` running sequences, `speculativeTokens` drafted per
/// step and `maxBatchedTokens` per step: the largest is min(max_num_seqs x (1 + draft) x 2,
/// 512, batched tokens); the sizes 1, 2, 4, then every 8 below 256, then every 16 up to it.
/// FULL graphs (FULL_AND_PIECEWISE, the default from v0.11) are the sizes from 1 + draft up to
/// max_num_seqs x (1 + draft), uniform decode batches of 1 to max_num_seqs requests
/// (cudagraph_dispatcher.py initialize_cudagraph_keys); none when `fullGraphs` is false.
VllmCudaGraphs vllmCudaGraphSizes(std::uint32_t maxNumSeqs, std::uint32_t speculativeTokens,
                                  std::uint32_t maxBatchedTokens, bool fullGraphs);

/// vLLM's CUDA-graph memory estimate on one GPU (v0.21 on, VLLM_MEMORY_PROFILER_ESTIMATE_
/// CUDAGRAPHS on by default), which the worker takes out of the KV budget: per mode, one
/// first capture plus (n - 1) x the second capture's memory, the modes' first captures
/// overlaid (gpu_model_runner.py profile_cudagraph_memory: max(first) + sum(per-graph x
/// (n - 1))). `layers`: the decoder layers the GPU runs, MTP layers included. The capture
/// costs are measured, not derived: kVllmGraphFirstCapture* and kVllmGraphPerLayer*, the
/// least-worst fit to 12 published start-up logs of v0.19-v0.27 (dense and MoE, 1 to 102
/// graphs, 0.13 to 4.99 GiB estimated), each within 45 % of its log (docs/ACCURACY.md lists
/// them; vLLM's own actual pool differs from its estimate by up to 2x in the same logs).
std::uint64_t vllmCudaGraphEstimateBytes(const VllmCudaGraphs &graphs, std::uint32_t layers,
                                         bool moe);

struct EngineMemoryInput;
struct EngineMemoryTerms;

/// The plan note on vLLM 0.24's CUDA-graph estimate (`t` the terms vllmMemoryModel() gave for
/// `in`): the graphs counted, the estimate, and the range its measured capture costs leave
/// (45 % either way, the fit's worst row), which moves the KV pool by as much; how to turn the
/// estimate off. Empty for other rule sets and without graphs.
std::string vllmCudaGraphNote(const EngineMemoryInput &in, const EngineMemoryTerms &t);

} // namespace hostplan
