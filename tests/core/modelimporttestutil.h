// SPDX-License-Identifier: MIT
// Shared by the model import tests: the real configs in resources/models that
// tst_modelimport and tst_modelimport_rules sweep, layersOf, paramsIn and hasNote.
#pragma once

#include "model/modelspec.h"

#include <QStringList>

#include <cstdint>
#include <string>

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

/// The layers of `m` whose attention kind is `kind` (the sum of those groups' counts).
inline std::uint64_t layersOf(const ModelSpec &m, AttentionKind kind) {
    std::uint64_t n = 0;
    for (const auto &l : m.layers) {
        n += l.kind == kind ? l.count : 0;
    }
    return n;
}

/// Parameters of the groups of `m` with `role` stored in `format`.
inline std::uint64_t paramsIn(const ModelSpec &m, GroupRole role, const NumberFormat &format) {
    std::uint64_t n = 0;
    for (const auto &g : m.groups) {
        n += g.role == role && g.format == format ? g.params : 0;
    }
    return n;
}

/// Whether one of `m`'s notes contains `part`.
inline bool hasNote(const ModelSpec &m, const std::string &part) {
    for (const auto &note : m.notes) {
        if (note.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace hostplan::modelimporttest
