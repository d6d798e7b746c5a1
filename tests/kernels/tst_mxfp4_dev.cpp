// SPDX-License-Identifier: MIT
// CPU tests of the dev-only kernels' bit-level maps (built with HOSTPLAN_KERNELS_DEV): the
// wgmma prefill GEMM's shared-memory descriptor, x tile swizzle and A fragments
// (kernels/dev/mxfp4_wgmma.h), against the PTX ISA's layouts written independently here. The
// kernel itself runs as kernels/dev/gemm_v3_wgmma.cu on a device.
#include "mxfp4.h"
#include "mxfp4_testhelpers.h"
#include "mxfp4_wgmma.h"

#include <QObject>
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using namespace hostplan::mxfp4;
using namespace hostplan::mxfp4::testhelpers;

class tst_Mxfp4Dev : public QObject {
    Q_OBJECT

  private slots:
    void wgmmaDescriptor();
    void wgmmaXTileLayout();
    void wgmmaFragmentLayout();
    void wgmmaFragmentOrder_data();
    void wgmmaFragmentOrder();
};

// --- the wgmma prefill GEMM's descriptor, x tile and A fragments (mxfp4_wgmma.h)
// ------------------

void tst_Mxfp4Dev::wgmmaDescriptor() {
    namespace wg = hostplan::mxfp4::wgmma;
    // Start 0x8000 (>> 4 = 0x800), LBO 16 (>> 4 = 1), SBO 1024 (>> 4 = 64), base offset 0,
    // swizzle mode 1 (128 bytes) in bits 62-63.
    QCOMPARE(wg::smemDescriptorSw128(0x8000), std::uint64_t(0x800) | (std::uint64_t(1) << 16) |
                                                  (std::uint64_t(64) << 32) |
                                                  (std::uint64_t(1) << 62));
    QCOMPARE(wg::smemDescriptorSw128(0x8000), std::uint64_t(0x4000004000010800ULL));
    // The k16 step s moves the start by 32 bytes: + 2 in the 16-byte address field only.
    QCOMPARE(wg::smemDescriptorSw128(0x8000 + 3 * 32) - wg::smemDescriptorSw128(0x8000),
             std::uint64_t(6));
    // Nothing in bits 14-15, 30-31, 46-61.
    const std::uint64_t d = wg::smemDescriptorSw128(0x3FFF0);
    QCOMPARE(d & 0x3FFFu, std::uint64_t(0x3FFF));
    QCOMPARE(d & 0x3FFFC000C000C000ULL, std::uint64_t(0));
}

