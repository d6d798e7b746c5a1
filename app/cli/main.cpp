// SPDX-License-Identifier: MIT
// hostplan-cli entry point: thin wrapper over hostplan::cli::run. Built with the GUI library
// (HOSTPLAN_CLI_WITH_REPORT), it also offers `report` (the PDF budget report) and `export-csv`.
#include "cli/cli.h"

#ifdef HOSTPLAN_CLI_WITH_REPORT
#include "cli/reportcli.h"
#endif

#include <iostream>

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
#ifdef HOSTPLAN_CLI_WITH_REPORT
    return hostplan::cli::run(args, std::cout, std::cerr, hostplan::ui::reportCliCommands());
#else
    return hostplan::cli::run(args, std::cout, std::cerr);
#endif
}
