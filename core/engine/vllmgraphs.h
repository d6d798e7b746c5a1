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
/// step and `maxBatchedTokens` per step: the largest is min(`maxCaptureSize`, batched tokens),
/// `maxCaptureSize` 0 taking vLLM's default min(max_num_seqs x (1 + draft) x 2, 512)
/// (vllm/config/vllm.py _set_cudagraph_sizes; --max-cudagraph-capture-size, PR #26016); the
/// sizes 1, 2, 4, then every 8 below 256, then every 16 up to it.
/// FULL graphs (FULL_AND_PIECEWISE, the default from v0.11) are the sizes from 1 + draft up to
/// max_num_seqs x (1 + draft), uniform decode batches of 1 to max_num_seqs requests
/// (cudagraph_dispatcher.py initialize_cudagraph_keys); none when `fullGraphs` is false.
VllmCudaGraphs vllmCudaGraphSizes(std::uint32_t maxNumSeqs, std::uint32_t speculativeTokens,
                                  std::uint32_t maxBatchedTokens, bool fullGraphs,
                                  std::uint32_t maxCaptureSize);

/// What a further captured graph costs per decoder layer: the attention kind and the MoE
/// layers change the kernels each piecewise graph holds (vllmCudaGraphEstimateBytes).
enum class VllmGraphLayerCost {
    Dense, ///< dense GQA / MHA / hybrid layers
    Moe,   ///< MoE layers with GQA / MHA attention
    Mla,   ///< MLA attention (DeepSeek V2/V3, Kimi, GLM-5), MoE or not
};

/// The layer cost class of `model`: MLA if any layer group is MLA, else MoE if it routes
/// experts, else dense.
struct ModelSpec;
VllmGraphLayerCost vllmGraphLayerCost(const ModelSpec &model);

/// vLLM's CUDA-graph memory estimate on one GPU (v0.21 on, VLLM_MEMORY_PROFILER_ESTIMATE_
/// CUDAGRAPHS on by default), which the worker takes out of the KV budget: per mode, one
/// first capture plus (n - 1) x the second capture's memory, the modes' first captures
/// overlaid (gpu_model_runner.py profile_cudagraph_memory: max(first) + sum(per-graph x
/// (n - 1))). `layers`: the decoder layers the GPU runs, MTP layers included. The capture
/// costs are measured, not derived: kVllmGraphFirstCapture* and kVllmGraphPerLayer* (by
/// `cost`), fitted to 41 published start-up estimates of v0.19-v0.27 (dense, GQA MoE and MLA
/// models, 1 to 166 graphs, 0.13 to 4.99 GiB), 38 of them within 45 % of their log
/// (docs/ACCURACY.md lists them with the three misses' causes; vLLM's own actual pool differs
/// from its estimate by up to 2x in the same logs).
std::uint64_t vllmCudaGraphEstimateBytes(const VllmCudaGraphs &graphs, std::uint32_t layers,
                                         VllmGraphLayerCost cost);

struct EngineMemoryInput;
struct EngineMemoryTerms;

/// The CUDA graphs a vLLM worker of `in` captures (vllmCudaGraphSizes). FULL graphs need an
/// attention backend that runs them with speculative decoding; FlashInfer does not ("CUDAGraph
/// Mode.FULL_AND_PIECEWISE is not supported with spec-decode for attention backend
/// FlashInferBackend ...; setting cudagraph_mode=PIECEWISE", vLLM 0.24-0.27 logs on RTX 3090,
/// RTX 5090 and L40S, noonghunna/club-3090#1087), and vLLM picks FlashInfer for an FP8 KV cache
/// where FlashAttention 3 is missing (every GPU but Hopper); so a drafting plan with an FP8 KV
/// cache off Hopper captures PIECEWISE graphs only. An assumption from those logs: the backend
/// choice itself is not modelled. gpt-oss raises the largest capture size to 1,024 tokens
/// unless the plan sets one (vllm/model_executor/models/config.py
/// GptOssForCausalLMConfig.verify_and_update_config: "This will increase the number of CUDA
/// graphs from 67 to 83"; 83 PIECEWISE + 83 FULL in a vLLM 0.19.0 log on 2 x H100).
VllmCudaGraphs vllmStartupGraphs(const EngineMemoryInput &in);

/// The plan note on vLLM's CUDA-graph estimate from 0.21 (`t` the terms vllmMemoryModel() gave for
/// `in`): the graphs counted, the estimate, and the range its measured capture costs leave
/// (45 % either way, the fit's worst row), which moves the KV pool by as much; how to turn the
/// estimate off. Empty for other rule sets and without graphs.
std::string vllmCudaGraphNote(const EngineMemoryInput &in, const EngineMemoryTerms &t);

/// Whether vLLM refuses to capture its CUDA graphs because a hybrid model's decoding sequences
/// need more state blocks than its KV pool holds: max_num_seqs (in.maxNumSeqs) above
/// t.stateBlocks, under the rule sets from 0.20 (vllmV020Rules). vLLM from 0.20 raises
/// "max_num_seqs (N) exceeds available Mamba cache blocks (M). Each decode sequence requires one
/// Mamba cache block, so CUDA graph capture cannot proceed" after its memory profile
/// (vllm/config/compilation.py, resolving the CUDA-graph sizes, from determine_available_memory;
/// vLLM PR #38270 compares max_num_reqs with kv_cache_config.num_blocks, the whole pool's blocks,
/// which every state group shares). Published start-up logs of 0.20 to 0.28 show it
/// (Qwen3.5/3.6/3.8, Qwen3-Next, Nemotron-H, KDA models), and 0.17.1 started the same
/// configuration; golden rows P39 / P40 check the block count (+0.5 %, +2.0 %). False without state
/// layers or a pool.
bool vllmStateBlocksShort(const EngineMemoryInput &in, const EngineMemoryTerms &t);

/// The plan note for the 0.19 rule set: vLLM 0.20 and later refuse max_num_seqs above the
/// pool's state blocks (vllmStateBlocksShort, the 0.20 rules), 0.19 itself is not known to.
/// Empty when the blocks suffice, for other rule sets and without state layers.
std::string vllmStateBlocksNote(const EngineMemoryInput &in, const EngineMemoryTerms &t);

} // namespace hostplan
