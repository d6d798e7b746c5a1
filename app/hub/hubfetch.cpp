// SPDX-License-Identifier: MIT
#include "hub/hubfetch.h"

#include "import/towers.h"
#include "import/hubcache.h"
#include "import/pathresolve.h"
#include "import/safetensors.h"
#include "util/fileio.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>

#include <QDeadlineTimer>

#include <algorithm>
#include <memory>
#include <optional>
#include <system_error>
#include <vector>

namespace hostplan::hub {

namespace {

namespace fs = std::filesystem;

/// The most redirects one request follows (the Hub gives one: resolve -> CDN).
constexpr int kMaxRedirects = 5;
/// How often a running request looks at the cancel flag.
constexpr int kCancelPollMs = 50;

/// Whether `revision` is a full commit hash (40 lowercase hex digits), as the Hub names
/// commits in X-Repo-Commit and in HostPlan's cache folders.
bool isCommitHash(const QString &revision) {
    static const QRegularExpression hex40(QStringLiteral("^[0-9a-f]{40}$"));
    return hex40.match(revision).hasMatch();
}

bool envTrue(const char *name) {
    const QByteArray v = qgetenv(name).trimmed().toUpper();
    return v == "1" || v == "ON" || v == "YES" || v == "TRUE";
}

/// The proxies the system's configuration gives for each request (on Linux the http_proxy,
/// https_proxy and no_proxy environment variables), set on one manager rather than process-wide.
class SystemProxies : public QNetworkProxyFactory {
  public:
    QList<QNetworkProxy> queryProxy(const QNetworkProxyQuery &query) override {
        return systemProxyForQuery(query);
    }
};

/// A token as huggingface_hub's _clean_token leaves it: '\r' and '\n' removed, trimmed.
QString cleanToken(QString token) {
    token.remove(QLatin1Char('\r'));
    token.remove(QLatin1Char('\n'));
    return token.trimmed();
}

/// What one GET gave: the final status and body, or why there was none.
struct Response {
    int status = 0;          ///< HTTP status of the last hop (0: no response)
    QByteArray body;         ///< at most the cap asked for
    QByteArray repoCommit;   ///< X-Repo-Commit of the first hop that had one
    QByteArray errorCode;    ///< X-Error-Code (the Hub's reason for a 4xx)
    QByteArray contentRange; ///< Content-Range of a 206
    QUrl url;                ///< the URL of the last hop
    QString failure;         ///< a transport failure in words ("" = none)
    bool timedOut = false;
    bool cancelled = false;
    bool oversized = false; ///< the body passed the cap and the transfer was stopped
};

/// One fetch: the manager, the deadline and the settings, shared by its requests.
class Fetch {
  public:
    Fetch(const HubFetchSettings &settings, const std::atomic<bool> *cancel)
        : m_settings(settings), m_cancel(cancel), m_deadline(settings.timeoutMs),
          m_endpoint(QUrl(settings.endpoint)) {
        m_manager.setProxyFactory(new SystemProxies); // the manager owns it
    }

    /// GET `url` (bytes [first, first + count) when count > 0), following redirects by hand so
    /// that the token stays with the endpoint's host; the body is capped at `maxBytes`.
    Response get(QUrl url, qint64 maxBytes, qint64 first = 0, qint64 count = 0) {
        Response out;
        for (int hop = 0; hop <= kMaxRedirects; ++hop) {
            QNetworkRequest request(url);
            request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                                 QNetworkRequest::ManualRedirectPolicy);
            request.setRawHeader("Accept-Encoding", "identity");
            request.setRawHeader("User-Agent", "HostPlan");
            if (!m_settings.token.isEmpty() && url.host() == m_endpoint.host() &&
                url.port() == m_endpoint.port()) {
                request.setRawHeader("Authorization", "Bearer " + m_settings.token.toUtf8());
            }
            if (count > 0) {
                request.setRawHeader("Range", "bytes=" + QByteArray::number(first) + '-' +
                                                  QByteArray::number(first + count - 1));
            }
            out.url = url;
            runOne(request, maxBytes, out);
            if (!out.failure.isEmpty() || out.timedOut || out.cancelled || out.oversized) {
                return out;
            }
            if (out.status < 300 || out.status > 399) {
                return out;
            }
            const QUrl next = url.resolved(QUrl(QString::fromUtf8(m_lastLocation)));
            if (m_lastLocation.isEmpty() || !next.isValid()) {
                out.failure = QStringLiteral("a redirect (%1) without a valid Location header")
                                  .arg(out.status);
                return out;
            }
            url = next;
        }
        out.failure = QStringLiteral("more than %1 redirects").arg(kMaxRedirects);
        return out;
    }

