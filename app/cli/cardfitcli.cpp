// SPDX-License-Identifier: MIT
#include "cli/cardfitcli.h"

#include "cli/cli.h"
#include "cli/options.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/cardfit.h"
#include "engine/llamacpp.h"
#include "import/ggmltypes.h"
#include "plan/plan.h"
#include "scenario/scenario.h"
#include "util/numbertext.h"
#include "util/terminaltext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <iomanip>
#include <set>
#include <sstream>

namespace hostplan::cli {

namespace {

/// The grouped token count, "131,072" (the GUI's cells shorten it to "128k" with a tooltip).
std::string contextShort(std::uint64_t tokens) {
    return groupedText(tokens); // exact, as every cell of the table gives it
}

/// One cell as the This card view words it, on one line.
std::string cellText(const CardFitCell &c) {
    const std::string speed = " @ " + formatDouble("%.1f", c.tokensPerSecond) + " tok/s";
    if (c.fitsAtDefault) {
        return "runs to " + contextShort(c.maxContext) + speed;
    }
    if (c.cpuMoeLayers) {
        return "--n-cpu-moe " + std::to_string(*c.cpuMoeLayers) + speed;
    }
    if (c.offloadGpuLayers) {
        return "-ngl " + std::to_string(*c.offloadGpuLayers) + "/" + std::to_string(c.layers + 1) +
               speed;
    }
    return "does not fit";
}

/// `text` (as singleLine leaves it: UTF-8 with \uXXXX and \xNN escapes) cut to at most
/// `columns` characters, never inside a UTF-8 sequence or an escape, and padded with spaces to
/// `columns` + 1. Characters are counted as one column each (a double-width CJK character
/// takes two on a terminal, which this does not measure).
std::string column(const std::string &text, std::size_t columns) {
    std::string out;
    std::size_t shown = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        const std::size_t len = c == '\\' && next == 'u'   ? 6
                                : c == '\\' && next == 'x' ? 4
                                : c >= 0xF0                ? 4
                                : c >= 0xE0                ? 3
                                : c >= 0xC0                ? 2
                                                           : 1;
        const std::size_t width = c == '\\' ? len : 1; // an escape shows as its characters
        if (shown + width > columns) {
            break;
        }
        out.append(text, i, len);
        shown += width;
        i += len;
    }
    return out + std::string(columns + 1 - shown, ' ');
}

/// Parameters as "46.7B", "2.78T" from a trillion on, or "1.7M" below 0.1 B (never "0.0B"), so
/// the column keeps its gap.
std::string paramsColumnText(double params) {
    return params < 1e8        ? formatDouble("%.1fM", params / 1e6)
           : params < 999.95e9 ? formatDouble("%.1fB", params / 1e9)
                               : formatDouble("%.2fT", params / 1e12);
}

} // namespace

std::string cardFitUsage() {
    return R"(card-fit options (what fits one card under llama.cpp, the GUI's This card view):
  --gpu NAME               the card (default rtx-4090; none: the CPU alone; a unified-memory
                           --host such as apple-m4-max needs none); --gpu-file FILE adds types
  --host NAME              the host (default ddr5-desktop); --host-memory-gb N its memory
  --model NAME|PATH        a model to size (repeatable; default every catalogue model)
  --types T,T,...          ggml types (default q4_K,q5_K,q8_0,f16)
  --llamacpp-build bN      the memory rules of llama.cpp release bN (default: the newest)
)";
}

