// SPDX-License-Identifier: MIT
// API price tiers, batch prices and ranges (issue 20, second part): the context-length tier a
// workload's prompt length falls in, the batch price of an offline workload (pricing.api_batch),
// a price's published range carried to the API bill and the break-even volume, and the price
// list fields that describe them, refused with the field named when malformed.
#include "plantestutil.h"
#include "catalogue/pricelist.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>

#include <cmath>

using namespace hostplan;

namespace {

/// gpt-oss-120b on H200 (count on auto), comparing with the API price `pinned`.
Scenario pinnedTo(const std::string &model, const std::string &pinned) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.hardware = HardwareChoice{};
    s.hardware.gpu = "h200";
    s.pricing.apiPriceId = pinned;
    return s;
}

ApiPrice catalogueEntry(const std::string &id) {
    auto p = Catalogue::builtin().findApiPrice(id);
    if (!p.ok()) {
        qFatal("findApiPrice %s: %s", id.c_str(), p.error().toString().c_str());
    }
    return p.value();
}

/// The workload's bill at `p` (defaultScenario: 2e9 input, 1e9 cached, 5e8 output a month).
double defaultBill(const ApiPrice &p) {
    return 2e3 * p.inputUsdPerMTok + 1e3 * p.cachedInputUsdPerMTok + 5e2 * p.outputUsdPerMTok;
}

} // namespace

class TestApiPriceTiers : public QObject {
    Q_OBJECT
  private slots:
    // Alibaba's Qwen3-Coder-480B tiers (catalogue, via models.dev): 1.5/7.5 up to 32,000
    // prompt tokens, then 2.7/13.5, above 128,000 4.5/22.5, above 256,000 9/90.
    void tierAtBoundaries_data() {
        QTest::addColumn<qulonglong>("prompt");
        QTest::addColumn<int>("tier"); // -1 = base prices
        QTest::addColumn<double>("input");
        QTest::addColumn<double>("output");
        QTest::newRow("noPrompt") << 0ull << -1 << 1.5 << 7.5;
        QTest::newRow("belowFirst") << 31999ull << -1 << 1.5 << 7.5;
        QTest::newRow("atFirst") << 32000ull << -1 << 1.5 << 7.5;
        QTest::newRow("aboveFirst") << 32001ull << 0 << 2.7 << 13.5;
        QTest::newRow("atSecond") << 128000ull << 0 << 2.7 << 13.5;
        QTest::newRow("aboveSecond") << 128001ull << 1 << 4.5 << 22.5;
        QTest::newRow("aboveLast") << 1000000ull << 2 << 9.0 << 90.0;
    }
    void tierAtBoundaries() {
        QFETCH(qulonglong, prompt);
        QFETCH(int, tier);
        QFETCH(double, input);
        QFETCH(double, output);
        const ApiPrice entry = catalogueEntry("qwen3-coder-480b-a35b-alibaba");
        QCOMPARE(entry.tiers.size(), std::size_t(3));
        const BilledApiPrice b = billedApiPrice(entry, prompt, false);
        QCOMPARE(b.tier.has_value(), tier >= 0);
        if (tier >= 0) {
            QCOMPARE(int(*b.tier), tier);
        }
        QCOMPARE(b.price.inputUsdPerMTok, input);
        QCOMPARE(b.price.cachedInputUsdPerMTok, input); // no cached price: the input price
        QCOMPARE(b.price.outputUsdPerMTok, output);
        QVERIFY(!b.batch);
    }

    // The plan bills every token at the tier of its prompt length and says which tier.
    void planUsesTheWorkloadsTier() {
        Scenario s = pinnedTo("gpt-oss-120b", "qwen3-coder-480b-a35b-alibaba");
        s.workload.contextTokens = 65536;
        s.workload.inputTokensPerRequest = 40000;
        s.workload.outputTokensPerRequest = 1000;
        const PlanResult p = planOf(s);
        QCOMPARE(p.apiPromptTokens, std::uint64_t(40000));
        QVERIFY(p.apiTier);
        QCOMPARE(p.apiTier->abovePromptTokens, std::uint64_t(32000));
        QCOMPARE(p.api.inputUsdPerMTok, 2.7);
        QCOMPARE(p.api.outputUsdPerMTok, 13.5);
        COMPARE_NEAR(p.apiUsdPerMonth, 14850.0, 1e-9, 1e-12); // 2e3 x 2.7 + 1e3 x 2.7 + 5e2 x 13.5
        // A shorter prompt stays on the base prices.
        s.workload.inputTokensPerRequest = 20000;
        const PlanResult shorter = planOf(s);
        QVERIFY(!shorter.apiTier);
        COMPARE_NEAR(shorter.apiUsdPerMonth, 8250.0, 1e-9, 1e-12); // 3e3 x 1.5 + 5e2 x 7.5
    }

