// SPDX-License-Identifier: MIT
#include "import/ggufarchs.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace hostplan {

namespace {

/// LLM_ARCH_NAMES of src/llama-arch.cpp @ 00395eb285c7c6821ff372e3ca41dae9da33c2c7, sorted.
constexpr std::array kLlamaCppArchitectures = {
    "afmoe",          "apertus",      "arcee",         "arctic",         "arwkv7",
    "baichuan",       "bailingmoe",   "bailingmoe2",   "bert",           "bitnet",
    "bloom",          "chameleon",    "chatglm",       "clip",           "codeshell",
    "cogvlm",         "cohere2",      "cohere2moe",    "command-r",      "dbrx",
    "deci",           "deepseek",     "deepseek2",     "deepseek2-ocr",  "deepseek32",
    "deepseek4",      "dflash",       "dots1",         "dream",          "eagle3",
    "ernie4_5",       "ernie4_5-moe", "eurobert",      "exaone",         "exaone-moe",
    "exaone4",        "falcon",       "falcon-h1",     "gemma",          "gemma-embedding",
    "gemma2",         "gemma3",       "gemma3n",       "gemma4",         "gemma4-assistant",
    "glm-dsa",        "glm4",         "glm4moe",       "gpt-oss",        "gpt2",
    "gptj",           "gptneox",      "granite",       "granitehybrid",  "granitemoe",
    "grok",           "grovemoe",     "hunyuan-dense", "hunyuan-moe",    "hunyuan_vl",
    "hy_v3",          "internlm2",    "jais",          "jais2",          "jamba",
    "jina-bert-v2",   "jina-bert-v3", "kimi-linear",   "laguna",         "lfm2",
    "lfm2moe",        "llada",        "llada-moe",     "llama",          "llama-embed",
    "llama4",         "maincoder",    "mamba",         "mamba2",         "mellum",
    "mimo2",          "minicpm",      "minicpm3",      "minimax-m2",     "mistral3",
    "mistral4",       "modern-bert",  "mpt",           "nemotron",       "nemotron_h",
    "nemotron_h_moe", "neo-bert",     "nomic-bert",    "nomic-bert-moe", "olmo",
    "olmo2",          "olmoe",        "openelm",       "orion",          "paddleocr",
    "pangu-embedded", "phi2",         "phi3",          "phimoe",         "plamo",
    "plamo2",         "plamo3",       "plm",           "qwen",           "qwen2",
    "qwen2moe",       "qwen2vl",      "qwen3",         "qwen35",         "qwen35moe",
    "qwen3moe",       "qwen3next",    "qwen3vl",       "qwen3vlmoe",     "refact",
    "rnd1",           "rwkv6",        "rwkv6qwen2",    "rwkv7",          "seed_oss",
    "smallthinker",   "smollm3",      "stablelm",      "starcoder",      "starcoder2",
    "step35",         "t5",           "t5encoder",     "talkie",         "wavtokenizer-dec",
    "xverse"};

} // namespace

bool llamaCppKnowsArchitecture(std::string_view arch) {
    return std::binary_search(kLlamaCppArchitectures.begin(), kLlamaCppArchitectures.end(), arch,
                              [](std::string_view a, std::string_view b) { return a < b; });
}

std::string unknownGgufArchitectureNote(std::string_view arch) {
    if (llamaCppKnowsArchitecture(arch)) {
        return {};
    }
    return "general.architecture '" + std::string(arch.substr(0, 64)) +
           "' is not an architecture llama.cpp names (src/llama-arch.cpp @ 00395eb2): llama.cpp "
           "refuses the file (\"unknown model architecture\") unless a newer build adds it; "
           "HostPlan sizes it from the generic GGUF keys";
}

bool isPerLayerEmbeddingTensor(std::string_view name) {
    return name.starts_with("per_layer_token_embd.");
}

bool expertOverrideTensor(std::string_view name) {
    constexpr std::string_view ffn = ".ffn_";
    for (auto at = name.find(ffn); at != std::string_view::npos; at = name.find(ffn, at + 1)) {
        const std::string_view rest = name.substr(at + ffn.size());
        for (const std::string_view kind : {"up_", "down_", "gate_", "gate_up_"}) {
            if (rest.starts_with(kind)) {
                const std::string_view tail = rest.substr(kind.size());
                if (tail.starts_with("exps") || tail.starts_with("chexps")) {
                    return true;
                }
            }
        }
    }
    return false;
}

GroupRole ggufTensorRole(const std::string &n, std::size_t dims) {
    const auto has = [&](const char *s) { return n.find(s) != std::string::npos; };
    if ((n.rfind("token_embd.", 0) == 0 || isPerLayerEmbeddingTensor(n)) && !has("norm")) {
        return GroupRole::Embedding;
    }
    if (n.rfind("output.", 0) == 0) {
        return GroupRole::LmHead;
    }
    if (n.rfind("v.", 0) == 0 || n.rfind("mm.", 0) == 0 || n.rfind("a.", 0) == 0) {
        return GroupRole::Vision;
    }
    if (has("_exps") && !has("_norm")) {
        return GroupRole::RoutedExperts;
    }
    if (has("_shexp")) {
        return GroupRole::SharedExperts;
    }
    if (has("ffn_gate_inp") || has("exp_probs")) {
        return GroupRole::MoeOther;
    }
    if (dims == 1 || has("norm")) {
        return GroupRole::Norms;
    }
    if (has(".attn_") || has(".ssm_") || has(".time_mix") || has(".shortconv")) {
        return GroupRole::Attention;
    }
    if (has(".ffn_")) {
        return GroupRole::DenseMlp;
    }
    return GroupRole::Other;
}

std::string hubRepositoryOf(std::string_view text) {
    for (std::string_view prefix : {"https://huggingface.co/", "http://huggingface.co/",
                                    "https://hf.co/", "huggingface.co/"}) {
        if (text.starts_with(prefix)) {
            text.remove_prefix(prefix.size());
            break;
        }
    }
    const auto part = [](std::string_view p) {
        return !p.empty() && p.size() <= 96 && p.front() != '.' && p.front() != '-' &&
               std::all_of(p.begin(), p.end(), [](char c) {
                   return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ||
                          c == '-';
               });
    };
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) {
        return {};
    }
    const std::string_view org = text.substr(0, slash);
    std::string_view name = text.substr(slash + 1);
    name = name.substr(0, name.find('/')); // an address may go on (/tree/main)
    return part(org) && part(name) ? std::string(org) + "/" + std::string(name) : std::string();
}

} // namespace hostplan
