// SPDX-License-Identifier: MIT
// What fits this card (engine/cardfit.h): the default-context verdict, the longest context
// that still fits (checked to be the longest), the offload fallback, and GGUF files as their
// own type.
#include "ggufwriter.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/cardfit.h"
#include "import/gguf.h"
#include "import/ggufimport.h"

using namespace hostplan;

namespace {

GpuSpec rtx4090() {
    return Catalogue::builtin().findGpu("rtx-4090").value();
}

HostSpec desktop() {
    return findHost("ddr5-desktop").value();
}

/// The RTX 4090 as the card-fit cells plan it: 1 GiB of its memory left free, as llama-server's
/// --fit leaves it (kLlamaFitMarginBytes).
GpuSpec rtx4090LessFitMargin() {
    GpuSpec g = rtx4090();
    g.usableMemoryBytes -= kLlamaFitMarginBytes;
    return g;
}

ModelSpec catalogueModel(const char *id) {
    return Catalogue::builtin().loadModel(id).value();
}

/// Plans `cell`'s type of `m` at `context` tokens with everything on the GPU.
bool fitsAt(const ModelSpec &m, const char *type, std::uint64_t context) {
    const ModelSpec spec = asGgufType(m, *gguf::ggmlTypeByName(type));
    LlamaCppInput in;
    in.model = &spec;
    in.gpu = rtx4090LessFitMargin();
    in.host = desktop();
    in.context = context;
    in.gpuLayers = 99; // every layer on the GPU (no --fit placement)
    const auto p = planLlamaCpp(in);
    return p.ok() && p->fits();
}

} // namespace

class TestCardFit : public QObject {
    Q_OBJECT

  private slots:
    void smallModelRunsToItsMaximumContext() {
        // Llama-3.1-8B as q4_K (~4.2 GiB) with f16 KV at 128 KiB per token: its whole
        // 131,072-token window fits 24 GiB, so the answer is the model's own maximum.
        const ModelSpec m = catalogueModel("llama-3.1-8b");
        const CardFitRow row = cardFit(m, rtx4090(), desktop(), defaultCardFitTypes());
        QCOMPARE(row.cells.size(), std::size_t(4));
        QCOMPARE(row.cells[0].type, std::string("q4_K"));
        QVERIFY(row.cells[0].fitsAtDefault);
        QCOMPARE(row.cells[0].maxContext, std::uint64_t(131072));
        QVERIFY(row.cells[0].tokensPerSecond > 100); // 1008 GB/s over ~4.5 GB read per token
    }

    void longestContextIsTheLongest() {
        // As f16 (~15 GiB) the window is cut by memory: maxContext fits, 256 more do not.
        const ModelSpec m = catalogueModel("llama-3.1-8b");
        const CardFitRow row = cardFit(m, rtx4090(), desktop(), defaultCardFitTypes());
        const CardFitCell &f16 = row.cells[3];
        QCOMPARE(f16.type, std::string("f16"));
        QVERIFY(f16.fitsAtDefault);
        QVERIFY(f16.maxContext > 4096 && f16.maxContext < 131072);
        QCOMPARE(f16.maxContext % 256, std::uint64_t(0));
        QVERIFY(fitsAt(m, "f16", f16.maxContext));
        QVERIFY(!fitsAt(m, "f16", f16.maxContext + 256));
        // A smaller type never holds a shorter context.
        QVERIFY(row.cells[2].maxContext >= f16.maxContext); // q8_0
    }

    void largeModelFallsBackToOffload() {
        // Llama-3.1-70B as q4_K (~37 GiB) on 24 GiB: not wholly on the GPU; the largest -ngl
        // that fits with the other layers in 64 GB of RAM, and the speed that costs.
        const ModelSpec m = catalogueModel("llama-3.1-70b");
        const CardFitRow row = cardFit(m, rtx4090(), desktop(), defaultCardFitTypes());
        const CardFitCell &q4 = row.cells[0];
        QVERIFY(!q4.fitsAtDefault);
        QCOMPARE(q4.maxContext, std::uint64_t(0));
        QVERIFY(q4.offloadGpuLayers.has_value());
        const ModelSpec spec = asGgufType(m, *gguf::ggmlTypeByName("q4_K"));
        LlamaCppInput in;
        in.model = &spec;
        in.gpu = rtx4090LessFitMargin();
        in.host = desktop();
        QCOMPARE(q4.offloadGpuLayers, largestFittingGpuLayers(in));
        QVERIFY(*q4.offloadGpuLayers > 0 && *q4.offloadGpuLayers < q4.layers + 1);
        QVERIFY(q4.hostTimeShare > 0.5); // RAM-bound
        QVERIFY(q4.tokensPerSecond > 0 && q4.tokensPerSecond < 10);
    }

