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
        {"gpt_oss", buildGptOss, false, "GptOssForCausalLM"},
        {"kimi_linear", buildKimiLinear, true, "KimiLinearForCausalLM"},
        {"qwen3_next", buildQwen3Next, true, "Qwen3NextForCausalLM"},
        {"kimi_k3", buildKimiK3},
        {"nemotron_h", buildNemotronH, true, "NemotronHForCausalLM"},
        {"deepseek_v4", buildDeepseekV4, false, "DeepseekV4ForCausalLM"},
        {"granitemoehybrid", buildGraniteMoeHybrid, true, "GraniteMoeHybridForCausalLM"},
        {"bamba", buildBamba, true, "BambaForCausalLM"},
        {"mamba", buildMamba, true, "MambaForCausalLM"},
        {"falcon_mamba", buildMamba, true, "FalconMambaForCausalLM"},
        {"falcon_h1", buildFalconH1, true, "FalconH1ForCausalLM"},
        {"mamba2", buildMamba2, true, "Mamba2ForCausalLM"},
        {"jamba", buildJamba, true, "JambaForCausalLM"},
        {"nemotron-nas", buildNemotronNas, false, "DeciLMForCausalLM"},
        {"step3_text", buildStep3, true},
        {"longcat_flash", buildLongcatFlash, false, "LongcatFlashForCausalLM"},
    };
    return table;
}

const Architecture *findArchitecture(std::string_view modelType) {
    const auto &table = architectureTable();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const Architecture &a) { return a.modelType == modelType; });
    return it == table.end() ? nullptr : &*it;
}

const Architecture *findArchitectureByClass(std::string_view modelClass) {
    const auto &table = architectureTable();
    const auto it = std::find_if(table.begin(), table.end(), [&](const Architecture &a) {
        return !a.modelClass.empty() && a.modelClass == modelClass;
    });
    return it == table.end() ? nullptr : &*it;
}

} // namespace hostplan::importer