    int timeoutMs() const { return m_settings.timeoutMs; }

  private:
    void runOne(const QNetworkRequest &request, qint64 maxBytes, Response &out) {
        out.body.clear();
        out.status = 0;
        m_lastLocation.clear();
        if (m_deadline.hasExpired()) {
            out.timedOut = true;
            return;
        }
        std::unique_ptr<QNetworkReply> reply(m_manager.get(request));
        QEventLoop loop;
        QTimer timeout;
        timeout.setSingleShot(true);
        QTimer poll;
        QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QObject::connect(reply.get(), &QNetworkReply::readyRead, &loop, [&] {
            if (out.body.size() + reply->bytesAvailable() > maxBytes) {
                out.oversized = true;
                reply->abort();
                return;
            }
            out.body += reply->readAll();
        });
        QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
            out.timedOut = true;
            reply->abort();
        });
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (m_cancel && m_cancel->load()) {
                out.cancelled = true;
                reply->abort();
            }
        });
        timeout.start(int(std::max<qint64>(1, m_deadline.remainingTime())));
        poll.start(kCancelPollMs);
        if (!reply->isFinished()) {
            loop.exec();
        }
        if (out.timedOut || out.cancelled || out.oversized) {
            return;
        }
        if (out.body.size() + reply->bytesAvailable() > maxBytes) {
            out.oversized = true;
            return;
        }
        out.body += reply->readAll();
        out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (out.repoCommit.isEmpty()) {
            out.repoCommit = reply->rawHeader("X-Repo-Commit");
        }
        out.errorCode = reply->rawHeader("X-Error-Code");
        out.contentRange = reply->rawHeader("Content-Range");
        m_lastLocation = reply->rawHeader("Location");
        if (out.status == 0 && reply->error() != QNetworkReply::NoError) {
            switch (reply->error()) {
            case QNetworkReply::HostNotFoundError:
                out.failure = QStringLiteral("host %1 not found (offline, or a wrong "
                                             "HF_ENDPOINT?)")
                                  .arg(request.url().host());
                break;
            case QNetworkReply::ConnectionRefusedError:
                out.failure = QStringLiteral("connection refused by %1 (unreachable)")
                                  .arg(request.url().authority());
                break;
            default:
                out.failure = QStringLiteral("unreachable: %1").arg(reply->errorString());
            }
        }
    }

    const HubFetchSettings &m_settings;
    const std::atomic<bool> *m_cancel;
    QDeadlineTimer m_deadline;
    QUrl m_endpoint;
    QNetworkAccessManager m_manager;
    QByteArray m_lastLocation;
};

/// The files of a checkpoint as fetched, before they are saved.
struct Fetched {
    QByteArray config;
    std::optional<QByteArray> hfQuant;
    std::optional<QByteArray> preprocessor; ///< preprocessor_config.json (a vision tower's)
    std::optional<QByteArray> index;
    std::optional<QByteArray> header; ///< 8 + N bytes of model.safetensors
};

/// The fetch of one id: its names, URLs and error wording.
class HubRepoFetch {
  public:
    HubRepoFetch(std::string_view hubId, const HubFetchSettings &settings,
                 const std::string &cacheMiss, const std::atomic<bool> *cancel)
        : m_full(hubId), m_settings(settings), m_cacheMiss(cacheMiss), m_fetch(settings, cancel) {
        const importer::HubIdParts parts = importer::splitHubId(hubId);
        m_repo = QString::fromStdString(parts.repo);
        m_revision = QString::fromStdString(parts.revision);
    }

