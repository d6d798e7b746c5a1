// SPDX-License-Identifier: MIT
#include "sizing/closedloop.h"

#include <algorithm>
#include <cmath>

namespace hostplan {

ClosedLoopCase closedLoopCase(const ServingModel &model, double isl, double osl, bool variableOsl,
                              const Speculation &spec, double cachedTokens) {
    const StepFeatures &f = model.features();
    ClosedLoopCase cs;
    cs.isl = isl;
    cs.ctx = isl + (variableOsl ? osl : osl / 2.0);
    cs.stepContext = model.stepContext(cs.ctx);
    cs.kvBatchCap = model.kvBatchCap(f.reserveWholeRequest ? isl + osl : cs.ctx);
    cs.batchCap = model.batchCap(isl, osl, variableOsl);
    cs.osl = std::max(osl, 1.0);
    cs.speculation = spec;
    // Prefill of the uncached part of one prompt, in chunks; its tokens attend the whole prompt.
    cs.fresh = std::max(0.0, isl - std::max(cachedTokens, 0.0));
    cs.prefillSteps = cs.fresh > 0 ? std::ceil(cs.fresh / f.chunk) : 0.0;
    if (cs.prefillSteps > 0) {
        cs.chunkTokens = std::min(cs.fresh, f.chunk);
        cs.freshAttnFlops = model.prefillAttnFlops(isl) - model.prefillAttnFlops(isl - cs.fresh);
        cs.chunkAttnFlops = cs.freshAttnFlops * cs.chunkTokens / cs.fresh;
    }
    return cs;
}

double closedLoopBatch(const ClosedLoopCase &cs, double concurrency) {
    return std::max(1.0, std::min(concurrency, cs.batchCap));
}

ServingPoint closedLoopAt(const ServingModel &model, const ClosedLoopCase &cs, double c) {
    const StepFeatures &f = model.features();
    const double pp = f.pp;
    const StepContext &ctx = cs.stepContext;
    const double osl = cs.osl;
    ServingPoint p;
    p.kvBatchCap = cs.kvBatchCap;
    p.runningBatch = c;
    // One prompt's prefill steps, the other c - 1 sequences decoding in them.
    double tPf = 0;
    if (cs.prefillSteps > 0) {
        tPf = cs.prefillSteps *
              (pp > 1 ? pp * model.step((c - 1) / pp, ctx, cs.chunkTokens, cs.chunkAttnFlops)
                      : model.step(c - 1, ctx, cs.chunkTokens, cs.chunkAttnFlops));
    }
    // Decode step at the running batch; speculative decoding verifies 1 + k tokens per sequence
    // per step and keeps (1 - a^(k+1)) / (1 - a) of them on average (Leviathan et al. 2023).
    // The verify step runs the k draft tokens through every GEMM (weights and experts they
    // touch) and attends each over its sequence's context, but reads each sequence's KV cache
    // once: the 1 + k query tokens of a sequence share it in one attention kernel (SGLang's and
    // vLLM's target-verify forward is an extend of 1 + k tokens per request). Charging c x
    // (1 + k) whole sequences read the KV 1 + k times and made a memory-bound decode slower.
    const Speculation &spec = cs.speculation;
    double tDec = 0;
    double tokensPerStep = 1;
    if (spec.draftTokens > 0) {
        const double k = spec.draftTokens;
        const double a = std::clamp(spec.acceptance, 0.0, 0.999);
        tokensPerStep = (1.0 - std::pow(a, k + 1)) / (1.0 - a);
        const double drafts = c * k;
        const double verify =
            pp > 1 ? pp * model.step(c / pp, ctx, drafts / pp, drafts / pp * ctx.attnFlopsPerToken)
                   : model.step(c, ctx, drafts, drafts * ctx.attnFlopsPerToken);
        tDec = verify + k * spec.draftCost * model.decodeTokenSeconds(c, ctx);
    } else {
        tDec = model.decodeTokenSeconds(c, ctx);
    }
    p.stepSeconds = tDec;
    const double perToken = tDec / tokensPerStep;
    const double others = tPf - cs.prefillSteps * tDec; // prefill time beyond its decode steps
    const double interference = c > 1 ? (c - 1) / osl * (others > 0 ? others : 0.0) : 0.0;
    p.tpotSeconds = perToken + interference;
    // At many sequences, the engine packs several prompts into one step (up to the chunk): in
    // steady state each round of c output tokens carries c x fresh / OSL prompt tokens. When
    // that packed round is faster than charging each prompt its own steps, it is the TPOT.
    if (c > 1 && cs.fresh > 0 && spec.draftTokens == 0) {
        const double pfRound = c * cs.fresh / osl;
        const double attnRound = cs.freshAttnFlops * c / osl;
        const double split = std::max(1.0, (c + pfRound) / f.chunk);
        const double round =
            split * (pp > 1
                         ? pp * model.step(c / split / pp, ctx, pfRound / split, attnRound / split)
                         : model.step(c / split, ctx, pfRound / split, attnRound / split));
        p.tpotSeconds = std::min(p.tpotSeconds, round);
    }
    p.ttftSeconds = model.constants().requestS + tPf;
    const double cycle = p.ttftSeconds + (osl - 1) * p.tpotSeconds;
    p.outputTokensPerSecond = c * osl / cycle;
    return p;
}

ServingPoint ServingModel::closedLoop(double concurrency, double isl, double osl, bool variableOsl,
                                      const Speculation &spec, double cachedTokens) const {
    const ClosedLoopCase cs = closedLoopCase(*this, isl, osl, variableOsl, spec, cachedTokens);
    return closedLoopAt(*this, cs, closedLoopBatch(cs, concurrency));
}

} // namespace hostplan
