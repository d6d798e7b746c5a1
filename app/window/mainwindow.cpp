// SPDX-License-Identifier: MIT
#include "window/mainwindow.h"

#include "document/appsettings.h"
#include "charts/breakevenchart.h"
#include "views/cardfitview.h"
#include "views/compareview.h"
#include "views/deployview.h"
#include "document/formatting.h"
#include "plan/decision.h"
#include "document/languagemanager.h"
#include "charts/gputypeschart.h"
#include "panels/hardwarepanel.h"
#include "charts/kvchart.h"
#include "charts/memorychart.h"
#include "panels/modelpanel.h"
#include "panels/pricingpanel.h"
#include "window/helpactions.h"
#include "window/reportexport.h"
#include "window/thememanager.h"
#include "document/scenariodocument.h"
#include "views/summaryview.h"
#include "panels/workloadpanel.h"

#include "panels/probepanel.h"
#include "panels/tonelabel.h"
#include "views/sensitivityview.h"
#include "views/throughputview.h"
#include "charts/viewrefresher.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QButtonGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QRadioButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QScreen>
#include <QTimer>
#include <QStyle>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace hostplan::ui {

namespace {

QScrollArea *scrolled(QWidget *panel) {
    auto *area = new QScrollArea;
    area->setWidget(panel);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    // The panels wrap their rows to the dock's width (MainWindow sizes the docks from the
    // panels' minimum widths); a dock the user narrows further scrolls instead of clipping.
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return area;
}

/// The width a dock needs to show `panel` without clipping: the panel's minimum width (its
/// rows wrap below that), a vertical scroll bar and the dock's frame.
int dockWidthFor(const QWidget *panel) {
    return panel->minimumSizeHint().width() +
           panel->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
}
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_doc(new ScenarioDocument(this)) {
    setWindowTitle(tr("HostPlan"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    buildViews();
    buildDocks();
    buildMenus();
    m_verdict = new QLabel;
    statusBar()->addPermanentWidget(m_verdict);
    connect(m_doc, &ScenarioDocument::changed, this, &MainWindow::documentChanged);
    // A crash (or a kill) loses at most the last second of edits: the session is rewritten a
    // second after each edit, as it is on quit.
    m_sessionTimer = new QTimer(this);
    m_sessionTimer->setSingleShot(true);
    m_sessionTimer->setInterval(1000);
    connect(m_sessionTimer, &QTimer::timeout, this, [this] { saveSession(true); });
    connect(m_doc, &ScenarioDocument::changed, m_sessionTimer, qOverload<>(&QTimer::start));
    connect(m_doc->undoStack(), &QUndoStack::cleanChanged, this,
            [this](bool clean) { setWindowModified(!clean); });
    documentChanged();
    // A first window (no saved geometry) takes most of the screen, up to 1680 x 1050, so that
    // the docks leave the views room for every tab; a saved geometry replaces it.
    const QRect screenArea = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    resize(std::min(1680, screenArea.width() * 23 / 25),
           std::min(1050, screenArea.height() * 23 / 25));
}

void MainWindow::buildViews() {
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_summary = new SummaryView(m_doc);
    m_tabs->addTab(m_summary, tr("Summary"));

    auto *memory = new QWidget;
    auto *mv = new QVBoxLayout(memory);
    mv->setContentsMargins(0, 4, 0, 0);
    auto *scopeRow = new QHBoxLayout;
    auto *perGpu = new QRadioButton(tr("Per GPU"));
    auto *whole = new QRadioButton(tr("Whole deployment"));
    perGpu->setChecked(true);
    scopeRow->addWidget(new QLabel(tr("Show memory:")));
    scopeRow->addWidget(perGpu);
    scopeRow->addWidget(whole);
    scopeRow->addStretch(1);
    mv->addLayout(scopeRow);
    m_chart = new MemoryChart(m_doc);
    mv->addWidget(m_chart, 1);
    connect(whole, &QRadioButton::toggled, this, [this](bool on) {
        m_chart->setScope(on ? MemoryChart::Scope::Deployment : MemoryChart::Scope::PerGpu);
    });
    m_tabs->addTab(memory, tr("Memory"));

    m_gpuTypes = new GpuTypesChart(m_doc);
    m_tabs->addTab(m_gpuTypes, tr("GPU types"));
    m_kv = new KvChart(m_doc);
    m_tabs->addTab(m_kv, tr("KV cache"));
    m_breakEven = new BreakEvenChart(m_doc);
    m_tabs->addTab(m_breakEven, tr("Break-even"));
    m_tabs->addTab(new ThroughputView(m_doc, this), tr("Throughput"));
    auto *sensitivity = new SensitivityView(m_doc);
    m_tabs->addTab(sensitivity, tr("Sensitivity"));
    m_compare = new CompareView(m_doc);
    m_tabs->addTab(m_compare, tr("Compare"));
    connect(m_compare, &CompareView::pinnedChanged, this,
            [this] { m_tabs->setCurrentWidget(m_compare); });
    auto *deploy = new DeployView(m_doc);
    m_tabs->addTab(deploy, tr("Deploy"));
    auto *cardFit = new CardFitView(m_doc);
    m_tabs->addTab(cardFit, tr("This card"));
    // Views in background tabs skip edits (ViewRefresher); the one made current catches up
    // here, also before the window is first shown (its Show event covers later switches).
    connect(m_tabs, &QTabWidget::currentChanged, this,
            [this](int index) { ViewRefresher::ensureCurrentIn(m_tabs->widget(index)); });
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabToolTip(i, m_tabs->tabText(i));
    }
    m_tabs->setTabToolTip(0, tr("Fits or not and why, memory per GPU, cost and break-even"));
    m_tabs->setTabToolTip(1, tr("Memory per GPU by weight precision, with capacity lines"));
    m_tabs->setTabToolTip(2, tr("GPUs needed for this workload on every catalogue GPU type"));
    m_tabs->setTabToolTip(3, tr("KV cache per sequence and maximum concurrency vs context"));
    m_tabs->setTabToolTip(4, tr("Monthly cost vs monthly tokens: API against self-hosting"));
    m_tabs->setTabToolTip(m_tabs->indexOf(sensitivity),
                          tr("How sure the decision is: ranges, inputs ranked, layouts' latency"));
    m_tabs->setTabToolTip(m_tabs->indexOf(deploy),
                          tr("Serving commands for this plan, every flag explained"));
    m_tabs->setTabToolTip(m_tabs->indexOf(cardFit),
                          tr("Which models run on one card with llama.cpp, at what context"));
    setCentralWidget(m_tabs);
}

void MainWindow::buildDocks() {
    auto dock = [this](QWidget *panel, const QString &title, const QString &name,
                       Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(scrolled(panel));
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                       QDockWidget::DockWidgetClosable);
        addDockWidget(area, d);
        return d;
    };
    m_modelPanel = new ModelPanel(m_doc);
    connect(m_modelPanel, &ModelPanel::importFinished, this,
            [this](const QString &path, const QString &error, bool cancelled) {
                if (cancelled) {
                    statusBar()->showMessage(error, 10000);
                } else if (!error.isEmpty() && path == m_droppedImport) {
                    message(tr("Import failed"), error);
                }
                m_droppedImport.clear();
            });
    m_hardwarePanel = new HardwarePanel(m_doc);
    m_workloadPanel = new WorkloadPanel(m_doc);
    m_pricingPanel = new PricingPanel(m_doc);
    QDockWidget *model =
        dock(m_modelPanel, tr("Model"), QStringLiteral("modelDock"), Qt::LeftDockWidgetArea);
    QDockWidget *hardware = dock(m_hardwarePanel, tr("Hardware"), QStringLiteral("hardwareDock"),
                                 Qt::LeftDockWidgetArea);
    QDockWidget *workload = dock(m_workloadPanel, tr("Workload"), QStringLiteral("workloadDock"),
                                 Qt::RightDockWidgetArea);
    QDockWidget *pricing =
        dock(m_pricingPanel, tr("Pricing"), QStringLiteral("pricingDock"), Qt::RightDockWidgetArea);
    resizeDocks({model, hardware}, {430, 330}, Qt::Vertical);
    resizeDocks({workload, pricing}, {330, 430}, Qt::Vertical);
    for (InputPanel *p : std::initializer_list<InputPanel *>{m_modelPanel, m_hardwarePanel,
                                                             m_workloadPanel, m_pricingPanel}) {
        connect(p, &InputPanel::editRefused, this,
                [this](const QString &msg) { statusBar()->showMessage(msg, 10000); });
    }
    auto *probe = new ProbePanel;
    m_probe = probe;
    QDockWidget *probeDock =
        dock(probe, tr("Probe"), QStringLiteral("probeDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(pricing, probeDock);
    pricing->raise();
    auto feedProbe = [this, probe] {
        const auto &p = m_doc->plan();
        if (p) {
            probe->setPlan(quint64(p->memory.perGpu.total()), int(p->layout.gpuCount()),
                           p->gpu.hbmBandwidthBytesPerS, QString::fromStdString(p->gpu.name));
        } else {
            probe->setPlan(0, 0, 0, QString());
        }
    };
    connect(m_doc, &ScenarioDocument::changed, probe, feedProbe);
    feedProbe();
}

void MainWindow::sizeDocks() {
    m_docksSized = true;
    auto *model = findChild<QDockWidget *>(QStringLiteral("modelDock"));
    auto *workload = findChild<QDockWidget *>(QStringLiteral("workloadDock"));
    // 280 px each, or wider where the language's labels need it (German is longer).
    const int left = std::max({280, dockWidthFor(m_modelPanel), dockWidthFor(m_hardwarePanel)});
    const int right = std::max(
        {280, dockWidthFor(m_workloadPanel), dockWidthFor(m_pricingPanel), dockWidthFor(m_probe)});
    resizeDocks({model, workload}, {left, right}, Qt::Horizontal);
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (!m_docksSized) {
        sizeDocks();
    }
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newAction = m_fileMenu->addAction(tr("&New"), this, [this] {
        if (maybeSave()) {
            newScenario();
        }
    });
    newAction->setShortcut(QKeySequence::New);
    QAction *open = m_fileMenu->addAction(tr("&Open..."), this, &MainWindow::askOpen);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    QAction *save = m_fileMenu->addAction(tr("&Save"), this, [this] { askSave(false); });
    save->setShortcut(QKeySequence::Save);
    QAction *saveAs = m_fileMenu->addAction(tr("Save &As..."), this, [this] { askSave(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(tr("Import &Model..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import model"), AppSettings::lastModelDirectory(),
            tr("Hugging Face model files (config.json *.index.json);;JSON (*.json)"));
        if (!path.isEmpty()) {
            AppSettings::setLastModelDirectory(QFileInfo(path).absolutePath());
            m_modelPanel->startImport(path);
        }
    });
    m_fileMenu->addAction(tr("Import from Hugging Face &Hub..."), m_modelPanel,
                          &ModelPanel::askHubImport);
    m_fileMenu->addSeparator();
    addReportExportActions(m_fileMenu, m_doc, this, [this]() -> const probe::ProbeReport * {
        auto *panel = qobject_cast<ProbePanel *>(m_probe);
        return panel && panel->hasReport() ? &panel->report() : nullptr;
    });
    m_quitSeparator = m_fileMenu->addSeparator();
    QAction *quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    updateRecentMenu();

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAction = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcuts(QKeySequence::Undo);
    m_redoAction = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcuts(QKeySequence::Redo); // Ctrl+Y and Ctrl+Shift+Z
    // Also from floating docks; eventFilter() keeps the fields from taking the keys first.
    m_undoAction->setShortcutContext(Qt::ApplicationShortcut);
    m_redoAction->setShortcutContext(Qt::ApplicationShortcut);
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    qApp->installEventFilter(this);
    // Fields take focus by click or Tab, not by the wheel passing over them (eventFilter()
    // scrolls the dock instead).
    for (QWidget *field : findChildren<QAbstractSpinBox *>()) {
        field->setFocusPolicy(Qt::StrongFocus);
    }
    for (QWidget *field : findChildren<QComboBox *>()) {
        field->setFocusPolicy(Qt::StrongFocus);
    }

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : findChildren<QDockWidget *>()) {
        m_viewMenu->addAction(d->toggleViewAction());
    }
    m_viewMenu->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction *a = m_viewMenu->addAction(m_tabs->tabText(i), this,
                                           [this, i] { m_tabs->setCurrentIndex(i); });
        if (i < 9) { // Ctrl+1 .. Ctrl+9
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        }
    }
    m_viewMenu->addSeparator();
    buildLanguageMenu();
    Theme::addThemeMenu(m_viewMenu);

    QMenu *compare = menuBar()->addMenu(tr("&Compare"));
    QAction *pin =
        compare->addAction(tr("&Pin Current Scenario"), this, [this] { m_compare->pinCurrent(); });
    pin->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    compare->addAction(tr("Clear Pins"), this, [this] { m_compare->clearPin(); });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    new HelpActions(this, m_tabs, help); // the manual (F1) and What's This (Shift+F1)
    help->addAction(tr("&About HostPlan"), this, [this] {
        QMessageBox::about(this, tr("About HostPlan"),
                           tr("<b>HostPlan</b> %1<p>Plans self-hosting of large language models: "
                              "memory, GPUs, cost and break-even against an API. Every figure "
                              "comes from the sizing core, with sources and dates in the "
                              "catalogues.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::buildLanguageMenu() {
    m_languageMenu = m_viewMenu->addMenu(tr("&Language"));
    auto *group = new QActionGroup(m_languageMenu);
    const QString current = AppSettings::language();
    // The shipped languages, named in their own language (LanguageManager::languages()).
    QList<QPair<QString, QString>> languages = {{QString(), tr("System language")}};
    for (const LanguageManager::Language &l : LanguageManager::languages()) {
        languages.append({l.name, l.nativeName});
    }
    // A stored locale name ("de_DE", "ja_JP") checks the language it resolves to.
    const QString chosen =
        current.isEmpty() ? QString() : LanguageManager::languageFor(QLocale(current));
    for (const auto &[name, text] : languages) {
        QAction *a = m_languageMenu->addAction(text);
        a->setCheckable(true);
        a->setData(name);
        a->setChecked(name == chosen);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, name] {
            if (name == AppSettings::language()) {
                return;
            }
            AppSettings::setLanguage(name);
            const QString text = tr("The language changes when HostPlan is started again.");
            m_lastMessage = text;
            if (m_interactive) {
                QMessageBox::information(this, tr("Language"), text);
            } else {
                statusBar()->showMessage(text);
            }
        });
    }
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Wheel) {
        // The wheel over an unfocused number field or combo box in a scrolling dock scrolls the
        // dock instead of changing the value the pointer happens to pass (a focused field still
        // takes it: the user clicked it).
        auto *field = qobject_cast<QWidget *>(watched);
        if (field && !field->hasFocus() &&
            (qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field))) {
            for (QWidget *w = field->parentWidget(); w; w = w->parentWidget()) {
                if (auto *area = qobject_cast<QAbstractScrollArea *>(w)) {
                    QCoreApplication::sendEvent(area->viewport(), event);
                    return true;
                }
            }
        }
    }
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        // The override goes to the field's line edit, then to the spin box or combo box, which
        // hands it to the line edit again: both must leave it.
        QWidget *field = qobject_cast<QAbstractSpinBox *>(watched);
        if (auto *combo = qobject_cast<QComboBox *>(watched); combo && combo->isEditable()) {
            field = combo;
        }
        if (auto *edit = qobject_cast<QLineEdit *>(watched)) {
            QWidget *owner = edit->parentWidget();
            if (qobject_cast<QAbstractSpinBox *>(owner) || qobject_cast<QComboBox *>(owner)) {
                field = owner;
            }
        }
        if (field && (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))) {
            // In one of this window's docks (floating ones included)?
            bool mine = false;
            for (QWidget *w = field; w && !mine; w = w->parentWidget()) {
                mine = w == this;
            }
            if (mine) {
                // Not overridden: the key goes to Edit > Undo / Redo. With nothing to undo
                // (action disabled) it reaches the field as a key press after all.
                event->ignore();
                return true;
            }
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::addFileAction(QAction *action) {
    m_fileMenu->insertAction(m_quitSeparator, action);
}

QComboBox *MainWindow::modelCombo() const {
    return m_modelPanel->modelCombo();
}
QComboBox *MainWindow::gpuCombo() const {
    return m_hardwarePanel->gpuCombo();
}
QSpinBox *MainWindow::gpuCountSpin() const {
    return m_hardwarePanel->gpuCountSpin();
}
QSpinBox *MainWindow::contextSpin() const {
    return m_workloadPanel->contextSpin();
}
QSpinBox *MainWindow::concurrencySpin() const {
    return m_workloadPanel->concurrencySpin();
}
QComboBox *MainWindow::weightsFormatCombo() const {
    return m_modelPanel->weightsCombo();
}
QComboBox *MainWindow::kvFormatCombo() const {
    return m_modelPanel->kvCombo();
}
QComboBox *MainWindow::engineCombo() const {
    return m_hardwarePanel->engineCombo();
}

QString MainWindow::scenarioTitle() const {
    // An unnamed scenario is called after its plan ("Kimi K3 on 8x b300").
    const auto &plan = m_doc->plan();
    const std::string &name =
        m_doc->scenario().name.empty() && plan ? plan->scenario.name : m_doc->scenario().name;
    return name.empty() ? tr("Untitled scenario") : QString::fromStdString(name);
}

void MainWindow::documentChanged() {
    const QString file =
        m_doc->filePath().isEmpty() ? tr("untitled") : QFileInfo(m_doc->filePath()).fileName();
    setWindowTitle(tr("%1 - %2[*] - HostPlan").arg(scenarioTitle(), file));
    setWindowModified(!m_doc->undoStack()->isClean());
    if (const auto &p = m_doc->plan()) {
        // Without an API price the API figures are NaN: say so rather than "n/a".
        const QString api =
            p->apiPriced ? tr("API %1/month").arg(usdText(p->apiUsdPerMonth)) : tr("no API price");
        QString verdict =
            tr("%1 on %2 x %3 | %4/month | %5")
                .arg(p->fit.fits          ? tr("Fits")
                     : p->fit.startsShort ? tr("Starts short (%1 of %2 sequences)")
                                                .arg(groupedInt(p->fit.maxConcurrency))
                                                .arg(groupedInt(p->scenario.workload.concurrency))
                                          : tr("Does not fit"))
                .arg(p->rentedGpus())
                .arg(QString::fromStdString(p->gpu.id).toUpper(),
                     usdText(p->rental.usdPerMonthScheduled), api);
        // Where the workload takes more than one copy of the deployment (it starts short or
        // serves part of the volume), the bill the recommendation weighs is theirs: said beside
        // the one copy's month, so that the status bar does not show a second bill.
        if (const std::uint32_t copies = workloadCopies(*p);
            copies > 1 && p->fit.serves() && !gpuRateUnknown(*p)) {
            verdict += tr(" | %1 copies carry the workload: %2/month")
                           .arg(copies)
                           .arg(usdText(copies * p->rental.usdPerMonthScheduled));
        }
        m_verdict->setText(verdict);
        setTone(m_verdict, p->fit.fits ? Tone::Good : p->fit.startsShort ? Tone::Note : Tone::Bad);
        // The plan is back: its earlier error is stale.
        if (!m_shownError.isEmpty() && statusBar()->currentMessage() == m_shownError) {
            statusBar()->clearMessage();
        }
        m_shownError.clear();
    } else {
        m_verdict->setText(tr("No plan"));
        setTone(m_verdict, Tone::Bad);
        m_shownError = m_doc->error();
        statusBar()->showMessage(m_shownError);
    }
}

void MainWindow::message(const QString &title, const QString &text) {
    m_lastMessage = text;
    if (m_interactive) {
        QMessageBox::warning(this, title, text);
    } else {
        statusBar()->showMessage(text);
    }
}

} // namespace hostplan::ui
