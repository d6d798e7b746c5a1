// SPDX-License-Identifier: MIT
// CPU reference for MXFP4: see mxfp4.h for the format, the layout and the rules.
#include "mxfp4.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace hostplan::mxfp4 {

namespace {

constexpr float kE2m1Values[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};

// Largest n * k the library accepts (keeps every index within 64 bits with room to spare and
// every row count within int).
constexpr std::uint64_t kMaxElements = std::uint64_t(1) << 40;

} // namespace

float decodeE2m1(std::uint8_t code) {
    const float mag = kE2m1Values[code & 0x7];
    return (code & 0x8) ? -mag : mag;
}

std::uint8_t encodeE2m1(float v) {
    if (std::isnan(v)) {
        return 0;
    }
    const std::uint8_t sign = std::signbit(v) ? 0x8 : 0x0;
    const float a = std::fabs(v);
    // Midpoints between neighbours; at a tie the even code (mantissa bit 0) wins.
    std::uint8_t mag;
    if (a <= 0.25f) {
        mag = 0;
    } else if (a < 0.75f) {
        mag = 1;
    } else if (a <= 1.25f) {
        mag = 2;
    } else if (a < 1.75f) {
        mag = 3;
    } else if (a <= 2.5f) {
        mag = 4;
    } else if (a < 3.5f) {
        mag = 5;
    } else if (a <= 5.0f) {
        mag = 6;
    } else {
        mag = 7; // saturate: everything above 5 (infinity included) becomes 6
    }
    return std::uint8_t(sign | mag);
}

float decodeE8m0(std::uint8_t code) {
    if (code == kSfNaN) {
        return std::numeric_limits<float>::quiet_NaN();
    }
    return std::ldexp(1.0f, int(code) - 127);
}

std::uint8_t encodeE8m0Exponent(int exponent) {
    return std::uint8_t(std::clamp(exponent, -127, 127) + 127);
}

std::uint8_t blockScale(const float *values, int count, ScaleRule rule) {
    float amax = 0.0f;
    for (int i = 0; i < count; ++i) {
        if (!std::isfinite(values[i])) {
            return kSfNaN;
        }
        amax = std::max(amax, std::fabs(values[i]));
    }
    if (rule == ScaleRule::OcpFloor) {
        if (amax == 0.0f) {
            return 0x00; // as the OCP reference code: log2 of FP32_MIN_NORMAL, clamped
        }
        // floor(log2(amax)) exactly, from the binary exponent (frexp: amax = f * 2^e, f in
        // [0.5, 1)), subnormals included.
        int e = 0;
        std::frexp(amax, &e);
        return encodeE8m0Exponent((e - 1) - 2);
    }
    // RoundUp, bit for bit as triton_kernels' downcast_to_mxfp does it.
    const float d = amax / 6.0f;
    const std::uint32_t b = std::bit_cast<std::uint32_t>(d);
    const std::uint32_t rounded = (b + 0x007FFFFFu) & 0x7F800000u;
    return std::uint8_t(std::min<std::uint32_t>(rounded >> 23, 254u));
}

std::uint16_t floatToBf16(float v) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(v);
    if (std::isnan(v)) {
        return std::uint16_t((u >> 16) | 0x0040u);
    }
    const std::uint32_t rounding = 0x7FFFu + ((u >> 16) & 1u);
    return std::uint16_t((u + rounding) >> 16);
}

float bf16ToFloat(std::uint16_t bits) {
    return std::bit_cast<float>(std::uint32_t(bits) << 16);
}

std::string checkShape(int n, int k) {
    if (n < 1) {
        return "n must be >= 1 (got " + std::to_string(n) + ")";
    }
    if (k < kBlockSize || k % kBlockSize != 0) {
        return "k must be a positive multiple of 32 (got " + std::to_string(k) +
               "); pad it with padK() first";
    }
    if (std::uint64_t(n) * std::uint64_t(k) > kMaxElements) {
        return "n * k is too large (" + std::to_string(n) + " x " + std::to_string(k) + ")";
    }
    return {};
}

