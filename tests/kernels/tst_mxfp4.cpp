// SPDX-License-Identifier: MIT
// CPU tests of the MXFP4 and MXFP8 number formats: the reference's E2M1 decode and encode
// (kernels/mxfp4.h), the bit-level decode the CUDA kernels run (kernels/mxfp4_bits.h) including
// the exhaustive 16 codes x 256 scales sweep, E8M0 block scales and their rounding rules, the
// round-trip error bound, and the E4M3 activations of the native sm_100a path. The GEMV's and
// GEMMs' operand orders are pinned by tst_mxfp4_kernels, the dev-only wgmma GEMM's maps by
// tst_mxfp4_dev (HOSTPLAN_KERNELS_DEV).
#include "mxfp4.h"
#include "mxfp4_bits.h"
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
class tst_Mxfp4 : public QObject {
    Q_OBJECT

  private slots:
    void decodeE2m1Codes_data();
    void decodeE2m1Codes();
    void codesAtScales_data();
    void codesAtScales();
    void exhaustiveDecode();
    void exhaustiveBitDecode();
    void encodeRounding_data();
    void encodeRounding();
    void encodeRoundTripsEveryCode();
    void e8m0Specials();
    void blockScaleRules_data();
    void blockScaleRules();
    void pinnedBytesBothRules();
    void zeroAndNaNBlocks();
    void roundTripErrorBound_data();
    void roundTripErrorBound();
    void e4m3Rounding_data();
    void e4m3Rounding();
    void e4m3EveryCode();
    void mxfp8BlockScale_data();
    void mxfp8BlockScale();
    void mxfp8ScaleBitsMatchReference();
    void mxfp8PinnedBlock();
    void mxfp8ZeroAndNaNBlocks();
    void mxfp8ErrorBound();
};

void tst_Mxfp4::decodeE2m1Codes_data() {
    QTest::addColumn<int>("code");
    QTest::addColumn<float>("value");
    const float values[16] = {0.0f,  0.5f,  1.0f,  1.5f,  2.0f,  3.0f,  4.0f,  6.0f,
                              -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f};
    for (int c = 0; c < 16; ++c) {
        QTest::addRow("code%d", c) << c << values[c];
    }
}

void tst_Mxfp4::decodeE2m1Codes() {
    QFETCH(int, code);
    QFETCH(float, value);
    const float got = decodeE2m1(std::uint8_t(code));
    QCOMPARE(got, value);
    QCOMPARE(std::signbit(got), std::signbit(value));
    // Only the low nibble counts.
    QCOMPARE(decodeE2m1(std::uint8_t(code | 0xF0)), got);
}

void tst_Mxfp4::codesAtScales_data() {
    QTest::addColumn<int>("sf");
    QTest::addRow("sf0_2^-127") << 0;
    QTest::addRow("sf1_2^-126") << 1;
    QTest::addRow("sf120_2^-7") << 120;
    QTest::addRow("sf127_one") << 127;
    QTest::addRow("sf128_two") << 128;
    QTest::addRow("sf200_2^73") << 200;
    QTest::addRow("sf254_2^127") << 254;
}

void tst_Mxfp4::codesAtScales() {
    QFETCH(int, sf);
    Matrix m;
    m.n = 1;
    m.k = 32;
    m.sf = {std::uint8_t(sf)};
    // Codes 0..15 then 15..0: every code twice, in both nibble positions.
    m.e2m1.resize(16);
    for (int i = 0; i < 32; i += 2) {
        const int lo = i < 16 ? i : 31 - i;
        const int hi = i < 16 ? i + 1 : 30 - i;
        m.e2m1[i / 2] = std::uint8_t(lo | (hi << 4));
    }
    const std::vector<float> f = dequantize(m);
    for (int i = 0; i < 32; ++i) {
        const double expected = double(decodeE2m1(m.code(0, i))) * std::ldexp(1.0, sf - 127);
        // fp32 result: exact, or inf where 6 * 2^127 overflows.
        const double want = std::fabs(expected) > double(std::numeric_limits<float>::max())
                                ? std::copysign(INFINITY, expected)
                                : expected;
        QVERIFY2(double(f[i]) == want,
                 qPrintable(QString("element %1: %2 vs %3").arg(i).arg(double(f[i])).arg(want)));
    }
}

