// SPDX-License-Identifier: MIT
#include "panels/proberemote.h"

#include <QRegularExpression>
#include <QTimer>

namespace hostplan::ui {

namespace {

// POSIX shell single quoting: 'it'\''s'.
QString shellQuote(const QString &s) {
    if (!s.isEmpty() &&
        QRegularExpression(QStringLiteral("^[A-Za-z0-9_./=:,@%+-]+$")).match(s).hasMatch()) {
        return s;
    }
    QString out = s;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

constexpr int kMaxDiagnostics = 200;

} // namespace

ProbeRemote::ProbeRemote(QObject *parent) : QObject(parent) {
    m_killTimer = new QTimer(this);
    m_killTimer->setSingleShot(true);
    m_killTimer->setInterval(5000);
    connect(m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->kill();
        }
    });
}

ProbeRemote::~ProbeRemote() {
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->terminate();
        if (!m_process->waitForFinished(2000)) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
}

QString ProbeRemote::hostProblem(const QString &host) {
    if (host.trimmed().isEmpty()) {
        return tr("No host given.");
    }
    if (host.startsWith(QLatin1Char('-'))) {
        return tr("A host name cannot start with '-'.");
    }
    for (const QChar c : host) {
        if (c.isSpace() || c.category() == QChar::Other_Control) {
            return tr("A host name cannot contain spaces or control characters.");
        }
    }
    return {};
}

QString ProbeRemote::remoteCommandLine(const ProbeTarget &target) {
    QString line = target.probeCommand.trimmed().isEmpty() ? QStringLiteral("hostplan-probe")
                                                           : target.probeCommand.trimmed();
    for (const QString &a : target.probeArguments) {
        line += QLatin1Char(' ') + shellQuote(a);
    }
    return line;
}

QStringList ProbeRemote::sshArguments(const ProbeTarget &target) {
    QStringList args;
    if (!target.sshConfigFile.isEmpty()) {
        args << QStringLiteral("-F") << target.sshConfigFile;
    }
    args << QStringLiteral("-o") << QStringLiteral("BatchMode=yes");
    args << QStringLiteral("-o")
         << QStringLiteral("ConnectTimeout=%1").arg(qMax(1, target.connectTimeoutSeconds));
    if (target.port > 0) {
        args << QStringLiteral("-p") << QString::number(target.port);
    }
    if (!target.identityFile.isEmpty()) {
        args << QStringLiteral("-i") << target.identityFile;
        args << QStringLiteral("-o") << QStringLiteral("IdentitiesOnly=yes");
    }
    for (const QString &o : target.sshOptions) {
        args << QStringLiteral("-o") << o;
    }
    args << QStringLiteral("--") << target.host.trimmed() << remoteCommandLine(target);
    return args;
}

QString ProbeRemote::targetName() const {
    return m_target.host.isEmpty() ? tr("this machine") : m_target.host;
}

bool ProbeRemote::isRunning() const {
    return m_process && m_process->state() != QProcess::NotRunning;
}

void ProbeRemote::start(const ProbeTarget &target) {
    if (isRunning()) {
        emit failed(tr("A probe is already running."));
        return;
    }
    m_target = target;
    m_report = {};
    m_error.clear();
    m_diagnostics.clear();
    m_stderrBuffer.clear();
    m_exitCode = -1;
    m_cancelled = false;
    m_done = false;

    QString program;
    QStringList args;
    if (target.host.isEmpty()) {
        program = target.probeCommand;
        args = target.probeArguments;
    } else {
        const QString problem = hostProblem(target.host);
        if (!problem.isEmpty()) {
            fail(problem);
            return;
        }
        program = m_sshProgram;
        args = sshArguments(target);
    }

    if (m_process) {
        m_process->deleteLater();
    }
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    // The probe never reads stdin; ssh must not wait on it either.
    m_process->setStandardInputFile(QProcess::nullDevice());
    connect(m_process, &QProcess::readyReadStandardError, this, &ProbeRemote::onReadyReadStderr);
    connect(m_process, &QProcess::finished, this, &ProbeRemote::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &ProbeRemote::onErrorOccurred);
    emit progress(0, target.host.isEmpty() ? tr("Starting the probe on this machine")
                                           : tr("Connecting to %1").arg(target.host));
    m_process->start(program, args);
}