    /// The URL of `file` at `revision` (HUGGINGFACE_CO_URL_TEMPLATE).
    QUrl url(const QString &file, const QString &revision) const {
        return QUrl(m_settings.endpoint + '/' + m_repo + QStringLiteral("/resolve/") + revision +
                    '/' + file);
    }

    /// An error naming the id: why the local cache could not serve it, then `cause`.
    Error fail(const QString &cause) const {
        return makeError(m_full,
                         m_cacheMiss + "; fetching it from the Hub failed: " + cause.toStdString());
    }

    /// The error for a response that did not bring `file`; nullopt when it did (200 / 206) or,
    /// with `optional`, when the file does not exist (404).
    std::optional<Error> check(const Response &r, const QString &file, bool optional,
                               bool *absent = nullptr) const {
        const QString where = r.url.toString();
        if (r.cancelled) {
            return makeError("", kImportCancelled);
        }
        if (r.timedOut) {
            return fail(QStringLiteral("timed out after %1 s waiting for %2 (%3)")
                            .arg(m_fetch.timeoutMs() / 1000.0)
                            .arg(where)
                            .arg(m_settings.timeoutProblem.isEmpty()
                                     ? QStringLiteral("HOSTPLAN_HUB_TIMEOUT_S sets the limit")
                                     : m_settings.timeoutProblem));
        }
        if (!r.failure.isEmpty()) {
            return fail(where + QStringLiteral(": ") + r.failure);
        }
        if (r.oversized) {
            return fail(where + QStringLiteral(": oversized response: more bytes than %1 may "
                                               "have (a server that ignores byte ranges sends "
                                               "the whole file; HostPlan stops it)")
                                    .arg(file));
        }
        if (r.status == 200 || r.status == 206) {
            return std::nullopt;
        }
        if (r.status == 404 && optional &&
            (r.errorCode.isEmpty() || r.errorCode == "EntryNotFound")) {
            if (absent) {
                *absent = true;
            }
            return std::nullopt;
        }
        const QString code = r.errorCode.isEmpty()
                                 ? QString()
                                 : QStringLiteral(" (%1)").arg(QString::fromUtf8(r.errorCode));
        if (r.errorCode == "RepoNotFound") {
            // The Hub answers 401 for a repository it will not name to an anonymous caller.
            return fail(where + QStringLiteral(": %1%2: no such repository on %3, or a private "
                                               "one that needs HF_TOKEN")
                                    .arg(r.status)
                                    .arg(code, m_settings.endpoint));
        }
        if (r.status == 404) {
            return fail(where + QStringLiteral(": 404 not found%1: no such repository, revision "
                                               "'%2' or file %3 on %4")
                                    .arg(code, m_revision, file, m_settings.endpoint));
        }
        if (r.status == 401 || r.status == 403) {
            const QString page = m_settings.endpoint + '/' + m_repo;
            return fail(
                where +
                (m_settings.token.isEmpty()
                     ? QStringLiteral(": %1 unauthorised%2: a gated or private model; set HF_TOKEN "
                                      "(or log in with `hf auth login`) to a token of an "
                                      "account that may read it")
                           .arg(r.status)
                           .arg(code)
                     : QStringLiteral(": %1 forbidden%2 with the token from %4: accept the "
                                      "licence on the model page %3 with that account, or use "
                                      "a token that may read it")
                           .arg(r.status)
                           .arg(code, page,
                                m_settings.tokenSource.isEmpty() ? QStringLiteral("the settings")
                                                                 : m_settings.tokenSource)));
        }
        return fail(where + QStringLiteral(": HTTP status %1%2").arg(r.status).arg(code));
    }

