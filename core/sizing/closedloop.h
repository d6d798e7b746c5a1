// SPDX-License-Identifier: MIT
// The closed loop of ServingModel::closedLoop split in two: the part that does not depend on the
// number of clients (request lengths, running-batch cap, one prompt's prefill chunks), built
// once per serving case, and the per-batch part (three engine steps). A batch search or a curve
// builds the case once and evaluates each running batch once (throughput.cpp); the points are
// bit for bit those of ServingModel::closedLoop, which is these two calls. Formulas: see the
// closed-loop paragraph of servingmodel.h.
#pragma once

#include "sizing/servingmodel.h"

namespace hostplan {

/// The batch-independent part of a closed loop on one ServingModel (all tokens per request,
/// FLOPs for the whole model).
struct ClosedLoopCase {
    double isl = 0;            ///< prompt tokens per request
    double osl = 1;            ///< output tokens per request, at least 1
    double ctx = 0;            ///< mean context of a running sequence
    double kvBatchCap = 0;     ///< ServingPoint::kvBatchCap
    double batchCap = 1;       ///< running-batch cap (ServingModel::batchCap)
    double fresh = 0;          ///< uncached prompt tokens, prefilled
    double prefillSteps = 0;   ///< ceil(fresh / chunk): steps of one prompt's prefill
    double chunkTokens = 0;    ///< prompt tokens in one of those steps
    double chunkAttnFlops = 0; ///< their attention FLOPs
    double freshAttnFlops = 0; ///< attention FLOPs of one prompt's fresh tokens
    StepContext stepContext;   ///< the step terms at ctx (ServingModel::stepContext)
    Speculation speculation;
};

/// The case of model.closedLoop(.., isl, osl, variableOsl, spec, cachedTokens); it holds
/// numbers only, no reference to `model`.
ClosedLoopCase closedLoopCase(const ServingModel &model, double isl, double osl, bool variableOsl,
                              const Speculation &spec, double cachedTokens);

/// Running batch of `concurrency` clients: the concurrency capped by the case's batchCap, at
/// least 1. A closed loop depends on the concurrency only through this.
double closedLoopBatch(const ClosedLoopCase &closedCase, double concurrency);

/// The closed loop at a running batch closedLoopBatch returned.
ServingPoint closedLoopAt(const ServingModel &model, const ClosedLoopCase &closedCase,
                          double runningBatch);

} // namespace hostplan
