// SPDX-License-Identifier: MIT
// Number formats: bits per element with block-scale overhead, exact byte counts, parsing.
#include "model/numberformat.h"
#include "testutil.h"

#include <QTest>

using namespace hostplan;

class TestNumberFormat : public QObject {
    Q_OBJECT
  private slots:
    void bitsPerElement_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("bits");
        QTest::newRow("bf16") << "bf16" << 16.0;
        QTest::newRow("fp8") << "fp8" << 8.0;
        QTest::newRow("fp8_e5m2") << "fp8_e5m2" << 8.0;
        // OCP MX v1.0: 32 x 4-bit E2M1 + one 8-bit E8M0 = 136 bits / 32.
        QTest::newRow("mxfp4") << "mxfp4" << 4.25;
        // NVFP4: 16 x 4-bit E2M1 + one 8-bit E4M3 = 72 bits / 16.
        QTest::newRow("nvfp4") << "nvfp4" << 4.5;
        QTest::newRow("fp4 bare") << "fp4" << 4.0;
        QTest::newRow("int8") << "int8" << 8.0;
        // int4 g128: fp16 scale + 4-bit zero point per 128 elements.
        QTest::newRow("int4 g128") << "int4" << 4.0 + 20.0 / 128.0;
        QTest::newRow("int4 g32") << "int4_g32" << 4.0 + 20.0 / 32.0;
        QTest::newRow("int2 g0") << "int2_g0" << 2.0;
        QTest::newRow("int2 g64") << "int2" << 2.0 + 18.0 / 64.0;
    }
    void bitsPerElement() {
        QFETCH(QString, name);
        QFETCH(double, bits);
        auto f = parseNumberFormat(name.toStdString());
        QVERIFY2(f.ok(), f.ok() ? "" : f.error().toString().c_str());
        COMPARE_NEAR(f->bitsPerElement(), bits, 1e-12, 0);
    }

    void bytesFor_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qulonglong>("elements");
        QTest::addColumn<qulonglong>("bytes");
        QTest::newRow("bf16 7") << "bf16" << 7ull << 14ull;
        // One Kimi K3 expert matrix [3072, 3584]: 5,505,024 packed + 344,064 scale bytes
        // (kimi-k3-facts.md section 3).
        QTest::newRow("mxfp4 k3 w1") << "mxfp4" << 3072ull * 3584 << 5505024ull + 344064ull;
        QTest::newRow("mxfp4 33 -> 2 blocks") << "mxfp4" << 33ull << 17ull + 2ull;
        QTest::newRow("nvfp4 16") << "nvfp4" << 16ull << 9ull;
        QTest::newRow("fp4 3 rounds up") << "fp4" << 3ull << 2ull;
        QTest::newRow("zero") << "mxfp4" << 0ull << 0ull;
    }
    void bytesFor() {
        QFETCH(QString, name);
        QFETCH(qulonglong, elements);
        QFETCH(qulonglong, bytes);
        auto f = parseNumberFormat(name.toStdString());
        QVERIFY(f.ok());
        QCOMPARE(qulonglong(f->bytesFor(elements)), bytes);
    }

    void parseErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << "";
        QTest::newRow("unknown") << "fp5";
        QTest::newRow("int4 no group") << "int4_g";
        QTest::newRow("int4 bad group") << "int4_gx";
        QTest::newRow("int4 negative") << "int4_g-1";
    }
    void parseErrors() {
        QFETCH(QString, text);
        auto f = parseNumberFormat(text.toStdString());
        QVERIFY(!f.ok());
        QVERIFY(f.error().message.find("unknown number format") != std::string::npos);
    }

    // Group 0 is per-channel quantization (one scale per output channel, GPTQ's group_size
    // -1): it parses, says so in its label, and the error for a bad group says what N may be.
    void perChannelGroup() {
        const auto f = parseNumberFormat("int4_g0");
        QVERIFY(f.ok());
        QCOMPARE(f->groupSize, 0u);
        QCOMPARE(f->label(), std::string("INT4 per-channel"));
        QCOMPARE(f->name(), std::string("int4_g0"));
        QCOMPARE(parseNumberFormat("int2_g0")->label(), std::string("2-bit per-channel"));
        QVERIFY(parseNumberFormat("int4_g-1")
                    .error()
                    .message.find("0 for one scale per output channel") != std::string::npos);
    }

    void roundTripNames() {
        for (const auto &f : comparisonFormats()) {
            auto back = parseNumberFormat(f.name());
            QVERIFY(back.ok());
            QVERIFY(back.value() == f);
        }
        QCOMPARE(QString::fromStdString(parseNumberFormat("BF16").value().name()), "bf16");
    }
};

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
