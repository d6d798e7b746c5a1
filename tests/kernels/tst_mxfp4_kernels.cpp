// SPDX-License-Identifier: MIT
// CPU tests of what the MXFP4 kernels compute and in which order: the reference GEMM against
// fp64, K that is not a block multiple (refused or padded), CPU emulations of the GEMV's and the
// prefill GEMMs' operand orders (mma.sync, tcgen05), the prefill repack layout, the MoE work
// units, the MXFP8 x MXFP4 GEMM reference, and the tcgen05 descriptors and shared-memory
// layouts (kernels/mxfp4_tcgen05.h). The number formats themselves are tested by tst_mxfp4.
#include "mxfp4.h"
#include "mxfp4_bits.h"
#include "mxfp4_tcgen05.h"
#include "mxfp4_testhelpers.h"
#include "testutil.h"

#include <QObject>
#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace hostplan::mxfp4;
using namespace hostplan::mxfp4::testhelpers;
class tst_Mxfp4Kernels : public QObject {
    Q_OBJECT

  private slots:
    void gemmAgainstFp64_data();
    void gemmAgainstFp64();
    void badKRefusedOrPadded();
    void gemvOperandOrder();
    void prefillRepackLayout_data();
    void prefillRepackLayout();
    void prefillOperandOrder();
    void moeWorkUnits();
    void mxfp8GemmReference();
    void tcgen05Descriptors();
    void tcgen05OperandLayout();
    void tcgen05ScaleLayout();
};

void tst_Mxfp4Kernels::gemmAgainstFp64_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addRow("gemv/m1_n17_k64") << 1 << 17 << 64;
    QTest::addRow("skinny/m4_n33_k96") << 4 << 33 << 96;
    QTest::addRow("skinny/m16_n8_k256") << 16 << 8 << 256;
    QTest::addRow("gemm/m37_n24_k1024") << 37 << 24 << 1024;
}

void tst_Mxfp4Kernels::gemmAgainstFp64() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    std::mt19937 rng(77 + m * 131 + n);
    const Matrix w = randomMatrix(n, k, rng);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> x(std::size_t(m) * k);
    for (auto &v : x) {
        v = bf16ToFloat(floatToBf16(u(rng)));
    }
    std::vector<float> y(std::size_t(m) * n);
    std::vector<double> y64(std::size_t(m) * n);
    gemmReference(x.data(), m, w, y.data());
    gemmReferenceF64(x.data(), m, w, y64.data());
    const std::vector<float> wf = dequantize(w);
    for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) {
            double absSum = 0.0;
            for (int c = 0; c < k; ++c) {
                absSum += std::fabs(double(x[std::size_t(i) * k + c]) * wf[std::size_t(j) * k + c]);
            }
            // fp32 accumulation in k order: |error| <= k * 2^-24 * sum |x w| (Higham 3.5).
            COMPARE_NEAR(y[std::size_t(i) * n + j], y64[std::size_t(i) * n + j],
                         double(k) * 0x1.0p-24 * absSum + 1e-30, 0.0);
        }
    }
}

void tst_Mxfp4Kernels::badKRefusedOrPadded() {
    QVERIFY(checkShape(4, 64).empty());
    QVERIFY(!checkShape(4, 48).empty());
    QVERIFY(!checkShape(4, 0).empty());
    QVERIFY(!checkShape(0, 64).empty());
    QVERIFY(!checkShape(1 << 21, 1 << 20).empty()); // 2^41 elements
    std::vector<float> w(3 * 48, 0.5f);
    const auto refused = quantize(w.data(), 3, 48);
    QVERIFY(!refused.ok());
    QVERIFY(refused.error.find("multiple of 32") != std::string::npos);

    QCOMPARE(paddedK(48), 64);
    QCOMPARE(paddedK(64), 64);
    QCOMPARE(paddedK(1), 32);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    for (auto &v : w) {
        v = u(rng);
    }
    const std::vector<float> wp = padK(w.data(), 3, 48);
    QCOMPARE(wp.size(), std::size_t(3 * 64));
    for (int r = 0; r < 3; ++r) {
        for (int c = 48; c < 64; ++c) {
            QCOMPARE(wp[std::size_t(r) * 64 + c], 0.0f);
        }
    }
    const auto q = quantize(wp.data(), 3, 64);
    QVERIFY(q.ok());
    // Padding adds nothing: a padded x times padded W equals the 48-wide dot product.
    std::vector<float> x(48);
    for (auto &v : x) {
        v = u(rng);
    }
    const std::vector<float> xp = padK(x.data(), 1, 48);
    std::vector<double> y(3);
    gemmReferenceF64(xp.data(), 1, q.value, y.data());
    const std::vector<float> d = dequantize(q.value);
    for (int r = 0; r < 3; ++r) {
        double ref = 0.0;
        for (int c = 0; c < 48; ++c) {
            ref += double(x[c]) * d[std::size_t(r) * 64 + c];
        }
        COMPARE_NEAR(y[r], ref, 1e-12, 1e-12);
    }
}

