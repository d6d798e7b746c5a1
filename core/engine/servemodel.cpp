// SPDX-License-Identifier: MIT
#include "engine/servemodel.h"

#include "catalogue/embeddedresources.h"
#include "engine/servecommand.h"
#include "import/ggufimport.h"

#include <filesystem>
#include <fstream>

namespace hostplan {

std::optional<ModelEntry> catalogueEntryOf(const PlanResult &p, const Catalogue &cat) {
    const std::string &ref = p.scenario.model.ref;
    if (auto entry = cat.findModel(ref); entry.ok()) {
        return entry.value();
    }
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto size = fs::file_size(fs::path(ref), ec);
    // A ModelOpt record beside the config (hf_quant_config.json) makes it another checkpoint
    // of the same architecture (nvidia/GLM-5-NVFP4 ships GLM-5's config.json unchanged): the
    // catalogue entry's repository would serve the unquantized model.
    if (ec || fs::exists(fs::path(ref).parent_path() / "hf_quant_config.json", ec)) {
        return std::nullopt;
    }
    const auto &files = embeddedResources();
    for (const ModelEntry &entry : cat.models()) {
        const auto shipped = files.find(entry.configFile);
        if (shipped == files.end() || shipped->second.size() != size) {
            continue;
        }
        std::ifstream in(fs::path(ref), std::ios::binary);
        std::string bytes(size, '\0');
        if (in.read(bytes.data(), std::streamsize(size)) && bytes == shipped->second) {
            return entry;
        }
    }
    return std::nullopt;
}

std::string servingModelExplanation(const PlanResult &p, const Catalogue &cat,
                                    const std::string &path) {
    const auto entry = catalogueEntryOf(p, cat);
    if (entry && !entry->hfRepo.empty()) {
        return "Hugging Face repository of the catalogue entry '" + entry->id + "' (" +
               entry->name + ")";
    }
    if (isGgufModelRef(p.scenario.model.ref)) {
        // vLLM's GGUF loader (vllm/model_executor/model_loader/gguf_loader.py @ v0.19.0
        // GGUFModelLoader: a local .gguf file, the tokenizer given apart).
        return "the plan's GGUF file (" + path +
               "): vLLM loads a single-file GGUF through its GGUF loader, with the original "
               "model's tokenizer (--tokenizer ORG/NAME); for SGLang and TensorRT-LLM serve the "
               "Hugging Face checkpoint it was made from (their GGUF support is absent or "
               "experimental)";
    }
    return "folder of the imported model files (" + path + ")";
}

std::string servingModelPath(const PlanResult &plan, const Catalogue &catalogue) {
    const std::string &ref = plan.scenario.model.ref;
    const auto entry = catalogueEntryOf(plan, catalogue);
    if (entry && !entry->hfRepo.empty()) {
        return entry->hfRepo;
    }
    if (isGgufModelRef(ref)) {
        // The file itself (the first part of a split set is what the loaders open).
        return plan.model.source.empty() ? ref : plan.model.source;
    }
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path path(ref);
    if (fs::is_directory(path, ec)) {
        return path.string();
    }
    const fs::path parent = path.parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

} // namespace hostplan
