// SPDX-License-Identifier: MIT
// Layout search (issue 13): the cheapest layout x rental offer x replicas that carries the
// workload, per catalogue model and GPU type, with the reasons the others lost.
#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "plan/plantext.h"
#include "plantestutil.h"
#include "sizing/layout.h"
#include "testutil.h"

#include <QTest>

#include <memory>
#include <sstream>

using namespace hostplan;

namespace {

/// The default workload (16 sequences x 32k, 500M output tokens a month, 50 ms per output
/// token) on `gpu` with the count on auto.
Scenario autoScenario(const std::string &model, const std::string &gpu) {
    Scenario s = withGpuType(defaultScenario(), gpu);
    s.model.ref = model;
    s.pricing.apiPriceId.clear();
    return s;
}

PlanResult planFor(const Scenario &s) {
    auto p = evaluate(s);
    if (!p.ok()) {
        qFatal("%s", p.error().toString().c_str());
    }
    return p.value();
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT
  private slots:
    // Every model x GPU pair at the default workload. Pinned: GPUs rented, replicas, TP, PP
    // (0 GPUs: nothing carries the workload). Reasons per row.
    void table_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<uint>("gpus");
        QTest::addColumn<uint>("replicas");
        QTest::addColumn<uint>("tp");
        QTest::addColumn<uint>("pp");
        // Kimi K3 (1.56 TB): the engines' recipe minimums. H100 32 = vLLM recipe
        // strategy_min_gpus h100; H200 16 = SGLang cookbook TP16/EP16 on 2 x 8 H200; B300 and
        // MI355X 8 = vLLM's 8 x B300 / AMD's validated TP8. 24 x H100 (TP 8 x PP 3) is not
        // proposed: MoE models do not run PP across nodes and TP/EP 24 is no power of two.
        QTest::newRow("k3/h100") << "kimi-k3"
                                 << "h100-sxm" << 32u << 1u << 32u << 1u;
        QTest::newRow("k3/h200") << "kimi-k3"
                                 << "h200" << 16u << 1u << 16u << 1u;
        QTest::newRow("k3/b200") << "kimi-k3"
                                 << "b200" << 16u << 1u << 16u << 1u;
        QTest::newRow("k3/b300") << "kimi-k3"
                                 << "b300" << 8u << 1u << 8u << 1u;
        QTest::newRow("k3/gb200") << "kimi-k3"
                                  << "gb200" << 16u << 1u << 16u << 1u;
        QTest::newRow("k3/mi300x") << "kimi-k3"
                                   << "mi300x" << 16u << 1u << 16u << 1u;
        QTest::newRow("k3/mi355x") << "kimi-k3"
                                   << "mi355x" << 8u << 1u << 8u << 1u;
        // 1.56 TB on 48 GB / 24 GB cards would need PP across nodes (not run for MoE) or a
        // TP that does not divide the 96 heads: nothing serves it.
        QTest::newRow("k3/l40s") << "kimi-k3"
                                 << "l40s" << 0u << 0u << 0u << 0u;
        QTest::newRow("k3/rtx-4090") << "kimi-k3"
                                     << "rtx-4090" << 0u << 0u << 0u << 0u;
        // DeepSeek-V3 (FP8, ~690 GB): 2 x 8 H100, the common recipe minimum, with attention
        // DP 16 (the search tries DP = TP for an MoE model): each GPU keeps the MLA latent of
        // its own sequences only, so 16 GPUs hold the 16 x 32k that TP 16 alone (the latent
        // replicated on every TP rank) needs two replicas for. TP 32 would split the dense
        // layers' 18,432 into 576 per GPU, not whole 128 x 128 FP8 blocks, which the engines
        // refuse (engine/tpshard.h).
        QTest::newRow("dsv3/h100") << "deepseek-v3"
                                   << "h100-sxm" << 16u << 1u << 16u << 1u;
        QTest::newRow("dsv3/h200") << "deepseek-v3"
                                   << "h200" << 8u << 1u << 8u << 1u;
        QTest::newRow("dsv3/mi300x") << "deepseek-v3"
                                     << "mi300x" << 8u << 1u << 8u << 1u;
        // B300: one TP 8 replica with attention DP 8, which serves more than two TP 4 replicas
        // (with or without DP) on the same instance at the same cost (at equal cost the larger
        // output ranks first; those are the near ties).
        QTest::newRow("dsv3/b300") << "deepseek-v3"
                                   << "b300" << 8u << 1u << 8u << 1u;
        // Qwen3-235B (BF16, 470 GB): on H100 one TP/EP 16 replica across two clustered nodes:
        // by vLLM 0.19's start-up rules (the default) the engine's KV pool on TP 8, less the TP
        // collectives' 2 GiB of non-torch memory and the fused-MoE workspace the profile keeps
        // through the sampler warm-up (vllmResidentMoeWorkspace), holds 7 sequences of 32k, so
        // two TP 8 replicas on Lambda's cheaper unclustered nodes no longer carry 16; TP 4 on
        // B200.
        QTest::newRow("qwen235/h100") << "qwen3-235b-a22b"
                                      << "h100-sxm" << 16u << 1u << 16u << 1u;
        QTest::newRow("qwen235/b200") << "qwen3-235b-a22b"
                                      << "b200" << 4u << 1u << 4u << 1u;
        // Mixtral (93 GB BF16): TP 2 on H200, one B200.
        QTest::newRow("mixtral/h200") << "mixtral-8x7b"
                                      << "h200" << 2u << 1u << 2u << 1u;
        QTest::newRow("mixtral/b200") << "mixtral-8x7b"
                                      << "b200" << 1u << 1u << 1u << 1u;
        QTest::newRow("mixtral/h100") << "mixtral-8x7b"
                                      << "h100-sxm" << 4u << 1u << 4u << 1u;
        // Llama-3.1-70B (141 GB BF16): TP 8 on H100, TP 4 on H200, TP 2 on B200.
        QTest::newRow("l70/h100") << "llama-3.1-70b"
                                  << "h100-sxm" << 8u << 1u << 8u << 1u;
        QTest::newRow("l70/h200") << "llama-3.1-70b"
                                  << "h200" << 4u << 1u << 4u << 1u;
        QTest::newRow("l70/b200") << "llama-3.1-70b"
                                  << "b200" << 2u << 1u << 2u << 1u;
        // gpt-oss-120b (65 GB) at 16 x 32k: one H200 / B200.
        QTest::newRow("oss/h200") << "gpt-oss-120b"
                                  << "h200" << 1u << 1u << 1u << 1u;
        QTest::newRow("oss/b200") << "gpt-oss-120b"
                                  << "b200" << 1u << 1u << 1u << 1u;
        // Llama-3.1-8B at 16 x 32k: one H100 holds 13 sequences (see llama8bOnH100), so two
        // 1-GPU replicas; one H200 holds all 16.
        QTest::newRow("l8/h100") << "llama-3.1-8b"
                                 << "h100-sxm" << 2u << 2u << 1u << 1u;
        QTest::newRow("l8/h200") << "llama-3.1-8b"
                                 << "h200" << 1u << 1u << 1u << 1u;
    }
    void table() {
        QFETCH(QString, model);
        QFETCH(QString, gpu);
        QFETCH(uint, gpus);
        QFETCH(uint, replicas);
        QFETCH(uint, tp);
        QFETCH(uint, pp);
        const PlanResult p = planFor(autoScenario(model.toStdString(), gpu.toStdString()));
        if (gpus == 0) {
            QVERIFY2(!p.search.found, p.search.candidates.empty()
                                          ? "?"
                                          : p.search.candidates.front().reason.c_str());
            QVERIFY(!p.search.noneReason.empty());
            QVERIFY(!p.fit.practicalFound);
            return;
        }
        QVERIFY2(p.search.found, p.search.noneReason.c_str());
        const LayoutCandidate &c = *p.search.best();
        QCOMPARE(c.gpusRented, gpus);
        QCOMPARE(c.replicas, replicas);
        QCOMPARE(c.layout.tp, tp);
        QCOMPARE(c.layout.pp, pp);
        QVERIFY(engineLayoutProblem(p.model, c.layout).empty());
        // The plan uses the search's choice: cost = the chosen offer's shape and rate.
        QCOMPARE(p.gpusRented, gpus);
        QCOMPARE(p.fit.gpusPractical, gpus);
        QVERIFY(p.fit.fits);
        COMPARE_NEAR(p.rental.usdPerMonthScheduled, c.usdPerMonth, 0, 1e-9);
        // Every other carrying candidate costs at least as much.
        for (const LayoutCandidate &o : p.search.candidates) {
            if (o.carries()) {
                QVERIFY(o.usdPerMonth >= c.usdPerMonth);
            } else {
                QVERIFY(!o.reason.empty());
            }
        }
    }

