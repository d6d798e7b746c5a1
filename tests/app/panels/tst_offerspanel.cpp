// SPDX-License-Identifier: MIT
// The rental offers editor (OffersPanel, issue 13): offers added, priced, removed and imported
// in the tables are undoable edits that re-plan, are saved in the scenario, and a malformed
// offers file is refused naming the field. Runs offscreen on Llama 3.1 8B on H100 with the
// count on auto (two 1-GPU replicas on Vast.ai's median 1 x H100 at $2.4024 per GPU-hour).
#include "appscenarios.h"
#include "document/scenariodocument.h"
#include "panels/offerspanel.h"
#include "panels/pricingpanel.h"
#include "plan/decision.h"
#include "plan/planjson.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

Scenario llama8bOnH100() {
    return testscenarios::twoReplicas();
}

std::string planJson(const ScenarioDocument &doc) {
    return planToJsonText(*doc.plan(), "2026-12-01");
}

/// The row of `table` whose id column reads `id` (-1 if none).
int rowOf(const QTableWidget *table, const QString &id) {
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->item(r, OffersPanel::IdColumn)->text() == id) {
            return r;
        }
    }
    return -1;
}

/// What a user does: type `text` into a cell (the table reports the change).
void type(QTableWidget *table, int row, int column, const QString &text) {
    table->item(row, column)->setText(text);
}

void writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TestOffersPanel : public QObject {
    Q_OBJECT
  private slots:
    // An added offer starts with its price unknown (not ranked); a price typed in makes it
    // the cheapest: the plan moves to it with its real cost. Undo restores the previous plan
    // exactly, redo the new one.
    void addedOfferChangesThePlanAndUndoRestoresIt() {
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        QVERIFY(doc.plan());
        QCOMPARE(doc.plan()->search.best()->offer().id, std::string("vastai-1x-h100-sxm-median"));
        QCOMPARE(doc.plan()->rentedGpus(), 2u);
        const std::string before = planJson(doc);
        const double hours = doc.plan()->rental.hoursPerMonth;
        const double perDay = doc.plan()->rental.hoursPerDay;

        OffersPanel panel(&doc);
        QCOMPARE(panel.userTable()->rowCount(), 0);
        QCOMPARE(panel.addOffer(), QString("my-offer-1"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(panel.userTable()->rowCount(), 1);
        QCOMPARE(panel.userTable()->item(0, OffersPanel::PriceColumn)->text(),
                 QString("price unknown — enter"));
        QVERIFY2(
            panel.userTable()->item(0, OffersPanel::StatusColumn)->text().startsWith("not ranked"),
            qPrintable(panel.userTable()->item(0, OffersPanel::StatusColumn)->text()));
        QCOMPARE(doc.plan()->search.best()->offer().id, std::string("vastai-1x-h100-sxm-median"));

        type(panel.userTable(), 0, OffersPanel::ProviderColumn, "Acme GPU");
        type(panel.userTable(), 0, OffersPanel::PriceColumn, "1.50");
        QCOMPARE(doc.undoStack()->count(), 3);
        const PlanResult &p = *doc.plan();
        QCOMPARE(p.search.best()->offer().id, std::string("my-offer-1"));
        QCOMPARE(p.search.best()->offer().provider, std::string("Acme GPU"));
        QCOMPARE(p.usdPerGpuHour, 1.5);
        QCOMPARE(p.rentedGpus(), 2u);
        COMPARE_NEAR(p.rental.usdPerMonthScheduled, 2 * 1.5 * hours * perDay / 24, 1e-6, 1e-9);
        QVERIFY(panel.userTable()
                    ->item(0, OffersPanel::StatusColumn)
                    ->text()
                    .startsWith("chosen: 2 GPUs"));
        QVERIFY(panel.planLabel()->text().contains("my-offer-1"));

        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario(), llama8bOnH100());
        QCOMPARE(planJson(doc), before);
        QCOMPARE(panel.userTable()->rowCount(), 0);
        doc.undoStack()->redo();
        doc.undoStack()->redo();
        doc.undoStack()->redo();
        QCOMPARE(doc.plan()->search.best()->offer().id, std::string("my-offer-1"));
    }

    // A value the schema refuses is not applied and the reason names the field.
    void badCellRefused() {
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        OffersPanel panel(&doc);
        panel.addOffer();
        const int steps = doc.undoStack()->count();
        type(panel.userTable(), 0, OffersPanel::GpusPerInstanceColumn, "0");
        QCOMPARE(doc.undoStack()->count(), steps);
        QVERIFY2(panel.problemText().contains("pricing.offers[0].gpus_per_instance"),
                 qPrintable(panel.problemText()));
        QCOMPARE(panel.userTable()->item(0, OffersPanel::GpusPerInstanceColumn)->text(),
                 QString("1"));
        type(panel.userTable(), 0, OffersPanel::PriceColumn, "cheap");
        QCOMPARE(doc.undoStack()->count(), steps);
        QVERIFY2(panel.problemText().contains("$ / GPU-hour"), qPrintable(panel.problemText()));
    }

    // The user's offers are saved as pricing.offers and come back on open with the same plan.
    void saveLoadRoundTrip() {
        QTemporaryDir dir;
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        OffersPanel panel(&doc);
        panel.addOffer();
        type(panel.userTable(), 0, OffersPanel::PriceColumn, "1.25");
        type(panel.userTable(), 0, OffersPanel::GpusPerInstanceColumn, "2");
        type(panel.userTable(), 0, OffersPanel::InterconnectColumn, "NVLink");
        panel.userTable()->item(0, OffersPanel::MultiInstanceColumn)->setCheckState(Qt::Checked);
        QVERIFY(doc.scenario().pricing.offers.front().clusterable());
        const QString path = dir.filePath("offers.hostplan.json");
        QCOMPARE(doc.saveAs(path), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray saved = f.readAll();
        QVERIFY(saved.contains("\"offers\""));
        QVERIFY(saved.contains("\"usd_per_gpu_hour_on_demand\": 1.25"));

        ScenarioDocument back;
        QCOMPARE(back.open(path), QString());
        QCOMPARE(back.scenario().pricing.offers, doc.scenario().pricing.offers);
        QCOMPARE(back.plan()->search.best()->offer().id, std::string("my-offer-1"));
        QCOMPARE(planJson(back), planJson(doc));
        OffersPanel reopened(&back);
        QCOMPARE(reopened.userTable()->rowCount(), 1);
        QCOMPARE(reopened.userTable()->item(0, OffersPanel::PriceColumn)->text(), QString("1.25"));
    }

    // Import: a malformed file is refused naming the file and the field, changing nothing; a
    // good one is one undoable edit, and an offer with an id already there replaces it.
    void importOffers_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("missingGpu") << QByteArray(R"({"offers": [{"id": "x", "provider": "p",
            "source": "s", "as_of": "2026-12-01"}]})")
                                    << "offers[0].gpu";
        QTest::newRow("zeroGpusPerInstance")
            << QByteArray(R"([{"id": "x", "provider": "p", "gpu": "h100-sxm", "source": "s",
            "as_of": "2026-12-01", "gpus_per_instance": 0}])")
            << "offers[0].gpus_per_instance";
        QTest::newRow("priceAsText") << QByteArray(R"([{"id": "x", "provider": "p",
            "gpu": "h100-sxm", "source": "s", "as_of": "2026-12-01", "usd_per_gpu_hour_on_demand": "2"}])")
                                     << "offers[0].usd_per_gpu_hour_on_demand";
        QTest::newRow("unknownGpu") << QByteArray(R"([{"id": "x", "provider": "p",
            "gpu": "tpu-v5p", "source": "s", "as_of": "2026-12-01"}])")
                                    << "offers[0].gpu";
        QTest::newRow("notJson") << QByteArray("{offers: [") << "bad.json";
    }
    void importOffers() {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QTemporaryDir dir;
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        OffersPanel panel(&doc);
        const QString bad = dir.filePath("bad.json");
        writeFile(bad, json);
        const QString error = panel.importOffers(bad);
        QVERIFY2(error.contains(field), qPrintable(error));
        QVERIFY2(error.contains("bad.json"), qPrintable(error));
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(doc.scenario().pricing.offers.empty());
    }
    void importGoodOffers() {
        QTemporaryDir dir;
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        OffersPanel panel(&doc);
        panel.addOffer();
        const QString good = dir.filePath("quotes.json");
        writeFile(good, R"({"offers": [
            {"id": "my-offer-1", "provider": "Quoted", "gpu": "h100-sxm", "gpus_per_instance": 8,
             "usd_per_gpu_hour_on_demand": 2.0, "source": "quote", "as_of": "2026-11-30"},
            {"id": "quote-2", "provider": "Other", "gpu": "h200", "gpus_per_instance": 1,
             "usd_per_gpu_hour_on_demand": null, "source": "quote", "as_of": "2026-11-30"}]})");
        QCOMPARE(panel.importOffers(good), QString());
        QCOMPARE(doc.undoStack()->count(), 2);
        QCOMPARE(doc.scenario().pricing.offers.size(), std::size_t(2));
        QCOMPARE(doc.scenario().pricing.offers[0].provider, std::string("Quoted"));
        QCOMPARE(panel.userTable()->rowCount(), 2);
        // An H200 offer is kept but not searched for this H100 plan.
        QCOMPARE(panel.userTable()->item(1, OffersPanel::StatusColumn)->text(),
                 QString("not searched (another GPU type)"));
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().pricing.offers.size(), std::size_t(1));
        QCOMPARE(doc.scenario().pricing.offers[0].provider, std::string("My provider"));
    }

    // An offer without a price reads "price unknown — enter"; the price entered makes it
    // ranked, chosen when cheapest, saved and undoable.
    void unknownPriceEntered() {
        QTemporaryDir dir;
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        OffersPanel panel(&doc);
        const QString file = dir.filePath("unpriced.json");
        writeFile(file, R"([{"id": "quote-h100", "provider": "Broker", "gpu": "h100-sxm",
            "gpus_per_instance": 2, "usd_per_gpu_hour_on_demand": null, "source": "call",
            "as_of": "2026-11-30"}])");
        QCOMPARE(panel.importOffers(file), QString());
        QCOMPARE(panel.userTable()->item(0, OffersPanel::PriceColumn)->text(),
                 QString("price unknown — enter"));
        QCOMPARE(doc.plan()->search.best()->offer().id, std::string("vastai-1x-h100-sxm-median"));
        type(panel.userTable(), 0, OffersPanel::PriceColumn, "0.99");
        QCOMPARE(doc.scenario().pricing.offers[0].usdPerGpuHourOnDemand, std::optional(0.99));
        QCOMPARE(doc.plan()->search.best()->offer().id, std::string("quote-h100"));
        QCOMPARE(doc.plan()->usdPerGpuHour, 0.99);
        doc.undoStack()->undo();
        QVERIFY(!doc.scenario().pricing.offers[0].usdPerGpuHourOnDemand);
        QCOMPARE(doc.plan()->search.best()->offer().id, std::string("vastai-1x-h100-sxm-median"));
    }

    // A catalogue offer lacking a figure (Crusoe's H100 gives no instance shape) can take the
    // user's: the catalogue row shows "unknown — enter", the figure typed becomes an offer of
    // the user's with the same id (saved, undoable) that the search then ranks.
    void catalogueFigureEntered() {
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        OffersPanel panel(&doc);
        QTableWidget *cat = panel.catalogueTable();
        const int row = rowOf(cat, "crusoe-h100-hgx");
        QVERIFY(row >= 0);
        QTableWidgetItem *shape = cat->item(row, OffersPanel::GpusPerInstanceColumn);
        QCOMPARE(shape->text(), QString("unknown — enter"));
        QVERIFY(shape->flags() & Qt::ItemIsEditable);
        QVERIFY(!(cat->item(row, OffersPanel::ProviderColumn)->flags() & Qt::ItemIsEditable));
        QVERIFY(cat->item(row, OffersPanel::StatusColumn)->text().startsWith("not ranked"));
        type(cat, row, OffersPanel::GpusPerInstanceColumn, "1");
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().pricing.offers.size(), std::size_t(1));
        const RentalOffer &own = doc.scenario().pricing.offers.front();
        QCOMPARE(own.id, std::string("crusoe-h100-hgx"));
        QCOMPARE(own.gpusPerInstance, std::optional<std::uint32_t>(1));
        QCOMPARE(own.usdPerGpuHourOnDemand, std::optional(3.9)); // the catalogue's price kept
        QCOMPARE(cat->item(row, OffersPanel::GpusPerInstanceColumn)->text(), QString("1"));
        // Ranked now (dearer than Vast.ai's $2.40): 2 GPUs at $3.90.
        QVERIFY2(cat->item(row, OffersPanel::StatusColumn)->text().startsWith("dearer: 2 GPUs"),
                 qPrintable(cat->item(row, OffersPanel::StatusColumn)->text()));
        // Cleared again: back to the catalogue, no offer of the user's left.
        type(cat, row, OffersPanel::GpusPerInstanceColumn, "");
        QVERIFY(doc.scenario().pricing.offers.empty());
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().pricing.offers.size(), std::size_t(1));
    }

    // Removing a row is one undoable edit; the editor is reachable from the Pricing dock.
    void removeAndDialog() {
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        PricingPanel pricing(&doc);
        OffersPanel *panel = pricing.offersDialog()->panel();
        QCOMPARE(pricing.offersDialog(), pricing.offersDialog());
        panel->addOffer();
        panel->addOffer();
        QCOMPARE(panel->userTable()->item(1, OffersPanel::IdColumn)->text(), QString("my-offer-2"));
        panel->removeOffer(0);
        QCOMPARE(doc.scenario().pricing.offers.size(), std::size_t(1));
        QCOMPARE(doc.scenario().pricing.offers[0].id, std::string("my-offer-2"));
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().pricing.offers.size(), std::size_t(2));
    }

    // With HOSTPLAN_SCREENSHOT_DIR set, the dialog is shown with a priced offer of the user's,
    // an unpriced one and a catalogue figure entered, and saved as offers-dialog.png.
    void screenshot() {
        const QString dirName = qEnvironmentVariable("HOSTPLAN_SCREENSHOT_DIR");
        if (dirName.isEmpty()) {
            QSKIP("HOSTPLAN_SCREENSHOT_DIR not set");
        }
        ScenarioDocument doc;
        doc.reset(llama8bOnH100());
        PricingPanel pricing(&doc);
        OffersDialog *dialog = pricing.offersDialog();
        OffersPanel *panel = dialog->panel();
        panel->addOffer();
        type(panel->userTable(), 0, OffersPanel::ProviderColumn, "Acme GPU");
        type(panel->userTable(), 0, OffersPanel::PriceColumn, "1.50");
        panel->addOffer();
        const int row = rowOf(panel->catalogueTable(), "crusoe-h100-hgx");
        type(panel->catalogueTable(), row, OffersPanel::GpusPerInstanceColumn, "8");
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QTest::qWait(200);
        QVERIFY(dialog->grab().save(QDir(dirName).filePath("offers-dialog.png")));
    }
};

QTEST_MAIN(TestOffersPanel)
#include "tst_offerspanel.moc"
