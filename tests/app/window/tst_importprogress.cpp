// SPDX-License-Identifier: MIT
// A model import from the GUI (a drop, File > Import Model, the panel's buttons) reads the files
// on a worker thread: offscreen, on a synthetic Llama-3.1-8B checkpoint of many safetensors
// shards (headers only; the data are sparse holes), the progress reaches the dialog in order,
// the event loop runs while the files are read, Cancel leaves the scenario and undo stack as
// they were and says so in the status bar, a finished import is one undo step, and a failure
// gives the same message as the synchronous import.
#include "safetensorsfile.h"
#include "document/scenariodocument.h"
#include "explorertestutil.h"
#include "panels/modelpanel.h"
#include "window/mainwindow.h"

#include <QDir>
#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>

#include <unistd.h>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

constexpr int kShards = 64;
constexpr int kTensorsPerShard = 5000;

/// Writes `path` as a safetensors file of `count` BF16 tensors of `rows` x 128 named after
/// `first`; the data part is a hole (truncate), never written. False on a write error.
bool writeShard(const QString &path, int first, int count, std::uint64_t rows) {
    const std::uint64_t bytes = rows * 128 * 2;
    std::string header = "{\"__metadata__\":{\"format\":\"pt\"}";
    std::uint64_t offset = 0;
    for (int i = first; i < first + count; ++i) {
        header += ",\"model.layers." + std::to_string(i / 1000) + ".w" + std::to_string(i) +
                  ".weight\":{\"dtype\":\"BF16\",\"shape\":[" + std::to_string(rows) +
                  ",128],\"data_offsets\":[" + std::to_string(offset) + "," +
                  std::to_string(offset + bytes) + "]}";
        offset += bytes;
    }
    header += "}";
    const std::string out = testutil::safetensorsPrefix(std::move(header));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(out.data(), qint64(out.size())) != qint64(out.size())) {
        return false;
    }
    f.close();
    return truncate(QFile::encodeName(path).constData(), off_t(out.size() + offset)) == 0;
}

/// The folder of the synthetic checkpoint: Llama-3.1-8B's real config.json and kShards shards
/// whose tensors add up to its 16 GB of BF16 weights. Empty on a write error.
QString writeCheckpoint(const QTemporaryDir &dir) {
    const QString folder = dir.filePath(QStringLiteral("llama8b-shards"));
    if (!QDir().mkpath(folder) ||
        !QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                    "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                     folder + QStringLiteral("/config.json"))) {
        return {};
    }
    const std::uint64_t total = 16'060'522'496ull; // 8.03e9 parameters in BF16
    const std::uint64_t rows = total / (std::uint64_t(kShards) * kTensorsPerShard) / 256;
    for (int s = 0; s < kShards; ++s) {
        const QString name = QStringLiteral("/model-%1-of-%2.safetensors")
                                 .arg(s + 1, 5, 10, QLatin1Char('0'))
                                 .arg(kShards, 5, 10, QLatin1Char('0'));
        if (!writeShard(folder + name, s * kTensorsPerShard, kTensorsPerShard, rows)) {
            return {};
        }
    }
    return folder;
}

} // namespace

