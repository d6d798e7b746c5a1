// SPDX-License-Identifier: MIT
// ProbeRemote against a real OpenSSH server started on 127.0.0.1 by this test, with throwaway
// host and user keys in a temporary folder; the remote probe is the built hostplan-probe with
// NVIDIA GPUs hidden, so it answers with the no-GPU report. Also: a closed port, an unknown host
// key, a key the server does not accept, a missing remote probe, a remote answer that is not a
// report, and local runs. sshd is stopped in cleanupTestCase (and by `timeout` as a safety net
// should this process die first). Without /usr/sbin/sshd the ssh tests are skipped.
#include "panels/proberemote.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>

using hostplan::ui::ProbeRemote;
using hostplan::ui::ProbeTarget;
namespace probe = hostplan::probe;

namespace {

const char *const kSshd = "/usr/sbin/sshd";

// A TCP port on 127.0.0.1 that nothing listens on right now.
int freePort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        return 0;
    }
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    int port = 0;
    if (bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0) {
        port = ntohs(a.sin_port);
    }
    close(fd);
    return port;
}

bool portAccepts(int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        return false;
    }
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    close(fd);
    return ok;
}

QString userName() {
    const passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : qEnvironmentVariable("USER");
}

QString shellQuote(const QString &s) {
    QString q = s;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

bool keygen(const QString &path) {
    QProcess p;
    p.start(QStringLiteral("ssh-keygen"),
            {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
             QStringLiteral("-N"), QString(), QStringLiteral("-C"), QStringLiteral("hostplan-test"),
             QStringLiteral("-f"), path});
    return p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &data) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

// Waits until the runner reports or fails; returns the failure text ("" on a report).
struct Outcome {
    bool finished = false;
    bool gotReport = false;
    QString error;
    int progressLines = 0;
};

Outcome runAndWait(ProbeRemote &runner, const ProbeTarget &target, int timeoutMs = 60000) {
    QSignalSpy ready(&runner, &ProbeRemote::reportReady);
    QSignalSpy failed(&runner, &ProbeRemote::failed);
    QSignalSpy progress(&runner, &ProbeRemote::progress);
    runner.start(target);
    Outcome o;
    QElapsedTimer t;
    t.start();
    while (ready.isEmpty() && failed.isEmpty() && t.elapsed() < timeoutMs) {
        QTest::qWait(20);
    }
    o.finished = !ready.isEmpty() || !failed.isEmpty();
    o.gotReport = !ready.isEmpty();
    if (!failed.isEmpty()) {
        o.error = failed.first().at(0).toString();
    }
    o.progressLines = int(progress.size());
    return o;
}

} // namespace

class tst_ProbeRemote : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void cleanupTestCase();

    void sshArguments();
    void hostProblems_data();
    void hostProblems();

    void remoteNoGpuReport();
    void remoteProbeMissing();
    void remoteAnswerNotAReport();
    void remoteUnknownHostKey();
    void remoteKeyRefused();
    void connectionRefused();

    void localNoGpuReport();
    void localProgramMissing();
    void localCancel();

  private:
    ProbeTarget baseTarget() const;
    bool requireSshd();

    QTemporaryDir m_dir;
    QProcess m_sshd;
    int m_port = 0;
    QString m_skipReason;
};

