// SPDX-License-Identifier: MIT
// The scenario's model, draft and GPU types resolved against the catalogues (plan/plan.h).
#include "plan/plan.h"

#include "engine/draftmodel.h"
#include "import/ggufimport.h"
#include "import/modelimport.h"
#include "util/textutil.h"

#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>

namespace hostplan {

namespace {

bool looksLikePath(const std::string &ref) {
    if (ref.find('/') != std::string::npos || ref.find('\\') != std::string::npos) {
        return true;
    }
    if (ref.size() > 5 && ref.compare(ref.size() - 5, 5, ".json") == 0) {
        return true;
    }
    if (isGgufModelRef(ref)) {
        return true;
    }
    std::error_code ec;
    return std::filesystem::exists(ref, ec);
}

/// What importedDraft() keeps of one reference.
struct DraftMemo {
    std::shared_ptr<const ModelSpec> spec; ///< null: the import failed with `error`
    std::string error;
    std::optional<std::filesystem::file_time_type> stamp; ///< local files' time; none = Hub id
    std::chrono::steady_clock::time_point at;             ///< when it was imported
};

/// The newest modification time of `ref` and, for a folder, of its config.json; none when
/// `ref` names no file (a Hub id, or a path that does not exist).
std::optional<std::filesystem::file_time_type> draftStamp(const std::string &ref) {
    std::error_code ec;
    const std::filesystem::path path(ref);
    auto stamp = std::filesystem::last_write_time(path, ec);
    if (ec) {
        return std::nullopt;
    }
    const auto config = std::filesystem::last_write_time(path / "config.json", ec);
    if (!ec) {
        stamp = std::max(stamp, config);
    }
    return stamp;
}

/// engine.draft given as a path or Hub id, imported once: evaluate() runs on every edit and for
/// every GPU type of a sweep, and a draft's files (or its Hub fetch, up to the fetch's timeout)
/// must not be read each time. An entry for local files is kept while their modification time
/// is unchanged; one for a Hub id (no such file: the importer's Hub cache, then the fetcher)
/// while the process runs, except that a failed import of a Hub id is tried again after
/// kDraftRetry, and a failed local import every time (a fixed file is seen at once). At most
/// kDraftMemoEntries references are kept. Thread-safe (sweeps evaluate on worker threads).
Result<std::shared_ptr<const ModelSpec>> importedDraft(const std::string &ref) {
    constexpr auto kDraftRetry = std::chrono::seconds(30);
    constexpr std::size_t kDraftMemoEntries = 16;
    static std::mutex mutex;
    static std::map<std::string, DraftMemo> memo;
    const auto stamp = draftStamp(ref);
    const auto now = std::chrono::steady_clock::now();
    {
        const std::lock_guard lock(mutex);
        const auto it = memo.find(ref);
        if (it != memo.end() && it->second.stamp == stamp &&
            (it->second.spec || (!stamp && now - it->second.at < kDraftRetry))) {
            if (it->second.spec) {
                return it->second.spec;
            }
            return makeError("engine.draft", it->second.error);
        }
    }
    // Imported outside the lock: a Hub fetch may take seconds.
    Result<ModelSpec> draft = importModelPath(ref);
    DraftMemo entry{nullptr, {}, stamp, now};
    if (draft.ok()) {
        entry.spec = std::make_shared<const ModelSpec>(std::move(draft.value()));
    } else {
        entry.error = draft.error().toString();
    }
    const std::lock_guard lock(mutex);
    if (memo.size() >= kDraftMemoEntries && memo.find(ref) == memo.end()) {
        memo.clear();
    }
    memo.insert_or_assign(ref, entry);
    if (entry.spec) {
        return entry.spec;
    }
    return makeError("engine.draft", entry.error);
}

} // namespace

Result<ModelSpec> resolveModel(const Scenario &scenario, const Catalogue &catalogue) {
    const std::string &ref = scenario.model.ref;
    if (looksLikePath(ref)) {
        auto r = importModelPath(ref);
        if (!r.ok()) {
            return makeError("model.ref", r.error().toString());
        }
        return r;
    }
    return catalogue.loadModel(ref);
}

Result<std::shared_ptr<const ModelSpec>>
resolveDraft(const Scenario &scenario, const Catalogue &catalogue, const ModelSpec &target) {
    const std::string &ref = scenario.engine.draft;
    if (ref.empty()) {
        return std::shared_ptr<const ModelSpec>();
    }
    if (asciiLower(ref) == kEagleDraft) {
        return std::shared_ptr<const ModelSpec>(
            std::make_shared<const ModelSpec>(eagleHeadSpec(target)));
    }
    if (looksLikePath(ref)) {
        return importedDraft(ref);
    }
    Result<ModelSpec> draft = catalogue.loadModel(ref);
    if (!draft.ok()) {
        return makeError("engine.draft", draft.error().toString());
    }
    return std::shared_ptr<const ModelSpec>(std::make_shared<const ModelSpec>(draft.value()));
}

Catalogue scenarioCatalogue(const Scenario &scenario, const Catalogue &catalogue) {
    if (scenario.hardware.customGpus.empty()) {
        return catalogue;
    }
    auto merged = catalogue.withGpus(scenario.hardware.customGpus, "hardware.custom_gpus");
    return merged.ok() ? std::move(merged).value() : catalogue;
}

Result<GpuSpec> scenarioGpu(const Scenario &scenario, const Catalogue &catalogue) {
    if (scenario.hardware.customGpus.empty()) {
        return catalogue.findGpu(scenario.hardware.gpu);
    }
    HOSTPLAN_TRY(withCustom,
                 catalogue.withGpus(scenario.hardware.customGpus, "hardware.custom_gpus"));
    return withCustom.findGpu(scenario.hardware.gpu);
}

} // namespace hostplan
