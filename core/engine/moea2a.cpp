// SPDX-License-Identifier: MIT
#include "engine/moea2a.h"

#include "util/numbertext.h"
#include "util/units.h"

#include <algorithm>

namespace hostplan {

bool deepepInUse(Engine engine, MoeA2a a2a, VllmProfile vllm, bool moe, std::uint32_t ep,
                 std::uint32_t dp) {
    if (a2a == MoeA2a::Default || !moe || ep <= 1) {
        return false;
    }
    switch (engine) {
    case Engine::Sglang:
        return true;
    case Engine::Vllm:
        return dp > 1 && !vllmV0Rules(vllm) && vllm != VllmProfile::V1Early &&
               vllm != VllmProfile::V1v08;
    case Engine::TensorRtLlm:
        return false;
    }
    return false;
}

std::uint64_t vllmMoeA2aBufferBytes(const ModelSpec &model, MoeA2a a2a, std::uint32_t tp,
                                    std::uint32_t gpusPerNode, std::uint64_t dispatchTokens) {
    constexpr std::uint64_t kNvlBufferBytes = std::uint64_t(1) << 30; // VLLM_DEEPEP_BUFFER_SIZE_MB
    const std::uint64_t experts = model.experts.routed;
    if (a2a == MoeA2a::Default || experts == 0) {
        return 0;
    }
    if (a2a == MoeA2a::DeepepHighThroughput) {
        const bool internode = gpusPerNode > 0 && tp > gpusPerNode;
        return kNvlBufferBytes * (internode ? 2 : 1);
    }
    const std::uint64_t H = model.hiddenSize;
    const std::uint64_t message = 2 * H + 4 * H / 128; // bf16 hidden + fp32 scale per 128
    const std::uint64_t rdma =
        2 * (ceilDiv(4 * experts, 128) * 128 + 2 * experts * dispatchTokens * message);
    return kNvlBufferBytes + rdma;
}

std::string moeA2aNote(Engine engine, const EngineMemoryInput &in) {
    if (in.moeA2a == MoeA2a::Default || !in.model) {
        return {};
    }
    const std::string id(moeA2aId(in.moeA2a));
    if (engine == Engine::TensorRtLlm) {
        return "engine.moe_a2a_backend (" + id +
               ") is a vLLM and SGLang setting: the TensorRT-LLM plan ignores it";
    }
    if (!in.model->isMoe()) {
        return "the MoE all-to-all backend (" + id + ") changes nothing for a dense model";
    }
    if (in.ep <= 1) {
        return "one GPU per stage dispatches no tokens: the MoE all-to-all backend (" + id +
               ") changes nothing here";
    }
    if (engine == Engine::Vllm) {
        if (in.dp <= 1) {
            return "vLLM runs its all-to-all backend (" + id +
                   ") only with data parallelism; at attention DP 1 this layout all-reduces "
                   "over TP, so the plan counts no DeepEP buffers";
        }
        if (!deepepInUse(engine, in.moeA2a, in.vllmProfile, true, in.ep, in.dp)) {
            return "the plan's vLLM rules (" + std::string(vllmRules(in.vllmProfile).label) +
                   ") predate vLLM's DeepEP all-to-all managers: the MoE all-to-all backend (" +
                   id + ") changes nothing under them";
        }
        return in.moeA2a == MoeA2a::DeepepHighThroughput
                   ? "vLLM turns CUDA graphs off with DeepEP's high-throughput kernels under "
                     "data parallelism (\"WideEP: Disabling CUDA Graphs\"): the plan counts no "
                     "graph memory, and decoding small batches is slower than its speed "
                     "figures, which assume graphs; deepep_low_latency keeps them"
                   : std::string();
    }
    std::string note = "SGLang creates DeepEP's buffer at the first dispatch, after the KV pool "
                       "is sized, out of what --mem-fraction-static leaves";
    if (in.moeA2a == MoeA2a::DeepepLowLatency) {
        const std::uint64_t withNvl =
            vllmMoeA2aBufferBytes(*in.model, MoeA2a::DeepepLowLatency, in.tp, in.gpu.gpusPerNode,
                                  kSglangDeepepDispatchTokens);
        note += ": " + gibNoteText(withNvl - (std::uint64_t(1) << 30)) +
                " per GPU for the low-latency kernels at " +
                std::to_string(kSglangDeepepDispatchTokens) + " tokens per rank";
    }
    return note;
}

std::uint64_t vllmBatchedMoeWorkspaceBytes(const ModelSpec &model, std::uint64_t dispatchTokens) {
    const ExpertInfo &x = model.experts;
    if (x.routed == 0 || x.intermediate == 0) {
        return 0;
    }
    const std::uint64_t H = model.hiddenSize;
    const std::uint64_t I = x.intermediate;
    const std::uint64_t rows = std::uint64_t(x.routed) * dispatchTokens;
    const bool fp8 = std::any_of(model.groups.begin(), model.groups.end(), [](const auto &g) {
        return g.role == GroupRole::RoutedExperts && g.format.isFp8();
    });
    const std::uint64_t received = rows * (H + 4 * H / 128) * (fp8 ? 1 : 2);
    return rows * (std::max(H, 2 * I) + I) * 2 + received;
}

} // namespace hostplan