void tst_Mxfp4::exhaustiveDecode() {
    // 16 codes x 256 scales: fp32 value, and bf16 (what the dequantize kernel must produce).
    for (int s = 0; s < 256; ++s) {
        for (int c = 0; c < 16; ++c) {
            Matrix m;
            m.n = 1;
            m.k = 32;
            m.e2m1.assign(16, std::uint8_t(c | (c << 4)));
            m.sf = {std::uint8_t(s)};
            const float f = dequantize(m)[0];
            const std::uint16_t b = dequantizeBf16(m)[0];
            if (s == 255) {
                QVERIFY(std::isnan(f));
                QVERIFY(std::isnan(bf16ToFloat(b)));
                continue;
            }
            const double expected = double(decodeE2m1(std::uint8_t(c))) * std::ldexp(1.0, s - 127);
            if (std::fabs(expected) <= double(std::numeric_limits<float>::max())) {
                QCOMPARE(double(f), expected);
                QCOMPARE(double(bf16ToFloat(b)), expected); // every MXFP4 value fits bf16
            } else {
                QVERIFY(std::isinf(f) && std::isinf(bf16ToFloat(b)));
            }
        }
    }
}

void tst_Mxfp4::exhaustiveBitDecode() {
    // The GPU's shift-and-mask decode plus two bf16 multiplies, for every (lo, hi) code pair in
    // every nibble position and every scale, equals floatToBf16(dequantize) bit for bit.
    for (int s = 0; s < 256; ++s) {
        for (int lo = 0; lo < 16; ++lo) {
            for (int hi = 0; hi < 16; ++hi) {
                for (int p = 0; p < 4; ++p) {
                    // Fill the other nibbles with a pattern so that leaks would show.
                    std::uint32_t word = 0xA5C3E1F7u;
                    word &= ~((0xFu << (4 * p)) | (0xFu << (4 * (p + 4))));
                    word |= std::uint32_t(lo) << (4 * p);
                    word |= std::uint32_t(hi) << (4 * (p + 4));
                    const std::uint32_t got = decodePair(word, p, std::uint32_t(s));
                    const float scale = decodeE8m0(std::uint8_t(s));
                    const std::uint16_t wantLo = floatToBf16(decodeE2m1(std::uint8_t(lo)) * scale);
                    const std::uint16_t wantHi = floatToBf16(decodeE2m1(std::uint8_t(hi)) * scale);
                    const float gl = bf16ToFloat(std::uint16_t(got));
                    const float gh = bf16ToFloat(std::uint16_t(got >> 16));
                    if (s == 255) {
                        QVERIFY(std::isnan(gl) && std::isnan(gh));
                        continue;
                    }
                    if (std::uint16_t(got) != wantLo || std::uint16_t(got >> 16) != wantHi) {
                        QFAIL(qPrintable(QString("sf %1 lo %2 hi %3 pair %4: got %5 %6")
                                             .arg(s)
                                             .arg(lo)
                                             .arg(hi)
                                             .arg(p)
                                             .arg(double(gl))
                                             .arg(double(gh))));
                    }
                }
            }
        }
    }
}