    /// config.json and the rest (see the header); the commit in `commit`.
    Result<Fetched> run(QString &commit) {
        Fetched out;
        // config.json at the asked revision: the response names the commit.
        Response r = m_fetch.get(url(QStringLiteral("config.json"), m_revision),
                                 qint64(importer::kMaxConfigBytes));
        if (auto e = check(r, QStringLiteral("config.json"), false)) {
            return *e;
        }
        commit = QString::fromLatin1(r.repoCommit);
        if (!isCommitHash(commit)) {
            if (!isCommitHash(m_revision)) {
                return fail(r.url.toString() +
                            QStringLiteral(": malformed response: no X-Repo-Commit header with "
                                           "the commit of revision '%1'")
                                .arg(m_revision));
            }
            commit = m_revision;
        }
        out.config = r.body;
        // Every other file at that commit, so that all come from one revision.
        r = m_fetch.get(url(QStringLiteral("hf_quant_config.json"), commit),
                        qint64(importer::kMaxConfigBytes));
        bool absent = false;
        if (auto e = check(r, QStringLiteral("hf_quant_config.json"), true, &absent)) {
            return *e;
        }
        if (!absent) {
            out.hfQuant = r.body;
        }
        // The image processor's largest image, only where a modelled tower needs it
        // (import/towers.h applyPreprocessorConfig).
        if (importer::wantsPreprocessorConfig(
                std::string_view(out.config.constData(), std::size_t(out.config.size())))) {
            const QString name = QStringLiteral("preprocessor_config.json");
            r = m_fetch.get(url(name, commit), qint64(importer::kMaxConfigBytes));
            absent = false;
            if (auto e = check(r, name, true, &absent)) {
                return *e;
            }
            if (!absent) {
                out.preprocessor = r.body;
            }
        }
        const QString indexName = QStringLiteral("model.safetensors.index.json");
        r = m_fetch.get(url(indexName, commit), qint64(kMaxSafetensorsIndexBytes));
        absent = false;
        if (auto e = check(r, indexName, true, &absent)) {
            return *e;
        }
        if (!absent) {
            const auto parsed = parseSafetensorsIndex(
                std::string_view(r.body.constData(), std::size_t(r.body.size())), false);
            if (!parsed) {
                return fail(r.url.toString() + QStringLiteral(": malformed index: ") +
                            QString::fromStdString(parsed.error().toString()));
            }
            out.index = r.body;
            return out;
        }
        HOSTPLAN_TRY(header, fetchHeader(commit));
        out.header = std::move(header);
        return out;
    }

  private:
    /// The header of model.safetensors by two range requests; nullopt when there is no such
    /// file (a config-only repository).
    Result<std::optional<QByteArray>> fetchHeader(const QString &commit) {
        const QString file = QStringLiteral("model.safetensors");
        Response r = m_fetch.get(url(file, commit), 8, 0, 8);
        bool absent = false;
        if (auto e = check(r, file, true, &absent)) {
            return *e;
        }
        if (absent) {
            return std::optional<QByteArray>();
        }
        HOSTPLAN_TRY(prefix, rangeBody(r, 0, 8));
        quint64 n = 0;
        for (int i = 7; i >= 0; --i) {
            n = (n << 8) | quint8(prefix[i]);
        }
        if (n > kMaxSafetensorsHeaderBytes) {
            return fail(r.url.toString() +
                        QStringLiteral(": oversized safetensors header: its length %1 exceeds "
                                       "the %2-byte limit (corrupt or not a safetensors file)")
                            .arg(n)
                            .arg(kMaxSafetensorsHeaderBytes));
        }
        r = m_fetch.get(url(file, commit), qint64(n), 8, qint64(n));
        if (auto e = check(r, file, false)) {
            return *e;
        }
        HOSTPLAN_TRY(json, rangeBody(r, 8, qint64(n)));
        const QByteArray header = prefix + json;
        const auto parsed = parseSafetensorsHeader(
            std::string_view(header.constData(), std::size_t(header.size())));
        if (!parsed) {
            return fail(r.url.toString() + QStringLiteral(": malformed safetensors header: ") +
                        QString::fromStdString(parsed.error().toString()));
        }
        return std::optional<QByteArray>(header);
    }

