// SPDX-License-Identifier: MIT
#include "panels/probepanel.h"

#include "fitplan.h"
#include "document/formatting.h"
#include "panels/fieldhelp.h"
#include "panels/tonelabel.h"
#include "probecalibration.h"

#include <QColor>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace hostplan::ui {

namespace probe = hostplan::probe;

namespace {

/// "141.0 GB (131.3 GiB)" (probe::formatBytes in the UI's number format).
QString probeBytesText(quint64 bytes) {
    if (bytes < 1000000) {
        return QStringLiteral("%1 B").arg(groupedInt(bytes));
    }
    return QStringLiteral("%1 (%2)").arg(gbText(double(bytes), 1), gibText(double(bytes), 1));
}

/// "4.27 TB/s", "812.0 GB/s" (probe::formatRate in the UI's number format); "-" when unknown.
QString rateText(double bytesPerS) {
    if (!(bytesPerS > 0) || !std::isfinite(bytesPerS)) {
        return QStringLiteral("-");
    }
    return bytesPerS >= 1e12 ? QStringLiteral("%1 TB/s").arg(numberText(bytesPerS / 1e12, 2))
                             : QStringLiteral("%1 GB/s").arg(numberText(bytesPerS / 1e9, 1));
}

QTableWidgetItem *item(const QString &text,
                       Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
    auto *it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    it->setTextAlignment(align);
    return it;
}

// The "Probe remote host..." dialog: host, port, key, probe path. Nothing here is a password.
class RemoteHostDialog : public QDialog {
  public:
    explicit RemoteHostDialog(const ProbeTarget &initial, QWidget *parent) : QDialog(parent) {
        setWindowTitle(ProbePanel::tr("Probe remote host"));
        auto *form = new QFormLayout;
        m_host = new QLineEdit(initial.host);
        m_host->setPlaceholderText(ProbePanel::tr("user@host or an alias from ~/.ssh/config"));
        m_port = new QSpinBox;
        m_port->setRange(0, 65535);
        m_port->setSpecialValueText(ProbePanel::tr("default"));
        m_port->setValue(initial.port);
        m_key = new QLineEdit(initial.identityFile);
        m_key->setPlaceholderText(ProbePanel::tr("optional: ssh agent or config by default"));
        auto *browse = new QPushButton(ProbePanel::tr("Browse..."));
        browse->setWhatsThis(ProbePanel::tr("Choose the identity file, from ~/.ssh by default."));
        auto *keyRow = new QHBoxLayout;
        keyRow->addWidget(m_key);
        keyRow->addWidget(browse);
        m_probe = new QLineEdit(initial.probeCommand);
        m_host->setWhatsThis(fieldHelp(
            ProbePanel::tr("The machine to probe over ssh: user@host, or a Host alias from your "
                           "~/.ssh/config."),
            QString(),
            ProbePanel::tr("the host of the last remote probe (empty the first time).")));
        m_port->setWhatsThis(fieldHelp(
            ProbePanel::tr("The ssh port on the remote host."), ProbePanel::tr("TCP port number"),
            ProbePanel::tr("\"default\" (0): ssh's own choice, port 22 or the Port in your "
                           "~/.ssh/config.")));
        m_key->setWhatsThis(
            fieldHelp(ProbePanel::tr("The private key ssh logs in with (ssh -i)."), QString(),
                      ProbePanel::tr("empty: your ssh agent and ~/.ssh/config choose the key.")));
        m_probe->setWhatsThis(fieldHelp(
            ProbePanel::tr("The hostplan-probe command on the remote host, with its path if it is "
                           "not on the PATH there."),
            QString(), ProbePanel::tr("hostplan-probe (found on the remote PATH).")));
        form->addRow(ProbePanel::tr("Host:"), m_host);
        form->addRow(ProbePanel::tr("Port:"), m_port);
        form->addRow(ProbePanel::tr("Identity file:"), keyRow);
        form->addRow(ProbePanel::tr("Probe on the host:"), m_probe);
        auto *note = new QLabel(ProbePanel::tr(
            "HostPlan runs your own ssh client with your ssh config and keys, without password "
            "prompts (BatchMode). It stores no passwords."));
        note->setWordWrap(true);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        buttons->button(QDialogButtonBox::Ok)->setText(ProbePanel::tr("Probe"));
        auto *layout = new QVBoxLayout(this);
        layout->addLayout(form);
        layout->addWidget(note);
        layout->addWidget(buttons);
        connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
        connect(browse, &QPushButton::clicked, this, [this] {
            const QString f = QFileDialog::getOpenFileName(
                this, ProbePanel::tr("Identity file"), QDir::homePath() + QStringLiteral("/.ssh"));
            if (!f.isEmpty()) {
                m_key->setText(f);
            }
        });
    }
    ProbeTarget target() const {
        ProbeTarget t;
        t.host = m_host->text().trimmed();
        t.port = m_port->value();
        t.identityFile = m_key->text().trimmed();
        t.probeCommand = m_probe->text().trimmed().isEmpty() ? QStringLiteral("hostplan-probe")
                                                             : m_probe->text().trimmed();
        return t;
    }

