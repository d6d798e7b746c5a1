// SPDX-License-Identifier: MIT
// The layouts the layout search (layout.h) sizes for one replica: the one the engine rules
// give, and its attention data-parallel variant where that can serve more.
#pragma once

#include "model/hardware.h"
#include "model/modelspec.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "sizing/throughput.h"

#include <string>
#include <vector>

namespace hostplan {

/// The layouts the search tries for one replica of `base` (HostPlan's own choice, not pinned):
/// `base`, and for an MoE model on vLLM or SGLang with no attention DP given
/// (hardware.attention_dp 0: auto) the same GPUs with full attention DP, dp = tp with EP = TP
/// (one attention group per GPU, as the engines' DP-attention recipes run DeepSeek-style
/// models: SGLang `--tp 8 --dp 8 --enable-dp-attention`, vLLM `--data-parallel-size 8
/// --enable-expert-parallel`), where the layout rules allow it (PP 1), its weights fit `gpu`
/// and TP cannot split the model's KV (MLA's one latent, fewer KV heads than TP: each TP rank
/// holds every sequence's copy, where an attention DP rank holds only its own sequences'). The
/// ranking then keeps whichever serves the workload cheaper.
std::vector<Parallelism> searchedLayouts(const ModelSpec &model, const GpuSpec &gpu,
                                         const Parallelism &base, const Scenario &scenario);

/// The layout a plan runs on a GPU count the user fixed without TP or PP: `base` (HostPlan's
/// layout for the count, with the scenario's attention DP as base.dp), or its attention-DP
/// variant. For an MoE model whose `base` has PP > 1 the variant, and a pinned attention DP that
/// does not divide base.tp but divides TP x PP, take TP (and EP) over all the GPUs at PP 1, as
/// MoE replicas across nodes run (DeepSeek V3 on 16 H200: TP 8 x PP 2, or attention DP 16 on
/// TP 16). With attention DP auto (hardware.attention_dp 0) the variant (searchedLayouts)
/// is chosen where it serves more of the workload on the same GPUs: more output tokens per month
/// within the latency target (replicaFigures on instances of `instance` GPUs, `efficiency`),
/// or, where both serve as much (neither meets the target, or both carry the whole
/// workload), more sequences of the context in its KV room. On equal
/// GPUs this is the ranking the layout search applies by cost. `note` receives the plan's
/// note when the variant is chosen (both layouts' sequences and the flag that keeps TP
/// attention); left alone otherwise.
Parallelism fixedCountLayout(const ModelSpec &model, const GpuSpec &gpu, const Parallelism &base,
                             const Scenario &scenario, std::uint32_t instance,
                             const Efficiency &efficiency, std::string &note);

/// `par` as the scenario's engine can run its expert parallelism. vLLM rule sets whose releases
/// have no --enable-expert-parallel (VllmRules::expertParallelFlag empty: before v0.8.0, PR
/// #14305) shard every expert over TP, so a layout HostPlan chose (hardware.ep 0) takes EP 1
/// and a note in `warnings` says why; a pinned EP stays, and the start-up check refuses it as
/// the engine does (engineArgumentsCheck). `par` itself for every other engine and rule set.
Parallelism engineExpertParallel(const Parallelism &par, const Scenario &scenario,
                                 std::vector<std::string> &warnings);

} // namespace hostplan
