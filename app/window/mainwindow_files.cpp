// SPDX-License-Identifier: MIT
// MainWindow's file actions: new, open (with a Hub-id model fetched first), save, the
// recent-files menu, drops, and the session kept across runs (layout, last scenario, unsaved
// edits).
#include "document/appsettings.h"
#include "document/scenariodocument.h"
#include "panels/modelpanel.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hostplan::ui {

void MainWindow::newScenario() {
    m_doc->reset(defaultScenario());
}

QString MainWindow::openFile(const QString &path) {
    Scenario scenario;
    const QString error = m_doc->read(path, scenario);
    if (error.isEmpty() && m_modelPanel->needsNetworkFetch(scenario.model.ref)) {
        // The model comes over the network: with the import's progress dialog and Cancel,
        // then the scenario opens with the model (or its error) already in the cache.
        const bool started = m_modelPanel->fetchModelThen(
            scenario.model.ref, [this, path, scenario](bool cancelled) {
                if (cancelled) {
                    statusBar()->showMessage(
                        tr("Open of %1 cancelled").arg(QDir::toNativeSeparators(path)), 5000);
                    return;
                }
                finishOpen(path, scenario);
            });
        if (!started) {
            const QString busy = tr("Cannot open %1 while a model import runs").arg(path);
            message(tr("Open failed"), busy);
            return busy;
        }
        return {};
    }
    if (!error.isEmpty()) {
        if (!QFileInfo::exists(path)) {
            AppSettings::removeRecentFile(path);
            updateRecentMenu();
        }
        message(tr("Open failed"), error);
        return error;
    }
    finishOpen(path, scenario);
    return {};
}

void MainWindow::finishOpen(const QString &path, const Scenario &scenario) {
    m_doc->reset(scenario, path);
    AppSettings::addRecentFile(QFileInfo(path).absoluteFilePath());
    AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
}

QString MainWindow::saveFile(const QString &path) {
    const QString error = m_doc->saveAs(path);
    if (!error.isEmpty()) {
        message(tr("Save failed"), error);
        return error;
    }
    AppSettings::addRecentFile(QFileInfo(path).absoluteFilePath());
    AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    documentChanged();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return {};
}

namespace {
/// A folder, config.json or *.index.json: a model to import rather than a scenario.
bool isModelPath(const QFileInfo &fi) {
    return fi.isDir() || fi.fileName() == QStringLiteral("config.json") ||
           fi.fileName().endsWith(QStringLiteral(".index.json"));
}
} // namespace

void MainWindow::dropPath(const QString &path) {
    if (!isModelPath(QFileInfo(path))) {
        openDroppedPath(path);
    } else if (m_modelPanel->startImport(path)) {
        m_droppedImport = path;
    }
}

QString MainWindow::openDroppedPath(const QString &path) {
    const QFileInfo fi(path);
    if (isModelPath(fi)) {
        const QString error = m_modelPanel->importPath(path);
        if (!error.isEmpty()) {
            message(tr("Import failed"), error);
        }
        return error;
    }
    if (!maybeSave()) {
        return tr("Cancelled");
    }
    return openFile(path);
}

void MainWindow::askOpen() {
    if (!maybeSave()) {
        return;
    }
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open scenario"), AppSettings::lastDirectory(), tr("HostPlan scenario (*.json)"));
    if (!path.isEmpty()) {
        openFile(path);
    }
}

bool MainWindow::askSave(bool askPath) {
    QString path = m_doc->filePath();
    if (askPath || path.isEmpty()) {
        QString suggested = path;
        if (suggested.isEmpty()) {
            suggested = QDir(AppSettings::lastDirectory().isEmpty() ? QDir::homePath()
                                                                    : AppSettings::lastDirectory())
                            .filePath(scenarioTitle().replace(QLatin1Char('/'), QLatin1Char('-')) +
                                      QStringLiteral(".json"));
        }
        path = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested,
                                            tr("HostPlan scenario (*.json)"));
        if (path.isEmpty()) {
            return false;
        }
    }
    return saveFile(path).isEmpty();
}

