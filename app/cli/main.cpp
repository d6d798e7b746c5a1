// hostplan-cli entry point: thin wrapper over hostplan::cli::run.
#include "cli.h"

#include <iostream>

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return hostplan::cli::run(args, std::cout, std::cerr);
}
