#include "mainwindow.h"

#include "catalogue.h"
#include "formatting.h"
#include "memorychart.h"
#include "scenariodocument.h"
#include "summaryview.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hostplan::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_doc(new ScenarioDocument(this)) {
    setWindowTitle(tr("HostPlan"));
    auto *split = new QSplitter(Qt::Horizontal, this);
    m_summary = new SummaryView(m_doc, split);
    m_chart = new MemoryChart(m_doc, split);
    split->addWidget(m_summary);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({430, 640});
    setCentralWidget(split);
    buildInputs();
    buildMenus();
    connect(m_doc, &ScenarioDocument::changed, this, &MainWindow::syncInputs);
    connect(m_doc->undoStack(), &QUndoStack::cleanChanged, this,
            [this](bool clean) { setWindowModified(!clean); });
    syncInputs();
    resize(1280, 800);
}

void MainWindow::buildInputs() {
    auto *panel = new QWidget;
    auto *form = new QFormLayout(panel);
    const Catalogue &cat = Catalogue::builtin();

    m_model = new QComboBox;
    for (const auto &m : cat.models()) {
        m_model->addItem(QString::fromStdString(m.name), QString::fromStdString(m.id));
    }
    m_model->setToolTip(tr("Model from the catalogue (real Hugging Face config.json files)"));
    auto *importButton = new QPushButton(tr("Import config.json..."));
    connect(importButton, &QPushButton::clicked, this, &MainWindow::importModel);
    m_modelInfo = new QLabel;
    m_modelInfo->setWordWrap(true);

    m_weights = new QComboBox;
    m_weights->addItem(tr("As shipped (checkpoint formats)"), QString());
    for (const auto &f : comparisonFormats()) {
        m_weights->addItem(QString::fromStdString(f.label()), QString::fromStdString(f.name()));
    }
    m_kv = new QComboBox;
    m_kv->addItem(QStringLiteral("BF16"), QStringLiteral("bf16"));
    m_kv->addItem(QStringLiteral("FP8"), QStringLiteral("fp8_e4m3"));

    m_gpu = new QComboBox;
    for (const auto &g : cat.gpus()) {
        m_gpu->addItem(QString::fromStdString(g.name), QString::fromStdString(g.id));
    }
    m_gpuCount = new QSpinBox;
    m_gpuCount->setRange(0, 4096);
    m_gpuCount->setSpecialValueText(tr("auto"));
    m_gpuCount->setToolTip(tr("0 = auto: the smallest rentable count (1 GPU or whole nodes) that "
                              "carries the workload"));
    m_context = new QSpinBox;
    m_context->setRange(1, int(kMaxContextTokens));
    m_context->setSingleStep(1024);
    m_context->setGroupSeparatorShown(true);
    m_context->setSuffix(tr(" tokens"));
    m_concurrency = new QSpinBox;
    m_concurrency->setRange(1, 1000000);
    m_concurrency->setSuffix(tr(" sequences"));
    m_engine = new QComboBox;
    m_engine->addItem(QStringLiteral("vLLM"), QStringLiteral("vllm"));
    m_engine->addItem(QStringLiteral("SGLang"), QStringLiteral("sglang"));
    m_engine->addItem(QStringLiteral("TensorRT-LLM"), QStringLiteral("trtllm"));

    form->addRow(tr("Model"), m_model);
    form->addRow(QString(), importButton);
    form->addRow(QString(), m_modelInfo);
    form->addRow(tr("Weights"), m_weights);
    form->addRow(tr("KV cache"), m_kv);
    form->addRow(tr("GPU"), m_gpu);
    form->addRow(tr("GPU count"), m_gpuCount);
    form->addRow(tr("Context"), m_context);
    form->addRow(tr("Concurrency"), m_concurrency);
    form->addRow(tr("Engine"), m_engine);

    auto *dock = new QDockWidget(tr("Scenario"), this);
    dock->setObjectName(QStringLiteral("scenarioDock"));
    dock->setWidget(panel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    auto editCombo = [this](QComboBox *box, auto apply, const QString &what) {
        connect(box, &QComboBox::activated, this, [this, box, apply, what](int) {
            if (m_syncing) {
                return;
            }
            Scenario s = m_doc->scenario();
            apply(s, box->currentData().toString().toStdString());
            m_doc->edit(s, tr("Change %1 to %2").arg(what, box->currentText()));
        });
    };
    editCombo(m_model, [](Scenario &s, const std::string &v) {
        s.model.ref = v;
        s.pricing.apiPriceId.clear();
    }, tr("model"));
    editCombo(m_gpu, [](Scenario &s, const std::string &v) {
        s.hardware.gpu = v;
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
        s.hardware.gpusPerNode = 0;
    }, tr("GPU"));
    editCombo(m_weights, [](Scenario &s, const std::string &v) {
        if (v.empty()) {
            s.model.weightsFormat.reset();
        } else if (auto f = parseNumberFormat(v); f.ok()) {
            s.model.weightsFormat = f.value();
        }
    }, tr("weight format"));
    editCombo(m_kv, [](Scenario &s, const std::string &v) {
        if (auto f = parseNumberFormat(v); f.ok()) {
            s.model.kvFormat = f.value();
        }
    }, tr("KV cache format"));
    editCombo(m_engine, [](Scenario &s, const std::string &v) {
        if (auto e = parseEngine(v); e.ok()) {
            s.engine.engine = e.value();
        }
    }, tr("engine"));

    auto editSpin = [this](QSpinBox *spin, auto apply, const QString &what) {
        connect(spin, &QSpinBox::editingFinished, this, [this, spin, apply, what] {
            if (m_syncing) {
                return;
            }
            Scenario s = m_doc->scenario();
            apply(s, spin->value());
            m_doc->edit(s, tr("Change %1 to %2").arg(what, spin->text()));
        });
    };
    editSpin(m_gpuCount, [](Scenario &s, int v) {
        s.hardware.gpuCount = std::uint32_t(v);
        s.hardware.tp = s.hardware.ep = s.hardware.pp = 0;
    }, tr("GPU count"));
    editSpin(m_context, [](Scenario &s, int v) { s.workload.contextTokens = std::uint64_t(v); },
             tr("context"));
    editSpin(m_concurrency, [](Scenario &s, int v) { s.workload.concurrency = std::uint32_t(v); },
             tr("concurrency"));
}

void MainWindow::buildMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open..."), this, &MainWindow::openScenario);
    open->setShortcut(QKeySequence::Open);
    QAction *save = file->addAction(tr("&Save"), this, [this] { saveScenario(false); });
    save->setShortcut(QKeySequence::Save);
    QAction *saveAs = file->addAction(tr("Save &As..."), this, [this] { saveScenario(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
}

void MainWindow::syncInputs() {
    m_syncing = true;
    const Scenario &s = m_doc->scenario();
    const auto &cat = Catalogue::builtin();
    int mi = m_model->findData(QString::fromStdString(s.model.ref));
    if (mi < 0) {
        if (auto e = cat.findModel(s.model.ref); e.ok()) {
            mi = m_model->findData(QString::fromStdString(e->id));
        }
    }
    if (mi < 0) {
        m_model->addItem(QString::fromStdString(s.model.ref), QString::fromStdString(s.model.ref));
        mi = m_model->count() - 1;
    }
    m_model->setCurrentIndex(mi);
    if (auto g = cat.findGpu(s.hardware.gpu); g.ok()) {
        m_gpu->setCurrentIndex(m_gpu->findData(QString::fromStdString(g->id)));
    }
    m_weights->setCurrentIndex(
        s.model.weightsFormat
            ? std::max(0, m_weights->findData(QString::fromStdString(s.model.weightsFormat->name())))
            : 0);
    m_kv->setCurrentIndex(std::max(0, m_kv->findData(QString::fromStdString(s.model.kvFormat.name()))));
    m_engine->setCurrentIndex(
        std::max(0, m_engine->findData(QString::fromStdString(engineName(s.engine.engine)))));
    m_gpuCount->setValue(int(s.hardware.gpuCount));
    m_context->setValue(int(s.workload.contextTokens));
    m_concurrency->setValue(int(s.workload.concurrency));
    if (const auto &p = m_doc->plan()) {
        m_modelInfo->setText(tr("%1 B parameters, %2 B active per token; %3 of weights as shipped")
                                 .arg(p->model.totalParams / 1e9, 0, 'f', 1)
                                 .arg(p->model.activeParams / 1e9, 0, 'f', 1)
                                 .arg(bytesText(double(p->model.weightBytes()))));
    } else {
        m_modelInfo->setText(m_doc->error());
    }
    setWindowTitle(tr("HostPlan - %1[*]").arg(QString::fromStdString(s.name)));
    statusBar()->showMessage(m_doc->plan() ? QString() : m_doc->error());
    m_syncing = false;
}

void MainWindow::importModel() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import model"), QString(),
        tr("Hugging Face config (config.json model.safetensors.index.json);;JSON (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    Scenario s = m_doc->scenario();
    s.model.ref = path.toStdString();
    s.pricing.apiPriceId.clear();
    auto r = resolveModel(s, Catalogue::builtin());
    if (!r.ok()) {
        QMessageBox::warning(this, tr("Import failed"),
                             tr("%1 could not be imported:\n%2")
                                 .arg(path, QString::fromStdString(r.error().toString())));
        return;
    }
    m_doc->edit(s, tr("Import model %1").arg(path));
}

void MainWindow::openScenario() {
    if (!maybeSave()) {
        return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                      tr("HostPlan scenario (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = m_doc->open(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Open failed"), error);
    }
}

bool MainWindow::saveScenario(bool askPath) {
    QString path = m_doc->filePath();
    if (askPath || path.isEmpty()) {
        path = QFileDialog::getSaveFileName(this, tr("Save scenario"), path,
                                            tr("HostPlan scenario (*.json)"));
        if (path.isEmpty()) {
            return false;
        }
    }
    const QString error = m_doc->saveAs(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Save failed"), error);
        return false;
    }
    return true;
}

bool MainWindow::maybeSave() {
    if (m_doc->undoStack()->isClean()) {
        return true;
    }
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"), tr("The scenario has unsaved changes. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) {
        return saveScenario(false);
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (maybeSave()) {
        event->accept();
    } else {
        event->ignore();
    }
}

} // namespace hostplan::ui
