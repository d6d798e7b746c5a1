// SPDX-License-Identifier: MIT
// Units used across HostPlan's core: bytes, seconds, USD. Helpers convert to and from the
// decimal (GB = 10^9 bytes, TB = 10^12 bytes) and binary (GiB = 2^30 bytes) units that
// vendors and engines print. Source: IEC 80000-13 prefixes.
#pragma once

#include <cstdint>

namespace hostplan {

inline constexpr double kBytesPerGB = 1e9;           ///< decimal gigabyte
inline constexpr double kBytesPerTB = 1e12;          ///< decimal terabyte
inline constexpr double kBytesPerGiB = 1073741824.0; ///< binary gibibyte, 2^30
inline constexpr double kBytesPerMiB = 1048576.0;    ///< binary mebibyte, 2^20
inline constexpr double kSecondsPerHour = 3600.0;

/// Bytes -> decimal GB (10^9).
constexpr double toGB(double bytes) {
    return bytes / kBytesPerGB;
}
/// Bytes -> decimal TB (10^12).
constexpr double toTB(double bytes) {
    return bytes / kBytesPerTB;
}
/// Bytes -> GiB (2^30).
constexpr double toGiB(double bytes) {
    return bytes / kBytesPerGiB;
}
/// Decimal GB -> bytes.
constexpr double gb(double gigabytes) {
    return gigabytes * kBytesPerGB;
}
/// GiB -> bytes.
constexpr double gib(double gibibytes) {
    return gibibytes * kBytesPerGiB;
}

/// Integer ceiling division for non-negative counts; b must be > 0.
constexpr std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) {
    return (a + b - 1) / b;
}

/// a x b, or the largest 64-bit value when the product would not fit: a byte count that large
/// fits on no GPU, which is the answer a sizing rule needs from it.
constexpr std::uint64_t saturatingMul(std::uint64_t a, std::uint64_t b) {
    return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/// a + b, or the largest 64-bit value when the sum would not fit (as saturatingMul).
constexpr std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b) {
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

} // namespace hostplan
