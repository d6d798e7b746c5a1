// SPDX-License-Identifier: MIT
// Opening a scenario file whose model is a Hugging Face Hub id that must be fetched: the fetch
// runs on the import's worker thread with its progress dialog and Cancel (no frozen window), the
// scenario opens when it ends with the model (or the fetch's error) already in the document's
// cache, so evaluating it does not fetch again, and Cancel leaves the document as it was. The
// last session's scenario restored at start-up fetches its model the same way. A fake
// fetcher (importer::setHubFetcher) stands in for the network and holds until the test lets go.
#include "document/appsettings.h"
#include "document/scenariodocument.h"
#include "explorertestutil.h"
#include "import/hubcache.h"
#include "panels/modelpanel.h"
#include "scenario/scenario.h"
#include "window/mainwindow.h"

#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace hostplan;
using namespace hostplan::ui;

namespace {

/// What the fake fetcher does once released.
enum class FetchOutcome { Checkpoint, Failure };

} // namespace

class TestOpenFetch : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        explorertest::useTestSettings(QStringLiteral("tst_openfetch"));
        QVERIFY(m_hfCache.isValid() && m_checkpoint.isValid() && m_files.isValid());
        QVERIFY(QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                           "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                            m_checkpoint.filePath(QStringLiteral("config.json"))));
        qputenv("HF_HUB_CACHE", m_hfCache.path().toUtf8()); // an empty local cache
        importer::setHubFetcher(
            [this](std::string_view, const Error &,
                   const std::atomic<bool> *cancel) -> Result<std::filesystem::path> {
                ++m_fetches;
                while (!m_release.load()) {
                    if (cancel && cancel->load()) {
                        return makeError("org/fetched-llama", "cancelled");
                    }
                    QThread::msleep(5);
                }
                if (m_outcome == FetchOutcome::Failure) {
                    return makeError("org/fetched-llama", "host not found: hub.invalid");
                }
                return std::filesystem::path(m_checkpoint.path().toStdString());
            });
    }
    void cleanupTestCase() {
        importer::setHubFetcher({});
        qunsetenv("HF_HUB_CACHE");
        AppSettings::clear();
    }
    void init() {
        m_fetches = 0;
        m_release = false;
        m_outcome = FetchOutcome::Checkpoint;
    }

    // The file opens after the fetch, with its progress dialog meanwhile; one fetch in all.
    void opensAfterTheFetch() {
        const QString path = writeScenario(QStringLiteral("fetched.json"));
        MainWindow w;
        w.setInteractive(false);
        const Scenario before = w.document()->scenario();
        QCOMPARE(w.openFile(path), QString());
        QProgressDialog *dialog = w.modelPanel()->importDialog();
        QVERIFY(dialog != nullptr);
        QVERIFY(dialog->labelText().contains(QStringLiteral("org/fetched-llama")));
        QVERIFY(w.document()->scenario() == before); // not before the model is here
        QVERIFY(w.document()->filePath().isEmpty());
        m_release = true;
        QTRY_COMPARE_WITH_TIMEOUT(w.document()->filePath(), path, 30000);
        QVERIFY(w.modelPanel()->importDialog() == nullptr);
        QCOMPARE(w.document()->scenario().model.ref, std::string("org/fetched-llama"));
        QVERIFY2(w.document()->plan().has_value(), qPrintable(w.document()->error()));
        QCOMPARE(quint64(w.document()->plan()->model.totalParams), 8'030'261'248ull);
        // An edit evaluates again from the document's cache: no second fetch.
        Scenario edited = w.document()->scenario();
        edited.workload.contextTokens = 4096;
        w.document()->edit(edited, QStringLiteral("context"));
        QVERIFY(w.document()->plan().has_value());
        QCOMPARE(m_fetches.load(), 1);
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Opened")));
    }

    // Cancel in the dialog: the document keeps its scenario and file, and the status bar says
    // the open was cancelled.
    void cancelKeepsTheDocument() {
        const QString path = writeScenario(QStringLiteral("cancelled.json"));
        MainWindow w;
        w.setInteractive(false);
        const Scenario before = w.document()->scenario();
        QCOMPARE(w.openFile(path), QString());
        QVERIFY(w.modelPanel()->importDialog() != nullptr);
        QPushButton *cancel = w.modelPanel()->importDialog()->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(w.modelPanel()->importDialog() == nullptr, 30000);
        QVERIFY(w.document()->scenario() == before);
        QVERIFY(w.document()->filePath().isEmpty());
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("cancelled")));
    }

    // A failed fetch: the scenario opens with the fetch's error as its problem, and evaluating
    // it does not fetch again on the GUI thread.
    void failureOpensWithTheError() {
        const QString path = writeScenario(QStringLiteral("failed.json"));
        m_outcome = FetchOutcome::Failure;
        m_release = true;
        MainWindow w;
        w.setInteractive(false);
        QCOMPARE(w.openFile(path), QString());
        QTRY_COMPARE_WITH_TIMEOUT(w.document()->filePath(), path, 30000);
        QVERIFY(!w.document()->plan().has_value());
        QVERIFY2(w.document()->error().contains(QStringLiteral("host not found")),
                 qPrintable(w.document()->error()));
        Scenario edited = w.document()->scenario();
        edited.workload.contextTokens = 4096;
        w.document()->edit(edited, QStringLiteral("context"));
        QCOMPARE(m_fetches.load(), 1);
    }

    // The last session's scenario names a Hub id that is not cached: the window shows the
    // default scenario at once, the fetch runs with its progress dialog once the event loop
    // runs, and the session's scenario (with its unsaved edit) is applied when it ends.
    void restoredSessionFetchesWithProgress() {
        Scenario last = defaultScenario();
        last.model.ref = "org/fetched-llama";
        last.workload.contextTokens = 12345;
        AppSettings::setLastScenario(QString::fromStdString(scenarioToJson(last)), QString());
        MainWindow w;
        w.setInteractive(false);
        const Scenario before = w.document()->scenario();
        w.restoreSession(); // returns without waiting for the network
        QVERIFY(w.restorePending());
        QVERIFY(w.document()->scenario() == before);
        QCOMPARE(m_fetches.load(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(w.modelPanel()->importDialog() != nullptr, 30000);
        QVERIFY(w.modelPanel()->importDialog()->labelText().contains(
            QStringLiteral("org/fetched-llama")));
        // Meanwhile the stored session is not replaced by the default scenario.
        w.saveSession(true);
        QVERIFY(AppSettings::lastScenarioJson().contains(QStringLiteral("org/fetched-llama")));
        m_release = true;
        QTRY_VERIFY_WITH_TIMEOUT(!w.restorePending(), 30000);
        QCOMPARE(w.document()->scenario().model.ref, std::string("org/fetched-llama"));
        QCOMPARE(w.document()->scenario().workload.contextTokens, 12345u);
        QVERIFY2(w.document()->plan().has_value(), qPrintable(w.document()->error()));
        QCOMPARE(quint64(w.document()->plan()->model.totalParams), 8'030'261'248ull);
        QCOMPARE(m_fetches.load(), 1);
        AppSettings::setLastScenario(QString(), QString());
    }

    // Cancel the session's fetch: the scenario is still applied (nothing of the last session is
    // lost), its model's problem says the fetch was cancelled, and no fetch runs on the GUI
    // thread when it is evaluated.
    void cancelledSessionFetchKeepsTheScenario() {
        Scenario last = defaultScenario();
        last.model.ref = "org/fetched-llama";
        last.workload.contextTokens = 23456;
        AppSettings::setLastScenario(QString::fromStdString(scenarioToJson(last)), QString());
        MainWindow w;
        w.setInteractive(false);
        w.restoreSession();
        QTRY_VERIFY_WITH_TIMEOUT(w.modelPanel()->importDialog() != nullptr, 30000);
        QPushButton *cancel = w.modelPanel()->importDialog()->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(!w.restorePending(), 30000);
        QCOMPARE(w.document()->scenario().workload.contextTokens, 23456u);
        QVERIFY(!w.document()->plan().has_value());
        QVERIFY2(w.document()->error().contains(QStringLiteral("cancelled")),
                 qPrintable(w.document()->error()));
        QCOMPARE(m_fetches.load(), 1);
        AppSettings::setLastScenario(QString(), QString());
    }

  private:
    /// A scenario file naming the Hub id org/fetched-llama as its model.
    QString writeScenario(const QString &name) {
        Scenario s = defaultScenario();
        s.model.ref = "org/fetched-llama";
        const std::string text = scenarioToJson(s);
        const QString path = m_files.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) ||
            f.write(text.data(), qint64(text.size())) != qint64(text.size())) {
            return {};
        }
        return path;
    }

    QTemporaryDir m_hfCache;
    QTemporaryDir m_checkpoint;
    QTemporaryDir m_files;
    std::atomic<int> m_fetches{0};
    std::atomic<bool> m_release{false};
    FetchOutcome m_outcome = FetchOutcome::Checkpoint;
};

QTEST_MAIN(TestOpenFetch)
#include "tst_openfetch.moc"
