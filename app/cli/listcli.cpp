// SPDX-License-Identifier: MIT
#include "cli/listcli.h"

#include "cli/cli.h"

#include "util/numbertext.h"
#include "util/units.h"

#include <algorithm>
#include <iomanip>

namespace hostplan::cli {

int cmdModels(std::ostream &out) {
    const auto &cat = Catalogue::builtin();
    out << std::left << std::setw(22) << "id" << std::setw(30) << "name" << std::right
        << std::setw(12) << "total (B)" << std::setw(12) << "active (B)" << std::setw(12)
        << "weights GB"
        << "  source (as of)\n";
    for (const auto &e : cat.models()) {
        auto spec = cat.loadModel(e.id);
        out << std::left << std::setw(22) << e.id << std::setw(30) << e.name << std::right;
        if (spec.ok()) {
            out << std::setw(12) << formatDouble("%.2f", spec->totalParams / 1e9) << std::setw(12)
                << formatDouble("%.2f", spec->activeParams / 1e9) << std::setw(12)
                << formatDouble("%.1f", toGB(double(spec->weightBytes())));
        } else {
            out << "  import error: " << spec.error().toString();
        }
        out << "  " << e.source << " (" << e.asOf << ")\n";
    }
    return kExitOk;
}

int cmdGpus(const Catalogue &cat, std::ostream &out) {
    // The id column as wide as the longest id, plus a space ("rtx-pro-6000" is 12 characters).
    int idWidth = 3;
    for (const auto &g : cat.gpus()) {
        idWidth = std::max(idWidth, int(g.id.size()) + 1);
    }
    out << std::left << std::setw(idWidth) << "id" << std::setw(40) << "name" << std::right
        << std::setw(8) << "GB" << std::setw(10) << "GiB use" << std::setw(8) << "TB/s"
        << std::setw(8) << "MXFP4" << std::setw(7) << "node" << std::setw(9) << "$/GPU-h"
        << "  source (as of)\n";
    for (const auto &g : cat.gpus()) {
        out << std::left << std::setw(idWidth) << g.id << std::setw(40) << g.name << std::right
            << std::setw(8) << formatDouble("%.0f", toGB(double(g.memoryBytes))) << std::setw(10)
            << formatDouble("%.1f", toGiB(double(g.usableMemoryBytes))) << std::setw(8)
            << formatDouble("%.2f", g.hbmBandwidthBytesPerS / 1e12) << std::setw(8)
            << (g.nativeMxfp4 ? "native" : "dequant") << std::setw(7) << g.gpusPerNode
            << std::setw(9)
            << (g.defaultUsdPerGpuHour > 0 ? formatDouble("%.2f", g.defaultUsdPerGpuHour)
                                           : std::string("unknown")) // no rate is not free
            << "  " << g.source << " (" << g.asOf << ")\n";
    }
    return kExitOk;
}

} // namespace hostplan::cli
