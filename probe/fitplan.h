// SPDX-License-Identifier: MIT
// Fit arithmetic of the memory-fit test, free of any device code so that it is tested on every
// machine: the fit decision and headroom, how a request is cut into allocation chunks, sizes
// taken as a fraction of free memory, and the byte sizes the CLI accepts ("80GiB", "1.5e9").
#pragma once

#include "util/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace hostplan::probe {

/// cudaMalloc hands out memory in 2 MiB pages; whole chunks are multiples of this.
inline constexpr std::uint64_t kChunkAlignmentBytes = 2ull << 20;

/// Default allocation chunk: 1 GiB, about the size of one large weight shard or KV block pool
/// allocation in a serving engine.
inline constexpr std::uint64_t kDefaultChunkBytes = 1ull << 30;

/// Most chunks one fit test may use (bounds host bookkeeping and the allocation loop).
inline constexpr std::uint64_t kMaxChunks = 1ull << 20;

/// Whether `requestedBytes` can be taken from `freeBytes`, and by how much.
struct FitDecision {
    std::uint64_t requestedBytes = 0;
    std::uint64_t freeBytes = 0;
    std::int64_t headroomBytes = 0; ///< free - requested, saturated to the int64 range
    bool fits = false;              ///< requested <= free (the test never asks for more)
};

/// Decide from free memory alone. A request of 0 bytes "fits" with headroom = free.
FitDecision decideFit(std::uint64_t requestedBytes, std::uint64_t freeBytes);

/// How the fit test allocates `totalBytes`: `chunkCount` chunks, all `chunkBytes` long except the
/// last, which is `lastChunkBytes` (1..chunkBytes).
struct ChunkPlan {
    std::uint64_t totalBytes = 0;
    std::uint64_t chunkBytes = 0; ///< a multiple of kChunkAlignmentBytes unless total is less
    std::uint64_t chunkCount = 0;
    std::uint64_t lastChunkBytes = 0;
    /// Bytes of chunk `i` (0-based, i < chunkCount).
    std::uint64_t bytesOfChunk(std::uint64_t i) const {
        return i + 1 == chunkCount ? lastChunkBytes : chunkBytes;
    }
};

/// Cut `totalBytes` into chunks of at most `maxChunkBytes`. The chunk size is rounded down to
/// kChunkAlignmentBytes (and is the whole request when that is smaller than one chunk).
/// Errors: totalBytes 0, maxChunkBytes 0, or more than kMaxChunks chunks.
Result<ChunkPlan> planChunks(std::uint64_t totalBytes, std::uint64_t maxChunkBytes);

/// `fraction` of `freeBytes`, rounded down to kChunkAlignmentBytes (at least one alignment unit
/// when free allows). fraction must be finite and > 0; values above 1 ask for more than free
/// (used to check that an over-size request is refused).
std::uint64_t bytesForFraction(std::uint64_t freeBytes, double fraction);

/// Parse a byte size: a non-negative number with an optional unit, case-insensitive, optional
/// space between: B, KB/MB/GB/TB (powers of 1000), KiB/MiB/GiB/TiB (powers of 1024).
/// "123", "1.5e9", "80GiB", "141 GB". A fractional result is rounded down to whole bytes.
/// Errors (one line, naming the text): empty, negative, not finite, unknown unit, above 2^64-1.
Result<std::uint64_t> parseByteSize(std::string_view text);

/// Parse a fraction of free memory, a finite number in (0, 4].
Result<double> parseFraction(std::string_view text);

/// Human-readable size with both decimal and binary units, e.g. "141.0 GB (131.3 GiB)".
std::string formatBytes(std::uint64_t bytes);

/// Human-readable rate in decimal units, e.g. "4.27 TB/s", "812 GB/s".
std::string formatRate(double bytesPerS);

} // namespace hostplan::probe
