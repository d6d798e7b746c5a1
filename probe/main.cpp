// SPDX-License-Identifier: MIT
// hostplan-probe: checks a HostPlan plan on this machine's GPUs. See probecli.h.
#include "probecli.h"

int main(int argc, char **argv) {
    return hostplan::probe::runProbeCli(argc, argv);
}