void tst_Mxfp4Dev::wgmmaXTileLayout() {
    // Where the kernel puts x[token r][k c] of a 256 x 64 tile, against where wgmma reads it:
    // K-major with 128-byte swizzling, the k16 step s = c / 16 described by start = 32 s,
    // SBO = 1024: unswizzled address start + (r / 8) * SBO + (r % 8) * 128 + 2 (c % 16), then
    // the swizzle XORs address bits 4-6 with bits 7-9 (the tile is 1024-byte aligned).
    namespace wg = hostplan::mxfp4::wgmma;
    std::vector<int> seen(wg::kXTileBytes, 0);
    for (int r = 0; r < wg::kTileTokens; ++r) {
        for (int c = 0; c < wg::kTileK; ++c) {
            const int placed = wg::xTileOffset(r, c / 8) + 2 * (c % 8);
            const int start = (c / wg::kMmaK) * wg::kMmaK * 2;
            const int linear =
                start + (r / 8) * wg::kSwizzleAtomBytes + (r % 8) * 128 + 2 * (c % 16);
            const int read = linear ^ (((linear >> 7) & 7) << 4);
            if (placed != read) {
                QFAIL(qPrintable(
                    QString("(%1,%2): placed %3, read %4").arg(r).arg(c).arg(placed).arg(read)));
            }
            QVERIFY(placed >= 0 && placed + 1 < wg::kXTileBytes);
            ++seen[std::size_t(placed)];
            ++seen[std::size_t(placed) + 1];
        }
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

void tst_Mxfp4Dev::wgmmaFragmentLayout() {
    // The A fragment of wgmma .m64nNk16 with a 16-bit A in registers, written independently of
    // mxfp4_wgmma.h as a (thread, value) -> (row, k) map: PTX ISA "Register Fragments" (the
    // figure for matrix A of .m64nNk16), also CUTLASS's thread-value layout for this operand.
    // Thread t of the warpgroup, value v (0..7; register v / 2, half v % 2) sits at flat index
    //   128 (t % 4) + (t / 4) % 8 + 16 (t / 32) + 64 (v % 2) + 8 ((v / 2) % 2) + 512 (v / 4)
    // of the column-major 64 x 16 tile: row = index % 64, k = index / 64. Every element is held
    // by exactly one (thread, value), and the header's formulas must say the same.
    namespace wg = hostplan::mxfp4::wgmma;
    std::vector<int> seen(64 * 16, 0);
    for (int t = 0; t < 128; ++t) {
        for (int v = 0; v < 8; ++v) {
            const int index = 128 * (t % 4) + (t / 4) % 8 + 16 * (t / 32) + 64 * (v % 2) +
                              8 * ((v / 2) % 2) + 512 * (v / 4);
            const int row = index % 64;
            const int k = index / 64;
            ++seen[std::size_t(index)];
            const int warp = t / 32, lane = t % 32, reg = v / 2;
            QCOMPARE(wg::aFragmentRow(warp, lane, reg), row);
            QCOMPARE(wg::aFragmentK(lane, reg) + v % 2, k);
        }
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

void tst_Mxfp4Dev::wgmmaFragmentOrder_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("sfLo");
    QTest::addColumn<int>("sfHi");
    QTest::addRow("twoTiles/n256_k128") << 256 << 128 << 110 << 140;
    QTest::addRow("ragged/n130_k96") << 130 << 96 << 118 << 126;
    QTest::addRow("extremeScales/n128_k64") << 128 << 64 << 0 << 254;
}

void tst_Mxfp4Dev::wgmmaFragmentOrder() {
    // Every register of every lane of both warpgroups of a CTA tile, for every k16 step of every
    // 64-wide chunk: the word, pair and scale the kernel decodes (mxfp4_wgmma.h) must give the
    // two bf16 that the wgmma A fragment layout puts there (row 16 warp + lane / 4 + 8 (i % 2),
    // k 2 (lane % 4) + 8 (i / 2) and the next), exactly; padding rows and columns give 0. Each
    // element of the tile is covered once.
    namespace wg = hostplan::mxfp4::wgmma;
    QFETCH(int, n);
    QFETCH(int, k);
    QFETCH(int, sfLo);
    QFETCH(int, sfHi);
    std::mt19937 rng(std::uint32_t(n * 7919 + k + sfLo));
    const Matrix w = randomMatrix(n, k, rng, sfLo, sfHi);
    const PrefillPacked p = repackPrefill(w);
    auto want = [&](int row, int col) -> std::uint16_t {
        if (row >= n || col >= k) {
            return 0;
        }
        return floatToBf16(decodeE2m1(w.code(row, col)) * decodeE8m0(w.scale(row, col)));
    };
    for (int w0 = 0; w0 < p.nPadded; w0 += wg::kTileRows) {
        for (int c = 0; c < p.kPadded / wg::kTileK; ++c) {
            const std::uint8_t *tile =
                p.data.data() + (std::size_t(c) * p.nPadded + std::size_t(w0)) * 32;
            const std::uint8_t *sfTile =
                p.sf.data() + (std::size_t(c) * p.nPadded + std::size_t(w0)) * 2;
            std::vector<int> seen(std::size_t(wg::kTileRows) * wg::kTileK, 0);
            for (int warpgroup = 0; warpgroup < 2; ++warpgroup) {
                for (int warp = 0; warp < 4; ++warp) {
                    for (int lane = 0; lane < 32; ++lane) {
                        for (int s = 0; s < 4; ++s) {
                            for (int i = 0; i < 4; ++i) {
                                const int row = warpgroup * 64 + wg::aFragmentRow(warp, lane, i);
                                const int kk = 16 * s + wg::aFragmentK(lane, i);
                                const int off = wg::aFragmentWordOffset(row, lane, s);
                                std::uint32_t word = 0;
                                for (int b = 0; b < 4; ++b) {
                                    word |= std::uint32_t(tile[off + b]) << (8 * b);
                                }
                                const std::uint32_t sf = sfTile[row * 2 + wg::aFragmentScale(s)];
                                const std::uint32_t got =
                                    decodePair(word, wg::aFragmentPair(s, i), sf);
                                const int col = c * wg::kTileK + kk;
                                if (std::uint16_t(got) != want(w0 + row, col) ||
                                    std::uint16_t(got >> 16) != want(w0 + row, col + 1)) {
                                    QFAIL(qPrintable(QString("tile %1 chunk %2 wg %3 warp %4 "
                                                             "lane %5 step %6 reg %7")
                                                         .arg(w0)
                                                         .arg(c)
                                                         .arg(warpgroup)
                                                         .arg(warp)
                                                         .arg(lane)
                                                         .arg(s)
                                                         .arg(i)));
                                }
                                ++seen[std::size_t(row) * wg::kTileK + std::size_t(kk)];
                                ++seen[std::size_t(row) * wg::kTileK + std::size_t(kk) + 1];
                            }
                        }
                    }
                }
            }
            QVERIFY(std::all_of(seen.begin(), seen.end(), [](int v) { return v == 1; }));
        }
    }
}

QTEST_GUILESS_MAIN(tst_Mxfp4Dev)
#include "tst_mxfp4_dev.moc"
