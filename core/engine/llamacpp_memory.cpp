// SPDX-License-Identifier: MIT
// llama.cpp memory split and speed (rules and sources in engine/llamacpp.h).
#include "engine/llamacpp.h"
#include "engine/llamacpp_detail.h"
#include "import/ggufarchs.h"

#include "util/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <string>

namespace hostplan {

namespace {

std::uint64_t sumRole(const ModelSpec &m, GroupRole role) {
    std::uint64_t s = 0;
    for (const auto &g : m.groups) {
        if (g.role == role) {
            s += g.bytes();
        }
    }
    return s;
}

std::uint64_t applyExpertFraction(std::uint64_t bytes, const ModelSpec &m) {
    if (!m.isMoe() || m.experts.routed == 0) {
        return bytes;
    }
    const double f =
        double(std::min(m.experts.activePerToken, m.experts.routed)) / m.experts.routed;
    return std::uint64_t(double(bytes) * f);
}

/// The normalised running sums of the split (see llamacpp.h), one per GPU; empty without a GPU.
Result<std::vector<double>> llamaSplitPoints(const LlamaCppInput &in, bool hasGpu) {
    if (in.gpuCount < 1 || in.gpuCount > kLlamaMaxGpus) {
        return makeError("--gpus", std::to_string(in.gpuCount) + " GPUs (llama.cpp takes 1 to " +
                                       std::to_string(kLlamaMaxGpus) + ")");
    }
    if (!in.tensorSplit.empty() && in.tensorSplit.size() != in.gpuCount) {
        return makeError("--tensor-split", std::to_string(in.tensorSplit.size()) +
                                               " proportions for " + std::to_string(in.gpuCount) +
                                               " GPUs (give one per GPU)");
    }
    std::vector<double> split(in.gpuCount, 1.0); // identical GPUs: equal free memory
    double sum = 0;
    for (std::size_t i = 0; i < in.tensorSplit.size(); ++i) {
        const double v = in.tensorSplit[i];
        if (!std::isfinite(v) || v < 0 || v > 1e6) {
            return makeError("--tensor-split", "proportion " + std::to_string(i + 1) +
                                                   " must be a finite number from 0 to 1000000");
        }
        sum += v;
    }
    if (!in.tensorSplit.empty() && sum > 0) {
        split = in.tensorSplit; // all zero: llama.cpp falls back to free memory
    }
    if (!hasGpu) {
        return std::vector<double>{};
    }
    // In float, as llama.cpp sums and divides, so that a layer on a split point lands where it
    // does there.
    std::vector<float> points(split.size());
    float running = 0;
    for (std::size_t i = 0; i < split.size(); ++i) {
        running += float(split[i]);
        points[i] = running;
    }
    for (std::size_t i = 0; i < split.size(); ++i) {
        split[i] = double(points[i] / running);
    }
    return split;
}

} // namespace

std::vector<std::string> llamaKvCacheTypes() {
    return {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"};
}

Result<const gguf::GgmlType *> parseLlamaKvType(std::string_view name) {
    std::string list;
    for (const auto &t : llamaKvCacheTypes()) {
        if (const gguf::GgmlType *g = gguf::ggmlTypeByName(name); g && g->name == t) {
            return g;
        }
        list += (list.empty() ? "" : ", ") + t;
    }
    return makeError("--kv-type", "unknown KV cache type '" + std::string(name) +
                                      "' (llama.cpp accepts " + list + ")");
}

namespace {

/// The largest tensors op offload copies (LlamaCppWeights, see llamacpp.h): the checkpoint's
/// own (GGUF) when it lists them, else from the filled per-layer bytes: an expert tensor is a
/// third of a layer's experts (gate, up, down); another weight is its group's bytes per layer
/// over the group's projections (3 for an MLP, 4 for attention).
void addCopyTensors(const ModelSpec &m, LlamaCppWeights &w) {
    const std::size_t n = w.layer.size();
    if (w.exact && m.layerLargestTensor.size() == n && m.layerLargestExpertTensor.size() == n) {
        w.layerTensor = m.layerLargestTensor;
        w.layerExpertTensor = m.layerLargestExpertTensor;
        return;
    }
    w.layerExpertTensor.assign(n, 0);
    w.layerTensor.assign(n, 0);
    if (n == 0) {
        return;
    }
    const std::uint64_t moeLayers =
        m.isMoe() ? std::min<std::uint64_t>(m.experts.moeLayers ? m.experts.moeLayers : n, n) : 0;
    const std::uint64_t denseLayers = n - moeLayers;
    std::uint64_t dense = sumRole(m, GroupRole::Attention) / n / 4;
    if (denseLayers) {
        dense = std::max(dense, sumRole(m, GroupRole::DenseMlp) / denseLayers / 3);
    }
    if (moeLayers) {
        dense = std::max(dense, sumRole(m, GroupRole::SharedExperts) / moeLayers / 3);
    }
    for (std::size_t i = 0; i < n; ++i) {
        w.layerExpertTensor[i] = ceilDiv(w.layerExperts[i], std::uint64_t(3));
        w.layerTensor[i] = std::min(dense, w.layer[i]);
    }
}

/// The host's mapped span (LlamaCppSide::mappedWeights): over each split file, from the first
/// byte of the first tensor kept in RAM to the last byte of the last. 0 without a tensor table.
std::uint64_t mappedSpan(const ModelSpec &m, const std::vector<bool> &layerInRam,
                         const std::vector<bool> &expertsInRam, bool outputInRam) {
    struct Span {
        std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
        std::uint64_t last = 0;
    };
    std::vector<Span> parts;
    for (const FileTensor &t : m.fileTensors) {
        using U = FileTensor::Unit;
        const bool inLayer = t.layer < layerInRam.size();
        const bool inRam = t.unit == U::Input || (t.unit == U::Output && outputInRam) ||
                           (t.unit == U::Layer && inLayer && layerInRam[t.layer]) ||
                           (t.unit == U::LayerExperts && inLayer && expertsInRam[t.layer]);
        if (!inRam || t.bytes == 0) {
            continue;
        }
        if (t.part >= parts.size()) {
            parts.resize(std::size_t(t.part) + 1);
        }
        parts[t.part].first = std::min(parts[t.part].first, t.offset);
        parts[t.part].last = std::max(parts[t.part].last, t.offset + t.bytes);
    }
    std::uint64_t span = 0;
    for (const Span &s : parts) {
        span += s.last > s.first ? s.last - s.first : 0;
    }
    return span;
}

} // namespace

LlamaCppWeights llamaCppWeights(const ModelSpec &m) {
    LlamaCppWeights w;
    const std::uint32_t n = m.numLayers;
    const std::uint64_t embedding = sumRole(m, GroupRole::Embedding);
    const std::uint64_t head = sumRole(m, GroupRole::LmHead);
    const std::uint64_t vision = sumRole(m, GroupRole::Vision);
    // A tied head is loaded again for the output layer (TENSOR_DUPLICATED), and token_embd
    // stays on the CPU (the input layer; src/llama-model.cpp @ a5410f04 load_tensors): a GGUF
    // names token_embd alone, a config's tied matrix is one LmHead tensor (archcommon
    // addEmbeddings), each held twice (a tied Qwen3-4B sized from its config.json put 0 bytes
    // in RAM where llama.cpp maps 304 MiB).
    w.input = embedding ? embedding : head;
    w.output = head ? head : w.input;
    w.outputTensor = w.output;
    if (m.layerBytes.size() == n && m.layerExpertBytes.size() == n && n > 0) {
        w.layer = m.layerBytes;
        w.layerExperts = m.layerExpertBytes;
        w.exact = true;
        std::uint64_t inLayers = 0;
        for (std::uint32_t i = 0; i < n; ++i) {
            inLayers += w.layer[i] + w.layerExperts[i];
        }
        const std::uint64_t total = m.weightBytes();
        const std::uint64_t known = embedding + head + vision + inLayers;
        w.output += total > known ? total - known : 0; // output norm, rope factors, MTP layers
        addCopyTensors(m, w);
        return w;
    }
    w.layer.assign(n, 0);
    w.layerExperts.assign(n, 0);
    if (n == 0) {
        return w;
    }
    const bool placed =
        m.decoderLayers() == n && std::any_of(m.groups.begin(), m.groups.end(),
                                              [](const auto &g) { return !g.layerParams.empty(); });
    if (placed) {
        // Each group where the import placed its parameters (TensorGroup::layerParams: dense
        // first layers, hybrids, kept layers), by its cumulative share so that the bytes add
        // up exactly; a group it did not place spreads evenly.
        for (const TensorGroup &g : m.groups) {
            if (g.role == GroupRole::Embedding || g.role == GroupRole::LmHead ||
                g.role == GroupRole::Vision) {
                continue;
            }
            std::vector<std::uint64_t> &to =
                g.role == GroupRole::RoutedExperts ? w.layerExperts : w.layer;
            const double bytes = double(g.bytes());
            std::uint64_t before = 0;
            for (std::uint32_t i = 0; i < n; ++i) {
                const auto upTo =
                    std::uint64_t(std::llround(bytes * layerShare(g, LayerRange{0, i + 1}, n)));
                to[i] += upTo - std::min(upTo, before);
                before = std::max(before, upTo);
            }
        }
        w.placed = true;
        addCopyTensors(m, w);
        return w;
    }
    const std::uint64_t experts = sumRole(m, GroupRole::RoutedExperts);
    const std::uint64_t total = m.weightBytes();
    const std::uint64_t rest = total - std::min(total, embedding + head + vision + experts);
    for (std::uint32_t i = 0; i < n; ++i) {
        w.layer[i] = rest / n + (i < rest % n ? 1 : 0);
    }
    const std::uint32_t moe = std::min(m.experts.moeLayers ? m.experts.moeLayers : n, n);
    for (std::uint32_t i = n - moe; i < n && experts; ++i) {
        w.layerExperts[i] = experts / moe + (i - (n - moe) < experts % moe ? 1 : 0);
    }
    addCopyTensors(m, w);
    return w;
}

ModelSpec asGgufType(const ModelSpec &spec, const gguf::GgmlType &type) {
    ModelSpec out = spec;
    for (auto &g : out.groups) {
        // A tied embedding is one tensor with role LmHead that the importer does not mark as a
        // linear layer (modelimport's addEmbeddings): llama-quantize quantizes it like the
        // untied token_embd / output pair (llama-quant.cpp @ 681149ce), so it is not kept f32.
        const bool keep =
            g.role == GroupRole::Norms ||
            (!g.linear && g.role != GroupRole::Embedding && g.role != GroupRole::LmHead);
        const std::uint64_t blocks = ceilDiv(g.params, keep ? 1 : type.blockSize);
        g.exactBytes = keep ? g.params * 4 : blocks * type.typeSize;
        g.name += " (" + std::string(keep ? "f32" : type.name) + ")";
    }
    out.layerBytes.clear();
    out.layerExpertBytes.clear();
    out.layerLargestTensor.clear();
    out.layerLargestExpertTensor.clear();
    out.fileTensors.clear();
    out.notes.push_back("sized as a uniform " + std::string(type.name) +
                        " GGUF (norms f32); a published file mixes types and differs by a few %");
    return out;
}

Result<LlamaCppPlan> llamaPlanAt(const LlamaCppInput &in, const std::vector<bool> &cpuExperts) {
    if (!in.model) {
        return makeError("model", "no model");
    }
    const ModelSpec &m = *in.model;
    if (in.build > kLlamaMaxBuild) {
        return makeError("--llamacpp-build", "b" + std::to_string(in.build) + " (at most b" +
                                                 std::to_string(kLlamaMaxBuild) + ")");
    }
    LlamaCppPlan p;
    p.build = in.build;
    const gguf::GgmlType &tk = in.kvTypeK ? *in.kvTypeK : *gguf::ggmlTypeByName("f16");
    const gguf::GgmlType &tv = in.kvTypeV ? *in.kvTypeV : *gguf::ggmlTypeByName("f16");
    if (!in.flashAttention && tv.blockSize > 1) {
        return makeError("--kv-type-v", "a quantized V cache (" + std::string(tv.name) +
                                            ") needs Flash Attention (llama-context.cpp)");
    }
    p.kvTypeK = std::string(tk.name);
    p.kvTypeV = std::string(tv.name);
    p.parallel = std::max<std::uint32_t>(in.parallel, 1);
    const std::uint64_t askedCtx = in.context ? in.context : kLlamaDefaultContext;
    // Before per-sequence streams (LlamaRule::KvStreams) every slot shares one cache.
    const bool unifiedKv = llamaUnifiedKv(in);
    const LlamaKvSizing kv =
        llamaKvSizing(in.build, in.flashAttention, askedCtx, unifiedKv ? 1 : p.parallel);
    p.context = kv.context;
    p.unifiedKv = unifiedKv;
    // llama-server's n_ctx_slot: the stream's cells, or before streams n_ctx / -np.
    p.contextPerSlot = in.unifiedKv || llamaFollows(in.build, LlamaRule::KvStreams)
                           ? kv.perStream
                           : kv.context / p.parallel;
    // The engine refuses only a slot left without cells (llama_context throws "n_ctx_seq ==
    // 0"); the newest releases pad a small -c up to 256 cells per stream instead.
    if (p.contextPerSlot == 0) {
        return makeError("--context", std::to_string(askedCtx) + " tokens cannot be shared by " +
                                          std::to_string(p.parallel) + " slots");
    }
    // llama_context warns "n_ctx_seq (N) > n_ctx_train (M) -- possible training context
    // overflow" (src/llama-context.cpp @ 02c28f53; n_ctx_per_seq in older releases) and starts.
    if (m.maxContextTokens > 0 && p.contextPerSlot > m.maxContextTokens) {
        p.notes.push_back("each slot's context (" + std::to_string(p.contextPerSlot) +
                          " tokens) exceeds the model's training context (" +
                          std::to_string(m.maxContextTokens) +
                          "): llama.cpp starts with a warning of a possible training context "
                          "overflow, and answers past " +
                          std::to_string(m.maxContextTokens) +
                          " tokens may degrade unless RoPE scaling (--rope-scaling yarn) "
                          "extends the model");
    }
    p.layers = m.numLayers;
    const std::uint32_t all = p.layers + 1;
    const bool unified = in.host.unifiedMemory;
    const bool f16Mask = llamaFollows(in.build, LlamaRule::F16FlashMask);
    const bool mla = llamaMlaLatentQuery(m, in.build);
    const bool hasGpu = in.gpu.has_value() && !unified;
    p.gpuLayersFlag = hasGpu ? std::min(in.gpuLayers.value_or(all), all) : 0;
    // llama.cpp adds one override per block i < N whatever the model's depth (common.h @
    // 001d906a), so an N above the layer count (--n-cpu-moe 999) moves every layer's experts.
    p.cpuMoeLayers = hasGpu ? std::min(in.cpuMoeLayers, p.layers) : 0;
    // The first GPU layer (load_tensors' i_gpu_start): -ngl counts the output layer first, or,
    // before PR #18148, the repeating layers first (llamaRuleChanges).
    const bool outputFirst = llamaFollows(in.build, LlamaRule::OutputLayerFirst);
    const std::uint32_t counted = outputFirst ? all : p.layers;
    const std::uint32_t gpuStart = counted > p.gpuLayersFlag ? counted - p.gpuLayersFlag : 0;
    p.outputOnGpu = outputFirst ? p.gpuLayersFlag >= 1 : p.gpuLayersFlag > p.layers;
    // n_ubatch = min(n_ctx, n_batch, n_ubatch) (src/llama-context.cpp @ 4c7103b9 llama_context).
    const auto ubatch = std::uint32_t(std::min<std::uint64_t>({in.ubatch, in.batch, p.context}));

    HOSTPLAN_TRY(splitPoints, llamaSplitPoints(in, hasGpu));
    p.splitPoints = std::move(splitPoints);
    const std::size_t nGpu = p.splitPoints.size();
    p.perGpu.assign(nGpu, LlamaCppSide{});
    p.layersPerGpu.assign(nGpu, 0);
    // The device of GPU slot j (load_tensors' get_layer_buft_list, see llamacpp.h).
    const auto deviceOf = [&](std::uint32_t il) -> std::size_t {
        const float at = float(il - gpuStart) / float(p.gpuLayersFlag);
        const auto it = std::upper_bound(p.splitPoints.begin(), p.splitPoints.end(),
                                         double(at)); // exact: both hold float values
        return std::min<std::size_t>(std::size_t(it - p.splitPoints.begin()), nGpu - 1);
    };

    const LlamaCppWeights w = llamaCppWeights(m);
    p.weightsExact = w.exact;
    HOSTPLAN_TRY(caches,
                 layerCaches(m, tk, tv, kv, p.parallel, ubatch, unifiedKv, in.build, in.swaFull));
    LlamaCppSide &h = p.host;
    h.weights += w.input;
    if (p.outputOnGpu) {
        p.outputGpu = std::uint32_t(deviceOf(p.layers));
    }
    LlamaCppSide &outSide = p.outputOnGpu ? p.perGpu[p.outputGpu] : h;
    outSide.weights += w.output;
    outSide.bytesPerToken += w.output;
    std::uint64_t maxCellsRead = 0;
    std::vector<std::uint64_t> gpuCellsRead(nGpu, 0);
    // Which blocks and which blocks' routed experts stay in RAM (for the mapped span).
    std::vector<bool> layerInRam(p.layers, false);
    std::vector<bool> expertsInRamAt(p.layers, false);
    // Routed-expert bytes one token reads, on the GPUs and in RAM (the all-slots ceiling).
    std::uint64_t expertReadGpu = 0;
    std::uint64_t expertReadHost = 0;
    for (std::uint32_t il = 0; il < p.layers; ++il) {
        const bool onGpu = hasGpu && il >= gpuStart;
        const std::size_t dev = onGpu ? deviceOf(il) : 0;
        p.layersOnGpu += onGpu ? 1 : 0;
        if (onGpu) {
            ++p.layersPerGpu[dev];
            gpuCellsRead[dev] = std::max(gpuCellsRead[dev], caches[il].cellsRead);
        }
        LlamaCppSide &side = onGpu ? p.perGpu[dev] : h;
        const bool expertsInRam = il < p.cpuMoeLayers || (il < cpuExperts.size() && cpuExperts[il]);
        LlamaCppSide &expertSide = onGpu && !expertsInRam ? p.perGpu[dev] : h;
        layerInRam[il] = !onGpu;
        expertsInRamAt[il] = &expertSide == &h;
        side.weights += w.layer[il];
        side.bytesPerToken += w.layer[il];
        expertSide.weights += w.layerExperts[il];
        const std::uint64_t expertRead = applyExpertFraction(w.layerExperts[il], m);
        expertSide.bytesPerToken += expertRead;
        (&expertSide == &h ? expertReadHost : expertReadGpu) += expertRead;
        const LayerCache &c = caches[il];
        side.kvCache += c.bytesPerCell * c.cells + c.stateBytes;
        side.recurrentState += c.stateBytes;
        side.bytesPerToken += c.bytesPerCell * c.cellsRead + c.stateRead;
        p.kvBytesPerCell += c.bytesPerCell;
        maxCellsRead = std::max(maxCellsRead, c.cellsRead);
    }

    h.mappedWeights = mappedSpan(m, layerInRam, expertsInRamAt, !p.outputOnGpu);

    // Buffers: output (host), compute (see the file comment for the basis).
    // n_seq_max outputs: the slots, and in llama-server b2366-b4037 one sequence more.
    const bool extraSequence = in.server && in.build >= kLlamaServerExtraSequenceFirst &&
                               !llamaFollows(in.build, LlamaRule::ServerSlotSequences);
    h.outputBuffer = std::uint64_t(m.vocabSize) * (p.parallel + (extraSequence ? 1 : 0)) * 4;
    p.outputBufferMax =
        std::uint64_t(m.vocabSize) * std::min<std::uint64_t>(in.batch, p.context) * 4;
    const std::uint64_t ffn = llamaFfnStage(m, ubatch);
    // llama-server from b9460 reserves one output row per slot (LlamaRule::ServerOutputsPerSlot;
    // HostPlan plans no llama.cpp draft, so 1 + 0 draft tokens).
    const std::uint64_t outputs =
        in.server && llamaFollows(in.build, LlamaRule::ServerOutputsPerSlot)
            ? std::min<std::uint64_t>(ubatch, std::max<std::uint32_t>(p.parallel, 1))
            : ubatch;
    const std::uint64_t logits = llamaLogitsStage(m, ubatch, outputs);
    // The graph's KQ masks: one per KV cache (the iSWA cache has two), n_kv = one stream's
    // cells, the whole cache before per-sequence streams (llamaUnifiedKv).
    std::uint64_t maskCells = 0;
    {
        const std::uint64_t streams = unifiedKv ? 1 : p.parallel;
        std::uint64_t baseKv = 0;
        std::uint64_t swaKv = 0;
        for (const LayerCache &c : caches) {
            std::uint64_t &cells = c.swa ? swaKv : baseKv;
            cells = std::max(cells, c.cells / streams);
        }
        maskCells = baseKv + swaKv;
    }
    // Pipeline parallelism (llamacpp.h): every layer and the output layer on two or more GPUs
    // and no tensor override (--n-cpu-moe, --fit's expert overrides).
    const bool overrides = p.cpuMoeLayers > 0 || std::find(cpuExperts.begin(), cpuExperts.end(),
                                                           true) != cpuExperts.end();
    const LlamaPipeline pipe =
        llamaPipeline(in, nGpu, p.layersOnGpu == p.layers && p.outputOnGpu, overrides);
    p.schedCopies = pipe.copies;
    p.pipelineWhy = pipe.why;
    // Every GPU reserves the largest graph stage it runs (the allocator reuses one stage's
    // memory for the next): the logits stage where the output layer is, a layer's FFN stage
    // and, without Flash Attention, its attention stage where layers are. computeHigh is the
    // figure without Flash Attention, compute the plan's own; with Flash Attention a device
    // that runs layers also holds the KQ-mask stage (llamaMaskStage). With pipeline parallelism
    // the split inputs are held schedCopies times beside the stage, which then leaves out the
    // mask copy the single-copy stages hold.
    for (std::size_t d = 0; d < nGpu; ++d) {
        LlamaCppSide &gd = p.perGpu[d];
        const bool hasOutput = p.outputOnGpu && p.outputGpu == d;
        const bool layers = p.layersPerGpu[d] > 0;
        if (layers || hasOutput) {
            const std::uint64_t low = std::max(hasOutput ? logits : 0, layers ? ffn : 0);
            const std::uint64_t attn = layers ? llamaAttentionStage(m, ubatch, gpuCellsRead[d]) : 0;
            gd.compute =
                std::max(low, layers ? llamaMaskStage(m, ubatch, maskCells, !f16Mask, mla) : 0);
            gd.computeHigh = std::max(low, attn);
            if (p.schedCopies > 1) {
                const std::uint64_t single = in.flashAttention ? gd.compute : gd.computeHigh;
                const std::uint64_t copies =
                    p.schedCopies * llamaSplitInputBytes(m, ubatch, layers, maskCells, hasOutput);
                const std::uint64_t ownMask =
                    layers ? std::uint64_t(ubatch) * 4 * gpuCellsRead[d] : 0;
                gd.compute =
                    copies +
                    std::max(low, layers ? llamaMaskStage(m, ubatch, maskCells, false, mla) : 0);
                gd.computeHigh = copies + std::max(low, attn - ownMask);
                const std::uint64_t now = in.flashAttention ? gd.compute : gd.computeHigh;
                p.pipelineCopyBytes += now > single ? now - single : 0;
            }
            gd.compute = in.flashAttention ? gd.compute : gd.computeHigh;
        }
        if (p.gpuLayersFlag > 0) {
            gd.runtime = std::uint64_t(gib(kLlamaGpuRuntimeGiB));
        }
    }
    // Op offload (see llamacpp.h): GPU 0 runs the matmuls of host-resident weights at this
    // micro-batch, each weight copied into its compute buffer beside the stage that reads it,
    // and the attention of the layers left in RAM with them, their K and V rows copied in.
    const bool offloadRam = nGpu > 0 && in.opOffload && ubatch >= kLlamaOpOffloadMinBatch;
    std::uint64_t ramKvElements = 0; // the widest K + V row a RAM-resident layer writes
    if (offloadRam) {
        std::uint64_t stage = 0;
        std::uint64_t flashStage = 0; // with Flash Attention, inside the layer loop's mask
        std::uint64_t ramKvView = 0;
        const bool gpu0Layers = p.layersPerGpu[0] > 0;
        const auto copy = [&](std::uint64_t bytes, std::uint64_t activations, bool layer) {
            if (bytes > 0) {
                p.opOffloadCopy = std::max(p.opOffloadCopy, bytes);
                stage = std::max(stage, bytes + activations);
                flashStage =
                    std::max(flashStage, layer && gpu0Layers
                                             ? llamaFlashLayerBlock(bytes + activations, ubatch,
                                                                    maskCells, !f16Mask)
                                             : bytes + activations);
            }
        };
        if (!p.outputOnGpu) {
            copy(w.outputTensor, logits, false);
        }
        for (std::uint32_t il = 0; il < p.layers; ++il) {
            const bool onGpu = il >= gpuStart;
            if (!onGpu || il < p.cpuMoeLayers || (il < cpuExperts.size() && cpuExperts[il])) {
                copy(w.layerExpertTensor[il], ffn, true);
            }
            if (!onGpu) {
                copy(w.layerTensor[il], ffn, true);
                const LayerCache &c = caches[il];
                ramKvElements = std::max(ramKvElements, c.kvElements);
                ramKvView =
                    std::max(ramKvView, c.bytesPerCell * (c.cells / (unifiedKv ? 1 : p.parallel)));
            }
        }
        std::uint64_t attnLow = 0;
        std::uint64_t attnHigh = 0;
        if (p.layersOnGpu < p.layers) {
            attnLow = ramKvView + llamaMaskStage(m, ubatch, maskCells, !f16Mask, mla);
            attnHigh = ramKvView + llamaAttentionStage(m, ubatch, maxCellsRead);
        }
        LlamaCppSide &g0 = p.perGpu[0];
        g0.compute = std::max({g0.compute, in.flashAttention ? flashStage : stage,
                               in.flashAttention ? attnLow : attnHigh});
        g0.computeHigh = std::max({g0.computeHigh, stage, attnHigh});
    }
    LlamaCppSide &g = p.gpu;
    for (const LlamaCppSide &gd : p.perGpu) {
        g.weights += gd.weights;
        g.kvCache += gd.kvCache;
        g.recurrentState += gd.recurrentState;
        g.outputBuffer += gd.outputBuffer;
        g.compute += gd.compute;
        g.computeHigh += gd.computeHigh;
        g.runtime += gd.runtime;
        g.bytesPerToken += gd.bytesPerToken;
    }
    if (p.layersOnGpu == p.layers && p.outputOnGpu) {
        // Everything offloaded: the graph inputs (llamacpp.h): two n_embd x n_ubatch f32 rows
        // (one before PR #18898), a KQ mask of n_kv x n_ubatch per cache (f32; f16 with FA from
        // F16FlashMask); under PP the token rows once, schedCopies copies of the other inputs.
        const std::uint64_t inputs = llamaFollows(in.build, LlamaRule::EmbeddingsInput) ? 2 : 1;
        const std::uint64_t hidden = m.hiddenSize;
        const auto hostInputs = [&](std::uint64_t maskBytes, std::uint64_t copies) {
            return copies <= 1 ? ubatch * (inputs * hidden * 4 + maskCells * maskBytes)
                               : ubatch * (hidden * 4 + copies * (maskCells * maskBytes +
                                                                  ((inputs - 1) * hidden + 3) * 4));
        };
        const std::uint64_t maskBytes = in.flashAttention && f16Mask ? 2 : 4;
        h.compute = hostInputs(maskBytes, p.schedCopies);
        h.computeHigh = hostInputs(4, p.schedCopies);
        p.pipelineCopyBytes += h.compute - hostInputs(maskBytes, 1);
    } else if (offloadRam && p.layersOnGpu < p.layers) {
        // Layers in RAM with op offload: the host keeps the inputs and those layers' K, V rows.
        const std::uint64_t inputs = llamaFollows(in.build, LlamaRule::EmbeddingsInput) ? 2 : 1;
        h.compute = llamaOffloadHostCompute(m, ubatch, maskCells, inputs, ramKvElements,
                                            in.flashAttention && f16Mask ? 2 : 4);
        h.computeHigh = llamaOffloadHostCompute(m, ubatch, maskCells, inputs, ramKvElements, 4);
    } else {
        h.compute = std::max(p.outputOnGpu ? 0 : logits, p.layersOnGpu < p.layers ? ffn : 0);
        h.computeHigh = std::max(
            h.compute, p.layersOnGpu < p.layers ? llamaAttentionStage(m, ubatch, maxCellsRead) : 0);
        h.compute = in.flashAttention ? h.compute : h.computeHigh;
        if (!in.gpu.has_value()) {
            // No GPU: the whole graph, its inputs too, is the CPU backend's, and the KQ mask
            // (n_kv x n_ubatch per cache, build_attn_inp_kq_mask in src/llama-graph.cpp @
            // 00395eb2) lives through every stage: f16 with Flash Attention from F16FlashMask,
            // an f32 input and its f16 copy before it, f32 without Flash Attention. A CPU-only
            // llama-server at 262,144 cells logs 786.02 MiB, 256 MiB of it the f16 mask.
            const std::uint64_t maskCellBytes = !in.flashAttention ? 4 : f16Mask ? 2 : 6;
            h.compute += ubatch * maskCells * maskCellBytes;
            h.computeHigh += ubatch * maskCells * maskCellBytes;
        }
    }

    // Capacities and fit.
    p.hostBandwidth = in.host.memoryBandwidthBytesPerS;
    p.hostCapacity = in.host.memoryBytes;
    if (unified && in.gpuLayers && *in.gpuLayers == 0) {
        p.notes.push_back("unified memory with -ngl 0: llama.cpp runs on the CPU alone, so the "
                          "GPU's wired-memory limit does not apply and all of " +
                          in.host.name + " counts");
    } else if (unified) {
        // macOS lets the GPU wire about 75 % of unified memory by default
        // (recommendedMaxWorkingSetSize; sysctl iogpu.wired_limit_mb raises it). A partial
        // -ngl still runs its GPU layers under that limit: the plan keeps it for all.
        p.hostCapacity = in.host.memoryBytes / 4 * 3;
        p.notes.push_back("unified memory: the GPU may use about 75 % of " + in.host.name +
                          " by default (sysctl iogpu.wired_limit_mb raises it)");
    }
    if (hasGpu) {
        p.gpuCapacity = in.gpu->usableMemoryBytes;
        p.gpuBandwidth = in.gpu->hbmBandwidthBytesPerS;
        p.fitsGpu = std::all_of(p.perGpu.begin(), p.perGpu.end(), [&](const LlamaCppSide &gd) {
            return gd.total() <= p.gpuCapacity;
        });
    }
    p.fitsHost = h.total() <= p.hostCapacity;
    p.architectureKnown = m.fileTensors.empty() || llamaCppKnowsArchitecture(m.architecture);

    // Speed: the GPU part and the RAM part of a step run one after the other.
    const double tGpu =
        g.bytesPerToken && p.gpuBandwidth > 0 ? g.bytesPerToken / p.gpuBandwidth : 0;
    const double tHost =
        h.bytesPerToken && p.hostBandwidth > 0 ? h.bytesPerToken / p.hostBandwidth : 0;
    const double step = tGpu + tHost;
    if (step > 0) {
        p.tokensPerSecond = 1.0 / step;
        p.hostTimeShare = tHost / step;
        // All slots decoding: weights are read once per step, every slot reads its own cells
        // and state. The slots' cells together are at most the cache's: in one unified cache
        // (-kvu, llama-server's default) each slot may fill the whole context, but four slots
        // doing so share its n_ctx cells, so a step reads the cache once, not four times.
        // A MoE model's slots route apart: a step reads the experts any of them touches, 1 -
        // (1 - k/E)^slots of each layer's (k of E per token, independently), not k/E.
        double kvOne = 0; // one sequence's KV and state read, seconds
        double kvAll = 0; // every slot's
        const double slots = p.parallel;
        for (std::uint32_t il = 0; il < p.layers; ++il) {
            const LayerCache &c = caches[il];
            const double bw = hasGpu && il >= gpuStart ? p.gpuBandwidth : p.hostBandwidth;
            if (bw <= 0) {
                continue;
            }
            const double cellsAll = std::min(slots * double(c.cellsRead), double(c.cells));
            kvOne += double(c.bytesPerCell * c.cellsRead + c.stateRead) / bw;
            kvAll += (double(c.bytesPerCell) * cellsAll + slots * double(c.stateRead)) / bw;
        }
        double expertOne = 0; // one token's routed experts read, seconds
        double expertAll = 0; // the slots' together
        if (m.isMoe() && m.experts.routed > 0) {
            expertOne = (p.gpuBandwidth > 0 ? double(expertReadGpu) / p.gpuBandwidth : 0) +
                        (p.hostBandwidth > 0 ? double(expertReadHost) / p.hostBandwidth : 0);
            const double f =
                double(std::min(m.experts.activePerToken, m.experts.routed)) / m.experts.routed;
            const double touched = 1.0 - std::pow(1.0 - f, std::max(slots, 1.0));
            expertAll = f > 0 ? expertOne * std::max(touched / f, 1.0) : expertOne;
        }
        p.aggregateTokensPerSecond =
            slots / (step - kvOne - expertOne + std::max(kvAll, kvOne) + expertAll);
    }
    if (!w.exact) {
        p.notes.push_back(w.placed ? "weights per layer from the config's layer layout (no "
                                     "per-layer tensor table)"
                                   : "weights per layer spread evenly (no per-layer tensor table)");
    }
    for (const LlamaRuleChange &c : llamaRuleChanges()) {
        if (!llamaFollows(in.build, c.rule)) {
            p.notes.push_back("llama.cpp " + llamaBuildText(in.build) + " predates b" +
                              std::to_string(c.build) + " (PR " + std::string(c.prs) + ", " +
                              std::string(c.merged) +
                              "), planned by the rule before that change; the change: " +
                              std::string(c.whatText));
        }
    }
    if (sumRole(m, GroupRole::Vision) > 0) {
        p.notes.push_back("the vision tower is not counted: llama.cpp loads it from a separate "
                          "mmproj file");
    }
    return p;
}

} // namespace hostplan
