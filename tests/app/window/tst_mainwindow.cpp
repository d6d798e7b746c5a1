// SPDX-License-Identifier: MIT
// GUI smoke test, offscreen: the window opens on Kimi K3, edits reach the plan and the chart,
// undo restores exactly, save/open round trips, and a screenshot can be taken for review.
#include "window/mainwindow.h"
#include "panels/hardwarepanel.h"
#include "charts/memorychart.h"
#include "document/scenariodocument.h"
#include "views/summaryview.h"
#include "document/formatting.h"
#include "plan/decision.h"
#include "explorertestutil.h"
#include "testutil.h"
#include "viewtestutil.h"

#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QCheckBox>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <QUndoStack>

using namespace hostplan;
using namespace hostplan::ui;
using namespace hostplan::explorertest;

class TestMainWindow : public QObject {
    Q_OBJECT
  private slots:
    // A plan that starts short at the workload's 64 sequences: the status bar gives the bill
    // of the copies the workload takes beside one copy's month (it showed only $27,798 where the
    // recommendation weighed 2 copies, $55,597).
    void statusBarNamesTheCopies() {
        MainWindow w;
        Scenario s = w.document()->scenario();
        s.workload.concurrency = 64;
        w.document()->edit(s, QStringLiteral("Concurrency"));
        const PlanResult &p = *w.document()->plan();
        QVERIFY(p.fit.startsShort);
        const std::uint32_t copies = workloadCopies(p);
        QCOMPARE(copies, 2u);
        const QString verdict = w.verdictLabel()->text();
        QVERIFY2(verdict.startsWith("Starts short (57 of 64 sequences) on 8 x B300 | "),
                 qPrintable(verdict));
        QVERIFY2(verdict.endsWith(QString(" | 2 copies carry the workload: %1/month")
                                      .arg(usdText(2 * p.rental.usdPerMonthScheduled))),
                 qPrintable(verdict));
        // One copy that carries it says nothing more.
        w.document()->undoStack()->undo();
        QVERIFY(!w.verdictLabel()->text().contains("copies"));
    }

