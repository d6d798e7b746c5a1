// SPDX-License-Identifier: MIT
// What-if explorer, offscreen: every input reaches the right view, invalid input is refused
// with a message, undo restores exactly, files round-trip losslessly (corrupt ones change
// nothing), the compare table lists differences, and the session is restored. With
// HOSTPLAN_SCREENSHOT_DIR set, every view is also saved as a PNG for review.
#include "appscenarios.h"
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
#include "testutil.h"
#include "viewtestutil.h"
#include "panels/workloadpanel.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
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

namespace {

void pick(QComboBox *box, const QString &data) {
    const int i = box->findData(data);
    QVERIFY2(i >= 0, qPrintable(data));
    box->setCurrentIndex(i);
    emit box->activated(i);
}

void enter(QSpinBox *spin, int value) {
    spin->setValue(value);
    emit spin->editingFinished();
}

void enter(QDoubleSpinBox *spin, double value) {
    spin->setValue(value);
    emit spin->editingFinished();
}

/// Values of the memory chart's bar set named `label`, one per format.
QList<double> barValues(MemoryChart *chart, const QString &label) {
    QList<double> out;
    for (QAbstractSeries *s : chart->chart()->series()) {
        if (auto *bars = qobject_cast<QStackedBarSeries *>(s)) {
            for (QBarSet *set : bars->barSets()) {
                if (set->label() == label) {
                    for (int i = 0; i < set->count(); ++i) {
                        out << set->at(i);
                    }
                }
            }
        }
    }
    return out;
}

/// The first point of the line series whose name starts with `prefix`.
QList<QPointF> linePoints(QChart *chart, const QString &prefix) {
    for (QAbstractSeries *s : chart->series()) {
        if (auto *line = qobject_cast<QLineSeries *>(s); line && line->name().startsWith(prefix)) {
            return line->points();
        }
    }
    return {};
}

using hostplan::testscenarios::noFit;

/// The labels of the chart's category axes along `orientation`.
QStringList axisLabels(QChart *chart, Qt::Orientation orientation) {
    QStringList out;
    for (QAbstractAxis *a : chart->axes(orientation)) {
        if (auto *cat = qobject_cast<QCategoryAxis *>(a)) {
            out << cat->categoriesLabels();
        }
    }
    return out;
}

QString writeLlama8bFolder(const QTemporaryDir &dir) {
    QDir(dir.path()).mkpath(QStringLiteral("llama8b"));
    const QString folder = dir.path() + QStringLiteral("/llama8b");
    QFile::copy(QStringLiteral(HOSTPLAN_RESOURCES_DIR "/models/Llama-3.1-8B.json"),
                folder + QStringLiteral("/config.json"));
    return folder;
}

} // namespace

