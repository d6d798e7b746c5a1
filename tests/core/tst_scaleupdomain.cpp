// SPDX-License-Identifier: MIT
// A GPU whose NVLink domain spans several nodes (model/hardware.h GpuSpec::scaleUpDomainGpus,
// gpus.json scale_up_domain_gpus): GB200 / GB300 NVL72 racks of four-GPU trays keep TP up to 72
// GPUs on NVLink, where the serving model charged the network between nodes. Also which GPUs
// are NVLink at all (engine/enginememory.h nvlinkGpu, from the interconnect text).
#include "catalogue/catalogue.h"
#include "engine/enginememory.h"
#include "goldenmemory.h"
#include "plan/plan.h"
#include "plantestutil.h"
#include "sizing/servingmodel.h"
#include "testutil.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace hostplan;

class tst_ScaleUpDomain : public QObject {
    Q_OBJECT

  private slots:
    // The GPU-to-GPU link is NVLink when the interconnect text leads with "NVLink" and a
    // generation, in any case; every catalogue card whose text says "(no NVLink)" or offers an
    // optional bridge is PCIe, and GH200's NVLink-C2C links its CPU. The catalogue's A10 takes
    // the PCIe TP collectives' 0.25 GiB.
    void nvlinkFromInterconnectText() {
        const auto link = [](const std::string &text) {
            return nvlinkGpu(golden::loggedGpu("GPU", 80, true, text.c_str()));
        };
        QVERIFY(link("NVLink 4, 900 GB/s bidirectional"));
        QVERIFY(link("nvlink4"));
        QVERIFY(link("NVLink 4 (no PCIe)"));
        QVERIFY(!link("PCIe Gen4 x16, 64 GB/s bidirectional (no NVLink)"));
        QVERIFY(!link("NVLink bridge 600 GB/s bidirectional between the two cards of a pair"));
        QVERIFY(!link("NVLink-C2C 900 GB/s bidirectional to the Grace CPU"));
        QVERIFY(!link("PCIe Gen5 x16; optional NVLink bridge between card pairs only"));
        QVERIFY(!link("Infinity Fabric, 896 GB/s aggregate bidirectional"));
        QVERIFY(!link("NVLinkish"));
        for (const GpuSpec &g : Catalogue::builtin().gpus()) {
            if (g.interconnect.find("no NVLink") != std::string::npos) {
                QVERIFY2(!nvlinkGpu(g), g.id.c_str());
            }
        }
        const GpuSpec a10 = Catalogue::builtin().findGpu("a10").value();
        QCOMPARE(vllmTpCollectivesNonTorch(a10, 4, VllmProfile::V1v08), std::uint64_t(gib(0.25)));
        QVERIFY(nvlinkGpu(Catalogue::builtin().findGpu("h100-sxm").value()));
    }

    // The catalogue's NVL72 entries name the rack; an HGX node is its own domain.
    void catalogue() {
        const Catalogue &cat = Catalogue::builtin();
        for (const char *id : {"gb200", "gb300"}) {
            const GpuSpec g = cat.findGpu(id).value();
            QCOMPARE(g.gpusPerNode, 4u);
            QCOMPARE(g.scaleUpDomainGpus, 72u);
            QCOMPARE(g.scaleUpGpus(), 72u);
        }
        const GpuSpec h200 = cat.findGpu("h200").value();
        QCOMPARE(h200.scaleUpDomainGpus, 0u);
        QCOMPARE(h200.scaleUpGpus(), 8u);
    }

    // TP 16 over four trays of an NVL72 rack: its all-reduces run at NVLink's rate, not the
    // NIC's 50 GB/s: a decode step's (latency-bound) communication at under half the time, a
    // prefill step's (bandwidth-bound) at under a fifth (NVLink's 900 GB/s times the fitted
    // all-reduce efficiency against the NIC's 40 GB/s).
    void tpAcrossTraysStaysOnNvlink() {
        const ModelSpec m = golden::catalogueModel("deepseek-v3");
        const GpuSpec gb200 = Catalogue::builtin().findGpu("gb200").value();
        GpuSpec trays = gb200;
        trays.scaleUpDomainGpus = 0; // the same trays joined only by the network
        Scenario s;
        s.workload.contextTokens = 8192;
        const Parallelism tp16{16, 16, 1};
        const MemoryBreakdown mem = computeMemory(m, gb200, tp16, s);
        const ServingModel rack = servingModelFor(m, gb200, tp16, mem, s, 4, {});
        const ServingModel network = servingModelFor(m, trays, tp16, mem, s, 4, {});
        StepParts a;
        StepParts b;
        rack.step(64, 8192, 0, 0, &a);
        network.step(64, 8192, 0, 0, &b);
        QVERIFY(a.commSeconds > 0);
        QVERIFY2(a.commSeconds * 2 < b.commSeconds,
                 qPrintable(QString("%1 vs %2").arg(a.commSeconds).arg(b.commSeconds)));
        rack.step(0, 8192, 8192, 0, &a);
        network.step(0, 8192, 8192, 0, &b);
        QVERIFY2(a.commSeconds * 5 < b.commSeconds,
                 qPrintable(QString("%1 vs %2").arg(a.commSeconds).arg(b.commSeconds)));
    }

    // The plan says the trays must share a rack.
    void planWarning() {
        Scenario s;
        s.model.ref = "deepseek-v3";
        s.hardware.gpu = "gb200";
        s.hardware.gpuCount = 16;
        s.hardware.tp = 16;
        s.hardware.ep = 16;
        const PlanResult p = planOf(s);
        bool said = false;
        for (const std::string &w : p.warnings) {
            said |= w.find("inside one NVLink domain of 72 GPUs") != std::string::npos;
        }
        QVERIFY(said);
    }

    // A GPU file's field: read, written back, and refused out of range naming the field.
    void gpuFileField() {
        const GpuSpec gb200 = Catalogue::builtin().findGpu("gb200").value();
        nlohmann::json o = gpuToJson(gb200);
        QCOMPARE(o["scale_up_domain_gpus"].get<int>(), 72);
        auto back = parseGpuEntry(o, "gpus[0]");
        QVERIFY(back.ok());
        QCOMPARE(back.value().scaleUpDomainGpus, 72u);
        o["scale_up_domain_gpus"] = 0;
        auto bad = parseGpuEntry(o, "gpus[0]");
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().field.find("scale_up_domain_gpus") != std::string::npos);
        o.erase("scale_up_domain_gpus");
        QCOMPARE(parseGpuEntry(o, "gpus[0]").value().scaleUpDomainGpus, 0u);
    }
};

QTEST_GUILESS_MAIN(tst_ScaleUpDomain)
#include "tst_scaleupdomain.moc"