void tst_Mxfp4::encodeRounding_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<int>("code");
    QTest::addRow("zero") << 0.0f << 0x0;
    QTest::addRow("negativeZero") << -0.0f << 0x8;
    QTest::addRow("tie0.25to0") << 0.25f << 0x0;
    QTest::addRow("above0.25") << 0.2501f << 0x1;
    QTest::addRow("tie0.75to1.0") << 0.75f << 0x2;
    QTest::addRow("tie1.25to1.0") << 1.25f << 0x2;
    QTest::addRow("tie1.75to2.0") << 1.75f << 0x4;
    QTest::addRow("tie2.5to2.0") << 2.5f << 0x4;
    QTest::addRow("tie3.5to4.0") << 3.5f << 0x6;
    QTest::addRow("tie5to4") << 5.0f << 0x6;
    QTest::addRow("above5") << 5.001f << 0x7;
    QTest::addRow("saturate7") << 7.0f << 0x7;
    QTest::addRow("saturate1e30") << 1e30f << 0x7;
    QTest::addRow("saturateInf") << INFINITY << 0x7;
    QTest::addRow("negSaturate") << -100.0f << 0xF;
    QTest::addRow("negTie2.5") << -2.5f << 0xC;
    QTest::addRow("smallNegativeKeepsSign") << -0.1f << 0x8;
    QTest::addRow("nan") << std::numeric_limits<float>::quiet_NaN() << 0x0;
}

void tst_Mxfp4::encodeRounding() {
    QFETCH(float, value);
    QFETCH(int, code);
    QCOMPARE(int(encodeE2m1(value)), code);
}

void tst_Mxfp4::encodeRoundTripsEveryCode() {
    for (int c = 0; c < 16; ++c) {
        QCOMPARE(int(encodeE2m1(decodeE2m1(std::uint8_t(c)))), c);
    }
}

void tst_Mxfp4::e8m0Specials() {
    QCOMPARE(decodeE8m0(127), 1.0f);
    QCOMPARE(decodeE8m0(0), std::ldexp(1.0f, -127));
    QVERIFY(decodeE8m0(0) > 0.0f); // 2^-127, not zero
    QCOMPARE(decodeE8m0(254), std::ldexp(1.0f, 127));
    QVERIFY(std::isnan(decodeE8m0(0xFF)));
    QCOMPARE(int(encodeE8m0Exponent(0)), 127);
    QCOMPARE(int(encodeE8m0Exponent(-200)), 0);
    QCOMPARE(int(encodeE8m0Exponent(200)), 254);
}

void tst_Mxfp4::blockScaleRules_data() {
    QTest::addColumn<float>("amax");
    QTest::addColumn<int>("ocp");
    QTest::addColumn<int>("roundUp");
    // OCP: floor(log2 amax) - 2. RoundUp: ceil to a power of two of fp32(amax / 6).
    QTest::addRow("amax6") << 6.0f << 127 << 127;
    QTest::addRow("amax7.9_ocpClipsRoundUpDoesNot") << 7.9f << 127 << 128;
    QTest::addRow("amax1") << 1.0f << 125 << 125;
    QTest::addRow("amax12_exactPowerAfterDivide") << 12.0f << 128 << 128;
    QTest::addRow("amax4") << 4.0f << 127 << 127;
    QTest::addRow("amax0.001") << 0.001f << 115 << 115;
    QTest::addRow("amax1e30") << 1e30f << 224 << 225;
    QTest::addRow("amaxFltMax") << std::numeric_limits<float>::max() << 252 << 253;
    QTest::addRow("amaxSubnormal") << std::ldexp(1.0f, -140) << 0 << 1;
    QTest::addRow("zero") << 0.0f << 0 << 0;
}

void tst_Mxfp4::blockScaleRules() {
    QFETCH(float, amax);
    QFETCH(int, ocp);
    QFETCH(int, roundUp);
    std::vector<float> block(32, 0.0f);
    block[5] = -amax; // the sign must not matter
    block[9] = amax * 0.5f;
    QCOMPARE(int(blockScale(block.data(), 32, ScaleRule::OcpFloor)), ocp);
    QCOMPARE(int(blockScale(block.data(), 32, ScaleRule::RoundUp)), roundUp);
}