    /// The body of a range response, which must be a 206 with exactly those bytes.
    Result<QByteArray> rangeBody(const Response &r, qint64 first, qint64 count) const {
        const QByteArray expected = "bytes " + QByteArray::number(first) + '-' +
                                    QByteArray::number(first + count - 1) + '/';
        if (r.status != 206 || !r.contentRange.startsWith(expected)) {
            return fail(r.url.toString() +
                        QStringLiteral(": malformed response: the server did not answer the byte "
                                       "range %1-%2 (status %3, Content-Range '%4')")
                            .arg(first)
                            .arg(first + count - 1)
                            .arg(r.status)
                            .arg(QString::fromLatin1(r.contentRange)));
        }
        if (r.body.size() != count) {
            return fail(r.url.toString() +
                        QStringLiteral(": malformed response: %1 bytes for a %2-byte range")
                            .arg(r.body.size())
                            .arg(count));
        }
        return r.body;
    }

    std::string m_full;
    QString m_repo;
    QString m_revision;
    const HubFetchSettings &m_settings;
    std::string m_cacheMiss;
    Fetch m_fetch;
};

/// Writes `files` (name -> bytes) into a temporary folder in `repoDir` and renames it to
/// `commitDir`; complete or absent. Returns "" or the failure in words.
QString saveAtomically(const QString &repoDir, const QString &commitDir,
                       const std::vector<std::pair<QString, QByteArray>> &files) {
    if (!QDir().mkpath(repoDir)) {
        return QStringLiteral("cannot create %1").arg(repoDir);
    }
    QTemporaryDir tmp(repoDir + QStringLiteral("/.partial-XXXXXX"));
    if (!tmp.isValid()) {
        return QStringLiteral("cannot create a folder in %1: %2").arg(repoDir, tmp.errorString());
    }
    for (const auto &[name, bytes] : files) {
        const auto w =
            writeFileAtomically(QDir(tmp.path()).filePath(name).toStdString(),
                                std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (!w) {
            return QString::fromStdString(w.error().toString());
        }
    }
    std::error_code ec;
    fs::rename(tmp.path().toStdString(), commitDir.toStdString(), ec);
    if (ec) {
        // Another HostPlan saved the same commit first: keep that one.
        if (QFileInfo::exists(commitDir + QStringLiteral("/config.json"))) {
            return {};
        }
        return QStringLiteral("cannot rename into %1: %2")
            .arg(commitDir, QString::fromStdString(ec.message()));
    }
    tmp.setAutoRemove(false);
    return {};
}

} // namespace

HubFetchSettings HubFetchSettings::fromEnvironment() {
    HubFetchSettings s;
    QString endpoint = qEnvironmentVariable("HF_ENDPOINT").trimmed();
    while (endpoint.endsWith('/')) {
        endpoint.chop(1);
    }
    if (!endpoint.isEmpty()) {
        s.endpoint = endpoint;
    }
    s.token = tokenFromEnvironment(s.tokenSource);
    s.offline = envTrue("HF_HUB_OFFLINE") || envTrue("TRANSFORMERS_OFFLINE");
    bool ok = false;
    const QString given = qEnvironmentVariable("HOSTPLAN_HUB_TIMEOUT_S").trimmed();
    const double seconds = given.toDouble(&ok);
    if (ok && seconds > 0 && seconds < 86400) {
        s.timeoutMs = std::max(1, int(seconds * 1000));
    } else if (qEnvironmentVariableIsSet("HOSTPLAN_HUB_TIMEOUT_S")) {
        s.timeoutProblem =
            QStringLiteral("HOSTPLAN_HUB_TIMEOUT_S='%1' is not a number of seconds above 0 and "
                           "below 86400, so the default %2 s applies")
                .arg(given.left(40))
                .arg(kDefaultHubTimeoutS);
    }
    s.cacheRoot = defaultCacheRoot();
    return s;
}

