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
        if (path != p.model.source && path != p.scenario.model.ref) {
            // SGLang and TensorRT-LLM: the checkpoint the file was made from.
            return p.model.originRepo.empty()
                       ? "the Hugging Face checkpoint the GGUF file was made from, which the "
                         "file does not name (general.base_model.0.repo_url): replace " +
                             path +
                             " before running (SGLang's GGUF loading is experimental, "
                             "TensorRT-LLM has none)"
                       : "the Hugging Face checkpoint the GGUF file names as its base model (" +
                             path +
                             "): SGLang's GGUF loading is experimental and TensorRT-LLM has "
                             "none, so they serve it; its weights are that checkpoint's, not "
                             "the file's quantization";
        }
        // vLLM's GGUF loader (vllm/model_executor/model_loader/gguf_loader.py @ v0.19.0
        // GGUFModelLoader: a local .gguf file, the tokenizer given apart).
        return "the plan's GGUF file (" + path +
               "): vLLM loads a single-file GGUF through its GGUF loader, with the original "
               "model's tokenizer (--tokenizer)";
    }
    return "folder of the imported model files (" + path + ")";
}

std::string checkpointOfGguf(const PlanResult &p) {
    return p.model.originRepo.empty() ? std::string(kGgufOriginPlaceholder) : p.model.originRepo;
}

void addGgufTokenizer(const PlanResult &p, const Catalogue &cat, ServeCommand &c) {
    if (!isGgufModelRef(p.scenario.model.ref) || catalogueEntryOf(p, cat)) {
        return;
    }
    const std::string tokenizer = checkpointOfGguf(p);
    c.flags.push_back({"--tokenizer", tokenizer,
                       p.model.originRepo.empty()
                           ? "the tokenizer of the model the GGUF file was made from, which the "
                             "file does not name: replace " +
                                 tokenizer + " before running"
                           : "the tokenizer of the base model the GGUF file names"});
}

std::string servingModelPath(const PlanResult &plan, const Catalogue &catalogue, Engine engine) {
    // The name check first: catalogueEntryOf reads the file's size (and maybe its bytes).
    if (engine != Engine::Vllm && isGgufModelRef(plan.scenario.model.ref) &&
        !catalogueEntryOf(plan, catalogue)) {
        return checkpointOfGguf(plan);
    }
    return servingModelPath(plan, catalogue);
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
