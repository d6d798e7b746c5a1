// SPDX-License-Identifier: MIT
// HostPlan's main window, the what-if explorer: input docks (model, hardware, workload,
// pricing; a probe dock when the probe panel is built) around a tab of views (summary, memory
// per precision, GPUs per GPU type, KV cache vs context, break-even, compare). Every edit goes
// through the document's undo stack; the current view rebuilds from the document's plan at once
// and the others when their tab is shown (ViewRefresher).
#pragma once

#include <QMainWindow>

#include <functional>
#include <string>
#include <vector>

namespace hostplan {
struct Scenario;
}

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QTimer;
class QMenu;
class QSpinBox;
class QTabWidget;

namespace hostplan::ui {

class BreakEvenChart;
class CompareView;
class GpuTypesChart;
class HardwarePanel;
class KvChart;
class MemoryChart;
class ModelPanel;
class PricingPanel;
class ScenarioDocument;
class SummaryView;
class WorkloadPanel;

/// Bumped when the dock layout changes so an old saved state is not applied
/// (QMainWindow::saveState / restoreState's version).
inline constexpr int kWindowStateVersion = 3;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget *parent = nullptr);

    ScenarioDocument *document() const { return m_doc; }

    /// Restore the window geometry, dock layout and the last scenario from AppSettings (main()
    /// calls this; tests start from the default scenario). A model that is a Hugging Face Hub
    /// id missing from the local cache is fetched first, once the event loop runs, with the
    /// import's progress dialog and Cancel (ModelPanel::fetchModelThen); the scenario is applied
    /// when the fetch ends, also when it failed or was cancelled (then with that as the model's
    /// problem), so the last session is never dropped. Until then restorePending() is true and
    /// saveSession() leaves the stored scenario alone.
    void restoreSession();
    /// Whether restoreSession() still waits for a model fetch before applying the scenario.
    bool restorePending() const { return m_restorePending; }
    /// Start-up as main() does it: without a file, restoreSession(); with a scenario file given
    /// on the command line, only the window geometry and dock layout are restored and the file
    /// is opened as File > Open opens it (an error is shown the same way, and the window keeps
    /// the default scenario). Returns the open error ("" on success or without a file).
    QString startUp(const QString &scenarioFile);
    /// Store them: the scenario with its unsaved edits (closeEvent, and a second after every
    /// edit so that a crash loses nothing), or with `withUnsavedEdits` false only the file path
    /// (after "Discard" at quit: the discarded edits must not come back).
    void saveSession(bool withUnsavedEdits = true);

    /// File actions without dialogs. Each returns an error message ("" on success); a failed
    /// open changes nothing. openFile and newScenario do not ask about unsaved changes. A
    /// scenario whose model is a Hub id that must be fetched opens when the fetch ends (the
    /// import's progress dialog and Cancel; ModelPanel::fetchModelThen): openFile returns ""
    /// at once, and a cancelled fetch leaves the document as it was.
    QString openFile(const QString &path);
    QString saveFile(const QString &path);
    void newScenario();
    /// Open or import what was dropped: a folder, config.json or *.index.json imports a model;
    /// another .json opens as a scenario.
    /// Reads a model on the calling thread (tests); a drop goes through dropPath().
    QString openDroppedPath(const QString &path);
    /// What a drop does: a model path imports on a worker thread (ModelPanel::startImport; a
    /// failure shows "Import failed", a cancel says "Import cancelled" in the status bar);
    /// anything else goes to openDroppedPath().
    void dropPath(const QString &path);

    /// Dialogs become status-bar messages (tests); lastMessage() keeps the latest.
    void setInteractive(bool interactive) { m_interactive = interactive; }
    const QString &lastMessage() const { return m_lastMessage; }
    /// Replace the unsaved-changes question (tests): returns Save, Discard or Cancel.
    void setSavePrompt(std::function<int()> prompt) { m_savePrompt = std::move(prompt); }
    /// Ask about unsaved changes; true when it is fine to go on.
    bool maybeSave();

    /// The File menu, for other features' actions (exports). addFileAction() puts an action
    /// above "Quit", after the save actions, in the order added.
    QMenu *fileMenu() const { return m_fileMenu; }
    void addFileAction(QAction *action);

    // Panels, views and input widgets, exposed for GUI tests.
    ModelPanel *modelPanel() const { return m_modelPanel; }
    HardwarePanel *hardwarePanel() const { return m_hardwarePanel; }
    WorkloadPanel *workloadPanel() const { return m_workloadPanel; }
    PricingPanel *pricingPanel() const { return m_pricingPanel; }
    QTabWidget *viewTabs() const { return m_tabs; }
    MemoryChart *memoryChart() const { return m_chart; }
    GpuTypesChart *gpuTypesChart() const { return m_gpuTypes; }
    KvChart *kvChart() const { return m_kv; }
    BreakEvenChart *breakEvenChart() const { return m_breakEven; }
    SummaryView *summaryView() const { return m_summary; }
    CompareView *compareView() const { return m_compare; }
    QComboBox *modelCombo() const;
    QComboBox *gpuCombo() const;
    QSpinBox *gpuCountSpin() const;
    QSpinBox *contextSpin() const;
    QSpinBox *concurrencySpin() const;
    QComboBox *weightsFormatCombo() const;
    QComboBox *kvFormatCombo() const;
    QComboBox *engineCombo() const;
    QMenu *recentMenu() const { return m_recentMenu; }
    /// View > Language: one checkable action per language, its data the AppSettings value
    /// ("" = the system's language, "en", "de").
    QMenu *languageMenu() const { return m_languageMenu; }
    /// Edit > Undo and Redo (the undo stack's actions; they win over the fields' own undo).
    QAction *undoAction() const { return m_undoAction; }
    QAction *redoAction() const { return m_redoAction; }
    /// The status bar's verdict ("Fits on 8 x B300 | $27,798/month | API $13,800/month").
    QLabel *verdictLabel() const { return m_verdict; }

  protected:
    /// Ctrl+Z / Ctrl+Shift+Z in a spin box or the model search field undo and redo scenario
    /// edits (Edit > Undo) instead of the field's own typing.
    bool eventFilter(QObject *watched, QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

  private:
    /// The second half of openFile(): the document takes `scenario` read from `path`, and the
    /// recent-files list and the status bar say so.
    void finishOpen(const QString &path, const Scenario &scenario);
    /// The scenario's name, or the plan's derived one when it has none.
    QString scenarioTitle() const;
    void buildDocks();
    void buildViews();
    void buildMenus();
    void updateRecentMenu();
    void buildLanguageMenu();
    /// Give the side docks the width their panels need (at least 280 px), once, when the
    /// window is first shown without a saved layout.
    void sizeDocks();
    void documentChanged();
    void askOpen();
    /// Fetch each Hub id in `refs` in turn (fetchModelThen; a cancelled or refused fetch keeps
    /// a "cancelled" error in the document's cache for its id), then call `then`.
    void fetchEachThen(std::vector<std::string> refs, std::function<void()> then);
    /// The window geometry and dock layout of the last session.
    void restoreLayout();
    bool askSave(bool askPath);
    void message(const QString &title, const QString &text);

    ScenarioDocument *m_doc;
    ModelPanel *m_modelPanel = nullptr;
    HardwarePanel *m_hardwarePanel = nullptr;
    WorkloadPanel *m_workloadPanel = nullptr;
    PricingPanel *m_pricingPanel = nullptr;
    QTabWidget *m_tabs = nullptr;
    MemoryChart *m_chart = nullptr;
    GpuTypesChart *m_gpuTypes = nullptr;
    KvChart *m_kv = nullptr;
    BreakEvenChart *m_breakEven = nullptr;
    SummaryView *m_summary = nullptr;
    CompareView *m_compare = nullptr;
    QWidget *m_probe = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    /// The "no plan" error shown in the status bar, cleared once a plan is back.
    QString m_shownError;
    bool m_docksSized = false;
    bool m_restorePending = false; ///< restoreSession() waits for a model fetch
    QAction *m_quitSeparator = nullptr;
    QLabel *m_verdict = nullptr;
    bool m_interactive = true;
    QString m_lastMessage;
    std::function<int()> m_savePrompt;
    /// Writes the session a second after the last edit (crash safety).
    QTimer *m_sessionTimer = nullptr;
    QString m_droppedImport; ///< the dropped model path being imported, if any
};

} // namespace hostplan::ui
