// SPDX-License-Identifier: MIT
// llama.cpp plan text and llama-server command line (engine/llamacpp.h).
#include "engine/llamacpp.h"

#include "util/numbertext.h"
#include "util/units.h"
#include "util/terminaltext.h"

#include <algorithm>
#include <sstream>
#include <utility>
#include <vector>

namespace hostplan {

namespace {

void sideRows(std::ostream &out, const char *label, const LlamaCppSide &s, std::uint64_t capacity,
              bool showCapacity, bool leftForSystem = false) {
    out << "  " << label << "\n";
    out << "    weights         " << mibOrGibText(s.weights);
    if (s.mappedWeights > s.weights) { // llama.cpp logs the span it maps (CPU_Mapped)
        out << " (llama.cpp maps " << mibOrGibText(s.mappedWeights)
            << " of the file for them, GPU tensors stored between included)";
    }
    out << "\n";
    out << "    KV cache        " << mibOrGibText(s.kvCache);
    if (s.recurrentState) { // llama.cpp logs the state apart, as the RS buffer
        out << " (" << mibOrGibText(s.kvCache - s.recurrentState) << " of KV, "
            << mibOrGibText(s.recurrentState) << " of recurrent state)";
    }
    out << "\n";
    if (s.outputBuffer) {
        out << "    output buffer   " << mibOrGibText(s.outputBuffer) << "\n";
    }
    out << "    compute buffer  " << mibOrGibText(s.compute);
    if (s.computeHigh > s.compute) {
        out << " (up to " << mibOrGibText(s.computeHigh) << " without Flash Attention)";
    }
    out << "\n";
    if (s.runtime) {
        out << "    runtime         " << mibOrGibText(s.runtime) << " (CUDA context, assumed)\n";
    }
    out << "    total           " << mibOrGibText(s.total());
    if (showCapacity) {
        out << " of " << mibOrGibText(capacity)
            << (s.total() <= capacity ? "  fits" : "  DOES NOT FIT");
        if (s.total() <= capacity && leftForSystem) {
            // Nothing is kept back in RAM: what is left is all the OS and other programs get.
            out << " (" << mibOrGibText(capacity - s.total())
                << " left for the OS and other programs)";
        }
    }
    out << "\n";
}

std::string layersText(const LlamaCppPlan &p) {
    if (p.gpuLayersFlag == 0) {
        return "none";
    }
    std::string s = std::to_string(p.layersOnGpu) + " of " + std::to_string(p.layers) + " layers";
    if (p.layersOnGpu > 0 && p.layersOnGpu < p.layers) {
        s += " (" + std::to_string(p.layers - p.layersOnGpu) +
             (p.layersOnGpu > 1 ? "-" + std::to_string(p.layers - 1) : "") + ")";
    }
    s += p.outputOnGpu ? " + output layer" : "";
    return s;
}

/// Ascending block indices as ranges: "40-79" or "3, 10-12".
std::string blocksText(const std::vector<std::uint32_t> &blocks) {
    std::string s;
    for (std::size_t i = 0; i < blocks.size();) {
        std::size_t j = i;
        while (j + 1 < blocks.size() && blocks[j + 1] == blocks[j] + 1) {
            ++j;
        }
        s += (s.empty() ? "" : ", ") + std::to_string(blocks[i]) +
             (j > i ? "-" + std::to_string(blocks[j]) : "");
        i = j + 1;
    }
    return s;
}

/// "RTX 4090" or "2 x RTX 4090".
std::string gpusText(const LlamaCppInput &in) {
    return in.gpuCount > 1 ? std::to_string(in.gpuCount) + " x " + in.gpu->name : in.gpu->name;
}

} // namespace

std::string llamaContextRuleText(const LlamaCppPlan &p) {
    std::string t;
    switch (p.contextRule) {
    case LlamaContextRule::Explicit:
        t = "-c as given";
        break;
    case LlamaContextRule::Training:
        t = "llama.cpp's default: the model's training context " +
            std::to_string(p.trainingContext) +
            (p.unifiedKv || p.parallel <= 1
                 ? ""
                 : " for each of the " + std::to_string(p.parallel) + " slots");
        break;
    case LlamaContextRule::Fitted: {
        const std::uint64_t floor =
            std::uint64_t(kLlamaFitMinContext) * (p.unifiedKv ? 1 : std::max(p.parallel, 1u));
        t = "llama.cpp's default: the training context " + std::to_string(p.trainingContext) +
            (p.context > floor ? " lowered by --fit to keep 1 GiB free"
                               : " lowered by --fit to its floor of " + std::to_string(floor));
        if (p.fitPlaced) {
            t += p.context > floor ? "; --fit then splits the layers over the GPUs (see below)"
                                   : "; the model does not fit even there, so --fit keeps "
                                     "layers or expert tensors in RAM (see below)";
        } else if (!p.fitsGpu) {
            t += "; the model does not fit even there";
        }
        break;
    }
    }
    if (p.defaultSlots) {
        t += "; llama-server's default 4 slots";
    }
    return t;
}

void writeLlamaCppPlanText(const LlamaCppInput &in, const LlamaCppPlan &p, std::ostream &out) {
    const ModelSpec &m = *in.model;
    out << "llama.cpp plan: " << singleLine(m.displayName) << " (" << singleLine(m.architecture)
        << ", " << paramsText(m.totalParams, "") << " params, weights "
        << mibOrGibText(m.weightBytes())
        << (p.weightsExact ? ", exact from the tensor table" : ", estimated") << ")\n";
    out << "  hardware: "
        << (in.host.unifiedMemory
                ? std::string(in.gpuLayers && *in.gpuLayers == 0 ? "CPU only (-ngl 0)"
                                                                 : "the host's own GPU")
            : in.gpu ? gpusText(in)
                     : std::string("no GPU"))
        << " + " << in.host.name << ", " << formatDouble("%.0f", toGiB(double(in.host.memoryBytes)))
        << " GiB\n";
    out << "  context: " << p.context << " tokens shared by " << p.parallel << " slot"
        << (p.parallel == 1 ? "" : "s") << " (" << p.contextPerSlot << " per slot"
        << (p.unifiedKv ? ", unified KV" : "") << "; " << llamaContextRuleText(p) << "), KV cache "
        << p.kvTypeK << "/" << p.kvTypeV << ", "
        << (p.kvBytesPerCell < 1024 ? std::to_string(p.kvBytesPerCell) + " B"
                                    : formatDouble("%.1f", p.kvBytesPerCell / 1024.0) + " KiB")
        << " per token\n";
    if (in.gpu && !in.host.unifiedMemory) {
        out << "  on the GPU: " << layersText(p);
        if (p.cpuMoeLayers) {
            out << "; experts of the first " << p.cpuMoeLayers << " layers in RAM (--n-cpu-moe)";
        }
        if (!p.fitCpuExpertLayers.empty()) {
            out << "; experts of " << p.fitCpuExpertLayers.size() << " of them in RAM (layers "
                << blocksText(p.fitCpuExpertLayers) << ")";
        }
        if (p.fitPlaced) {
            out << "\n  placed by --fit (on by default; -ngl not given): -ngl " << p.gpuLayersFlag;
            if (p.layersPerGpu.size() > 1) {
                out << ", split";
                for (std::size_t d = 0; d < p.layersPerGpu.size(); ++d) {
                    out << (d ? "," : " ")
                        << p.layersPerGpu[d] + (p.outputOnGpu && p.outputGpu == d ? 1 : 0);
                }
            }
            out << ", keeping 1 GiB free per GPU";
        }
        out << "\n";
        if (p.opOffloadCopy) {
            out << "  op offload: GPU 0 runs the matmuls of weights in RAM for batches of "
                << kLlamaOpOffloadMinBatch << "+ tokens, copying each (up to "
                << mibOrGibText(p.opOffloadCopy) << ") into its compute buffer (--no-op-offload)\n";
        }
        if (!p.pipelineWhy.empty()) {
            // llama_context's pipeline_parallel condition (engine/llamacpp.h).
            out << "  pipeline parallelism (n_copies " << p.schedCopies << "): " << p.pipelineWhy;
            if (p.schedCopies > 1) {
                out << "; the scheduler keeps " << p.schedCopies
                    << " copies of the graph inputs (KQ mask, positions, hidden state), "
                    << mibOrGibText(p.pipelineCopyBytes)
                    << " more compute buffer over the GPUs and the host; a CPU layer or a "
                       "tensor override (-ot, --n-cpu-moe) turns it off, and so do -sm row and "
                       "a build without peer copies (GGML_CUDA_NO_PEER_COPY, which some ROCm "
                       "builds set): such a run needs that much less";
            }
            out << "\n";
        }
    }
    out << "\nMemory\n";
    if (in.gpu && !in.host.unifiedMemory && p.perGpu.size() > 1) {
        for (std::size_t d = 0; d < p.perGpu.size(); ++d) {
            const std::string label = "GPU " + std::to_string(d) + ": " +
                                      std::to_string(p.layersPerGpu[d]) + " layers" +
                                      (p.outputOnGpu && p.outputGpu == d ? " + output layer" : "");
            sideRows(out, label.c_str(), p.perGpu[d], p.gpuCapacity, true);
        }
    } else if (in.gpu && !in.host.unifiedMemory) {
        sideRows(out, "GPU", p.gpu, p.gpuCapacity, true);
    }
    // System RAM: nothing is held back for the OS there, so what is left is said; unified memory
    // already leaves the OS its share (HostSpec).
    sideRows(out, in.host.unifiedMemory ? "unified memory" : "system RAM", p.host, p.hostCapacity,
             true, !in.host.unifiedMemory);
    out << "  (the output buffer grows to " << mibOrGibText(p.outputBufferMax)
        << " if a batch asks for every token's logits)\n";

    out << "\nSpeed (decode, ceiling at peak memory bandwidth)\n";
    out << "  read per token: ";
    if (p.gpuBandwidth > 0) {
        out << mibOrGibText(p.gpu.bytesPerToken)
            << (p.perGpu.size() > 1 ? " on the GPUs (one after the other) at " : " on the GPU at ")
            << formatDouble("%.0f", p.gpuBandwidth / 1e9) << " GB/s, ";
    }
    out << mibOrGibText(p.host.bytesPerToken)
        << (in.host.unifiedMemory ? " in unified memory" : " in RAM") << " at "
        << formatDouble("%.0f", p.hostBandwidth / 1e9) << " GB/s\n";
    // A sequence fills at most its slot's cells (-c / -np without -kvu), which the speed reads.
    const std::uint64_t slotContext = p.contextPerSlot ? p.contextPerSlot : p.context;
    const std::uint64_t streams = std::max<std::uint64_t>(p.context / slotContext, 1);
    out << "  one sequence: at most " << formatDouble("%.1f", p.tokensPerSecond)
        << " tokens/s with its slot's whole " << groupedText(slotContext)
        << "-token context in its cache"
        << (streams > 1
                ? " (-c " + groupedText(p.context) + " over " + std::to_string(streams) + " slots)"
                : std::string());
    if (constexpr std::uint32_t kShort = 4096;
        slotContext > kShort && p.fitCpuExpertLayers.empty()) {
        // The KV read shrinks with the tokens in the cache: a short chat reads far less. On this
        // plan's own placement: --fit would place a shorter context otherwise (its per-block
        // expert overrides, fitCpuExpertLayers, have no flag here: no figure then).
        LlamaCppInput shortContext = in;
        shortContext.context = kShort * streams; // 4,096 tokens in each slot
        if (p.fitPlaced) {
            shortContext.gpuLayers = p.gpuLayersFlag;
            shortContext.cpuMoeLayers = p.cpuMoeLayers;
            if (p.layersPerGpu.size() > 1) {
                shortContext.tensorSplit.assign(p.layersPerGpu.begin(), p.layersPerGpu.end());
            }
        }
        if (const auto q = planLlamaCpp(shortContext); q.ok()) {
            out << " (at " << groupedText(kShort) << " tokens: at most "
                << formatDouble("%.1f", q->tokensPerSecond) << ")";
        }
    }
    if (p.parallel > 1) {
        out << (p.parallel == 2 ? std::string("; both slots")
                                : "; all " + std::to_string(p.parallel) + " slots")
            << ": at most " << formatDouble("%.1f", p.aggregateTokensPerSecond) << " tokens/s";
    }
    out << "\n";
    if (p.hostTimeShare > 0.05 && in.gpu && !in.host.unifiedMemory) {
        out << "  " << formatDouble("%.0f", p.hostTimeShare * 100)
            << " % of each step is spent reading system RAM: this runs, it does not run fast\n";
    }
    out << "\nVerdict: "
        << (!p.architectureKnown ? "llama.cpp will not load this file (its architecture '" +
                                       singleLine(in.model->architecture.substr(0, 64)) +
                                       "' is not one llama.cpp names)"
            : p.fits() ? std::string("fits")
                       : std::string("does not fit"));
    if (!p.fitsHost && p.fitsGpu && p.fitPlaced && p.architectureKnown) {
        out << ": what --fit keeps off the GPU needs more than the system RAM ("
            << mibOrGibText(p.host.total()) << " of " << mibOrGibText(p.hostCapacity) << ")";
    }
    out << "\n";
    if (!p.fits()) {
        // Each alternative with its speed: fitting by moving bytes to RAM costs tokens/s.
        const auto speed = [&](LlamaCppInput alt) {
            const auto q = planLlamaCpp(alt);
            return q.ok() ? ", at most " + formatDouble("%.1f", q->tokensPerSecond) + " tokens/s"
                          : std::string();
        };
        if (const auto c = largestFittingContext(in, p.context)) {
            LlamaCppInput alt = in;
            alt.context = *c;
            out << "  -c " << *c << " fits (a smaller KV cache and compute buffer" << speed(alt)
                << ")\n";
        }
        if (const auto ngl = largestFittingGpuLayers(in); ngl && in.gpu) {
            LlamaCppInput alt = in;
            alt.gpuLayers = *ngl;
            out << "  -ngl " << *ngl << " fits (the other layers in RAM" << speed(alt) << ")\n";
        }
        if (const auto moe = smallestFittingCpuMoe(in)) {
            LlamaCppInput alt = in;
            alt.gpuLayers.reset();
            alt.cpuMoeLayers = *moe;
            out << "  --n-cpu-moe " << *moe << " fits (experts of the first " << *moe
                << " layers in RAM, everything else on the GPU" << speed(alt) << ")\n";
        }
    }
    for (const auto &n : p.notes) {
        out << "note: " << n << "\n";
    }
    for (const auto &n : m.notes) {
        out << "note: " << n << "\n";
    }
}

std::uint32_t llamaAllLayersFlag(std::uint32_t layers) {
    return std::max<std::uint32_t>(99, layers + 1);
}

std::string llamaServerCommand(const LlamaCppInput &in, const LlamaCppPlan &p) {
    // Each flag with the reason the plan sets it, printed as a comment above the command.
    std::vector<std::pair<std::string, std::string>> flags;
    const auto add = [&](std::string flag, std::string why) {
        flags.emplace_back(std::move(flag), std::move(why));
    };
    add("-m " + shellWord(in.modelPath.empty() ? std::string("model.gguf") : in.modelPath),
        "the GGUF file (for a split model, its first part)");
    add("-c " + std::to_string(p.context),
        "KV cache cells over all slots (" + llamaContextRuleText(p) + ")");
    // llama-server turns -np 1 without -kvu into its 4-slot default (server.cpp main()).
    if (!p.defaultSlots) {
        const bool unified = p.unifiedKv || p.parallel == 1;
        add("-np " + std::to_string(p.parallel) + (unified ? " -kvu" : ""),
            unified ? std::to_string(p.parallel) +
                          " slot(s) sharing one KV cache, each able to fill all of it"
                    : std::to_string(p.parallel) + " slots, each with a stream of " +
                          std::to_string(p.contextPerSlot) + " cells");
    }
    const bool discrete = in.gpu && !in.host.unifiedMemory;
    if (discrete && !p.fitPlaced) {
        const bool all = p.gpuLayersFlag > p.layers;
        add("-ngl " + std::to_string(all ? llamaAllLayersFlag(p.layers) : p.gpuLayersFlag),
            all ? "every layer and the output layer on the GPU"
                : std::to_string(p.layersOnGpu) + " of " + std::to_string(p.layers) +
                      " layers on the GPU" + (p.outputOnGpu ? " with the output layer" : "") +
                      ", the rest in system RAM");
    } else if (in.host.unifiedMemory && in.gpuLayers && *in.gpuLayers == 0) {
        add("-ngl 0", "the CPU alone: no layer on the host's GPU");
    } else if (in.host.unifiedMemory) {
        add("-ngl " + std::to_string(llamaAllLayersFlag(p.layers)),
            "every layer on the GPU, which shares the host's unified memory");
    }
    if (p.cpuMoeLayers) {
        add("--n-cpu-moe " + std::to_string(p.cpuMoeLayers),
            "the routed-expert tensors of blocks 0-" + std::to_string(p.cpuMoeLayers - 1) +
                " stay in system RAM");
    }
    if (discrete && !in.tensorSplit.empty() && in.gpuCount > 1) {
        std::string split;
        for (std::size_t i = 0; i < in.tensorSplit.size(); ++i) {
            split += (i ? "," : "") + formatDouble("%g", in.tensorSplit[i]);
        }
        add("-ts " + split, "the layers' split over the " + std::to_string(in.gpuCount) + " GPUs");
    }
    const bool quantizedV = p.kvTypeV != "f16" && p.kvTypeV != "f32" && p.kvTypeV != "bf16";
    if (p.kvTypeK != "f16" || p.kvTypeV != "f16") {
        add("-ctk " + p.kvTypeK + " -ctv " + p.kvTypeV, "the KV cache types of K and V");
        if (quantizedV) {
            add("-fa on", "a quantized V cache needs Flash Attention");
        }
    }
    if (!in.flashAttention && !quantizedV) {
        add("-fa off", "no Flash Attention, as planned (the compute buffer then holds each "
                       "layer's attention scores)");
    }
    if (in.batch != kLlamaDefaultBatch) {
        add("-b " + std::to_string(in.batch), "tokens per logical batch");
    }
    if (in.ubatch != kLlamaDefaultUbatch) {
        add("-ub " + std::to_string(in.ubatch),
            "tokens per micro-batch, which sizes the compute buffer");
    }
    if (in.swaFull) {
        add("--swa-full", "sliding-window layers cache the whole context, as planned");
    }
    if (!in.opOffload && discrete) {
        add("--no-op-offload", "GPU 0 does not run the matmuls of weights kept in RAM");
    }
    add("--host 0.0.0.0 --port 8080", "serve the OpenAI-compatible API on every interface");
    if (discrete && p.fitPlaced) {
        // No -ngl: llama-server's --fit places the layers as planned (a given -ngl stops it).
        add("", "GPU layers not given: llama-server's --fit places " +
                    std::to_string(p.layersOnGpu) + " of " + std::to_string(p.layers) +
                    " layers on the GPU as planned (a given layer count turns --fit off)");
    }
    std::ostringstream text;
    text << "# llama.cpp (llama-server)\n";
    std::string cmd = "llama-server";
    for (const auto &[flag, why] : flags) {
        // The comment on one line whatever a path holds (a newline would end it).
        text << "# " << singleLine(flag.empty() ? why : flag + ": " + why) << "\n";
        cmd += flag.empty() ? "" : " " + flag;
    }
    text << cmd << "\n";
    // Commented, so that the text runs as a shell script; a Modelfile takes the lines
    // without the leading "# ".
    text << "# Ollama Modelfile parameters for the same plan (without the leading \"# \"):\n"
         << "# PARAMETER num_ctx " << p.contextPerSlot << "\n";
    if (discrete) {
        text << "# PARAMETER num_gpu " << (p.gpuLayersFlag > p.layers ? 999u : p.gpuLayersFlag)
             << "\n";
    }
    return text.str();
}

} // namespace hostplan
