// SPDX-License-Identifier: MIT
// llama.cpp's --fit: the context it settles on when -c is unset and, when -ngl is not given, the
// layers and expert tensors it keeps off the GPU (engine/llamacpp.h has the memory rules).
//
// Source: common/fit.cpp @ 08033df02cc32f3706271c068aaeaeecf94922a1, common_params_fit_impl
// (read). In order:
// 1. It projects each device's model + context + compute bytes at the initial parameters
//    (-ngl unset = every layer); when every device keeps its target free (--fit-target,
//    1 GiB), nothing changes.
// 2. With -c unset it lowers the context (the interpolation in planLlamaCpp). With one device
//    it stops there when that suffices; with several it goes on to step 3 whatever the result.
//    With -c given, the context stays. Without a GPU it stops here (fails when even that does
//    not fit: "was unable to fit model into system memory by reducing context").
// 3. It gives up ("already set by user, abort", the context change kept) when -ngl was given,
//    with several GPUs when --tensor-split was given, and when any tensor-buffer override was
//    given (--n-cpu-moe and -ot are overrides). Otherwise it fills the devices back to front,
//    last device first, each with the most layers (counting the output layer as one, on the
//    last device) that keep its target free; its tensor split is then those counts. For a
//    MoE model the layers of this step are "dense-only": their routed-expert tensors
//    (ffn_*_exps) stay in RAM; the pattern list puts each device's first layers full and the
//    rest dense-only, so on the last device its first block keeps its experts.
// 4. A MoE model whose dense weights alone leave a surplus (all layers on the GPUs, every
//    expert tensor in RAM) then turns dense-only layers back into full ones front to back:
//    each device from the first takes the most full layers that keep its target free.
//    Not modelled: its last try, one more layer with only part of its FFN in RAM
//    (LAYER_FRACTION_UP / GATE / ATTN), worth at most two thirds of one layer's experts.
// fit.cpp searches by false position; for memory that grows with layers that finds the same
// largest fitting count as the bisection here. llama.cpp measures free memory at start; HostPlan
// takes the card's usable memory less its assumed runtime (kLlamaGpuRuntimeGiB). llama.cpp
// never checks system RAM here: a plan whose RAM share does not fit does not start.
#include "engine/llamacpp.h"
#include "engine/llamacpp_detail.h"

#include "util/numbertext.h"
#include "util/units.h"

#include <algorithm>
#include <numeric>

