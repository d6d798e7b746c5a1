// SPDX-License-Identifier: MIT
// What-if explorer, offscreen, editing: every input (sliders, spin boxes, GPU, formats,
// layout) reaches the right view and chart, invalid input is refused with a message, undo
// restores exactly (the undo shortcut wins in spin boxes, discarded edits do not come back),
// files round-trip losslessly (corrupt ones change nothing) and unsaved changes prompt. Panels,
// compare table, session and wording: tst_explorer_panels.
#include "appscenarios.h"
#include "document/appsettings.h"
#include "engine/enginememory.h"
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

#include <algorithm>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
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
using namespace hostplan::explorertest;
using hostplan::testscenarios::noFit;

namespace {

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

} // namespace

class TestExplorer : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_explorer")); }
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
        // Each type that carries the workload shows its plan's monthly cost beside its name.
        QStringList labels;
        for (auto *a : w.gpuTypesChart()->chart()->axes(Qt::Vertical)) {
            if (auto *cat = qobject_cast<QBarCategoryAxis *>(a)) {
                labels = cat->categories();
            }
        }
        int costed = 0;
        const auto &sweep = w.document()->gpuSweep();
        QCOMPARE(labels.size(), int(sweep.size()));
        for (std::size_t i = 0; i < sweep.size(); ++i) {
            const GpuOption &o = sweep[i];
            const GpuTypesChart::Row r = find(QString::fromStdString(o.gpu.id));
            if (!r.practical) {
                QCOMPARE(r.usdPerMonth, 0.0);
                continue;
            }
            QCOMPARE(r.usdPerMonth, o.plan->rental.usdPerMonthScheduled);
            // Labels run bottom-up. The scenario's own row fixes its count (8 B300s): its cost
            // is at that count and says so; every other row is at its practical count.
            const QString label = labels.value(labels.size() - 1 - int(i));
            const QString cost =
                usdText(r.usdPerMonth) + (o.isScenarioGpu ? QStringLiteral("/month (8 GPUs) · ")
                                                          : QStringLiteral("/month · "));
            QVERIFY2(label.contains(cost), qPrintable(label + " / " + cost));
            ++costed;
        }
        QVERIFY(costed >= 5);
    }

    void clickingABarMakesItThePlan() {
        // Issue 18: click a GPU type's bar and it becomes the plan's GPU (count, layout and
        // rate back to auto, as the GPU box does), one undoable edit.
        MainWindow w;
        GpuTypesChart *chart = shown(w, w.gpuTypesChart());
        const auto &rows = chart->rows();
        int row = -1;
        for (int i = 0; i < rows.size(); ++i) {
            row = rows[i].id == "h200" ? i : row;
        }
        QVERIFY(row >= 0 && rows[row].practical > 0);
        const int index = int(rows.size()) - 1 - row; // bars run bottom-to-top
        QHorizontalStackedBarSeries *bars = nullptr;
        for (auto *s : chart->chart()->series()) {
            bars = bars ? bars : qobject_cast<QHorizontalStackedBarSeries *>(s);
        }
        QVERIFY(bars);
        const QString before = QString::fromStdString(w.document()->scenario().hardware.gpu);
        QVERIFY(before != "h200");
        emit bars->barSets().at(1)->clicked(index); // H200: no native MXFP4, the grey set
        QCOMPARE(QString::fromStdString(w.document()->scenario().hardware.gpu), QString("h200"));
        QVERIFY(w.document()->plan().has_value());
        QCOMPARE(w.document()->plan()->gpu.id, std::string("h200"));
        QVERIFY(w.document()->undoStack()->undoText().contains("H200"));
        w.document()->undoStack()->undo();
        QCOMPARE(QString::fromStdString(w.document()->scenario().hardware.gpu), before);
        // A type without a bar (does not fit) changes nothing.
        for (int i = 0; i < chart->rows().size(); ++i) {
            if (chart->rows()[i].practical == 0) {
                const int count = w.document()->undoStack()->count();
                chart->choose(int(chart->rows().size()) - 1 - i);
                QCOMPARE(w.document()->undoStack()->count(), count);
                break;
            }
        }
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
        // On auto the chosen offer's instance shape follows the node count.
        enter(w.gpuCountSpin(), 0);
        const QString offered = w.hardwarePanel()->layoutLabel()->text();
        const auto &p = w.document()->plan();
        QVERIFY(p && p->search.best());
        QVERIFY2(offered.contains(QString(" of %1; offer ").arg(gpusText(p->instanceSize()))),
                 qPrintable(offered));
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

    void tp6NamesTheRule() {
        MainWindow w;
        enter(w.hardwarePanel()->tpSpin(), 6);
        QVERIFY2(w.hardwarePanel()->problemText().contains("power of two"),
                 qPrintable(w.hardwarePanel()->problemText()));
    }

    /// The vLLM rules field: one undoable edit that re-plans by that release's rules, shown
    /// only as editable while the engine is vLLM.
    void vllmRulesEditAndUndo() {
        MainWindow w;
        auto *doc = w.document();
        QComboBox *box = w.hardwarePanel()->vllmVersionCombo();
        QVERIFY(box->isEnabled());
        QCOMPARE(box->currentData().toString(), QString());
        const std::uint64_t sampler19 = doc->plan()->memory.engine.activationSampler;
        QCOMPARE(QString::fromStdString(doc->plan()->memory.engine.engineVersion),
                 "vLLM V1 (v0.19)");
        pick(box, "0.11");
        QVERIFY(doc->scenario().engine.vllmVersion == VllmProfile::V1);
        QCOMPARE(QString::fromStdString(doc->plan()->memory.engine.engineVersion),
                 "vLLM V1 (v0.11)");
        // v0.11 sorts (38 bytes per logit at 1024 rows) where v0.19 masks in place (14) with
        // the Triton kernel's buffer: 1024 rows of Kimi K3's vocabulary on a B300.
        const std::uint64_t vocab = doc->plan()->model.vocabSize;
        QCOMPARE(doc->plan()->memory.engine.activationSampler,
                 sampler19 + vllmSortSamplerBytes(1024, vocab) - 1024 * vocab * 14 -
                     vllmTritonSamplerBufferBytes(doc->plan()->gpu, 1024, vocab));
        QCOMPARE(vllmSortSamplerBytes(1024, vocab), 1024 * vocab * 38);
        doc->undoStack()->undo();
        QVERIFY(!doc->scenario().engine.vllmVersion);
        QCOMPARE(box->currentData().toString(), QString());
        pick(w.engineCombo(), "sglang");
        QVERIFY(!box->isEnabled());
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
        s.engine.vllmVersion = VllmProfile::V1Early;
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
            // model's capacity, issue 14), or "too close to call" where the throughput band's
            // fast end does (BreakEvenLine::withinBand), others their volume.
            QVERIFY2(std::isfinite(o.crossingTokens) ||
                         title.contains(o.gpuId.toUpper() +
                                        (o.withinBand ? " too close to call" : " never")),
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
};

QTEST_MAIN(TestExplorer)
#include "tst_explorer.moc"
