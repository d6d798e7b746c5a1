// SPDX-License-Identifier: MIT
#include "import/ggufarchs.h"

#include <algorithm>
#include <array>

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

} // namespace hostplan