    // Fireworks bills batch inference at 50% of serverless; only with pricing.api_batch.
    void batchPriceOnlyWhenSwitchedOn() {
        const ApiPrice fw = catalogueEntry("gpt-oss-120b-fireworks");
        QCOMPARE(fw.batchDiscount.value_or(0), 0.5);
        Scenario s = pinnedTo("gpt-oss-120b", "gpt-oss-120b-fireworks");
        const PlanResult standard = planOf(s);
        QVERIFY(!standard.apiBatch);
        QCOMPARE(standard.api.inputUsdPerMTok, 0.15);
        QCOMPARE(standard.api.cachedInputUsdPerMTok, 0.015);
        QCOMPARE(standard.api.outputUsdPerMTok, 0.6);
        s.pricing.apiBatch = true;
        const PlanResult batch = planOf(s);
        QVERIFY(batch.apiBatch);
        QCOMPARE(batch.api.inputUsdPerMTok, 0.075);
        QCOMPARE(batch.api.cachedInputUsdPerMTok, 0.0075);
        QCOMPARE(batch.api.outputUsdPerMTok, 0.3);
        COMPARE_NEAR(batch.apiUsdPerMonth, 307.5, 1e-9, 1e-12);
        COMPARE_NEAR(batch.apiUsdPerMonth, standard.apiUsdPerMonth / 2, 1e-9, 1e-12);
        // Half the API price: twice the break-even volume (before the capacity limit).
        COMPARE_NEAR(decisionRanges(batch).breakEvenTokensPerMonth,
                     2 * decisionRanges(standard).breakEvenTokensPerMonth, 0, 1e-12);
        // A price typed beside the entry is taken as typed, and the plan says the discount
        // covers the entry's own classes only.
        Scenario typed = s;
        typed.pricing.apiOutputUsdPerMTok = 0.6;
        const PlanResult t = planOf(typed);
        QCOMPARE(t.api.outputUsdPerMTok, 0.6);
        QCOMPARE(t.api.inputUsdPerMTok, 0.075);
        QVERIFY(std::any_of(t.warnings.begin(), t.warnings.end(), [](const std::string &w) {
            return w.find("a price typed in (api_*_usd_per_mtok) is taken as typed") !=
                   std::string::npos;
        }));
        // A provider without a published batch price keeps its standard prices.
        s.pricing.apiPriceId = "gpt-oss-120b-groq";
        const PlanResult groq = planOf(s);
        QVERIFY(!groq.apiBatch);
        QCOMPARE(groq.api.outputUsdPerMTok, 0.6);
        QCOMPARE(groq.api.inputUsdPerMTok, 0.15);
        // The alternatives are billed the same way and say so.
        for (const ApiAlternative &a : groq.apiAlternatives) {
            QCOMPARE(a.billed.batch, a.price.batchDiscount.has_value());
            COMPARE_NEAR(a.usdPerMonth, defaultBill(a.billed.price), 1e-9, 1e-12);
        }
        // The switch survives save and load.
        auto again = parseScenario(scenarioToJson(s));
        QVERIFY(again.ok());
        QVERIFY(again->pricing.apiBatch);
    }

    // DeepSeek's early-2025 V3 list with its off-peak half price as the low end.
    void rangeGivesBreakEvenRange() {
        const PlanResult p = planOf(pinnedTo("deepseek-v3", "deepseek-v3-deepseek-early2025"));
        QCOMPARE(p.apiLow.inputUsdPerMTok, 0.135);
        QCOMPARE(p.apiLow.cachedInputUsdPerMTok, 0.035);
        QCOMPARE(p.apiLow.outputUsdPerMTok, 0.55);
        QCOMPARE(p.apiHigh.outputUsdPerMTok, 1.1);
        const DecisionRanges r = decisionRanges(p);
        COMPARE_NEAR(r.apiUsdPerMonth.low, 580.0, 1e-9, 1e-12);
        COMPARE_NEAR(r.apiUsdPerMonth.value, 1160.0, 1e-9, 1e-12);
        COMPARE_NEAR(r.apiUsdPerMonth.high, 1160.0, 1e-9, 1e-12);
        const RangedValue &be = r.breakEvenTokensPerMonthRange;
        COMPARE_NEAR(be.value, p.rental.usdPerMonthScheduled / (1160.0 / 5e8), 0, 1e-12);
        COMPARE_NEAR(be.low, be.value, 0, 1e-12); // the dear end is the listed price
        COMPARE_NEAR(be.high, 2 * be.value, 0, 1e-12);
        // Without a range the three agree.
        const DecisionRanges flat =
            decisionRanges(planOf(pinnedTo("deepseek-v3", "deepseek-v3-fireworks")));
        QCOMPARE(flat.apiUsdPerMonth.low, flat.apiUsdPerMonth.high);
        QCOMPARE(flat.breakEvenTokensPerMonthRange.low, flat.breakEvenTokensPerMonthRange.high);
    }