  private:
    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_key;
    QLineEdit *m_probe;
};

} // namespace

ProbePanel::ProbePanel(QWidget *parent) : QWidget(parent), m_runner(new ProbeRemote(this)) {
    m_probeLocal = new QPushButton(tr("Probe this machine"));
    m_import = new QPushButton(tr("Import report..."));
    m_probeRemote = new QPushButton(tr("Probe remote host..."));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_status = new QLabel(tr("No probe report yet."));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table = new QTableWidget(0, ColumnCount);
    m_table->setHorizontalHeaderLabels(
        {tr("GPU"), tr("Planned / GPU"), tr("Free (measured)"), tr("Headroom"),
         tr("Fit (current plan)"), tr("Copy bandwidth (measured)"), tr("HBM bandwidth (catalogue)"),
         tr("Measured / catalogue")});
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    m_probeLocal->setWhatsThis(
        tr("Runs hostplan-probe on this computer: lists the GPUs, checks that the current plan's "
           "bytes per GPU can be allocated, and times copy bandwidth and the MXFP4 kernels. "
           "Without a GPU it says so and changes nothing."));
    m_probeRemote->setWhatsThis(
        tr("Runs hostplan-probe on a rented node over your own ssh (BatchMode, your keys and "
           "config; no passwords are stored) and reads back its JSON report."));
    m_import->setWhatsThis(tr("Reads a JSON report written by hostplan-probe all -o report.json "
                              "on another machine (probe/probereport.h, schema_version 1)."));
    m_cancel->setWhatsThis(tr("Stops the running probe; the probe frees every allocation."));
    m_table->setWhatsThis(
        tr("One row per GPU found: the plan's bytes per GPU against the free memory the probe "
           "measured, whether the plan fits, and the measured copy bandwidth against the "
           "catalogue's HBM figure (resources/gpus.json)."));

    // One button a row: the dock stays narrow in every language ("Bericht importieren...").
    auto *buttons = new QVBoxLayout;
    for (QPushButton *b : {m_probeLocal, m_probeRemote, m_import}) {
        b->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        buttons->addWidget(b);
    }
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addLayout(progressRow);
    layout->addWidget(m_status);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);

    connect(m_probeLocal, &QPushButton::clicked, this, &ProbePanel::probeThisMachine);
    connect(m_probeRemote, &QPushButton::clicked, this, &ProbePanel::askRemoteHost);
    connect(m_import, &QPushButton::clicked, this, &ProbePanel::askImport);
    connect(m_cancel, &QPushButton::clicked, this, &ProbePanel::cancelProbe);
    connect(m_runner, &ProbeRemote::progress, this, [this](int percent, const QString &message) {
        m_progress->setValue(percent);
        setStatus(message);
    });
    connect(m_runner, &ProbeRemote::reportReady, this, [this] {
        setBusy(false);
        setReport(m_runner->report());
    });
    connect(m_runner, &ProbeRemote::failed, this, [this](const QString &message) {
        setBusy(false);
        m_progress->setValue(0);
        setStatus(message, true);
    });
    refresh();
}

QString ProbePanel::probeProgram() const {
    if (!m_probeProgram.isEmpty()) {
        return m_probeProgram;
    }
    // Installed side by side, or in the build tree (build/app/hostplan, build/probe/...).
    const QDir appDir(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {appDir.filePath(QStringLiteral("hostplan-probe")),
                                     appDir.filePath(QStringLiteral("../probe/hostplan-probe"))}) {
        if (QFileInfo(candidate).isExecutable()) {
            return QFileInfo(candidate).canonicalFilePath();
        }
    }
    return QStandardPaths::findExecutable(QStringLiteral("hostplan-probe"));
}

QStringList ProbePanel::probeArguments() const {
    QStringList args{QStringLiteral("all"), QStringLiteral("--json")};
    if (m_plannedBytesPerGpu > 0) {
        args << QStringLiteral("--bytes-per-gpu") << QString::number(m_plannedBytesPerGpu);
    }
    return args;
}

