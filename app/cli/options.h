// SPDX-License-Identifier: MIT
// hostplan-cli option values: whole numbers with k / M suffixes, decimals, and the engine options
// of `plan` and `serve-cmd` (--engine, --memory-fraction, --max-num-seqs, ...), which set the
// scenario's engine section (scenario/scenario.h EngineSettings).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace hostplan {
struct EngineSettings;
struct Error;
struct GpuSpec;
struct Scenario;
struct Workload;
} // namespace hostplan

namespace hostplan::cli {

/// A whole number, the whole of `s`, with an optional k (x 1024) or M (x 1024^2) suffix as
/// engines read token counts ("32k" = 32768). False for empty text, other characters, or a
/// value above 2^64 - 1.
bool parseUint(const std::string &s, std::uint64_t &out);

/// A finite decimal number, the whole of `s` (std::from_chars: no leading space, no
/// hexadecimal "0x10", no "nan" or "inf").
bool parseDouble(const std::string &s, double &out);

/// Why `name` names no ggml type: "unknown ggml type 'NAME'" and, for a llama-quantize file
/// type that names no ggml type ("Q4_K_M", "IQ3_M", "MXFP4_MOE": a mix of tensor types), the
/// type it stores most tensors in (src/llama-quant.cpp), else examples. For --gguf-type and
/// card-fit --types.
std::string unknownGgmlTypeText(const std::string &name);

/// Whether `option` is one of the engine options applyEngineOption reads (each takes a value).
bool isEngineOption(std::string_view option);

/// Applies engine option `option` (isEngineOption) with `value` to `engine`:
/// --engine NAME, --vllm-version V, --sglang-version V, --prefix-caching on|off, --text-only
/// on|off,
/// --draft MODEL|eagle,
/// --memory-fraction F, --max-num-seqs N (1 to 1,048,576), --max-num-batched-tokens N (1 to
/// 2^24, k / M suffixes), --activation-bytes-per-gpu N, --runtime-bytes-per-gpu N. Returns ""
/// on success, else a one-line error naming the option and the bad value (the scenario
/// parser's round trip then checks the ranges it shares with scenario files).
std::string applyEngineOption(std::string_view option, const std::string &value,
                              EngineSettings &engine);

/// Whether `option` is a speculative-decoding option applySpeculationOption reads.
bool isSpeculationOption(std::string_view option);
/// Applies --speculative-tokens N (0 to 16: tokens the draft proposes per step, 0 = off;
/// workload.speculative_tokens) or --speculative-acceptance A (0 to 0.99: the chance each is
/// accepted; workload.speculative_acceptance) to `workload`. Returns "" on success, else a
/// one-line error naming the option and the bad value.
std::string applySpeculationOption(std::string_view option, const std::string &value,
                                   Workload &workload);

/// The help lines of the engine options; each ends with a newline.
std::string engineOptionsUsage();

/// --gpu-file FILE: reads the user's GPU types from `file` (loadGpuFile) into `types` (an entry
/// with an id already there replaces it). Returns "" or the error, naming the file and field:
/// the file's own problems, or a name that already names a catalogue GPU or one of `types`.
std::string addGpuFile(const std::string &file, std::vector<GpuSpec> &types);

/// The option that sets scenario field `field` ("hardware.tp" -> "--tp"), or "" for none.
std::string optionForField(const std::string &field);

/// "option: message" when `e`'s field is set by an option that `args` gives, else "".
std::string optionError(const Error &e, const std::vector<std::string> &args);

/// Checks the scenario the options built, once all are read (so that the order of --tp, --pp
/// and --gpu-count does not matter): "" or the error, naming the option that sets the bad
/// field when one was given, else the scenario field.
std::string validate(const Scenario &scenario, const std::vector<std::string> &args);

/// An evaluation error as the CLI prints it: named by the option that set its field when that
/// option was given (`--tp 3 --gpu-count 8` -> "--tp: TP 3 does not divide the 8 GPUs"), else
/// "FILE: field: message" with the --scenario file that holds the field, else "field:
/// message".
std::string evaluationError(const Error &e, const std::vector<std::string> &args);

/// The first option ("--gpu", "-o") that `args` gives twice with different values, as
/// "--gpu: given twice ('h100', then 'h200'): give it once", or "" when none is. The options in
/// `repeatable` (--gpu-file, --offers, --prices, card-fit's --model) add up and are skipped; an
/// option repeated with the same value (or a repeated flag) changes nothing and passes, and a
/// later 'auto' is the documented reset of a value given earlier (--max-num-seqs 2 ...
/// --max-num-seqs auto). A value
/// is the argument after the option unless that is an option ("-o", "--json"; "-1" is a value).
/// Bounded: O(n log n) in the number of arguments.
std::string repeatedOptionText(const std::vector<std::string> &args,
                               const std::set<std::string> &repeatable);

} // namespace hostplan::cli
