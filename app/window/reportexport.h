// SPDX-License-Identifier: MIT
// The GUI's export actions: File > Export report... (PDF), Export tables as CSV... and Export
// JSON..., with file dialogs, for one ScenarioDocument. MainWindow adds them with one call:
//
//     addReportExportActions(fileMenu, m_doc, this,
//                            [this] { return m_probe && m_probe->hasReport()
//                                                ? &m_probe->report() : nullptr; });
#pragma once

#include <QList>
#include <QString>

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

/// Asks where to write an export: (parent, title, suggested path, filters ";;"-separated,
/// in/out selected filter) -> the chosen path, "" when cancelled. The default is
/// QFileDialog::getSaveFileName; tests pass their own to answer without a dialog.
using SavePathChooser =
    std::function<QString(QWidget *parent, const QString &title, const QString &suggested,
                          const QString &filters, QString *selectedFilter)>;

/// Append the three export actions (object names actionExportReport, actionExportCsv,
/// actionExportJson) to `menu`, preceded by a separator. They are enabled while `doc` has a
/// plan. `dialogParent` owns the file dialogs and error boxes; `probeReport` (may be empty)
/// supplies the probe section of the PDF. Page size: the file dialog offers A4 and Letter, the
/// locale's size first (defaultReportPageSize()). After writing, each action says what it wrote
/// in the status bar of `dialogParent`'s main window. `choosePath` (empty: the file dialog)
/// picks the file. Returns the actions, owned by `menu`.
QList<QAction *> addReportExportActions(QMenu *menu, ScenarioDocument *doc, QWidget *dialogParent,
                                        ProbeReportSource probeReport = {},
                                        SavePathChooser choosePath = {});

} // namespace hostplan::ui