    // A range that straddles the plan's capacity is too close to call; one on either side not.
    void rangeAgainstCapacity() {
        const PlanResult base = planOf(pinnedTo("gpt-oss-120b", "gpt-oss-120b-fireworks"));
        QVERIFY(base.fit.fits && base.throughput.computed);
        const double capacity = base.throughput.capacity.outputTokensPerMonth;
        const double rental = base.rental.usdPerMonthScheduled;
        QVERIFY(capacity > 0 && rental > 0);
        // Output-only price at which break-even equals the capacity.
        const double atCapacity = rental / capacity * 1e6;
        auto callFor = [&](double price) {
            Scenario s = pinnedTo("gpt-oss-120b", "mine");
            ApiPrice own;
            own.id = "mine";
            own.name = "my quote";
            own.source = "test";
            own.asOf = "2026-12-01";
            own.outputUsdPerMTok = price;
            own.outputUsdPerMTokLow = price * 0.5;
            own.outputUsdPerMTokHigh = price * 2;
            s.pricing.apiPrices = {own};
            return decisionRanges(planOf(s)).priceCall;
        };
        QCOMPARE(callFor(atCapacity), RangeCall::TooCloseToCall);
        QCOMPARE(callFor(atCapacity * 4), RangeCall::Serves);     // break-even <= capacity/2
        QCOMPARE(callFor(atCapacity / 4), RangeCall::FallsShort); // break-even >= 2 x capacity
        QCOMPARE(rangeCallId(callFor(atCapacity)), std::string("too_close_to_call"));
    }

    // A user's list entry that reuses a catalogue id is the one compared (pinned, or the
    // cheapest), and the plan says it is not the catalogue's; a new id says nothing.
    void ownEntryWithACatalogueIdIsNamed() {
        ApiPrice own;
        own.id = "kimi-k3-moonshot";
        own.name = "my quote";
        own.model = "kimi-k3";
        own.source = "test";
        own.asOf = "2026-12-01";
        own.inputUsdPerMTok = 0.01;
        own.outputUsdPerMTok = 0.05;
        const auto said = [](const PlanResult &p) {
            return std::any_of(p.warnings.begin(), p.warnings.end(), [](const std::string &w) {
                return w.find("is the scenario's own entry (pricing.api_prices, --prices), not "
                              "the catalogue's of that id (Kimi K3") != std::string::npos;
            });
        };
        Scenario pinned = defaultScenario();
        pinned.pricing.apiPriceId = "kimi-k3-moonshot";
        pinned.pricing.apiPrices = {own};
        const PlanResult a = planOf(pinned);
        QCOMPARE(a.api.outputUsdPerMTok, 0.05);
        QVERIFY(said(a));
        Scenario cheapest = defaultScenario();
        cheapest.pricing.apiPriceId.clear();
        cheapest.pricing.apiPrices = {own};
        QVERIFY(said(planOf(cheapest)));
        own.id = "my-quote";
        cheapest.pricing.apiPrices = {own};
        QVERIFY(!said(planOf(cheapest)));
    }

    void listFieldsRoundTrip() {
        const char *csv =
            "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of,tiers,batch_discount,"
            "output_usd_per_mtok_high\n"
            "a,n,1,2,s,2026-01,\"[{\"\"above_prompt_tokens\"\":200000,\"\"input_usd_per_mtok\"\":2,"
            "\"\"output_usd_per_mtok\"\":4}]\",0.5,3\n";
        auto list = parsePriceList(csv, "prices.csv");
        QVERIFY2(list.ok(), list.ok() ? "" : list.error().toString().c_str());
        const ApiPrice &p = list->front();
        QCOMPARE(p.tiers.size(), std::size_t(1));
        QCOMPARE(p.tiers[0].abovePromptTokens, std::uint64_t(200000));
        QCOMPARE(p.tiers[0].cachedInputUsdPerMTok, 2.0);
        QCOMPARE(p.batchDiscount.value_or(0), 0.5);
        QCOMPARE(p.outputUsdPerMTokHigh.value_or(0), 3.0);
        QVERIFY(!p.inputUsdPerMTokLow);
        auto back = parseApiPrice(apiPriceToJson(p), "again");
        QVERIFY(back.ok());
        QCOMPARE(back.value(), p);
    }

