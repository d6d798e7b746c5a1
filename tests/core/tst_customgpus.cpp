// SPDX-License-Identifier: MIT
// A user's own GPU types (hardware.custom_gpus, --gpu-file, the hardware panel's "Add GPU
// types..."): the gpus.json entry schema with its compute capability, the merge into the
// catalogue (a new id added, a catalogue id replaced, a clashing name refused), plans on a
// custom type equal to the same figures under a catalogue id, and the kernel rules that read
// the compute capability (vLLM's MXFP4 MoE backend: Marlin below 9.0).
#include "catalogue/catalogue.h"
#include "engine/enginememory.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "scenario/scenario.h"
#include "sizing/layout.h"
#include "testutil.h"
#include "util/units.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

using namespace hostplan;

namespace {

/// The catalogue's H100 SXM entry as a user's own type `id` (no aliases, its own name).
nlohmann::json h100As(const std::string &id) {
    nlohmann::json o = gpuToJson(Catalogue::builtin().findGpu("h100-sxm").value());
    o["id"] = id;
    o["name"] = "My " + id;
    o["aliases"] = nlohmann::json::array();
    return o;
}

GpuSpec parsed(const nlohmann::json &o) {
    auto g = parseGpuEntry(o, "test");
    return g.ok() ? g.value() : GpuSpec{};
}

/// The error of parseGpuEntry on `o` ("" when it parses).
std::string entryError(const nlohmann::json &o) {
    const auto g = parseGpuEntry(o, "gpus[0]");
    return g.ok() ? std::string() : g.error().toString();
}

/// Llama 3.1 70B in FP8 on 8 GPUs of `gpu` (TP 8), 32 sequences of 8k, under vLLM.
Scenario llama70b(const std::string &gpu) {
    Scenario s = defaultScenario();
    s.model.ref = "llama-3.1-70b";
    s.model.weightsFormat = formats::fp8;
    s.hardware.gpu = gpu;
    s.hardware.gpuCount = 8;
    s.hardware.tp = 8;
    s.engine.engine = Engine::Vllm;
    s.workload.contextTokens = 8192;
    s.workload.concurrency = 32;
    s.pricing.usdPerGpuHour = 2.0;
    return s;
}

} // namespace

class TestCustomGpus : public QObject {
    Q_OBJECT
  private slots:
    void everyCatalogueEntryRoundTrips() {
        // gpuToJson is parseGpuEntry's inverse: a scenario saves a custom type and reads it
        // back unchanged (rates and the compute capability included).
        for (const GpuSpec &g : Catalogue::builtin().gpus()) {
            const auto back = parseGpuEntry(gpuToJson(g), g.id);
            QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
            QVERIFY2(back.value() == g, g.id.c_str());
        }
    }

    void computeCapabilityFromTheCatalogue() {
        const auto &c = Catalogue::builtin();
        QCOMPARE(c.findGpu("h100-sxm")->computeCapability, 90u);
        QCOMPARE(c.findGpu("b300")->computeCapability, 103u);
        QCOMPARE(c.findGpu("rtx-pro-6000")->computeCapability, 120u);
        QCOMPARE(c.findGpu("l4")->computeCapability, 89u);
        QCOMPARE(c.findGpu("a100-80gb")->computeCapability, 80u);
        QCOMPARE(c.findGpu("mi300x")->computeCapability, 0u); // AMD: none
        for (const GpuSpec &g : c.gpus()) {
            if (g.vendor == "NVIDIA") {
                QVERIFY2(g.computeCapability >= 70 && !g.computeCapabilitySource.empty() &&
                             !g.computeCapabilityAsOf.empty(),
                         g.id.c_str());
            }
        }
    }

