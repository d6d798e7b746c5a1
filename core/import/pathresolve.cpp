// SPDX-License-Identifier: MIT
#include "import/pathresolve.h"

#include "import/safetensors.h"
#include "util/fileio.h"

#include <cstdint>
#include <system_error>

namespace hostplan::importer {

namespace fs = std::filesystem;

Result<CheckpointPaths> resolveCheckpointPaths(const fs::path &path) {
    try {
        std::error_code ec;
        CheckpointPaths out;
        out.config = path;
        const std::string name = path.filename().string();
        if (fs::is_directory(path, ec)) {
            out.config = path / "config.json";
            if (!fs::exists(out.config, ec)) {
                // A config.json that is there but cannot be followed (a loop of symbolic
                // links, no permission on its target) says why, not "no config.json".
                if (ec && ec != std::errc::no_such_file_or_directory) {
                    return makeError(out.config.string(), "cannot read: " + ec.message());
                }
                return makeError(path.string(), "no config.json in this folder");
            }
            if (fs::exists(path / "model.safetensors.index.json", ec)) {
                out.index = path / "model.safetensors.index.json";
            } else {
                for (const auto &entry : fs::directory_iterator(path, ec)) {
                    const std::string file = entry.path().filename().string();
                    if (file.ends_with(".safetensors") || file.ends_with(kHeaderOnlyShardSuffix)) {
                        out.shards.push_back(entry.path());
                    }
                }
            }
        } else if (name.ends_with(".index.json")) {
            out.index = path;
            out.config = path.parent_path() / "config.json";
            if (!fs::exists(out.config, ec)) {
                return makeError(out.config.string(),
                                 "not found beside the index " + path.string());
            }
        } else if (name.ends_with(".safetensors")) {
            out.shards.push_back(path);
            out.config = path.parent_path() / "config.json";
            if (!fs::exists(out.config, ec)) {
                return makeError(out.config.string(),
                                 "not found beside " + path.string() +
                                     " (a safetensors file holds tensors, not the "
                                     "architecture)");
            }
        }
        return out;
    } catch (const std::exception &e) {
        return makeError(path.string(), std::string("cannot import: ") + e.what());
    }
}

Result<std::string> readConfigFile(const fs::path &path) {
    return readRegularFile(path, kMaxConfigBytes);
}

} // namespace hostplan::importer
