// SPDX-License-Identifier: MIT
#include "sizing/replicafigures.h"

#include "engine/enginememory.h"
#include "sizing/fit.h"
#include "sizing/memory.h"
#include "util/numbertext.h"
#include "util/textutil.h"

#include <algorithm>

namespace hostplan {

ReplicaFigures replicaFigures(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &par,
                              std::uint32_t instance, const Scenario &s,
                              const Efficiency &efficiency) {
    ReplicaFigures f;
    // A layout whose flags the engine refuses before loading (TensorRT-LLM off NVIDIA GPUs, a
    // context above the model's maximum, ...) carries nothing, whatever its memory.
    const EngineStartup args =
        engineArgumentsCheck(s.engine.engine, engineInputFor(model, gpu, par, s));
    if (refusedBeforeLoading(args.outcome)) {
        f.memoryReason = args.message;
        return f;
    }
    const MemoryBreakdown mem = computeMemory(model, gpu, par, s);
    const std::uint32_t block = engineDefaults(s.engine.engine).kvBlockTokens;
    const std::uint64_t ctx = s.workload.contextTokens;
    f.memoryMaxBatch = mem.kvCapacityBytesPerGpu > 0 ? maxConcurrency(mem, ctx, block) : 0;
    if (f.memoryMaxBatch == 0) {
        f.memoryReason = mem.kvCapacityBytesPerGpu <= 0
                             ? "weights, activations and runtime need " +
                                   gbText(double(mem.perGpu.weights + mem.perGpu.activations +
                                                 mem.perGpu.runtime)) +
                                   " per GPU, more than the engine's budget of " +
                                   gbText(double(mem.budgetBytesPerGpu))
                             : "the KV room per GPU (" + gbText(double(mem.kvCapacityBytesPerGpu)) +
                                   ") holds no sequence of " + groupedText(ctx) +
                                   " tokens (one needs " +
                                   gbText(double(mem.cache.perSequencePerGpu(ctx))) + " per GPU)";
        return f;
    }
    // Each attention DP rank schedules its own max_num_seqs.
    const std::uint32_t engineCap = replicaSequenceCap(s, gpu, &model, par);
    const std::uint32_t limit =
        engineCap > 0 ? std::min(f.memoryMaxBatch, engineCap) : f.memoryMaxBatch;
    const ServingModel sm =
        servingModelFor(model, gpu, par, mem, s, instance, efficiency.constants);
    const ServingCase sc = servingCase(s.workload);
    f.latencyMaxBatch = maxBatchWithinTarget(sm, sc, s.workload.targetSecondsPerOutputToken, limit);
    if (f.latencyMaxBatch == 0) {
        f.speedReason = "one sequence at " + groupedText(ctx) + " tokens takes " +
                        formatDouble("%.1f", sc.at(sm, 1).tpotSeconds * 1e3) +
                        " ms per output token, slower than the " +
                        formatDouble("%.1f", s.workload.targetSecondsPerOutputToken * 1e3) +
                        " ms target";
        return f;
    }
    f.batch = f.latencyMaxBatch; // already capped by memory and the engine
    f.outputTokensPerMonth = sc.at(sm, f.batch).outputTokensPerSecond *
                             scheduledSecondsPerMonth(s) * s.workload.utilisation;
    return f;
}

} // namespace hostplan
