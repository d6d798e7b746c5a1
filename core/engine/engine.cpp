// SPDX-License-Identifier: MIT
#include "engine/engine.h"

#include "util/textutil.h"
#include "util/units.h"

namespace hostplan {

const std::vector<EngineInfo> &engines() {
    static const std::vector<EngineInfo> table = {
        {Engine::Vllm, "vllm", "vLLM", "V1 (v0.11)",
         "vllm/v1/worker/gpu_worker.py determine_available_memory; vllm/engine/arg_utils.py "
         "_set_default_args (vLLM documentation: gpu_memory_utilization 0.9, block_size 16)",
         MemoryPoolRule::FractionOfTotal, 0.9, 1, 16, 1024, 256,
         std::uint64_t(70 * kBytesPerGiB), "--gpu-memory-utilization", "--max-num-seqs", true,
         "a100"},
        // SGLang picks mem_fraction_static by GPU size (about 0.85-0.9 on 80-192 GB cards);
        // 0.88 is used here. page_size 1; mamba radix cache extra_buffer = 5 slots
        // (kimi-k3-facts.md section 6).
        {Engine::Sglang, "sglang", "SGLang", "v0.5",
         "sglang/srt/model_executor/model_runner.py profile_max_num_token; SGLang server "
         "arguments documentation",
         MemoryPoolRule::StaticPoolOfTotal, 0.88, 5, 1, 0, 0, 0, "--mem-fraction-static",
         "--max-running-requests", true, ""},
        {Engine::TensorRtLlm, "trtllm", "TensorRT-LLM", "1.0 (PyTorch backend)",
         "TensorRT-LLM KvCacheConfig.free_gpu_memory_fraction (default 0.9); trtllm-serve "
         "max_batch_size 2048; tokens_per_block 32",
         MemoryPoolRule::FractionOfFreeAfterLoad, 0.9, 1, 32, 2048, 2048, 0,
         "--kv_cache_free_gpu_memory_fraction", "--max_batch_size", false, ""},
    };
    return table;
}

const EngineInfo &engineInfo(Engine engine) {
    for (const EngineInfo &e : engines()) {
        if (e.engine == engine) {
            return e;
        }
    }
    return engines().front();
}

EngineDefaults engineDefaults(Engine engine) {
    const EngineInfo &e = engineInfo(engine);
    return {e.defaultMemoryFraction, e.stateSlotsPerRequest, e.kvBlockTokens};
}

std::uint32_t engineMaxSequences(Engine engine, const GpuSpec &gpu) {
    const EngineInfo &e = engineInfo(engine);
    const bool forcedSmall =
        !e.smallGpuIdPrefix.empty() && gpu.id.rfind(e.smallGpuIdPrefix, 0) == 0;
    return gpu.usableMemoryBytes >= e.largeGpuMinBytes && !forcedSmall ? e.maxSequencesLargeGpu
                                                                       : e.maxSequencesSmallGpu;
}

std::string engineName(Engine engine) {
    return std::string(engineInfo(engine).id);
}

std::string engineDisplayName(Engine engine) {
    return std::string(engineInfo(engine).displayName);
}

Result<Engine> parseEngine(std::string_view text) {
    const std::string s = asciiLower(text);
    for (const EngineInfo &e : engines()) {
        if (s == e.id) {
            return e.engine;
        }
    }
    if (s == "tensorrt-llm" || s == "tensorrt_llm") {
        return Engine::TensorRtLlm;
    }
    return makeError("engine", "unknown engine '" + std::string(text) +
                                   "' (expected vllm, sglang or trtllm)");
}

} // namespace hostplan