void tst_Mxfp4Kernels::gemvOperandOrder() {
    // One thread of the decode GEMV: a 16-byte block of one weight row and the 32 x values of
    // one token. Per word j and k-step h it decodes pairs (2h, 2h+1) as A and permutes the x
    // uint4 with PRMT into B; the mma sums a.lo*b.lo + a.hi*b.hi over both registers. The sum
    // over the block must equal the plain dot product.
    std::mt19937 rng(99);
    for (int trial = 0; trial < 200; ++trial) {
        const Matrix w = randomMatrix(1, 32, rng, 100, 140);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        std::uint16_t x[32];
        for (auto &v : x) {
            v = floatToBf16(u(rng));
        }
        const std::uint32_t s = w.sf[0];
        double kernelSum = 0.0;
        for (int j = 0; j < 4; ++j) {
            std::uint32_t word = 0;
            for (int b = 0; b < 4; ++b) {
                word |= std::uint32_t(w.e2m1[4 * j + b]) << (8 * b);
            }
            std::uint32_t xv[4];
            for (int q = 0; q < 4; ++q) {
                xv[q] =
                    std::uint32_t(x[8 * j + 2 * q]) | (std::uint32_t(x[8 * j + 2 * q + 1]) << 16);
            }
            for (int h = 0; h < 2; ++h) {
                const std::uint32_t a0 = decodePair(word, 2 * h, s);
                const std::uint32_t a2 = decodePair(word, 2 * h + 1, s);
                const std::uint32_t b0 = bytePerm(xv[h], xv[h + 2], 0x5410);
                const std::uint32_t b1 = bytePerm(xv[h], xv[h + 2], 0x7632);
                for (const auto &[a, b] : {std::pair{a0, b0}, std::pair{a2, b1}}) {
                    kernelSum +=
                        double(bf16ToFloat(std::uint16_t(a))) * bf16ToFloat(std::uint16_t(b)) +
                        double(bf16ToFloat(std::uint16_t(a >> 16))) *
                            bf16ToFloat(std::uint16_t(b >> 16));
                }
            }
        }
        double ref = 0.0;
        for (int c = 0; c < 32; ++c) {
            ref += double(bf16ToFloat(x[c])) * decodeE2m1(w.code(0, c)) * decodeE8m0(w.scale(0, c));
        }
        COMPARE_NEAR(kernelSum, ref, 1e-9 * std::fabs(ref) + 1e-30, 0.0);
    }
}

void tst_Mxfp4Kernels::prefillRepackLayout_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addRow("aligned/n128_k128") << 128 << 128;
    QTest::addRow("ragged/n130_k96") << 130 << 96;
    QTest::addRow("small/n7_k32") << 7 << 32;
}

void tst_Mxfp4Kernels::prefillRepackLayout() {
    QFETCH(int, n);
    QFETCH(int, k);
    std::mt19937 rng(n * 1000 + k);
    const Matrix w = randomMatrix(n, k, rng);
    const PrefillPacked p = repackPrefill(w);
    QCOMPARE(p.nPadded % 128, 0);
    QCOMPARE(p.kPadded % 64, 0);
    QVERIFY(p.nPadded >= n && p.nPadded - n < 128);
    QVERIFY(p.kPadded >= k && p.kPadded - k < 64);
    QCOMPARE(p.data.size(), std::size_t(p.nPadded) * p.kPadded / 2);
    QCOMPARE(p.sf.size(), std::size_t(p.nPadded) * p.kPadded / 32);
    for (int r = 0; r < p.nPadded; ++r) {
        for (int c = 0; c < p.kPadded; ++c) {
            const int want = (r < n && c < k) ? w.code(r, c) : 0;
            if (prefillCode(p, r, c) != want) {
                QFAIL(qPrintable(QString("(%1,%2)").arg(r).arg(c)));
            }
        }
        for (int c = 0; c < p.kPadded / 64; ++c) {
            for (int b = 0; b < 2; ++b) {
                const int col = c * 64 + b * 32;
                const int want = (r < n && col < k) ? w.scale(r, col) : kSfOne;
                QCOMPARE(int(p.sf[(std::size_t(c) * p.nPadded + r) * 2 + b]), want);
            }
        }
    }
}

