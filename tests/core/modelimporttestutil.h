// SPDX-License-Identifier: MIT
// Shared by the model import tests (tst_modelimport, tst_modelimport_rules): the real configs
// in resources/models that every test sweeps.
#pragma once

#include <QStringList>

namespace hostplan::modelimporttest {

/// Every real config in resources/models, as file names relative to that folder.
inline const QStringList kAllModels = {
    "DeepSeek-V3.json",
    "Kimi-K2-Instruct.json",
    "Kimi-K3.json",
    "Kimi-Linear-48B-A3B-Instruct.json",
    "Llama-3.1-70B.json",
    "Llama-3.1-8B.json",
    "Mixtral-8x7B-v0.1.json",
    "Qwen3-235B-A22B.json",
    "Qwen3-Next-80B-A3B-Thinking.json",
    "gpt-oss-120b.json",
};

} // namespace hostplan::modelimporttest