QString tokenFromEnvironment(QString &source) {
    source.clear();
    for (const char *name : {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"}) {
        const QString token = cleanToken(qEnvironmentVariable(name));
        if (!token.isEmpty()) {
            source = QString::fromLatin1(name);
            return token;
        }
    }
    const QString path =
        QString::fromStdString(importer::HubCacheEnv::fromEnvironment().tokenFile().string());
    const QFileInfo info(path);
    if (!info.isFile() || info.size() > kMaxTokenFileBytes) {
        return {};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QString token = cleanToken(QString::fromUtf8(file.read(kMaxTokenFileBytes + 1)));
    if (!token.isEmpty()) {
        source = path;
    }
    return token;
}

QString defaultCacheRoot() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
           QStringLiteral("/hostplan/hub-headers");
}

Result<fs::path> fetchHubCheckpoint(std::string_view hubId, const HubFetchSettings &settings,
                                    const std::string &cacheMiss, const std::atomic<bool> *cancel) {
    const std::string full(hubId);
    if (!importer::looksLikeHubId(hubId)) {
        return makeError(full, "not a Hugging Face Hub id (expected org/name or org/name@rev)");
    }
    const QString root = settings.cacheRoot.isEmpty() ? defaultCacheRoot() : settings.cacheRoot;
    const importer::HubIdParts parts = importer::splitHubId(hubId);
    const QString repoDir =
        root + '/' + QString::fromStdString(parts.repo).replace('/', QStringLiteral("--"));
    if (parts.revisionGiven) {
        const QString revision = QString::fromStdString(parts.revision);
        if (isCommitHash(revision) &&
            QFileInfo::exists(repoDir + '/' + revision + QStringLiteral("/config.json"))) {
            return fs::path((repoDir + '/' + revision).toStdString()); // fetched before
        }
    }
    if (settings.offline) {
        return makeError(full, cacheMiss +
                                   "; HF_HUB_OFFLINE is set, so HostPlan does not fetch "
                                   "it from " +
                                   settings.endpoint.toStdString());
    }
    // Qt Network needs an application object for its event loop (hostplan-cli has none).
    std::unique_ptr<QCoreApplication> ownApp;
    if (!QCoreApplication::instance()) {
        static int argc = 1;
        static char name[] = "hostplan";
        static char *argv[] = {name, nullptr};
        ownApp = std::make_unique<QCoreApplication>(argc, argv);
    }
    HubRepoFetch fetch(hubId, settings, cacheMiss, cancel);
    QString commit;
    HOSTPLAN_TRY(files, fetch.run(commit));
    const QString commitDir = repoDir + '/' + commit;
    if (!QFileInfo::exists(commitDir + QStringLiteral("/config.json"))) {
        std::vector<std::pair<QString, QByteArray>> out = {
            {QStringLiteral("config.json"), files.config}};
        if (files.hfQuant) {
            out.emplace_back(QStringLiteral("hf_quant_config.json"), *files.hfQuant);
        }
        if (files.preprocessor) {
            out.emplace_back(QStringLiteral("preprocessor_config.json"), *files.preprocessor);
        }
        if (files.index) {
            out.emplace_back(QStringLiteral("model.safetensors.index.json"), *files.index);
        }
        if (files.header) {
            // model.safetensors.header: the header-only shard the importer reads.
            out.emplace_back(QStringLiteral("model") +
                                 QString::fromLatin1(kHeaderOnlyShardSuffix.data(),
                                                     qsizetype(kHeaderOnlyShardSuffix.size())),
                             *files.header);
        }
        if (const QString failure = saveAtomically(repoDir, commitDir, out); !failure.isEmpty()) {
            return fetch.fail(QStringLiteral("cannot save into HostPlan's cache: ") + failure);
        }
    }
    return fs::path(commitDir.toStdString());
}

void installHubFetcher() {
    importer::setHubFetcher(
        [](std::string_view hubId, const Error &cacheMiss, const std::atomic<bool> *cancel) {
            return fetchHubCheckpoint(hubId, HubFetchSettings::fromEnvironment(), cacheMiss.message,
                                      cancel);
        });
}

} // namespace hostplan::hub