class TestExplorer : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("HostPlanTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_explorer"));
        AppSettings::clear();
    }
    void cleanupTestCase() { AppSettings::clear(); }

    void sliderMapsLogScale() {
        QCOMPARE(WorkloadPanel::contextAt(WorkloadPanel::sliderPosition(32768)), 32768ull);
        QCOMPARE(WorkloadPanel::contextAt(WorkloadPanel::sliderPosition(1048576)), 1048576ull);
        QCOMPARE(WorkloadPanel::contextAt(WorkloadPanel::sliderPosition(1024)), 1024ull);
        QVERIFY(WorkloadPanel::sliderPosition(65536) - WorkloadPanel::sliderPosition(32768) == 100);
    }

    void contextMovesKvNotWeights() {
        MainWindow w;
        const auto weights = barValues(shown(w, w.memoryChart()), "Weights");
        const auto kv = barValues(shown(w, w.memoryChart()), "KV cache");
        QCOMPARE(kv.size(), 6);
        enter(w.contextSpin(), 131072);
        QCOMPARE(w.document()->scenario().workload.contextTokens, 131072ull);
        QCOMPARE(barValues(shown(w, w.memoryChart()), "Weights"), weights);
        const auto kv2 = barValues(shown(w, w.memoryChart()), "KV cache");
        for (int i = 0; i < kv.size(); ++i) {
            COMPARE_NEAR(kv2[i], 4 * kv[i], 1e-6, 1e-3);
        }
        // The KV chart marks the new context, and the slider followed.
        const auto marker = linePoints(shown(w, w.kvChart())->chart(), "Scenario:");
        QVERIFY(!marker.isEmpty());
        QCOMPARE(marker.first().x(), 17.0); // the axis plots log2(tokens): 2^17 = 131,072
        QCOMPARE(w.workloadPanel()->contextSlider()->value(),
                 WorkloadPanel::sliderPosition(131072));
        QVERIFY(w.document()->undoStack()->undoText().contains("131,072"));
    }

    void sliderRecordsOneEdit() {
        MainWindow w;
        QSlider *slider = w.workloadPanel()->contextSlider();
        const int before = w.document()->undoStack()->count();
        slider->setValue(WorkloadPanel::sliderPosition(262144));
        QCOMPARE(w.document()->scenario().workload.contextTokens, 262144ull);
        QCOMPARE(w.document()->undoStack()->count(), before + 1);
        QCOMPARE(w.contextSpin()->value(), 262144);
    }

    void concurrencyMovesKvAndCapacity() {
        MainWindow w;
        const auto kv = barValues(shown(w, w.memoryChart()), "KV cache");
        enter(w.concurrencySpin(), 32);
        const auto kv2 = barValues(shown(w, w.memoryChart()), "KV cache");
        COMPARE_NEAR(kv2[2], 2 * kv[2], 1e-6, 1e-3);
        const auto req = linePoints(shown(w, w.kvChart())->chart(), "Scenario:");
        QVERIFY(shown(w, w.kvChart())->chart()->series().size() >= 4);
        QVERIFY(!req.isEmpty());
    }

    void kvFormatHalvesKvPerSequence() {
        MainWindow w;
        const auto before = shown(w, w.kvChart())->samples();
        pick(w.kvFormatCombo(), "fp8_e4m3");
        QCOMPARE(w.document()->scenario().model.kvFormat, formats::fp8);
        const auto after = shown(w, w.kvChart())->samples();
        QCOMPARE(after.size(), before.size());
        COMPARE_NEAR(after.last().bytesPerSequencePerGpu, before.last().bytesPerSequencePerGpu / 2,
                     1e6, 0.02);
        QVERIFY(after.last().maxConcurrency >= before.last().maxConcurrency);
    }

    void gpuChangeMovesEveryView() {
        MainWindow w;
        pick(w.gpuCombo(), "h200");
        QVERIFY(shown(w, w.memoryChart())->chart()->title().contains("NVIDIA H200"));
        QVERIFY(shown(w, w.kvChart())->chart()->title().contains("NVIDIA H200"));
        QCOMPARE(shown(w, w.breakEvenChart())->options().first().gpuId, QString("h200"));
        QVERIFY(w.document()->undoStack()->undoText().contains("H200"));
        // The GPU-types chart marks the current type.
        bool marked = false;
        for (auto *a : shown(w, w.gpuTypesChart())->chart()->axes(Qt::Vertical)) {
            if (auto *cat = qobject_cast<QBarCategoryAxis *>(a)) {
                for (const QString &c : cat->categories()) {
                    marked = marked || (c.startsWith(QChar(0x25B6)) && c.contains("H200"));
                }
            }
        }
        QVERIFY(marked);
        // Pricing follows the GPU type, with its source.
        QVERIFY(w.pricingPanel()->gpuSourceLabel()->text().contains("source"));
    }

    void gpuTypesChartHasEveryGpu() {
        MainWindow w;
        const auto &rows = shown(w, w.gpuTypesChart())->rows();
        QCOMPARE(rows.size(), int(Catalogue::builtin().gpus().size()));
        for (const auto &r : rows) {
            QVERIFY2(r.floor >= 1, qPrintable(r.id));
            if (r.practical) {
                QVERIFY2(r.practical >= r.floor, qPrintable(r.id));
            }
        }
        // Kimi K3 (~1.5 TB) needs more H100s than B300s.
        auto find = [&](const QString &id) {
            for (const auto &r : rows) {
                if (r.id == id) {
                    return r;
                }
            }
            return GpuTypesChart::Row{};
        };
        QVERIFY(find("h100-sxm").floor > find("b300").floor);
        QVERIFY(find("b300").nativeMxfp4);
        QVERIFY(!find("h100-sxm").nativeMxfp4);
    }

    void weightFormatsMoveFloors() {
        MainWindow w;
        const int floorBefore = shown(w, w.gpuTypesChart())->rows().first().floor;
        // Per-group override: routed experts to BF16.
        QComboBox *experts = w.modelPanel()->groupCombo(GroupRole::RoutedExperts);
        QVERIFY(experts);
        pick(experts, "bf16");
        QCOMPARE(w.document()->scenario().model.groupFormats.at(GroupRole::RoutedExperts),
                 formats::bf16);
        QVERIFY(shown(w, w.gpuTypesChart())->rows().first().floor > floorBefore);
        QVERIFY(w.document()->undoStack()->undoText().contains("routed experts"));
        // Back to default removes the override.
        pick(experts, "");
        QVERIFY(w.document()->scenario().model.groupFormats.empty());
        pick(w.weightsFormatCombo(), "nvfp4");
        QCOMPARE(*w.document()->scenario().model.weightsFormat, formats::nvfp4);
    }

    void workloadAndPricesMoveBreakEven() {
        MainWindow w;
        auto *be = shown(w, w.breakEvenChart());
        const double crossing = be->options().first().crossingTokens;
        const double monthly = be->options().first().usdPerMonth;
        // Hours per day scale the self-hosted cost.
        enter(w.workloadPanel()->hoursSpin(), 12);
        COMPARE_NEAR(be->options().first().usdPerMonth, monthly / 2, 1, 1e-6);
        QVERIFY(be->options().first().crossingTokens < crossing);
        // The workload's volume line moves with the output tokens.
        enter(w.workloadPanel()->outputSpin(), 2000);
        const auto now = linePoints(be->chart(), "Your volume");
        QVERIFY(!now.isEmpty());
        COMPARE_NEAR(now.first().x(), std::log10(2e9), 1e-12, 0); // the axis plots log10(tokens)
        // A lower GPU rate lowers the step; the panel says it is the user's rate. (Lower, so
        // that the plan's capacity still reaches its break-even and the crossing stays finite.)
        const double usd = be->options().first().usdPerMonth;
        enter(w.pricingPanel()->gpuRateSpin(), 0.5 * w.document()->plan()->usdPerGpuHour);
        COMPARE_NEAR(be->options().first().usdPerMonth, 0.5 * usd, 1, 1e-3);
        QVERIFY(w.pricingPanel()->gpuSourceLabel()->text().contains("Your rate"));
        // A dearer API output price moves the API line up and the crossing down.
        const auto api = linePoints(be->chart(), "API");
        const double cross2 = be->options().first().crossingTokens;
        QVERIFY(std::isfinite(cross2));
        enter(w.pricingPanel()->apiOutputSpin(), 2 * w.document()->plan()->api.outputUsdPerMTok);
        QVERIFY(w.document()->scenario().pricing.apiOutputUsdPerMTok.has_value());
        QVERIFY(linePoints(be->chart(), "API").last().y() > api.last().y());
        QVERIFY(be->options().first().crossingTokens < cross2);
        QVERIFY(shown(w, w.summaryView())->toPlainText().contains("per 1M output tokens"));
    }

    void invalidLayoutRefusedWithMessage_data() {
        QTest::addColumn<QString>("which");
        QTest::addColumn<int>("value");
        QTest::newRow("tp6") << "tp" << 6;
        QTest::newRow("tp3") << "tp" << 3;
        QTest::newRow("ep3") << "ep" << 3;
        QTest::newRow("pp3on8") << "pp" << 3;
    }
    void invalidLayoutRefusedWithMessage() {
        QFETCH(QString, which);
        QFETCH(int, value);
        MainWindow w;
        w.setInteractive(false);
        auto *hw = w.hardwarePanel();
        const Scenario before = w.document()->scenario();
        const int commands = w.document()->undoStack()->count();
        QSpinBox *spin = which == "tp" ? hw->tpSpin() : which == "ep" ? hw->epSpin() : hw->ppSpin();
        enter(spin, value);
        QVERIFY(w.document()->scenario() == before);
        QCOMPARE(w.document()->undoStack()->count(), commands);
        QVERIFY2(hw->problemText().startsWith("Not applied"), qPrintable(hw->problemText()));
        // The widget shows the document's value again.
        const auto &h = before.hardware;
        QCOMPARE(spin->value(), int(which == "tp" ? h.tp : which == "ep" ? h.ep : h.pp));
        // A valid value clears the message.
        enter(hw->tpSpin(), 4);
        QVERIFY(hw->problemText().isEmpty());
        QCOMPARE(w.document()->plan()->layout.tp, 4u);
        QCOMPARE(w.document()->plan()->layout.pp, 2u); // PP followed: 8 GPUs / TP 4
    }

    // Issue 13: a GPU-type change re-plans like the CLI's --gpu: the count goes back to auto
    // and the layout search picks the new type's layout and offer.
    void gpuChangeResetsCountToAuto() {
        MainWindow w;
        w.setInteractive(false);
        pick(w.modelCombo(), "llama-3.1-8b");
        pick(w.gpuCombo(), "h200");
        enter(w.gpuCountSpin(), 16);
        QCOMPARE(w.document()->scenario().hardware.gpuCount, 16u);
        pick(w.gpuCombo(), "b200");
        QCOMPARE(w.document()->scenario().hardware.gpuCount, 0u);
        QVERIFY(w.document()->plan()->autoCount);
        QVERIFY(w.document()->plan()->search.found);
        QCOMPARE(w.document()->plan()->gpusRented, w.document()->plan()->fit.gpusPractical);
    }

    // Counts read "1 GPU" / "1 node" and "16 GPUs" / "2 nodes", never "1 GPUs" or "node(s)".
    void layoutLabelUsesSingularAndPlural() {
        MainWindow w;
        w.setInteractive(false);
        pick(w.modelCombo(), "llama-3.1-8b");
        pick(w.gpuCombo(), "h200");
        enter(w.gpuCountSpin(), 1);
        const QString one = w.hardwarePanel()->layoutLabel()->text();
        QVERIFY2(one == "Evaluated: 1 GPU = TP 1 x PP 1, EP 1; 1 node", qPrintable(one));
        enter(w.gpuCountSpin(), 16);
        const QString many = w.hardwarePanel()->layoutLabel()->text();
        QVERIFY2(many.startsWith("Evaluated: 16 GPUs = TP ") && many.endsWith("; 2 nodes"),
                 qPrintable(many));
    }

    // The wheel passing over an unfocused field scrolls the dock; it does not edit the value.
    void wheelOverUnfocusedFieldDoesNotEdit() {
        MainWindow w;
        w.setInteractive(false);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QDoubleSpinBox *cached = w.workloadPanel()->cachedSpin();
        QCOMPARE(cached->focusPolicy(), Qt::StrongFocus);
        QVERIFY(!cached->hasFocus());
        const double before = cached->value();
        const Scenario scenario = w.document()->scenario();
        const QPointF local(5, 5);
        QWheelEvent wheel(local, cached->mapToGlobal(local), QPoint(), QPoint(0, -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(cached, &wheel);
        QCOMPARE(cached->value(), before);
        QVERIFY(!cached->hasFocus());
        QVERIFY(w.document()->scenario() == scenario);
    }

    // Quit with "Discard": the next start shows the file as saved, not the discarded edits.
    // Edits are written to the session a second after they happen (a crash loses nothing more).
    void discardedEditsDoNotComeBack() {
        QTemporaryDir dir;
        const QString path = dir.filePath("p.json");
        {
            MainWindow w;
            w.setInteractive(false);
            enter(w.concurrencySpin(), 3);
            QVERIFY(w.saveFile(path).isEmpty());
            enter(w.concurrencySpin(), 5);
            // Within about a second the unsaved edit is in the session (crash safety).
            QTRY_COMPARE_WITH_TIMEOUT(
                AppSettings::lastScenarioJson().contains("\"concurrency\": 5"), true, 3000);
            w.setSavePrompt([] { return int(QMessageBox::Discard); });
            QVERIFY(w.close());
        }
        MainWindow again;
        again.restoreSession();
        QCOMPARE(again.document()->scenario().workload.concurrency, 3u);
        QVERIFY(again.document()->undoStack()->isClean());
        QCOMPARE(again.document()->filePath(), path);
    }

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

    void tp6NamesTheRule() {
        MainWindow w;
        enter(w.hardwarePanel()->tpSpin(), 6);
        QVERIFY2(w.hardwarePanel()->problemText().contains("power of two"),
                 qPrintable(w.hardwarePanel()->problemText()));
    }

    void undoRestoresExactly() {
        MainWindow w;
        auto *doc = w.document();
        const Scenario s0 = doc->scenario();
        const auto totals0 = shown(w, w.memoryChart())->totalsBytes();
        const auto kv0 = shown(w, w.kvChart())->samples().size();
        const double be0 = shown(w, w.breakEvenChart())->options().first().crossingTokens;
        const QString summary0 = shown(w, w.summaryView())->toHtml();
        enter(w.contextSpin(), 200000);
        pick(w.gpuCombo(), "gb300");
        enter(w.gpuCountSpin(), 16);
        pick(w.kvFormatCombo(), "fp8_e4m3");
        enter(w.workloadPanel()->inputSpin(), 5000);
        enter(w.workloadPanel()->hoursSpin(), 8);
        enter(w.pricingPanel()->gpuRateSpin(), 9.5);
        pick(w.engineCombo(), "sglang");
        QVERIFY(!(doc->scenario() == s0));
        while (doc->undoStack()->canUndo()) {
            doc->undoStack()->undo();
        }
        QVERIFY(doc->scenario() == s0);
        QCOMPARE(shown(w, w.memoryChart())->totalsBytes(), totals0);
        QCOMPARE(shown(w, w.kvChart())->samples().size(), kv0);
        QCOMPARE(shown(w, w.breakEvenChart())->options().first().crossingTokens, be0);
        QCOMPARE(shown(w, w.summaryView())->toHtml(), summary0);
        QCOMPARE(w.contextSpin()->value(), 32768);
        QCOMPARE(w.gpuCombo()->currentData().toString(), QString("b300"));
        QCOMPARE(w.engineCombo()->currentData().toString(), QString("vllm"));
        QVERIFY(doc->undoStack()->isClean());
        QVERIFY(!w.isWindowModified());
    }

    void saveOpenRoundTripIsLossless() {
        QTemporaryDir dir;
        MainWindow w;
        w.setInteractive(false);
        auto *doc = w.document();
        Scenario s = doc->scenario();
        s.name = "Round trip: everything set";
        s.model.weightsFormat = formats::nvfp4;
        s.model.groupFormats[GroupRole::Attention] = formats::bf16;
        s.model.kvFormat = formats::fp8;
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 16;
        s.hardware.gpusPerNode = 8;
        s.hardware.tp = 8;
        s.hardware.pp = 2;
        s.engine.memoryFraction = 0.85;
        s.workload.contextTokens = 123457;
        s.workload.concurrency = 7;
        s.workload.inputTokensPerMonth = 1.234567e9;
        s.workload.cachedInputTokensPerMonth = 0.1;
        s.workload.outputTokensPerMonth = 3.3333333333e8;
        s.workload.hoursPerDay = 9.75;
        s.pricing.usdPerGpuHour = 3.14159;
        s.pricing.apiOutputUsdPerMTok = 2.71828;
        s.pricing.hoursPerMonth = 720;
        doc->edit(s, "Set everything");
        const QString path = dir.path() + "/round.json";
        QVERIFY(w.saveFile(path).isEmpty());
        QVERIFY(doc->undoStack()->isClean());
        QCOMPARE(AppSettings::recentFiles().value(0), QFileInfo(path).absoluteFilePath());
        QVERIFY(!w.recentMenu()->actions().isEmpty());

        MainWindow other;
        QVERIFY(other.openFile(path).isEmpty());
        QVERIFY(other.document()->scenario() == s);
        QCOMPARE(scenarioToJson(other.document()->scenario()), scenarioToJson(s));
        QCOMPARE(other.document()->filePath(), path);
        QVERIFY(other.windowTitle().contains("round.json"));
        QCOMPARE(other.hardwarePanel()->tpSpin()->value(), 8);
        QCOMPARE(other.contextSpin()->value(), 123457);
    }

    void corruptFileChangesNothing_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("notJson") << QByteArray("{ this is not json") << "";
        QTest::newRow("negativeConcurrency")
            << QByteArray("{\"schema_version\": 1, \"workload\": {\"concurrency\": -1}}")
            << "workload.concurrency";
        QTest::newRow("array") << QByteArray("[1, 2, 3]") << "";
        QTest::newRow("empty") << QByteArray() << "";
    }
    void corruptFileChangesNothing() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        MainWindow w;
        w.setInteractive(false);
        enter(w.contextSpin(), 65536);
        const Scenario keep = w.document()->scenario();
        const int commands = w.document()->undoStack()->count();
        QFile bad(dir.path() + "/bad.json");
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(bytes);
        bad.close();
        const QString err = w.openFile(bad.fileName());
        QVERIFY(!err.isEmpty());
        QVERIFY(err.contains(mentions));
        QCOMPARE(w.lastMessage(), err);
        QVERIFY(w.document()->scenario() == keep);
        QCOMPARE(w.document()->undoStack()->count(), commands);
        QVERIFY(w.document()->filePath().isEmpty());
        // A missing file too.
        QVERIFY(!w.openFile(dir.path() + "/missing.json").isEmpty());
        QVERIFY(w.document()->scenario() == keep);
    }

    void unsavedChangesPrompt() {
        MainWindow w;
        QVERIFY(w.maybeSave()); // clean: no question
        enter(w.concurrencySpin(), 3);
        QVERIFY(w.isWindowModified());
        int asked = 0;
        w.setSavePrompt([&] {
            ++asked;
            return int(QMessageBox::Cancel);
        });
        QVERIFY(!w.maybeSave());
        w.setSavePrompt([&] {
            ++asked;
            return int(QMessageBox::Discard);
        });
        QVERIFY(w.maybeSave());
        QCOMPARE(asked, 2);
        w.newScenario();
        QVERIFY(w.document()->scenario() == defaultScenario());
        QVERIFY(!w.isWindowModified());
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

    void statusBarErrorClearsWhenThePlanIsBack() {
        MainWindow w;
        Scenario bad = w.document()->scenario();
        bad.hardware.gpuCount = 8;
        bad.hardware.tp = 6;
        w.document()->edit(bad, "TP 6");
        QVERIFY(!w.document()->plan());
        QCOMPARE(w.statusBar()->currentMessage(), w.document()->error());
        QVERIFY(!w.statusBar()->currentMessage().isEmpty());
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->plan());
        QCOMPARE(w.statusBar()->currentMessage(), QString());
        QVERIFY(w.verdictLabel()->text().startsWith("Fits on 8 x B300"));
    }

    void undoShortcutWinsInSpinBoxes() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QApplication::setActiveWindow(&w);
        enter(w.contextSpin(), 65536);
        QSpinBox *spin = w.concurrencySpin();
        auto *field = spin->findChild<QLineEdit *>();
        QVERIFY(field);
        spin->setFocus();
        QTRY_VERIFY(field->hasFocus());
        // Ctrl+Z in a field undoes the last scenario edit, not the field's typing.
        QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->scenario().workload.contextTokens, 32768ull);
        QCOMPARE(w.contextSpin()->value(), 32768);
        QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.document()->scenario().workload.contextTokens, 65536ull);
        // Also in the field that was just edited.
        w.contextSpin()->setFocus();
        QTRY_VERIFY(w.contextSpin()->hasFocus());
        QTest::keyClick(w.contextSpin()->findChild<QLineEdit *>(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->scenario().workload.contextTokens, 32768ull);
        QCOMPARE(w.undoAction()->shortcutContext(), Qt::ApplicationShortcut);
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
                QCOMPARE(cmp->model()->index(r, CompareModel::ColCurrent).data().toString(),
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
            const QString cur = cmp->index(r, CompareModel::ColCurrent).data().toString();
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

    void breakEvenWithoutCrossingWhenThePlanDoesNotFit() {
        ScenarioDocument doc;
        doc.reset(noFit());
        QVERIFY(doc.plan().has_value());
        QVERIFY(!doc.plan()->fit.fits);
        BreakEvenChart be(&doc);
        const BreakEvenChart::Option &mine = be.options().first();
        QCOMPARE(mine.gpuId, QString("h200"));
        QVERIFY(!mine.fits);
        QVERIFY(std::isinf(mine.crossingTokens));
        // Its line stays, named as not fitting; no crossing marker sits at its cost.
        const auto line = linePoints(be.chart(), "1 x H200 (yours, does not fit)");
        QVERIFY(!line.isEmpty());
        COMPARE_NEAR(line.first().y(), std::log10(mine.usdPerMonth), 1e-9, 0);
        for (QAbstractSeries *series : be.chart()->series()) {
            if (auto *mark = qobject_cast<QScatterSeries *>(series)) {
                for (const QPointF &pt : mark->points()) {
                    QVERIFY(std::abs(pt.y() - std::log10(mine.usdPerMonth)) > 1e-6);
                }
            }
        }
        const QString title = be.chart()->title();
        QVERIFY2(title.contains("H200 does not fit"), qPrintable(title));
        QVERIFY2(!title.contains("92.6M"), qPrintable(title));
        // The other GPU types fit; each is named in the title with its break-even.
        for (int i = 1; i < be.options().size(); ++i) {
            QVERIFY(be.options()[i].fits);
            QVERIFY2(title.contains(be.options()[i].gpuId.toUpper() + " "), qPrintable(title));
        }
    }

    void breakEvenLabelsRead() {
        MainWindow w;
        auto *be = shown(w, w.breakEvenChart());
        QCOMPARE(be->options().size(), 3);
        // Readable log labels: "$10K" and "$1M", "100M" and "1B"; no "$10000k" or "10000M".
        const QStringList y = axisLabels(be->chart(), Qt::Vertical);
        const QStringList x = axisLabels(be->chart(), Qt::Horizontal);
        QVERIFY2(y.contains("$10K") && y.contains("$1M"), qPrintable(y.join(' ')));
        QVERIFY2(x.contains("100M") && x.contains("1B"), qPrintable(x.join(' ')));
        for (const QString &label : y + x) {
            QVERIFY2(!label.contains("000") && !label.contains('k'), qPrintable(label));
        }
        // Every option's break-even in the title, none in a point label or the legend.
        const QString title = be->chart()->title();
        QVERIFY2(title.contains("B300 1.01B"), qPrintable(title));
        for (const auto &o : be->options()) {
            QVERIFY(o.fits);
            // A plan whose capacity never reaches its break-even says "never" (the serving
            // model's capacity, issue 14), others their volume.
            QVERIFY2(std::isfinite(o.crossingTokens) ||
                         title.contains(o.gpuId.toUpper() + " never"),
                     qPrintable(title));
            QVERIFY2(title.contains(o.gpuId.toUpper() + " "), qPrintable(title));
        }
        for (QAbstractSeries *series : be->chart()->series()) {
            QVERIFY2(!series->name().contains("/mo"), qPrintable(series->name()));
            if (auto *mark = qobject_cast<QScatterSeries *>(series)) {
                QVERIFY(!mark->pointLabelsVisible());
            }
        }
    }

    void kvAxisLabelsAreShort() {
        MainWindow w;
        enter(w.contextSpin(), 1048576);
        auto *kv = shown(w, w.kvChart());
        const QStringList x = axisLabels(kv->chart(), Qt::Horizontal);
        QVERIFY2(x.contains("1M") && x.contains("4K"), qPrintable(x.join(' ')));
        QVERIFY2(x.size() <= 9, qPrintable(x.join(' ')));
        for (const QString &label : x) {
            QVERIFY2(label.size() <= 4, qPrintable(label));
        }
        QVERIFY(linePoints(kv->chart(), "Scenario: 1M tokens x 16 sequences").size() == 2);
    }

    void countsAndMoneyReadWell() {
        MainWindow w;
        enter(w.concurrencySpin(), 1);
        QCOMPARE(w.concurrencySpin()->text(), QString("1 sequence"));
        enter(w.concurrencySpin(), 16);
        QCOMPARE(w.concurrencySpin()->text(), QString("16 sequences"));
        // Advertised GB against measured GiB.
        QVERIFY2(w.hardwarePanel()->gpuInfoLabel()->text().startsWith(
                     "288 GB advertised (vendors' GB here are GiB), 279.4 GiB usable"),
                 qPrintable(w.hardwarePanel()->gpuInfoLabel()->text()));
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY2(summary.contains("Up to 70 sequences of 32,768 tokens"), qPrintable(summary));
        QVERIFY2(summary.contains("(weights only): 6 GPUs"), qPrintable(summary));
        QVERIFY2(summary.contains("$4.76 per GPU-hour x 8 GPUs"), qPrintable(summary));
        QVERIFY2(summary.contains("$27,798 per month"), qPrintable(summary));
        // Rates with cents; a third decimal only when it matters.
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->text(), QString("$4.76 /GPU-h"));
        enter(w.pricingPanel()->gpuRateSpin(), 4.125);
        QCOMPARE(w.pricingPanel()->gpuRateSpin()->text(), QString("$4.125 /GPU-h"));
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

QTEST_MAIN(TestExplorer)
#include "tst_explorer.moc"