    // Issue 13: gpt-oss-120b on H200 at 128k x 32 fits on 2 GPUs (TP 2), not 8: vLLM's KV
    // pool there holds 36 sequences of 128k (the engine's sliding-window reservation of
    // max_num_batched_tokens - 1 beyond the window included; 40 before the engine-faithful
    // memory model).
    void gptOssLongContext() {
        Scenario s = autoScenario("gpt-oss-120b", "h200");
        s.workload.contextTokens = 131072;
        s.workload.concurrency = 32;
        const PlanResult p = planFor(s);
        QCOMPARE(p.gpusRented, 2u);
        QCOMPARE(p.layout.tp, 2u);
        QCOMPARE(p.fit.maxConcurrency, 36u); // TP 2's collectives take 1.8 GiB of the pool
    }

    // Issue 13: Llama-3.1-8B on one H100 holds 13 sequences of 32k. At 13 requested that is
    // one GPU; at 16 one GPU is short by 3 sequences, so the search rents two 1-GPU replicas
    // (never a whole 8-GPU node).
    // The search tries full attention DP for an MoE model's own layouts and keeps it where it
    // serves cheaper: DeepSeek V3 on 8 x H200 holds 80 sequences of 32k with DP 8 (each GPU
    // its own sequences' MLA latent) against 18 without (the latent on every TP rank); a dense
    // model never gets it, a given TP keeps none, and --attention-dp 1 rules it out.
    void autoAttentionDp() {
        Scenario s = autoScenario("deepseek-v3", "h200");
        PlanResult p = planFor(s);
        QCOMPARE(p.layout.dp, 8u);
        QCOMPARE(p.layout.tp, 8u);
        std::uint32_t withDp = 0;
        std::uint32_t without = 0;
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.layout.tp == 8 && c.layout.ep == 8 && c.offerRef && c.memoryMaxBatch) {
                (c.layout.dp == 8 ? withDp : without) = c.memoryMaxBatch;
            }
        }
        QCOMPARE(withDp, 80u);
        QCOMPARE(without, 18u);
        s.hardware.attentionDp = 1;
        p = planFor(s);
        QCOMPARE(p.layout.dp, 1u);
        for (const LayoutCandidate &c : p.search.candidates) {
            QVERIFY(c.layout.dp <= 1);
        }
        s.hardware.attentionDp = 0;
        s.hardware.gpuCount = 8;
        s.hardware.tp = 8;
        s.hardware.ep = 8;
        QCOMPARE(planFor(s).layout.dp, 1u);
        const PlanResult dense = planFor(autoScenario("llama-3.1-70b", "h100-sxm"));
        for (const LayoutCandidate &c : dense.search.candidates) {
            QVERIFY(c.layout.dp <= 1);
        }
    }

    void llama8bOnH100() {
        Scenario s = autoScenario("llama-3.1-8b", "h100-sxm");
        s.workload.concurrency = 13;
        PlanResult p = planFor(s);
        QCOMPARE(p.gpusRented, 1u);
        QCOMPARE(p.fit.maxConcurrency, 13u);
        s.workload.concurrency = 16;
        p = planFor(s);
        QCOMPARE(p.gpusRented, 2u);
        QCOMPARE(p.replicas, 2u);
    }

    // Replicas multiply capacity: the 2 x 1-GPU Llama-8B plan on H100 serves twice what one
    // GPU serves at its share (8 of the 16 sequences), batches and TPOT are one replica's, and
    // serve-cmd says to run the command once per replica.
    void replicasMultiplyCapacity() {
        Scenario s = autoScenario("llama-3.1-8b", "h100-sxm");
        const PlanResult two = planFor(s);
        QCOMPARE(two.replicas, 2u);
        Scenario one = s;
        one.hardware.gpuCount = 1;
        one.workload.concurrency = 8;
        const PlanResult single = planFor(one);
        QCOMPARE(single.replicas, 1u);
        const Capacity &a = two.throughput.capacity;
        const Capacity &b = single.throughput.capacity;
        QCOMPARE(a.batch, b.batch);
        COMPARE_NEAR(a.tpotSeconds, b.tpotSeconds, 0, 1e-12);
        COMPARE_NEAR(a.servingOutputTokensPerSecond, 2 * b.servingOutputTokensPerSecond, 0, 1e-9);
        COMPARE_NEAR(a.outputTokensPerMonth, 2 * b.outputTokensPerMonth, 0, 1e-9);
        QCOMPARE(two.throughput.atConcurrency.batch, 8u);
        QCOMPARE(two.fit.maxConcurrency, 2 * single.fit.maxConcurrency);
        QCOMPARE(two.rental.usdPerMonthScheduled, two.search.best()->usdPerMonth);
        const std::string cmd = serveCommandsText(two, Catalogue::builtin());
        QVERIFY2(cmd.find("2 data-parallel replicas on 2 GPUs: run the command below once per "
                          "replica (each on its own 1 GPU,") != std::string::npos,
                 cmd.c_str());
    }

    // Without a GPU count, the scenario's own TP / PP holds every replica the search tries:
    // Llama-3.1-8B at 16 x 32k on H100 is 2 x TP 1 free, and with TP 2 pinned the plan is
    // replicas of TP 2 (never one replica of the free search's 2 GPUs read as TP 2); a PP pin
    // likewise. With a count given, the search stays free (the cheapest, for comparison).
    void autoCountKeepsGivenLayout() {
        Scenario s = autoScenario("llama-3.1-8b", "h100-sxm");
        s.hardware.tp = 2;
        const PlanResult tp2 = planFor(s);
        QVERIFY(tp2.layoutFromSearch);
        QCOMPARE(tp2.layout.tp, 2u);
        QCOMPARE(tp2.layout.pp, 1u);
        QCOMPARE(tp2.gpusRented, tp2.replicas * 2);
        QVERIFY(tp2.fit.maxConcurrency >= 16);
        for (const LayoutCandidate &c : tp2.search.candidates) {
            QVERIFY2(!c.carries() || c.layout.tp == 2, c.reason.c_str());
        }
        s.hardware.tp = 0;
        s.hardware.pp = 2;
        const PlanResult pp2 = planFor(s);
        QCOMPARE(pp2.layout.pp, 2u);
        QCOMPARE(pp2.layout.tp, 1u);
        QCOMPARE(pp2.gpusRented, pp2.replicas * 2);
        s.hardware.pp = 0;
        s.hardware.tp = 2;
        s.hardware.gpuCount = 4;
        const PlanResult given = planFor(s);
        QCOMPARE(given.layout.tp, 2u);
        QCOMPARE(given.layout.pp, 2u);
        QCOMPARE(given.search.best()->layout.tp, 1u);
    }

    // A pin no offer carries says so, naming it.
    void autoCountPinNobodyCarries() {
        Scenario s = autoScenario("llama-3.1-8b", "h100-sxm");
        s.hardware.tp = 3; // no replica size of the offers is a multiple of 3
        const auto p = evaluate(s);
        QVERIFY(!p.ok() || !p->search.found);
        if (p.ok()) {
            QVERIFY2(p->search.noneReason.find("with the scenario's TP 3") != std::string::npos,
                     p->search.noneReason.c_str());
        }
    }

    // NVIDIA-Nemotron-3-Ultra (BF16, 1.1 TB) on H200 at 8 x 32k: no replica the search runs
    // carries it. The note names the largest replica it sized (8 GPUs) and why no larger one
    // was (TP 16 across instances refused, PP across instances not run for MoE models); with
    // the user's own TP 8 x PP 2 on 16 GPUs the plan fits, and its practical line says the
    // search's "none" is of the layouts it runs.
    void noneReasonNamesTheLargestReplica() {
        Scenario s = autoScenario(std::string(HOSTPLAN_TEST_DATA_DIR) +
                                      "/configs/nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16_"
                                      "config.json",
                                  "h200");
        s.workload.concurrency = 8;
        const PlanResult p = planFor(s);
        QVERIFY(!p.search.found);
        const std::string &why = p.search.noneReason;
        QVERIFY2(why.find("largest replica tried (8 GPUs") != std::string::npos, why.c_str());
        QVERIFY2(why.find("no larger replica was sized: 16 GPUs per replica") != std::string::npos,
                 why.c_str());
        s.hardware.gpuCount = 16;
        s.hardware.tp = 8;
        s.hardware.pp = 2;
        const PlanResult fixed = planFor(s);
        QVERIFY(fixed.fit.fits);
        std::ostringstream text;
        writePlanText(fixed, text);
        QVERIFY2(text.str().find("none that the layout search runs, up to 1,024 GPUs (see the "
                                 "note); this plan's own layout on 16 GPUs fits") !=
                     std::string::npos,
                 text.str().c_str());
    }

    // Kimi K3 on H100: 24 GPUs (the memory floor's whole nodes) is rejected with a reason that
    // names the engine rule; 32 is chosen.
    void kimiK3H100Rejects24() {
        Scenario s = autoScenario("kimi-k3", "h100-sxm");
        s.workload.concurrency = 1;
        s.workload.contextTokens = 8192;
        const PlanResult p = planFor(s);
        QCOMPARE(p.gpusRented, 32u);
        bool saw24 = false;
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.status == CandidateStatus::Unsupported && c.reason.rfind("24 GPUs", 0) == 0) {
                saw24 = true;
                QVERIFY(c.reason.find("not a power of two") != std::string::npos);
                QVERIFY(c.reason.find("PP across instances") != std::string::npos);
            }
        }
        QVERIFY(saw24);
    }

    // Ties and near ties within 5% are marked, and the ranking is by cost.
    void nearTiesMarked() {
        Scenario s = autoScenario("kimi-k3", "h200");
        s.workload.concurrency = 1;
        s.workload.contextTokens = 8192;
        const PlanResult p = planFor(s);
        const double best = p.search.best()->usdPerMonth;
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.status == CandidateStatus::NearTie) {
                QVERIFY(c.usdPerMonth <= best * (1 + kNearTieFraction) + 1e-6);
            }
            if (c.status == CandidateStatus::LostCost) {
                QVERIFY(c.usdPerMonth > best * (1 + kNearTieFraction));
            }
        }
    }

    // No offers for a GPU type: the GPU's own node with 1, 2, 4, 8 inside it, and the plan
    // says so.
    void fallbackWhenNoOffers() {
        QVERIFY(Catalogue::builtin().offersFor("mi325x").empty());
        const PlanResult p = planFor(autoScenario("llama-3.1-70b", "mi325x"));
        QVERIFY(p.search.fallback);
        QVERIFY(p.search.best()->offer().provider == "HostPlan fallback");
        bool said = false;
        for (const auto &w : p.warnings) {
            said = said || w.find("no rental offer") != std::string::npos;
        }
        QVERIFY(said);
    }

    // The fallback's shapes follow how the GPU is rented: a data-centre node (MI325X, 8 per
    // node) gives 1, 2, 4 unclustered and the clustered node of 8; a consumer card (RTX 3090,
    // a node of 1, clustered_rentals false) gives single machines of 1, 2, 4, 8, none
    // clustered, so no replica spans two machines.
    void fallbackShapesFollowTheRental() {
        const auto shapes = [](const std::string &id, std::uint32_t node) {
            const GpuSpec gpu = Catalogue::builtin().findGpu(id).value();
            std::vector<std::pair<std::uint32_t, bool>> out;
            for (const RentalOffer &o : fallbackOffers(gpu, node)) {
                out.emplace_back(o.gpusPerInstance.value_or(0), o.multiInstance.value_or(false));
            }
            return out;
        };
        using Shapes = std::vector<std::pair<std::uint32_t, bool>>;
        QCOMPARE(shapes("mi325x", 8), (Shapes{{1, false}, {2, false}, {4, false}, {8, true}}));
        QCOMPARE(shapes("rtx-3090", 1), (Shapes{{1, false}, {2, false}, {4, false}, {8, false}}));
        // A node size the user gives bounds the machine.
        QCOMPARE(shapes("rtx-3090", 4), (Shapes{{1, false}, {2, false}, {4, false}}));
        QVERIFY(!Catalogue::builtin().findGpu("rtx-3090").value().clusteredRentals);
        QVERIFY(Catalogue::builtin().findGpu("h100").value().clusteredRentals);

        // Llama 3.1 8B, 16 x 32k: it was planned as PP 3 over three clustered 1-GPU "nodes";
        // now every replica sits inside one machine.
        QVERIFY(Catalogue::builtin().offersFor("rtx-3090").empty());
        const PlanResult p = planFor(autoScenario("llama-3.1-8b", "rtx-3090"));
        QVERIFY(p.search.fallback);
        const LayoutCandidate *best = p.search.best();
        QVERIFY(best != nullptr);
        QVERIFY(!best->offer().multiInstance.value_or(false));
        QVERIFY(best->layout.gpuCount() <= best->offer().gpusPerInstance.value_or(0));
        QVERIFY(p.search.note.find("single machines of 1 to 8 GPUs (a card rented without") !=
                std::string::npos);
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.carries()) {
                QVERIFY(c.layout.gpuCount() <= c.offer().gpusPerInstance.value_or(0));
            }
        }
    }

    // Offers of only machines smaller than the GPU's node (H100 PCIe: three single-GPU
    // instances of a card sold in 8-GPU servers; RTX 4090: two 1-GPU instances) that carry
    // nothing do not make the type unusable: the fallback shapes are searched beside them, at
    // the catalogue rate, and the plan says so. A model that fits one of the offered machines
    // keeps the offer (no fallback).
    void smallOffersAddFallback() {
        for (const char *gpu : {"h100-pcie", "rtx-4090"}) {
            std::uint32_t largest = 0;
            for (const RentalOffer &o : Catalogue::builtin().offersFor(gpu)) {
                largest = std::max(largest, o.gpusPerInstance.value_or(0));
            }
            QCOMPARE(largest, 1u);
            const PlanResult p = planFor(autoScenario("llama-3.1-70b", gpu));
            QVERIFY2(p.search.found, gpu);
            QVERIFY(p.search.fallback);
            QCOMPARE(p.search.best()->offer().provider, std::string("HostPlan fallback"));
            QVERIFY(p.search.best()->layout.gpuCount() > 1);
            QVERIFY2(p.search.note.find("offer carries the workload and the largest holds 1 "
                                        "GPU: also searched") != std::string::npos,
                     p.search.note.c_str());
            // The real offers were searched too, and lost on memory.
            bool realSearched = false;
            const LayoutCandidate &best = *p.search.best();
            for (const LayoutCandidate &c : p.search.candidates) {
                realSearched = realSearched || c.offer().provider != "HostPlan fallback";
                // At the same cost on the same GPUs the choice serves the most (TP 8 x DP 2
                // over TP 8 x PP 2 on 16 H100 PCIe).
                if (c.carries() && c.usdPerMonth == best.usdPerMonth &&
                    c.gpusRented == best.gpusRented) {
                    QVERIFY(best.outputTokensPerMonth >= c.outputTokensPerMonth);
                }
            }
            QVERIFY(realSearched);
        }
        const PlanResult small = planFor(autoScenario("llama-3.1-8b", "h100-pcie"));
        QVERIFY(small.search.found);
        QVERIFY(!small.search.fallback);
        QVERIFY(small.search.best()->offer().provider != "HostPlan fallback");
        // A GPU type of the user's without a rate: fallback shapes would cost $0 and outbid the
        // priced offer, so they are not added; nothing carries 70B on one 80 GB card.
        Scenario own = autoScenario("llama-3.1-70b", "mine");
        GpuSpec mine = Catalogue::builtin().findGpu("h100-pcie").value();
        mine.id = "mine";
        mine.name = "Mine";
        mine.aliases.clear();
        mine.defaultUsdPerGpuHour = 0;
        mine.priceSource.clear();
        mine.priceAsOf.clear();
        own.hardware.customGpus = {mine};
        own.pricing.offers = {quotedOffer("mine-1x", "mine", 1, 0.5)};
        const PlanResult unpriced = planFor(own);
        QVERIFY(!unpriced.search.found);
        QVERIFY(!unpriced.search.fallback);
        // The text names the missing rate instead of an empty source.
        std::ostringstream text;
        writePlanText(unpriced, text);
        QVERIFY2(text.str().find("no GPU-hour rate for mine") != std::string::npos,
                 text.str().c_str());
    }

    // A user's offer (scenario pricing.offers) is searched with the built-in ones and wins when
    // cheaper; an offer for an unknown GPU id is an error naming the field.
    void userOffers() {
        Scenario s = autoScenario("llama-3.1-70b", "h100-sxm");
        s.pricing.offers.push_back(quotedOffer("my-2x-h100", "h100-sxm", 4, 1.0));
        const PlanResult p = planFor(s);
        QCOMPARE(p.search.best()->offer().id, std::string("my-2x-h100"));
        auto back = parseScenario(scenarioToJson(s));
        QVERIFY(back.ok());
        QCOMPARE(back->pricing.offers, s.pricing.offers);
        s.pricing.offers.front().gpu = "tpu-v5p";
        const auto bad = evaluate(s);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("pricing.offers[0].gpu"));
    }

    // A user offer with a catalogue offer's id replaces it (mergeOffers): the catalogue's
    // Crusoe H100 offer gives no instance shape, so the search cannot rank it; the user's copy
    // with the shape and a price is ranked, and the catalogue's version is not searched too.
    void userOfferOverridesCatalogue() {
        Scenario s = autoScenario("llama-3.1-70b", "h100-sxm");
        auto ids = [](const PlanResult &p, const std::string &id) {
            int n = 0;
            for (const LayoutCandidate &c : p.search.candidates) {
                n += c.offer().id == id;
            }
            return n;
        };
        const PlanResult before = planFor(s);
        for (const LayoutCandidate &c : before.search.candidates) {
            if (c.offer().id == "crusoe-h100-hgx") {
                QCOMPARE(c.status, CandidateStatus::NotRankable);
            }
        }
        RentalOffer o;
        for (const RentalOffer &c : Catalogue::builtin().offersFor("h100-sxm")) {
            if (c.id == "crusoe-h100-hgx") {
                o = c;
            }
        }
        QVERIFY(!o.gpusPerInstance);
        o.gpusPerInstance = 8;
        o.usdPerGpuHourOnDemand = 1.25;
        o.userEntered = true;
        s.pricing.offers.push_back(o);
        const PlanResult p = planFor(s);
        QCOMPARE(p.search.best()->offer().id, std::string("crusoe-h100-hgx"));
        QVERIFY(p.search.best()->offer().userEntered);
        QCOMPARE(p.search.best()->usdPerGpuHour, 1.25);
        QCOMPARE(p.search.best()->gpusRented, 8u); // TP 8, as on the catalogue's 8-GPU offers
        COMPARE_NEAR(p.rental.usdPerMonthScheduled,
                     8 * 1.25 * s.pricing.hoursPerMonth * s.workload.hoursPerDay / 24, 1e-6, 1e-9);
        // Every candidate on that offer id is the user's copy.
        for (const LayoutCandidate &c : p.search.candidates) {
            if (c.offer().id == "crusoe-h100-hgx") {
                QVERIFY(c.offer().userEntered);
            }
        }
        QVERIFY(ids(p, "crusoe-h100-hgx") >= 1);
        // mergeOffers on its own: replaced in place (case-insensitive id), new ones appended.
        RentalOffer a, b, c;
        a.id = "a";
        b.id = "B";
        c.id = "c";
        RentalOffer bUser = b;
        bUser.id = "b";
        bUser.userEntered = true;
        const auto merged = mergeOffers({a, b}, {bUser, c});
        QCOMPARE(merged.size(), std::size_t(3));
        QCOMPARE(merged[1].id, std::string("b"));
        QVERIFY(merged[1].userEntered);
        QCOMPARE(merged[2].id, std::string("c"));
    }

    // A search result owns the offers it was searched over: candidates share the result's
    // immutable offer table instead of copying the offer, so the caller's list, the catalogue
    // and the search itself can be replaced or freed while a plan or a candidate copied out of
    // it still reads its offer (the GUI keeps plans across offer edits and catalogue reloads).
    void resultOutlivesOffers() {
        const Scenario s = autoScenario("llama-3.1-70b", "h100-sxm");
        const Catalogue &builtin = Catalogue::builtin();
        const ModelSpec model = resolveModel(s, builtin).value();
        const GpuSpec gpu = builtin.findGpu("h100-sxm").value();
        RentalOffer o;
        o.id = "outliving-offer-with-an-id-longer-than-any-small-string";
        o.provider = "A provider whose name does not fit a small string either";
        o.gpu = "h100-sxm";
        o.gpusPerInstance = 4;
        o.usdPerGpuHourOnDemand = 0.5;
        o.source = std::string(300, 's');
        o.asOf = "2026-12-01";
        o.userEntered = true;
        auto offers = std::make_unique<std::vector<RentalOffer>>(builtin.offersFor(gpu.id));
        offers->push_back(o);
        LayoutSearch search =
            searchLayouts(model, gpu, s, *offers, 8, defaultEfficiency(s.engine.engine, gpu));
        QVERIFY(search.found);
        QCOMPARE(search.best()->offer().id, o.id);
        QCOMPARE(search.best()->usdPerGpuHour, 0.5);
        // Every candidate with an offer points into the result's own table.
        QVERIFY(search.offers);
        QCOMPARE(search.offers->size(), offers->size());
        for (const LayoutCandidate &c : search.candidates) {
            if (c.offerRef) {
                QVERIFY(c.offerRef.get() >= search.offers->data() &&
                        c.offerRef.get() < search.offers->data() + search.offers->size());
            } else {
                QCOMPARE(c.status, CandidateStatus::Unsupported);
                QVERIFY(c.offer().id.empty());
            }
        }
        // The caller's list overwritten, then freed.
        offers->assign(offers->size(), RentalOffer{});
        offers.reset();
        QCOMPARE(search.best()->offer().id, o.id);
        QCOMPARE(search.best()->offer().provider, o.provider);
        QCOMPARE(search.best()->offer().source, o.source);
        // A candidate copied out of the result outlives the result.
        const LayoutCandidate kept = *search.best();
        search = LayoutSearch{};
        QCOMPARE(kept.offer().id, o.id);
        QCOMPARE(kept.offer().source, o.source);
        QCOMPARE(*kept.offer().usdPerGpuHourOnDemand, 0.5);

        // Through a plan: the catalogue it was evaluated with is replaced and destroyed.
        Scenario withOffer = s;
        withOffer.pricing.offers.push_back(o);
        auto catalogue = std::make_unique<Catalogue>(builtin);
        PlanResult plan = evaluate(withOffer, *catalogue).value();
        *catalogue = Catalogue{};
        catalogue.reset();
        withOffer.pricing.offers.clear();
        const PlanResult copy = plan;
        plan = PlanResult{};
        QCOMPARE(copy.search.best()->offer().id, o.id);
        QCOMPARE(copy.search.best()->offer().provider, o.provider);
        QCOMPARE(copy.search.best()->offer().source, o.source);
        QCOMPARE(copy.gpusPerInstance, 4u);
    }

    // The catalogue's offers all name catalogue GPUs, carry a source and a date.
    void offersCatalogue() {
        const auto &cat = Catalogue::builtin();
        QVERIFY(cat.offers().size() >= 60);
        for (const RentalOffer &o : cat.offers()) {
            QVERIFY(cat.findGpu(o.gpu).ok());
            QVERIFY(!o.source.empty());
            QVERIFY(!o.asOf.empty());
        }
        const auto bad = parseOffers(R"({"offers": [{"id": "x", "provider": "p", "gpu": "h200",
            "source": "s", "as_of": "2026-12-01", "gpus_per_instance": 0}]})",
                                     "mine.json");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("mine.json: offers[0].gpus_per_instance"));
        // Duplicate ids are named by index, case-insensitively (as for every other list).
        const auto twice = parseOffers(R"([{"id": "x", "provider": "p", "gpu": "h200",
            "source": "s", "as_of": "2026-12-01"}, {"id": "X", "provider": "q", "gpu": "h200",
            "source": "s", "as_of": "2026-12-01"}])",
                                       "mine.json");
        QVERIFY(!twice.ok());
        QCOMPARE(twice.error().field, std::string("mine.json: offers[1].id"));
        // as_of is a date, as price entries' are, with a day its month has.
        for (const std::string date : {"banana", "2025-02-31", "2026-13"}) {
            const std::string text = "[{\"id\": \"x\", \"provider\": \"p\", \"gpu\": \"h200\", "
                                     "\"source\": \"s\", \"as_of\": \"" +
                                     date + "\"}]";
            const auto undated = parseOffers(text, "mine.json");
            QVERIFY(!undated.ok());
            QCOMPARE(undated.error().toString(), "mine.json: offers[0].as_of: '" + date +
                                                     "' is not a date (YYYY-MM-DD or YYYY-MM)");
        }
        QVERIFY(isPriceDate("2024-02-29"));
        QVERIFY(!isPriceDate("2025-02-29"));
        QVERIFY(isPriceDate("2026-04-30") && !isPriceDate("2026-04-31"));
    }

    // A dense model across instances runs TP inside an instance x PP across them; with
    // speculative decoding on an engine that refuses it at PP > 1 (SGLang v0.5) the replica
    // runs TP over all its GPUs instead, and a vLLM 0.19 plan keeps PP.
    void speculationAvoidsPipeline() {
        const auto model = Catalogue::builtin().loadModel("llama-3.1-70b").value();
        const GpuSpec gpu = Catalogue::builtin().findGpu("h100-sxm").value();
        RentalOffer o;
        o.id = "pairs";
        o.provider = "Mine";
        o.gpu = gpu.id;
        o.gpusPerInstance = 2;
        o.multiInstance = true;
        o.usdPerGpuHourOnDemand = 2.0;
        o.source = "quote";
        o.asOf = "2026-12-01";
        Scenario s = autoScenario("llama-3.1-70b", "h100-sxm");
        s.engine.engine = Engine::Sglang;
        s.workload.concurrency = 8;
        auto layoutOf = [&](const Scenario &sc) {
            const LayoutSearch r =
                searchLayouts(model, gpu, sc, {o}, 8, defaultEfficiency(sc.engine.engine, gpu));
            if (!r.found) {
                qFatal("%s", r.noneReason.c_str());
            }

            return r.best()->layout;
        };
        // The monthly output needs 8 GPUs: two replicas of TP 2 x PP 2 without speculation;
        // with it no PP: two replicas of TP 4 (one TP 8 over the four instances costs the same
        // and serves less).
        const Parallelism plain = layoutOf(s);
        QCOMPARE(plain.tp, 2u);
        QCOMPARE(plain.pp, 2u);
        s.workload.speculativeTokens = 3;
        const Parallelism spec = layoutOf(s);
        QCOMPARE(spec.pp, 1u);
        QCOMPARE(spec.tp, 4u);
        // vLLM 0.19 composes the two: its plan keeps pipeline stages (one replica of TP 2 x
        // PP 4 here, the speculative decode carrying the output on fewer replicas).
        s.engine.engine = Engine::Vllm;
        s.engine.vllmVersion = VllmProfile::V1v19;
        QVERIFY(layoutOf(s).pp > 1);
    }

    // Options that cannot serve the workload are marked (Kimi K3 on RTX cards).
    void cannotServeMarked() {
        const Scenario s = autoScenario("kimi-k3", "b300");
        const auto model = Catalogue::builtin().loadModel("kimi-k3").value();
        for (const GpuOption &o : gpuOptions(s, Catalogue::builtin(), model)) {
            if (o.gpu.id == "rtx-4090" || o.gpu.id == "l40s") {
                QVERIFY(!o.canServe);
                QVERIFY(!o.cannotServeReason.empty());
                QCOMPARE(o.pilot.low, 0u);
            }
            if (o.gpu.id == "b300") {
                QVERIFY(o.canServe);
                QCOMPARE(o.pilot.low, 8u);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"