void ProbePanel::probeThisMachine() {
    const QString program = probeProgram();
    if (program.isEmpty()) {
        setStatus(tr("hostplan-probe was not found next to HostPlan or on PATH."), true);
        return;
    }
    ProbeTarget t;
    t.probeCommand = program;
    t.probeArguments = probeArguments();
    setBusy(true);
    m_runner->start(t);
}

void ProbePanel::probeRemoteHost(const ProbeTarget &target) {
    ProbeTarget t = target;
    t.probeArguments = probeArguments();
    m_lastTarget = target;
    setBusy(true);
    m_runner->start(t);
}

void ProbePanel::askRemoteHost() {
    RemoteHostDialog dialog(m_lastTarget, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const ProbeTarget t = dialog.target();
    const QString problem = ProbeRemote::hostProblem(t.host);
    if (!problem.isEmpty()) {
        setStatus(problem, true);
        return;
    }
    probeRemoteHost(t);
}

void ProbePanel::askImport() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import probe report"), QString(),
                                                      tr("Probe reports (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        importReportFile(path);
    }
}

void ProbePanel::cancelProbe() {
    m_runner->cancel();
}

bool ProbePanel::importReportFile(const QString &path, QString *error) {
    const hostplan::Result<probe::ProbeReport> r =
        probe::loadReportFile(QFile::encodeName(path).toStdString());
    if (!r.ok()) {
        const QString message =
            tr("Could not import the report: %1").arg(QString::fromStdString(r.error().toString()));
        setStatus(message, true);
        if (error) {
            *error = message;
        }
        return false;
    }
    setReport(r.value());
    return true;
}

void ProbePanel::setReport(const probe::ProbeReport &report) {
    m_report = report;
    m_hasReport = true;
    // The report's status is the probe's verdict on the plan it was run with, which need not
    // be the plan shown now: say which.
    QString status =
        report.plan && report.plan->plannedBytesPerGpu > 0
            ? tr("Report from %1, %2. Probe result for the plan it was run with (%3 per GPU): %4.")
                  .arg(QString::fromStdString(report.host), QString::fromStdString(report.timeUtc),
                       probeBytesText(report.plan->plannedBytesPerGpu),
                       probeStatusText(report.status))
            : tr("Report from %1, %2. Probe result: %3.")
                  .arg(QString::fromStdString(report.host), QString::fromStdString(report.timeUtc),
                       probeStatusText(report.status));
    const bool bad = report.status != probe::ReportStatus::Ok;
    if (report.status == probe::ReportStatus::NoGpu && !report.messages.empty()) {
        status += QStringLiteral(" - ") + QString::fromStdString(report.messages.front());
    }
    setStatus(status, bad && report.status != probe::ReportStatus::DoesNotFit);
    m_progress->setValue(100);
    refresh();
    emit reportChanged();
}

void ProbePanel::setPlan(quint64 plannedBytesPerGpu, int gpuCount,
                         double catalogueBandwidthBytesPerS, QString gpuName) {
    m_plannedBytesPerGpu = plannedBytesPerGpu;
    m_planGpuCount = gpuCount;
    m_catalogueBandwidth = catalogueBandwidthBytesPerS;
    m_planGpuName = gpuName;
    refresh();
}

probe::PlanExpectation ProbePanel::expectation() const {
    probe::PlanExpectation e;
    e.plannedBytesPerGpu = m_plannedBytesPerGpu;
    e.gpuCount = m_planGpuCount;
    e.catalogueBandwidthBytesPerS = m_catalogueBandwidth;
    e.gpuName = m_planGpuName.toStdString();
    // No plan from the main window: use the one the report was made for, if any.
    if (e.plannedBytesPerGpu == 0 && m_hasReport && m_report.plan &&
        m_report.plan->plannedBytesPerGpu > 0) {
        e.plannedBytesPerGpu = m_report.plan->plannedBytesPerGpu;
        e.gpuCount = int(m_report.plan->gpuCount);
        e.catalogueBandwidthBytesPerS = m_report.plan->catalogueBandwidthBytesPerS;
        e.gpuName = m_report.plan->gpuName;
    }
    return e;
}

