#include "import/pathresolve.h"

#include <cstdint>
#include <fstream>
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
                return makeError(path.string(), "no config.json in this folder");
            }
            if (fs::exists(path / "model.safetensors.index.json", ec)) {
                out.index = path / "model.safetensors.index.json";
            } else {
                for (const auto &entry : fs::directory_iterator(path, ec)) {
                    if (entry.path().filename().string().ends_with(".safetensors")) {
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

Result<std::string> readTextFile(const fs::path &path, std::uint64_t maxBytes,
                                 std::string_view tooLarge) {
    std::error_code ec;
    const std::uint64_t size = fs::file_size(path, ec);
    if (ec) {
        return makeError(path.string(), "cannot read file: " + ec.message());
    }
    if (size > maxBytes) {
        return makeError(path.string(),
                         "file is " + std::to_string(size) + " bytes" + std::string(tooLarge));
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(path.string(), "cannot open file");
    }
    std::string text(size, '\0');
    in.read(text.data(), std::streamsize(size));
    if (std::uint64_t(in.gcount()) != size) {
        return makeError(path.string(), "short read");
    }
    return text;
}

Result<std::string> readConfigFile(const fs::path &path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        return makeError(path.string(), "not found or not a regular file");
    }
    return readTextFile(path, std::uint64_t(64) << 20, "; too large for a config.json");
}

} // namespace hostplan::importer
