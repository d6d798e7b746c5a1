// SPDX-License-Identifier: MIT
// Serving commands: the launch command lines of vLLM, SGLang, TensorRT-LLM and llama.cpp's
// llama-server for a plan, each flag's value derived from the plan and explained. One source
// for every display: `hostplan-cli serve-cmd` prints the explanations as comments, the GUI's
// Deploy view and the PDF report as a table under each command. Qt-free.
//
// Flag meanings follow the engines' documentation: vLLM `vllm serve` engine arguments
// (docs.vllm.ai, "Engine Arguments") and SGLang `sglang.launch_server` server arguments
// (docs.sglang.ai, "Server Arguments"). Memory fractions of both are of TOTAL GPU memory
// (../shared/reference/observed-memory.md).
#pragma once

#include "catalogue/catalogue.h"
#include "engine/engine.h"

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
    std::string engine;             ///< "vllm", "sglang", "trtllm" or "llama.cpp"
    std::string title;              ///< "vLLM", "SGLang", "TensorRT-LLM", "llama.cpp (...)"
    std::string program;            ///< "vllm serve" / "python3 -m sglang.launch_server"
    std::vector<ServeFlag> flags;   ///< in the order printed (the model first)
    std::vector<std::string> notes; ///< caveats (multi-node launch, values not met, ...)
    /// Shell lines to run before the command when the plan spans nodes (a Ray cluster for vLLM,
    /// rpc-server for llama.cpp), each ending in a comment that names the nodes it runs on;
    /// placeholders are shell variables (${HEAD_IP}). Empty on one node.
    std::vector<std::string> setup;
    /// Why the engine cannot serve the plan at all ("TensorRT-LLM runs on NVIDIA GPUs only");
    /// "" when it can. A command with a reason has no flags.
    std::string unavailable;

    /// One line, copyable into a shell.
    std::string commandLine() const;
    /// The command split over lines with trailing backslashes (the model stays on the first
    /// line), ending in a newline: the form every display shows and the Copy button copies.
    std::string shellText() const;
    /// Comment lines ("# --flag value: explanation"), notes, setup lines as "# Run first: ...",
    /// then shellText().
    std::string annotated() const;
};

/// What the engines should load: the catalogue entry's Hugging Face repository for a catalogue
/// model (also when the reference is the path of the entry's shipped config file, e.g. the
/// installed share/hostplan/models/Kimi-K2-Instruct.json), a GGUF file itself, else the folder
/// of an imported file (the folder itself when the reference is one).
std::string servingModelPath(const PlanResult &plan, const Catalogue &catalogue);
/// The same for `engine`: a GGUF file that is no catalogue entry is vLLM's to load (its GGUF
/// loader); SGLang and TensorRT-LLM get the checkpoint it was made from (checkpointOfGguf),
/// since SGLang's GGUF loading is experimental and TensorRT-LLM has none.
std::string servingModelPath(const PlanResult &plan, const Catalogue &catalogue, Engine engine);

/// `vllm serve MODEL --tensor-parallel-size ... --kv-cache-dtype ...` for the plan; under the
/// 0.7-v1 rules `VLLM_USE_V1=1 vllm serve`, since v0.7 ran its V1 engine (whose start-up the plan
/// follows) only when asked, and its V0 default refuses V1's 2048 batched tokens below 32k.
ServeCommand vllmServeCommand(const PlanResult &plan, const Catalogue &catalogue);
/// `python3 -m sglang.launch_server --model-path ... --max-running-requests ...` for the plan.
ServeCommand sglangServeCommand(const PlanResult &plan, const Catalogue &catalogue);

/// `trtllm-serve MODEL --backend pytorch --tp_size ... --kv_cache_free_gpu_memory_fraction ...`
/// for the plan (options as in the trtllm-serve command reference of the TensorRT-LLM docs,
/// PyTorch back end). An FP8 KV cache and multi-node launches have no trtllm-serve flag: they
/// come as notes.
ServeCommand trtllmServeCommand(const PlanResult &plan, const Catalogue &catalogue);

/// `llama-server -m MODEL.gguf -c ... -np ... -ngl 99 ...` for the plan: the same context,
/// batch and KV format on one node's GPUs (layers split over them, llama.cpp's default), with
/// rpc-server on the other nodes when the plan spans several. The plan's memory figures are the
/// GPU-pool engines'; llama.cpp's own split is `hostplan-cli plan --engine llama.cpp`
/// (engine/llamacpp.h), which a note says.
ServeCommand llamaServerServeCommand(const PlanResult &plan, const Catalogue &catalogue);

/// The four commands in display order: vLLM, SGLang, TensorRT-LLM (with `unavailable` set on a
/// non-NVIDIA GPU), llama.cpp.
std::vector<ServeCommand> serveCommands(const PlanResult &plan, const Catalogue &catalogue);

/// The header (plan, replicas, fit warning) and serveCommands(), annotated, as
/// `hostplan-cli serve-cmd` prints them.
std::string serveCommandsText(const PlanResult &plan, const Catalogue &catalogue);

} // namespace hostplan