    void malformedFieldsNamed_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        const QString head = R"([{"id":"a","name":"n","input_usd_per_mtok":1,)"
                             R"("output_usd_per_mtok":2,"source":"s","as_of":"2026-01",)";
        QTest::newRow("tiersNotAList") << head + R"("tiers":{}}])"
                                       << "list.json[0].tiers";
        // Two tiers with thresholds `first` and `second`.
        const auto twoTiers = [&](int first, int second) {
            return head + QStringLiteral(R"("tiers":[{"above_prompt_tokens":%1,)"
                                         R"("input_usd_per_mtok":2,"output_usd_per_mtok":4},)"
                                         R"({"above_prompt_tokens":%2,"input_usd_per_mtok":3,)"
                                         R"("output_usd_per_mtok":6}]}])")
                              .arg(first)
                              .arg(second);
        };
        QTest::newRow("tierDescending")
            << twoTiers(200000, 128000) << "list.json[0].tiers[1].above_prompt_tokens";
        QTest::newRow("tierRepeated")
            << twoTiers(1000, 1000) << "list.json[0].tiers[1].above_prompt_tokens";
        QTest::newRow("tierZeroThreshold")
            << head + R"("tiers":[{"above_prompt_tokens":0,"input_usd_per_mtok":2,)"
                      R"("output_usd_per_mtok":4}]}])"
            << "list.json[0].tiers[0].above_prompt_tokens";
        QTest::newRow("tierFractionalThreshold")
            << head + R"("tiers":[{"above_prompt_tokens":1.5,"input_usd_per_mtok":2,)"
                      R"("output_usd_per_mtok":4}]}])"
            << "list.json[0].tiers[0].above_prompt_tokens";
        QTest::newRow("tierNegativePrice")
            << head + R"("tiers":[{"above_prompt_tokens":1000,"input_usd_per_mtok":-2,)"
                      R"("output_usd_per_mtok":4}]}])"
            << "list.json[0].tiers[0].input_usd_per_mtok";
        QTest::newRow("tierMissingOutput")
            << head + R"("tiers":[{"above_prompt_tokens":1000,"input_usd_per_mtok":2}]}])"
            << "list.json[0].tiers[0].output_usd_per_mtok";
        QTest::newRow("batchWhole") << head + R"("batch_discount":1}])"
                                    << "list.json[0].batch_discount";
        QTest::newRow("batchZero") << head + R"("batch_discount":0}])"
                                   << "list.json[0].batch_discount";
        QTest::newRow("lowAbovePrice") << head + R"("input_usd_per_mtok_low":1.5}])"
                                       << "list.json[0].input_usd_per_mtok_low";
        QTest::newRow("highBelowPrice") << head + R"("output_usd_per_mtok_high":1}])"
                                        << "list.json[0].output_usd_per_mtok_high";
        // A cached input dearer than the input it replaces (a swapped column): refused.
        QTest::newRow("cachedAboveInput") << head + R"("cached_input_usd_per_mtok":100}])"
                                          << "list.json[0].cached_input_usd_per_mtok";
        QTest::newRow("tierCachedAboveInput")
            << head + R"("tiers":[{"above_prompt_tokens":1000,"input_usd_per_mtok":2,)"
                      R"("cached_input_usd_per_mtok":3,"output_usd_per_mtok":4}]}])"
            << "list.json[0].tiers[0].cached_input_usd_per_mtok";
        QTest::newRow("csvTiersNotJson")
            << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of,tiers\n"
               "a,n,1,2,s,2026-01,above 128k: 2/4\n"
            << "list.json: row 2.tiers";
        QTest::newRow("csvTierInfinite")
            << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of,tiers\n"
               "a,n,1,2,s,2026-01,\"[{\"\"above_prompt_tokens\"\":9,\"\"input_usd_per_mtok\"\":"
               "1e999,\"\"output_usd_per_mtok\"\":4}]\"\n"
            << "list.json: row 2.tiers";
        // strtod reads "nan" and "inf", which JSON cannot hold: refused by the cell's text.
        QTest::newRow("csvNan") << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\n"
                                   "a,n,nan,2,s,2026-01\n"
                                << "list.json: row 2.input_usd_per_mtok";
        QTest::newRow("csvInf") << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\n"
                                   "a,n,1,-inf,s,2026-01\n"
                                << "list.json: row 2.output_usd_per_mtok";
    }
    void malformedFieldsNamed() {
        QFETCH(QString, text);
        QFETCH(QString, field);
        auto r = parsePriceList(text.toStdString(), "list.json");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        const QString tag = QTest::currentDataTag();
        if (tag == "cachedAboveInput") {
            QCOMPARE(
                r.error().message,
                std::string("100.0 is above the input rate (1.0): a cached input token costs at "
                            "most an input token"));
        }
        if (tag == "csvNan" || tag == "csvInf") {
            QVERIFY2(r.error().message.find("is not a finite number") != std::string::npos,
                     r.error().message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestApiPriceTiers)
#include "tst_apipricetiers.moc"
