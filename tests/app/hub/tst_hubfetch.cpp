// SPDX-License-Identifier: MIT
// Tests for app/hub/hubfetch: Hub ids fetched over HTTP from a fake Hugging Face Hub that a
// QTcpServer serves on 127.0.0.1 inside the test. It answers resolve/ URLs as the Hub does
// (X-Repo-Commit on every answer, X-Error-Code on a 404, a 302 to a CDN-like path on the same
// server for safetensors files, byte ranges there), a gated repository (401 without a token,
// 403 with a wrong one, 200 with "Bearer good"), and as a second server one that accepts
// connections and never answers. It records every request and the bytes it served.
#include "cli/cli.h"
#include "hub/hubfetch.h"
#include "import/hubcache.h"
#include "import/modelimport.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace hostplan;

namespace {

const QByteArray kCommit = "0123456789abcdef0123456789abcdef01234567";
/// Llama-3.1-8B's checkpoint bytes (model-facts.md §3): its embedding as one BF16 tensor and
/// the rest as one U8 tensor.
constexpr quint64 kLlamaBytes = 16'060'522'496ull;
constexpr quint64 kEmbedBytes = 128256ull * 4096ull * 2ull;

QByteArray lengthPrefix(quint64 n) {
    QByteArray out(8, '\0');
    for (int i = 0; i < 8; ++i) {
        out[i] = char((n >> (8 * i)) & 0xff);
    }
    return out;
}

/// The first bytes of Llama-3.1-8B's model.safetensors (length prefix and header).
QByteArray llamaShardHead() {
    const QByteArray header =
        QStringLiteral(R"({"model.embed_tokens.weight": {"dtype": "BF16", "shape": [128256, )"
                       R"(4096], "data_offsets": [0, %1]}, "rest": {"dtype": "U8", "shape": )"
                       R"([%2], "data_offsets": [%1, %3]}})")
            .arg(kEmbedBytes)
            .arg(kLlamaBytes - kEmbedBytes)
            .arg(kLlamaBytes)
            .toUtf8();
    return lengthPrefix(quint64(header.size())) + header;
}

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A file of a fake repository: `head` then zeros up to `size` bytes (never held in memory).
struct FakeFile {
    QByteArray head;
    quint64 size = 0;
    bool lfs = false; ///< served through a 302 to /cdn/ as the Hub serves LFS files
};

/// The fake Hub: repositories of files, one request per connection.
class FakeHub : public QObject {
  public:
    explicit FakeHub(bool silent = false) : m_silent(silent) {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] { accept(); });
        QVERIFY(m_server.listen(QHostAddress::LocalHost));
    }
    QString endpoint() const {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort());
    }
    void addFile(const QString &repo, const QString &name, const FakeFile &file) {
        m_repos[repo][name] = file;
    }
    void addText(const QString &repo, const QString &name, const QByteArray &text) {
        addFile(repo, name, FakeFile{text, quint64(text.size()), false});
    }
    void gate(const QString &repo) { m_gated.insert(repo); }

    int connections = 0;
    quint64 bytesServed = 0;
    QStringList requests;        ///< "path range" for every request
    QStringList absoluteTargets; ///< request targets in absolute form (sent to a proxy)

  private:
    void accept() {
        while (QTcpSocket *s = m_server.nextPendingConnection()) {
            ++connections;
            s->setParent(this);
            QObject::connect(s, &QTcpSocket::readyRead, this, [this, s] { readRequest(s); });
        }
    }
    void readRequest(QTcpSocket *s) {
        QByteArray &buffer = m_buffers[s];
        buffer += s->readAll();
        if (m_silent || !buffer.contains("\r\n\r\n")) {
            return;
        }
        const QList<QByteArray> lines = buffer.left(buffer.indexOf("\r\n\r\n")).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        QString path = QString::fromUtf8(first.value(1));
        if (path.startsWith(QStringLiteral("http://"))) {
            // A proxy's request (absolute form): record it, answer as the host would.
            absoluteTargets << path;
            path = path.mid(path.indexOf('/', 7));
        }
        QByteArray range;
        QByteArray auth;
        for (const QByteArray &l : lines) {
            const QByteArray key = l.left(l.indexOf(':')).trimmed().toLower();
            const QByteArray value = l.mid(l.indexOf(':') + 1).trimmed();
            if (key == "range") {
                range = value;
            } else if (key == "authorization") {
                auth = value;
            }
        }
        requests << path + ' ' + QString::fromLatin1(range);
        respond(s, path, range, auth);
    }
    void send(QTcpSocket *s, int status, const QByteArray &body,
              const std::map<QByteArray, QByteArray> &headers = {}) {
        QByteArray out = "HTTP/1.1 " + QByteArray::number(status) +
                         " X\r\nContent-Length: " + QByteArray::number(body.size()) +
                         "\r\nConnection: close\r\nX-Repo-Commit: " + kCommit + "\r\n";
        for (const auto &[k, v] : headers) {
            out += k + ": " + v + "\r\n";
        }
        s->write(out + "\r\n" + body);
        bytesServed += quint64(body.size());
        s->disconnectFromHost();
    }
    void respond(QTcpSocket *s, const QString &path, const QByteArray &range,
                 const QByteArray &auth) {
        const QStringList parts = path.split('/');
        if (parts.size() == 5 && parts[1] == QStringLiteral("cdn")) {
            // /cdn/org/name/file: byte ranges of the file.
            const FakeFile file = m_repos.value(parts[2] + '/' + parts[3]).value(parts[4]);
            const QList<QByteArray> bounds = range.mid(6).split('-');
            const quint64 a = bounds.value(0).toULongLong();
            const quint64 b = std::min(bounds.value(1).toULongLong(), file.size - 1);
            if (!range.startsWith("bytes=") || a > b) {
                send(s, 416, {});
                return;
            }
            QByteArray body = file.head.mid(qsizetype(a), qsizetype(b - a + 1));
            body += QByteArray(qsizetype(b - a + 1) - body.size(), '\0');
            send(s, 206, body,
                 {{"Content-Range", "bytes " + QByteArray::number(a) + '-' + QByteArray::number(b) +
                                        '/' + QByteArray::number(file.size)}});
            return;
        }
        // /org/name/resolve/revision/file
        if (parts.size() != 6 || parts[3] != QStringLiteral("resolve")) {
            send(s, 404, "not found", {{"X-Error-Code", "RepoNotFound"}});
            return;
        }
        const QString repo = parts[1] + '/' + parts[2];
        if (!m_repos.contains(repo)) {
            send(s, 404, "Repository not found", {{"X-Error-Code", "RepoNotFound"}});
            return;
        }
        if (m_gated.contains(repo) && auth != "Bearer good") {
            send(s, auth.isEmpty() ? 401 : 403, "gated", {{"X-Error-Code", "GatedRepo"}});
            return;
        }
        if (parts[4] != QStringLiteral("main") && parts[4].toLatin1() != kCommit) {
            send(s, 404, "Revision not found", {{"X-Error-Code", "RevisionNotFound"}});
            return;
        }
        if (!m_repos[repo].contains(parts[5])) {
            send(s, 404, "Entry not found", {{"X-Error-Code", "EntryNotFound"}});
            return;
        }
        const FakeFile file = m_repos[repo][parts[5]];
        if (file.lfs) {
            send(s, 302, {},
                 {{"Location",
                   endpoint().toUtf8() + "/cdn/" + repo.toUtf8() + '/' + parts[5].toUtf8()}});
            return;
        }
        send(s, 200, file.head);
    }

    bool m_silent;
    QTcpServer m_server;
    QHash<QString, QHash<QString, FakeFile>> m_repos;
    QSet<QString> m_gated;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

