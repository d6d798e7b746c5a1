// SPDX-License-Identifier: MIT
#include "window/reportexport.h"

#include "report/exportfiles.h"
#include "report/reportwriter.h"
#include "document/scenariodocument.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QStatusBar>

namespace hostplan::ui {

namespace {

/// A file name in the scenario's folder (or the home folder): the scenario name made safe for
/// file systems, plus `suffix`.
QString suggestedPath(const ScenarioDocument &doc, const QString &suffix) {
    // An unnamed scenario is called after its plan ("Kimi K3 on 8x B300"), as Save names it.
    const auto &plan = doc.plan();
    QString name = QString::fromStdString(
        doc.scenario().name.empty() && plan ? plan->scenario.name : doc.scenario().name);
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    name = name.left(80);
    if (name.isEmpty() || name == QLatin1String("-")) {
        name = QStringLiteral("hostplan");
    }
    const QString dir =
        doc.filePath().isEmpty() ? QDir::homePath() : QFileInfo(doc.filePath()).absolutePath();
    return QDir(dir).filePath(name + suffix);
}

void showError(QWidget *parent, const QString &title, const QString &message) {
    QMessageBox::warning(parent, title, message);
}

/// Says in the window's status bar what an export wrote (a dialog-free confirmation); without a
/// main window (a bare widget parent) nothing is shown.
void confirm(QWidget *parent, const QString &text) {
    if (auto *window = qobject_cast<QMainWindow *>(parent ? parent->window() : nullptr)) {
        window->statusBar()->showMessage(text, 10000);
    }
}

void exportReport(ScenarioDocument *doc, QWidget *parent, const ProbeReportSource &probe,
                  const SavePathChooser &choose) {
    const QString a4 = Export::tr("PDF, A4 (*.pdf)");
    const QString letter = Export::tr("PDF, Letter (*.pdf)");
    const bool letterFirst = defaultReportPageSize().id() == QPageSize::Letter;
    QString filter = letterFirst ? letter : a4;
    const QString path = choose(
        parent, Export::tr("Export report"), suggestedPath(*doc, QStringLiteral(".pdf")),
        letterFirst ? letter + QStringLiteral(";;") + a4 : a4 + QStringLiteral(";;") + letter,
        &filter);
    if (path.isEmpty()) {
        return;
    }
    ReportOptions options;
    options.pageSize = QPageSize(filter == letter ? QPageSize::Letter : QPageSize::A4);
    options.probeReport = probe ? probe() : nullptr;
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const ReportWriteResult r = writeReportPdf(*doc, path, options);
    QGuiApplication::restoreOverrideCursor();
    if (!r.ok()) {
        showError(parent, Export::tr("Export report"), r.error);
        return;
    }
    confirm(parent,
            Export::tr("Wrote %1 (%2 pages)").arg(QDir::toNativeSeparators(path)).arg(r.pageCount));
}

void exportCsv(ScenarioDocument *doc, QWidget *parent, const ProbeReportSource &probe,
               const SavePathChooser &choose) {
    const QString path = choose(
        parent, Export::tr("Export tables as CSV (one file per table, named <name>-<table>.csv)"),
        suggestedPath(*doc, QStringLiteral(".csv")), Export::tr("CSV files (*.csv)"), nullptr);
    if (path.isEmpty()) {
        return;
    }
    auto content = buildReportContent(*doc, QDate::currentDate(), probe ? probe() : nullptr);
    if (!content.ok()) {
        showError(parent, Export::tr("Export tables as CSV"),
                  QString::fromStdString(content.error().message));
        return;
    }
    const ExportResult r = writeReportCsv(content.value(), path);
    if (!r.ok()) {
        showError(parent, Export::tr("Export tables as CSV"), r.error);
        return;
    }
    confirm(parent,
            Export::tr("Wrote %1 CSV files: %2")
                .arg(r.files.size())
                .arg(QDir::toNativeSeparators(QFileInfo(r.files.value(0)).absoluteFilePath()) +
                     (r.files.size() > 1 ? QStringLiteral(", ...") : QString())));
}

void exportJson(ScenarioDocument *doc, QWidget *parent, const SavePathChooser &choose) {
    const QString path =
        choose(parent, Export::tr("Export JSON"), suggestedPath(*doc, QStringLiteral("-plan.json")),
               Export::tr("JSON files (*.json)"), nullptr);
    if (path.isEmpty() || !doc->plan()) {
        return;
    }
    const ExportResult r = writePlanJson(*doc->plan(), path);
    if (!r.ok()) {
        showError(parent, Export::tr("Export JSON"), r.error);
        return;
    }
    confirm(parent, Export::tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace

QList<QAction *> addReportExportActions(QMenu *menu, ScenarioDocument *doc, QWidget *dialogParent,
                                        ProbeReportSource probeReport, SavePathChooser choosePath) {
    if (!choosePath) {
        choosePath = [](QWidget *parent, const QString &title, const QString &suggested,
                        const QString &filters, QString *selected) {
            return QFileDialog::getSaveFileName(parent, title, suggested, filters, selected);
        };
    }
    menu->addSeparator();
    QAction *report = menu->addAction(Export::tr("Export &report..."));
    report->setObjectName(QStringLiteral("actionExportReport"));
    report->setStatusTip(Export::tr("Write the budget report as a PDF"));
    QAction *csv = menu->addAction(Export::tr("Export tables as &CSV..."));
    csv->setObjectName(QStringLiteral("actionExportCsv"));
    csv->setStatusTip(Export::tr("Write the report's tables as CSV files"));
    QAction *json = menu->addAction(Export::tr("Export &JSON..."));
    json->setObjectName(QStringLiteral("actionExportJson"));
    json->setStatusTip(
        Export::tr("Write the whole plan as JSON (the schema of hostplan-cli plan --json)"));

    QObject::connect(report, &QAction::triggered, dialogParent,
                     [doc, dialogParent, probeReport, choosePath] {
                         exportReport(doc, dialogParent, probeReport, choosePath);
                     });
    QObject::connect(csv, &QAction::triggered, dialogParent,
                     [doc, dialogParent, probeReport, choosePath] {
                         exportCsv(doc, dialogParent, probeReport, choosePath);
                     });
    QObject::connect(json, &QAction::triggered, dialogParent, [doc, dialogParent, choosePath] {
        exportJson(doc, dialogParent, choosePath);
    });

    const QList<QAction *> actions = {report, csv, json};
    auto sync = [doc, actions] {
        for (QAction *a : actions) {
            a->setEnabled(doc->plan().has_value());
        }
    };
    QObject::connect(doc, &ScenarioDocument::changed, menu, sync);
    sync();
    return actions;
}

} // namespace hostplan::ui
