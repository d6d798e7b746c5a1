// SPDX-License-Identifier: MIT
// Hugging Face Hub ids ("Qwen/Qwen3-8B", "org/name@revision") resolved offline through the
// local cache that huggingface_hub writes:
//   <cache>/models--<org>--<name>/refs/<revision>      the commit hash the revision points at
//   <cache>/models--<org>--<name>/snapshots/<commit>/  config.json, index, shards (symlinks)
// where <cache> is HF_HUB_CACHE, else HF_HOME/hub, else XDG_CACHE_HOME/huggingface/hub, else
// ~/.cache/huggingface/hub (huggingface_hub constants.py). No network access here: where the
// cache lacks an id, importModelPath asks the HubFetcher the app installed (setHubFetcher).
#pragma once

#include "util/result.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace hostplan::importer {

/// The environment that decides where the cache is (empty = unset); fromEnvironment() reads it.
struct HubCacheEnv {
    std::string hfHubCache; ///< HF_HUB_CACHE
    std::string hfHome;     ///< HF_HOME
    std::string xdgCache;   ///< XDG_CACHE_HOME
    std::string home;       ///< HOME (USERPROFILE on Windows)
    std::string tokenPath;  ///< HF_TOKEN_PATH
    static HubCacheEnv fromEnvironment();
    /// The cache folder these settings select.
    std::filesystem::path cacheRoot() const;
    /// huggingface_hub's home: HF_HOME, else XDG_CACHE_HOME/huggingface, else
    /// ~/.cache/huggingface (constants.py @ ee0a4510).
    std::filesystem::path huggingFaceHome() const;
    /// The token file `hf auth login` writes: HF_TOKEN_PATH, else huggingFaceHome()/token
    /// (constants.py @ ee0a4510).
    std::filesystem::path tokenFile() const;
};

/// Whether `s` is a safe name part of a Hub id or an Ollama name: letters, digits, '-', '_' and
/// '.', not empty, not "." or ".." (so that it cannot leave the cache folder).
bool validNamePart(std::string_view s);

/// Whether `text` has the shape of a Hub id: "org/name" or "org/name@revision", with letters,
/// digits, '-', '_' and '.' in both parts (no path separators beyond the one '/').
bool looksLikeHubId(std::string_view text);

/// A Hub id's parts: "org/name@revision" -> repo "org/name", revision (default "main").
struct HubIdParts {
    std::string repo;           ///< "org/name"
    std::string revision;       ///< after '@', else "main"
    bool revisionGiven = false; ///< the id named a revision
};
/// Splits `hubId` at its first '@'; checks nothing (looksLikeHubId() does).
HubIdParts splitHubId(std::string_view hubId);

/// The snapshot folder of `hubId` in the cache: the revision after '@' (default "main") read
/// from refs/, or taken as a commit when it is one of snapshots/. Errors name the id and say
/// what is missing: the repository is not in the cache, the revision is not, or the snapshot
/// has no config.json.
Result<std::filesystem::path> resolveHubSnapshot(std::string_view hubId, const HubCacheEnv &env);

/// Fetches a Hub id that the local cache lacks over the network into a folder the importer
/// reads (config.json, the index, header-only shards). `cacheMiss` is resolveHubSnapshot's
/// error, for the message when the fetch fails too; `cancel` (may be null) stops it. Returns
/// the folder, or an error naming the id and the cause. The core has no network: the app
/// installs one (app/hub/hubfetch.h, Qt Network); a Qt-free build has none.
using HubFetcher = std::function<Result<std::filesystem::path>(
    std::string_view hubId, const Error &cacheMiss, const std::atomic<bool> *cancel)>;

/// Installs the process's HubFetcher (an empty one removes it). Call it at start-up, before
/// any import runs: imports on other threads read it without a lock.
void setHubFetcher(HubFetcher fetcher);
/// The installed HubFetcher, or an empty function.
const HubFetcher &hubFetcher();

} // namespace hostplan::importer
