// SPDX-License-Identifier: MIT
// What-if explorer, offscreen, panels and views: model import, search and change, pricing
// (imported price lists, derived and missing API prices), the language menu, the compare
// table, the restored session and start-up with a file, the export hook in the File menu,
// hidden and standalone views following every edit, and how counts, money and long names
// read. With HOSTPLAN_SCREENSHOT_DIR set, every view is also saved as a PNG for review. Editing,
// undo and files are tested by tst_explorer.
#include "appscenarios.h"
#include "plan/decision.h"
#include "document/appsettings.h"
#include "catalogue/catalogue.h"
#include "charts/breakevenchart.h"
#include "views/comparemodel.h"
#include "views/compareview.h"
#include "panels/elidingcombobox.h"
#include "document/formatting.h"
#include "charts/gputypeschart.h"
#include "panels/hardwarepanel.h"
#include "charts/kvchart.h"
#include "window/mainwindow.h"
#include "charts/memorychart.h"
#include "panels/modelpanel.h"
#include "panels/pricingpanel.h"
#include "document/scenariodocument.h"
#include "views/summaryview.h"
#include "explorertestutil.h"
#include "testutil.h"
#include "viewtestutil.h"
#include "panels/workloadpanel.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QMessageBox>
#include <QScatterSeries>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <QUndoStack>

using namespace hostplan;
using namespace hostplan::ui;
using namespace hostplan::explorertest;
using hostplan::testscenarios::noFit;

namespace {

/// Copies the Llama 3.1 8B config of resources/models into `dir`/llama8b as config.json (a
/// model folder to import); returns that folder.
QString writeLlama8bFolder(const QTemporaryDir &dir) {
    QDir(dir.path()).mkpath(QStringLiteral("llama8b"));
    const QString folder = dir.path() + QStringLiteral("/llama8b");
    QFile::copy(QStringLiteral(HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json"),
                folder + QStringLiteral("/config.json"));
    return folder;
}

} // namespace

class TestExplorerPanels : public QObject {
    Q_OBJECT
  private slots:
    /// The prefix-caching field: one undoable edit; on Kimi K3 (KDA layers) under vLLM each
    /// request then holds two state pages (scenario engine.prefix_caching).
    void prefixCachingEditAndUndo() {
        MainWindow w;
        auto *doc = w.document();
        QComboBox *box = w.hardwarePanel()->prefixCachingCombo();
        QCOMPARE(box->currentData().toString(), QString());
        QCOMPARE(doc->plan()->memory.cache.stateSlotsPerRequest, 1u);
        pick(box, "on");
        QVERIFY(doc->scenario().engine.prefixCaching == true);
        QCOMPARE(box->currentData().toString(), QStringLiteral("on"));
        QCOMPARE(doc->plan()->memory.cache.stateSlotsPerRequest, 2u);
        pick(box, "off");
        QVERIFY(doc->scenario().engine.prefixCaching == false);
        doc->undoStack()->undo();
        QVERIFY(doc->scenario().engine.prefixCaching == true);
        doc->undoStack()->undo();
        QVERIFY(!doc->scenario().engine.prefixCaching);
        QCOMPARE(box->currentData().toString(), QString());
    }