/// Every file under `dir`, relative, sorted.
QStringList filesUnder(const QString &dir) {
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        out << QDir(dir).relativeFilePath(it.next());
    }
    out.sort();
    return out;
}

} // namespace

class TestHubFetch : public QObject {
    Q_OBJECT

  private slots:
    void init();
    void singleFileOverHttp();
    void indexedOverHttp();
    void visionPreprocessor();
    void planFromCli();
    void gated();
    void notFound();
    void refOutsideTheCache();
    void offline();
    void timeout();
    void unreachable();
    void oversizedHeader();
    void tokenSources();
    void tokenFileOpensGatedModel();
    void proxyFromEnvironment();

  private:
    /// Settings for `hub` with the cache in m_cache.
    hub::HubFetchSettings settings(const FakeHub &hub) const {
        hub::HubFetchSettings s;
        s.endpoint = hub.endpoint();
        s.cacheRoot = m_cache->path();
        s.timeoutMs = 10'000;
        return s;
    }
    /// The fake Hub's repositories: org/llama (one LFS model.safetensors), org/sharded (an
    /// index), org/gated (org/llama's files behind a token), org/huge (a header length of 1 TB).
    void fill(FakeHub &hub) const {
        const QByteArray config = readAll(QStringLiteral(
            HOSTPLAN_TEST_DATA_DIR "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"));
        QVERIFY(!config.isEmpty());
        for (const QString &repo : {QStringLiteral("org/llama"), QStringLiteral("org/gated")}) {
            hub.addText(repo, QStringLiteral("config.json"), config);
            hub.addFile(repo, QStringLiteral("model.safetensors"),
                        FakeFile{llamaShardHead(),
                                 8 + quint64(llamaShardHead().size()) + kLlamaBytes, true});
        }
        hub.gate(QStringLiteral("org/gated"));
        hub.addText(QStringLiteral("org/sharded"), QStringLiteral("config.json"), config);
        hub.addText(QStringLiteral("org/sharded"), QStringLiteral("model.safetensors.index.json"),
                    R"({"metadata": {"total_size": 16060522496}, "weight_map": )"
                    R"({"a": "model-00001-of-00002.safetensors"}})");
        hub.addFile(QStringLiteral("org/sharded"),
                    QStringLiteral("model-00001-of-00002.safetensors"),
                    FakeFile{llamaShardHead(), kLlamaBytes, true});
        hub.addText(QStringLiteral("org/huge"), QStringLiteral("config.json"), config);
        hub.addFile(QStringLiteral("org/huge"), QStringLiteral("model.safetensors"),
                    FakeFile{lengthPrefix(1ull << 40), 1ull << 41, true});
    }
    /// The same Llama files imported from a local folder (a sparse model.safetensors).
    Result<ModelSpec> localLlama(QTemporaryDir &dir) const {
        QFile::copy(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                   "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
                    dir.filePath("config.json"));
        QFile f(dir.filePath("model.safetensors"));
        if (!f.open(QIODevice::WriteOnly)) {
            return makeError("", "cannot write");
        }
        f.write(llamaShardHead());
        f.resize(qint64(quint64(llamaShardHead().size()) + kLlamaBytes)); // sparse data
        f.close();
        return importModelPath(dir.path().toStdString());
    }
    static void expectError(const Result<std::filesystem::path> &r, const QStringList &parts) {
        QVERIFY(!r.ok());
        const QString text = QString::fromStdString(r.error().toString());
        for (const QString &p : parts) {
            QVERIFY2(text.contains(p), qPrintable(p + QStringLiteral(" not in: ") + text));
        }
    }

