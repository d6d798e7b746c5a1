// SPDX-License-Identifier: MIT
// Running the built hostplan-cli (HOSTPLAN_CLI_BIN) as a child process for the command-line
// tests that need the real program: exit code and status, stdout and stderr as bytes.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace clitool {

/// What one run printed and returned; code -1 when it was killed or timed out.
struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

/// Runs `program` with `args` (no CUDA devices, the offscreen Qt platform), at most 100 s;
/// `failWriteAfter` >= 0 injects ENOSPC after that many bytes of each written file
/// (HOSTPLAN_TEST_FAIL_WRITE_AFTER).
inline Run runTool(const QString &program, const QStringList &args, int failWriteAfter = -1) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), QString());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    if (failWriteAfter >= 0) {
        env.insert(QStringLiteral("HOSTPLAN_TEST_FAIL_WRITE_AFTER"),
                   QString::number(failWriteAfter));
    }
    p.setProcessEnvironment(env);
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(100000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace clitool