void ProbePanel::refresh() {
    const probe::PlanExpectation plan = expectation();
    QString summary;
    const bool currentPlan = m_plannedBytesPerGpu > 0;
    const QString gpuName = plan.gpuName.empty() ? tr("GPU") : QString::fromStdString(plan.gpuName);
    if (currentPlan) {
        summary = tr("Verdicts for the current plan: %1 per GPU on %2 x %3.")
                      .arg(probeBytesText(plan.plannedBytesPerGpu))
                      .arg(plan.gpuCount)
                      .arg(gpuName);
    } else if (plan.plannedBytesPerGpu > 0) {
        summary = tr("No current plan: verdicts for the plan the report was run with: %1 per GPU "
                     "on %2 x %3.")
                      .arg(probeBytesText(plan.plannedBytesPerGpu))
                      .arg(plan.gpuCount)
                      .arg(gpuName);
    } else {
        summary = tr("No plan to compare with.");
    }
    m_table->setHorizontalHeaderItem(
        ColVerdict,
        new QTableWidgetItem(currentPlan ? tr("Fit (current plan)") : tr("Fit (report's plan)")));
    if (m_hasReport) {
        const int local = int(m_report.devices.size());
        summary +=
            QLatin1Char(' ') +
            tr("%1 found on %2.").arg(gpusText(local), QString::fromStdString(m_report.host));
        if (plan.plannedBytesPerGpu > 0 && plan.gpuCount > local) {
            summary +=
                QLatin1Char(' ') +
                tr("The plan needs %1; the verdicts are per GPU.").arg(gpusText(plan.gpuCount));
        }
    }
    m_summary->setText(summary);

    m_table->setRowCount(0);
    if (!m_hasReport) {
        return;
    }
    // Bandwidth against each device's own data sheet (an H200 report on a B300 plan: the H200's).
    const std::vector<probe::PlanCheckRow> rows =
        probe::comparePlanWithCatalogue(m_report, plan, Catalogue::builtin());
    m_table->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const probe::PlanCheckRow &r = rows[std::size_t(i)];
        m_table->setItem(i, ColGpu,
                         item(tr("%1: %2").arg(r.device).arg(QString::fromStdString(r.name)),
                              Qt::AlignLeft | Qt::AlignVCenter));
        const bool planned = r.plannedBytes > 0;
        m_table->setItem(i, ColPlanned,
                         item(planned ? probeBytesText(r.plannedBytes) : QStringLiteral("-")));
        m_table->setItem(i, ColFree, item(probeBytesText(r.freeBytes)));
        m_table->setItem(
            i, ColHeadroom,
            item(planned ? signedBytesText(double(r.headroomBytes), 1) : QStringLiteral("-")));
        QString verdict;
        QColor colour;
        switch (r.verdict) {
        case probe::Verdict::Fits:
            verdict = r.verified ? tr("Fits (verified)") : tr("Fits (free memory)");
            colour = QColor(0xc8, 0xf0, 0xc8);
            break;
        case probe::Verdict::DoesNotFit:
            verdict = tr("Does not fit");
            colour = QColor(0xf4, 0xc0, 0xc0);
            break;
        case probe::Verdict::Unknown:
            verdict = tr("-");
            break;
        }
        QTableWidgetItem *v = item(verdict, Qt::AlignCenter);
        if (colour.isValid()) {
            v->setBackground(colour);
            v->setForeground(QColor(Qt::black));
        }
        v->setToolTip(QString::fromStdString(r.reason));
        v->setData(Qt::UserRole, int(r.verdict));
        m_table->setItem(i, ColVerdict, v);
        m_table->setItem(i, ColMeasuredBandwidth, item(rateText(r.measuredBandwidthBytesPerS)));
        m_table->setItem(i, ColCatalogueBandwidth, item(rateText(r.catalogueBandwidthBytesPerS)));
        m_table->setItem(i, ColBandwidthRatio,
                         item(r.bandwidthRatio > 0 ? QStringLiteral("%1 %").arg(
                                                         numberText(r.bandwidthRatio * 100, 0))
                                                   : QStringLiteral("-")));
    }
}

void ProbePanel::setBusy(bool busy) {
    m_probeLocal->setEnabled(!busy);
    m_probeRemote->setEnabled(!busy);
    m_import->setEnabled(!busy);
    m_cancel->setEnabled(busy);
    if (busy) {
        m_progress->setValue(0);
    }
}

void ProbePanel::setStatus(const QString &text, bool error) {
    m_status->setText(text);
    setTone(m_status, error ? Tone::Bad : Tone::Normal);
}

QString ProbePanel::statusText() const {
    return m_status->text();
}

QString ProbePanel::summaryText() const {
    return m_summary->text();
}

} // namespace hostplan::ui