int paddedK(int k) {
    return k <= 0 ? kBlockSize : (k + kBlockSize - 1) / kBlockSize * kBlockSize;
}

std::vector<float> padK(const float *values, int rows, int k) {
    const int kp = paddedK(k);
    std::vector<float> out(std::size_t(std::max(rows, 0)) * std::size_t(kp), 0.0f);
    for (int r = 0; r < rows; ++r) {
        std::memcpy(out.data() + std::size_t(r) * kp, values + std::size_t(r) * k,
                    sizeof(float) * std::size_t(std::max(k, 0)));
    }
    return out;
}

Expected<Matrix> quantize(const float *w, int n, int k, ScaleRule rule) {
    Expected<Matrix> result;
    result.error = checkShape(n, k);
    if (!result.ok()) {
        return result;
    }
    Matrix &m = result.value;
    m.n = n;
    m.k = k;
    m.e2m1.assign(m.packedBytes(), 0);
    m.sf.assign(m.scaleBytes(), 0);
    const int blocks = k / kBlockSize;
    for (int r = 0; r < n; ++r) {
        for (int b = 0; b < blocks; ++b) {
            const float *v = w + std::size_t(r) * k + std::size_t(b) * kBlockSize;
            const std::uint8_t s = blockScale(v, kBlockSize, rule);
            m.sf[std::size_t(r) * blocks + b] = s;
            if (s == kSfNaN) {
                continue; // codes stay 0; the scale alone makes the block NaN
            }
            const int exponent = int(s) - 127;
            std::uint8_t *row = m.e2m1.data() + std::size_t(r) * (k / 2) + std::size_t(b) * 16;
            for (int i = 0; i < kBlockSize; i += 2) {
                // Scale in double: exact for every fp32 input and every exponent in range.
                const std::uint8_t lo = encodeE2m1(float(std::ldexp(double(v[i]), -exponent)));
                const std::uint8_t hi = encodeE2m1(float(std::ldexp(double(v[i + 1]), -exponent)));
                row[i / 2] = std::uint8_t(lo | (hi << 4));
            }
        }
    }
    return result;
}

std::vector<float> dequantize(const Matrix &m) {
    std::vector<float> out(std::size_t(m.n) * std::size_t(m.k));
    for (int r = 0; r < m.n; ++r) {
        for (int c = 0; c < m.k; ++c) {
            out[std::size_t(r) * m.k + c] = decodeE2m1(m.code(r, c)) * decodeE8m0(m.scale(r, c));
        }
    }
    return out;
}

std::vector<std::uint16_t> dequantizeBf16(const Matrix &m) {
    const std::vector<float> f = dequantize(m);
    std::vector<std::uint16_t> out(f.size());
    std::transform(f.begin(), f.end(), out.begin(), floatToBf16);
    return out;
}

void gemmReference(const float *x, int m, const Matrix &w, float *y) {
    const std::vector<float> wf = dequantize(w);
    for (int i = 0; i < m; ++i) {
        const float *xr = x + std::size_t(i) * w.k;
        for (int j = 0; j < w.n; ++j) {
            const float *wr = wf.data() + std::size_t(j) * w.k;
            float acc = 0.0f;
            for (int c = 0; c < w.k; ++c) {
                acc += xr[c] * wr[c];
            }
            y[std::size_t(i) * w.n + j] = acc;
        }
    }
}

void gemmReferenceF64(const float *x, int m, const Matrix &w, double *y) {
    const std::vector<float> wf = dequantize(w);
    for (int i = 0; i < m; ++i) {
        const float *xr = x + std::size_t(i) * w.k;
        for (int j = 0; j < w.n; ++j) {
            const float *wr = wf.data() + std::size_t(j) * w.k;
            double acc = 0.0;
            for (int c = 0; c < w.k; ++c) {
                acc += double(xr[c]) * double(wr[c]);
            }
            y[std::size_t(i) * w.n + j] = acc;
        }
    }
}

