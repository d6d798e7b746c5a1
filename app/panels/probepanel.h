// SPDX-License-Identifier: MIT
// The Probe panel: runs hostplan-probe on this machine or on a remote host (through ProbeRemote),
// or imports a report made elsewhere, and shows the measured results beside the plan: per GPU,
// planned bytes vs measured free memory, headroom, a green/red fit verdict, and measured vs
// catalogue bandwidth. The comparison itself is probe::comparePlan(); the panel only shows it.
// Self-contained QWidget, meant to sit in a dock of the main window.
#pragma once

#include "panels/proberemote.h"
#include "probereport.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace hostplan::ui {

/// The Probe panel (see the file comment).
class ProbePanel : public QWidget {
    Q_OBJECT
  public:
    /// Table columns.
    enum Column {
        ColGpu,
        ColPlanned,
        ColFree,
        ColHeadroom,
        ColVerdict,
        ColMeasuredBandwidth,
        ColCatalogueBandwidth,
        ColBandwidthRatio,
        ColumnCount
    };

    /// Buttons, progress bar with Cancel, status line, plan summary and the comparison table.
    explicit ProbePanel(QWidget *parent = nullptr);

    /// The local hostplan-probe to run; default: next to the application, else on PATH.
    void setProbeProgram(const QString &path) { m_probeProgram = path; }
    /// The program "Probe this machine" runs ("" when none was found).
    QString probeProgram() const;

    /// Read a JSON report; on error returns false and sets *error (also shown in the panel).
    bool importReportFile(const QString &path, QString *error = nullptr);
    /// Show a report.
    void setReport(const hostplan::probe::ProbeReport &report);
    /// True once a report is shown.
    bool hasReport() const { return m_hasReport; }
    /// The report shown.
    const hostplan::probe::ProbeReport &report() const { return m_report; }

    /// Run the probe on this machine (all --json, plus --bytes-per-gpu with the plan's bytes).
    void probeThisMachine();
    /// Run the probe on a host through ssh (the target's probeArguments are replaced by
    /// all --json [--bytes-per-gpu N]).
    void probeRemoteHost(const ProbeTarget &target);
    /// Cancel a running probe.
    void cancelProbe();

    /// For tests and the main window.
    ProbeRemote *runner() const { return m_runner; }
    QTableWidget *table() const { return m_table; }
    QString statusText() const;
    /// Which plan the verdicts are for, the GPUs found ("Verdicts for the current plan: ...").
    QString summaryText() const;
    QProgressBar *progressBar() const { return m_progress; }

  public slots:
    /// The plan to compare against: per-GPU bytes (0 = no plan), GPUs it uses, the catalogue
    /// HBM bandwidth of its GPU type (bytes/s, 0 = unknown) and the GPU's name.
    void setPlan(quint64 plannedBytesPerGpu, int gpuCount, double catalogueBandwidthBytesPerS,
                 QString gpuName);

  signals:
    /// A new report is shown (from a probe run or an import).
    void reportChanged();

  private:
    void askRemoteHost();
    void askImport();
    void refresh();
    void setBusy(bool busy);
    void setStatus(const QString &text, bool error = false);
    QStringList probeArguments() const;
    hostplan::probe::PlanExpectation expectation() const;

    ProbeRemote *m_runner;
    QPushButton *m_probeLocal;
    QPushButton *m_probeRemote;
    QPushButton *m_import;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_summary;
    QTableWidget *m_table;

    QString m_probeProgram;
    ProbeTarget m_lastTarget;
    hostplan::probe::ProbeReport m_report;
    bool m_hasReport = false;
    quint64 m_plannedBytesPerGpu = 0;
    int m_planGpuCount = 0;
    double m_catalogueBandwidth = 0;
    QString m_planGpuName;
};

} // namespace hostplan::ui
