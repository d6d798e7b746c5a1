// Recompute benchmark: how long one edit takes from the document to every view on the default
// scenario (Kimi K3 on B300), against the 16.7 ms of one 60 Hz frame. Measured here, not in a
// timed unit test, because shared CI machines make wall-clock assertions flaky.
//
//   BM_Evaluate          core evaluate() of the default scenario with the model already imported
//   BM_GpuSweep          the same for all 14 catalogue GPU types (the GPU-types chart)
//   BM_EditAllViews      one undoable edit (alternating context) through ScenarioDocument with
//                        the main window's every view rebuilt (offscreen), plus a repaint
//
// Run: build/tests/bench/bench_recompute [--benchmark_min_time=2]
#include "mainwindow.h"
#include "plan.h"
#include "scenariodocument.h"

#include <QApplication>
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

void BM_EditAllViews(benchmark::State &state) {
    ui::MainWindow w;
    w.resize(1280, 800);
    w.show();
    QApplication::processEvents();
    ui::ScenarioDocument *doc = w.document();
    Scenario s = doc->scenario();
    s.workload.contextTokens = 65536;
    doc->edit(s, QStringLiteral("bench"));
    for (auto _ : state) {
        // Undo and redo swap the whole scenario: each is one full recompute and redraw.
        doc->undoStack()->undo();
        w.repaint();
        doc->undoStack()->redo();
        w.repaint();
    }
    state.SetItemsProcessed(state.iterations() * 2);
    state.counters["seconds_per_edit"] = benchmark::Counter(
        double(state.iterations() * 2), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_EditAllViews)->Unit(benchmark::kMillisecond);

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
