// SPDX-License-Identifier: MIT
#include "import/architectures.h"

#include <algorithm>

namespace hostplan::importer {

const std::vector<Architecture> &architectureTable() {
    static const std::vector<Architecture> table = {
        {"llama", buildLlamaFamily},
        {"mistral", buildLlamaFamily},
        {"qwen2", buildLlamaFamily},
        {"qwen3", buildLlamaFamily},
        {"mixtral", buildLlamaFamily},
        {"qwen3_moe", buildLlamaFamily},
        {"deepseek_v3", buildDeepseekV3},
        {"kimi_k2", buildDeepseekV3},
        {"gpt_oss", buildGptOss},
        {"kimi_linear", buildKimiLinear, true},
        {"qwen3_next", buildQwen3Next, true},
        {"kimi_k3", buildKimiK3},
        {"nemotron_h", buildNemotronH, true},
        {"deepseek_v4", buildDeepseekV4},
        {"granitemoehybrid", buildGraniteMoeHybrid, true},
        {"bamba", buildBamba, true},
        {"mamba", buildMamba, true},
        {"falcon_mamba", buildMamba, true},
        {"falcon_h1", buildFalconH1, true},
        {"mamba2", buildMamba2, true},
        {"jamba", buildJamba, true},
        {"nemotron-nas", buildNemotronNas},
        {"step3_text", buildStep3, true},
        {"longcat_flash", buildLongcatFlash},
    };
    return table;
}

const Architecture *findArchitecture(std::string_view modelType) {
    const auto &table = architectureTable();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const Architecture &a) { return a.modelType == modelType; });
    return it == table.end() ? nullptr : &*it;
}

} // namespace hostplan::importer