namespace hostplan {

namespace {

/// Bytes --fit counts on the devices it fits to: each GPU's model, context and compute
/// buffers (the runtime is already outside the free memory it compares with), or the host's
/// without a GPU; and the free memory less the margin, summed the same way. With several GPUs
/// the target also gives up (GPUs + 1) x half a layer (a sixth of one for MoE models) for the
/// whole layers each device must take (common_params_fit_impl @ 08033df0, see above).
struct FitSums {
    std::int64_t used = 0;
    std::int64_t target = 0;
    bool fits = true; ///< every device keeps its margin
};

/// One GPU's bytes as --fit counts them, and its target (free memory less the margin).
std::int64_t deviceUsed(const LlamaCppSide &g) {
    return std::int64_t(g.total() - g.runtime);
}
std::int64_t deviceTarget(const LlamaCppPlan &p) {
    return std::int64_t(p.gpuCapacity) - std::int64_t(gib(kLlamaGpuRuntimeGiB)) -
           std::int64_t(kLlamaFitMarginBytes);
}

FitSums fitSums(const LlamaCppPlan &p, const ModelSpec &m) {
    FitSums f;
    const std::int64_t margin = std::int64_t(kLlamaFitMarginBytes);
    if (p.perGpu.empty()) {
        f.used = std::int64_t(p.host.total());
        f.target = std::int64_t(p.hostCapacity) - margin;
        f.fits = f.used <= f.target;
        return f;
    }
    std::int64_t model = 0;
    for (const LlamaCppSide &g : p.perGpu) {
        const std::int64_t used = deviceUsed(g);
        const std::int64_t target = std::int64_t(p.gpuCapacity - g.runtime) - margin;
        f.used += used;
        f.target += target;
        f.fits = f.fits && used <= target;
        model += std::int64_t(g.weights);
    }
    const std::int64_t nd = std::int64_t(p.perGpu.size());
    const std::uint32_t layers = std::min(p.gpuLayersFlag, p.layers); // -ngl, at most n_layer
    if (nd > 1 && layers > 0) {
        const std::int64_t perLayer = model / std::int64_t(layers);
        f.target -= (nd + 1) * perLayer / (m.isMoe() ? 6 : 2);
    }
    return f;
}

/// Whether --fit may place the layers of `in` (step 3's conditions, see above).
bool fitMayPlace(const LlamaCppInput &in) {
    const bool userSplit =
        in.gpuCount > 1 &&
        std::any_of(in.tensorSplit.begin(), in.tensorSplit.end(), [](double v) { return v != 0; });
    return in.model && in.gpu && !in.host.unifiedMemory && !in.gpuLayers && in.cpuMoeLayers == 0 &&
           !userSplit && llamaFollows(in.build, LlamaRule::FitPlacement);
}

/// --fit's layers per device: nLayer counts the output layer (on the last device), nPart of
/// them are dense-only (experts in RAM), after the device's nLayer - nPart full ones.
struct FitLayout {
    std::vector<std::uint32_t> nLayer;
    std::vector<std::uint32_t> nPart;
};

/// A layout as -ngl, tensor split and per-block expert overrides (set_ngl_tensor_split_tbo in
/// fit.cpp): the GPU layers start at block n_layer + 1 - ngl; each device's full layers come
/// first, then its dense-only ones; the output layer's index (n_layer) matches no block.
LlamaCppInput layoutInput(const LlamaCppInput &base, const FitLayout &l,
                          std::vector<bool> &cpuExperts) {
    LlamaCppInput in = base;
    const std::uint32_t layers = base.model->numLayers;
    const std::uint32_t ngl = std::accumulate(l.nLayer.begin(), l.nLayer.end(), 0u);
    in.gpuLayers = ngl;
    if (l.nLayer.size() > 1) {
        in.tensorSplit.assign(l.nLayer.begin(), l.nLayer.end());
    }
    cpuExperts.assign(layers, false);
    std::uint32_t il = layers + 1 - ngl;
    for (std::size_t d = 0; d < l.nLayer.size(); ++d) {
        il += l.nLayer[d] - l.nPart[d];
        for (std::uint32_t k = 0; k < l.nPart[d]; ++k, ++il) {
            if (il < layers) {
                cpuExperts[il] = true;
            }
        }
    }
    return in;
}

/// --fit compares only the device it is filling with its target (mem_test[id] <= targets[id]
/// in common_params_fit_impl @ 08033df0). When its last step leaves no tensor override, every
/// layer on the GPUs turns pipeline parallelism on, whose graph-input copies then grow GPUs it
/// had already checked; `p` (the final layout) gets a note naming each GPU past its target.
void noteLateOverrun(LlamaCppPlan &p) {
    if (p.schedCopies <= 1) {
        return;
    }
    std::string over;
    for (std::size_t d = 0; d < p.perGpu.size(); ++d) {
        const std::int64_t used = deviceUsed(p.perGpu[d]);
        if (used > deviceTarget(p)) {
            over += (over.empty() ? "" : ", ") + std::string("GPU ") + std::to_string(d) + " (" +
                    formatDouble("%.2f", toGiB(double(used))) + " GiB against --fit's target " +
                    formatDouble("%.2f", toGiB(double(deviceTarget(p)))) + " GiB)";
        }
    }
    if (!over.empty()) {
        p.notes.push_back(
            "--fit checks each GPU only while it fills it; its last step leaves no tensor "
            "override, which turns pipeline parallelism on (n_copies " +
            std::to_string(p.schedCopies) +
            ") and grows the compute buffers of GPUs it had "
            "already checked: " +
            over +
            ". llama.cpp would run out of memory at start; a smaller -c, -np or an explicit "
            "--tensor-split avoids it (see the verdict)");
    }
}

/// Places the layers of `in` (its context settled) as --fit does, steps 3 and 4 above.
Result<LlamaCppPlan> fitPlacement(const LlamaCppInput &in) {
    const ModelSpec &m = *in.model;
    const std::uint32_t nd = in.gpuCount;
    const std::uint32_t all = m.numLayers + 1;
    const bool moe = m.isMoe() && m.experts.routed > 0;
    std::vector<bool> mask;
    // Whether device d keeps its target free with layout l.
    const auto fits = [&](const FitLayout &l, std::uint32_t d) -> Result<bool> {
        HOSTPLAN_TRY(p, llamaPlanAt(layoutInput(in, l, mask), mask));
        return deviceUsed(p.perGpu[d]) <= deviceTarget(p);
    };
    // The largest n in [0, hi] for which make(n) fits device d (make(0) taken as fitting).
    const auto largest = [&](std::uint32_t hi, std::uint32_t d,
                             const auto &make) -> Result<std::uint32_t> {
        HOSTPLAN_TRY(top, fits(make(hi), d));
        if (top) {
            return hi;
        }
        std::uint32_t lo = 0;
        while (hi - lo > 1) {
            const std::uint32_t mid = lo + (hi - lo) / 2;
            HOSTPLAN_TRY(ok, fits(make(mid), d));
            (ok ? lo : hi) = mid;
        }
        return lo;
    };

    FitLayout l{std::vector<std::uint32_t>(nd, 0), std::vector<std::uint32_t>(nd, 0)};
    for (std::uint32_t d = nd; d-- > 0;) {
        std::uint32_t unassigned = all;
        for (std::uint32_t j = d + 1; j < nd; ++j) {
            unassigned -= l.nLayer[j];
        }
        const auto withLayers = [&, d](std::uint32_t k) {
            FitLayout t = l;
            t.nLayer[d] = k;
            t.nPart[d] = !moe ? 0 : d + 1 < nd ? k : (k ? k - 1 : 0);
            return t;
        };
        HOSTPLAN_TRY(k, largest(unassigned, d, withLayers));
        l = withLayers(k);
    }

    std::int64_t surplus = 0;
    if (moe) {
        // Every layer on the GPUs with every expert tensor in RAM (the default split).
        LlamaCppInput dense = in;
        dense.gpuLayers.reset();
        HOSTPLAN_TRY(d, llamaPlanAt(dense, std::vector<bool>(m.numLayers, true)));
        for (const LlamaCppSide &g : d.perGpu) {
            surplus += deviceTarget(d) - deviceUsed(g);
        }
    }
    if (surplus > 0) {
        std::uint32_t denseStart = nd;
        for (std::uint32_t d = nd; d-- > 0 && l.nLayer[d] > 0;) {
            denseStart = d;
        }
        for (std::uint32_t id = 0; denseStart < nd && id <= denseStart; ++id) {
            // Turn c dense-only layers, from denseStart on, into full layers of device id.
            std::uint32_t convertible = 0;
            for (std::uint32_t j = denseStart; j < nd; ++j) {
                convertible += l.nPart[j];
            }
            std::uint32_t nextStart = denseStart;
            const auto converted = [&, id](std::uint32_t c) {
                FitLayout t = l;
                std::uint32_t j = denseStart;
                for (; j < nd; ++j) {
                    const std::uint32_t n = std::min(c, t.nPart[j]);
                    t.nLayer[j] -= n;
                    t.nPart[j] -= n;
                    t.nLayer[id] += n;
                    c -= n;
                    if (t.nPart[j] > 0) {
                        break;
                    }
                }
                nextStart = j;
                return t;
            };
            HOSTPLAN_TRY(c, largest(convertible, id, converted));
            l = converted(c);
            denseStart = nextStart;
        }
    }
    HOSTPLAN_TRY(p, llamaPlanAt(layoutInput(in, l, mask), mask));
    p.fitPlaced = true;
    noteLateOverrun(p);
    for (std::uint32_t il = 0; il < mask.size(); ++il) {
        if (mask[il] && il + p.layersOnGpu >= p.layers) { // only blocks on a GPU
            p.fitCpuExpertLayers.push_back(il);
        }
    }
    return p;
}

/// `p` when every GPU keeps --fit's target free or --fit may not place `in`'s layers, else
/// the placement --fit chooses at `p`'s context; with several GPUs `always` places regardless
/// (step 2 goes on to step 3).
Result<LlamaCppPlan> placed(LlamaCppPlan p, const LlamaCppInput &in, bool always) {
    if (!fitMayPlace(in) || (!always && fitSums(p, *in.model).fits)) {
        return p;
    }
    LlamaCppInput at = in;
    at.context = p.context;
    HOSTPLAN_TRY(q, fitPlacement(at));
    q.contextRule = p.contextRule;
    q.trainingContext = p.trainingContext;
    q.defaultSlots = p.defaultSlots;
    return q;
}

} // namespace

std::uint64_t llamaTrainingContext(const ModelSpec &spec) {
    return spec.maxContextTokens ? spec.maxContextTokens : kLlamaDefaultContext;
}

Result<LlamaCppPlan> planLlamaCpp(const LlamaCppInput &in) {
    LlamaCppInput asked = in;
    const bool defaultSlots = in.parallel == 0;
    if (defaultSlots) {
        // llama-server with neither -np nor -kvu: 4 slots in one unified KV cache.
        asked.parallel = kLlamaServerDefaultSlots;
        asked.unifiedKv = true;
    }
    if (in.context != 0 || !in.model) {
        HOSTPLAN_TRY(plan, llamaPlanAt(asked, {}));
        plan.defaultSlots = defaultSlots;
        return placed(std::move(plan), asked, false);
    }
    // -c unset: n_ctx 0 = the training context; --fit (on by default) then lowers it, no
    // further than 4096, when the devices would keep less than the 1 GiB margin. With one KV
    // stream per slot (-np N without -kvu) every bound is per stream: N x the training context
    // down to N x 4096, in steps of N x 256 (common/fit.cpp @ 08033df0).
    const std::uint64_t streams =
        llamaUnifiedKv(asked) ? 1 : std::max<std::uint32_t>(asked.parallel, 1);
    const std::uint64_t train = llamaTrainingContext(*in.model);
    const std::uint64_t maxCtx = train * streams;
    const std::uint64_t minCtx = std::uint64_t(kLlamaFitMinContext) * streams;
    asked.context = maxCtx;
    HOSTPLAN_TRY(full, llamaPlanAt(asked, {}));
    LlamaCppPlan p = std::move(full);
    p.trainingContext = train;
    p.defaultSlots = defaultSlots;
    p.contextRule = LlamaContextRule::Training;
    const FitSums atTrain = fitSums(p, *in.model);
    if (atTrain.fits || maxCtx <= minCtx) {
        return placed(std::move(p), asked, false);
    }
    asked.context = minCtx;
    HOSTPLAN_TRY(atMin, llamaPlanAt(asked, {}));
    const FitSums min = fitSums(atMin, *in.model);
    std::uint64_t ctx = minCtx;
    const bool lowered = min.target > min.used && atTrain.used > min.used;
    if (lowered) {
        // Linear between the minimum and the training context, rounded down to 256 x streams.
        // In 128 bits: a training context near 2^40 times tens of GiB overflows 64.
        __extension__ using U128 = unsigned __int128;
        ctx += std::uint64_t(U128(maxCtx - minCtx) * U128(min.target - min.used) /
                             U128(atTrain.used - min.used));
        const std::uint64_t align = 256 * streams;
        ctx = std::max<std::uint64_t>(ctx - ctx % align, minCtx);
    }
    asked.context = ctx;
    HOSTPLAN_TRY(fitted, llamaPlanAt(asked, {}));
    fitted.trainingContext = train;
    fitted.defaultSlots = defaultSlots;
    fitted.contextRule = LlamaContextRule::Fitted;
    // One device: the context alone did it when the interpolation found room; several: --fit
    // goes on to place the layers.
    const bool several = fitted.perGpu.size() > 1;
    if (lowered && !several) {
        return fitted;
    }
    return placed(std::move(fitted), asked, several);
}

std::optional<std::uint64_t> largestFittingContext(LlamaCppInput in, std::uint64_t below) {
    if (!in.model || below <= kLlamaKvPadding) {
        return std::nullopt;
    }
    // lo x padding fits (0: none found yet); hi x padding reaches `below`.
    std::uint64_t lo = 0;
    std::uint64_t hi = (below - 1) / kLlamaKvPadding + 1;
    while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        in.context = mid * kLlamaKvPadding;
        const auto p = planLlamaCpp(in);
        (p.ok() && p->fits() ? lo : hi) = mid;
    }
    return lo ? std::optional<std::uint64_t>(lo * kLlamaKvPadding) : std::nullopt;
}