void ProbeRemote::cancel() {
    if (!isRunning()) {
        return;
    }
    m_cancelled = true;
    m_process->terminate();
    m_killTimer->start();
}

void ProbeRemote::onReadyReadStderr() {
    if (!m_process) {
        return;
    }
    m_stderrBuffer += m_process->readAllStandardError();
    static const QRegularExpression progressLine(
        QStringLiteral("^hostplan-probe: \\[\\s*(\\d+)%\\] (.*)$"));
    int nl;
    while ((nl = m_stderrBuffer.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_stderrBuffer.left(nl)).trimmed();
        m_stderrBuffer.remove(0, nl + 1);
        if (line.isEmpty()) {
            continue;
        }
        const QRegularExpressionMatch m = progressLine.match(line);
        if (m.hasMatch()) {
            emit progress(qBound(0, m.captured(1).toInt(), 100), m.captured(2));
        } else {
            m_diagnostics << line;
            if (m_diagnostics.size() > kMaxDiagnostics) {
                m_diagnostics.removeFirst();
            }
        }
    }
}

QString ProbeRemote::lastDiagnostic() const {
    for (auto it = m_diagnostics.crbegin(); it != m_diagnostics.crend(); ++it) {
        if (!it->startsWith(QLatin1String("Warning: Permanently added"))) {
            return *it;
        }
    }
    return {};
}

void ProbeRemote::fail(const QString &message) {
    m_error = message;
    m_done = true;
    emit failed(message);
}

void ProbeRemote::onErrorOccurred(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart || m_done) {
        return; // crashes and the like arrive through finished()
    }
    const QString program = m_target.host.isEmpty() ? m_target.probeCommand : m_sshProgram;
    fail(m_target.host.isEmpty()
             ? tr("Could not start the probe %1: %2. Build hostplan-probe or set its path.")
                   .arg(program, m_process ? m_process->errorString() : QString())
             : tr("Could not start the ssh client %1: %2. Install OpenSSH.")
                   .arg(program, m_process ? m_process->errorString() : QString()));
}

void ProbeRemote::onFinished(int exitCode, QProcess::ExitStatus status) {
    m_killTimer->stop();
    if (m_done || !m_process) {
        return;
    }
    onReadyReadStderr();
    if (!m_stderrBuffer.isEmpty()) {
        m_diagnostics << QString::fromUtf8(m_stderrBuffer).trimmed();
        m_stderrBuffer.clear();
    }
    const QByteArray out = m_process->readAllStandardOutput();
    m_exitCode = status == QProcess::NormalExit ? exitCode : -1;
    const bool remote = !m_target.host.isEmpty();
    const QString where = targetName();
    const QString diag = lastDiagnostic();

    if (m_cancelled) {
        fail(tr("Cancelled."));
        return;
    }
    if (status == QProcess::CrashExit) {
        fail(remote ? tr("The ssh client for %1 ended abnormally. %2").arg(where, diag)
                    : tr("The probe crashed. %1").arg(diag));
        return;
    }
    if (remote && exitCode == 255) {
        fail(tr("Could not reach %1: %2").arg(where, diag.isEmpty() ? tr("ssh failed") : diag));
        return;
    }
    if (remote && exitCode == 127) {
        fail(tr("hostplan-probe was not found on %1 (%2). Install it there or give its path.")
                 .arg(where, diag));
        return;
    }
    const std::string text = out.toStdString();
    const hostplan::Result<hostplan::probe::ProbeReport> parsed =
        hostplan::probe::parseReport(text);
    if (!parsed.ok()) {
        if (out.trimmed().isEmpty()) {
            fail(tr("The probe on %1 exited with code %2 without a report. %3")
                     .arg(where)
                     .arg(exitCode)
                     .arg(diag));
        } else {
            fail(tr("%1 answered, but not with a probe report: %2")
                     .arg(where, QString::fromStdString(parsed.error().toString())));
        }
        return;
    }
    m_report = parsed.value();
    m_done = true;
    emit progress(100, tr("Report received from %1").arg(where));
    emit reportReady();
}

} // namespace hostplan::ui
