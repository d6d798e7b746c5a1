// SPDX-License-Identifier: MIT
// llama.cpp plan as JSON (engine/llamacpp.h).
#include "engine/llamacpp.h"

namespace hostplan {

namespace {

nlohmann::ordered_json sideJson(const LlamaCppSide &s, std::uint64_t capacity) {
    nlohmann::ordered_json j;
    j["weights_bytes"] = s.weights;
    j["kv_cache_bytes"] = s.kvCache;
    j["recurrent_state_bytes"] = s.recurrentState; // of kv_cache_bytes
    j["output_buffer_bytes"] = s.outputBuffer;
    j["compute_bytes"] = s.compute;
    j["compute_high_bytes"] = s.computeHigh;
    j["runtime_bytes"] = s.runtime;
    j["mapped_weights_bytes"] = s.mappedWeights; // host: the file span llama.cpp maps
    j["total_bytes"] = s.total();
    j["total_high_bytes"] = s.totalHigh();
    j["capacity_bytes"] = capacity;
    j["fits"] = s.total() <= capacity;
    j["read_per_token_bytes"] = s.bytesPerToken;
    return j;
}

} // namespace

nlohmann::ordered_json llamaCppPlanJson(const LlamaCppInput &in, const LlamaCppPlan &p) {
    const ModelSpec &m = *in.model;
    const bool hasGpu = in.gpu && !in.host.unifiedMemory;
    nlohmann::ordered_json j;
    j["engine"] = "llama.cpp";
    if (p.build != 0) {
        j["engine_build"] = llamaBuildText(p.build); // only when named: older plans read as before
    }
    j["model"] = {{"id", m.id},
                  {"name", m.displayName},
                  {"architecture", m.architecture},
                  {"params", m.totalParams},
                  {"weights_bytes", m.weightBytes()},
                  {"weights_exact", p.weightsExact},
                  {"file", in.modelPath}};
    j["hardware"] = {{"gpu", hasGpu ? nlohmann::ordered_json(in.gpu->id) : nullptr},
                     {"gpu_count", hasGpu ? in.gpuCount : 0},
                     {"host", in.host.id},
                     {"host_memory_bytes", in.host.memoryBytes},
                     {"unified_memory", in.host.unifiedMemory}};
    j["context"] = {{"n_ctx", p.context},
                    {"per_slot", p.contextPerSlot},
                    {"slots", p.parallel},
                    {"unified_kv", p.unifiedKv},
                    {"default", in.context == 0},
                    {"rule", p.contextRule == LlamaContextRule::Explicit   ? "explicit"
                             : p.contextRule == LlamaContextRule::Training ? "training_context"
                                                                           : "fitted"},
                    {"training_context", p.trainingContext},
                    {"default_slots", p.defaultSlots},
                    {"rule_text", llamaContextRuleText(p)},
                    {"kv_type_k", p.kvTypeK},
                    {"kv_type_v", p.kvTypeV},
                    {"kv_bytes_per_token", p.kvBytesPerCell},
                    {"ubatch", in.ubatch},
                    {"batch", in.batch},
                    {"flash_attention", in.flashAttention},
                    {"swa_full", in.swaFull}};
    nlohmann::ordered_json placement;
    placement["ngl"] = p.gpuLayersFlag;
    placement["layers"] = p.layers;
    placement["layers_on_gpu"] = p.layersOnGpu;
    placement["layers_per_gpu"] = p.layersPerGpu;
    placement["output_on_gpu"] = p.outputOnGpu;
    placement["output_gpu"] = p.outputOnGpu ? nlohmann::ordered_json(p.outputGpu) : nullptr;
    placement["n_cpu_moe"] = p.cpuMoeLayers;
    placement["op_offload_copy"] = p.opOffloadCopy;
    // Pipeline parallelism: the scheduler's copies of the graph inputs and why (engine/llamacpp.h).
    placement["pipeline_copies"] = p.schedCopies;
    placement["pipeline_reason"] = p.pipelineWhy;
    placement["pipeline_copy_bytes"] = p.pipelineCopyBytes;
    placement["tensor_split"] = in.tensorSplit;
    placement["split_points"] = p.splitPoints;
    // --fit chose ngl, layers_per_gpu and the blocks whose experts stay in RAM.
    placement["fit_placed"] = p.fitPlaced;
    placement["fit_cpu_expert_layers"] = p.fitCpuExpertLayers;
    j["placement"] = std::move(placement);
    nlohmann::ordered_json gpus = nlohmann::ordered_json::array();
    for (const LlamaCppSide &g : p.perGpu) {
        gpus.push_back(sideJson(g, p.gpuCapacity));
    }
    j["memory"] = {{"gpus", std::move(gpus)},
                   {"host", sideJson(p.host, p.hostCapacity)},
                   {"output_buffer_max_bytes", p.outputBufferMax}};
    j["fits"] = p.fits();
    j["fits_gpu"] = p.fitsGpu;
    j["fits_host"] = p.fitsHost;
    j["architecture_known"] = p.architectureKnown; // false: llama.cpp refuses the GGUF
    j["speed"] = {{"gpu_bandwidth_bytes_per_s", p.gpuBandwidth},
                  {"host_bandwidth_bytes_per_s", p.hostBandwidth},
                  {"tokens_per_s_one_sequence_ceiling", p.tokensPerSecond},
                  {"tokens_per_s_all_slots_ceiling", p.aggregateTokensPerSecond},
                  {"host_time_share", p.hostTimeShare}};
    j["command"] = llamaServerCommand(in, p);
    nlohmann::ordered_json notes = nlohmann::ordered_json::array();
    for (const auto &n : p.notes) {
        notes.push_back(n);
    }
    for (const auto &n : m.notes) {
        notes.push_back(n);
    }
    j["notes"] = std::move(notes);
    return j;
}

} // namespace hostplan