void tst_Mxfp4::pinnedBytesBothRules() {
    // v[i] = i / 4 (amax 7.75). OCP: scale 2^0, codes rounded to nearest even and clipped at 6.
    // RoundUp: scale 2^1 (7.75 / 6 rounded up), nothing clipped.
    std::vector<float> v(32);
    for (int i = 0; i < 32; ++i) {
        v[i] = float(i) / 4.0f;
    }
    const int ocpCodes[32] = {0, 0, 1, 2, 2, 2, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6,
                              6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    const int upCodes[32] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4,
                             4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6};
    const auto ocp = quantize(v.data(), 1, 32, ScaleRule::OcpFloor);
    const auto up = quantize(v.data(), 1, 32, ScaleRule::RoundUp);
    QVERIFY(ocp.ok() && up.ok());
    QCOMPARE(int(ocp.value.sf[0]), 127);
    QCOMPARE(int(up.value.sf[0]), 128);
    for (int j = 0; j < 16; ++j) {
        QCOMPARE(int(ocp.value.e2m1[j]), ocpCodes[2 * j] | (ocpCodes[2 * j + 1] << 4));
        QCOMPARE(int(up.value.e2m1[j]), upCodes[2 * j] | (upCodes[2 * j + 1] << 4));
    }
    // The same bytes spelt out, so a change of rule shows as a changed literal.
    const std::vector<std::uint8_t> ocpBytes = {0x00, 0x21, 0x22, 0x43, 0x44, 0x54, 0x55, 0x66,
                                                0x66, 0x66, 0x76, 0x77, 0x77, 0x77, 0x77, 0x77};
    const std::vector<std::uint8_t> upBytes = {0x00, 0x10, 0x11, 0x22, 0x22, 0x32, 0x33, 0x44,
                                               0x44, 0x44, 0x54, 0x55, 0x55, 0x55, 0x66, 0x66};
    QCOMPARE(ocp.value.e2m1, ocpBytes);
    QCOMPARE(up.value.e2m1, upBytes);
}

void tst_Mxfp4::zeroAndNaNBlocks() {
    std::vector<float> w(64, 0.0f);
    for (int i = 32; i < 64; ++i) {
        w[i] = float(i);
    }
    w[40] = std::numeric_limits<float>::quiet_NaN();
    const auto q = quantize(w.data(), 1, 64);
    QVERIFY(q.ok());
    QCOMPARE(int(q.value.sf[0]), 0);    // zero block: scale 2^-127, codes 0
    QCOMPARE(int(q.value.sf[1]), 0xFF); // NaN in the block: NaN scale
    const std::vector<float> d = dequantize(q.value);
    for (int i = 0; i < 32; ++i) {
        QCOMPARE(d[i], 0.0f);
    }
    for (int i = 32; i < 64; ++i) {
        QVERIFY(std::isnan(d[i]));
    }
    // An infinity poisons its block the same way.
    std::vector<float> inf(32, 1.0f);
    inf[3] = INFINITY;
    QCOMPARE(int(blockScale(inf.data(), 32, ScaleRule::OcpFloor)), 0xFF);
    QCOMPARE(int(blockScale(inf.data(), 32, ScaleRule::RoundUp)), 0xFF);
}

void tst_Mxfp4::roundTripErrorBound_data() {
    QTest::addColumn<int>("rule");
    QTest::addColumn<double>("sigma");
    QTest::addRow("ocp/sigma1") << int(ScaleRule::OcpFloor) << 1.0;
    QTest::addRow("ocp/sigma1e-3") << int(ScaleRule::OcpFloor) << 1e-3;
    QTest::addRow("roundUp/sigma1") << int(ScaleRule::RoundUp) << 1.0;
    QTest::addRow("roundUp/sigma1e4") << int(ScaleRule::RoundUp) << 1e4;
}