void tst_Mxfp4Kernels::prefillOperandOrder() {
    // Thread t of the prefill GEMM, k-step s of a 64-wide chunk: word s/2 of its 8 bytes,
    // pairs 2(s%2) and 2(s%2)+1 must decode to the B fragment b0 = W[n][16s+2t, 16s+2t+1] and
    // b1 = W[n][16s+2t+8, 16s+2t+9] (scaled, as bf16).
    std::mt19937 rng(4242);
    const Matrix w = randomMatrix(3, 128, rng, 110, 140);
    const PrefillPacked p = repackPrefill(w);
    for (int row = 0; row < 3; ++row) {
        for (int c = 0; c < 2; ++c) {
            for (int t = 0; t < 4; ++t) {
                const std::uint8_t *src =
                    p.data.data() + (std::size_t(c) * p.nPadded + row) * 32 + t * 8;
                for (int s = 0; s < 4; ++s) {
                    const int wi = s / 2;
                    std::uint32_t word = 0;
                    for (int b = 0; b < 4; ++b) {
                        word |= std::uint32_t(src[wi * 4 + b]) << (8 * b);
                    }
                    const std::uint32_t sf = p.sf[(std::size_t(c) * p.nPadded + row) * 2 + wi];
                    const std::uint32_t b0 = decodePair(word, 2 * (s % 2), sf);
                    const std::uint32_t b1 = decodePair(word, 2 * (s % 2) + 1, sf);
                    const int k0 = c * 64 + 16 * s + 2 * t;
                    auto want = [&](int col) {
                        return floatToBf16(decodeE2m1(w.code(row, col)) *
                                           decodeE8m0(w.scale(row, col)));
                    };
                    QCOMPARE(std::uint16_t(b0), want(k0));
                    QCOMPARE(std::uint16_t(b0 >> 16), want(k0 + 1));
                    QCOMPARE(std::uint16_t(b1), want(k0 + 8));
                    QCOMPARE(std::uint16_t(b1 >> 16), want(k0 + 9));
                }
            }
        }
    }
}

void tst_Mxfp4Kernels::moeWorkUnits() {
    const auto units = makeMoeWorkUnits({3, 3, 3, 5, 7, 7});
    QCOMPARE(units.size(), std::size_t(3));
    QCOMPARE(units[0].expert, 3);
    QCOMPARE(units[0].rowBegin, 0);
    QCOMPARE(units[0].rowCount, 3);
    QCOMPARE(units[1].expert, 5);
    QCOMPARE(units[1].rowBegin, 3);
    QCOMPARE(units[1].rowCount, 1);
    QCOMPARE(units[2].expert, 7);
    QCOMPARE(units[2].rowBegin, 4);
    QCOMPARE(units[2].rowCount, 2);
    const auto big = makeMoeWorkUnits(std::vector<int>(20, 1));
    QCOMPARE(big.size(), std::size_t(2));
    QCOMPARE(big[0].rowCount, 16);
    QCOMPARE(big[1].rowBegin, 16);
    QCOMPARE(big[1].rowCount, 4);
    QVERIFY(makeMoeWorkUnits({}).empty());
}

void tst_Mxfp4Kernels::mxfp8GemmReference() {
    // gemmReferenceMxfp8 is gemmReference on the quantized x, and close to the bf16-x one:
    // within 2^-3 of sum |x * w| (E4M3 rounding 2^-4 plus rare clipping of 12.5%).
    std::mt19937 rng(99);
    const Matrix w = randomMatrix(5, 128, rng);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> x(3 * 128);
    for (auto &v : x) {
        v = u(rng);
    }
    std::vector<float> y(15), yPlain(15), yQuant(15);
    gemmReferenceMxfp8(x.data(), 3, w, y.data());
    const auto q = quantizeMxfp8(x.data(), 3, 128);
    QVERIFY(q.ok());
    const std::vector<float> xq = dequantizeMxfp8(q.value);
    gemmReference(xq.data(), 3, w, yQuant.data());
    gemmReference(x.data(), 3, w, yPlain.data());
    const std::vector<float> wf = dequantize(w);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 5; ++j) {
            QCOMPARE(y[i * 5 + j], yQuant[i * 5 + j]);
            double absSum = 0.0;
            for (int c = 0; c < 128; ++c) {
                absSum += std::fabs(double(x[i * 128 + c]) * wf[std::size_t(j) * 128 + c]);
            }
            QVERIFY(std::fabs(double(y[i * 5 + j]) - yPlain[i * 5 + j]) <= 0.125 * absSum);
        }
    }
}

// --- the tcgen05 descriptors and shared-memory layouts (mxfp4_tcgen05.h) ------------------------

