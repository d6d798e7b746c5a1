// SPDX-License-Identifier: MIT
// The "This card" view (views/cardfitview.h), offscreen: it follows the plan's GPU until a card
// is chosen, shows the core's cardFit answer in every cell, changes with the card and host,
// and adds the plan's own imported model as a row. With HOSTPLAN_SCREENSHOT_DIR set, the view
// on an RTX 4090 is saved as view-this-card.png for review.
#include "document/scenariodocument.h"
#include "testutil.h"
#include "views/cardfitview.h"

#include <QComboBox>
#include <QTableWidget>
#include <QTest>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// The table row of `modelId` (-1 when absent).
int rowOf(const CardFitView &v, const QString &modelId) {
    for (int r = 0; r < v.table()->rowCount(); ++r) {
        if (v.table()->item(r, 0)->data(Qt::UserRole).toString() == modelId) {
            return r;
        }
    }
    return -1;
}

} // namespace

class TestCardFitView : public QObject {
    Q_OBJECT
  private slots:
    void followsThePlanGpuThenTheChosenCard() {
        ScenarioDocument doc;
        Scenario s = doc.scenario();
        s.hardware.gpu = "h200";
        doc.edit(s, "GPU");
        CardFitView view(&doc);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *gpu = view.findChild<QComboBox *>("cardFitGpu");
        QCOMPARE(gpu->currentData().toString(), QString("h200"));
        // On 141 GB, Llama-3.1-70B as q4_K runs wholly on the card.
        QVERIFY(view.cell("llama-3.1-70b", "q4_K")->fitsAtDefault);

        view.setGpu("rtx-4090");
        view.setHost("ddr5-desktop");
        const CardFitCell *small = view.cell("llama-3.1-8b", "q4_K");
        QVERIFY(small && small->fitsAtDefault);
        QCOMPARE(small->maxContext, std::uint64_t(131072));
        const CardFitCell *big = view.cell("llama-3.1-70b", "q4_K");
        QVERIFY(big && !big->fitsAtDefault && big->offloadGpuLayers && !big->cpuMoeLayers);
        QVERIFY(!view.cell("kimi-k3", "q4_K")->offloadGpuLayers); // not even in 64 GB RAM

        // The cells show those answers, under the right headers.
        const int r8 = rowOf(view, "llama-3.1-8b");
        QVERIFY(r8 >= 0);
        QCOMPARE(view.table()->horizontalHeaderItem(2)->text(), QString("q4_K"));
        QCOMPARE(view.table()->item(r8, 2)->text(), CardFitView::cellText(*small));
        QVERIFY(view.table()->item(r8, 2)->text().contains("128k"));
        const int r70 = rowOf(view, "llama-3.1-70b");
        QVERIFY(view.table()->item(r70, 2)->text().startsWith("-ngl "));
        QVERIFY(view.table()->item(rowOf(view, "kimi-k3"), 2)->text() == "does not fit");

        if (const QByteArray dir = qgetenv("HOSTPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
            view.resize(1280, 600);
            view.grab().save(QString::fromLocal8Bit(dir) + "/view-this-card.png");
        }
        // A chosen card stays when the plan's GPU changes.
        s.hardware.gpu = "b200";
        doc.edit(s, "GPU");
        QCOMPARE(gpu->currentData().toString(), QString("rtx-4090"));

        // More RAM: the 70B offload plan keeps more layers reachable, Kimi still too large.
        view.setHost("epyc-9005");
        QVERIFY(view.cell("llama-3.1-70b", "q4_K")->offloadGpuLayers);
    }

    void importedModelJoinsTheTable() {
        ScenarioDocument doc;
        CardFitView view(&doc);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int before = view.table()->rowCount();
        Scenario s = doc.scenario();
        s.model.ref = std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/Qwen--Qwen3-14B_config.json";
        doc.edit(s, "Model");
        QVERIFY2(doc.error().isEmpty(), qPrintable(doc.error()));
        QCOMPARE(view.table()->rowCount(), before + 1);
        bool found = false;
        for (int r = 0; r < view.table()->rowCount(); ++r) {
            found = found || view.table()->item(r, 0)->text().contains("14B");
        }
        QVERIFY(found);
    }
};

QTEST_MAIN(TestCardFitView)
#include "tst_cardfitview.moc"