    void moeOffloadsExpertsWhenThatIsFaster() {
        // gpt-oss-120b as q4_K (~60 GiB, 36 MoE layers) on 24 GiB with 128 GB of RAM: keeping
        // only experts in RAM (--n-cpu-moe) reads far less RAM per token than moving whole
        // layers (-ngl), so the cell takes it; its speed is that plan's.
        const ModelSpec m = catalogueModel("gpt-oss-120b");
        HostSpec host = desktop();
        host.memoryBytes = std::uint64_t(128e9);
        const CardFitRow row = cardFit(m, rtx4090(), host, {gguf::ggmlTypeByName("q4_K")});
        const CardFitCell &c = row.cells[0];
        QVERIFY(!c.fitsAtDefault);
        QVERIFY(c.cpuMoeLayers.has_value());
        QVERIFY(!c.offloadGpuLayers.has_value());
        const ModelSpec spec = asGgufType(m, *gguf::ggmlTypeByName("q4_K"));
        LlamaCppInput in;
        in.model = &spec;
        in.gpu = rtx4090LessFitMargin();
        in.host = host;
        in.context = kLlamaFitMinContext; // the context cardfit plans at (--fit's floor)
        QCOMPARE(c.cpuMoeLayers, smallestFittingCpuMoe(in));
        LlamaCppInput moe = in;
        moe.cpuMoeLayers = *c.cpuMoeLayers;
        QCOMPARE(c.tokensPerSecond, planLlamaCpp(moe)->tokensPerSecond);
        LlamaCppInput ngl = in;
        ngl.gpuLayers = largestFittingGpuLayers(in);
        QVERIFY(c.tokensPerSecond > planLlamaCpp(ngl)->tokensPerSecond);
    }

    void placementsKeepFitsMargin() {
        // Mixtral 8x7B as q4_K on 24 GiB: the cell's --n-cpu-moe leaves at least the 1 GiB
        // llama-server's --fit keeps free, and one layer fewer in RAM would not; so the cell
        // agrees with the placement --fit makes (plan --engine llama.cpp), which moves the
        // experts of as many layers.
        const ModelSpec m = catalogueModel("mixtral-8x7b-v0.1");
        const CardFitRow row = cardFit(m, rtx4090(), desktop(), {gguf::ggmlTypeByName("q4_K")});
        const CardFitCell &c = row.cells[0];
        QVERIFY(c.cpuMoeLayers.has_value());
        const ModelSpec spec = asGgufType(m, *gguf::ggmlTypeByName("q4_K"));
        LlamaCppInput in;
        in.model = &spec;
        in.gpu = rtx4090();
        in.host = desktop();
        in.context = kLlamaFitMinContext;
        in.gpuLayers = llamaAllLayersFlag(spec.numLayers);
        const auto freeWith = [&in](std::uint32_t cpuMoe) {
            LlamaCppInput x = in;
            x.cpuMoeLayers = cpuMoe;
            const LlamaCppPlan p = planLlamaCpp(x).value();
            return std::int64_t(p.gpuCapacity) - std::int64_t(p.gpu.total());
        };
        QVERIFY(freeWith(*c.cpuMoeLayers) >= std::int64_t(kLlamaFitMarginBytes));
        QVERIFY(freeWith(*c.cpuMoeLayers - 1) < std::int64_t(kLlamaFitMarginBytes));
        LlamaCppInput fit = in;
        fit.gpuLayers.reset(); // --fit places it
        const LlamaCppPlan placed = planLlamaCpp(fit).value();
        QVERIFY(placed.fitPlaced);
        QCOMPARE(std::uint32_t(placed.fitCpuExpertLayers.size()), *c.cpuMoeLayers);
    }

    void tooLargeForTheHostToo() {
        // Kimi K3 (2.8T parameters) in 64 GB of RAM and 24 GiB: it does not run at all.
        const ModelSpec m = catalogueModel("kimi-k3");
        const CardFitRow row = cardFit(m, rtx4090(), desktop(), {gguf::ggmlTypeByName("q4_K")});
        QCOMPARE(row.cells.size(), std::size_t(1));
        QVERIFY(!row.cells[0].fitsAtDefault);
        QVERIFY(!row.cells[0].offloadGpuLayers.has_value());
        QCOMPARE(row.cells[0].tokensPerSecond, 0.0);
    }

    void ggufFileIsItsOwnType() {
        const ModelSpec m = ggufwriter::llama31_8b_q4kmModel();
        const CardFitRow row = cardFit(m, rtx4090(), desktop(), defaultCardFitTypes());
        QCOMPARE(row.cells.size(), std::size_t(1));
        QCOMPARE(row.cells[0].type, std::string("gguf"));
        QCOMPARE(row.cells[0].weightBytes, m.weightBytes());
        QVERIFY(row.cells[0].fitsAtDefault);
    }
};

QTEST_GUILESS_MAIN(TestCardFit)
#include "tst_cardfit.moc"
