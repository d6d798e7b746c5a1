// SPDX-License-Identifier: MIT
// The Deploy view, offscreen: one entry per engine with the core's command text (the same text
// hostplan-cli serve-cmd prints), Copy puts exactly that command on the clipboard, every flag
// explained in its table, multi-node placeholders, and a plan change reaching the text.
#include "catalogue/catalogue.h"
#include "document/scenariodocument.h"
#include "engine/servecommand.h"
#include "views/deployview.h"
#include "viewtestutil.h"
#include "window/mainwindow.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// The row of `table` whose flag column reads `flag`, or -1.
int rowOf(const QTableWidget *table, const QString &flag) {
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->item(r, 0)->text() == flag) {
            return r;
        }
    }
    return -1;
}

/// What the view shows and copies for `c`: the core's shell text without its final newline.
QString shownText(const ServeCommand &c) {
    QString text = QString::fromStdString(c.shellText());
    if (text.endsWith(QLatin1Char('\n'))) {
        text.chop(1);
    }
    return text;
}

/// Kimi K3 on 16 x H200 at 8k context: two nodes, PP 2 (as tst_servecommand's multiNodeNotes).
Scenario twoNodes(const Scenario &base) {
    Scenario s = base;
    s.hardware.gpu = "h200";
    s.hardware.gpuCount = 16;
    s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
    s.workload.contextTokens = 8192;
    s.workload.concurrency = 4;
    return s;
}

} // namespace

class TestDeployView : public QObject {
    Q_OBJECT
  private slots:
    // The window's Deploy tab on the default plan: vLLM, SGLang, TensorRT-LLM and llama.cpp,
    // each showing the core's shell text for the plan, character for character.
    void defaultPlanShowsCoreCommands() {
        MainWindow w;
        auto *view = w.findChild<DeployView *>();
        QVERIFY(view);
        shown(w, view);
        QCOMPARE(w.viewTabs()->tabText(w.viewTabs()->currentIndex()), QStringLiteral("Deploy"));
        const PlanResult &p = *w.document()->plan();
        const auto commands = serveCommands(p, Catalogue::builtin());
        QCOMPARE(view->engineCount(), 4);
        const QStringList titles = {"vLLM", "SGLang", "TensorRT-LLM", "llama.cpp (llama-server)"};
        const QString cli = QString::fromStdString(serveCommandsText(p, Catalogue::builtin()));
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(view->engineTitle(i), titles[i]);
            const QString shell = shownText(commands[std::size_t(i)]);
            QCOMPARE(view->commandText(i) + QLatin1Char('\n'),
                     QString::fromStdString(commands[std::size_t(i)].shellText()));
            QCOMPARE(view->commandText(i), shell);
            QVERIFY(cli.contains(shell)); // what hostplan-cli serve-cmd prints
            QCOMPARE(view->flagTable(i)->rowCount(), int(commands[std::size_t(i)].flags.size()));
            QVERIFY(view->setupText(i).isEmpty()); // one node
        }
        QVERIFY(view->commandText(0).startsWith(
            "vllm serve moonshotai/Kimi-K3 \\\n    --trust-remote-code \\\n"
            "    --tensor-parallel-size 8 \\\n    --enable-expert-parallel \\\n"));
        QVERIFY(view->commandText(0).contains("    --max-model-len 32768 \\\n"));
        QVERIFY(view->commandText(0).contains("    --gpu-memory-utilization 0.90 \\\n"));
        QVERIFY(view->commandText(0).contains("    --kv-cache-dtype auto \\\n"));
        QVERIFY(view->commandText(1).startsWith("python3 -m sglang.launch_server \\\n"
                                                "    --model-path moonshotai/Kimi-K3 \\\n"));
        QVERIFY(view->commandText(2).startsWith("trtllm-serve moonshotai/Kimi-K3 \\\n"));
        QVERIFY(view->commandText(3).startsWith("llama-server \\\n    -m kimi-k3.gguf \\\n"));
        QVERIFY(view->commandText(3).contains("    -ngl 99 \\\n"));