void tst_Mxfp4::roundTripErrorBound() {
    QFETCH(int, rule);
    QFETCH(double, sigma);
    std::mt19937 rng(1234);
    std::normal_distribution<float> dist(0.0f, float(sigma));
    const int n = 64;
    const int k = 256;
    std::vector<float> w(std::size_t(n) * k);
    for (auto &x : w) {
        x = dist(rng);
    }
    const auto q = quantize(w.data(), n, k, ScaleRule(rule));
    QVERIFY(q.ok());
    const std::vector<float> d = dequantize(q.value);
    double sumSq = 0.0;
    double errSq = 0.0;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < k; ++c) {
            const double v = w[std::size_t(r) * k + c];
            const double e = std::fabs(v - d[std::size_t(r) * k + c]);
            const double scale = decodeE8m0(q.value.scale(r, c));
            // One mantissa bit: at most a quarter of |v| (normals), a quarter of the scale
            // (the 0 / 0.5 range); OCP clipping of the block maximum costs at most a third.
            const double bound =
                std::max((ScaleRule(rule) == ScaleRule::OcpFloor ? 1.0 / 3.0 : 0.25) * std::fabs(v),
                         0.25 * scale);
            QVERIFY2(e <= bound * (1 + 1e-12),
                     qPrintable(QString("(%1,%2): %3 -> %4")
                                    .arg(r)
                                    .arg(c)
                                    .arg(v)
                                    .arg(double(d[std::size_t(r) * k + c]))));
            sumSq += v * v;
            errSq += e * e;
        }
    }
    // Normwise: MXFP4 on Gaussian data lands near 10-20% relative RMS error.
    QVERIFY(std::sqrt(errSq / sumSq) < 0.25);
}

// --- MXFP8 (E4M3) activations of the native sm_100a path ---------------------------------------

void tst_Mxfp4::e4m3Rounding_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<int>("code");
    QTest::addRow("zero") << 0.0f << 0x00;
    QTest::addRow("negativeZero") << -0.0f << 0x80;
    QTest::addRow("one") << 1.0f << 0x38;
    QTest::addRow("tie1.0625toEven1.0") << 1.0625f << 0x38;
    QTest::addRow("above1.0625") << 1.0626f << 0x39;
    QTest::addRow("tie1.1875toEven1.25") << 1.1875f << 0x3A;
    QTest::addRow("max448") << 448.0f << 0x7E;
    QTest::addRow("negMax448") << -448.0f << 0xFE;
    QTest::addRow("420to416") << 420.0f << 0x7D;
    QTest::addRow("tie432toEven448") << 432.0f << 0x7E;
    QTest::addRow("saturate464") << 464.0f << 0x7E;
    QTest::addRow("saturate1e6") << 1e6f << 0x7E;
    QTest::addRow("saturateInf") << INFINITY << 0x7E;
    QTest::addRow("saturateNegInf") << -INFINITY << 0xFE;
    QTest::addRow("minSubnormal2^-9") << std::ldexp(1.0f, -9) << 0x01;
    QTest::addRow("tie2^-10toZero") << std::ldexp(1.0f, -10) << 0x00;
    QTest::addRow("above2^-10") << std::ldexp(1.01f, -10) << 0x01;
    QTest::addRow("maxSubnormal7*2^-9") << std::ldexp(7.0f, -9) << 0x07;
    QTest::addRow("tie7.5*2^-9toMinNormal") << std::ldexp(7.5f, -9) << 0x08;
    QTest::addRow("minNormal2^-6") << std::ldexp(1.0f, -6) << 0x08;
    QTest::addRow("tinyNegativeKeepsSign") << -1e-9f << 0x80;
    QTest::addRow("nan") << std::numeric_limits<float>::quiet_NaN() << 0x7F;
}

void tst_Mxfp4::e4m3Rounding() {
    QFETCH(float, value);
    QFETCH(int, code);
    QCOMPARE(int(encodeE4m3(value)), code);
}

