// SPDX-License-Identifier: MIT
// Serving commands: the launch command lines of vLLM and SGLang for a plan, each flag's value
// derived from the plan and explained (the CLI prints the explanations as comments, the GUI as
// tooltips). Qt-free.
//
// Flag meanings follow the engines' documentation: vLLM `vllm serve` engine arguments
// (docs.vllm.ai, "Engine Arguments") and SGLang `sglang.launch_server` server arguments
// (docs.sglang.ai, "Server Arguments"). Memory fractions of both are of TOTAL GPU memory
// (../shared/reference/observed-memory.md).
#pragma once

#include "catalogue/catalogue.h"

#include <string>
#include <vector>

namespace hostplan {

struct PlanResult;

/// One command-line flag with where its value comes from.
struct ServeFlag {
    std::string flag;        ///< "--tensor-parallel-size"; "" for a positional argument
    std::string value;       ///< "8"; "" for a switch such as --enable-expert-parallel
    std::string explanation; ///< one sentence: the value's derivation from the plan
    /// true: value names shell variables ("${HEAD_IP}:5000") and is written in double quotes so
    /// the shell expands them; false: value is literal and single-quoted where needed.
    bool expandsShellVariables = false;
};

/// A launch command for one engine.
struct ServeCommand {
    std::string engine;             ///< "vllm", "sglang" or "trtllm"
    std::string program;            ///< "vllm serve" / "python3 -m sglang.launch_server"
    std::vector<ServeFlag> flags;   ///< in the order printed (the model first)
    std::vector<std::string> notes; ///< caveats (multi-node launch, values not met, ...)

    /// One line, copyable into a shell.
    std::string commandLine() const;
    /// Comment lines ("# --flag value: explanation"), notes, then the command split over lines
    /// with trailing backslashes.
    std::string annotated() const;
};

/// What the engines should load: the catalogue entry's Hugging Face repository for a catalogue
/// model (also when the reference is the path of the entry's shipped config file, e.g. the
/// installed share/hostplan/models/Kimi-K2-Instruct.json), else the folder of an imported file
/// (the folder itself when the reference is one).
std::string servingModelPath(const PlanResult &plan, const Catalogue &catalogue);

/// `vllm serve MODEL --tensor-parallel-size ... --kv-cache-dtype ...` for the plan.
ServeCommand vllmServeCommand(const PlanResult &plan, const Catalogue &catalogue);
/// `python3 -m sglang.launch_server --model-path ... --max-running-requests ...` for the plan.
ServeCommand sglangServeCommand(const PlanResult &plan, const Catalogue &catalogue);

/// `trtllm-serve MODEL --backend pytorch --tp_size ... --kv_cache_free_gpu_memory_fraction ...`
/// for the plan (options as in the trtllm-serve command reference of the TensorRT-LLM docs,
/// PyTorch back end). An FP8 KV cache and multi-node launches have no trtllm-serve flag: they
/// come as notes.
ServeCommand trtllmServeCommand(const PlanResult &plan, const Catalogue &catalogue);

/// The vLLM, SGLang and TensorRT-LLM commands, annotated, as `hostplan-cli serve-cmd` prints
/// them.
std::string serveCommandsText(const PlanResult &plan, const Catalogue &catalogue);

} // namespace hostplan