    std::unique_ptr<QTemporaryDir> m_cache;
};

void TestHubFetch::init() {
    m_cache = std::make_unique<QTemporaryDir>();
    QVERIFY(m_cache->isValid());
}

void TestHubFetch::singleFileOverHttp() {
    // Through the core, as hostplan-cli and the GUI import: the local Hugging Face cache (an
    // empty HF_HUB_CACHE) lacks the id, the installed fetcher brings config.json and the
    // header; the same totals as the same files imported locally; only the header's two
    // ranges of the 16 GB shard were requested.
    FakeHub hub;
    fill(hub);
    QTemporaryDir hfCache;
    qputenv("HF_HUB_CACHE", hfCache.path().toUtf8());
    qputenv("HF_ENDPOINT", hub.endpoint().toUtf8() + '/');
    qputenv("XDG_CACHE_HOME", m_cache->path().toUtf8());
    qunsetenv("HF_HUB_OFFLINE");
    qunsetenv("HF_TOKEN");
    hub::installHubFetcher();
    const auto spec = importModelPath("org/llama");
    importer::setHubFetcher({});
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    QTemporaryDir local;
    const auto expected = localLlama(local);
    QVERIFY2(expected.ok(), expected.ok() ? "" : expected.error().toString().c_str());
    QCOMPARE(quint64(spec->checkpointBytes), kLlamaBytes);
    QCOMPARE(quint64(spec->weightBytes()), quint64(expected->weightBytes()));
    QCOMPARE(quint64(spec->totalParams), quint64(expected->totalParams));
    QCOMPARE(quint64(spec->totalParams), 8'030'261'248ull);

    const QString headerRange =
        QStringLiteral("bytes=8-%1").arg(8 + llamaShardHead().size() - 8 - 1);
    const QStringList expectedRequests = {
        QStringLiteral("/org/llama/resolve/main/config.json "),
        QStringLiteral("/org/llama/resolve/%1/hf_quant_config.json ").arg(kCommit),
        QStringLiteral("/org/llama/resolve/%1/model.safetensors.index.json ").arg(kCommit),
        QStringLiteral("/org/llama/resolve/%1/model.safetensors bytes=0-7").arg(kCommit),
        QStringLiteral("/cdn/org/llama/model.safetensors bytes=0-7"),
        QStringLiteral("/org/llama/resolve/%1/model.safetensors %2").arg(kCommit, headerRange),
        QStringLiteral("/cdn/org/llama/model.safetensors %1").arg(headerRange)};
    QCOMPARE(hub.requests, expectedRequests);
    const quint64 configBytes =
        quint64(readAll(QStringLiteral(HOSTPLAN_TEST_DATA_DIR
                                       "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"))
                    .size());
    QCOMPARE(hub.bytesServed, configBytes + quint64(llamaShardHead().size()) +
                                  quint64(QByteArray("Entry not found").size()) * 2);
    QVERIFY(hub.bytesServed < kLlamaBytes / 1'000'000);

    // HostPlan's cache, not the user's Hugging Face cache: the commit folder, whole files.
    const QString folder = m_cache->path() + "/hostplan/hub-headers/org--llama/" + kCommit;
    QCOMPARE(filesUnder(m_cache->path() + "/hostplan/hub-headers"),
             (QStringList{"org--llama/" + kCommit + "/config.json",
                          "org--llama/" + kCommit + "/model.safetensors.header"}));
    QCOMPARE(readAll(folder + "/model.safetensors.header"), llamaShardHead());
    QVERIFY(filesUnder(hfCache.path()).isEmpty());

    // The commit asked for again: from HostPlan's cache, no request.
    const int before = hub.connections;
    auto s = settings(hub);
    s.cacheRoot = m_cache->path() + "/hostplan/hub-headers"; // where XDG_CACHE_HOME put it
    auto again = hub::fetchHubCheckpoint("org/llama@" + kCommit.toStdString(), s, "cache miss");
    QVERIFY(again.ok());
    QCOMPARE(QString::fromStdString(again->string()), QDir(folder).path());
    QCOMPARE(hub.connections, before);
    qunsetenv("HF_HUB_CACHE");
    qunsetenv("HF_ENDPOINT");
    qunsetenv("XDG_CACHE_HOME");
}

void TestHubFetch::indexedOverHttp() {
    // With an index the importer reads total_size only: no shard is requested at all.
    FakeHub hub;
    fill(hub);
    const auto folder = hub::fetchHubCheckpoint("org/sharded", settings(hub), "cache miss");
    QVERIFY2(folder.ok(), folder.ok() ? "" : folder.error().toString().c_str());
    const auto spec = importModelPath(*folder);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    QCOMPARE(quint64(spec->checkpointBytes), kLlamaBytes);
    QCOMPARE(quint64(spec->totalParams), 8'030'261'248ull);
    for (const QString &r : hub.requests) {
        QVERIFY2(!r.contains(QStringLiteral(".safetensors ")), qPrintable(r));
    }
    QCOMPARE(hub.requests.size(), 3);
}

void TestHubFetch::visionPreprocessor() {
    // A Qwen-VL tower: preprocessor_config.json comes with config.json and is kept in the
    // commit folder, so the largest image is the checkpoint's; a text model never asks for it
    // (singleFileOverHttp's request list).
    FakeHub hub;
    const QByteArray config =
        readAll(QStringLiteral(HOSTPLAN_TEST_DATA_DIR "/configs/Qwen--Qwen3.5-27B_config.json"));
    QVERIFY(!config.isEmpty());
    hub.addText(QStringLiteral("org/vl"), QStringLiteral("config.json"), config);
    hub.addText(QStringLiteral("org/vl"), QStringLiteral("preprocessor_config.json"),
                R"({"size": {"longest_edge": 4194304, "shortest_edge": 65536}})");
    hub.addText(QStringLiteral("org/vl"), QStringLiteral("model.safetensors.index.json"),
                R"({"metadata": {"total_size": 55000000000}, "weight_map": {}})");
    const auto folder = hub::fetchHubCheckpoint("org/vl", settings(hub), "cache miss");
    QVERIFY2(folder.ok(), folder.ok() ? "" : folder.error().toString().c_str());
    QVERIFY(
        QFileInfo::exists(QString::fromStdString((*folder / "preprocessor_config.json").string())));
    QVERIFY(hub.requests.contains(
        QStringLiteral("/org/vl/resolve/%1/preprocessor_config.json ").arg(kCommit)));
    const auto spec = importModelPath(*folder);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    QCOMPARE(quint64(spec->visionEncoder.maxImagePixels), 4194304ull);
}

void TestHubFetch::planFromCli() {
    // hostplan-cli plan --model org/name: the plan's model comes over HTTP.
    FakeHub hub;
    fill(hub);
    QTemporaryDir hfCache;
    qputenv("HF_HUB_CACHE", hfCache.path().toUtf8());
    qputenv("HF_ENDPOINT", hub.endpoint().toUtf8());
    qputenv("XDG_CACHE_HOME", m_cache->path().toUtf8());
    hub::installHubFetcher();
    std::ostringstream out;
    std::ostringstream err;
    const int code =
        cli::run({"plan", "--model", "org/llama", "--gpu", "h100", "--json"}, out, err);
    importer::setHubFetcher({});
    qunsetenv("HF_HUB_CACHE");
    qunsetenv("HF_ENDPOINT");
    qunsetenv("XDG_CACHE_HOME");
    QVERIFY2(code == cli::kExitOk, err.str().c_str());
    QVERIFY2(QString::fromStdString(out.str()).contains("16060522496"), out.str().c_str());
}

void TestHubFetch::gated() {
    FakeHub hub;
    fill(hub);
    auto s = settings(hub);
    const auto none = hub::fetchHubCheckpoint("org/gated", s, "cache miss");
    expectError(none, {"org/gated", "401", "HF_TOKEN",
                       hub.endpoint() + "/org/gated/resolve/main/"
                                        "config.json"});
    s.token = QStringLiteral("bad");
    expectError(hub::fetchHubCheckpoint("org/gated", s, "cache miss"),
                {"org/gated", "403", "accept the licence on the model page",
                 hub.endpoint() + "/org/gated"});
    s.token = QStringLiteral("good");
    const auto ok = hub::fetchHubCheckpoint("org/gated", s, "cache miss");
    QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().toString().c_str());
    const auto spec = importModelPath(*ok);
    QVERIFY(spec.ok());
    QCOMPARE(quint64(spec->checkpointBytes), kLlamaBytes);
}

// A local cache's refs/<revision> holds a commit hash; one that holds a path ("../..", an
// absolute one) is refused rather than followed out of the cache.
void TestHubFetch::refOutsideTheCache() {
    namespace fs = std::filesystem;
    QTemporaryDir tmp;
    const fs::path repo = fs::path(tmp.path().toStdString()) / "models--org--m";
    fs::create_directories(repo / "refs");
    fs::create_directories(repo / "snapshots");
    importer::HubCacheEnv env;
    env.hfHubCache = tmp.path().toStdString();
    for (const std::string ref : {"../../../elsewhere", "/etc"}) {
        { std::ofstream(repo / "refs" / "main") << ref; }
        const auto snap = importer::resolveHubSnapshot("org/m", env);
        QVERIFY(!snap.ok());
        QVERIFY2(snap.error().message.find("not a commit hash") != std::string::npos,
                 snap.error().message.c_str());
    }
}

void TestHubFetch::notFound() {
    FakeHub hub;
    fill(hub);
    expectError(hub::fetchHubCheckpoint("org/missing", settings(hub), "no models--org--missing"),
                {"org/missing", "404", "RepoNotFound", "no models--org--missing",
                 hub.endpoint() + "/org/missing/resolve/main/config.json"});
    expectError(hub::fetchHubCheckpoint("org/llama@v9", settings(hub), "cache miss"),
                {"org/llama@v9", "404", "RevisionNotFound", "revision 'v9'"});
    QVERIFY(filesUnder(m_cache->path()).isEmpty());
}

void TestHubFetch::offline() {
    // HF_HUB_OFFLINE=1: the offline error, no connection at all.
    FakeHub hub;
    fill(hub);
    qputenv("HF_HUB_OFFLINE", "1");
    auto s = hub::HubFetchSettings::fromEnvironment();
    qunsetenv("HF_HUB_OFFLINE");
    QVERIFY(s.offline);
    s.endpoint = hub.endpoint();
    s.cacheRoot = m_cache->path();
    expectError(hub::fetchHubCheckpoint("org/llama", s, "no models--org--llama"),
                {"org/llama", "HF_HUB_OFFLINE", "no models--org--llama"});
    QCOMPARE(hub.connections, 0);
    QVERIFY(filesUnder(m_cache->path()).isEmpty());
    // A commit HostPlan fetched before is read from its cache, offline too.
    s.offline = false;
    QVERIFY(hub::fetchHubCheckpoint("org/llama", s, "cache miss").ok());
    const int before = hub.connections;
    s.offline = true;
    QVERIFY(hub::fetchHubCheckpoint("org/llama@" + kCommit.toStdString(), s, "cache miss").ok());
    QCOMPARE(hub.connections, before);
    qputenv("HF_HUB_OFFLINE", "false");
    QVERIFY(!hub::HubFetchSettings::fromEnvironment().offline);
    qunsetenv("HF_HUB_OFFLINE");
}

void TestHubFetch::timeout() {
    // A server that accepts and never answers: the whole fetch stops at its timeout.
    FakeHub silent(/*silent=*/true);
    auto s = settings(silent);
    s.timeoutMs = 800;
    QElapsedTimer clock;
    clock.start();
    expectError(hub::fetchHubCheckpoint("org/llama", s, "cache miss"),
                {"org/llama", "timed out after 0.8 s", "HOSTPLAN_HUB_TIMEOUT_S",
                 silent.endpoint() + "/org/llama/resolve/main/config.json"});
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(silent.connections, 1);
    QVERIFY(filesUnder(m_cache->path()).isEmpty());
    qputenv("HOSTPLAN_HUB_TIMEOUT_S", "3.5");
    QCOMPARE(hub::HubFetchSettings::fromEnvironment().timeoutMs, 3500);
    QVERIFY(hub::HubFetchSettings::fromEnvironment().timeoutProblem.isEmpty());
    // A value that is not a number of seconds keeps the default and says so in the message.
    for (const char *bad : {"abc", "nan", "-1", "0", "1e9"}) {
        qputenv("HOSTPLAN_HUB_TIMEOUT_S", bad);
        const auto env = hub::HubFetchSettings::fromEnvironment();
        QCOMPARE(env.timeoutMs, 20'000);
        QVERIFY2(env.timeoutProblem.contains(QStringLiteral("HOSTPLAN_HUB_TIMEOUT_S='%1' is not a "
                                                            "number of seconds")
                                                 .arg(QLatin1String(bad))),
                 qPrintable(env.timeoutProblem));
    }
    s.timeoutProblem = hub::HubFetchSettings::fromEnvironment().timeoutProblem;
    expectError(hub::fetchHubCheckpoint("org/llama", s, "cache miss"),
                {"timed out after 0.8 s", "HOSTPLAN_HUB_TIMEOUT_S='1e9' is not a number",
                 "the default 20 s applies"});
    qunsetenv("HOSTPLAN_HUB_TIMEOUT_S");
    QCOMPARE(hub::HubFetchSettings::fromEnvironment().timeoutMs, 20'000);
}

void TestHubFetch::unreachable() {
    quint16 port = 0;
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        port = closed.serverPort();
    }
    hub::HubFetchSettings s;
    s.endpoint = QStringLiteral("http://127.0.0.1:%1").arg(port);
    s.cacheRoot = m_cache->path();
    expectError(hub::fetchHubCheckpoint("org/llama", s, "cache miss"),
                {"org/llama", "connection refused", "unreachable"});
}

void TestHubFetch::oversizedHeader() {
    // A header length of 1 TB: refused before the second range; nothing left in the cache
    // although config.json had already come.
    FakeHub hub;
    fill(hub);
    expectError(hub::fetchHubCheckpoint("org/huge", settings(hub), "cache miss"),
                {"org/huge", "oversized safetensors header", "1099511627776",
                 "/cdn/org/huge/model.safetensors"});
    QVERIFY(filesUnder(m_cache->path()).isEmpty());
    QVERIFY(QDir(m_cache->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
}

namespace {

/// Unsets every variable the token lookup reads.
void clearTokenEnvironment() {
    for (const char *name :
         {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH", "HF_HOME", "XDG_CACHE_HOME"}) {
        qunsetenv(name);
    }
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

void TestHubFetch::tokenSources() {
    // huggingface_hub's order (utils/_auth.py get_token): HF_TOKEN, HUGGING_FACE_HUB_TOKEN,
    // then the token file (HF_TOKEN_PATH, else $HF_HOME/token); cleaned of CR/LF and spaces.
    clearTokenEnvironment();
    QTemporaryDir home;
    const QString fileA = home.filePath(QStringLiteral("token-a"));
    QVERIFY(writeFile(fileA, "  hf_fromfile\r\n"));
    QVERIFY(writeFile(home.filePath(QStringLiteral("token")), "hf_fromhome\n"));
    QTemporaryDir emptyCache; // XDG_CACHE_HOME without a huggingface/token file
    qputenv("XDG_CACHE_HOME", emptyCache.path().toUtf8());
    QString source;
    QCOMPARE(hub::tokenFromEnvironment(source), QString());
    QVERIFY(source.isEmpty());

    qputenv("HF_HOME", home.path().toUtf8());
    QCOMPARE(hub::tokenFromEnvironment(source), QStringLiteral("hf_fromhome"));
    QCOMPARE(source, home.filePath(QStringLiteral("token")));
    qputenv("HF_TOKEN_PATH", fileA.toUtf8());
    QCOMPARE(hub::tokenFromEnvironment(source), QStringLiteral("hf_fromfile"));
    QCOMPARE(source, fileA);
    qputenv("HUGGING_FACE_HUB_TOKEN", "hf_legacy");
    QCOMPARE(hub::tokenFromEnvironment(source), QStringLiteral("hf_legacy"));
    QCOMPARE(source, QStringLiteral("HUGGING_FACE_HUB_TOKEN"));
    qputenv("HF_TOKEN", " hf_env\n");
    QCOMPARE(hub::tokenFromEnvironment(source), QStringLiteral("hf_env"));
    QCOMPARE(source, QStringLiteral("HF_TOKEN"));
    qputenv("HF_TOKEN", "   "); // blank: as unset
    QCOMPARE(hub::tokenFromEnvironment(source), QStringLiteral("hf_legacy"));

    // A token path that is a folder, an oversized file or a blank file gives no token.
    qunsetenv("HF_TOKEN");
    qunsetenv("HUGGING_FACE_HUB_TOKEN");
    qputenv("HF_TOKEN_PATH", home.path().toUtf8());
    QCOMPARE(hub::tokenFromEnvironment(source), QString());
    const QString big = home.filePath(QStringLiteral("big"));
    QVERIFY(writeFile(big, QByteArray(hub::kMaxTokenFileBytes + 1, 'a')));
    qputenv("HF_TOKEN_PATH", big.toUtf8());
    QCOMPARE(hub::tokenFromEnvironment(source), QString());
    QVERIFY(source.isEmpty());
    const QString blank = home.filePath(QStringLiteral("blank"));
    QVERIFY(writeFile(blank, "\n \n"));
    qputenv("HF_TOKEN_PATH", blank.toUtf8());
    QCOMPARE(hub::tokenFromEnvironment(source), QString());
    clearTokenEnvironment();
}

void TestHubFetch::tokenFileOpensGatedModel() {
    // The settings the environment gives: a gated model opens with the token file alone, and a
    // wrong token's 403 names that file.
    FakeHub hub;
    fill(hub);
    clearTokenEnvironment();
    QTemporaryDir home;
    const QString tokenFile = home.filePath(QStringLiteral("token"));
    QVERIFY(writeFile(tokenFile, "good\n"));
    qputenv("HF_HOME", home.path().toUtf8());
    qputenv("HF_ENDPOINT", hub.endpoint().toUtf8());
    auto s = hub::HubFetchSettings::fromEnvironment();
    s.cacheRoot = m_cache->path();
    QCOMPARE(s.token, QStringLiteral("good"));
    const auto ok = hub::fetchHubCheckpoint("org/gated", s, "cache miss");
    QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().toString().c_str());

    QVERIFY(writeFile(tokenFile, "bad"));
    s = hub::HubFetchSettings::fromEnvironment();
    s.cacheRoot = m_cache->path();
    expectError(hub::fetchHubCheckpoint("org/gated@v1", s, "cache miss"),
                {"org/gated", "403", "with the token from " + tokenFile});
    qunsetenv("HF_ENDPOINT");
    clearTokenEnvironment();
}

void TestHubFetch::proxyFromEnvironment() {
    // http_proxy set: the requests go to the proxy in absolute form (the fake Hub plays the
    // proxy and answers for a host that does not resolve), and the checkpoint arrives.
    FakeHub proxy;
    fill(proxy);
    qputenv("http_proxy", proxy.endpoint().toUtf8());
    qunsetenv("no_proxy");
    qunsetenv("NO_PROXY");
    auto s = settings(proxy);
    s.endpoint = QStringLiteral("http://hub.invalid");
    const auto folder = hub::fetchHubCheckpoint("org/sharded", s, "cache miss");
    qunsetenv("http_proxy");
    QVERIFY2(folder.ok(), folder.ok() ? "" : folder.error().toString().c_str());
    QCOMPARE(proxy.absoluteTargets.value(0),
             QStringLiteral("http://hub.invalid/org/sharded/resolve/main/config.json"));
    QCOMPARE(proxy.absoluteTargets.size(), 3);
    const auto spec = importModelPath(*folder);
    QVERIFY(spec.ok());
    QCOMPARE(quint64(spec->checkpointBytes), kLlamaBytes);
}

QTEST_GUILESS_MAIN(TestHubFetch)
#include "tst_hubfetch.moc"
