// SPDX-License-Identifier: MIT
// The MoE all-to-all backend's memory (engine/engine.h MoeA2a): vLLM's DeepEP buffers, inside
// its KV budget, and its batched expert workspace in the low-latency format, and the plan's
// note on what a backend changes where HostPlan does not count it (SGLang's lazily made
// DeepEP buffer, vLLM without attention DP). Used by vllm_memory.cpp and the plan.
#pragma once

#include "engine/enginememory.h"

#include <cstdint>
#include <string>

namespace hostplan {

/// Whether `engine` runs DeepEP (`a2a` other than MoeA2a::Default) on a layout of `ep`
/// expert-parallel GPUs and `dp` attention DP ranks, for a model with routed experts (`moe`),
/// under vLLM rule set `vllm` (read for vLLM only). The one predicate behind every DeepEP
/// effect the plan counts (shared-expert placement, buffers, sequence caps, CUDA graphs,
/// serve-cmd flags):
/// - SGLang: an MoE model at EP > 1 (`--moe-a2a-backend deepep` runs EP over TP,
///   server_args.py @ 6559e43f);
/// - vLLM: an MoE model at EP > 1 under attention DP > 1 (its all-to-all managers serve the
///   data-parallel MoE path only, distributed/device_communicators/all2all.py; at DP 1 the
///   layer all-reduces over TP), in a rule set whose releases have those managers and
///   VLLM_ALL2ALL_BACKEND: not the V0, 0.7 or 0.8 rules (v0.6.4 to v0.9.1, releases that
///   mostly predate vLLM's DeepEP managers of mid-2025);
/// - TensorRT-LLM: never (its plans ignore the setting).
bool deepepInUse(Engine engine, MoeA2a a2a, VllmProfile vllm, bool moe, std::uint32_t ep,
                 std::uint32_t dp);

/// Tokens per rank one DeepEP low-latency dispatch carries in vLLM before v0.20:
/// VLLM_MOE_DP_CHUNK_SIZE (vllm/envs.py, default 256); the MoE layer split larger DP batches
/// into chunks of it (fused_moe/layer.py use_dp_chunking). From v0.20 the dispatch carries
/// max_num_batched_tokens (fused_moe/config.py FusedMoEConfig.max_num_tokens).
inline constexpr std::uint64_t kVllmMoeDpChunkTokens = 256;

/// Device bytes on one GPU that vLLM's DeepEP all-to-all manager allocates outside torch
/// while the model loads (prepare_communication_buffer_for_model, before the profile, so
/// inside the KV budget), for `model`'s routed experts on a layout of `tp` GPUs per stage
/// (`gpusPerNode` on one node) with `dispatchTokens` per rank
/// (vllm/distributed/device_communicators/all2all.py DeepEPHTAll2AllManager /
/// DeepEPLLAll2AllManager _make_all2all_kwargs):
/// - low latency: the NVLink buffer VLLM_DEEPEP_BUFFER_SIZE_MB (1 GiB) plus DeepEP's RDMA
///   buffer get_low_latency_rdma_size_hint(T, H, ranks, E) = 2 x (align128(4E) + 2 E T (2H +
///   4H/128)) bytes (DeepEP csrc/config.hpp LowLatencyLayout: two buffers, each of a dispatch
///   and a combine region of E x T messages of bf16 hidden states with their fp32 scales):
///   3.55 GiB more for DeepSeek V3 (E 256, H 7168) at T 256;
/// - high throughput: the 1 GiB NVLink buffer, and as much again as RDMA buffer when the
///   expert group spans nodes (tp above gpusPerNode).
/// 0 for MoeA2a::Default or a model without routed experts.
std::uint64_t vllmMoeA2aBufferBytes(const ModelSpec &model, MoeA2a a2a, std::uint32_t tp,
                                    std::uint32_t gpusPerNode, std::uint64_t dispatchTokens);

/// The note on a plan's MoE all-to-all backend (`in.moeA2a`, any other than the default) under
/// `engine`, where it changes less than the setting suggests or costs what the plan does not
/// count: TensorRT-LLM plans and dense models ignore it; one GPU dispatches nothing; vLLM runs
/// it only with attention DP (at DP 1 the layout all-reduces over TP), and with DeepEP's
/// high-throughput kernels under DP turns CUDA graphs off (its start-up warning "WideEP:
/// Disabling CUDA Graphs since DeepEP high-throughput kernels are optimized for prefill",
/// which the plan follows, engineInputFor); SGLang's DeepEP buffer is created at the first
/// dispatch, after the KV pool is sized (layers/moe/token_dispatcher/deepep.py @ 6559e43f
/// _get_buffer), so it comes out of what mem_fraction_static leaves: in low-latency mode its
/// RDMA part for kSglangDeepepDispatchTokens per rank, by vllmMoeA2aBufferBytes' layout, in
/// GiB. Empty for the default backend and where nothing needs saying.
std::string moeA2aNote(Engine engine, const EngineMemoryInput &in);

/// Bytes of vLLM's batched expert workspace on one GPU in DeepEP's low-latency format, for
/// `dispatchTokens` per rank: the local experts' rows from every rank, E_local x ranks = E
/// (routed experts) blocks of T rows, ws13 (E, T, max(H, 2 I)) and ws2 (E, T, I) in bf16
/// (fused_moe/batched_deep_gemm_moe.py and fused_batched_moe.py workspace_shapes; the output
/// shares ws13), plus the dispatch's receive tensor (E, T, H + 4H/128), fp8 with scales when
/// the experts are FP8 block-quantized (1 B per element), else bf16 (2 B). One workspace per
/// GPU, shared by every MoE layer (the worker's workspace manager). 0 without routed experts.
std::uint64_t vllmBatchedMoeWorkspaceBytes(const ModelSpec &model, std::uint64_t dispatchTokens);

} // namespace hostplan