float decodeE4m3(std::uint8_t code) {
    const int exponent = (code >> 3) & 0xF;
    const int mantissa = code & 0x7;
    if (exponent == 0xF && mantissa == 0x7) {
        return std::numeric_limits<float>::quiet_NaN();
    }
    const float mag = exponent == 0 ? std::ldexp(float(mantissa), -9)
                                    : std::ldexp(float(8 + mantissa), exponent - 10);
    return (code & 0x80) ? -mag : mag;
}

std::uint8_t encodeE4m3(float v) {
    if (std::isnan(v)) {
        return 0x7F;
    }
    const std::uint8_t sign = std::signbit(v) ? 0x80 : 0x00;
    const double a = std::fabs(double(v));
    if (a >= double(kE4m3Max)) {
        return std::uint8_t(sign | 0x7E); // no infinity in E4M3: saturate
    }
    // Quantum of the binade [2^e, 2^(e+1)) is 2^(e-3); below 2^-6 (subnormals) it is 2^-9.
    // a / quantum is exact in double, so nearbyint rounds it once, ties to even.
    const int e = a > 0.0 ? std::max(std::ilogb(a), -6) : -6;
    const double steps = std::nearbyint(std::ldexp(a, 3 - e)); // 0..16
    if (e == -6 && steps < 8.0) {
        return std::uint8_t(sign | int(steps)); // subnormal (or zero)
    }
    // steps == 16 rounds up into the next binade (at most 448: a < 448 here).
    const int exponent = steps >= 16.0 ? e + 1 : e;
    const int mantissa = steps >= 16.0 ? 0 : int(steps) - 8;
    return std::uint8_t(sign | ((exponent + 7) << 3) | mantissa);
}

std::uint8_t blockScaleMxfp8(const float *values, int count) {
    float amax = 0.0f;
    for (int i = 0; i < count; ++i) {
        if (!std::isfinite(values[i])) {
            return kSfNaN;
        }
        amax = std::max(amax, std::fabs(values[i]));
    }
    if (amax == 0.0f) {
        return 0x00;
    }
    int e = 0;
    std::frexp(amax, &e); // amax = f * 2^e, f in [0.5, 1): floor(log2(amax)) = e - 1
    return encodeE8m0Exponent((e - 1) - 8);
}

Expected<Mxfp8Matrix> quantizeMxfp8(const float *x, int rows, int k) {
    Expected<Mxfp8Matrix> result;
    result.error = checkShape(rows, k);
    if (!result.ok()) {
        return result;
    }
    Mxfp8Matrix &a = result.value;
    a.rows = rows;
    a.k = k;
    a.e4m3.assign(std::size_t(rows) * std::size_t(k), 0);
    a.sf.assign(std::size_t(rows) * std::size_t(k / kBlockSize), 0);
    const int blocks = k / kBlockSize;
    for (int r = 0; r < rows; ++r) {
        for (int b = 0; b < blocks; ++b) {
            const std::size_t first = std::size_t(r) * k + std::size_t(b) * kBlockSize;
            const std::uint8_t s = blockScaleMxfp8(x + first, kBlockSize);
            a.sf[std::size_t(r) * blocks + b] = s;
            if (s == kSfNaN) {
                continue;
            }
            const int exponent = int(s) - 127;
            for (int i = 0; i < kBlockSize; ++i) {
                // Exact in double; one rounding to fp32 (only values far below E4M3's range
                // round there), then one to E4M3.
                a.e4m3[first + i] = encodeE4m3(float(std::ldexp(double(x[first + i]), -exponent)));
            }
        }
    }
    return result;
}

std::vector<float> dequantizeMxfp8(const Mxfp8Matrix &a) {
    std::vector<float> out(std::size_t(a.rows) * std::size_t(a.k));
    const int blocks = a.k / kBlockSize;
    for (int r = 0; r < a.rows; ++r) {
        for (int c = 0; c < a.k; ++c) {
            const std::size_t i = std::size_t(r) * a.k + c;
            out[i] = decodeE4m3(a.e4m3[i]) *
                     decodeE8m0(a.sf[std::size_t(r) * blocks + std::size_t(c / kBlockSize)]);
        }
    }
    return out;
}

