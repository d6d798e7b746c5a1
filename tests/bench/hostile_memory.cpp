// SPDX-License-Identifier: MIT
// Peak memory of every hostile input: each file of the fuzz seed corpus (tests/fuzz/corpus,
// which holds issue 16's pathological inputs) and /dev/zero, a FIFO and a folder through the
// file readers, each parsed in a forked child whose peak resident size (getrusage through
// wait4) is reported. Fails when a child crashes or peaks above 256 MB. Time is bounded by the
// ctest TIMEOUT, not asserted here.
#include "catalogue/catalogue.h"
#include "import/modelimport.h"
#include "import/safetensors.h"
#include "probereport.h"
#include "scenario/scenario.h"
#include "util/fileio.h"

#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace hostplan;

namespace {

constexpr long kLimitKiB = 256 * 1024;

/// Runs `f` in a child; its peak RSS in KiB, or -1 when it did not exit normally.
long peakKiB(const std::function<void()> &f) {
    const pid_t pid = fork();
    if (pid == 0) {
        f();
        _exit(0);
    }
    int status = 0;
    struct rusage usage {};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return -1;
    }
    return usage.ru_maxrss;
}

void parseAs(const std::string &target, const std::string &text) {
    if (target == "config") {
        (void)importHfConfigText(text, "config.json");
    } else if (target == "safetensors_header") {
        (void)parseSafetensorsHeader(text, text.size());
    } else if (target == "safetensors_index") {
        (void)parseSafetensorsIndex(text);
    } else if (target == "scenario") {
        (void)parseScenario(text);
    } else if (target == "probereport") {
        (void)probe::parseReport(text);
    }
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
        return 2;
    }
    struct Case {
        std::string name;
        std::function<void()> run;
    };
    std::vector<Case> cases;
    for (const char *target :
         {"config", "safetensors_header", "safetensors_index", "scenario", "probereport"}) {
        for (const auto &entry : fs::directory_iterator(fs::path(argv[1]) / target)) {
            const std::string path = entry.path().string();
            cases.push_back({std::string(target) + "/" + entry.path().filename().string(),
                             [target = std::string(target), path] {
                                 const auto text = readRegularFile(path, 64 << 20);
                                 if (text.ok()) {
                                     parseAs(target, text.value());
                                 }
                             }});
        }
    }
    char fifoDir[] = "/tmp/hostile-memory-XXXXXX";
    const std::string dir = mkdtemp(fifoDir) ? fifoDir : "/tmp";
    const std::string fifo = dir + "/fifo.json";
    mkfifo(fifo.c_str(), 0600);
    for (const std::string &path : {std::string("/dev/zero"), fifo, dir}) {
        cases.push_back({"probe report " + path, [path] { (void)probe::loadReportFile(path); }});
        cases.push_back({"scenario " + path, [path] { (void)loadScenarioFile(path); }});
        cases.push_back({"model " + path, [path] { (void)importModelPath(path); }});
    }

    int failures = 0;
    long worst = 0;
    for (const Case &c : cases) {
        const long kib = peakKiB(c.run);
        const bool bad = kib < 0 || kib > kLimitKiB;
        failures += bad ? 1 : 0;
        worst = std::max(worst, kib);
        std::printf("%8.1f MB  %s%s\n", double(kib) / 1024.0, c.name.c_str(),
                    kib < 0 ? "  CRASHED" : (bad ? "  OVER 256 MB" : ""));
    }
    unlink(fifo.c_str());
    rmdir(dir.c_str());
    std::printf("%zu hostile inputs, worst peak %.1f MB (limit 256 MB), %d over or crashed\n",
                cases.size(), double(worst) / 1024.0, failures);
    return failures == 0 ? 0 : 1;
}