int cmdCardFit(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    const auto bad = [&err](const std::string &option, const std::string &why) {
        err << "hostplan-cli card-fit: " << option << ": " << why << "\n";
        return kExitUsage;
    };
    std::string gpuName = "rtx-4090";
    bool gpuGiven = false;
    std::string hostName = "ddr5-desktop";
    std::uint64_t hostMemoryGb = 0;
    std::uint64_t build = 0;
    std::vector<std::string> models;
    std::vector<const gguf::GgmlType *> types = defaultCardFitTypes();
    Scenario forGpus; // --gpu-file: the user's GPU types, read as plan reads them
    std::vector<std::string> gpuFileArgs;
    static const std::set<std::string> valued = {"--gpu",           "--gpu-file",       "--host",
                                                 "--model",         "--host-memory-gb", "--types",
                                                 "--llamacpp-build"};
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (!valued.count(a)) {
            return bad(a, "unknown option (see hostplan-cli --help)");
        }
        if (i + 1 >= args.size()) {
            return bad(a, "missing value");
        }
        const std::string &v = args[++i];
        if (a == "--gpu") {
            gpuName = v;
            gpuGiven = true;
        } else if (a == "--gpu-file") {
            gpuFileArgs.insert(gpuFileArgs.end(), {a, v});
        } else if (a == "--host") {
            hostName = v;
        } else if (a == "--model") {
            models.push_back(v);
        } else if (a == "--host-memory-gb") {
            if (!parseUint(v, hostMemoryGb) || hostMemoryGb == 0 || hostMemoryGb > 100000) {
                return bad(a,
                           "must be a whole number of GB from 1 to 100000, got " + quotedInput(v));
            }
        } else if (a == "--llamacpp-build") {
            const std::string digits = !v.empty() && (v[0] == 'b' || v[0] == 'B') ? v.substr(1) : v;
            if (!parseUint(digits, build) || build == 0 || build > kLlamaMaxBuild) {
                return bad(a, "must be a llama.cpp release, b1 to b" +
                                  std::to_string(kLlamaMaxBuild) + ", got " + quotedInput(v));
            }
        } else if (a == "--types") {
            types.clear();
            std::stringstream list(v);
            for (std::string name; std::getline(list, name, ',');) {
                // A llama-quantize file type names its main type ("Q4_K_M" is mostly q4_K).
                const std::string lowered = asciiLower(name);
                const gguf::GgmlType *t = gguf::ggmlTypeByName(name);
                if (!t) {
                    return bad(a, unknownGgmlTypeText(name));
                }
                // Integer and f64 tensors, and the q8_K / q8_1 dot-product intermediates, are
                // not types llama-quantize stores a model's weights in.
                if ((lowered.starts_with("i") && lowered.size() <= 3) || lowered == "f64" ||
                    lowered == "q8_k" || lowered == "q8_1") {
                    return bad(a, quotedInput(name) + " is not a type a model's weights are "
                                                      "stored in (q4_K, q8_0, f16, ...)");
                }
                if (std::find(types.begin(), types.end(), t) != types.end()) {
                    return bad(a, quotedInput(name) + " is named twice");
                }
                types.push_back(t);
            }
            if (types.empty() || types.size() > 8) {
                return bad(a, "one to eight ggml types, comma-separated");
            }
        }
    }
    std::vector<std::string> rest;
    if (const std::string e = scenarioFromArgs(gpuFileArgs, forGpus, rest); !e.empty()) {
        err << "hostplan-cli card-fit: " << e << "\n";
        return kExitUsage;
    }
    auto host = findHost(hostName);
    if (!host.ok()) {
        return bad("--host", host.error().message);
    }
    if (hostMemoryGb) {
        host.value().memoryBytes = hostMemoryGb * std::uint64_t(kBytesPerGiB); // as sold: GiB
    }
    // --gpu none: the host alone (the CPU, or a unified-memory host's own GPU), as plan
    // --engine llama.cpp takes it; a unified-memory host has no separate card to name.
    const bool noGpu = asciiLower(gpuName) == "none" || (host->unifiedMemory && !gpuGiven);
    if (host->unifiedMemory && gpuGiven && !noGpu) {
        return bad("--gpu", hostName + " is a unified-memory host: its GPU is the host's "
                                       "(leave out --gpu)");
    }
    std::optional<GpuSpec> gpu;
    if (!noGpu) {
        auto found = scenarioCatalogue(forGpus).findGpu(gpuName);
        if (!found.ok()) {
            return bad("--gpu", found.error().message);
        }
        gpu = found.value();
    }
    if (models.empty()) {
        for (const ModelEntry &m : Catalogue::builtin().models()) {
            models.push_back(m.id);
        }
    }
    std::vector<CardFitRow> rows;
    for (const std::string &ref : models) {
        Scenario s = defaultScenario();
        s.model.ref = ref;
        const auto spec = resolveModel(s, Catalogue::builtin());
        if (!spec.ok()) {
            return bad("--model", spec.error().toString());
        }
        rows.push_back(cardFit(spec.value(), gpu, host.value(), types, std::uint32_t(build)));
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const CardFitRow &a, const CardFitRow &b) { return a.params < b.params; });

    // The host's RAM decides every offloaded cell: named with the host (--host-memory-gb).
    const std::string on = gpu ? singleLine(gpu->name) + " + " + singleLine(host->name)
                           : host->unifiedMemory ? singleLine(host->name)
                                                 : singleLine(host->name) + " (CPU only)";
    out << "What fits " << on << ", " << formatDouble("%.0f GiB", toGiB(double(host->memoryBytes)))
        << " of RAM"
        << " under llama.cpp" << (build ? " b" + std::to_string(build) : std::string()) << "\n"
        << (gpu ? "(llama-server's defaults: four slots in one unified f16 KV cache, 1 GiB left "
                  "free on the card as --fit leaves it; \"runs to C\" = every layer on the GPU "
                  "up to C tokens; -ngl / --n-cpu-moe = the rest in system RAM; decode ceilings "
                  "at "
                : "(llama-server's defaults: four slots in one unified f16 KV cache; \"runs to "
                  "C\" = the model and its cache in the host's memory up to C tokens; decode "
                  "ceilings at ")
        << contextShort(kLlamaFitMinContext) << " tokens)\n\n";
    constexpr int kModelWidth = 30;
    constexpr int kCellWidth = 32; // the widest cell, "runs to 125,440 @ 118.4 tok/s", and a gap
    // Each line built whole, so that it ends without the last column's padding.
    const auto emit = [&out](const std::ostringstream &line) {
        std::string text = line.str();
        text.erase(text.find_last_not_of(' ') + 1);
        out << text << "\n";
    };
    // A GGUF file's row has one cell, its own tensors: a table of its own, so it never sits
    // under a type it is not stored as.
    for (const bool files : {false, true}) {
        const bool any = std::any_of(rows.begin(), rows.end(), [files](const CardFitRow &r) {
            return !r.cells.empty() && (r.cells.front().type == "gguf") == files;
        });
        if (!any) {
            continue;
        }
        std::ostringstream head;
        head << std::left << std::setw(kModelWidth) << (files ? "GGUF file" : "model")
             << std::setw(8) << "params";
        if (files) {
            head << "its own tensors";
        }
        for (const gguf::GgmlType *t : files ? std::vector<const gguf::GgmlType *>() : types) {
            head << std::setw(kCellWidth) << t->name;
        }
        if (files && std::any_of(rows.begin(), rows.end(), [](const CardFitRow &r) {
                return r.cells.empty() || r.cells.front().type != "gguf";
            })) {
            out << "\n";
        }
        emit(head);
        for (const CardFitRow &r : rows) {
            if (r.cells.empty() || (r.cells.front().type == "gguf") != files) {
                continue;
            }
            std::ostringstream line;
            line << std::left << column(singleLine(r.modelName), kModelWidth - 1) << std::setw(8)
                 << paramsColumnText(r.params);
            for (const CardFitCell &c : r.cells) {
                line << std::setw(kCellWidth - 1) << cellText(c) << ' ';
            }
            emit(line);
        }
    }
    return kExitOk;
}

} // namespace hostplan::cli
