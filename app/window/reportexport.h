// The GUI's export actions: File > Export report... (PDF), Export tables as CSV... and Export
// JSON..., with file dialogs, for one ScenarioDocument. MainWindow adds them with one call:
//
//     addReportExportActions(fileMenu, m_doc, this,
//                            [this] { return m_probe && m_probe->hasReport()
//                                                ? &m_probe->report() : nullptr; });
#pragma once

#include <QList>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace hostplan::probe {
struct ProbeReport;
}

namespace hostplan::ui {

class ScenarioDocument;

/// Returns the probe report to include in the PDF, or nullptr for none.
using ProbeReportSource = std::function<const probe::ProbeReport *()>;

/// Append the three export actions (object names actionExportReport, actionExportCsv,
/// actionExportJson) to `menu`, preceded by a separator. They are enabled while `doc` has a
/// plan. `dialogParent` owns the file dialogs and error boxes; `probeReport` (may be empty)
/// supplies the probe section of the PDF. Page size: the file dialog offers A4 and Letter, the
/// locale's size first (defaultReportPageSize()). Returns the actions, owned by `menu`.
QList<QAction *> addReportExportActions(QMenu *menu, ScenarioDocument *doc, QWidget *dialogParent,
                                        ProbeReportSource probeReport = {});

} // namespace hostplan::ui