    void initTestCase() { useTestSettings(QStringLiteral("tst_explorer_panels")); }
    void cleanupTestCase() { AppSettings::clear(); }
    // A relative model path in a scenario opened in the GUI is relative to the file.
    void relativeModelPathOpensBesideTheFile() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("llama"));
        QVERIFY(QFile::copy(HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json",
                            dir.filePath("llama/config.json")));
        QFile f(dir.filePath("s.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"schema_version":1,"model":{"ref":"llama"},"hardware":{"gpu":"h100","gpu_count":1}})");
        f.close();
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openFile(dir.filePath("s.json")).isEmpty());
        QVERIFY2(w.document()->plan().has_value(), qPrintable(w.document()->error()));
        QCOMPARE(w.document()->plan()->model.hiddenSize, 4096u);
    }

    // A scenario without a plan (TP 2 does not divide 3 GPUs) still shows its own GPU's rate,
    // not the last valid plan's.
    void pricingFollowsTheScenarioWithoutAPlan() {
        QTemporaryDir dir;
        QFile f(dir.filePath("bad.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema_version":1,"hardware":{"gpu":"h200","gpu_count":3,"tp":2}})");
        f.close();
        MainWindow w;
        w.setInteractive(false);
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->value(), 4.76); // B300 default scenario
        QVERIFY(w.openFile(dir.filePath("bad.json")).isEmpty());
        QVERIFY(!w.document()->plan().has_value());
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->value(), 3.50);
        QVERIFY(w.pricingPanel()->gpuSourceLabel()->text().contains("Catalogue rate"));
    }

    // With the count on auto the plan is priced at the chosen offer's rate: the rate box shows
    // that rate (not the catalogue's, which the cost is not at) and names the offer; typing the
    // catalogue rate then prices the plan at it.
    void rateBoxShowsTheOffersRate() {
        MainWindow w;
        w.setInteractive(false);
        w.document()->edit(withGpuType(w.document()->scenario(), "mi355x"), "MI355X");
        const auto &p = w.document()->plan();
        QVERIFY(p.has_value());
        const PlanRate rate = planRate(*p);
        QCOMPARE(rate.basis, RateBasis::ChosenOffer);
        QVERIFY(std::abs(p->usdPerGpuHour - p->gpu.defaultUsdPerGpuHour) > 0.01);
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->value(),
                 std::round(p->usdPerGpuHour * 100) / 100);
        const QString label = w.pricingPanel()->gpuSourceLabel()->text();
        QVERIFY2(label.contains(QString::fromStdString(rate.offerId)), qPrintable(label));
        QVERIFY(!label.contains("Catalogue rate"));
        const double catalogue = p->gpu.defaultUsdPerGpuHour;
        enter(w.pricingPanel()->gpuRateSpin(), catalogue);
        QCOMPARE(w.document()->scenario().pricing.usdPerGpuHour.value_or(0), catalogue);
        QCOMPARE(w.document()->plan()->usdPerGpuHour, catalogue);
        QVERIFY(w.pricingPanel()->gpuSourceLabel()->text().contains("Your rate"));
    }

    void importModelFolderAndDrop() {
        QTemporaryDir dir;
        const QString folder = writeLlama8bFolder(dir);
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openDroppedPath(folder).isEmpty());
        QVERIFY(w.document()->plan().has_value());
        QVERIFY(w.document()->plan()->model.totalParams < 10'000'000'000ull);
        QVERIFY(w.modelCombo()->currentText().contains("imported"));
        QVERIFY(w.document()->undoStack()->undoText().startsWith("Import model"));
        // A file that is not a model: refused with a message, nothing changes.
        const Scenario keep = w.document()->scenario();
        QFile junk(dir.path() + "/config.json");
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{\"model_type\": 7}");
        junk.close();
        QVERIFY(!w.openDroppedPath(junk.fileName()).isEmpty());
        QVERIFY(w.document()->scenario() == keep);
        QVERIFY(!w.modelPanel()->problemText().isEmpty());
        // Undo goes back to Kimi K3.
        w.document()->undoStack()->undo();
        QCOMPARE(w.modelCombo()->currentData().toString(), QString("kimi-k3"));
    }

    void modelSearchAndChange() {
        MainWindow w;
        const int i = w.modelCombo()->findText("Llama", Qt::MatchContains);
        QVERIFY(i >= 0);
        w.modelCombo()->setCurrentIndex(i);
        emit w.modelCombo()->activated(i);
        QVERIFY(w.document()->plan().has_value());
        QVERIFY(QString::fromStdString(w.document()->plan()->model.displayName).contains("Llama"));
        // A dense model has no routed-experts override row.
        QVERIFY(!w.modelPanel()->groupCombo(GroupRole::RoutedExperts));
        QVERIFY(w.modelPanel()->groupCombo(GroupRole::Attention));
    }

    // The recurrent-state combo offers the engine's default, naming what the plan took (vLLM
    // keeps Qwen3-Next's Gated DeltaNet state in the model's BF16); a chosen format is one undo
    // step, and undoing it brings the default back.
    void stateComboShowsTheEngineDefault() {
        MainWindow w;
        w.setInteractive(false);
        const int next = w.modelCombo()->findText("Qwen3 Next", Qt::MatchContains);
        QVERIFY(next >= 0);
        w.modelCombo()->setCurrentIndex(next);
        emit w.modelCombo()->activated(next);
        QVERIFY2(w.document()->plan().has_value(), qPrintable(w.document()->error()));
        auto *state = w.findChild<QComboBox *>(QStringLiteral("stateCombo"));
        QVERIFY(state);
        QVERIFY(state->isEnabled());
        QCOMPARE(state->currentIndex(), 0);
        QCOMPARE(state->currentText(), QString("Engine default (BF16)"));
        const std::uint64_t bf16State = w.document()->plan()->memory.cache.stateBytesPerSequence;
        pick(state, QStringLiteral("fp32"));
        QVERIFY(w.document()->scenario().model.stateFormatChosen);
        QCOMPARE(w.document()->plan()->scenario.model.stateFormat.name(), std::string("fp32"));
        QVERIFY(w.document()->plan()->memory.cache.stateBytesPerSequence > bf16State);
        QCOMPARE(state->itemText(0), QString("Engine default"));
        w.document()->undoStack()->undo();
        QVERIFY(!w.document()->scenario().model.stateFormatChosen);
        QCOMPARE(state->currentText(), QString("Engine default (BF16)"));
        QCOMPARE(w.document()->plan()->memory.cache.stateBytesPerSequence, bf16State);
    }

    void modelChangeResetsCountLayoutAndApi() {
        // After 24 GPUs for Kimi K3, a small model plans on its own count (the CLI's --model
        // does the same), and one undo brings back the 24 GPUs with the old model.
        QTemporaryDir dir;
        const QString folder = writeLlama8bFolder(dir);
        MainWindow w;
        w.setInteractive(false);
        enter(w.gpuCountSpin(), 24);
        enter(w.hardwarePanel()->tpSpin(), 8);
        QCOMPARE(w.document()->scenario().hardware.gpuCount, 24u);
        Scenario priced = w.document()->scenario();
        priced.pricing.apiPriceId = Catalogue::builtin().apiPrices().front().id;
        w.document()->edit(priced, "API");
        const int before = w.document()->undoStack()->index();
        QVERIFY(w.modelPanel()->importPath(folder).isEmpty());
        QCOMPARE(w.document()->undoStack()->index(), before + 1);
        const Scenario &s = w.document()->scenario();
        QVERIFY2(w.document()->plan().has_value(), qPrintable(w.document()->error()));
        QCOMPARE(s.hardware.gpuCount, 0u);
        QCOMPARE(s.hardware.tp + s.hardware.ep + s.hardware.pp, 0u);
        QVERIFY(s.pricing.apiPriceId.empty());
        QCOMPARE(w.document()->plan()->layout.gpuCount(), 1u);
        QCOMPARE(w.gpuCountSpin()->text(), QString("auto"));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().hardware.gpuCount, 24u);
        QCOMPARE(w.document()->scenario().model.ref, std::string("kimi-k3"));
        // The catalogue combo does the same.
        const int llama = w.modelCombo()->findText("Llama", Qt::MatchContains);
        QVERIFY(llama >= 0);
        w.modelCombo()->setCurrentIndex(llama);
        emit w.modelCombo()->activated(llama);
        QVERIFY(w.document()->plan().has_value());
        QCOMPARE(w.document()->scenario().hardware.gpuCount, 0u);
        QVERIFY(w.document()->scenario().pricing.apiPriceId.empty());
    }

    void languageMenuStoresTheChoice() {
        AppSettings::setLanguage(QString());
        MainWindow w;
        w.setInteractive(false);
        const QList<QAction *> actions = w.languageMenu()->actions();
        QStringList data;
        for (QAction *a : actions) {
            data << a->data().toString();
        }
        QCOMPARE(data, QStringList({"", "en", "de", "zh_CN", "ja"}));
        QVERIFY(actions[0]->isChecked());
        QCOMPARE(actions[2]->text(), QString("Deutsch"));
        QCOMPARE(actions[3]->text(), QStringLiteral("\u4e2d\u6587 (\u7b80\u4f53)"));
        QCOMPARE(actions[4]->text(), QStringLiteral("\u65e5\u672c\u8a9e"));
        actions[2]->trigger();
        QCOMPARE(AppSettings::language(), QString("de"));
        QVERIFY(actions[2]->isChecked());
        QCOMPARE(w.lastMessage(), QString("The language changes when HostPlan is started again."));
        MainWindow next;
        QVERIFY(next.languageMenu()->actions()[2]->isChecked());
        // A stored locale name checks its language.
        AppSettings::setLanguage(QStringLiteral("ja_JP"));
        MainWindow japanese;
        QVERIFY(japanese.languageMenu()->actions()[4]->isChecked());
        AppSettings::setLanguage(QString());
    }

    void compareTableListsDifferences() {
        MainWindow w;
        CompareView *cmp = w.compareView();
        QVERIFY(!cmp->hasPin());
        QCOMPARE(cmp->model()->rowCount(), 0);
        cmp->pinCurrent();
        QCOMPARE(w.viewTabs()->currentWidget(), cmp);
        QVERIFY(cmp->model()->differingRows().isEmpty());
        pick(w.gpuCombo(), "h200");
        enter(w.contextSpin(), 65536);
        const QStringList diff = cmp->model()->differingRows();
        QVERIFY2(diff.contains("GPU"), qPrintable(diff.join(", ")));
        QVERIFY(diff.contains("Context"));
        QVERIFY(diff.contains("Layout"));
        QVERIFY(diff.contains("Monthly cost (scheduled)"));
        QVERIFY(!diff.contains("Model"));
        // Differences only.
        const int all = cmp->model()->rowCount();
        cmp->model()->setDifferencesOnly(true);
        QCOMPARE(cmp->model()->rowCount(), int(diff.size()));
        QVERIFY(cmp->model()->rowCount() < all);
        // The two sides show the two GPUs.
        bool found = false;
        for (int r = 0; r < cmp->model()->rowCount(); ++r) {
            if (cmp->model()->index(r, CompareModel::ColWhat).data().toString() == "GPU") {
                QCOMPARE(cmp->model()->index(r, CompareModel::ColPinned).data().toString(),
                         QString("NVIDIA B300 SXM 288GB (Blackwell Ultra)"));
                QCOMPARE(cmp->model()->index(r, cmp->model()->currentColumn()).data().toString(),
                         QString("NVIDIA H200 SXM 141GB"));
                found = true;
            }
        }
        QVERIFY(found);
    }

    void sessionRestored() {
        AppSettings::clear();
        Scenario s;
        {
            MainWindow w;
            enter(w.contextSpin(), 77777);
            pick(w.gpuCombo(), "mi355x");
            s = w.document()->scenario();
            w.saveSession();
        }
        MainWindow again;
        again.restoreSession();
        QVERIFY(again.document()->scenario() == s);
        QCOMPARE(again.contextSpin()->value(), 77777);
        AppSettings::clear();
    }

    void fileMenuHookForExports() {
        MainWindow w;
        QVERIFY(w.fileMenu());
        auto *a = new QAction("Export test", &w);
        w.addFileAction(a);
        const auto actions = w.fileMenu()->actions();
        const int at = int(actions.indexOf(a));
        QVERIFY(at > 0);
        QVERIFY(actions.last()->text().contains("Quit"));
        QVERIFY(at < actions.size() - 1);
    }

    void hiddenViewsCatchUpWhenShown() {
        MainWindow w;
        QCOMPARE(w.viewTabs()->currentWidget(), w.summaryView());
        pick(w.gpuCombo(), "h200");
        // The current tab follows the edit; background tabs skip it until shown.
        QVERIFY(w.summaryView()->toPlainText().contains("H200"));
        // The GPU by its display name ("8 x NVIDIA B300 ..."), never the lower-case id.
        QVERIFY(w.memoryChart()->chart()->title().contains("8 x NVIDIA B300"));
        QVERIFY(w.kvChart()->chart()->title().contains("8 x NVIDIA B300"));
        QVERIFY(!w.kvChart()->chart()->title().contains("b300"));
        QVERIFY(w.breakEvenChart()->options().first().gpuId == "b300");
        // Showing a tab brings its view up to date, after any number of edits.
        enter(w.gpuCountSpin(), 16);
        w.viewTabs()->setCurrentIndex(1);
        QVERIFY2(w.memoryChart()->chart()->title().contains("16 x NVIDIA H200"),
                 qPrintable(w.memoryChart()->chart()->title()));
        QVERIFY(w.kvChart()->chart()->title().contains("NVIDIA B300"));
        // In a shown window the same holds; the page's Show event updates it too.
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        enter(w.contextSpin(), 65536);
        QVERIFY(w.memoryChart()->isVisible());
        QVERIFY(!w.kvChart()->isVisible());
        w.viewTabs()->setCurrentWidget(w.kvChart());
        QVERIFY(w.kvChart()->chart()->title().contains("16 x NVIDIA H200"));
        QCOMPARE(linePoints(w.kvChart()->chart(), "Scenario:").first().x(), 16.0); // log2(65,536)
        QCOMPARE(w.breakEvenChart()->options().first().gpuId, QString("b300"));
        // The page's Show event alone (no currentChanged signal) brings it up to date too.
        w.viewTabs()->blockSignals(true);
        w.viewTabs()->setCurrentWidget(w.breakEvenChart());
        w.viewTabs()->blockSignals(false);
        QVERIFY(w.breakEvenChart()->isVisible());
        QCOMPARE(w.breakEvenChart()->options().first().gpuId, QString("h200"));
        w.viewTabs()->setCurrentWidget(w.kvChart());
        // Undo while another tab is current: the memory chart catches up exactly.
        const auto totals = w.memoryChart()->totalsBytes();
        w.document()->undoStack()->undo();
        QVERIFY(w.memoryChart()->totalsBytes() == totals); // hidden: not rebuilt yet
        w.viewTabs()->setCurrentIndex(1);
        QVERIFY(w.memoryChart()->totalsBytes() != totals);
    }

    void standaloneViewsFollowEveryEdit() {
        // The report builds charts without a window: they must be complete after any edit.
        ScenarioDocument doc;
        MemoryChart memory(&doc);
        KvChart kv(&doc);
        BreakEvenChart breakEven(&doc);
        GpuTypesChart gpuTypes(&doc);
        Scenario s = doc.scenario();
        s.hardware.gpu = "h200";
        doc.edit(s, "GPU");
        QVERIFY(doc.plan().has_value());
        QVERIFY(memory.chart()->title().contains("NVIDIA H200"));
        QVERIFY(kv.chart()->title().contains("NVIDIA H200"));
        QCOMPARE(breakEven.options().first().gpuId, QString("h200"));
        bool marked = false;
        for (auto *a : gpuTypes.chart()->axes(Qt::Vertical)) {
            if (auto *cat = qobject_cast<QBarCategoryAxis *>(a)) {
                for (const QString &c : cat->categories()) {
                    marked = marked || (c.startsWith(QChar(0x25B6)) && c.contains("H200"));
                }
            }
        }
        QVERIFY(marked);
    }

    // Issue 20: a price list imported in the Pricing dock joins the plan's APIs, can win the
    // comparison, and is one undoable edit; a malformed list changes nothing and names the field.
    void importedPriceListIsUndoable() {
        MainWindow w;
        QTemporaryDir dir;
        const QString path = dir.filePath("prices.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"api": [{"id": "k3-mine", "name": "Kimi K3, my quote", "model": "kimi-k3",
                  "input_usd_per_mtok": 1.0, "output_usd_per_mtok": 5.0,
                  "source": "quote 42", "as_of": "2026-11-30"}]})");
        f.close();
        Scenario s = w.document()->scenario();
        s.pricing.apiPriceId.clear(); // compare with the cheapest
        w.document()->edit(s, "Cheapest API");
        const double before = w.document()->plan()->apiUsdPerMonth;
        const std::size_t alternatives = w.document()->plan()->apiAlternatives.size();
        QCOMPARE(w.pricingPanel()->importPriceList(path), QString());
        QCOMPARE(w.document()->plan()->apiAlternatives.size(), alternatives + 1);
        QCOMPARE(w.document()->plan()->api.id, std::string("k3-mine"));
        QVERIFY(w.document()->plan()->apiUsdPerMonth < before);
        QVERIFY(w.pricingPanel()->apiCombo()->findData(QStringLiteral("k3-mine")) >= 0);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->plan()->apiAlternatives.size(), alternatives);
        QCOMPARE(w.document()->plan()->apiUsdPerMonth, before);
        // A malformed list: the error names the field, nothing changes.
        QFile bad(dir.filePath("bad.csv"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(
            "id,name,input_usd_per_mtok,output_usd_per_mtok,source,as_of\na,n,x,1,s,2026-01\n");
        bad.close();
        const int steps = w.document()->undoStack()->count();
        const QString error = w.pricingPanel()->importPriceList(dir.filePath("bad.csv"));
        QVERIFY2(error.contains("input_usd_per_mtok"), qPrintable(error));
        QCOMPARE(w.document()->undoStack()->count(), steps);
    }

    // Issue 20: "Batch API prices" switches an offline workload to the batch price (Fireworks:
    // 50% of serverless) as one undoable edit, and the panel says so.
    void batchPricesAreUndoable() {
        MainWindow w;
        Scenario s = w.document()->scenario();
        s.model.ref = "gpt-oss-120b";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h200";
        s.pricing.apiPriceId = "gpt-oss-120b-fireworks";
        w.document()->edit(s, "gpt-oss-120b at Fireworks");
        PricingPanel *pp = w.pricingPanel();
        QVERIFY(!pp->batchCheck()->isChecked());
        QCOMPARE(w.document()->plan()->api.outputUsdPerMTok, 0.6);
        const int steps = w.document()->undoStack()->count();
        pp->batchCheck()->click();
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QVERIFY(w.document()->scenario().pricing.apiBatch);
        QVERIFY(w.document()->plan()->apiBatch);
        QCOMPARE(w.document()->plan()->api.outputUsdPerMTok, 0.3);
        QVERIFY2(pp->apiTierLabel()->text().contains("50% off"),
                 qPrintable(pp->apiTierLabel()->text()));
        w.document()->undoStack()->undo();
        QVERIFY(!pp->batchCheck()->isChecked());
        QCOMPARE(w.document()->plan()->api.outputUsdPerMTok, 0.6);
        QVERIFY(pp->apiTierLabel()->text().isEmpty());
    }

    // Issue 18: with no catalogue API, typing an input price must not show the other classes
    // as typed, and tabbing through a derived field adds no undo step nor a typed price.
    void derivedApiPricesAreNotTyped() {
        MainWindow w;
        w.document()->edit(testscenarios::noApiPrice(w.document()->scenario()), "No API price");
        PricingPanel *pp = w.pricingPanel();
        const int steps = w.document()->undoStack()->count();
        enter(pp->apiInputSpin(), 0.5);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        const PricingChoice &pc = w.document()->scenario().pricing;
        QCOMPARE(pc.apiInputUsdPerMTok.value_or(-1), 0.5);
        QVERIFY(!pc.apiCachedInputUsdPerMTok && !pc.apiOutputUsdPerMTok);
        // The plan prices the unset classes at the input price; the panel says they are derived.
        QCOMPARE(w.document()->plan()->api.outputUsdPerMTok, 0.5);
        QCOMPARE(pp->apiOutputSpin()->value(), 0.5);
        QVERIFY2(pp->apiOutputSpin()->suffix().contains("not entered"),
                 qPrintable(pp->apiOutputSpin()->suffix()));
        QVERIFY(pp->apiOutputSpin()->font().italic());
        QVERIFY(pp->apiCachedSpin()->suffix().contains("not entered"));
        QVERIFY(!pp->apiInputSpin()->suffix().contains("not entered"));
        QVERIFY(!pp->apiInputSpin()->font().italic());
        // Tabbing through the derived cached-input field changes nothing.
        emit pp->apiCachedSpin()->editingFinished();
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QVERIFY(!w.document()->scenario().pricing.apiCachedInputUsdPerMTok);
        // Typing a different output price makes it entered.
        enter(pp->apiOutputSpin(), 2.0);
        QCOMPARE(w.document()->undoStack()->count(), steps + 2);
        QCOMPARE(w.document()->scenario().pricing.apiOutputUsdPerMTok.value_or(-1), 2.0);
        QVERIFY(!pp->apiOutputSpin()->suffix().contains("not entered"));
    }

    void noApiPriceSaysSo() {
        MainWindow w;
        w.compareView()->pinCurrent();
        w.document()->edit(testscenarios::noApiPrice(w.document()->scenario()), "No API price");
        QVERIFY(w.document()->plan()->fit.fits);
        QVERIFY(w.document()->plan().has_value());
        QVERIFY(!w.document()->plan()->apiPriced);
        const QString verdict = w.verdictLabel()->text();
        QVERIFY2(verdict.contains("no API price"), qPrintable(verdict));
        QVERIFY2(!verdict.contains("n/a"), qPrintable(verdict));
        // The compare table (current tab after pinning) names it in every API row.
        CompareModel *cmp = w.compareView()->model();
        int apiRows = 0;
        for (int r = 0; r < cmp->rowCount(); ++r) {
            const QString what = cmp->index(r, CompareModel::ColWhat).data().toString();
            const QString cur = cmp->index(r, cmp->currentColumn()).data().toString();
            if (what.startsWith("API") || what.startsWith("Break-even")) {
                QVERIFY2(cur == "no API price", qPrintable(what + ": " + cur));
                ++apiRows;
            }
            QVERIFY2(!cur.contains("n/a") && !cur.contains("never") && !cur.contains("nan"),
                     qPrintable(what + ": " + cur));
        }
        QCOMPARE(apiRows, 3);
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY(summary.contains("no API price"));
        QVERIFY(!summary.contains("never"));
        QVERIFY(shown(w, w.breakEvenChart())->chart()->title().contains("no API price"));
    }

    void countsAndMoneyReadWell() {
        MainWindow w;
        enter(w.concurrencySpin(), 1);
        QCOMPARE(w.concurrencySpin()->text(), QString("1 sequence"));
        enter(w.concurrencySpin(), 16);
        QCOMPARE(w.concurrencySpin()->text(), QString("16 sequences"));
        // Advertised GB against measured GiB.
        QVERIFY2(w.hardwarePanel()->gpuInfoLabel()->text().startsWith(
                     "288 GB advertised, 267.7 GiB usable (as the engines measure it)"),
                 qPrintable(w.hardwarePanel()->gpuInfoLabel()->text()));
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains("Up to 57 sequences of 32,768 tokens"), qPrintable(summary));
        QVERIFY2(summary.contains("(weights only): 6 GPUs"), qPrintable(summary));
        QVERIFY2(summary.contains("$4.76 per GPU-hour x 8 GPUs"), qPrintable(summary));
        QVERIFY2(summary.contains("$27,798 per month"), qPrintable(summary));
        // Rates with cents; a third decimal only when it matters.
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->text(), QString("$4.76 /GPU-h"));
        enter(w.pricingPanel()->gpuRateSpin(), 4.125);
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->text(), QString("$4.125 /GPU-h"));
    }

    // Memory figures are one replica's: with two data-parallel replicas the Summary says
    // "per replica" and gives the total for both.
    void summaryMemoryPerReplica() {
        MainWindow w;
        w.document()->reset(testscenarios::twoReplicas());
        const PlanResult &p = *w.document()->plan();
        QCOMPARE(p.replicas, 2u);
        QCOMPARE(p.layout.gpuCount(), 1u);
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains("per replica and in total for 2 replicas"), qPrintable(summary));
        QVERIFY2(summary.contains("Per replica (1 GPU)"), qPrintable(summary));
        QVERIFY2(summary.contains("All 2 replicas (2 GPUs)"), qPrintable(summary));
        const double total = double(p.memory.total.total());
        QVERIFY2(summary.contains(gbText(total, 1) + "\t" + gbText(2 * total, 1)) ||
                     summary.contains(gbText(total, 1) + " " + gbText(2 * total, 1)) ||
                     summary.contains(gbText(total, 1) + "\n" + gbText(2 * total, 1)),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QString("In total across all GPUs: %1 (one replica: %2)")
                                      .arg(bytesText(2 * total), bytesText(total))),
                 qPrintable(summary));
        // The cost line says whose rate it is: the chosen offer's own.
        QVERIFY2(summary.contains("Cost at the chosen offer's own rate: $2.40 per GPU-hour, on "
                                  "demand (Vast.ai vastai-1x-h100-sxm-median"),
                 qPrintable(summary));
    }

    // A count the user fixes is priced at the GPU type's catalogue rate, not at an offer's:
    // the Summary says so and gives the search's own choice at its rate.
    void summaryFixedCountSaysWhichRate() {
        MainWindow w;
        Scenario s = testscenarios::twoReplicas();
        s.hardware.gpuCount = 2;
        w.document()->reset(s);
        const PlanResult &p = *w.document()->plan();
        QVERIFY(!p.autoCount);
        QCOMPARE(planRate(p).basis, RateBasis::GpuCatalogue);
        QVERIFY(planRate(p).searchRateDiffers);
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains(
                     QString("Cost at the %1 catalogue rate of %2 per GPU-hour")
                         .arg(QString::fromStdString(p.gpu.name), usdCentsText(p.usdPerGpuHour))),
                 qPrintable(summary));
        QVERIFY2(summary.contains("its choice, vastai-1x-h100-sxm-median, costs"),
                 qPrintable(summary));
    }

    void summaryOfAPlanThatDoesNotFit() {
        MainWindow w;
        w.document()->reset(noFit());
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains("Up to 0 sequences of 1,048,576 tokens"), qPrintable(summary));
        QVERIFY2(summary.contains("n/a (does not fit)"), qPrintable(summary));
        QVERIFY2(summary.contains("Break-even: never: the plan does not fit"), qPrintable(summary));
        QVERIFY(!summary.contains("never output tokens"));
        QVERIFY(!summary.contains("$5.11"));
        QCOMPARE(w.concurrencySpin()->text(), QString("1 sequence"));
    }

    void longComboTextsShortenWithTooltip() {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *gpu = qobject_cast<ElidingComboBox *>(w.gpuCombo());
        QVERIFY(gpu);
        QCOMPARE(gpu->currentText(), QString("NVIDIA B300 SXM 288GB (Blackwell Ultra)"));
        // Too narrow for the whole name: the bracketed remark goes first, then "...".
        gpu->setFixedWidth(gpu->fontMetrics().horizontalAdvance("NVIDIA B300 SXM 288GB") + 60);
        QApplication::processEvents();
        QCOMPARE(gpu->shownText(), QString("NVIDIA B300 SXM 288GB"));
        QVERIFY2(gpu->toolTip().startsWith("NVIDIA B300 SXM 288GB (Blackwell Ultra): "),
                 qPrintable(gpu->toolTip()));
        const QFontMetrics fm = gpu->fontMetrics();
        const QString cut = ElidingComboBox::fitText("Model default: Kimi K3, Moonshot API", fm,
                                                     fm.horizontalAdvance("Model default: Kimi"));
        QVERIFY2(cut.startsWith("Model default") && cut.endsWith(QChar(0x2026)), qPrintable(cut));
        QCOMPARE(ElidingComboBox::fitText("H200", fm, 500), QString("H200"));
        // The API combo's tooltip holds its full text, also after its text changes in place.
        QComboBox *api = w.pricingPanel()->apiCombo();
        QVERIFY2(api->toolTip().startsWith(api->currentText() + "\n"), qPrintable(api->toolTip()));
    }

    void startUpWithAFileSkipsTheSession() {
        AppSettings::clear();
        QTemporaryDir dir;
        const QString file = dir.filePath("nofit.json");
        {
            ScenarioDocument doc;
            doc.reset(noFit());
            QVERIFY(doc.saveAs(file).isEmpty());
        }
        {
            MainWindow w;
            enter(w.contextSpin(), 77777);
            w.saveSession();
        }
        MainWindow given;
        given.setInteractive(false);
        QVERIFY(given.startUp(file).isEmpty());
        QCOMPARE(given.document()->filePath(), file);
        QCOMPARE(given.document()->scenario().workload.contextTokens, 1048576ull);
        MainWindow restored;
        QVERIFY(restored.startUp(QString()).isEmpty());
        QCOMPARE(restored.document()->scenario().workload.contextTokens, 77777ull);
        // A missing file: the error as File > Open shows it; the default scenario stays.
        MainWindow missing;
        missing.setInteractive(false);
        const QString error = missing.startUp(dir.filePath("none.json"));
        QVERIFY(!error.isEmpty());
        QCOMPARE(missing.lastMessage(), error);
        QVERIFY(missing.document()->scenario() == defaultScenario());
        AppSettings::clear();
    }

    void screenshots() {
        const QString dirName = qEnvironmentVariable("HOSTPLAN_SCREENSHOT_DIR");
        if (dirName.isEmpty()) {
            QSKIP("HOSTPLAN_SCREENSHOT_DIR not set");
        }
        QDir().mkpath(dirName);
        const QDir dir(dirName);
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList names = {"summary",  "memory",     "gpu-types",
                                   "kv-cache", "break-even", "throughput"};
        for (int i = 0; i < names.size(); ++i) {
            w.viewTabs()->setCurrentIndex(i);
            QApplication::processEvents();
            QVERIFY(w.viewTabs()->currentWidget()->grab().save(
                dir.filePath("view-" + names[i] + ".png")));
        }
        w.compareView()->pinCurrent();
        pick(w.gpuCombo(), "h200");
        enter(w.gpuCountSpin(), 16);
        QApplication::processEvents();
        QVERIFY(w.viewTabs()->currentWidget()->grab().save(dir.filePath("view-compare.png")));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        w.viewTabs()->setCurrentIndex(1);
        QApplication::processEvents();
        QVERIFY(w.grab().save(dir.filePath("screenshot.png")));
        // Invalid input, as the user sees it.
        enter(w.hardwarePanel()->tpSpin(), 6);
        QApplication::processEvents();
        QVERIFY(w.grab().save(dir.filePath("view-invalid-tp.png")));
    }
};

QTEST_MAIN(TestExplorerPanels)
#include "tst_explorer_panels.moc"