void gemmReferenceMxfp8(const float *x, int m, const Matrix &w, float *y) {
    const Expected<Mxfp8Matrix> q = quantizeMxfp8(x, m, w.k);
    if (!q.ok()) {
        std::fill(y, y + std::size_t(std::max(m, 0)) * std::size_t(std::max(w.n, 0)),
                  std::numeric_limits<float>::quiet_NaN());
        return;
    }
    const std::vector<float> xq = dequantizeMxfp8(q.value);
    gemmReference(xq.data(), m, w, y);
}

PrefillPacked repackPrefill(const Matrix &m) {
    PrefillPacked p;
    p.n = m.n;
    p.k = m.k;
    p.nPadded = (m.n + kPrefillTileN - 1) / kPrefillTileN * kPrefillTileN;
    p.kPadded = (m.k + kPrefillTileK - 1) / kPrefillTileK * kPrefillTileK;
    const int chunks = p.kPadded / kPrefillTileK;
    p.data.assign(std::size_t(chunks) * p.nPadded * 32, 0);
    p.sf.assign(std::size_t(chunks) * p.nPadded * 2, kSfOne);
    auto codeAt = [&](int row, int col) -> std::uint32_t {
        return (row < m.n && col < m.k) ? m.code(row, col) : 0u;
    };
    for (int c = 0; c < chunks; ++c) {
        for (int row = 0; row < p.nPadded; ++row) {
            std::uint8_t *dst = p.data.data() + (std::size_t(c) * p.nPadded + row) * 32;
            for (int t = 0; t < 4; ++t) {
                for (int w = 0; w < 2; ++w) {
                    std::uint32_t word = 0;
                    for (int q = 0; q < 4; ++q) {
                        const int pair = 16 * w + 8 * (q / 2) + 4 * (q % 2) + t;
                        const int col = c * kPrefillTileK + 2 * pair;
                        word |= codeAt(row, col) << (4 * q);
                        word |= codeAt(row, col + 1) << (4 * (q + 4));
                    }
                    for (int byte = 0; byte < 4; ++byte) {
                        dst[t * 8 + w * 4 + byte] = std::uint8_t(word >> (8 * byte));
                    }
                }
            }
            for (int b = 0; b < 2; ++b) {
                const int col = c * kPrefillTileK + b * kBlockSize;
                if (row < m.n && col < m.k) {
                    p.sf[(std::size_t(c) * p.nPadded + row) * 2 + b] = m.scale(row, col);
                }
            }
        }
    }
    return p;
}

std::uint8_t prefillCode(const PrefillPacked &p, int row, int col) {
    const int c = col / kPrefillTileK;
    const int e = col % kPrefillTileK;
    const int pair = e / 2;
    const int t = pair % 4;
    const int q = pair / 4; // = 4w + p
    const int w = q / 4;
    const int pp = q % 4;
    const int nibble = (e % 2) ? pp + 4 : pp;
    const std::uint8_t *src =
        p.data.data() + (std::size_t(c) * p.nPadded + row) * 32 + t * 8 + w * 4;
    std::uint32_t word = 0;
    for (int byte = 0; byte < 4; ++byte) {
        word |= std::uint32_t(src[byte]) << (8 * byte);
    }
    return std::uint8_t((word >> (4 * nibble)) & 0xF);
}

std::vector<MoeWorkUnit> makeMoeWorkUnits(const std::vector<int> &expertOfSortedPair) {
    std::vector<MoeWorkUnit> units;
    const int pairs = int(expertOfSortedPair.size());
    int begin = 0;
    while (begin < pairs) {
        int end = begin;
        while (end < pairs && expertOfSortedPair[end] == expertOfSortedPair[begin] &&
               end - begin < kMoeMaxRowsPerUnit) {
            ++end;
        }
        units.push_back(MoeWorkUnit{expertOfSortedPair[begin], begin, end - begin});
        begin = end;
    }
    return units;
}

} // namespace hostplan::mxfp4
