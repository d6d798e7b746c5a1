// SPDX-License-Identifier: MIT
// Shared set-up of the llama.cpp planner tests.
#pragma once

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"

namespace llamatest {

/// `m` on an RTX 4090 in a DDR5 desktop, -c 4096, one slot (llama.cpp's other defaults).
inline hostplan::LlamaCppInput on4090(const hostplan::ModelSpec &m) {
    hostplan::LlamaCppInput in;
    in.model = &m;
    in.gpu = hostplan::Catalogue::builtin().findGpu("rtx-4090").value();
    in.host = hostplan::findHost("ddr5-desktop").value();
    in.context = 4096;
    in.parallel = 1;
    return in;
}

} // namespace llamatest
