// SPDX-License-Identifier: MIT
// Recompute benchmark: how long one edit takes from the document to the shown views on the default
// scenario (Kimi K3 on B300), against the 16.7 ms of one 60 Hz frame. Measured here, not in a
// timed unit test, because shared CI machines make wall-clock assertions flaky.
//
//   BM_Evaluate          core evaluate() of the default scenario with the model already imported
//   BM_GpuSweep          the same for every catalogue GPU type (the GPU-types chart; 45 types)
//                        2026-12-07, CPU time, median of 3, two alternated rounds: 31.8-31.9 ms
//                        at 095091e -> 6.8-7.3 ms once a plan whose weights do not fit skips the
//                        flag search (engineStartup; 483 stage-by-stage memory evaluations of
//                        the consumer cards' deep-PP floor layouts, 90% of the sweep's
//                        instructions under callgrind); the 33-type sweep before the consumer
//                        cards ran 12.5 ms
//   BM_EditShownTab/N    one undoable edit (alternating context) through ScenarioDocument with
//                        tab N of the main window current (0 summary, 1 memory, 2 GPU types,
//                        3 KV cache, 4 break-even, 5 throughput, 6 sensitivity, 7 compare),
//                        plus a repaint
//                        (offscreen); views in other tabs are rebuilt when shown
//   BM_EditEveryView     the same with every view rebuilt on each edit (the old behaviour)
//
// Run: build/tests/bench/bench_recompute [--benchmark_min_time=2]
//
// Measured (BM_EditShownTab, RelWithDebInfo, CPU time per edit = per iteration / 2; the build
// before and after layout candidates shared their offers instead of copying them, with the
// faster plan evaluation, run alternately, 2 rounds of --benchmark_min_time=0.3 on a 2-core
// machine at load 5-9): GPU types 15.6-17.0 -> 14.9-15.4 ms, Break-even 18.8-19.1 -> 16.3-17.4
// ms, Summary 16.1-17.6 -> 16.7-18.0 ms (no change beyond the noise).
// Those figures are CPU time per benchmark iteration, which is two edits (an undo and a redo,
// each followed by a repaint); the seconds_per_edit counter halves it. Later, with the expert
// coverage's exp() skipped where it is 1 (alternated with the build before,
// --benchmark_min_time=0.3, load 8-10): Summary 18.7 -> 18.6 ms per iteration, 9.3 -> 9.3 ms per
// edit; Break-even 15.8 -> 16.1 ms per iteration, 7.9 -> 8.0 ms per edit (the build before ran
// Summary 17.1-18.7 and Break-even 15.1-16.3 ms per iteration in three runs; wall time 42-69 ms per
// iteration: the process gets a share of the loaded cores). So one edit is about half a frame of
// CPU. perf on the Summary edit (offscreen): HostPlan's own code is under 2% of the samples; Qt's
// text layout and shaping (QtGui 39%, HarfBuzz 11%), the kernel (20%) and libc (12%) are the rest,
// so cutting plan evaluation further does not move it. Counted with gdb, each undo or redo runs
// one evaluate() (BM_Evaluate: about 70 us CPU) and one Summary rebuild: no work is done twice.
// 2026-12-02, 9942559, one run of --benchmark_min_time=0.3 beside a compile, CPU time per edit:
// Summary 9.1 ms, Break-even 11.4 ms, Throughput 7.1 ms, Sensitivity (ranges and tornado
// charts) 9.2 ms: each within the 16.7 ms frame.
#include "window/mainwindow.h"
#include "plan/plan.h"
#include "document/scenariodocument.h"
#include "charts/viewrefresher.h"

#include <QApplication>
#include <QTabWidget>
#include <QUndoStack>

#include <benchmark/benchmark.h>

using namespace hostplan;

namespace {

void BM_Evaluate(benchmark::State &state) {
    const Scenario s = defaultScenario();
    const auto model = resolveModel(s, Catalogue::builtin());
    for (auto _ : state) {
        auto r = evaluate(s, Catalogue::builtin(), model.value());
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_Evaluate)->Unit(benchmark::kMicrosecond);

void BM_GpuSweep(benchmark::State &state) {
    ui::ScenarioDocument doc;
    Scenario s = doc.scenario();
    std::uint64_t ctx = s.workload.contextTokens;
    for (auto _ : state) {
        // A change invalidates the sweep; the next use recomputes all GPU types.
        s.workload.contextTokens = (ctx ^= 1);
        doc.edit(s, QStringLiteral("bench"));
        benchmark::DoNotOptimize(doc.gpuSweep().size());
    }
}
BENCHMARK(BM_GpuSweep)->Unit(benchmark::kMillisecond);

/// Undo and redo an edit of the context on the shown default window, `tabs` ("current" or
/// "all"): with "all" every tab's view is brought up to date after each edit, as before views
/// in background tabs were rebuilt lazily (the worst case, for comparison).
void editLoop(benchmark::State &state, int tab, bool everyView) {
    ui::MainWindow w;
    w.resize(1280, 800);
    w.show();
    w.viewTabs()->setCurrentIndex(tab);
    QApplication::processEvents();
    ui::ScenarioDocument *doc = w.document();
    Scenario s = doc->scenario();
    s.workload.contextTokens = 65536;
    doc->edit(s, QStringLiteral("bench"));
    auto allViews = [&] {
        if (everyView) {
            for (int i = 0; i < w.viewTabs()->count(); ++i) {
                ui::ViewRefresher::ensureCurrentIn(w.viewTabs()->widget(i));
            }
        }
    };
    for (auto _ : state) {
        // Undo and redo swap the whole scenario: each is one full recompute and redraw.
        doc->undoStack()->undo();
        allViews();
        w.repaint();
        doc->undoStack()->redo();
        allViews();
        w.repaint();
    }
    state.SetLabel(w.viewTabs()->tabText(tab).toStdString() +
                   (everyView ? " + every hidden view" : ""));
    state.SetItemsProcessed(state.iterations() * 2);
    state.counters["seconds_per_edit"] = benchmark::Counter(
        double(state.iterations() * 2), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

/// One edit with tab `state.range(0)` current: the document, that view, the summary bar, the
/// input docks and a repaint of the window (views in other tabs wait until shown).
void BM_EditShownTab(benchmark::State &state) {
    editLoop(state, int(state.range(0)), false);
}
BENCHMARK(BM_EditShownTab)->DenseRange(0, 7)->Unit(benchmark::kMillisecond);

/// The same with every view rebuilt on each edit (the cost before lazy rebuilding).
void BM_EditEveryView(benchmark::State &state) {
    editLoop(state, 0, true);
}
BENCHMARK(BM_EditEveryView)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
