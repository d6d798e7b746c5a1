// SPDX-License-Identifier: MIT
#include "import/hubcache.h"

#include "util/fileio.h"

#include "import/pathresolve.h"

#include <cstdlib>
#include <system_error>

namespace hostplan::importer {

namespace fs = std::filesystem;

namespace {

std::string envOrEmpty(const char *name) {
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

/// The first line of a small refs/ file, trimmed.
std::string readRef(const fs::path &file) {
    auto text = readRegularFile(file, 4096);
    if (!text) {
        return {};
    }
    std::string s = *text;
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) {
        s.pop_back();
    }
    return s;
}

} // namespace

bool validNamePart(std::string_view s) {
    if (s.empty() || s == "." || s == "..") {
        return false;
    }
    for (char c : s) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (!ok) {
            return false;
        }
    }
    return true;
}

HubCacheEnv HubCacheEnv::fromEnvironment() {
    HubCacheEnv e;
    e.hfHubCache = envOrEmpty("HF_HUB_CACHE");
    e.hfHome = envOrEmpty("HF_HOME");
    e.xdgCache = envOrEmpty("XDG_CACHE_HOME");
    e.home = envOrEmpty("HOME");
    if (e.home.empty()) {
        e.home = envOrEmpty("USERPROFILE");
    }
    e.tokenPath = envOrEmpty("HF_TOKEN_PATH");
    return e;
}

fs::path HubCacheEnv::huggingFaceHome() const {
    if (!hfHome.empty()) {
        return hfHome;
    }
    if (!xdgCache.empty()) {
        return fs::path(xdgCache) / "huggingface";
    }
    return fs::path(home) / ".cache" / "huggingface";
}

fs::path HubCacheEnv::cacheRoot() const {
    if (!hfHubCache.empty()) {
        return hfHubCache;
    }
    return huggingFaceHome() / "hub";
}

fs::path HubCacheEnv::tokenFile() const {
    if (!tokenPath.empty()) {
        return tokenPath;
    }
    return huggingFaceHome() / "token";
}

bool looksLikeHubId(std::string_view text) {
    const auto at = text.find('@');
    const std::string_view id = text.substr(0, at);
    const auto slash = id.find('/');
    if (slash == std::string_view::npos || id.find('/', slash + 1) != std::string_view::npos) {
        return false;
    }
    if (at != std::string_view::npos && !validNamePart(text.substr(at + 1))) {
        return false;
    }
    return validNamePart(id.substr(0, slash)) && validNamePart(id.substr(slash + 1));
}

HubIdParts splitHubId(std::string_view hubId) {
    HubIdParts p;
    const auto at = hubId.find('@');
    p.repo = std::string(hubId.substr(0, at));
    p.revisionGiven = at != std::string_view::npos;
    p.revision = p.revisionGiven ? std::string(hubId.substr(at + 1)) : std::string("main");
    return p;
}

Result<fs::path> resolveHubSnapshot(std::string_view hubId, const HubCacheEnv &env) {
    const std::string full(hubId);
    if (!looksLikeHubId(hubId)) {
        return makeError(full, "not a Hugging Face Hub id (expected org/name or org/name@rev)");
    }
    const HubIdParts parts = splitHubId(hubId);
    const std::string &id = parts.repo;
    const std::string &revision = parts.revision;
    std::string folder = "models--" + id;
    folder.replace(folder.find('/'), 1, "--");
    const fs::path root = env.cacheRoot();
    const fs::path repo = root / folder;
    std::error_code ec;
    if (!fs::is_directory(repo, ec)) {
        return makeError(full, "not in the local Hugging Face cache (" + repo.string() +
                                   "); download it with `hf download " + id +
                                   " --include '*.json'` or give a path");
    }
    std::string commit = readRef(repo / "refs" / revision);
    if (!commit.empty() && !validNamePart(commit)) {
        // A ref holds a commit hash; anything else ("../..", an absolute path) would lead the
        // snapshot path out of the cache.
        return makeError(full, (repo / "refs" / revision).string() + " holds '" +
                                   commit.substr(0, 80) + "', not a commit hash");
    }
    if (commit.empty() && fs::is_directory(repo / "snapshots" / revision, ec)) {
        commit = revision; // a commit hash given directly
    }
    if (commit.empty()) {
        return makeError(full, "revision '" + revision + "' is not in the local cache (no " +
                                   (repo / "refs" / revision).string() + ")");
    }
    const fs::path snapshot = repo / "snapshots" / commit;
    if (!fs::exists(snapshot / "config.json", ec)) {
        return makeError(full, "the cached snapshot " + snapshot.string() + " has no config.json");
    }
    return snapshot;
}

namespace {
HubFetcher &installedFetcher() {
    static HubFetcher fetcher;
    return fetcher;
}
} // namespace

void setHubFetcher(HubFetcher fetcher) {
    installedFetcher() = std::move(fetcher);
}

const HubFetcher &hubFetcher() {
    return installedFetcher();
}

} // namespace hostplan::importer
