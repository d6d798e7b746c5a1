// SPDX-License-Identifier: MIT
// libFuzzer target: a Hugging Face config.json through the model importer (duplicate names,
// number ranges, quantization patterns compiled with RE2, the architecture readers), then,
// for a model with a patch-and-merge vision tower, the same bytes as its
// preprocessor_config.json and vLLM's encoder profile over the shapes it read. Every imported
// model also goes through the engines' TP sharding rules (engine/tpshard.h) at a few layouts.
#include "engine/tpshard.h"
#include "engine/vllmencoder.h"
#include "import/modelimport.h"
#include "import/towers.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto spec = hostplan::importHfConfigText(text, "fuzz/config.json");
    if (!spec.ok()) {
        return 0;
    }
    for (const std::uint32_t tp : {1u, 3u, 8u, 64u}) {
        for (const hostplan::Engine e : {hostplan::Engine::Vllm, hostplan::Engine::Sglang}) {
            (void)hostplan::tpShardProblem(e, spec.value(), tp, 1);
            (void)hostplan::tpShardProblem(e, spec.value(), tp, tp);
        }
        std::vector<std::string> warnings;
        (void)hostplan::widestShardedLayout(hostplan::Engine::Vllm, spec.value(),
                                            hostplan::Parallelism{tp, 1, 1}, warnings);
    }
    if (!hostplan::importer::wantsPreprocessorConfig(text)) {
        return 0;
    }
    (void)hostplan::importer::applyPreprocessorConfig(spec.value(), text,
                                                      "fuzz/preprocessor_config.json");
    for (const std::uint32_t tp : {1u, 3u, 8u}) {
        const auto p = hostplan::vllmEncoderProfile(spec->visionEncoder, tp, 8192, 256, 131072);
        (void)hostplan::vllmPeakWithEncoder(std::uint64_t(1) << 40, p);
    }
    return 0;
}
