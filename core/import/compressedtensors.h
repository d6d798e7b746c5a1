// SPDX-License-Identifier: MIT
// compressed-tensors' quantization_config (llm-compressor's checkpoints): its config groups,
// each a format, bit width and targets, its ignore list and its kv_cache_scheme, read into a
// Quantization (import/quantization.h) as vLLM reads them
// (vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors.py @ be696453,
// compressed_tensors/utils.py @ 008014e8).
#pragma once

#include "import/configreader.h"
#include "import/quantization.h"

namespace hostplan::importer {

/// quantization_config `qc` of quant_method "compressed-tensors" into `q`: Method
/// CompressedTensors; one group targeting ["Linear"] as q's own format (and FP8 blocks); several
/// groups, or other targets, as q.targets (Quantization::targetScheme matches them per layer),
/// with q.format the first group's and q.blockRows / blockCols the first block-FP8 group's;
/// ignore entries (names, "re:" patterns) and kv_cache_scheme (q.kvFormat, or a note in
/// q.kvNote). Throws ImportFailure naming the field for a format HostPlan cannot size, an
/// empty or oversized group list (at most 64), a target or ignore entry past 4,096 characters
/// or an invalid pattern.
void readCompressedTensors(const ConfigReader &qc, Quantization &q);

} // namespace hostplan::importer