void tst_ProbeRemote::initTestCase() {
    // The local probe and the remote one (same machine) must not see an NVIDIA GPU here.
    qputenv("CUDA_VISIBLE_DEVICES", "");
    QVERIFY(m_dir.isValid());
    if (!QFile::exists(QString::fromLatin1(kSshd))) {
        m_skipReason = QStringLiteral("/usr/sbin/sshd is not installed (Debian: openssh-server)");
        return;
    }
    for (const char *tool : {"ssh", "ssh-keygen", "timeout"}) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty()) {
            m_skipReason = QStringLiteral("%1 is not installed (Debian: openssh-client, coreutils)")
                               .arg(QString::fromLatin1(tool));
            return;
        }
    }
    if (geteuid() == 0 && !QDir(QStringLiteral("/run/sshd")).exists()) {
        // sshd run as root needs its privilege separation directory (the package's service
        // creates it at boot; containers often lack it).
        if (mkdir("/run/sshd", 0755) != 0) {
            m_skipReason = QStringLiteral("sshd runs as root here and /run/sshd cannot be made");
            return;
        }
    }
    const QString hostKey = m_dir.filePath(QStringLiteral("host_key"));
    const QString userKey = m_dir.filePath(QStringLiteral("user_key"));
    const QString otherKey = m_dir.filePath(QStringLiteral("other_key"));
    QVERIFY2(keygen(hostKey) && keygen(userKey) && keygen(otherKey), "ssh-keygen failed");
    QVERIFY(writeAll(m_dir.filePath(QStringLiteral("authorized_keys")),
                     readAll(userKey + QStringLiteral(".pub"))));
    m_port = freePort();
    QVERIFY(m_port > 0);
    const QByteArray hostPub = readAll(hostKey + QStringLiteral(".pub")).trimmed();
    const QList<QByteArray> parts = hostPub.split(' ');
    QVERIFY(parts.size() >= 2);
    QVERIFY(writeAll(m_dir.filePath(QStringLiteral("known_hosts")),
                     QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() + parts[0] + ' ' +
                         parts[1] + '\n'));
    QVERIFY(writeAll(m_dir.filePath(QStringLiteral("empty_known_hosts")), QByteArray()));
    const QString config = QStringLiteral("Port %1\n"
                                          "ListenAddress 127.0.0.1\n"
                                          "HostKey %2\n"
                                          "PidFile %3\n"
                                          "AuthorizedKeysFile %4\n"
                                          "StrictModes no\n"
                                          "UsePAM no\n"
                                          "PubkeyAuthentication yes\n"
                                          "PasswordAuthentication no\n"
                                          "KbdInteractiveAuthentication no\n"
                                          "PermitRootLogin prohibit-password\n"
                                          "X11Forwarding no\n"
                                          "AllowTcpForwarding no\n"
                                          "PrintMotd no\n"
                                          "LogLevel ERROR\n")
                               .arg(m_port)
                               .arg(hostKey, m_dir.filePath(QStringLiteral("sshd.pid")),
                                    m_dir.filePath(QStringLiteral("authorized_keys")));
    const QString configPath = m_dir.filePath(QStringLiteral("sshd_config"));
    QVERIFY(writeAll(configPath, config.toUtf8()));

    // `timeout` ends sshd even if this test process dies before cleanupTestCase.
    m_sshd.setProcessChannelMode(QProcess::MergedChannels);
    m_sshd.start(QStringLiteral("timeout"),
                 {QStringLiteral("600"), QString::fromLatin1(kSshd), QStringLiteral("-D"),
                  QStringLiteral("-e"), QStringLiteral("-f"), configPath});
    QVERIFY2(m_sshd.waitForStarted(10000), "could not start sshd");
    QElapsedTimer t;
    t.start();
    while (!portAccepts(m_port) && t.elapsed() < 10000) {
        if (m_sshd.state() == QProcess::NotRunning) {
            break;
        }
        QTest::qWait(50);
    }
    if (!portAccepts(m_port)) {
        QFAIL(qPrintable(QStringLiteral("sshd did not start listening on 127.0.0.1:%1: %2")
                             .arg(m_port)
                             .arg(QString::fromUtf8(m_sshd.readAll()))));
    }
}

void tst_ProbeRemote::cleanupTestCase() {
    if (m_sshd.state() != QProcess::NotRunning) {
        m_sshd.terminate();
        if (!m_sshd.waitForFinished(5000)) {
            m_sshd.kill();
            m_sshd.waitForFinished(5000);
        }
    }
    // sshd -D stays in the foreground under `timeout`; its pid file names it should it remain.
    const QByteArray pid = readAll(m_dir.filePath(QStringLiteral("sshd.pid"))).trimmed();
    if (!pid.isEmpty() && pid.toInt() > 1 && ::kill(pid.toInt(), 0) == 0) {
        ::kill(pid.toInt(), SIGTERM);
    }
}

bool tst_ProbeRemote::requireSshd() {
    return m_skipReason.isEmpty();
}