        // Each flag with its value and why: TP 8 because the layout is TP 8.
        const QTableWidget *vllm = view->flagTable(0);
        const int tp = rowOf(vllm, "--tensor-parallel-size");
        QVERIFY(tp >= 0);
        QCOMPARE(vllm->item(tp, 1)->text(), QStringLiteral("8"));
        QVERIFY(vllm->item(tp, 2)->text().startsWith("TP 8 of the plan's layout"));
        const int len = rowOf(vllm, "--max-model-len");
        QCOMPARE(vllm->item(len, 1)->text(), QStringLiteral("32768"));
        QVERIFY(vllm->item(len, 2)->text().contains("the workload's context"));
        QCOMPARE(vllm->item(0, 0)->text(), QStringLiteral("(model)"));
        QCOMPARE(vllm->item(0, 1)->text(), QStringLiteral("moonshotai/Kimi-K3"));
        for (int r = 0; r < vllm->rowCount(); ++r) {
            QVERIFY(!vllm->item(r, 2)->text().isEmpty());
        }
        // The table is as tall as its rows: nothing hidden behind a scroll bar.
        QVERIFY(vllm->height() >= vllm->rowViewportPosition(vllm->rowCount() - 1) +
                                      vllm->rowHeight(vllm->rowCount() - 1));
    }

    // Copy puts exactly the command shown (and the core's text) on the clipboard.
    void copyPutsTheCommandOnTheClipboard() {
        ScenarioDocument doc;
        DeployView view(&doc);
        const auto commands = serveCommands(*doc.plan(), Catalogue::builtin());
        for (int i : {0, 3}) {
            QGuiApplication::clipboard()->clear();
            QTest::mouseClick(view.copyButton(i), Qt::LeftButton);
            QCOMPARE(QGuiApplication::clipboard()->text(), shownText(commands[std::size_t(i)]));
            QVERIFY(!QGuiApplication::clipboard()->text().endsWith(QLatin1Char('\n')));
            QCOMPARE(QGuiApplication::clipboard()->text(), view.commandText(i));
        }
    }

    // Two nodes: SGLang's node rank and head address, vLLM's Ray cluster and llama.cpp's
    // rpc-server lines, each with its placeholder.
    void multiNodePlaceholders() {
        ScenarioDocument doc;
        doc.edit(twoNodes(doc.scenario()), QStringLiteral("two nodes"));
        QCOMPARE(doc.plan()->layout.pp, 2u);
        DeployView view(&doc);
        QVERIFY(view.commandText(1).contains("    --nnodes 2 \\\n"
                                             "    --node-rank \"${NODE_RANK}\" \\\n"
                                             "    --dist-init-addr \"${HEAD_IP}:5000\""));
        QVERIFY(view.commandText(0).contains("    --pipeline-parallel-size 2 \\\n"));
        QCOMPARE(view.setupText(0),
                 QStringLiteral("ray start --head --port=6379  # on the head node\n"
                                "ray start --address=\"${HEAD_IP}:6379\"  # on the other node"));
        QVERIFY(view.commandText(3).contains("    --rpc \"${WORKER_1_IP}:50052\" \\\n"));
        QVERIFY(view.setupText(3).startsWith("rpc-server --host 0.0.0.0 --port 50052"));
        const int rank = rowOf(view.flagTable(1), "--node-rank");
        QVERIFY(view.flagTable(1)->item(rank, 2)->text().contains("0 on the head node"));
        const QString shot = qEnvironmentVariable("HOSTPLAN_DEPLOY_MULTINODE_SCREENSHOT");
        if (!shot.isEmpty()) {
            view.resize(980, 760);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QTest::qWait(100); // let the flag tables settle their heights
            view.ensureWidgetVisible(view.copyButton(3), 0, 400);
            QVERIFY(view.grab().save(shot));
        }
    }

    // An edit reaches the text: the context goes to 64k, the commands follow; undo restores.
    void planChangeUpdatesTheText() {
        MainWindow w;
        auto *view = shown(w, w.findChild<DeployView *>());
        auto *doc = w.document();
        QVERIFY(view->commandText(0).contains("--max-model-len 32768 "));
        Scenario s = doc->scenario();
        s.workload.contextTokens = 65536;
        doc->edit(s, QStringLiteral("context"));
        QVERIFY(view->commandText(0).contains("--max-model-len 65536 "));
        QVERIFY(!view->commandText(0).contains("32768"));
        QCOMPARE(view->commandText(0),
                 shownText(vllmServeCommand(*doc->plan(), Catalogue::builtin())));
        const int len = rowOf(view->flagTable(0), "--max-model-len");
        QCOMPARE(view->flagTable(0)->item(len, 1)->text(), QStringLiteral("65536"));
        // Copy follows the new text.
        QTest::mouseClick(view->copyButton(0), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), view->commandText(0));
        doc->undoStack()->undo();
        QVERIFY(view->commandText(0).contains("--max-model-len 32768 "));
        const QString shot = qEnvironmentVariable("HOSTPLAN_DEPLOY_SCREENSHOT");
        if (!shot.isEmpty()) {
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTest::qWait(100); // let the flag tables settle their heights
            QVERIFY(w.grab().save(shot));
        }
    }

    // A GPU TensorRT-LLM does not run on: its entry says why and has no command or Copy.
    void trtllmUnavailableOnAmd() {
        ScenarioDocument doc;
        Scenario s = doc.scenario();
        s.hardware.gpu = "mi355x";
        s.hardware.gpuCount = 8;
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
        doc.edit(s, QStringLiteral("amd"));
        DeployView view(&doc);
        QCOMPARE(view.engineCount(), 4);
        QCOMPARE(view.engineTitle(2), QStringLiteral("TensorRT-LLM"));
        QVERIFY(view.commandText(2).isEmpty());
        QVERIFY(view.copyButton(2) == nullptr);
        QVERIFY(view.commandText(3).startsWith("llama-server"));
    }
};

QTEST_MAIN(TestDeployView)
#include "tst_deployview.moc"
