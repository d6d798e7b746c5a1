// SPDX-License-Identifier: MIT
// ProbeRemote runs hostplan-probe as a child process, on this machine or on another host
// through the system ssh client, streams its progress lines and parses the JSON report it
// prints (with the probe's own parser, so the schema lives in probe/probereport.h alone).
//
// Remote runs use `ssh -o BatchMode=yes ... HOST 'hostplan-probe all --json'`: the user's own ssh
// client, config and keys (agent or identity file); never a password prompt, and HostPlan stores
// no passwords. The probe's progress comes on stderr as "hostplan-probe: [ NN%] text" lines.
// Cancelling ends the local probe with SIGTERM (it frees its memory and exits) or ends the ssh
// client, after which the remote probe notices its closed stderr and stops the same way.
#pragma once

#include "probereport.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QStringList>

class QTimer;

namespace hostplan::ui {

/// Where and how to run the probe.
struct ProbeTarget {
    /// "" = this machine (probeCommand is then a program path, run without a shell);
    /// otherwise "[user@]host" or an alias from the user's ssh config.
    QString host;
    int port = 0;           ///< ssh port; 0 = ssh's default or the config's
    QString identityFile;   ///< ssh -i KEY (optional; also sets IdentitiesOnly=yes)
    QString sshConfigFile;  ///< ssh -F FILE (optional; "" = the user's ~/.ssh/config)
    QStringList sshOptions; ///< extra ssh "-o" values, e.g. "StrictHostKeyChecking=yes"
    /// The probe on the target. Remote: a shell command line run by the remote login shell
    /// (e.g. "hostplan-probe" or "~/bin/hostplan-probe"). Local: a program path.
    QString probeCommand = QStringLiteral("hostplan-probe");
    QStringList probeArguments = {QStringLiteral("all"), QStringLiteral("--json")};
    int connectTimeoutSeconds = 15; ///< ssh ConnectTimeout
};

/// Runs one probe at a time (see the file comment). Not a widget: tests drive it directly.
class ProbeRemote : public QObject {
    Q_OBJECT
  public:
    /// An idle runner; start() runs a probe.
    explicit ProbeRemote(QObject *parent = nullptr);
    /// Kills a probe that is still running (and waits briefly for it).
    ~ProbeRemote() override;

    /// The ssh client to use (default "ssh" from PATH).
    void setSshProgram(const QString &program) { m_sshProgram = program; }
    QString sshProgram() const { return m_sshProgram; }

    /// The ssh arguments for a remote target (options, "--", host, remote command line).
    static QStringList sshArguments(const ProbeTarget &target);
    /// The command line the remote shell runs: probeCommand followed by the arguments, each
    /// single-quoted for a POSIX shell.
    static QString remoteCommandLine(const ProbeTarget &target);
    /// Why a host string is unusable ("" when it is fine): empty, starts with '-', or holds
    /// white space or control characters.
    static QString hostProblem(const QString &host);

    /// Start a probe. Emits failed() at once (and returns) when one is already running, or when
    /// the host is unusable.
    void start(const ProbeTarget &target);
    /// Stop the running probe: SIGTERM to the local probe or the ssh client, SIGKILL after 5 s.
    /// finished with failed(tr("Cancelled.")).
    void cancel();
    /// True while a probe runs.
    bool isRunning() const;

    /// The last report parsed (valid after reportReady()).
    const hostplan::probe::ProbeReport &report() const { return m_report; }
    /// The last error text (after failed()).
    QString errorText() const { return m_error; }
    /// The exit code of the last finished process (-1 before any or after a crash).
    int exitCode() const { return m_exitCode; }
    /// stderr lines of the last run that were not progress lines (ssh messages, errors).
    QStringList diagnostics() const { return m_diagnostics; }
    /// What runs: "this machine" or the host name (for messages).
    QString targetName() const;

  signals:
    /// A progress line from the probe: 0..100 and its text.
    void progress(int percent, const QString &message);
    /// The probe finished and printed a valid report (report() holds it). Its status may still
    /// be no_gpu, does_not_fit, error, ...
    void reportReady();
    /// The probe could not run or gave no report: a plain one-paragraph message.
    void failed(const QString &message);

  private:
    void onReadyReadStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);
    void fail(const QString &message);
    QString lastDiagnostic() const;

    QString m_sshProgram = QStringLiteral("ssh");
    QPointer<QProcess> m_process;
    QTimer *m_killTimer = nullptr;
    ProbeTarget m_target;
    QByteArray m_stderrBuffer;
    QStringList m_diagnostics;
    hostplan::probe::ProbeReport m_report;
    QString m_error;
    int m_exitCode = -1;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace hostplan::ui