ProbeTarget tst_ProbeRemote::baseTarget() const {
    ProbeTarget t;
    t.host = userName() + QStringLiteral("@127.0.0.1");
    t.port = m_port;
    t.identityFile = m_dir.filePath(QStringLiteral("user_key"));
    t.sshConfigFile = QStringLiteral("/dev/null"); // not the user's ~/.ssh/config
    t.sshOptions = {QStringLiteral("UserKnownHostsFile=") +
                        m_dir.filePath(QStringLiteral("known_hosts")),
                    QStringLiteral("GlobalKnownHostsFile=/dev/null"),
                    QStringLiteral("StrictHostKeyChecking=yes"), QStringLiteral("LogLevel=ERROR")};
    t.probeCommand = QStringLiteral("env CUDA_VISIBLE_DEVICES= ") +
                     shellQuote(QStringLiteral(HOSTPLAN_PROBE_BIN));
    t.probeArguments = {QStringLiteral("all"), QStringLiteral("--json")};
    t.connectTimeoutSeconds = 10;
    return t;
}

void tst_ProbeRemote::sshArguments() {
    ProbeTarget t;
    t.host = QStringLiteral("alice@gpu-node");
    t.port = 2222;
    t.identityFile = QStringLiteral("/home/alice/.ssh/id_ed25519");
    t.sshOptions = {QStringLiteral("StrictHostKeyChecking=yes")};
    t.probeCommand = QStringLiteral("~/bin/hostplan-probe");
    t.probeArguments = {QStringLiteral("all"), QStringLiteral("--json"),
                        QStringLiteral("--scenario"), QStringLiteral("my plan's.json")};
    const QStringList args = ProbeRemote::sshArguments(t);
    const QStringList expected = {
        QStringLiteral("-o"),
        QStringLiteral("BatchMode=yes"),
        QStringLiteral("-o"),
        QStringLiteral("ConnectTimeout=15"),
        QStringLiteral("-p"),
        QStringLiteral("2222"),
        QStringLiteral("-i"),
        QStringLiteral("/home/alice/.ssh/id_ed25519"),
        QStringLiteral("-o"),
        QStringLiteral("IdentitiesOnly=yes"),
        QStringLiteral("-o"),
        QStringLiteral("StrictHostKeyChecking=yes"),
        QStringLiteral("--"),
        QStringLiteral("alice@gpu-node"),
        QStringLiteral("~/bin/hostplan-probe all --json --scenario 'my plan'\\''s.json'")};
    QCOMPARE(args, expected);
}

void tst_ProbeRemote::hostProblems_data() {
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("ok");
    QTest::newRow("plain") << "gpu-node" << true;
    QTest::newRow("userAt") << "alice@10.0.0.5" << true;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("optionInjection") << "-oProxyCommand=touch /tmp/x" << false;
    QTest::newRow("space") << "gpu node" << false;
    QTest::newRow("newline") << "gpu\nnode" << false;
}

void tst_ProbeRemote::hostProblems() {
    QFETCH(QString, host);
    QFETCH(bool, ok);
    QCOMPARE(ProbeRemote::hostProblem(host).isEmpty(), ok);
}

void tst_ProbeRemote::remoteNoGpuReport() {
    if (!requireSshd()) {
        QSKIP(qPrintable(m_skipReason));
    }
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, baseTarget());
    QVERIFY2(o.gotReport, qPrintable(o.error + QStringLiteral(" | ") +
                                     runner.diagnostics().join(QLatin1Char('\n'))));
    QCOMPARE(runner.exitCode(), 3);
    QCOMPARE(probe::toString(runner.report().status), probe::toString(probe::ReportStatus::NoGpu));
    QVERIFY(runner.report().devices.empty());
    QVERIFY(!runner.report().host.empty());
    QVERIFY(!runner.report().messages.empty());
    // The probe's stderr progress reached us through ssh (plus our own start/end lines).
    QVERIFY(o.progressLines >= 3);
}

void tst_ProbeRemote::remoteProbeMissing() {
    if (!requireSshd()) {
        QSKIP(qPrintable(m_skipReason));
    }
    ProbeTarget t = baseTarget();
    t.probeCommand = QStringLiteral("/nonexistent/hostplan-probe");
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t);
    QVERIFY(o.finished && !o.gotReport);
    QVERIFY2(o.error.contains(QLatin1String("was not found on")), qPrintable(o.error));
}

void tst_ProbeRemote::remoteAnswerNotAReport() {
    if (!requireSshd()) {
        QSKIP(qPrintable(m_skipReason));
    }
    ProbeTarget t = baseTarget();
    t.probeCommand = QStringLiteral("echo");
    t.probeArguments = {QStringLiteral("{\"hello\": 1}")};
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t);
    QVERIFY(o.finished && !o.gotReport);
    QVERIFY2(o.error.contains(QLatin1String("not with a probe report")), qPrintable(o.error));
    QVERIFY2(o.error.contains(QLatin1String("schema_version")), qPrintable(o.error));
}