class TestImportProgress : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        explorertest::useTestSettings(QStringLiteral("tst_importprogress"));
        QVERIFY(m_dir.isValid());
        m_folder = writeCheckpoint(m_dir);
        QVERIFY(!m_folder.isEmpty());
    }
    void cleanupTestCase() { AppSettings::clear(); }

    // A dropped folder imports on a worker thread, as one undo step, while the event loop runs.
    void dropImportsInTheBackground() {
        MainWindow w;
        w.setInteractive(false);
        ModelPanel *panel = w.modelPanel();
        const int before = w.document()->undoStack()->index();
        QList<QPair<int, int>> steps;
        bool dialogFollows = true;
        connect(panel, &ModelPanel::importProgress, this, [&](int done, int total) {
            steps.append({done, total});
            QProgressDialog *d = panel->importDialog();
            // The step before this one is on the dialog (the first has none).
            dialogFollows = dialogFollows && d &&
                            (done == 1 || (d->value() == done - 1 && d->maximum() == total));
        });
        QSignalSpy finished(panel, &ModelPanel::importFinished);
        w.dropPath(m_folder);
        // dropPath returns before the import ends, and nothing is applied on the GUI thread
        // before the files are read: the result arrives later, through the event loop. (A 0 ms
        // timer counting event-loop turns was flaky: on a loaded machine the worker can post
        // every step before the GUI thread's first turn, and posted events run before timers.)
        QCOMPARE(finished.count(), 0);
        QCOMPARE(w.document()->undoStack()->index(), before);
        QVERIFY(panel->importDialog() != nullptr);
        // Shown only when the import lasts: a fast one does not flash a dialog.
        QCOMPARE(panel->importDialog()->minimumDuration(), ModelPanel::kProgressDelayMs);
        QCOMPARE(panel->importDialog()->windowModality(), Qt::WindowModal);
        QVERIFY(!panel->startImport(m_folder)); // one import at a time
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(finished.first().at(2).toBool(), false);
        // config.json, then each shard: 1..65 of 65, in order.
        QCOMPARE(steps.size(), kShards + 1);
        for (int i = 0; i < steps.size(); ++i) {
            QCOMPARE(steps[i].first, i + 1);
            QCOMPARE(steps[i].second, kShards + 1);
        }
        QVERIFY(dialogFollows);
        QVERIFY(panel->importDialog() == nullptr);
        QCOMPARE(w.document()->undoStack()->index(), before + 1);
        QVERIFY(w.document()->undoStack()->undoText().startsWith("Import model"));
        QCOMPARE(w.document()->scenario().model.ref, QDir(m_folder).absolutePath().toStdString());
        QVERIFY2(w.document()->plan().has_value(), qPrintable(w.document()->error()));
        const auto &m = w.document()->plan()->model;
        QVERIFY(m.totalParams > 7'900'000'000ull && m.totalParams < 8'100'000'000ull);
        // The bytes come from the shard headers.
        QCOMPARE(double(m.checkpointBytes),
                 double(16'060'522'496ull / (kShards * kTensorsPerShard) / 256 * 256 * kShards *
                        kTensorsPerShard));
    }

    // Cancel after the first file: scenario, undo stack and problem text unchanged, and the
    // status bar says "Import cancelled". The worker waits after its first file until Cancel
    // is pressed (a hook on its thread), so it cannot finish first however the machine is
    // loaded; then it reads no further file.
    void cancelLeavesTheDocumentAlone() {
        MainWindow w;
        w.setInteractive(false);
        ModelPanel *panel = w.modelPanel();
        const Scenario keep = w.document()->scenario();
        const int index = w.document()->undoStack()->index();
        const int count = w.document()->undoStack()->count();
        QSemaphore cancelPressed;
        std::atomic<bool> workerHeld = true;
        panel->setImportWorkerHook([&](int done, int) {
            if (done == 1) {
                // A minute at most, so that a broken test fails instead of hanging.
                workerHeld = cancelPressed.tryAcquire(1, 60000);
            }
        });
        int last = 0;
        connect(panel, &ModelPanel::importProgress, this, [&](int done, int) {
            if (last == 0) {
                QPushButton *cancel = panel->importDialog()->findChild<QPushButton *>();
                QVERIFY(cancel);
                cancel->click();
                cancelPressed.release();
            }
            last = done;
        });
        QSignalSpy finished(panel, &ModelPanel::importFinished);
        w.dropPath(m_folder);
        QVERIFY(finished.wait(60000));
        QVERIFY2(workerHeld, "Cancel was not pressed while the worker waited");
        QCOMPARE(finished.first().at(2).toBool(), true);
        QVERIFY2(last == 1, "the import was not stopped after the first file");
        QVERIFY(w.document()->scenario() == keep);
        QCOMPARE(w.document()->undoStack()->index(), index);
        QCOMPARE(w.document()->undoStack()->count(), count);
        QCOMPARE(w.statusBar()->currentMessage(), QString("Import cancelled"));
        QCOMPARE(panel->problemText(), QString());
        QVERIFY(w.lastMessage().isEmpty());
        QVERIFY(panel->importDialog() == nullptr);
    }

    // A folder that is no model: the same message as the synchronous import, nothing changed.
    void failureGivesTheSameMessage() {
        QTemporaryDir dir;
        QFile junk(dir.filePath("config.json"));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{\"model_type\": 7}");
        junk.close();
        QString expected;
        {
            MainWindow sync;
            sync.setInteractive(false);
            expected = sync.openDroppedPath(dir.path());
        }
        QVERIFY(!expected.isEmpty());
        MainWindow w;
        w.setInteractive(false);
        const Scenario keep = w.document()->scenario();
        QSignalSpy finished(w.modelPanel(), &ModelPanel::importFinished);
        w.dropPath(dir.path());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(1).toString(), expected);
        QCOMPARE(finished.first().at(2).toBool(), false);
        QCOMPARE(w.lastMessage(), expected);
        QCOMPARE(w.modelPanel()->problemText(), expected);
        QVERIFY(w.document()->scenario() == keep);
        QCOMPARE(w.document()->undoStack()->count(), 0);
    }

    void hubIdStaysAnId() {
        // A Hub id in the model box's import (File > Import from Hugging Face Hub...) is no
        // path: read from the local Hugging Face cache (HF_HUB_CACHE) on the worker thread,
        // and the scenario keeps the id as its model reference.
        QTemporaryDir cache;
        const QString commit = QStringLiteral("0123456789abcdef0123456789abcdef01234567");
        const QString repo = cache.filePath("models--org--tiny-llama");
        QVERIFY(QDir().mkpath(repo + "/refs") && QDir().mkpath(repo + "/snapshots/" + commit));
        QFile ref(repo + "/refs/main");
        QVERIFY(ref.open(QIODevice::WriteOnly));
        ref.write(commit.toUtf8());
        ref.close();
        QVERIFY(QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                           "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                            repo + "/snapshots/" + commit + "/config.json"));
        qputenv("HF_HUB_CACHE", cache.path().toUtf8());
        MainWindow w;
        w.setInteractive(false);
        QSignalSpy finished(w.modelPanel(), &ModelPanel::importFinished);
        QVERIFY(w.modelPanel()->startImport(QStringLiteral("org/tiny-llama")));
        QVERIFY(finished.wait(60000));
        qunsetenv("HF_HUB_CACHE");
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(QString::fromStdString(w.document()->scenario().model.ref),
                 QStringLiteral("org/tiny-llama"));
        QCOMPARE(w.document()->undoStack()->count(), 1);
    }

  private:
    QTemporaryDir m_dir;
    QString m_folder;
};

QTEST_MAIN(TestImportProgress)
#include "tst_importprogress.moc"
