// SPDX-License-Identifier: MIT
// Whether an engine can shard a model's linear layers over tensor parallelism: every rank's
// share of a width must be whole, and whole quantization groups or FP8 blocks. vLLM and SGLang
// check this as they create the weights, before loading any, and refuse the TP otherwise.
#pragma once

#include "engine/engine.h"
#include "model/modelspec.h"
#include "sizing/memory.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hostplan {

/// Why `engine` refuses to shard `model`'s linear layers over TP `tp` with EP `ep` (ep > 1:
/// each routed expert stays whole on one rank, vLLM --enable-expert-parallel / SGLang
/// --ep-size), "" when it shards them. The widths checked, per rank:
/// - the dense MLP's and the shared experts' intermediate widths and, without EP, the routed
///   experts' (down_proj's input, gate / up's output) must divide by TP (vLLM
///   vllm/distributed/utils.py @ 5a6541db divide: "is not divisible by"). Shared experts stay
///   TP-sharded under EP in both engines (sgl-project/sglang#10852: Qwen3-Next-80B-A3B-FP8 at
///   TP 8 with EP, a shared-expert width of 512 / 8 = 64);
/// - FP8 block-scaled checkpoints (ModelSpec::fp8BlockRows x fp8BlockCols): the routed experts'
///   width per rank, without EP, must be a whole number of blocks along the output (block_n)
///   and, at TP > 1, along the input (block_k) (vLLM vllm/model_executor/layers/quantization/
///   fp8.py @ 1436674b Fp8MoEMethod.create_weights, "The output_size of gate's and up's weight
///   = 192 is not divisible by weight quantization block_n = 128"; SGLang
///   python/sglang/srt/layers/quantization/fp8.py @ d94a1535, the same check); the
///   row-parallel layers' input per rank (the dense and shared-expert down_proj, the attention
///   o_proj) must be whole block_k at TP > 1 (validate_fp8_block_shape in both engines'
///   fp8_utils.py, "Weight input_size_per_partition = 64 is not divisible by weight
///   quantization block_k = 128" for Qwen3.6-35B-A3B-FP8 at TP 8, vllm-project/vllm#52915);
/// - group-quantized INT8 / INT4 / INT2 weights (AWQ, GPTQ, compressed-tensors WNA16; the format's
///   groupSize): the row-parallel layers' input per rank must be whole groups (vLLM
///   vllm/model_executor/layers/quantization/awq.py @ 92d756e9 and gptq.py @ e5dd90be
///   create_weights, "The input size is not aligned with the quantized weight shape. This can
///   be caused by too large tensor parallel size."; SGLang's awq.py / gptq.py the same). vLLM's
///   routed INT4 experts without EP need whole groups per rank too: its Marlin MoE kernel
///   requires them (check_moe_marlin_supports_layer) and the moe_wna16 kernel it falls back to
///   checks `size_k % BLOCK_SIZE_K` with BLOCK_SIZE_K a multiple of the group
///   (csrc/moe/moe_wna16.cu @ d26c81b6), which stops its start-up profile
///   (vllm-project/vllm#17604: Qwen3-30B-A3B-AWQ at TP 4, 768 / 4 = 192 per GPU, groups of
///   128). SGLang's INT4 experts are not checked (its MoE fallback is not read).
/// Not checked: the column-parallel outputs (vLLM since PR #30836 lets merged gate / up and QKV
/// layers skip the block check, and a misaligned gate / up width fails the down_proj check
/// above first), linear-attention and DeepSeek V4 compressed layers. TensorRT-LLM: "" (its sharding
/// rules are not modelled). SGLang on ROCm with SGLANG_USE_AITER pads the experts instead; HostPlan
/// follows the default.
/// `split` names the TP a kind of layer is split by where it is not `tp` (shardSplitFor).
struct ShardSplit;
std::string tpShardProblem(Engine engine, const ModelSpec &model, std::uint32_t tp,
                           std::uint32_t ep, const ShardSplit &split);
std::string tpShardProblem(Engine engine, const ModelSpec &model, std::uint32_t tp,
                           std::uint32_t ep);

/// The TP each kind of layer is split by, where it differs from the plan's TP (0: the plan's
/// TP; 1: not split, whole on every GPU).
struct ShardSplit {
    std::uint32_t attention = 0;     ///< attention projections
    std::uint32_t dense = 0;         ///< the dense MLP layers
    std::uint32_t sharedExperts = 0; ///< the shared experts
};

/// How `engine` splits a plan of TP `tp` with attention DP `dp` and all-to-all backend `a2a`:
/// - vLLM with DP (--data-parallel-size dp --tensor-parallel-size tp / dp): every layer but
///   the routed experts is split by the TP inside a DP rank, tp / dp;
/// - SGLang: attention by the attention TP, tp / dp (deepseek_v2.py DeepseekV2AttentionMLA
///   get_attention_tp_size, @ 00114aef); the dense MLP by TP (without --moe-dense-tp-size);
///   the shared experts whole on every GPU under DeepEP (DeepseekV2MoE.__init__: "disable tp
///   for shared experts when enable deepep moe", tp_size=1), else by TP;
/// - TensorRT-LLM: the plan's TP (its rules are not modelled).
ShardSplit shardSplitFor(Engine engine, std::uint32_t tp, std::uint32_t dp, MoeA2a a2a);

/// The EP degree a plan at TP `tp` runs with when it turns expert parallelism on (EP = TP, as
/// layoutProblem allows), or 0 when it cannot: a dense model, TP 1, or routed experts TP does
/// not divide.
std::uint32_t expertParallelFor(const ModelSpec &model, std::uint32_t tp);

/// The largest TP below `tp` that divides it and whose shards `engine` accepts
/// (tpShardProblem), EP following that TP (expertParallelFor) when `expertParallel`, found by
/// halving `tp`; 0 when none does.
std::uint32_t narrowerShardedTp(Engine engine, const ModelSpec &model, std::uint32_t tp,
                                bool expertParallel);

/// `par` (a layout HostPlan chose, sizing/fit.h preferredLayout) with its TP halved and its PP
/// doubled over the same GPUs until `engine` shards `model` at that TP (tpShardProblem), EP
/// following TP where `par` runs EP (expertParallelFor); `par` itself when the engine shards it
/// or no narrower TP within the layers does. When it narrows, `warnings` gets a line saying
/// why.
Parallelism widestShardedLayout(Engine engine, const ModelSpec &model, Parallelism par,
                                std::vector<std::string> &warnings);

} // namespace hostplan