    void malformedEntriesNameTheField_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value"); // JSON text; "-" removes the key
        QTest::addColumn<QString>("error");
        QTest::newRow("cc missing") << "compute_capability"
                                    << "-"
                                    << "gpus[0].compute_capability: missing";
        QTest::newRow("cc number") << "compute_capability"
                                   << "9.0"
                                   << "gpus[0].compute_capability: must be \"major.minor\"";
        QTest::newRow("cc no minor") << "compute_capability"
                                     << "\"9\""
                                     << "gpus[0].compute_capability: must be";
        QTest::newRow("cc two minor digits") << "compute_capability"
                                             << "\"9.10\""
                                             << "gpus[0].compute_capability: must be";
        QTest::newRow("cc letters") << "compute_capability"
                                    << "\"x.y\""
                                    << "gpus[0].compute_capability: must be";
        QTest::newRow("cc zero") << "compute_capability"
                                 << "\"0.5\""
                                 << "gpus[0].compute_capability: major version must be 1";
        QTest::newRow("cc without source") << "compute_capability_source"
                                           << "-"
                                           << "gpus[0].compute_capability_source";
        QTest::newRow("vendor") << "vendor"
                                << "\"Intel\""
                                << "gpus[0].vendor: must be NVIDIA or AMD";
        QTest::newRow("id with a slash") << "id"
                                         << "\"../h100\""
                                         << "gpus[0].id: must be 1 to 64 of a-z";
        QTest::newRow("upper-case id") << "id"
                                       << "\"H100\""
                                       << "gpus[0].id: must be 1 to 64 of a-z";
        QTest::newRow("memory") << "memory_gb"
                                << "0"
                                << "gpus[0].memory_gb";
        QTest::newRow("usable memory NaN-like") << "usable_memory_gib"
                                                << "\"lots\""
                                                << "gpus[0].usable_memory_gib";
        QTest::newRow("rate without source") << "usd_per_gpu_hour"
                                             << "1.5"
                                             << "gpus[0].price_source";
        QTest::newRow("mistyped key") << "usd_per_gpu_hours"
                                      << "1.5"
                                      << "gpus[0].usd_per_gpu_hours: unknown key";
        QTest::newRow("usable above advertised") << "usable_memory_gib"
                                                 << "1000"
                                                 << "gpus[0].usable_memory_gib: 1000 GiB is more "
                                                    "than memory_gb (80)";
        QTest::newRow("MXFP4 without FP4") << "native_mxfp4"
                                           << "true"
                                           << "gpus[0].native_mxfp4: true needs FP4";
        QTest::newRow("date") << "as_of"
                              << "\"yesterday\""
                              << "gpus[0].as_of: must be a date";
        QTest::newRow("cc 99.9") << "compute_capability"
                                 << "\"99.9\""
                                 << "gpus[0].compute_capability: major version must be 1 to 15";
        QTest::newRow("long source") << "source" << ("\"" + QString(5000, QLatin1Char('x')) + "\"")
                                     << "gpus[0].source: too long: 5000 bytes";
        // 0 GB/s is a single card's figure (gpus_per_node 1); an 8-GPU node needs a link.
        QTest::newRow("no link in a node") << "interconnect_gb_per_s"
                                           << "0"
                                           << "gpus[0].interconnect_gb_per_s: must be between 0.1 "
                                              "and 100000.0 for a node of 8 GPUs (0 only with "
                                              "gpus_per_node 1)";
        QTest::newRow("empty alias") << "aliases"
                                     << "[\"---\"]"
                                     << "gpus[0].aliases[0]: must hold a letter or digit";
    }
    void malformedEntriesNameTheField() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, error);
        nlohmann::json o = h100As("my-card");
        o.erase("usd_per_gpu_hour");
        o.erase("price_source");
        o.erase("price_as_of");
        if (value == "-") {
            o.erase(key.toStdString());
        } else {
            o[key.toStdString()] = nlohmann::json::parse(value.toStdString());
        }
        const std::string e = entryError(o);
        QVERIFY2(e.find(error.toStdString()) != std::string::npos, e.c_str());
    }
    // A desktop card or an APU has no GPU-to-GPU link: interconnect 0 with one GPU per node
    // loads, and plans run on it (no all-reduce at TP 1).
    void singleCardWithoutLink() {
        nlohmann::json o = h100As("one-card");
        o["gpus_per_node"] = 1; // a signed integer, as code builds it
        o["interconnect_gb_per_s"] = 0;
        const std::string e = entryError(o);
        QVERIFY2(e.empty(), e.c_str());
        QCOMPARE(parsed(o).interconnectBytesPerS, 0.0);
        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-8b";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "one-card";
        s.hardware.gpuCount = 1;
        s.hardware.customGpus = {parsed(o)};
        const auto r = evaluate(s);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const PlanResult &p = r.value();
        QVERIFY(p.fit.serves());
        QVERIFY(std::isfinite(p.throughput.capacity.outputTokensPerSecond) &&
                p.throughput.capacity.outputTokensPerSecond > 0);
    }

    void amdHasNoComputeCapability() {
        nlohmann::json o = gpuToJson(Catalogue::builtin().findGpu("mi300x").value());
        QVERIFY(entryError(o).empty());
        o["compute_capability"] = "9.4";
        QVERIFY(entryError(o).find("only NVIDIA GPUs") != std::string::npos);
    }

    void fileSchemaAndLimits() {
        const auto one = parseGpuFile(
            nlohmann::json{{"gpus", nlohmann::json::array({h100As("a")})}}.dump(), "mine.json");
        QVERIFY(one.ok());
        QCOMPARE(one->size(), std::size_t(1));
        const auto bare = parseGpuFile("[]", "mine.json");
        QVERIFY(!bare.ok());
        QVERIFY(bare.error().toString().starts_with("mine.json: gpus"));
        const auto none = parseGpuFile(R"({"gpus": []})", "mine.json");
        QVERIFY(!none.ok());
        QCOMPARE(none.error().toString(),
                 std::string("mine.json: gpus: lists no GPU types (give at least one)"));
        nlohmann::json many = nlohmann::json::array();
        for (std::size_t i = 0; i <= kMaxUserGpus; ++i) {
            many.push_back(h100As("c" + std::to_string(i)));
        }
        const auto tooMany = parseGpuFile(nlohmann::json{{"gpus", many}}.dump(), "many.json");
        QVERIFY(!tooMany.ok());
        QVERIFY(tooMany.error().toString().find("at most 64") != std::string::npos);
        // An alias is kept to one line; a rate of -0 is 0 (it printed "$-0.00").
        nlohmann::json odd = h100As("c");
        odd["aliases"] = {"lab\ncard"};
        odd["usd_per_gpu_hour"] = -0.0;
        odd["price_source"] = "ours";
        odd["price_as_of"] = "2026-12";
        const GpuSpec oddGpu = parsed(odd);
        QCOMPARE(oddGpu.aliases.size(), std::size_t(1));
        QVERIFY(oddGpu.aliases[0].find('\n') == std::string::npos);
        QVERIFY(!std::signbit(oddGpu.defaultUsdPerGpuHour));
        // The same id twice in one list is a slip: which entry was meant?
        nlohmann::json twice = nlohmann::json::array({h100As("a"), h100As("b"), h100As("a")});
        const auto duplicate = parseGpuList(twice, "gpus");
        QVERIFY(!duplicate.ok());
        QCOMPARE(QString::fromStdString(duplicate.error().toString()),
                 "gpus[2].id: duplicate id 'a' (also gpus[0])");
    }

    void mergedIntoTheCatalogue() {
        const auto &builtin = Catalogue::builtin();
        GpuSpec mine = parsed(h100As("my-card"));
        mine.aliases = {"workstation 9000"};
        const auto merged = builtin.withGpus({mine}, "hardware.custom_gpus");
        QVERIFY(merged.ok());
        QCOMPARE(merged->gpus().size(), builtin.gpus().size() + 1);
        QCOMPARE(QString::fromStdString(merged->findGpu("Workstation-9000")->id), "my-card");
        // The catalogue's own names still find the catalogue's types.
        QCOMPARE(QString::fromStdString(merged->findGpu("h100")->id), "h100-sxm");

        // Same id: the user's measured figures replace the catalogue's.
        GpuSpec measured = builtin.findGpu("h100-sxm").value();
        measured.usableMemoryBytes = std::uint64_t(75.0 * kBytesPerGiB);
        const auto replaced = builtin.withGpus({measured}, "hardware.custom_gpus");
        QCOMPARE(replaced->gpus().size(), builtin.gpus().size());
        QCOMPARE(replaced->findGpu("h100")->usableMemoryBytes, measured.usableMemoryBytes);

        // A name that already names another type would make --gpu depend on catalogue order.
        GpuSpec clash = mine;
        clash.aliases = {"workstation 9000", "H200"};
        const auto refused = builtin.withGpus({clash}, "hardware.custom_gpus");
        QVERIFY(!refused.ok());
        QCOMPARE(QString::fromStdString(refused.error().toString()),
                 "hardware.custom_gpus[0].aliases[1]: 'H200' already names GPU 'h200'");
        GpuSpec idClash = mine;
        idClash.id = "h100"; // an alias of h100-sxm
        QVERIFY(!builtin.withGpus({idClash}, "g").ok());
        // "none" is --gpu none (a llama.cpp plan without a GPU), whichever field says it.
        GpuSpec none = mine;
        none.aliases = {"NONE"};
        const auto reserved = builtin.withGpus({none}, "g");
        QVERIFY(!reserved.ok());
        QCOMPARE(QString::fromStdString(reserved.error().toString()),
                 "g[0].aliases[0]: 'NONE' is reserved: --gpu none plans without a GPU");
    }

    void aCustomTypePlansLikeTheSameFiguresInTheCatalogue() {
        // The catalogue's H100 under another id: every memory and speed figure is the same.
        Scenario custom = llama70b("my-h100");
        custom.hardware.customGpus = {parsed(h100As("my-h100"))};
        const auto a = evaluate(llama70b("h100-sxm"));
        const auto b = evaluate(custom);
        QVERIFY2(b.ok(), b.ok() ? "" : b.error().toString().c_str());
        QCOMPARE(QString::fromStdString(b->gpu.id), "my-h100");
        auto ja = nlohmann::json::parse(planToJsonText(a.value()));
        auto jb = nlohmann::json::parse(planToJsonText(b.value()));
        QVERIFY(ja["memory"] == jb["memory"]);
        QVERIFY(ja["startup"] == jb["startup"]);
        // The same central speed; the error band is the one for a GPU type outside the
        // calibration rows (widened), as HostPlan has measured nothing on the user's type.
        auto &ca = ja["throughput"]["capacity"];
        auto &cb = jb["throughput"]["capacity"];
        QVERIFY(ca["band"]["calibrated_gpu"].get<bool>());
        QVERIFY(!cb["band"]["calibrated_gpu"].get<bool>());
        QVERIFY(cb["band"]["low"].get<double>() < ca["band"]["low"].get<double>());
        QVERIFY(cb["band"]["high"].get<double>() > ca["band"]["high"].get<double>());
        for (const char *banded :
             {"band", "serving_output_tokens_per_second_range", "output_tokens_per_month_range",
              "users_served_range", "usd_per_mtok_output_range"}) {
            ca.erase(banded);
            cb.erase(banded);
        }
        QVERIFY(ja["throughput"] == jb["throughput"]);
        QVERIFY(jb["memory"]["kv_capacity_bytes_per_gpu"].get<double>() > 0);
        // Saved and read back, the scenario keeps the type.
        const auto back = parseScenario(scenarioToJson(custom));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(back->hardware.customGpus == custom.hardware.customGpus);
        QCOMPARE(QString::fromStdString(scenarioGpu(back.value())->name), "My my-h100");
    }

    void measuredFiguresChangeThePlan() {
        // A user's H100 with 70 GiB usable (another process holds the rest): less KV cache.
        Scenario s = llama70b("h100-sxm");
        GpuSpec h100 = Catalogue::builtin().findGpu("h100-sxm").value();
        const auto plan = evaluate(s);
        const std::uint64_t full = plan->startup.kvTokens;
        const double lessBytes = double(h100.usableMemoryBytes) - 70.0 * kBytesPerGiB;
        h100.usableMemoryBytes = std::uint64_t(70.0 * kBytesPerGiB);
        s.hardware.customGpus = {h100};
        const std::uint64_t less = evaluate(s)->startup.kvTokens;
        QVERIFY2(less < full, (std::to_string(less) + " vs " + std::to_string(full)).c_str());
        // The lost memory x vLLM's fraction, over the KV cell of 80 layers x 1 KV head per GPU
        // (8 over TP 8) x 128 x 2 (K and V) x 2 bytes (FP8 weights keep a bf16 KV cache).
        const double cell = 80.0 * 1 * 128 * 2 * 2;
        const double expected = lessBytes * plan->memory.memoryFraction / cell;
        QVERIFY2(std::abs(double(full - less) - expected) / expected < 0.02,
                 (std::to_string(full - less) + " vs " + std::to_string(expected)).c_str());
    }

    // A user's GPU type with no usd_per_gpu_hour is priced by HostPlan's fallback offers at
    // $0: that is an unknown rate, not a free GPU, so the plan makes no API decision and names
    // no break-even or heavy-user count; a rate the user types as 0 stays free.
    void aTypeWithoutARateDecidesNothing() {
        nlohmann::json o = h100As("my-h100");
        o.erase("usd_per_gpu_hour");
        o.erase("price_source");
        o.erase("price_as_of");
        Scenario s = llama70b("my-h100");
        s.hardware.customGpus = {parsed(o)};
        s.hardware.gpuCount = 0; // the layout search picks the count and the fallback offer
        s.hardware.tp = 0;
        s.pricing.usdPerGpuHour.reset();
        const auto p = evaluate(s);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->usdPerGpuHour, 0.0);
        QVERIFY(p->apiPriced);
        QVERIFY(gpuRateUnknown(*p));
        QCOMPARE(recommend(*p), Recommendation::NoGpuPrice);
        QCOMPARE(breakEvenVerdict(*p).kind, BreakEvenKind::NoGpuPrice);
        QCOMPARE(heavyUserVerdict(*p).kind, HeavyUserKind::NoGpuPrice);
        std::ostringstream text;
        writePlanText(*p, text, "2026-12-06");
        for (const char *line : {"recommendation: No GPU price (no GPU-hour rate for my-h100",
                                 "Break-even unknown: no GPU-hour rate for my-h100",
                                 "Heavy users unknown: no GPU-hour rate for my-h100"}) {
            QVERIFY2(text.str().find(line) != std::string::npos, line);
        }
        const auto j = nlohmann::json::parse(planToJsonText(*p));
        QCOMPARE(j["decision"]["recommendation"].get<std::string>(), "no_gpu_price");
        // Typed as 0 (owned GPUs whose cost the user leaves out): free, and decided.
        s.pricing.usdPerGpuHour = 0.0;
        const auto typed = evaluate(s);
        QVERIFY(typed.ok());
        QVERIFY(!gpuRateUnknown(*typed));
        QCOMPARE(recommend(*typed), Recommendation::Dedicated);
    }

    void aScenarioClashNamesTheField() {
        nlohmann::json doc = nlohmann::json::parse(scenarioToJson(llama70b("h100-sxm")));
        nlohmann::json g = h100As("mine");
        g["aliases"] = {"gb200"};
        doc["hardware"]["custom_gpus"] = nlohmann::json::array({g});
        const auto r = parseScenario(doc.dump());
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().toString()),
                 "hardware.custom_gpus[0].aliases[0]: 'gb200' already names GPU 'gb200'");
        doc["hardware"]["custom_gpus"] = {{{"id", "x"}}};
        const auto missing = parseScenario(doc.dump());
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().toString().starts_with("hardware.custom_gpus[0].name"));
    }

    void gpuTypeOptionsIncludeTheUsersTypes() {
        Scenario s = llama70b("h100-sxm");
        s.hardware.customGpus = {parsed(h100As("my-h100"))};
        const auto model = resolveModel(s, Catalogue::builtin()).value();
        const auto options = gpuOptions(s, Catalogue::builtin(), model);
        QCOMPARE(options.size(), Catalogue::builtin().gpus().size() + 1);
        const auto mine = std::find_if(options.begin(), options.end(),
                                       [](const GpuOption &o) { return o.gpu.id == "my-h100"; });
        QVERIFY(mine != options.end());
        QVERIFY2(mine->error.empty(), mine->error.c_str());
    }

    // The GB10 (DGX Spark): one memory for CPU and GPU. Its entry round-trips with the
    // unified-memory fields; unified_memory needs its source and a free figure within the
    // usable memory. vLLM refuses a --gpu-memory-utilization above the free share at start
    // (0.90 x 121.69 GiB asked, 101.3 free: the fix is 0.83), and every engine's plan says the
    // pool is an upper bound.
    void unifiedMemoryGb10() {
        const GpuSpec gb10 = Catalogue::builtin().findGpu("dgx-spark").value();
        QCOMPARE(gb10.id, std::string("gb10"));
        QVERIFY(gb10.unifiedMemory);
        QCOMPARE(gb10.unifiedFreeBytes, std::uint64_t(101.3 * kBytesPerGiB + 0.5));
        QCOMPARE(parsed(gpuToJson(gb10)), gb10);
        nlohmann::json noSource = gpuToJson(gb10);
        noSource.erase("unified_memory_source");
        QVERIFY2(entryError(noSource).find("gpus[0].unified_memory_source") != std::string::npos,
                 entryError(noSource).c_str());
        nlohmann::json tooFree = gpuToJson(gb10);
        tooFree["unified_memory_free_gib"] = 200;
        QVERIFY2(entryError(tooFree).find("gpus[0].unified_memory_free_gib") != std::string::npos,
                 entryError(tooFree).c_str());

        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-8b";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "gb10";
        s.hardware.gpuCount = 1;
        s.engine.engine = Engine::Vllm;
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 4;
        const auto asked = evaluate(s);
        QVERIFY2(asked.ok(), asked.ok() ? "" : asked.error().toString().c_str());
        QCOMPARE(asked->startup.outcome, StartupOutcome::ArgumentsRefused);
        QVERIFY2(asked->startup.message.find("on startup is less than desired GPU memory "
                                             "utilization") != std::string::npos,
                 asked->startup.message.c_str());
        QVERIFY(std::any_of(asked->startup.fixes.begin(), asked->startup.fixes.end(),
                            [](const FlagChange &f) {
                                return f.flag == "--gpu-memory-utilization" && f.value == "0.83";
                            }));
        s.engine.memoryFraction = 0.8;
        const auto fits = evaluate(s);
        QVERIFY(fits.ok());
        QCOMPARE(fits->startup.outcome, StartupOutcome::Starts);
        QVERIFY(std::any_of(fits->warnings.begin(), fits->warnings.end(), [](const auto &w) {
            return w.find("shares its memory with the host") != std::string::npos;
        }));
        // The search's fallback machines of a DGX Spark hold one GB10 each (a consumer card's
        // go up to 8 cards a machine).
        s.hardware.gpuCount = 0;
        const auto searched = evaluate(s);
        QVERIFY(searched.ok() && !searched->search.candidates.empty());
        for (const LayoutCandidate &c : searched->search.candidates) {
            QVERIFY(c.offerRef && c.offer().gpusPerInstance == 1u);
        }
        s.hardware.gpuCount = 1;
        // A discrete GPU of the same size has neither.
        s.hardware.gpu = "h100-sxm";
        const auto discrete = evaluate(s);
        QVERIFY(discrete.ok());
        const std::vector<std::string> warnings = discrete->warnings;
        QVERIFY(std::none_of(warnings.begin(), warnings.end(), [](const std::string &w) {
            return w.find("shares its memory") != std::string::npos;
        }));
    }

    void mxfp4MoeKernelByComputeCapability_data() {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<bool>("marlin");
        // vLLM picks Marlin for MXFP4 experts below SM 9.0 (Ampere and Ada), Triton on Hopper
        // and later; the Ada cards are known by compute capability 8.9, not by name.
        QTest::newRow("A100 8.0") << "a100-80gb" << true;
        QTest::newRow("A10 8.6") << "a10" << true;
        QTest::newRow("L4 8.9") << "l4" << true;
        QTest::newRow("RTX 6000 Ada 8.9") << "rtx-6000-ada" << true;
        QTest::newRow("L40S 8.9") << "l40s" << true;
        QTest::newRow("H100 9.0") << "h100-sxm" << false;
        QTest::newRow("B200 10.0") << "b200" << false;
        QTest::newRow("MI300X") << "mi300x" << false;
    }
    void mxfp4MoeKernelByComputeCapability() {
        QFETCH(QString, gpu);
        QFETCH(bool, marlin);
        const GpuSpec g = Catalogue::builtin().findGpu(gpu.toStdString()).value();
        QCOMPARE(vllmMoeKernel(g, MoeKernel::Auto) == MoeKernel::Marlin, marlin);
        QCOMPARE(hopperGpu(g), g.computeCapability == 90);
    }
};

QTEST_GUILESS_MAIN(TestCustomGpus)
#include "tst_customgpus.moc"