bool MainWindow::maybeSave() {
    if (m_doc->undoStack()->isClean()) {
        return true;
    }
    int answer = QMessageBox::Cancel;
    if (m_savePrompt) {
        answer = m_savePrompt();
    } else {
        answer = QMessageBox::question(
            this, tr("Unsaved changes"),
            tr("\"%1\" has unsaved changes. Save them?").arg(scenarioTitle()),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    }
    if (answer == QMessageBox::Save) {
        return askSave(false);
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = AppSettings::recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction *a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
            [this, path] {
                if (maybeSave()) {
                    openFile(path);
                }
            });
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            AppSettings::setRecentFiles({});
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

QString MainWindow::startUp(const QString &scenarioFile) {
    if (scenarioFile.isEmpty()) {
        restoreSession();
        return {};
    }
    restoreLayout();
    return openFile(scenarioFile);
}

void MainWindow::restoreLayout() {
    const QByteArray geometry = AppSettings::windowGeometry();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
    }
    const QByteArray state = AppSettings::windowState();
    if (!state.isEmpty() && restoreState(state, kWindowStateVersion)) {
        m_docksSized = true; // the user's own widths
    }
}

void MainWindow::restoreSession() {
    restoreLayout();
    // The file as saved, if there was one, and the unsaved edits of the last session, if any.
    const QString path = AppSettings::lastScenarioPath();
    Scenario saved;
    const bool haveFile =
        !path.isEmpty() && QFileInfo::exists(path) && m_doc->read(path, saved).isEmpty();
    std::optional<Scenario> edits;
    if (const QString json = AppSettings::lastScenarioJson(); !json.isEmpty()) {
        const QByteArray bytes = json.toUtf8();
        auto last = parseScenario(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (!last.ok()) {
            return; // a stale or hand-edited setting: start from the default scenario
        }
        edits = last.value();
    } else if (!haveFile) {
        return;
    }
    auto restore = [this, haveFile, path, saved, edits] {
        if (haveFile) {
            m_doc->reset(saved, path);
            if (edits) {
                // The unsaved edits of the last session as one undoable step.
                m_doc->edit(*edits, tr("Restore unsaved changes"));
            }
        } else {
            m_doc->reset(*edits);
        }
    };
    // A model that is a Hub id not in the local cache is fetched first, on the import's worker
    // thread with its progress dialog and Cancel, once the event loop runs: the window shows at
    // once instead of waiting for the network.
    std::vector<std::string> fetches;
    for (const Scenario *s : {haveFile ? &saved : nullptr, edits ? &*edits : nullptr}) {
        if (s && m_modelPanel->needsNetworkFetch(s->model.ref) &&
            std::find(fetches.begin(), fetches.end(), s->model.ref) == fetches.end()) {
            fetches.push_back(s->model.ref);
        }
    }
    if (fetches.empty()) {
        restore();
        return;
    }
    m_restorePending = true;
    QTimer::singleShot(0, this, [this, fetches, restore] {
        fetchEachThen(fetches, [this, restore] {
            m_restorePending = false;
            restore();
        });
    });
}

void MainWindow::fetchEachThen(std::vector<std::string> refs, std::function<void()> then) {
    if (refs.empty()) {
        then();
        return;
    }
    const std::string ref = refs.front();
    refs.erase(refs.begin());
    // Cancelled (or refused while another import runs): the scenario still opens, so nothing
    // of the last session is lost, with the model's problem saying how to fetch it again.
    auto keepGoing = [this, ref, refs, then](bool cancelled) {
        if (cancelled) {
            m_doc->cacheModelError(
                ref, makeError(ref, tr("the fetch from the Hugging Face Hub was cancelled; "
                                       "import the model again to fetch it")
                                        .toStdString()));
        }
        fetchEachThen(refs, then);
    };
    if (!m_modelPanel->fetchModelThen(ref, keepGoing)) {
        keepGoing(true);
    }
}

void MainWindow::saveSession(bool withUnsavedEdits) {
    AppSettings::setWindowGeometry(saveGeometry());
    AppSettings::setWindowState(saveState(kWindowStateVersion));
    if (m_restorePending) {
        return; // the last session's scenario is not applied yet: keep it as stored
    }
    const bool keepScenario = withUnsavedEdits || m_doc->undoStack()->isClean();
    AppSettings::setLastScenario(
        keepScenario ? QString::fromStdString(scenarioToJson(m_doc->scenario())) : QString(),
        m_doc->filePath());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (maybeSave()) {
        // After Save the stack is clean; after Discard it is not, and the edits stay behind.
        m_sessionTimer->stop();
        saveSession(false);
        event->accept();
    } else {
        event->ignore();
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent *event) {
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile()) {
        return;
    }
    event->acceptProposedAction();
    dropPath(urls.first().toLocalFile());
}

} // namespace hostplan::ui
