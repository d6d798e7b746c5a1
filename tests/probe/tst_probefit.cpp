// SPDX-License-Identifier: MIT
// Fit arithmetic of the memory-fit test: headroom, chunk plans, fractions of free memory, byte
// sizes on the command line, and the cancellation token.
#include "cancel.h"
#include "fitplan.h"

#include <QTest>

#include <limits>
#include <thread>

using namespace hostplan::probe;

namespace {
constexpr quint64 GiB = 1ull << 30;
constexpr quint64 MiB = 1ull << 20;
} // namespace

class tst_ProbeFit : public QObject {
    Q_OBJECT
  private slots:
    void decideFit_data() {
        QTest::addColumn<quint64>("requested");
        QTest::addColumn<quint64>("freeBytes");
        QTest::addColumn<bool>("fits");
        QTest::addColumn<qint64>("headroom");
        QTest::newRow("h200/100GB") << quint64(100000000000ull) << quint64(149571878912ull) << true
                                    << qint64(49571878912ll);
        QTest::newRow("exactlyFree") << quint64(80 * GiB) << quint64(80 * GiB) << true << qint64(0);
        QTest::newRow("oneByteOver")
            << quint64(80 * GiB + 1) << quint64(80 * GiB) << false << qint64(-1);
        QTest::newRow("kimiK3/b300PlanOnH200")
            << quint64(250000000000ull) << quint64(149571878912ull) << false
            << qint64(-100428121088ll);
        QTest::newRow("zeroRequested") << quint64(0) << quint64(5) << true << qint64(5);
        QTest::newRow("noFree") << quint64(1) << quint64(0) << false << qint64(-1);
        QTest::newRow("saturatesHigh") << quint64(0) << std::numeric_limits<quint64>::max() << true
                                       << std::numeric_limits<qint64>::max();
        QTest::newRow("saturatesLow") << std::numeric_limits<quint64>::max() << quint64(0) << false
                                      << std::numeric_limits<qint64>::min();
    }
    void decideFit() {
        QFETCH(quint64, requested);
        QFETCH(quint64, freeBytes);
        QFETCH(bool, fits);
        QFETCH(qint64, headroom);
        const FitDecision d = hostplan::probe::decideFit(requested, freeBytes);
        QCOMPARE(d.fits, fits);
        QCOMPARE(qint64(d.headroomBytes), headroom);
    }

    void planChunks_data() {
        QTest::addColumn<quint64>("total");
        QTest::addColumn<quint64>("maxChunk");
        QTest::addColumn<quint64>("chunk");
        QTest::addColumn<quint64>("count");
        QTest::addColumn<quint64>("last");
        QTest::newRow("h200/132GiB/1GiB")
            << quint64(132 * GiB) << quint64(GiB) << quint64(GiB) << quint64(132) << quint64(GiB);
        QTest::newRow("100GB/1GiB") << quint64(100000000000ull) << quint64(GiB) << quint64(GiB)
                                    << quint64(94) << quint64(100000000000ull - 93 * GiB);
        QTest::newRow("smallerThanChunk")
            << quint64(12345) << quint64(GiB) << quint64(12345) << quint64(1) << quint64(12345);
        QTest::newRow("oddChunkRoundedTo2MiB") << quint64(10 * GiB) << quint64(GiB + 12345)
                                               << quint64(GiB) << quint64(10) << quint64(GiB);
        QTest::newRow("chunkBelow2MiBKept")
            << quint64(10 * MiB) << quint64(MiB) << quint64(MiB) << quint64(10) << quint64(MiB);
        QTest::newRow("tail") << quint64(GiB + 12345) << quint64(256 * MiB) << quint64(256 * MiB)
                              << quint64(5) << quint64(12345);
        QTest::newRow("exactMultiple") << quint64(4 * GiB) << quint64(2 * GiB) << quint64(2 * GiB)
                                       << quint64(2) << quint64(2 * GiB);
    }
    void planChunks() {
        QFETCH(quint64, total);
        QFETCH(quint64, maxChunk);
        QFETCH(quint64, chunk);
        QFETCH(quint64, count);
        QFETCH(quint64, last);
        const auto p = hostplan::probe::planChunks(total, maxChunk);
        QVERIFY(p.ok());
        QCOMPARE(quint64(p.value().chunkBytes), chunk);
        QCOMPARE(quint64(p.value().chunkCount), count);
        QCOMPARE(quint64(p.value().lastChunkBytes), last);
        // The chunks add up to the request exactly.
        quint64 sum = 0;
        for (std::uint64_t i = 0; i < p.value().chunkCount; ++i) {
            sum += p.value().bytesOfChunk(i);
        }
        QCOMPARE(sum, total);
    }

    void planChunksErrors_data() {
        QTest::addColumn<quint64>("total");
        QTest::addColumn<quint64>("maxChunk");
        QTest::addColumn<QString>("field");
        QTest::newRow("zeroTotal") << quint64(0) << quint64(GiB) << "requested_bytes";
        QTest::newRow("zeroChunk") << quint64(GiB) << quint64(0) << "chunk_bytes";
        QTest::newRow("tooManyChunks") << quint64(100 * GiB) << quint64(4096) << "chunk_bytes";
    }
    void planChunksErrors() {
        QFETCH(quint64, total);
        QFETCH(quint64, maxChunk);
        QFETCH(QString, field);
        const auto p = hostplan::probe::planChunks(total, maxChunk);
        QVERIFY(!p.ok());
        QCOMPARE(QString::fromStdString(p.error().field), field);
    }