void tst_Mxfp4::e4m3EveryCode() {
    for (int c = 0; c < 256; ++c) {
        const float v = decodeE4m3(std::uint8_t(c));
        if ((c & 0x7F) == 0x7F) {
            QVERIFY(std::isnan(v));
            continue;
        }
        QCOMPARE(int(encodeE4m3(v)), c);
        QCOMPARE(std::signbit(v), (c & 0x80) != 0);
    }
    QCOMPARE(decodeE4m3(0x7E), 448.0f);
    QCOMPARE(decodeE4m3(0x38), 1.0f);
    QCOMPARE(decodeE4m3(0x01), std::ldexp(1.0f, -9));
    QCOMPARE(decodeE4m3(0x08), std::ldexp(1.0f, -6));
    QCOMPARE(decodeE4m3(0xC4), -3.0f);
}

void tst_Mxfp4::mxfp8BlockScale_data() {
    QTest::addColumn<float>("amax");
    QTest::addColumn<int>("code");
    // floor(log2 amax) - 8 (E4M3's emax) + 127, clamped to 0..254.
    QTest::addRow("amax448") << 448.0f << 127;
    QTest::addRow("amax1") << 1.0f << 119;
    QTest::addRow("amax500_clipsTo448") << 500.0f << 127;
    QTest::addRow("amax511.9") << 511.9f << 127;
    QTest::addRow("amax512") << 512.0f << 128;
    QTest::addRow("amax0.001") << 0.001f << 109;
    QTest::addRow("amax1e30") << 1e30f << 218;
    QTest::addRow("amaxFltMax") << std::numeric_limits<float>::max() << 246;
    QTest::addRow("amax2^-118") << std::ldexp(1.0f, -118) << 1;
    QTest::addRow("amax2^-119_clamped") << std::ldexp(1.0f, -119) << 0;
    QTest::addRow("amaxSubnormal2^-140") << std::ldexp(1.0f, -140) << 0;
    QTest::addRow("zero") << 0.0f << 0;
}

void tst_Mxfp4::mxfp8BlockScale() {
    QFETCH(float, amax);
    QFETCH(int, code);
    std::vector<float> block(32, 0.0f);
    block[7] = -amax; // the sign must not matter
    block[20] = amax * 0.25f;
    QCOMPARE(int(blockScaleMxfp8(block.data(), 32)), code);
}

void tst_Mxfp4::mxfp8ScaleBitsMatchReference() {
    // The pre-pass derives the scale from amax's bits (mxfp4_bits.h): every non-negative
    // finite bf16 amax, subnormals included, must give blockScaleMxfp8()'s code.
    for (std::uint32_t b = 0; b < 0x7F80u; ++b) {
        const float amax = bf16ToFloat(std::uint16_t(b));
        const std::uint32_t got = bits::mxfp8ScaleCode(b << 16);
        if (int(got) != int(blockScaleMxfp8(&amax, 1))) {
            QFAIL(qPrintable(QString("bf16 0x%1: %2").arg(b, 4, 16, QChar('0')).arg(got)));
        }
        if (got <= 253) {
            QCOMPARE(std::bit_cast<float>(bits::mxfp8InverseScaleBits(got)),
                     std::ldexp(1.0f, 127 - int(got)));
        }
    }
}