    void opensOnKimiK3() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto &plan = w.document()->plan();
        QVERIFY(plan.has_value());
        QCOMPARE(plan->model.totalParams, 2779931837184ull);
        QCOMPARE(w.modelCombo()->currentData().toString(), "kimi-k3");
        QCOMPARE(w.gpuCombo()->currentData().toString(), "b300");
        QCOMPARE(w.contextSpin()->value(), 32768);
        const QString summary = shown(w, w.summaryView())->toPlainText();
        QVERIFY(summary.contains("Fits on 8"));
        // Billed all as output, break-even lies beyond what the plan serves: said so in a
        // sentence of its own, not inside the break-even's brackets where it read as
        // contradicting it.
        if (!std::isfinite(plan->breakeven.outputOnlyTokensPerMonth)) {
            QVERIFY2(summary.contains("tokens/s sustained). Were every token billed at the "
                                      "output rate, the API would stay cheaper at every volume "
                                      "up to the "),
                     qPrintable(summary));
            QVERIFY(!summary.contains("never within the"));
        }
        // Each warning is a paragraph of its own, starting with a capital unless its first
        // word is a name written so ("vLLM added ...").
        for (const std::string &warning : plan->warnings) {
            QString para = QString::fromStdString(warning);
            const QString first = para.section(QLatin1Char(' '), 0, 0);
            if (std::all_of(first.begin(), first.end(), [](QChar c) {
                    return c.isLower() || c == QLatin1Char(',') || c == QLatin1Char(':');
                })) {
                para[0] = para[0].toUpper();
            }
            QVERIFY2(summary.contains(para), qPrintable(para));
        }
        QCOMPARE(shown(w, w.memoryChart())->totalsBytes().size(), 6);
        const QString shot = qEnvironmentVariable("HOSTPLAN_SCREENSHOT");
        if (!shot.isEmpty()) {
            QVERIFY(w.grab().save(shot));
        }
    }

    void editsUndoRedo() {
        MainWindow w;
        auto *doc = w.document();
        const Scenario before = doc->scenario();
        const auto kvBefore = doc->plan()->memory.perGpu.kvCache;
        w.contextSpin()->setValue(65536);
        emit w.contextSpin()->editingFinished();
        QCOMPARE(doc->scenario().workload.contextTokens, 65536ull);
        QCOMPARE(doc->plan()->memory.perGpu.kvCache, 2 * kvBefore);
        QVERIFY(doc->undoStack()->undoText().contains("context"));
        // The chart's KV segment moved with it.
        const double chartTotal = shown(w, w.memoryChart())->totalsBytes().at(2); // MXFP4 column
        w.gpuCombo()->setCurrentIndex(w.gpuCombo()->findData("h200"));
        emit w.gpuCombo()->activated(w.gpuCombo()->currentIndex());
        QCOMPARE(QString::fromStdString(doc->scenario().hardware.gpu), "h200");
        QVERIFY(shown(w, w.memoryChart())->chart()->title().contains("NVIDIA H200"));
        // Twice the GPUs: half the sharded weights per GPU in every column.
        w.gpuCountSpin()->setValue(16);
        emit w.gpuCountSpin()->editingFinished();
        QCOMPARE(doc->plan()->layout.gpuCount(), 16u);
        QVERIFY(shown(w, w.memoryChart())->totalsBytes().at(2) < chartTotal);
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QVERIFY(doc->scenario() == before);
        QCOMPARE(w.contextSpin()->value(), 32768);
        QCOMPARE(w.gpuCombo()->currentData().toString(), "b300");
        doc->undoStack()->redo();
        QCOMPARE(doc->scenario().workload.contextTokens, 65536ull);
    }

    void weightFormatChangesMemory() {
        MainWindow w;
        auto *doc = w.document();
        const auto shipped = doc->plan()->memory.perGpu.weights;
        w.weightsFormatCombo()->setCurrentIndex(w.weightsFormatCombo()->findData("bf16"));
        emit w.weightsFormatCombo()->activated(w.weightsFormatCombo()->currentIndex());
        QVERIFY(doc->plan().has_value());
        QVERIFY(doc->plan()->memory.perGpu.weights > 3 * shipped);
        QVERIFY(shown(w, w.summaryView())->toPlainText().contains("Does not fit"));
    }

    // The engine's step fields: max sequences (0 = the engine's default, shown with its value)
    // and batched tokens, each one undoable edit that re-plans.
    void engineStepFields() {
        MainWindow w;
        auto *doc = w.document();
        QSpinBox *seqs = w.hardwarePanel()->maxSequencesSpin();
        QSpinBox *tokens = w.hardwarePanel()->batchedTokensSpin();
        QCOMPARE(seqs->value(), 0);
        QCOMPARE(seqs->specialValueText(), QStringLiteral("engine default (1024)")); // B300
        QCOMPARE(tokens->value(), 0);
        QCOMPARE(tokens->specialValueText(), QStringLiteral("engine default (8192)"));
        const auto samplerBefore = doc->plan()->memory.engine.activationSampler;
        seqs->setValue(4);
        emit seqs->editingFinished();
        QCOMPARE(doc->scenario().engine.maxNumSeqs, std::optional<std::uint32_t>(4));
        QVERIFY(doc->plan()->memory.engine.activationSampler < samplerBefore);
        tokens->setValue(2048);
        emit tokens->editingFinished();
        QCOMPARE(doc->scenario().engine.prefillChunkTokens, std::optional<std::uint32_t>(2048));
        QVERIFY(doc->undoStack()->undoText().contains("batched tokens"));
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QVERIFY(!doc->scenario().engine.maxNumSeqs);
        QCOMPARE(seqs->value(), 0);
        QCOMPARE(tokens->value(), 0);
        QVERIFY(!doc->scenario().engine.prefillChunkTokens);
    }

    // "Serve text only": one undoable edit; vLLM then loads no vision tower (Kimi K3's
    // MoonViT, in the default scenario).
    void textOnlyCheck() {
        MainWindow w;
        auto *doc = w.document();
        QCheckBox *box = w.hardwarePanel()->textOnlyCheck();
        QVERIFY(!box->isChecked());
        const auto weightsBefore = doc->plan()->memory.engine.checkpointWeights;
        box->click();
        QVERIFY(doc->scenario().engine.textOnly);
        QVERIFY(doc->plan()->memory.engine.checkpointWeights < weightsBefore);
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Serve text only"));
        doc->undoStack()->undo();
        QVERIFY(!doc->scenario().engine.textOnly);
        QVERIFY(!box->isChecked());
        QCOMPARE(doc->plan()->memory.engine.checkpointWeights, weightsBefore);
    }

    void saveOpenRoundTrip() {
        QTemporaryDir dir;
        ScenarioDocument doc;
        Scenario s = doc.scenario();
        s.workload.concurrency = 7;
        doc.edit(s, "Change concurrency");
        const QString path = dir.path() + "/a.json";
        QVERIFY(doc.saveAs(path).isEmpty());
        QVERIFY(doc.undoStack()->isClean());
        ScenarioDocument other;
        QVERIFY(other.open(path).isEmpty());
        QVERIFY(other.scenario() == doc.scenario());
        // A corrupt file gives a message and changes nothing.
        QFile bad(dir.path() + "/bad.json");
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"schema_version\": 1, \"workload\": {\"concurrency\": -1}}");
        bad.close();
        const Scenario keep = other.scenario();
        const QString err = other.open(bad.fileName());
        QVERIFY(err.contains("workload.concurrency"));
        QVERIFY(other.scenario() == keep);
    }

    // Expert parallelism the user turned on stays on through TP and PP edits, at the TP that
    // follows; with TP given and EP left on auto it is off, as the engines start.
    void expertParallelFollowsLayoutEdits() {
        MainWindow w;
        w.setInteractive(false);
        auto *hw = w.hardwarePanel();
        enter(hw->tpSpin(), 8);
        QCOMPARE(w.document()->plan()->layout.ep, 1u); // EP auto with TP given: off
        enter(hw->epSpin(), 8);
        QCOMPARE(w.document()->plan()->layout.ep, 8u);
        enter(hw->tpSpin(), 4);
        QCOMPARE(w.document()->scenario().hardware.ep, 4u);
        enter(hw->ppSpin(), 4);
        QCOMPARE(w.document()->scenario().hardware.ep, 2u); // 8 GPUs / PP 4
        QCOMPARE(w.document()->plan()->layout.tp, 2u);
        QCOMPARE(w.document()->plan()->layout.ep, 2u);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
