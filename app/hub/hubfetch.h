// SPDX-License-Identifier: MIT
// Hugging Face Hub ids ("org/name", "org/name@revision") fetched over HTTP when the local
// Hugging Face cache lacks them (core/import/hubcache.h resolves the cache; this is the network
// half, with Qt Network; core stays Qt-free and reaches it through importer::setHubFetcher).
//
// What is fetched: config.json, hf_quant_config.json when the repository has one (the ModelOpt
// record the importer reads), model.safetensors.index.json when present, and without an index
// only the header of model.safetensors, by two HTTP range requests (bytes 0-7 give the header
// length N; then bytes 8..8+N-1), never the weights. With an index the shards' headers are not
// fetched: the importer sizes an indexed checkpoint from the index's metadata.total_size alone
// (core/import/modelimport.cpp), so their headers would be requests for nothing.
//
// Where it lands: HostPlan's own cache, never the user's Hugging Face cache (whose snapshots
// hold whole files that huggingface_hub would take as complete):
//   <GenericCacheLocation>/hostplan/hub-headers/<org>--<name>/<commit>/
//       config.json, [hf_quant_config.json], [model.safetensors.index.json],
//       [model.safetensors.header]   (the first 8 + N bytes of model.safetensors)
// The importer then reads that folder as it reads any checkpoint folder (header-only shards:
// core/import/safetensors.h). Files on disk rather than bytes handed to the core in memory: a
// second plan of the same commit needs no network, the folder can be looked at, and the import
// path stays the one every local checkpoint takes. Each commit folder is complete or absent: the
// files are written (each atomically) into a temporary folder beside it that is renamed into
// place only when every file is in; a failure removes the temporary folder.
//
// The Hub's protocol, as huggingface_hub speaks it (github.com/huggingface/huggingface_hub at
// commit ee0a4510f4bc15e26cb722be2efc2bdb01383ca0):
// - URLs: constants.py HUGGINGFACE_CO_URL_TEMPLATE, "{endpoint}/{repo_id}/resolve/{revision}/
//   {filename}", the endpoint from HF_ENDPOINT (default https://huggingface.co, trailing '/'
//   stripped: constants.py ENDPOINT).
// - HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) true as "1", "ON", "YES" or "TRUE" in any case
//   (constants.py _is_true, ENV_VARS_TRUE_VALUES): no network at all.
// - The token: HF_TOKEN, else HUGGING_FACE_HUB_TOKEN, else the token file that `hf auth login`
//   writes (HF_TOKEN_PATH, else $HF_HOME/token; utils/_auth.py get_token / _clean_token:
//   carriage returns and newlines removed, spaces trimmed, empty = none), sent as
//   "authorization: Bearer <token>" (utils/_headers.py build_hf_headers). It is dropped when a
//   redirect leaves the endpoint's host (httpx, whose follow_redirects huggingface_hub's downloads
//   use in utils/_http.py, strips Authorization on a redirect to another origin): the Hub answers
//   an LFS file's resolve URL with a 302 to its CDN, which must not receive the token.
// - The commit: the resolve response's X-Repo-Commit header (constants.py
//   HUGGINGFACE_HEADER_X_REPO_COMMIT; file_download.py get_hf_file_metadata), read on the
//   redirect response too, before following it; the later files are fetched at that commit so
//   they all come from one revision. ETag / X-Linked-Etag (the file's hash there) are not
//   needed: a commit folder's files never change.
// - Errors: X-Error-Code RepoNotFound (404, or 401 to an anonymous caller) / RevisionNotFound /
//   EntryNotFound / GatedRepo (utils/_http.py hf_raise_for_status); 401 without a token for a
//   gated repository, 403 with a token whose account has not accepted the model's licence.
// - Proxies: the system's configuration (QNetworkProxyFactory::systemProxyForQuery: on Linux
//   the http_proxy / https_proxy / no_proxy environment variables), as requests does for
//   huggingface_hub.
// - The header length limit is HostPlan's own kMaxSafetensorsHeaderBytes (100 MB, the
//   safetensors reader's cap); huggingface_hub's hf_api.py refuses above 25 MB
//   (constants.py SAFETENSORS_MAX_HEADER_LENGTH) for the same range-request reading.
#pragma once

