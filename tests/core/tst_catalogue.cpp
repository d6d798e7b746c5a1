// SPDX-License-Identifier: MIT
// Catalogues: every entry parses, carries source and as_of, and the lookups behave.
#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "plan/plan.h"
#include "scenario/scenario.h"
#include "testutil.h"
#include "util/units.h"

#include <QTest>

using namespace hostplan;

class TestCatalogue : public QObject {
    Q_OBJECT
  private slots:
    void builtinParses() {
        const auto r = Catalogue::parse(readResource("gpus.json"), readResource("prices.json"),
                                        readResource("models/catalogue.json"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r->gpus().size(), Catalogue::builtin().gpus().size());
    }
    void hostsHaveProvenance() {
        // resources/hosts.json (llama.cpp plans): every entry sourced and dated, found by alias.
        QVERIFY(builtinHosts().size() >= 5);
        for (const auto &h : builtinHosts()) {
            QVERIFY2(!h.source.empty() && !h.asOf.empty(), h.id.c_str());
            QVERIFY2(h.memoryBytes > 0 && h.memoryBandwidthBytesPerS > 0, h.id.c_str());
        }
        QCOMPARE(findHost("Desktop")->memoryBandwidthBytesPerS, 89.6e9);
        QVERIFY(findHost("m3 ultra")->unifiedMemory);
        QVERIFY(!findHost("pdp-11").ok());
        QVERIFY(!parseHosts(R"({"hosts": [{"id": "x"}]})").ok());
    }
    void everyEntryHasProvenance() {
        const auto &c = Catalogue::builtin();
        QVERIFY(c.gpus().size() >= 14);
        for (const auto &g : c.gpus()) {
            QVERIFY2(!g.source.empty() && !g.asOf.empty(), g.id.c_str());
            QVERIFY2(!g.priceSource.empty() && !g.priceAsOf.empty(), g.id.c_str());
            QVERIFY2(g.defaultUsdPerGpuHour > 0, g.id.c_str());
            QVERIFY2(g.usableMemoryBytes > 0 && g.hbmBandwidthBytesPerS > 0, g.id.c_str());
        }
        for (const auto &m : c.models()) {
            QVERIFY(!m.source.empty() && !m.asOf.empty());
            const auto spec = c.loadModel(m.id);
            QVERIFY2(spec.ok(), spec.ok() ? m.id.c_str() : spec.error().toString().c_str());
            QCOMPARE(QString::fromStdString(spec->asOf), QString::fromStdString(m.asOf));
        }
        for (const auto &p : c.apiPrices()) {
            QVERIFY(!p.source.empty() && !p.asOf.empty());
        }
    }
    void requiredGpus_data() {
        QTest::addColumn<QString>("alias");
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("memoryGb");
        QTest::newRow("h100") << "h100"
                              << "h100-sxm" << 80.0;
        QTest::newRow("H200 upper") << "H200"
                                    << "h200" << 141.0;
        QTest::newRow("b200") << "b200"
                              << "b200" << 180.0;
        QTest::newRow("b300") << "b300"
                              << "b300" << 288.0;
        QTest::newRow("gb200") << "gb200"
                               << "gb200" << 186.0;
        QTest::newRow("gb300") << "gb300"
                               << "gb300" << 288.0;
        QTest::newRow("mi300x") << "mi300x"
                                << "mi300x" << 192.0;
        QTest::newRow("mi325x") << "mi325x"
                                << "mi325x" << 256.0;
        QTest::newRow("mi350x") << "mi350x"
                                << "mi350x" << 288.0;
        QTest::newRow("mi355x") << "MI355X"
                                << "mi355x" << 288.0;
        QTest::newRow("a100") << "a100"
                              << "a100-80gb" << 80.0;
        QTest::newRow("l40s") << "l40s"
                              << "l40s" << 48.0;
        QTest::newRow("4090") << "rtx 4090"
                              << "rtx-4090" << 24.0;
        QTest::newRow("5090") << "5090"
                              << "rtx-5090" << 32.0;
        // Short names of smaller cards are those cards, never a longer id they begin
        // (l4 is not the L40S, a10 not the A100).
        QTest::newRow("l4") << "l4"
                            << "l4" << 24.0;
        QTest::newRow("a10") << "A10"
                             << "a10" << 24.0;
        QTest::newRow("gh200") << "gh200"
                               << "gh200" << 96.0;
        QTest::newRow("h100 nvl") << "H100 NVL"
                                  << "h100-nvl" << 94.0;
        QTest::newRow("h100 pcie") << "h100-pcie"
                                   << "h100-pcie" << 80.0;
        QTest::newRow("a100 40gb") << "a100-40gb"
                                   << "a100-40gb" << 40.0;
        // The cards of single-card local inference, 8 to 24 GB; "4080" is not the SUPER.
        QTest::newRow("3070") << "rtx 3070"
                              << "rtx-3070" << 8.0;
        QTest::newRow("3060") << "3060"
                              << "rtx-3060" << 12.0;
        QTest::newRow("4060 ti") << "4060 ti"
                                 << "rtx-4060-ti-16gb" << 16.0;
        QTest::newRow("4080") << "4080"
                              << "rtx-4080" << 16.0;
        QTest::newRow("4080 super") << "rtx 4080 super"
                                    << "rtx-4080-super" << 16.0;
        QTest::newRow("5080") << "5080"
                              << "rtx-5080" << 16.0;
        QTest::newRow("7900 xtx") << "7900 xtx"
                                  << "rx-7900-xtx" << 24.0;
    }
    void requiredGpus() {
        QFETCH(QString, alias);
        QFETCH(QString, id);
        QFETCH(double, memoryGb);
        const auto g = Catalogue::builtin().findGpu(alias.toStdString());
        QVERIFY2(g.ok(), g.ok() ? "" : g.error().toString().c_str());
        QCOMPARE(QString::fromStdString(g->id), id);
        QCOMPARE(double(g->memoryBytes), gb(memoryGb));
    }
    void lookupErrors() {
        const auto &c = Catalogue::builtin();
        const auto unknown = c.findGpu("tpu-v5");
        QVERIFY(!unknown.ok());
        QVERIFY(QString::fromStdString(unknown.error().message).contains("known:"));
        const auto ambiguous = c.findGpu("mi");
        QVERIFY(!ambiguous.ok());
        QVERIFY(QString::fromStdString(ambiguous.error().message).contains("ambiguous"));
        // A prefix that ends inside a run of digits names no GPU: "h1" is not the H100, "mi3"
        // none of the MI3xx cards; "h20" is the H20 (96 GB), never the H200 (141 GB).
        // Full-width digits are not dropped into "h" (which matched every H-series GPU).
        QCOMPARE(c.findGpu("h20")->id, std::string("h20"));
        for (const char *partial :
             {"h1", "mi3", "b3", "rtx-40", "H\xEF\xBC\x91\xEF\xBC\x90\xEF\xBC\x90"}) {
            const auto none = c.findGpu(partial);
            QVERIFY2(!none.ok(), partial);
            QVERIFY2(QString::fromStdString(none.error().message).startsWith("unknown GPU"),
                     partial);
        }
        QCOMPARE(c.findGpu("h100")->id, std::string("h100-sxm"));
        // A scenario naming an unknown GPU: its error names the scenario field.
        Scenario s = defaultScenario();
        s.hardware.gpu = "z9000";
        const auto planned = evaluate(s);
        QVERIFY(!planned.ok());
        QCOMPARE(planned.error().field, std::string("hardware.gpu"));
        QVERIFY(planned.error().message.starts_with("unknown GPU 'z9000'"));
        QVERIFY(!c.findModel("gpt-7").ok());
        QVERIFY(c.findModel("K3").ok());
        QVERIFY(c.findModel("moonshotai/Kimi-K3").ok());
    }
    void nativeMxfp4Flags() {
        const auto &c = Catalogue::builtin();
        QVERIFY(!c.findGpu("h200")->nativeMxfp4);
        QVERIFY(!c.findGpu("mi300x")->nativeMxfp4);
        QVERIFY(c.findGpu("b300")->nativeMxfp4);
        QVERIFY(c.findGpu("mi355x")->nativeMxfp4);
    }
    void smCounts() {
        // Every entry carries an SM / CU count with its source, or "unknown" (0) with why.
        const auto &c = Catalogue::builtin();
        for (const auto &g : c.gpus()) {
            QVERIFY2(!g.smCountSource.empty() && !g.smCountAsOf.empty(), g.id.c_str());
            QVERIFY2((g.smCount == 0) == (g.smCountSource.rfind("unknown", 0) == 0), g.id.c_str());
        }
        QCOMPARE(c.findGpu("h100")->smCount, 132u);
        QCOMPARE(c.findGpu("a100")->smCount, 108u);
        QCOMPARE(c.findGpu("mi300x")->smCount, 304u);
        QCOMPARE(c.findGpu("h200")->smCount, 0u);
        // "sm_count" must be an integer or "unknown".
        nlohmann::json doc = nlohmann::json::parse(readResource("gpus.json"));
        const std::string prices = readResource("prices.json");
        const std::string models = readResource("models/catalogue.json");
        doc["gpus"][0]["sm_count"] = "many";
        auto r = Catalogue::parse(doc.dump(), prices, models);
        QVERIFY(!r.ok());
        QVERIFY(QString::fromStdString(r.error().toString()).contains("gpus[0].sm_count"));
        doc["gpus"][0]["sm_count"] = 0;
        QVERIFY(!Catalogue::parse(doc.dump(), prices, models).ok());
        doc["gpus"][0].erase("sm_count_source");
        doc["gpus"][0]["sm_count"] = 132;
        QVERIFY(!Catalogue::parse(doc.dump(), prices, models).ok());
    }
    void badCatalogues() {
        const std::string prices = readResource("prices.json");
        const std::string models = readResource("models/catalogue.json");
        auto r = Catalogue::parse("{\"gpus\":[{\"id\":\"x\"}]}", prices, models);
        QVERIFY(!r.ok());
        QVERIFY(QString::fromStdString(r.error().toString()).contains("gpus[0]"));
        QVERIFY(!Catalogue::parse("not json", prices, models).ok());
    }
};

QTEST_GUILESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