void tst_ProbeRemote::remoteUnknownHostKey() {
    if (!requireSshd()) {
        QSKIP(qPrintable(m_skipReason));
    }
    ProbeTarget t = baseTarget();
    t.sshOptions[0] =
        QStringLiteral("UserKnownHostsFile=") + m_dir.filePath(QStringLiteral("empty_known_hosts"));
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t);
    QVERIFY(o.finished && !o.gotReport);
    QVERIFY2(o.error.startsWith(QLatin1String("Could not reach")), qPrintable(o.error));
    QVERIFY2(o.error.contains(QLatin1String("Host key verification failed")), qPrintable(o.error));
}

void tst_ProbeRemote::remoteKeyRefused() {
    if (!requireSshd()) {
        QSKIP(qPrintable(m_skipReason));
    }
    ProbeTarget t = baseTarget();
    t.identityFile = m_dir.filePath(QStringLiteral("other_key"));
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t);
    QVERIFY(o.finished && !o.gotReport);
    QVERIFY2(o.error.startsWith(QLatin1String("Could not reach")), qPrintable(o.error));
    QVERIFY2(o.error.contains(QLatin1String("Permission denied")), qPrintable(o.error));
}

void tst_ProbeRemote::connectionRefused() {
    if (QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty()) {
        QSKIP("no ssh client (Debian: openssh-client)");
    }
    ProbeTarget t;
    t.host = QStringLiteral("127.0.0.1");
    t.port = freePort(); // nothing listens there
    t.sshConfigFile = QStringLiteral("/dev/null");
    t.sshOptions = {QStringLiteral("UserKnownHostsFile=/dev/null"),
                    QStringLiteral("StrictHostKeyChecking=yes")};
    t.connectTimeoutSeconds = 5;
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t, 30000);
    QVERIFY(o.finished && !o.gotReport);
    QCOMPARE(runner.exitCode(), 255);
    QVERIFY2(o.error.startsWith(QLatin1String("Could not reach 127.0.0.1")), qPrintable(o.error));
    QVERIFY2(o.error.contains(QLatin1String("Connection refused")), qPrintable(o.error));
}

void tst_ProbeRemote::localNoGpuReport() {
    ProbeTarget t;
    t.probeCommand = QStringLiteral(HOSTPLAN_PROBE_BIN);
    t.probeArguments = {QStringLiteral("all"), QStringLiteral("--json"),
                        QStringLiteral("--bytes-per-gpu"), QStringLiteral("80GiB")};
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t);
    QVERIFY2(o.gotReport, qPrintable(o.error));
    if (runner.exitCode() == 0) {
        QSKIP("this machine has a GPU");
    }
    QCOMPARE(probe::toString(runner.report().status), probe::toString(probe::ReportStatus::NoGpu));
    QVERIFY(runner.report().plan.has_value());
    QCOMPARE(runner.report().plan->plannedBytesPerGpu, std::uint64_t(80) << 30);
}

void tst_ProbeRemote::localProgramMissing() {
    ProbeTarget t;
    t.probeCommand = m_dir.filePath(QStringLiteral("no-such-probe"));
    ProbeRemote runner;
    const Outcome o = runAndWait(runner, t);
    QVERIFY(o.finished && !o.gotReport);
    QVERIFY2(o.error.startsWith(QLatin1String("Could not start the probe")), qPrintable(o.error));
}

void tst_ProbeRemote::localCancel() {
    ProbeTarget t;
    t.probeCommand = QStringLiteral("/bin/sleep");
    t.probeArguments = {QStringLiteral("30")};
    ProbeRemote runner;
    QSignalSpy failed(&runner, &ProbeRemote::failed);
    runner.start(t);
    QTRY_VERIFY_WITH_TIMEOUT(runner.isRunning(), 5000);
    QElapsedTimer timer;
    timer.start();
    runner.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
    QVERIFY(timer.elapsed() < 6000);
    QCOMPARE(failed.first().at(0).toString(), QStringLiteral("Cancelled."));
    QVERIFY(!runner.isRunning());
}

QTEST_GUILESS_MAIN(tst_ProbeRemote)
#include "tst_proberemote.moc"