namespace {

/// The first n in [lo, hi] for which pred(n) holds, pred false below some n and true from it
/// on (monotone); hi + 1 when none. About log2(hi - lo) calls: a model of 65,536 layers takes
/// 17 plans, not one per layer.
template <class Pred>
std::uint64_t firstTrue(std::uint64_t lo, std::uint64_t hi, const Pred &pred) {
    std::uint64_t end = hi + 1;
    while (lo < end) {
        const std::uint64_t mid = lo + (end - lo) / 2;
        if (pred(mid)) {
            end = mid;
        } else {
            lo = mid + 1;
        }
    }
    return end;
}

} // namespace

std::optional<std::uint32_t> largestFittingGpuLayers(LlamaCppInput in) {
    if (!in.model) {
        return std::nullopt;
    }
    // GPU memory grows with -ngl and RAM shrinks, so the plans that fit are a range of -ngl:
    // the largest that fits the GPU is the answer when the host holds the rest there.
    const std::uint32_t all = in.model->numLayers + 1;
    const auto plan = [&in](std::uint32_t k) {
        in.gpuLayers = k;
        return planLlamaCpp(in);
    };
    const std::uint64_t over = firstTrue(0, all, [&](std::uint64_t k) {
        const auto p = plan(std::uint32_t(all - k));
        return p.ok() && p->fitsGpu;
    });
    if (over > all) {
        return std::nullopt; // not even -ngl 0 fits the GPU
    }
    const auto k = std::uint32_t(all - over);
    const auto p = plan(k);
    return p.ok() && p->fits() ? std::optional<std::uint32_t>(k) : std::nullopt;
}

std::optional<std::uint32_t> smallestFittingCpuMoe(LlamaCppInput in) {
    if (!in.model || !in.model->isMoe()) {
        return std::nullopt;
    }
    in.gpuLayers = in.model->numLayers + 1; // every layer: --fit must not move any
    // GPU memory shrinks with --n-cpu-moe and RAM grows: the smallest that fits the GPU is the
    // answer when the host holds those experts.
    const auto plan = [&in](std::uint32_t k) {
        in.cpuMoeLayers = k;
        return planLlamaCpp(in);
    };
    const std::uint64_t k = firstTrue(0, in.model->numLayers, [&](std::uint64_t n) {
        const auto p = plan(std::uint32_t(n));
        return p.ok() && p->fitsGpu;
    });
    if (k > in.model->numLayers) {
        return std::nullopt;
    }
    const auto p = plan(std::uint32_t(k));
    return p.ok() && p->fits() ? std::optional<std::uint32_t>(std::uint32_t(k)) : std::nullopt;
}

} // namespace hostplan
