// HostPlan's main window: inputs (model, formats, GPU, count, context, concurrency, engine) on
// the left; the summary and the memory-per-precision chart on the right. Every edit goes through
// the document's undo stack.
#pragma once

#include <QMainWindow>

class QComboBox;
class QSpinBox;
class QLabel;

namespace hostplan::ui {

class ScenarioDocument;
class MemoryChart;
class SummaryView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    ScenarioDocument *document() const { return m_doc; }
    // Input widgets, exposed for GUI tests.
    QComboBox *modelCombo() const { return m_model; }
    QComboBox *gpuCombo() const { return m_gpu; }
    QSpinBox *gpuCountSpin() const { return m_gpuCount; }
    QSpinBox *contextSpin() const { return m_context; }
    QSpinBox *concurrencySpin() const { return m_concurrency; }
    QComboBox *weightsFormatCombo() const { return m_weights; }
    QComboBox *kvFormatCombo() const { return m_kv; }
    QComboBox *engineCombo() const { return m_engine; }
    MemoryChart *memoryChart() const { return m_chart; }
    SummaryView *summaryView() const { return m_summary; }

private:
    void buildInputs();
    void buildMenus();
    void syncInputs();
    void importModel();
    void openScenario();
    bool saveScenario(bool askPath);
    bool maybeSave();
    void closeEvent(QCloseEvent *event) override;

    ScenarioDocument *m_doc;
    QComboBox *m_model = nullptr;
    QComboBox *m_gpu = nullptr;
    QSpinBox *m_gpuCount = nullptr;
    QSpinBox *m_context = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QComboBox *m_weights = nullptr;
    QComboBox *m_kv = nullptr;
    QComboBox *m_engine = nullptr;
    QLabel *m_modelInfo = nullptr;
    MemoryChart *m_chart = nullptr;
    SummaryView *m_summary = nullptr;
    bool m_syncing = false;
};

} // namespace hostplan::ui
