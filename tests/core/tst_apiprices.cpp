// SPDX-License-Identifier: MIT
// API prices (issue 20): the catalogue holds prices per model and provider; the plan compares
// with the cheapest for the workload unless one is pinned or typed; price lists a user brings
// (JSON or CSV) join them; prices older than the scenario's limit are flagged.
#include "plantestutil.h"
#include "catalogue/pricelist.h"
#include "plan/decision.h"
#include "plan/plan.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>

using namespace hostplan;

namespace {

Scenario scenarioFor(const std::string &model) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    s.pricing.apiPriceId.clear();
    s.hardware = HardwareChoice{};
    s.hardware.gpu = "h200";
    return s;
}

const char *kList = R"({"api": [
  {"id": "mine-cheap", "name": "gpt-oss-120b, my provider", "model": "gpt-oss-120b",
   "input_usd_per_mtok": 0.01, "output_usd_per_mtok": 0.02, "source": "my quote",
   "as_of": "2026-11-30"}]})";

} // namespace

class TestApiPrices : public QObject {
    Q_OBJECT
  private slots:
    void everyCatalogueModelHasAPublishedPrice() {
        const Catalogue &cat = Catalogue::builtin();
        for (const ModelEntry &m : cat.models()) {
            const auto prices = cat.apiPricesFor(m.id);
            QVERIFY2(!prices.empty(), m.id.c_str());
            for (const ApiPrice &p : prices) {
                QVERIFY2(!p.source.empty() && isPriceDate(p.asOf), p.id.c_str());
                QVERIFY(p.outputUsdPerMTok > 0);
            }
            const PlanResult plan = planOf(scenarioFor(m.id));
            QVERIFY2(plan.apiPriced, m.id.c_str());
            QVERIFY(recommend(plan) != Recommendation::NoApiPrice);
        }
    }

    // The plan and the Compare view list a model's prices by name: no two of the catalogue's
    // prices for one model (or one Hub id) share a name, so two snapshots of a provider's
    // price (a dated index, a model revision) read apart.
    void catalogueNamesAreDistinct() {
        std::set<std::pair<std::string, std::string>> seen;
        for (const ApiPrice &p : Catalogue::builtin().apiPrices()) {
            const std::string key = p.model.empty() ? p.hfId : p.model;
            QVERIFY2(seen.insert({key, p.name}).second, (key + ": " + p.name).c_str());
        }
    }

    void cheapestByDefault() {
        const PlanResult p = planOf(scenarioFor("gpt-oss-120b"));
        QCOMPARE(p.apiSelection, ApiSelection::Cheapest);
        QVERIFY(p.apiAlternatives.size() >= 3);
        QCOMPARE(p.api.id, p.apiAlternatives.front().price.id);
        for (std::size_t i = 1; i < p.apiAlternatives.size(); ++i) {
            QVERIFY(p.apiAlternatives[i - 1].usdPerMonth <= p.apiAlternatives[i].usdPerMonth);
        }
        // The bill is the workload's tokens at that price (2e9 in, 1e9 cached, 5e8 out).
        const ApiPrice &a = p.api;
        COMPARE_NEAR(p.apiUsdPerMonth,
                     2e3 * a.inputUsdPerMTok + 1e3 * a.cachedInputUsdPerMTok +
                         5e2 * a.outputUsdPerMTok,
                     1e-9, 1e-12);
    }

    // A workload with no tokens bills every price $0: the cheapest is then the lowest output
    // (then input) price, not the list's first (llama-3.1-70b: DeepInfra Turbo's $0.28, not
    // DeepInfra's $0.40 listed before it).
    void equalBillsGoToTheLowestPrice() {
        Scenario s = scenarioFor("llama-3.1-70b");
        s.workload.inputTokensPerMonth = s.workload.cachedInputTokensPerMonth = 0;
        s.workload.outputTokensPerMonth = 0;
        const PlanResult p = planOf(s);
        QCOMPARE(p.apiSelection, ApiSelection::Cheapest);
        QVERIFY(p.apiAlternatives.size() >= 2);
        for (std::size_t i = 1; i < p.apiAlternatives.size(); ++i) {
            QCOMPARE(p.apiAlternatives[i].usdPerMonth, 0.0);
            QVERIFY(p.apiAlternatives[i - 1].price.outputUsdPerMTok <=
                    p.apiAlternatives[i].price.outputUsdPerMTok);
        }
        QCOMPARE(p.api.outputUsdPerMTok, 0.28);
    }