void tst_Mxfp4::mxfp8PinnedBlock() {
    // v[i] = i / 4 (amax 7.75): X = floor(log2 7.75) - 8 = -6, elements 16 i rounded to E4M3
    // (ties to even from 272 up, where the step is 32) and clipped to 448 from 464 up.
    std::vector<float> v(64);
    for (int i = 0; i < 32; ++i) {
        v[i] = float(i) / 4.0f;
        v[32 + i] = -float(i) / 4.0f;
    }
    const std::vector<std::uint8_t> codes = {0x00, 0x58, 0x60, 0x64, 0x68, 0x6A, 0x6C, 0x6E,
                                             0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77,
                                             0x78, 0x78, 0x79, 0x7A, 0x7A, 0x7A, 0x7B, 0x7C,
                                             0x7C, 0x7C, 0x7D, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E};
    const auto q = quantizeMxfp8(v.data(), 1, 64);
    QVERIFY(q.ok());
    QCOMPARE(q.value.sf, (std::vector<std::uint8_t>{121, 121}));
    for (int i = 0; i < 32; ++i) {
        QCOMPARE(int(q.value.e4m3[i]), int(codes[i]));
        QCOMPARE(int(q.value.e4m3[32 + i]), int(codes[i]) | 0x80); // -0 for i = 0
    }
    const std::vector<float> d = dequantizeMxfp8(q.value);
    QCOMPARE(d[1], 0.25f);
    QCOMPARE(d[31], 7.0f);  // 7.75 clipped to 448 * 2^-6
    QCOMPARE(d[27], 7.0f);  // 6.75 -> 432 * 2^-6, a tie, to even 448
    QCOMPARE(d[58], -6.5f); // -6.5 -> -416 * 2^-6 exactly
}

void tst_Mxfp4::mxfp8ZeroAndNaNBlocks() {
    std::vector<float> x(96, 1.0f);
    std::fill(x.begin(), x.begin() + 32, 0.0f);
    x[40] = std::numeric_limits<float>::quiet_NaN();
    x[70] = -INFINITY;
    const auto q = quantizeMxfp8(x.data(), 1, 96);
    QVERIFY(q.ok());
    QCOMPARE(q.value.sf, (std::vector<std::uint8_t>{0x00, 0xFF, 0xFF}));
    for (int i = 0; i < 96; ++i) {
        QCOMPARE(int(q.value.e4m3[i]), 0);
    }
    const std::vector<float> d = dequantizeMxfp8(q.value);
    QCOMPARE(d[5], 0.0f);
    QVERIFY(std::isnan(d[33]) && std::isnan(d[95]));
    QVERIFY(!quantizeMxfp8(x.data(), 1, 48).ok()); // k must be a multiple of 32
}

void tst_Mxfp4::mxfp8ErrorBound() {
    // Every element: |q(x) - x| <= 2^-4 |x| (3 mantissa bits, round to nearest), or below half
    // the subnormal step 2^(X-9), or clipped to 448 * 2^X when x / 2^X >= 464 or so.
    std::mt19937 rng(808);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::uniform_int_distribution<int> e(-30, 30);
    const int rows = 64, k = 256;
    std::vector<float> x(std::size_t(rows) * k);
    for (int r = 0; r < rows; ++r) {
        const int scale = e(rng);
        for (int c = 0; c < k; ++c) {
            x[std::size_t(r) * k + c] = std::ldexp(g(rng), scale);
        }
    }
    const auto q = quantizeMxfp8(x.data(), rows, k);
    QVERIFY(q.ok());
    const std::vector<float> d = dequantizeMxfp8(q.value);
    int clipped = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const int exponent = int(q.value.sf[i / 32]) - 127;
        const double a = std::fabs(double(x[i]));
        const double err = std::fabs(double(d[i]) - double(x[i]));
        if (a >= std::ldexp(464.0, exponent)) {
            QCOMPARE(double(std::fabs(d[i])), std::ldexp(448.0, exponent));
            ++clipped;
            continue;
        }
        QVERIFY2(err <= std::max(std::ldexp(a, -4), std::ldexp(1.0, exponent - 10)),
                 qPrintable(QString("element %1: %2 -> %3").arg(i).arg(x[i]).arg(d[i])));
    }
    QVERIFY(clipped < int(x.size()) / 20); // clipping is the exception, not the rule
}

QTEST_GUILESS_MAIN(tst_Mxfp4)
#include "tst_mxfp4.moc"
