// SPDX-License-Identifier: MIT
// hostplan-cli entry point: thin wrapper over hostplan::cli::run. Built with the GUI library
// (HOSTPLAN_CLI_WITH_REPORT), it also offers `report` (the PDF budget report) and `export-csv`, and
// fetches Hub ids that the local Hugging Face cache lacks over HTTP (hub/hubfetch.h).
#include "cli/cli.h"

#ifdef HOSTPLAN_CLI_WITH_REPORT
#include "cli/reportcli.h"
#include "hub/hubfetch.h"
#endif

#include <csignal>
#include <iostream>

int main(int argc, char **argv) {
    // A reader that closes the pipe early (`hostplan-cli plan --json | head`) makes the write
    // fail with EPIPE instead of killing the process with SIGPIPE, so run() reports it and
    // exits kExitWriteFailed (3), as the README promises.
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN);
#endif
    std::vector<std::string> args(argv + 1, argv + argc);
#ifdef HOSTPLAN_CLI_WITH_REPORT
    hostplan::hub::installHubFetcher(); // Hub ids the local cache lacks: over HTTP
    return hostplan::cli::run(args, std::cout, std::cerr, hostplan::ui::reportCliCommands());
#else
    return hostplan::cli::run(args, std::cout, std::cerr);
#endif
}
