// SPDX-License-Identifier: MIT
// Ollama name -> GGUF blob (see ollama.h).
#include "import/ollama.h"

#include "import/hubcache.h"
#include "util/fileio.h"
#include "util/jsonutil.h"
#include "util/textutil.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <vector>

namespace hostplan::importer {

namespace fs = std::filesystem;

fs::path ollamaModelsDir() {
    if (const char *dir = std::getenv("OLLAMA_MODELS"); dir && *dir) {
        return dir;
    }
    const char *home = std::getenv("HOME");
    return fs::path(home ? home : "") / ".ollama" / "models";
}

Result<fs::path> resolveOllamaModel(std::string_view name, const fs::path &modelsDir) {
    const std::string field = "ollama:" + std::string(name);
    std::string_view rest = name;
    std::string tag = "latest";
    if (const auto colon = rest.rfind(':'); colon != std::string_view::npos) {
        tag = std::string(rest.substr(colon + 1));
        rest = rest.substr(0, colon);
    }
    std::vector<std::string> parts;
    for (std::size_t from = 0;;) {
        const auto slash = rest.find('/', from);
        parts.emplace_back(
            rest.substr(from, slash == std::string_view::npos ? slash : slash - from));
        if (slash == std::string_view::npos) {
            break;
        }
        from = slash + 1;
    }
    if (parts.size() > 3) {
        return makeError(field, "not an Ollama name (at most host/namespace/model:tag)");
    }
    while (parts.size() < 3) {
        parts.insert(parts.begin(), parts.size() == 2 ? "registry.ollama.ai" : "library");
    }
    for (const auto &p : parts) {
        if (!validNamePart(p) || p.size() > 256) {
            return makeError(field, "not an Ollama name ('" + p + "')");
        }
    }
    if (!validNamePart(tag) || tag.size() > 256) {
        return makeError(field, "not an Ollama tag ('" + tag + "')");
    }
    const fs::path manifest = modelsDir / "manifests" / parts[0] / parts[1] / parts[2] / tag;
    std::error_code ec;
    if (!fs::exists(manifest, ec)) {
        // A path that cannot be looked up (a loop of symbolic links, a folder without search
        // permission) is named with the system's reason, not reported as never pulled.
        if (ec) {
            return makeError(manifest.string(), "cannot read: " + ec.message());
        }
        return makeError(field, "not pulled: no manifest " + manifest.string() +
                                    " (ollama pull, or set OLLAMA_MODELS)");
    }
    HOSTPLAN_TRY(text, readRegularFile(manifest, 1 << 20));
    HOSTPLAN_TRY(doc, jsonfield::parse(text, manifest.string()));
    if (!doc.is_object() || !doc.contains("layers") || !doc["layers"].is_array()) {
        return makeError(manifest.string() + ": layers", "missing list of layers");
    }
    std::size_t index = 0;
    for (const auto &layer : doc["layers"]) {
        const std::string at = manifest.string() + ": layers[" + std::to_string(index++) + "]";
        if (!layer.is_object()) {
            continue;
        }
        for (const char *key : {"mediaType", "digest"}) {
            if (layer.contains(key) && !layer[key].is_string()) {
                return makeError(at + "." + key, "not a string");
            }
        }
        if (layer.value("mediaType", "") != "application/vnd.ollama.image.model") {
            continue;
        }
        const std::string digest = layer.value("digest", "");
        const std::string hex = digest.rfind("sha256:", 0) == 0 ? digest.substr(7) : "";
        if (hex.size() != 64 || hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
            return makeError(at + ".digest", "not a sha256 digest: '" + cutText(digest, 80) + "'");
        }
        const fs::path blob = modelsDir / "blobs" / ("sha256-" + hex);
        if (!fs::exists(blob, ec)) {
            if (ec) {
                return makeError(blob.string(), "cannot read: " + ec.message());
            }
            return makeError(field, "blob missing: " + blob.string());
        }
        return blob;
    }
    return makeError(manifest.string(), "no model layer (application/vnd.ollama.image.model)");
}

} // namespace hostplan::importer
