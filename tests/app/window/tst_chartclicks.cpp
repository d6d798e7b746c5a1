// SPDX-License-Identifier: MIT
// Click a chart to make what it shows the plan (issue 18), offscreen on the default scenario
// (Kimi K3 on B300): a memory column sets the weights' precision, a KV-cache point the context,
// a throughput point the concurrency, another option's break-even line its GPU type. Each click
// is one undoable edit with its own undo text; a click on what the plan already is changes
// nothing.
#include "charts/breakevenchart.h"
#include "charts/chartclicks.h"
#include "charts/kvchart.h"
#include "charts/memorychart.h"
#include "document/appsettings.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"
#include "views/throughputview.h"
#include "window/mainwindow.h"
#include "explorertestutil.h"
#include "viewtestutil.h"

#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

using namespace hostplan;
using namespace hostplan::ui;
using namespace hostplan::explorertest;

namespace {

template <class Series> QList<Series *> seriesOf(QChart *chart) {
    QList<Series *> out;
    for (QAbstractSeries *s : chart->series()) {
        if (auto *t = qobject_cast<Series *>(s)) {
            out << t;
        }
    }
    return out;
}

} // namespace

class TestChartClicks : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_chartclicks")); }
    void cleanupTestCase() { AppSettings::clear(); }

    // The KV chart is one replica's: with two replicas its scenario line is each replica's
    // share of the sequences (Kimi K3 on H200, 50 sequences: 2 replicas of 25).
    void kvChartMarksOneReplicasShare() {
        ScenarioDocument doc;
        Scenario s = withGpuType(doc.scenario(), "h200");
        s.workload.concurrency = 50;
        s.workload.contextTokens = 32768;
        doc.edit(s, QStringLiteral("test"));
        QVERIFY(doc.plan().has_value());
        QCOMPARE(doc.plan()->replicas, 2u);
        KvChart kv(&doc);
        QStringList names;
        for (QAbstractSeries *series : kv.chart()->series()) {
            names << series->name();
        }
        QVERIFY2(names.contains(QStringLiteral(
                     "Scenario: 32K tokens x 25 sequences per replica (2 replicas)")),
                 qPrintable(names.join(QLatin1Char('|'))));
    }

    void memoryColumnSetsPrecision() {
        MainWindow w;
        MemoryChart *chart = shown(w, w.memoryChart());
        const Scenario before = w.document()->scenario();
        QVERIFY(before.model.weightsFormat != formats::bf16); // Kimi K3 ships MXFP4
        QVERIFY(w.document()->plan().has_value());
        const double weightsBefore = double(w.document()->plan()->memory.total.weights);
        const auto bars = seriesOf<QStackedBarSeries>(chart->chart());
        QCOMPARE(bars.size(), 1);
        const QString label = QString::fromStdString(formats::bf16.label());
        const int bf16 = int(chart->categories().indexOf(label));
        QVERIFY(bf16 >= 0);
        emit bars.first()->barSets().first()->clicked(bf16);
        QCOMPARE(w.document()->scenario().model.weightsFormat, formats::bf16);
        QVERIFY(w.document()->scenario().model.groupFormats.empty());
        QCOMPARE(w.document()->undoStack()->undoText(), "Change weights to " + label);
        // The plan now has bf16 weights: 16 bits per weight, so its weights outgrow the shipped
        // MXFP4's by more than 3x.
        QVERIFY(w.document()->plan().has_value());
        QVERIFY(double(w.document()->plan()->memory.total.weights) > 3 * weightsBefore);
        // A second click on the same column makes no second edit.
        const int count = w.document()->undoStack()->count();
        chart->choose(bf16);
        QCOMPARE(w.document()->undoStack()->count(), count);
        chart->choose(99); // no such column
        QCOMPARE(w.document()->undoStack()->count(), count);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().model.weightsFormat, before.model.weightsFormat);
    }

    void kvPointSetsContext() {
        MainWindow w;
        KvChart *chart = shown(w, w.kvChart());
        const std::uint64_t before = w.document()->scenario().workload.contextTokens;
        QVERIFY(chart->samples().size() >= 4);
        // Click near (not on) a sample other than the scenario's: the nearest sample is taken.
        const KvChart::Sample *target = nullptr;
        for (const auto &smp : chart->samples()) {
            target =
                (!target && smp.contextTokens != before && smp.maxConcurrency > 0) ? &smp : target;
        }
        QVERIFY(target);
        const std::uint64_t tokens = target->contextTokens;
        QCOMPARE(chart->nearest(double(tokens) * 1.05)->contextTokens, tokens);
        auto lines = seriesOf<QLineSeries>(chart->chart());
        QVERIFY(!lines.isEmpty());
        QLineSeries *curve = nullptr;
        for (QLineSeries *l : lines) {
            curve = (!curve && l->count() == chart->samples().size()) ? l : curve;
        }
        QVERIFY(curve);
        // Series plot log2(tokens) on x (see kvchart.cpp); click that point.
        emit curve->clicked(QPointF(std::log2(double(tokens) * 1.05), 1.0));
        QCOMPARE(w.document()->scenario().workload.contextTokens, tokens);
        QVERIFY(w.document()->undoStack()->undoText().startsWith("Change context to"));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().workload.contextTokens, before);
    }

    void throughputPointSetsConcurrency() {
        MainWindow w;
        auto *view = w.findChild<ThroughputView *>();
        QVERIFY(view);
        shown(w, view);
        const std::uint32_t before = w.document()->scenario().workload.concurrency;
        const auto &points = view->perUserPoints();
        QVERIFY(points.size() >= 3);
        const QPointF target = points.at(points.size() / 2);
        QVERIFY(std::uint32_t(target.x()) != before);
        // The batches within memory are the solid line; those past the memory limit (which run
        // only the limit's sequences) a dashed one that starts at the last batch within memory.
        const double limit = double(w.document()->plan()->throughput.capacity.memoryMaxBatch);
        QLineSeries *perUser = nullptr, *capped = nullptr;
        for (QLineSeries *l : seriesOf<QLineSeries>(view->chart())) {
            const QList<QPointF> pts = l->points();
            if (!pts.isEmpty() && pts.first() == points.first()) {
                perUser = l;
            } else if (pts.size() > 1 && pts.last() == points.last() && pts.last().x() > limit) {
                capped = l;
            }
        }
        QVERIFY(perUser && capped);
        QVERIFY(perUser->points().last().x() <= limit && capped->points().at(1).x() > limit);
        QCOMPARE(capped->points().first(), perUser->points().last());
        QCOMPARE(capped->pen().style(), Qt::DashLine);
        QCOMPARE(perUser->points().size() + capped->points().size() - 1, points.size());
        if (target.x() > limit) {
            perUser = capped;
        }
        emit perUser->clicked(QPointF(target.x() * 1.1, target.y()));
        QCOMPARE(double(w.document()->scenario().workload.concurrency), target.x());
        QVERIFY(w.document()->undoStack()->undoText().startsWith("Change concurrency to"));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().workload.concurrency, before);
    }

    // The latency target's marker stands where the target binds; where no batch the model ran
    // reaches it (SGLang's default Kimi K3 plan: the search's top), there is none.
    void latencyMarkerOnlyWhereTheTargetBinds() {
        MainWindow w;
        auto *view = w.findChild<ThroughputView *>();
        QVERIFY(view);
        shown(w, view);
        const auto targetMarkers = [&] {
            int n = 0;
            for (QLineSeries *l : seriesOf<QLineSeries>(view->chart())) {
                n += l->name().startsWith("50 ms target") ? 1 : 0;
            }
            return n;
        };
        const auto &cap = w.document()->plan()->throughput.capacity;
        QVERIFY(cap.latencyMaxBatch < cap.latencySearchTop()); // vLLM: 43 of 68 in memory
        QCOMPARE(targetMarkers(), 1);
        // The workload's own 16 sequences are marked too (the figures beside the chart are at
        // the capacity batch, 43, the Summary's at 16).
        bool workload = false;
        for (QLineSeries *l : seriesOf<QLineSeries>(view->chart())) {
            workload =
                workload || (l->name() == "Your workload (16)" && l->points().first().x() == 16.0);
        }
        QVERIFY(workload);
        Scenario s = w.document()->scenario();
        s.engine.engine = Engine::Sglang;
        w.document()->edit(s, "Engine");
        shown(w, view);
        const auto &sg = w.document()->plan()->throughput.capacity;
        QCOMPARE(sg.latencyMaxBatch, sg.latencySearchTop());
        QCOMPARE(targetMarkers(), 0);
    }

    void breakEvenLineSetsGpuType() {
        MainWindow w;
        BreakEvenChart *chart = shown(w, w.breakEvenChart());
        const std::string before = w.document()->scenario().hardware.gpu;
        int other = -1, own = -1;
        for (int i = 0; i < chart->options().size(); ++i) {
            const auto &o = chart->options()[i];
            if (o.gpuId.toStdString() == before) {
                own = i;
            } else if (o.fits && other < 0) {
                other = i;
            }
        }
        QVERIFY(own >= 0 && other >= 0);
        const int count = w.document()->undoStack()->count();
        chart->choose(own); // the plan's own type: nothing to do
        QCOMPARE(w.document()->undoStack()->count(), count);
        const auto o = chart->options()[other];
        QLineSeries *line = nullptr;
        for (QLineSeries *l : seriesOf<QLineSeries>(chart->chart())) {
            line = l->name() == QString("%1 x %2").arg(o.gpus).arg(o.gpuId.toUpper()) ? l : line;
        }
        QVERIFY(line);
        emit line->clicked(line->points().first());
        QCOMPARE(QString::fromStdString(w.document()->scenario().hardware.gpu), o.gpuId);
        QVERIFY(w.document()->plan().has_value());
        QCOMPARE(QString::fromStdString(w.document()->plan()->gpu.id), o.gpuId);
        QVERIFY(w.document()->undoStack()->undoText().startsWith("Change GPU to"));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().hardware.gpu, before);
    }

    void helpersRefuseNothingValues() {
        MainWindow w;
        const int count = w.document()->undoStack()->count();
        QVERIFY(!chooseContext(w.document(), 0));
        QVERIFY(!chooseConcurrency(w.document(), 0));
        QVERIFY(!chooseGpuType(w.document(), "no-such-gpu"));
        QVERIFY(!chooseContext(w.document(), w.document()->scenario().workload.contextTokens));
        QCOMPARE(w.document()->undoStack()->count(), count);
        QVERIFY(!clickHint().isEmpty());
    }

    // A plan of several data-parallel replicas: the memory chart's bar for the plan's own format
    // is one replica's GPU with its share of the sequences, as the Summary counts it, and the
    // whole-deployment view counts every replica.
    void memoryChartCountsReplicas() {
        ScenarioDocument doc;
        MemoryChart perGpu(&doc);
        Scenario s = doc.scenario();
        s.model.ref = "llama-3.1-70b";
        s.model.weightsFormat = formats::bf16;
        s.pricing.apiPriceId.clear();
        s.hardware.gpuCount = 0; // auto: the layout search's replicas, as the model panel sets
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
        doc.edit(s, "Model");
        const auto &plan = doc.plan();
        QVERIFY(plan.has_value());
        QVERIFY2(plan->replicas > 1, std::to_string(plan->replicas).c_str());
        QVERIFY(perGpu.chart()->title().contains(QString("%1 replicas of").arg(plan->replicas)));
        const auto formats = comparisonFormats();
        const auto it = std::find(formats.begin(), formats.end(), formats::bf16);
        QVERIFY(it != formats.end());
        const int index = int(it - formats.begin());
        const double shown = perGpu.totalsBytes().at(index);
        const double planned = double(plan->memory.perGpu.total());
        QVERIFY2(std::abs(shown - planned) <= 0.01 * planned,
                 (std::to_string(shown) + " vs " + std::to_string(planned)).c_str());
        MemoryChart whole(&doc);
        whole.setScope(MemoryChart::Scope::Deployment);
        QVERIFY2(std::abs(whole.totalsBytes().at(index) -
                          double(plan->replicas) * double(plan->memory.total.total())) <=
                     0.01 * double(plan->replicas) * double(plan->memory.total.total()),
                 "whole deployment");
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
};

QTEST_MAIN(TestChartClicks)
#include "tst_chartclicks.moc"