#include "util/result.h"

#include <QString>

#include <atomic>
#include <filesystem>
#include <string>
#include <string_view>

namespace hostplan::hub {

/// The default timeout of one whole fetch (all its requests together), in seconds.
inline constexpr int kDefaultHubTimeoutS = 20;

/// What a fetch needs from the environment; fromEnvironment() reads it, tests set it directly.
struct HubFetchSettings {
    QString endpoint = QStringLiteral("https://huggingface.co"); ///< HF_ENDPOINT, no trailing '/'
    QString token;        ///< the Hub token ("" = none); see tokenFromEnvironment()
    QString tokenSource;  ///< where the token came from, for messages ("HF_TOKEN", a file path)
    bool offline = false; ///< HF_HUB_OFFLINE / TRANSFORMERS_OFFLINE true: no network at all
    int timeoutMs = kDefaultHubTimeoutS * 1000; ///< HOSTPLAN_HUB_TIMEOUT_S (seconds, > 0)
    /// Why HOSTPLAN_HUB_TIMEOUT_S was not taken when it is set but not a number of seconds
    /// above 0 and below a day ("" when unset or taken); a timeout message repeats it.
    QString timeoutProblem;
    QString cacheRoot; ///< the hub-headers folder; defaultCacheRoot() unless set
    /// The settings the process's environment gives.
    static HubFetchSettings fromEnvironment();
};

/// The largest token file read, in bytes (a Hub token is under 100 bytes); a larger file, or
/// one that is not a regular file, is not read and gives no token.
inline constexpr qint64 kMaxTokenFileBytes = 16 * 1024;

/// The token huggingface_hub would send (utils/_auth.py @ ee0a4510): HF_TOKEN, else
/// HUGGING_FACE_HUB_TOKEN, else the token file (importer::HubCacheEnv::tokenFile()), each
/// cleaned as _clean_token does; `source` is set to the variable's name or the file's path.
/// Returns "" (and leaves `source` empty) when there is none.
QString tokenFromEnvironment(QString &source);

/// <GenericCacheLocation>/hostplan/hub-headers (on Linux ~/.cache/hostplan/hub-headers, or
/// under XDG_CACHE_HOME).
QString defaultCacheRoot();

/// Fetches `hubId` ("org/name[@revision]", revision default "main") into the cache (see the
/// file comment) and returns its commit folder. A revision that is a 40-digit commit already in
/// the cache is returned without any request (offline too). `cacheMiss` is why the local Hugging
/// Face cache could not serve it, quoted in the errors. `cancel` (may be null) is looked at every
/// 50 ms. Errors (field: the id) name the URL and the cause: offline (HF_HUB_OFFLINE), host not
/// found, connection refused, timed out (after how long), 404 (no such repository / revision /
/// file), 401 / 403 (gated: set HF_TOKEN / accept the licence on the model page), a malformed or
/// oversized response, a cache folder that cannot be written. Nothing is left in the cache on
/// an error. Runs a local event loop on the calling thread (any thread; a QCoreApplication is
/// created for the call when the process has none).
Result<std::filesystem::path> fetchHubCheckpoint(std::string_view hubId,
                                                 const HubFetchSettings &settings,
                                                 const std::string &cacheMiss,
                                                 const std::atomic<bool> *cancel = nullptr);

/// Installs fetchHubCheckpoint with HubFetchSettings::fromEnvironment() as the core's
/// importer::HubFetcher, so that importModelPath and the plan resolve Hub ids over the network.
/// Call once at start-up (hostplan-cli and the GUI do).
void installHubFetcher();

} // namespace hostplan::hub
