// SPDX-License-Identifier: MIT
// N-way compare (issue 18), offscreen: several pinned scenarios beside the current one, with
// throughput and cost rows taken from each plan's core figures, a chart overlaying every plan's
// throughput curve, "make pinned current" and "remove pin" per pinned scenario, and a cap on
// the number of pins.
#include "document/appsettings.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"
#include "views/comparechart.h"
#include "views/comparemodel.h"
#include "views/compareview.h"
#include "window/mainwindow.h"
#include "explorertestutil.h"

#include <QTest>
#include <QUndoStack>

using namespace hostplan;
using namespace hostplan::ui;
using namespace hostplan::explorertest;

namespace {

/// The text in `column` of the row whose "what" is `what` ("" when there is none).
QString cell(const CompareModel *m, const QString &what, int column) {
    for (int r = 0; r < m->rowCount(); ++r) {
        if (m->index(r, CompareModel::ColWhat).data().toString() == what) {
            return m->index(r, column).data().toString();
        }
    }
    return {};
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_compare")); }
    void cleanupTestCase() { AppSettings::clear(); }

    void severalPinsSideBySide() {
        MainWindow w;
        ScenarioDocument *doc = w.document();
        CompareView *cmp = w.compareView();
        const std::string b300 = doc->scenario().hardware.gpu;
        cmp->pinCurrent();
        doc->edit(withGpuType(doc->scenario(), "h200"), "H200");
        cmp->pinCurrent();
        Scenario longer = doc->scenario();
        longer.workload.contextTokens = 65536;
        doc->edit(longer, "64K");
        cmp->refresh();
        CompareModel *m = cmp->model();
        QCOMPARE(cmp->pinCount(), 2);
        QCOMPARE(m->columnCount(), 4);
        QCOMPARE(m->currentColumn(), 3);
        QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QString("Pinned 1"));
        QCOMPARE(m->headerData(2, Qt::Horizontal).toString(), QString("Pinned 2"));
        QCOMPARE(m->headerData(3, Qt::Horizontal).toString(), QString("Current"));
        const QStringList diff = m->differingRows();
        QVERIFY2(diff.contains("GPU") && diff.contains("Context"), qPrintable(diff.join(", ")));
        QVERIFY(!diff.contains("Model"));
        QVERIFY(cell(m, "GPU", 1) != cell(m, "GPU", 2));
        QCOMPARE(cell(m, "GPU", 2), cell(m, "GPU", 3));

        // Throughput rows carry each side's core figures.
        const auto &plan = doc->plan();
        QVERIFY(plan && plan->fit.fits && plan->throughput.computed);
        const Capacity &cap = plan->throughput.capacity;
        QCOMPARE(cell(m, "Running batch (sequences)", 3), groupedInt(cap.batch));
        QVERIFY(cell(m, "Output tokens/s (likely, low - high)", 3)
                    .startsWith(numberText(cap.servingOutputTokensPerSecond, 0) + " ("));
        QCOMPARE(cell(m, "Median TTFT / TPOT", 3), QString("%1 ms / %2 ms")
                                                       .arg(numberText(cap.ttftSeconds * 1e3, 0),
                                                            numberText(cap.tpotSeconds * 1e3, 1)));
        // Heavy users as the decision unit gives them: a count beyond what the plan serves is
        // still that count (the Summary's "needs N ... serves M"), not "never".
        const HeavyUserVerdict heavy = heavyUserVerdict(*plan);
        if (heavy.kind == HeavyUserKind::WithinBand) {
            QCOMPARE(cell(m, "Break-even heavy users", 3),
                     QString("%1 (serves %2, up to %3 at the band's fast end)")
                         .arg(groupedInt(heavy.usersNeeded), numberText(heavy.usersServed, 1),
                              numberText(heavy.usersServedHigh, 1)));
        } else if (heavy.kind == HeavyUserKind::OutOfReach) {
            QCOMPARE(cell(m, "Break-even heavy users", 3),
                     QString("%1 (serves %2)")
                         .arg(groupedInt(heavy.usersNeeded), numberText(heavy.usersServed, 1)));
        } else if (heavy.kind == HeavyUserKind::WinsFrom) {
            QCOMPARE(cell(m, "Break-even heavy users", 3), groupedInt(heavy.usersNeeded));
        }
        QVERIFY(cell(m, "Break-even heavy users", 3) != QString("never"));
        // The break-even volume as the Summary's verdict gives it (a count within the band).
        const BreakEvenVerdict be = breakEvenVerdict(*plan);
        QCOMPARE(
            cell(m, "Break-even output tokens per month", 3),
            be.kind == BreakEvenKind::At ? tokensText(be.outputTokensPerMonth)
            : be.withinBand
                ? QString("%1 (too close to call)").arg(tokensText(be.neededOutputTokensPerMonth))
                : QString("never"));
        // The first pin is B300 at the default 32K context: its own capacity, not the current.
        Scenario first = withGpuType(doc->scenario(), b300);
        first.workload.contextTokens = 32768;
        const auto firstPlan = doc->evaluateVariant(first);
        QVERIFY(firstPlan.ok());
        QCOMPARE(cell(m, "Running batch (sequences)", 1),
                 groupedInt(firstPlan->throughput.capacity.batch));

        // The overlay: one line per side, in column order, with its capacity point.
        const auto &lines = cmp->overlay()->lines();
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0].title, QString("Pinned 1"));
        QCOMPARE(lines[2].title, QString("Current"));
        int positive = 0;
        for (const BatchPoint &p : plan->throughput.curve) {
            positive += p.tokensPerSecond > 0 && p.tokensPerSecondPerUser > 0;
        }
        QCOMPARE(int(lines[2].points.size()), positive);
        QVERIFY(positive >= 3);
        QCOMPARE(lines[2].capacity, QPointF(cap.tokensPerSecondPerUser, cap.outputTokensPerSecond));
        // Along a curve, a bigger batch gives fewer tokens/s per user and more in all.
        for (int i = 1; i < lines[2].points.size(); ++i) {
            QVERIFY(lines[2].points[i].x() <= lines[2].points[i - 1].x());
        }
        QVERIFY(lines[2].points.last().y() > lines[2].points.first().y());

        // Make the first pin current (undoable), then remove it.
        cmp->usePin(0);
        QCOMPARE(doc->scenario().hardware.gpu, b300);
        QCOMPARE(doc->scenario().workload.contextTokens, std::uint64_t(32768));
        doc->undoStack()->undo();
        QCOMPARE(doc->scenario().hardware.gpu, std::string("h200"));
        cmp->removePin(0);
        QCOMPARE(cmp->pinCount(), 1);
        QCOMPARE(m->columnCount(), 3);
        QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QString("Pinned"));
        cmp->removePin(5); // no such pin
        QCOMPARE(cmp->pinCount(), 1);
        cmp->clearPin();
        QVERIFY(!cmp->hasPin());
        QCOMPARE(m->rowCount(), 0);
        QVERIFY(cmp->overlay()->lines().isEmpty());
    }

    void pinsAreCapped() {
        MainWindow w;
        CompareView *cmp = w.compareView();
        for (int i = 0; i < CompareView::kMaxPins; ++i) {
            cmp->pinCurrent();
        }
        QCOMPARE(cmp->pinCount(), CompareView::kMaxPins);
        QVERIFY(cmp->model()->differingRows().isEmpty());
        QCOMPARE(cmp->statusText(), QString("The current scenario equals every pinned one."));
        cmp->pinCurrent();
        QCOMPARE(cmp->pinCount(), CompareView::kMaxPins);
        QVERIFY2(cmp->statusText().contains("At most 6"), qPrintable(cmp->statusText()));
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