    void pinnedAndTyped() {
        Scenario s = scenarioFor("gpt-oss-120b");
        s.pricing.apiPriceId = "gpt-oss-120b-cerebras";
        const PlanResult pinned = planOf(s);
        QCOMPARE(pinned.apiSelection, ApiSelection::Pinned);
        QCOMPARE(pinned.api.id, std::string("gpt-oss-120b-cerebras"));
        QCOMPARE(pinned.api.outputUsdPerMTok, 0.75);
        // Typed prices override single fields of the pinned one.
        s.pricing.apiOutputUsdPerMTok = 2.0;
        const PlanResult typed = planOf(s);
        QCOMPARE(typed.api.outputUsdPerMTok, 2.0);
        QCOMPARE(typed.api.inputUsdPerMTok, 0.35);
        // All three classes typed: the user's own prices, no provider's name, tier or batch
        // discount carried over from the entry they replace.
        s.pricing.apiInputUsdPerMTok = 3.0;
        s.pricing.apiCachedInputUsdPerMTok = 0.3;
        s.pricing.apiOutputUsdPerMTok = 15.0;
        const PlanResult own = planOf(s);
        QCOMPARE(own.apiSelection, ApiSelection::Entered);
        QCOMPARE(own.api.id, std::string("scenario"));
        QCOMPARE(own.api.name, std::string("API prices from the scenario"));
        QVERIFY(!own.apiTier && !own.apiBatch);
        COMPARE_NEAR(own.apiUsdPerMonth, 2e3 * 3.0 + 1e3 * 0.3 + 5e2 * 15.0, 1e-9, 1e-12);
        s.pricing.apiInputUsdPerMTok.reset();
        s.pricing.apiCachedInputUsdPerMTok.reset();
        // Unknown pinned id: the error names the field.
        s.pricing.apiPriceId = "nobody-sells-this";
        auto bad = evaluate(s);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("pricing.api_price_id"));
    }

    void importedListJoinsAndCanWin() {
        auto list = parsePriceList(kList, "mine.json");
        QVERIFY2(list.ok(), list.ok() ? "" : list.error().toString().c_str());
        QCOMPARE(list->size(), std::size_t(1));
        QCOMPARE(list->front().cachedInputUsdPerMTok, 0.01); // no discount published: input
        Scenario s = scenarioFor("gpt-oss-120b");
        s.pricing.apiPrices = list.value();
        const PlanResult p = planOf(s);
        QCOMPARE(p.api.id, std::string("mine-cheap"));
        QVERIFY(p.apiAlternatives.front().fromScenario);
        // A scenario keeps the list through save and load.
        auto again = parseScenario(scenarioToJson(s));
        QVERIFY(again.ok());
        QCOMPARE(again->pricing.apiPrices, s.pricing.apiPrices);
    }

    /// A user's entry without a model prices whatever model is planned; when it is the one
    /// compared the plan says so (a list of other models' prices without a model column would
    /// otherwise compare DeepSeek V3 with a Llama price unnoticed).
    void entryWithoutModelIsNamed() {
        auto list = parsePriceList(kList, "mine.json");
        QVERIFY(list.ok());
        Scenario s = scenarioFor("gpt-oss-120b");
        ApiPrice bare = list->front();
        bare.model.clear();
        bare.hfId.clear();
        s.pricing.apiPrices = {bare};
        const auto named = [](const PlanResult &p) {
            return std::any_of(p.warnings.begin(), p.warnings.end(), [](const std::string &w) {
                return w.find("names no model: HostPlan took it as a price of") !=
                       std::string::npos;
            });
        };
        const PlanResult p = planOf(s);
        QCOMPARE(p.api.id, bare.id);
        QVERIFY(named(p));
        // With its model, or pinned, it is priced as asked: no note.
        s.pricing.apiPrices = list.value();
        QVERIFY(!named(planOf(s)));
        s.pricing.apiPrices = {bare};
        s.pricing.apiPriceId = bare.id;
        QVERIFY(!named(planOf(s)));
    }

    /// An entry naming a model id no catalogue entry has (a typo) prices nothing: the plan says
    /// so, naming it; an entry for another known model is silent.
    void entryForAnUnknownModelIsNamed() {
        auto list = parsePriceList(kList, "mine.json");
        QVERIFY(list.ok());
        Scenario s = scenarioFor("gpt-oss-120b");
        ApiPrice typo = list->front();
        typo.model = "gpt-oss-120";
        ApiPrice other = list->front();
        other.id = "mine-llama";
        other.model = "llama-3.1-8b";
        s.pricing.apiPrices = {typo, other};
        const PlanResult p = planOf(s);
        const auto named = std::find_if(p.warnings.begin(), p.warnings.end(), [](const auto &w) {
            return w.rfind("1 API price entry names a model id the catalogue does not have", 0) ==
                   0;
        });
        QVERIFY(named != p.warnings.end());
        QVERIFY2(named->find("mine-cheap ('gpt-oss-120')") != std::string::npos, named->c_str());
        QVERIFY(named->find("mine-llama") == std::string::npos);
    }

    void csvList() {
        const char *csv = "id,name,model,input_usd_per_mtok,cached_input_usd_per_mtok,"
                          "output_usd_per_mtok,source,as_of\n"
                          "a,\"Llama 8B, \"\"fast\"\"\",llama-3.1-8b,0.02,,0.05,quote,2026-11\n";
        auto list = parsePriceList(csv, "prices.csv");
        QVERIFY2(list.ok(), list.ok() ? "" : list.error().toString().c_str());
        QCOMPARE(list->front().name, std::string("Llama 8B, \"fast\""));
        QCOMPARE(list->front().outputUsdPerMTok, 0.05);
        QCOMPARE(list->front().cachedInputUsdPerMTok, 0.02);
        // A spreadsheet's " 0.5" and "+2" are numbers.
        const auto spaced = parsePriceList("id,name,input_usd_per_mtok,output_usd_per_mtok,source,"
                                           "as_of\na,n, 0.5 ,+2,quote,2026-11\n",
                                           "prices.csv");
        QVERIFY2(spaced.ok(), spaced.ok() ? "" : spaced.error().toString().c_str());
        QCOMPARE(spaced->front().inputUsdPerMTok, 0.5);
        QCOMPARE(spaced->front().outputUsdPerMTok, 2.0);
        // Excel's "CSV UTF-8" byte-order mark is skipped; UTF-16 is named.
        const auto bom = parsePriceList(std::string("\xEF\xBB\xBF") + csv, "prices.csv");
        QVERIFY2(bom.ok(), bom.ok() ? "" : bom.error().toString().c_str());
        QCOMPARE(bom->front().id, std::string("a"));
        const auto utf16 = parsePriceList(std::string("\xFF\xFEi\0d\0", 6), "prices.csv");
        QVERIFY(!utf16.ok());
        QCOMPARE(utf16.error().toString(),
                 std::string("prices.csv: UTF-16 text: save the price list as UTF-8"));
    }

    void malformedListsNameTheField_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("missingPrice")
            << R"([{"id":"a","name":"n","input_usd_per_mtok":1,"source":"s","as_of":"2026-01-01"}])"
            << "list.json[0].output_usd_per_mtok";
        QTest::newRow("negative")
            << R"({"api":[{"id":"a","name":"n","input_usd_per_mtok":-1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01-01"}]})"
            << "list.json: api[0].input_usd_per_mtok";
        QTest::newRow("badDate")
            << R"([{"id":"a","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"last week"}])"
            << "list.json[0].as_of";
        QTest::newRow("duplicateId")
            << R"([{"id":"a","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01"},{"id":"A","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01"}])"
            << "list.json[1].id";
        QTest::newRow("csvNotNumber") << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_"
                                         "of\na,n,cheap,1,s,2026-01\n"
                                      << "list.json: row 2.input_usd_per_mtok";
        QTest::newRow("csvShortRow")
            << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\na,n,1\n"
            << "list.json: row 2";
        // A misspelt key or column would fall back silently (a cached price to the full input
        // price): refused, naming it.
        QTest::newRow("csvMisspeltColumn")
            << "id,name,input_usd_per_mtok,cached_input_usd_per_mtk,output_usd_per_mtok,source,"
               "as_of\na,n,1,0.01,2,s,2026-01\n"
            << "list.json: header";             // the column, not a row's cell, is unknown
        QTest::newRow("csvMisspeltEmptyColumn") // named even where its cell is empty
            << "id,name,input_usd_per_mtok,cached_input_usd_per_mtk,output_usd_per_mtok,source,"
               "as_of\na,n,1,,2,s,2026-01\n"
            << "list.json: header";
        QTest::newRow("csvHexNumber") // decimal only: strtod would read 0x10 as 16
            << "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\na,n,0x10,2,s,2026-01\n"
            << "list.json: row 2.input_usd_per_mtok";
        QTest::newRow("jsonUnknownKey")
            << R"([{"id":"a","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01","foo":1}])"
            << "list.json[0].foo";
        QTest::newRow("tierUnknownKey")
            << R"([{"id":"a","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01","tiers":[{"above_prompt_tokens":200000,"input_usd_per_mtok":2,"output_usd_per_mtok":2,"cached_usd":1}]}])"
            << "list.json[0].tiers[0].cached_usd";
        QTest::newRow("empty") << "[]"
                               << "list.json";
        QTest::newRow("notAList") << R"({"x":1})"
                                  << "list.json";
        // Both lists (each valid): one would be dropped without a word.
        QTest::newRow("twoLists")
            << R"({"api":[{"id":"a","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01"}],"prices":[{"id":"b","name":"n","input_usd_per_mtok":1,"output_usd_per_mtok":1,"source":"s","as_of":"2026-01"}]})"
            << "list.json";
        // Past kMaxPriceListEntries (10,000): refused, with the count, before the entries are
        // built (short rows under the byte limit would need gigabytes).
        QString csv = "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\n";
        QString json = "[";
        for (int i = 0; i <= 10000; ++i) {
            csv += QString("p%1,n,1,2,s,2026-01\n").arg(i);
            json += QString(R"(%1{"id":"p%2","name":"n","input_usd_per_mtok":1,)"
                            R"("output_usd_per_mtok":2,"source":"s","as_of":"2026-01"})")
                        .arg(i ? "," : "")
                        .arg(i);
        }
        QTest::newRow("csvTooManyRows") << csv << "list.json";
        QTest::newRow("jsonTooManyEntries") << json + "]"
                                            << "list.json";
    }
    void malformedListsNameTheField() {
        QFETCH(QString, text);
        QFETCH(QString, field);
        auto r = parsePriceList(text.toStdString(), "list.json");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        if (QByteArray(QTest::currentDataTag()).startsWith("csvMisspelt")) {
            QVERIFY2(r.error().message.rfind("unknown column 'cached_input_usd_per_mtk'", 0) == 0,
                     r.error().message.c_str());
        }
        if (QByteArray(QTest::currentDataTag()).startsWith("csvTooMany") ||
            QByteArray(QTest::currentDataTag()).startsWith("jsonTooMany")) {
            QVERIFY2(r.error().message.find("10001") != std::string::npos &&
                         r.error().message.find("at most 10000") != std::string::npos,
                     r.error().message.c_str());
        }
    }

    void stalePricesAreFlagged() {
        QCOMPARE(priceAgeDays("2026-11-01", "2026-12-01").value(), 30);
        QCOMPARE(priceAgeDays("2025-12", "2026-12-01").value(), 365);
        QVERIFY(!priceAgeDays("2026-13", "2026-12-01"));
        Scenario s = defaultScenario(); // Kimi K3, Moonshot 2026-07
        s.pricing.maxPriceAgeDays = 30;
        const PlanResult p = planOf(s);
        const auto stale = stalePrices(p, "2026-12-01");
        QVERIFY(!stale.empty());
        QCOMPARE(stale.front().id, std::string("kimi-k3-moonshot"));
        QCOMPARE(stale.front().ageDays, 153); // 2026-07-01 to 2026-12-01
        // On 2026-07-15 no price is older than 30 days; those flagged are dated later.
        for (const StalePrice &later : stalePrices(p, "2026-07-15")) {
            QVERIFY2(later.future(), later.id.c_str());
        }
        QVERIFY(stalePrices(p, "").empty()); // no date, no flag
        // A price dated after today is flagged as a date to check, whatever the age limit.
        const auto early = stalePrices(p, "2026-06-20");
        const auto moonshot = std::find_if(early.begin(), early.end(), [](const StalePrice &e) {
            return e.id == "kimi-k3-moonshot";
        });
        QVERIFY(moonshot != early.end());
        QCOMPARE(moonshot->ageDays, -11); // 2026-07-01 is 11 days after 2026-06-20
        QVERIFY(moonshot->future());
        QVERIFY(!stale.front().future());
        // The GPU-hour rate is judged the same way: here the B300 catalogue rate (the count is
        // fixed), old past a 30-day limit, dated after a day before its date, none when typed.
        const auto rateAge = priceAgeDays(p.gpu.priceAsOf, "2026-12-01");
        QVERIFY(rateAge && *rateAge > 30);
        const auto oldRate = staleRate(p, "2026-12-01");
        QVERIFY(oldRate && oldRate->id == "b300" && oldRate->ageDays == *rateAge);
        QVERIFY(oldRate->name == "b300 catalogue rate" && !oldRate->future());
        QVERIFY(staleRate(p, "2020-01-01")->future());
        s.pricing.usdPerGpuHour = 5.0;
        QVERIFY(!staleRate(planOf(s), "2026-12-01"));
    }
};

QTEST_GUILESS_MAIN(TestApiPrices)
#include "tst_apiprices.moc"