    void bytesForFraction_data() {
        QTest::addColumn<quint64>("freeBytes");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("h200/90%") << quint64(149571878912ull) << 0.9 << quint64(134614089728ull);
        QTest::newRow("half") << quint64(10 * GiB) << 0.5 << quint64(5 * GiB);
        QTest::newRow("roundsDownTo2MiB")
            << quint64(10 * GiB + 3 * MiB) << 1.0 << quint64(10 * GiB + 2 * MiB);
        QTest::newRow("atLeastOneUnit") << quint64(100 * MiB) << 0.0001 << quint64(2 * MiB);
        QTest::newRow("tinyFree") << quint64(1000) << 0.5 << quint64(500);
        QTest::newRow("overSize") << quint64(10 * GiB) << 1.5 << quint64(15 * GiB);
        QTest::newRow("zeroFraction") << quint64(10 * GiB) << 0.0 << quint64(0);
        QTest::newRow("nan") << quint64(10 * GiB) << std::numeric_limits<double>::quiet_NaN()
                             << quint64(0);
    }
    void bytesForFraction() {
        QFETCH(quint64, freeBytes);
        QFETCH(double, fraction);
        QFETCH(quint64, bytes);
        QCOMPARE(quint64(hostplan::probe::bytesForFraction(freeBytes, fraction)), bytes);
    }

    void parseByteSize_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("plain") << "123" << true << quint64(123);
        QTest::newRow("gib") << "80GiB" << true << quint64(80 * GiB);
        QTest::newRow("gbSpace") << "141 GB" << true << quint64(141000000000ull);
        QTest::newRow("lowercase") << "2mib" << true << quint64(2 * MiB);
        QTest::newRow("scientific") << "1.5e9" << true << quint64(1500000000ull);
        QTest::newRow("fractionalGiB") << "0.5GiB" << true << quint64(GiB / 2);
        QTest::newRow("tib") << "1TiB" << true << quint64(1024 * GiB);
        QTest::newRow("bytesUnit") << "4096B" << true << quint64(4096);
        QTest::newRow("max") << "18446744073709551615" << true
                             << std::numeric_limits<quint64>::max();
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("negative") << "-5GB" << false << quint64(0);
        QTest::newRow("unknownUnit") << "5 parsecs" << false << quint64(0);
        QTest::newRow("nan") << "nan" << false << quint64(0);
        QTest::newRow("inf") << "inf" << false << quint64(0);
        QTest::newRow("hex") << "0x10" << false << quint64(0);
        QTest::newRow("overflow") << "20000000000000000000" << false << quint64(0);
        QTest::newRow("hugeExponent") << "1e400" << false << quint64(0);
        QTest::newRow("trailingGarbage") << "5GB!" << false << quint64(0);
    }
    void parseByteSize() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(quint64, bytes);
        const auto r = hostplan::probe::parseByteSize(text.toStdString());
        QCOMPARE(r.ok(), ok);
        if (ok) {
            QCOMPARE(quint64(r.value()), bytes);
        } else {
            QVERIFY(!r.error().message.empty());
        }
    }

    void parseFraction_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("ninety") << "0.9" << true;
        QTest::newRow("one") << "1" << true;
        QTest::newRow("overSize") << "1.5" << true;
        QTest::newRow("zero") << "0" << false;
        QTest::newRow("negative") << "-0.5" << false;
        QTest::newRow("tooLarge") << "5" << false;
        QTest::newRow("nan") << "nan" << false;
        QTest::newRow("percent") << "90%" << false;
    }
    void parseFraction() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QCOMPARE(hostplan::probe::parseFraction(text.toStdString()).ok(), ok);
    }

    void formatting() {
        QCOMPARE(formatBytes(141000000000ull), std::string("141.0 GB (131.3 GiB)"));
        QCOMPARE(formatBytes(512), std::string("512 B"));
        QCOMPARE(formatRate(4.27e12), std::string("4.27 TB/s"));
        QCOMPARE(formatRate(55e9), std::string("55.0 GB/s"));
        QCOMPARE(formatRate(0), std::string("-"));
    }

    void cancelToken() {
        clearInterrupt();
        CancelToken none;
        QVERIFY(!none.cancelled());
        none.cancel();
        QCOMPARE(none.reason(), CancelReason::Requested);

        CancelToken deadline(0.01);
        QVERIFY(!deadline.cancelled());
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        QCOMPARE(deadline.reason(), CancelReason::TimedOut);
        QCOMPARE(deadline.reasonText(), std::string("timed out after 0.01 s"));

        CancelToken fresh;
        requestInterrupt();
        QCOMPARE(fresh.reason(), CancelReason::Interrupted);
        QCOMPARE(fresh.reasonText(), std::string("interrupted"));
        clearInterrupt();
        QVERIFY(!fresh.cancelled());
    }
};

QTEST_GUILESS_MAIN(tst_ProbeFit)
#include "tst_probefit.moc"