void tst_Mxfp4Kernels::tcgen05Descriptors() {
    namespace tc = hostplan::mxfp4::tcgen05;
    // E4M3 x E2M1, M = N = 128: btype 5 << 10, N >> 3 = 16 << 17, UE8M0 bit 23, M >> 4 = 8 << 24.
    QCOMPARE(tc::instrDescriptorMxf8f6f4(tc::MxType::E4M3, tc::MxType::E2M1, 128, 128, 0, 0),
             0x08A01400u);
    // Scale factor IDs: A in bits 29-30, B in bits 4-5.
    QCOMPARE(tc::instrDescriptorMxf8f6f4(tc::MxType::E4M3, tc::MxType::E2M1, 128, 128, 3, 2),
             0x68A01420u);
    QCOMPARE(tc::instrDescriptorMxf8f6f4(tc::MxType::E2M1, tc::MxType::E4M3, 128, 256, 1, 1),
             0x28C00290u);
    // Start 0x1000, LBO 2048, SBO 128, the fixed 0b001 at bit 46, no swizzle.
    QCOMPARE(tc::smemDescriptor(0x1000, 2048, 128),
             std::uint64_t(0x100) | (std::uint64_t(0x80) << 16) | (std::uint64_t(0x8) << 32) |
                 (std::uint64_t(1) << 46));
    // Addresses wrap at 256 KiB (14 bits of 16-byte units), LBO 0 stays 0.
    QCOMPARE(tc::smemDescriptor(0x40010, 0, 128) & 0x3FFFu, std::uint64_t(1));
    QCOMPARE((tc::smemDescriptor(0x40010, 0, 128) >> 16) & 0x3FFFu, std::uint64_t(0));
    QCOMPARE(tc::tmemSfaColumn(1) + 4, tc::tmemSfbColumn(1));
    QVERIFY(tc::tmemSfbColumn(1) + 4 <= tc::kTmemColumns);
}

void tst_Mxfp4Kernels::tcgen05OperandLayout() {
    // Where the kernel puts byte c (along K) of row r, against where the tensor core reads it:
    // MMA step s = c / 32 gets the descriptor start + 2 * s * LBO, and in the canonical K-major
    // layout without swizzling ((8, m), (16 bytes, 2)) : ((16, SBO), (1, LBO)) element (r, c)
    // of the step is at start + (r % 8) * 16 + (r / 8) * SBO + c % 16 + ((c % 32) / 16) * LBO.
    namespace tc = hostplan::mxfp4::tcgen05;
    const int lbo = tc::kCoreColumnBytes;
    const int sbo = tc::kCoreRowGroupBytes;
    std::vector<int> seen(tc::kOperandBytes, 0);
    for (int r = 0; r < tc::kTileM; ++r) {
        for (int c = 0; c < tc::kTileK; ++c) {
            const int placed = tc::operandOffset(r, c / 16) + c % 16;
            const int start = (c / 32) * 2 * lbo;
            const int read = start + (r % 8) * 16 + (r / 8) * sbo + c % 16 + ((c % 32) / 16) * lbo;
            if (placed != read) {
                QFAIL(qPrintable(
                    QString("(%1,%2): placed %3, read %4").arg(r).arg(c).arg(placed).arg(read)));
            }
            QVERIFY(placed >= 0 && placed < tc::kOperandBytes);
            ++seen[std::size_t(placed)];
        }
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    // E2M1 in .kind::mxf8f6f4: code k of a 16-code chunk in nibble k % 16 of its first 8 bytes
    // (low nibble first), which is the interchange byte order: the kernel copies 8 bytes as is.
    std::mt19937 rng(7);
    const Matrix w = randomMatrix(2, 128, rng);
    for (int row = 0; row < 2; ++row) {
        for (int col = 0; col < 128; ++col) {
            const std::uint8_t *chunk = w.e2m1.data() + std::size_t(row) * 64 + (col / 16) * 8;
            const int inChunk = col % 16;
            QCOMPARE(int((chunk[inChunk / 2] >> (4 * (inChunk % 2))) & 0xF), int(w.code(row, col)));
        }
    }
}

void tst_Mxfp4Kernels::tcgen05ScaleLayout() {
    // tcgen05.cp .32x128b.warpx4 copies source row q (16 bytes at q * 16: SBO 128 per 8 rows)
    // into lane q of each 32-lane quarter, bytes 4j..4j+3 into column j. The MMA reads row r's
    // scale for step s from lane r % 32, column r / 32, byte s: sfOffset must put it there.
    namespace tc = hostplan::mxfp4::tcgen05;
    std::vector<int> seen(tc::kSfBytes, 0);
    for (int r = 0; r < tc::kTileM; ++r) {
        for (int s = 0; s < 4; ++s) {
            const int offset = tc::sfOffset(r, s);
            QVERIFY(offset >= 0 && offset < tc::kSfBytes);
            ++seen[std::size_t(offset)];
            QCOMPARE(offset / 16, r % 32);       // lane
            QCOMPARE((offset % 16) / 4, r / 32); // column
            QCOMPARE(offset % 4, s);             // byte = scale factor ID
        }
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

QTEST_GUILESS_MAIN(tst_Mxfp4Kernels)
#include "tst_mxfp4_kernels.moc"
