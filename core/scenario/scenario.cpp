// SPDX-License-Identifier: MIT
#include "scenario/scenario.h"

#include "engine/llamacpp.h"
#include "util/terminaltext.h"
#include "util/textutil.h"

#include "catalogue/embeddedresources.h"
#include "catalogue/pricelist.h"
#include "util/fileio.h"
#include "util/jsonutil.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <system_error>

namespace hostplan {

namespace {

using json = nlohmann::json;

const std::map<std::string, GroupRole> &roleByName() {
    static const std::map<std::string, GroupRole> m = {
        {"embedding", GroupRole::Embedding},
        {"lm_head", GroupRole::LmHead},
        {"attention", GroupRole::Attention},
        {"dense_mlp", GroupRole::DenseMlp},
        {"shared_experts", GroupRole::SharedExperts},
        {"routed_experts", GroupRole::RoutedExperts},
        {"moe_other", GroupRole::MoeOther},
        {"norms", GroupRole::Norms},
        {"vision", GroupRole::Vision},
        {"other", GroupRole::Other},
    };
    return m;
}

using hostplan::jsonfield::checkKeys;

Result<std::optional<NumberFormat>> formatField(const json &obj, const char *key,
                                                const std::string &path) {
    HOSTPLAN_TRY(s, hostplan::jsonfield::string(obj, key, path, false));
    if (!s) {
        return std::optional<NumberFormat>{};
    }
    auto f = parseNumberFormat(*s);
    if (!f.ok()) {
        return makeError(path + "." + key, f.error().message);
    }
    return std::optional<NumberFormat>{f.value()};
}

template <typename T, typename U> void assignIf(T &dst, const std::optional<U> &v) {
    if (v) {
        dst = T(*v);
    }
}

Result<bool> parseModel(const json &o, ModelChoice &m) {
    const std::string p = "model";
    HOSTPLAN_TRY(
        k,
        checkKeys(o, p, {"ref", "weights_format", "group_formats", "kv_format", "state_format"}));
    (void)k;
    HOSTPLAN_TRY(ref, hostplan::jsonfield::string(o, "ref", p, false));
    if (ref) {
        if (ref->empty()) {
            return makeError("model.ref", "must not be empty");
        }
        m.ref = *ref;
    }
    HOSTPLAN_TRY(wf, formatField(o, "weights_format", p));
    m.weightsFormat = wf;
    HOSTPLAN_TRY(kv, formatField(o, "kv_format", p));
    if (kv && !isKvCacheFormat(*kv)) {
        return makeError("model.kv_format", "'" + kv->name() + "' " + std::string(kKvFormatsText));
    }
    assignIf(m.kvFormat, kv);
    m.kvBf16Chosen = kv && *kv == formats::bf16;
    // "auto" (or no key): the plan's engine's default for the model.
    HOSTPLAN_TRY(stText, hostplan::jsonfield::string(o, "state_format", p, false));
    m.stateFormatChosen = stText && asciiLower(*stText) != "auto";
    if (m.stateFormatChosen) {
        const auto f = parseNumberFormat(*stText);
        if (!f.ok() || (f->kind != FormatKind::FP32 && f->kind != FormatKind::BF16 &&
                        f->kind != FormatKind::FP16)) {
            return makeError("model.state_format",
                             quotedInput(*stText) +
                                 " is not a recurrent-state format (auto, fp32, bf16, fp16)");
        }
        m.stateFormat = f.value();
    }
    if (o.contains("group_formats") && !o["group_formats"].is_null()) {
        const auto &g = o["group_formats"];
        if (!g.is_object()) {
            return makeError("model.group_formats", "must be an object of role: format");
        }
        for (auto it = g.begin(); it != g.end(); ++it) {
            auto role = roleByName().find(it.key());
            if (role == roleByName().end()) {
                return makeError("model.group_formats." + it.key(), "unknown tensor group role");
            }
            HOSTPLAN_TRY(f, formatField(g, it.key().c_str(), "model.group_formats"));
            if (f) {
                m.groupFormats[role->second] = *f;
            }
        }
    }
    return true;
}

Result<bool> parseHardware(const json &o, HardwareChoice &h) {
    const std::string p = "hardware";
    HOSTPLAN_TRY(k, checkKeys(o, p,
                              {"gpu", "gpu_count", "gpus_per_node", "tp", "ep", "pp",
                               "attention_dp", "custom_gpus"}));
    (void)k;
    if (o.contains("custom_gpus")) {
        HOSTPLAN_TRY(custom, parseGpuList(o["custom_gpus"], p + ".custom_gpus"));
        // Checked against the catalogue here, so that a clash names the field at load.
        HOSTPLAN_TRY(merged, Catalogue::builtin().withGpus(custom, p + ".custom_gpus"));
        (void)merged;
        h.customGpus = std::move(custom);
    }
    HOSTPLAN_TRY(gpu, hostplan::jsonfield::string(o, "gpu", p, false));
    if (gpu) {
        if (gpu->empty()) {
            return makeError("hardware.gpu", "must not be empty");
        }
        h.gpu = *gpu;
    }
    if (o.contains("gpu_count") && o["gpu_count"].is_string()) {
        if (o["gpu_count"].get<std::string>() != "auto") {
            return makeError("hardware.gpu_count",
                             "must be \"auto\" or a whole number from 1 to 4096, got " +
                                 hostplan::jsonfield::brief(o["gpu_count"]));
        }
        h.gpuCount = 0;
    } else {
        HOSTPLAN_TRY(n, hostplan::jsonfield::integer(o, "gpu_count", p, 1, 4096, false));
        assignIf(h.gpuCount, n);
    }
    HOSTPLAN_TRY(node, hostplan::jsonfield::integer(o, "gpus_per_node", p, 0, 72, false));
    assignIf(h.gpusPerNode, node);
    HOSTPLAN_TRY(tp, hostplan::jsonfield::integer(o, "tp", p, 0, 4096, false));
    assignIf(h.tp, tp);
    HOSTPLAN_TRY(ep, hostplan::jsonfield::integer(o, "ep", p, 0, 4096, false));
    assignIf(h.ep, ep);
    HOSTPLAN_TRY(pp, hostplan::jsonfield::integer(o, "pp", p, 0, 1024, false));
    assignIf(h.pp, pp);
    HOSTPLAN_TRY(dp, hostplan::jsonfield::integer(o, "attention_dp", p, 0, 4096, false));
    assignIf(h.attentionDp, dp);
    return true;
}

Result<bool> parseEngineSection(const json &o, EngineSettings &e) {
    const std::string p = "engine";
    HOSTPLAN_TRY(
        k,
        checkKeys(o, p,
                  {"name", "memory_fraction", "state_slots_per_request", "activation_bytes_per_gpu",
                   "runtime_bytes_per_gpu", "prefill_chunk_tokens", "draft", "llamacpp_build",
                   "vllm_version", "sglang_version", "prefix_caching", "max_num_seqs", "text_only",
                   "cuda_graphs", "cuda_graph_max_bs", "moe_a2a_backend", "max_total_tokens"}));
    (void)k;
    HOSTPLAN_TRY(name, hostplan::jsonfield::string(o, "name", p, false));
    if (name) {
        auto eng = parseEngine(*name);
        if (!eng.ok()) {
            return makeError("engine.name", eng.error().message);
        }
        e.engine = eng.value();
    }
    HOSTPLAN_TRY(frac, hostplan::jsonfield::number(o, "memory_fraction", p, 0.05, 1.0, false));
    e.memoryFraction = frac;
    HOSTPLAN_TRY(slots,
                 hostplan::jsonfield::integer(o, "state_slots_per_request", p, 1, 64, false));
    if (slots) {
        e.stateSlotsPerRequest = std::uint32_t(*slots);
    } else {
        e.stateSlotsPerRequest.reset();
    }
    const std::uint64_t maxBytes = 1ull << 50; // 1 PiB: anything larger is a typo
    HOSTPLAN_TRY(
        act, hostplan::jsonfield::integer(o, "activation_bytes_per_gpu", p, 0, maxBytes, false));
    e.activationBytesPerGpu = act;
    HOSTPLAN_TRY(rt,
                 hostplan::jsonfield::integer(o, "runtime_bytes_per_gpu", p, 0, maxBytes, false));
    e.runtimeBytesPerGpu = rt;
    HOSTPLAN_TRY(chunk,
                 hostplan::jsonfield::integer(o, "prefill_chunk_tokens", p, 1, 1u << 24, false));
    e.prefillChunkTokens.reset();
    if (chunk) {
        e.prefillChunkTokens = std::uint32_t(*chunk);
    }
    HOSTPLAN_TRY(draft, hostplan::jsonfield::string(o, "draft", p, false));
    e.draft = draft.value_or(std::string());
    HOSTPLAN_TRY(build,
                 hostplan::jsonfield::integer(o, "llamacpp_build", p, 1, kLlamaMaxBuild, false));
    e.llamaCppBuild.reset();
    if (build) {
        e.llamaCppBuild = std::uint32_t(*build);
    }
    HOSTPLAN_TRY(vllm, hostplan::jsonfield::string(o, "vllm_version", p, false));
    e.vllmVersion.reset();
    if (vllm) {
        auto rules = parseVllmVersion(*vllm);
        if (!rules.ok()) {
            return makeError("engine.vllm_version", rules.error().message);
        }
        e.vllmVersion = rules.value();
    }
    HOSTPLAN_TRY(sglang, hostplan::jsonfield::string(o, "sglang_version", p, false));
    e.sglangVersion.reset();
    if (sglang) {
        auto rules = parseSglangVersion(*sglang);
        if (!rules.ok()) {
            return makeError("engine.sglang_version", rules.error().message);
        }
        e.sglangVersion = rules.value();
    }
    HOSTPLAN_TRY(prefix, hostplan::jsonfield::boolean(o, "prefix_caching", p, false));
    e.prefixCaching = prefix;
    HOSTPLAN_TRY(seqs, hostplan::jsonfield::integer(o, "max_num_seqs", p, 1, 1u << 20, false));
    e.maxNumSeqs.reset();
    if (seqs) {
        e.maxNumSeqs = std::uint32_t(*seqs);
    }
    HOSTPLAN_TRY(textOnly, hostplan::jsonfield::boolean(o, "text_only", p, false));
    e.textOnly = textOnly.value_or(false);
    HOSTPLAN_TRY(graphs, hostplan::jsonfield::boolean(o, "cuda_graphs", p, false));
    e.cudaGraphs = graphs.value_or(true);
    HOSTPLAN_TRY(graphBs, hostplan::jsonfield::integer(o, "cuda_graph_max_bs", p, 1,
                                                       kMaxCudaGraphBs, false));
    e.cudaGraphMaxBs.reset();
    if (graphBs) {
        e.cudaGraphMaxBs = std::uint32_t(*graphBs);
    }
    HOSTPLAN_TRY(capTokens, hostplan::jsonfield::integer(o, "max_total_tokens", p, 1,
                                                         kMaxTotalTokensCap, false));
    e.maxTotalTokens = capTokens;
    HOSTPLAN_TRY(a2a, hostplan::jsonfield::string(o, "moe_a2a_backend", p, false));
    e.moeA2a = MoeA2a::Default;
    if (a2a) {
        auto backend = parseMoeA2a(*a2a);
        if (!backend.ok()) {
            return makeError("engine.moe_a2a_backend", backend.error().message);
        }
        e.moeA2a = backend.value();
    }
    return true;
}

Result<bool> parseWorkload(const json &o, Workload &w) {
    const std::string p = "workload";
    HOSTPLAN_TRY(
        k, checkKeys(o, p,
                     {"context_tokens", "concurrency", "input_tokens_per_month",
                      "cached_input_tokens_per_month", "output_tokens_per_month", "hours_per_day",
                      "heavy_user_tokens_per_month", "target_seconds_per_output_token",
                      "utilisation", "input_tokens_per_request", "output_tokens_per_request",
                      "speculative_tokens", "speculative_acceptance"}));
    (void)k;
    HOSTPLAN_TRY(ctx,
                 hostplan::jsonfield::integer(o, "context_tokens", p, 1, kMaxContextTokens, false));
    assignIf(w.contextTokens, ctx);
    HOSTPLAN_TRY(conc, hostplan::jsonfield::integer(o, "concurrency", p, 1, 1000000, false));
    assignIf(w.concurrency, conc);
    const double maxTok = 1e16;
    HOSTPLAN_TRY(in, hostplan::jsonfield::number(o, "input_tokens_per_month", p, 0, maxTok, false));
    assignIf(w.inputTokensPerMonth, in);
    HOSTPLAN_TRY(
        ci, hostplan::jsonfield::number(o, "cached_input_tokens_per_month", p, 0, maxTok, false));
    assignIf(w.cachedInputTokensPerMonth, ci);
    HOSTPLAN_TRY(out,
                 hostplan::jsonfield::number(o, "output_tokens_per_month", p, 0, maxTok, false));
    assignIf(w.outputTokensPerMonth, out);
    // A workload that states its own token volumes but no cached input has none: the default
    // mix's cached billion belongs with the default volumes only.
    if (!ci && (in || out)) {
        w.cachedInputTokensPerMonth = 0;
    }
    HOSTPLAN_TRY(hpd, hostplan::jsonfield::number(o, "hours_per_day", p, 0.01, 24, false));
    assignIf(w.hoursPerDay, hpd);
    HOSTPLAN_TRY(
        heavy, hostplan::jsonfield::number(o, "heavy_user_tokens_per_month", p, 1, maxTok, false));
    assignIf(w.heavyUserTokensPerMonth, heavy);
    HOSTPLAN_TRY(tpot, hostplan::jsonfield::number(o, "target_seconds_per_output_token", p, 1e-4,
                                                   3600, false));
    assignIf(w.targetSecondsPerOutputToken, tpot);
    HOSTPLAN_TRY(util, hostplan::jsonfield::number(o, "utilisation", p, 0.001, 1, false));
    assignIf(w.utilisation, util);
    HOSTPLAN_TRY(isl, hostplan::jsonfield::integer(o, "input_tokens_per_request", p, 0,
                                                   kMaxContextTokens, false));
    if (isl) {
        w.inputTokensPerRequest = *isl;
    }
    HOSTPLAN_TRY(osl, hostplan::jsonfield::integer(o, "output_tokens_per_request", p, 1,
                                                   kMaxContextTokens, false));
    if (osl) {
        w.outputTokensPerRequest = *osl;
    }
    HOSTPLAN_TRY(spec, hostplan::jsonfield::integer(o, "speculative_tokens", p, 0, 16, false));
    if (spec) {
        w.speculativeTokens = std::uint32_t(*spec);
    }
    HOSTPLAN_TRY(acc, hostplan::jsonfield::number(o, "speculative_acceptance", p, 0, 0.99, false));
    assignIf(w.speculativeAcceptance, acc);
    return true;
}

Result<bool> parsePricing(const json &o, PricingChoice &c) {
    const std::string p = "pricing";
    HOSTPLAN_TRY(k,
                 checkKeys(o, p,
                           {"usd_per_gpu_hour", "api_price_id", "api_input_usd_per_mtok",
                            "api_cached_input_usd_per_mtok", "api_output_usd_per_mtok", "api_batch",
                            "hours_per_month", "api_prices", "max_price_age_days", "offers"}));
    (void)k;
    HOSTPLAN_TRY(rate, hostplan::jsonfield::number(o, "usd_per_gpu_hour", p, 0, 1e4, false));
    c.usdPerGpuHour = rate;
    HOSTPLAN_TRY(api, hostplan::jsonfield::string(o, "api_price_id", p, false));
    assignIf(c.apiPriceId, api);
    HOSTPLAN_TRY(in, hostplan::jsonfield::number(o, "api_input_usd_per_mtok", p, 0, 1e4, false));
    c.apiInputUsdPerMTok = in;
    HOSTPLAN_TRY(ci,
                 hostplan::jsonfield::number(o, "api_cached_input_usd_per_mtok", p, 0, 1e4, false));
    c.apiCachedInputUsdPerMTok = ci;
    HOSTPLAN_TRY(out, hostplan::jsonfield::number(o, "api_output_usd_per_mtok", p, 0, 1e4, false));
    c.apiOutputUsdPerMTok = out;
    HOSTPLAN_TRY(hpm, hostplan::jsonfield::number(o, "hours_per_month", p, 1, 744, false));
    assignIf(c.hoursPerMonth, hpm);
    HOSTPLAN_TRY(batch, hostplan::jsonfield::boolean(o, "api_batch", p, false));
    assignIf(c.apiBatch, batch);
    HOSTPLAN_TRY(age, hostplan::jsonfield::integer(o, "max_price_age_days", p, 1, 36500, false));
    if (age) {
        c.maxPriceAgeDays = std::uint32_t(*age);
    }
    c.apiPrices.clear();
    if (o.contains("api_prices")) {
        const json &list = o["api_prices"];
        if (!list.is_array()) {
            return makeError(p + ".api_prices", "must be a list of price entries");
        }
        if (list.size() > kMaxPriceListEntries) {
            return makeError(p + ".api_prices", std::to_string(list.size()) +
                                                    " entries; a price list holds at most " +
                                                    std::to_string(kMaxPriceListEntries));
        }
        // Ids seen so far, lowercased: one look-up per entry, so that a long price list stays
        // linear (a scan of the earlier entries made 20,000 entries take minutes).
        std::set<std::string> ids;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = p + ".api_prices[" + std::to_string(i) + "]";
            HOSTPLAN_TRY(price, parseApiPrice(list[i], path));
            if (!ids.insert(asciiLower(price.id)).second) {
                return makeError(path + ".id", "duplicate id '" + price.id + "'");
            }
            c.apiPrices.push_back(std::move(price));
        }
    }
    c.offers.clear();
    if (o.contains("offers")) {
        HOSTPLAN_TRY(offers, parseOfferList(o["offers"], p + ".offers"));
        for (RentalOffer &offer : offers) {
            offer.userEntered = true;
        }
        c.offers = std::move(offers);
    }
    return true;
}

} // namespace

Result<Scenario> parseScenario(std::string_view jsonText, bool checkRequestLengths) {
    HOSTPLAN_TRY(doc, hostplan::jsonfield::parse(jsonText, "scenario"));
    if (!doc.is_object()) {
        return makeError("scenario",
                         "must be a JSON object, got " + hostplan::jsonfield::brief(doc));
    }
    HOSTPLAN_TRY(k, checkKeys(doc, "",
                              {"schema_version", "name", "model", "hardware", "engine", "workload",
                               "pricing"}));
    (void)k;
    Scenario s;
    HOSTPLAN_TRY(ver, hostplan::jsonfield::integer(doc, "schema_version", "", 1, 1000, true));
    if (*ver > std::uint64_t(kScenarioSchemaVersion)) {
        return makeError("schema_version", "version " + std::to_string(*ver) +
                                               " is newer than this HostPlan understands (" +
                                               std::to_string(kScenarioSchemaVersion) + ")");
    }
    HOSTPLAN_TRY(name, hostplan::jsonfield::string(doc, "name", "", false));
    // A title, printed on every report page: a megabyte of it took the PDF's text layout
    // minutes.
    constexpr std::size_t kMaxNameChars = 1000;
    if (name && name->size() > kMaxNameChars) {
        return makeError("name", "longer than " + std::to_string(kMaxNameChars) + " characters (" +
                                     std::to_string(name->size()) + ")");
    }
    if (name) {
        // A title for the PDF and a cell in the CSV: a NUL, an escape sequence or a line break
        // would garble both (a shared scenario could colour a terminal or fake a CSV row).
        const auto bad = std::find_if(name->begin(), name->end(), [](char c) {
            return (static_cast<unsigned char>(c) < 0x20) || c == 0x7f;
        });
        if (bad != name->end()) {
            return makeError("name", "holds a control character (code " +
                                         std::to_string(int(static_cast<unsigned char>(*bad))) +
                                         " at byte " + std::to_string(bad - name->begin()) +
                                         "); use plain text");
        }
        // C1 controls, bidi formatting characters and line separators reorder, hide or break
        // text in the PDF title: a shared file's name could read differently from its bytes.
        if (const DisplayControl c = firstDisplayControl(*name); c.codePoint) {
            char code[16];
            std::snprintf(code, sizeof code, "U+%04X", unsigned(c.codePoint));
            return makeError("name", std::string("holds a ") + c.what + " (" + code + " at byte " +
                                         std::to_string(c.byte) + "); use plain text");
        }
    }
    assignIf(s.name, name);
    if (doc.contains("model")) {
        HOSTPLAN_TRY(r, parseModel(doc["model"], s.model));
        (void)r;
    }
    if (doc.contains("hardware")) {
        HOSTPLAN_TRY(r, parseHardware(doc["hardware"], s.hardware));
        (void)r;
    }
    if (doc.contains("engine")) {
        HOSTPLAN_TRY(r, parseEngineSection(doc["engine"], s.engine));
        (void)r;
    }
    if (doc.contains("workload")) {
        HOSTPLAN_TRY(r, parseWorkload(doc["workload"], s.workload));
        (void)r;
    }
    if (doc.contains("pricing")) {
        HOSTPLAN_TRY(r, parsePricing(doc["pricing"], s.pricing));
        (void)r;
    }
    // TP x PP on more GPUs is that many data-parallel replicas (plan.cpp); it must divide them.
    if (s.hardware.tp && s.hardware.pp && s.hardware.gpuCount &&
        s.hardware.gpuCount % (s.hardware.tp * s.hardware.pp) != 0) {
        return makeError("hardware.gpu_count",
                         "tp x pp = " + std::to_string(s.hardware.tp * s.hardware.pp) +
                             " does not divide gpu_count " + std::to_string(s.hardware.gpuCount) +
                             " (one copy of the model takes tp x pp GPUs; a multiple of it is "
                             "that many data-parallel replicas)");
    }
    if (auto e = checkRequestLengths ? requestLengthProblem(s.workload) : std::nullopt) {
        return *e;
    }
    return s;
}

std::optional<Error> requestLengthProblem(const Workload &w) {
    if (!w.inputTokensPerRequest && !w.outputTokensPerRequest) {
        return std::nullopt;
    }
    const std::uint64_t in = w.inputTokensPerRequest.value_or(0);
    const std::uint64_t out = w.outputTokensPerRequest.value_or(1);
    if (in + out <= w.contextTokens) {
        return std::nullopt;
    }
    return Error{w.outputTokensPerRequest ? "workload.output_tokens_per_request"
                                          : "workload.input_tokens_per_request",
                 std::to_string(in) + " input + " + std::to_string(out) +
                     " output tokens per request exceed the context of " +
                     std::to_string(w.contextTokens) +
                     " tokens (an engine refuses a request longer than its max_model_len): "
                     "shorten the requests or raise the context"};
}

Result<Scenario> loadScenarioFile(const std::filesystem::path &path, bool checkRequestLengths) {
    HOSTPLAN_TRY(text, readRegularFile(path, kMaxScenarioBytes));
    auto r = parseScenario(text, checkRequestLengths);
    if (!r.ok()) {
        return makeError(path.string() + ": " + r.error().field, r.error().message);
    }
    resolveModelPathBeside(r.value(), path);
    return r;
}

void resolveModelPathBeside(Scenario &scenario, const std::filesystem::path &scenarioFile) {
    // A relative model path is relative to the scenario file (as an include is to its file),
    // so a scenario and its model folder can move together; it becomes absolute here. The
    // draft model (engine.draft) is imported like model.ref, so its path follows the same rule.
    for (std::string *ref : {&scenario.model.ref, &scenario.engine.draft}) {
        const std::filesystem::path refPath(*ref);
        if (ref->empty() || !refPath.is_relative()) {
            continue;
        }
        std::error_code ec;
        const std::filesystem::path beside = scenarioFile.parent_path() / refPath;
        if (std::filesystem::exists(beside, ec)) {
            const auto absolute = std::filesystem::absolute(beside, ec);
            if (!ec) {
                *ref = absolute.lexically_normal().string();
            }
        }
    }
}

std::string scenarioToJson(const Scenario &s) {
    nlohmann::json model = {{"ref", s.model.ref}};
    if (s.model.stateFormatChosen) {
        model["state_format"] = s.model.stateFormat.name();
    }
    // An unset bf16 stays unset, so that the checkpoint's shipped KV format still applies.
    if (kvFormatExplicit(s.model)) {
        model["kv_format"] = s.model.kvFormat.name();
    }
    if (s.model.weightsFormat) {
        model["weights_format"] = s.model.weightsFormat->name();
    }
    if (!s.model.groupFormats.empty()) {
        nlohmann::json g = nlohmann::json::object();
        for (const auto &[role, f] : s.model.groupFormats) {
            g[roleName(role)] = f.name();
        }
        model["group_formats"] = g;
    }
    nlohmann::json hw = {{"gpu", s.hardware.gpu},
                         {"gpu_count", s.hardware.gpuCount ? nlohmann::json(s.hardware.gpuCount)
                                                           : nlohmann::json("auto")},
                         {"gpus_per_node", s.hardware.gpusPerNode},
                         {"tp", s.hardware.tp},
                         {"ep", s.hardware.ep},
                         {"pp", s.hardware.pp},
                         {"attention_dp", s.hardware.attentionDp}};
    if (!s.hardware.customGpus.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const GpuSpec &g : s.hardware.customGpus) {
            list.push_back(gpuToJson(g));
        }
        hw["custom_gpus"] = list;
    }
    nlohmann::json eng = {{"name", engineName(s.engine.engine)}};
    if (s.engine.prefillChunkTokens) {
        eng["prefill_chunk_tokens"] = *s.engine.prefillChunkTokens;
    }
    if (s.engine.memoryFraction) {
        eng["memory_fraction"] = *s.engine.memoryFraction;
    }
    if (s.engine.stateSlotsPerRequest) {
        eng["state_slots_per_request"] = *s.engine.stateSlotsPerRequest;
    }
    if (s.engine.activationBytesPerGpu) {
        eng["activation_bytes_per_gpu"] = *s.engine.activationBytesPerGpu;
    }
    if (s.engine.runtimeBytesPerGpu) {
        eng["runtime_bytes_per_gpu"] = *s.engine.runtimeBytesPerGpu;
    }
    if (s.engine.llamaCppBuild) {
        eng["llamacpp_build"] = *s.engine.llamaCppBuild;
    }
    if (!s.engine.draft.empty()) {
        eng["draft"] = s.engine.draft;
    }
    if (s.engine.prefixCaching) {
        eng["prefix_caching"] = *s.engine.prefixCaching;
    }
    if (s.engine.maxNumSeqs) {
        eng["max_num_seqs"] = *s.engine.maxNumSeqs;
    }
    if (s.engine.textOnly) {
        eng["text_only"] = true;
    }
    if (!s.engine.cudaGraphs) {
        eng["cuda_graphs"] = false;
    }
    if (s.engine.cudaGraphMaxBs) {
        eng["cuda_graph_max_bs"] = *s.engine.cudaGraphMaxBs;
    }
    if (s.engine.maxTotalTokens) {
        eng["max_total_tokens"] = *s.engine.maxTotalTokens;
    }
    if (s.engine.moeA2a != MoeA2a::Default) {
        eng["moe_a2a_backend"] = std::string(moeA2aId(s.engine.moeA2a));
    }
    if (s.engine.sglangVersion) {
        eng["sglang_version"] = std::string(sglangRules(*s.engine.sglangVersion).id);
    }
    if (s.engine.vllmVersion) {
        eng["vllm_version"] = std::string(vllmRules(*s.engine.vllmVersion).id);
    }
    nlohmann::json wl = {
        {"context_tokens", s.workload.contextTokens},
        {"concurrency", s.workload.concurrency},
        {"input_tokens_per_month", s.workload.inputTokensPerMonth},
        {"cached_input_tokens_per_month", s.workload.cachedInputTokensPerMonth},
        {"output_tokens_per_month", s.workload.outputTokensPerMonth},
        {"hours_per_day", s.workload.hoursPerDay},
        {"heavy_user_tokens_per_month", s.workload.heavyUserTokensPerMonth},
        {"target_seconds_per_output_token", s.workload.targetSecondsPerOutputToken},
        {"utilisation", s.workload.utilisation}};
    if (s.workload.inputTokensPerRequest) {
        wl["input_tokens_per_request"] = *s.workload.inputTokensPerRequest;
    }
    if (s.workload.outputTokensPerRequest) {
        wl["output_tokens_per_request"] = *s.workload.outputTokensPerRequest;
    }
    if (s.workload.speculativeTokens > 0) {
        wl["speculative_tokens"] = s.workload.speculativeTokens;
        wl["speculative_acceptance"] = s.workload.speculativeAcceptance;
    }
    nlohmann::json pr = {{"api_price_id", s.pricing.apiPriceId},
                         {"hours_per_month", s.pricing.hoursPerMonth}};
    if (s.pricing.usdPerGpuHour) {
        pr["usd_per_gpu_hour"] = *s.pricing.usdPerGpuHour;
    }
    if (s.pricing.apiInputUsdPerMTok) {
        pr["api_input_usd_per_mtok"] = *s.pricing.apiInputUsdPerMTok;
    }
    if (s.pricing.apiCachedInputUsdPerMTok) {
        pr["api_cached_input_usd_per_mtok"] = *s.pricing.apiCachedInputUsdPerMTok;
    }
    if (s.pricing.apiOutputUsdPerMTok) {
        pr["api_output_usd_per_mtok"] = *s.pricing.apiOutputUsdPerMTok;
    }
    if (s.pricing.apiBatch) {
        pr["api_batch"] = true;
    }
    if (!s.pricing.offers.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const RentalOffer &o : s.pricing.offers) {
            list.push_back(offerToJson(o));
        }
        pr["offers"] = list;
    }
    // nlohmann::ordered_json keeps schema_version first for readers.
    nlohmann::ordered_json doc;
    doc["schema_version"] = s.schemaVersion;
    doc["name"] = s.name;
    doc["model"] = model;
    doc["hardware"] = hw;
    doc["engine"] = eng;
    doc["workload"] = wl;
    if (s.pricing.maxPriceAgeDays != PricingChoice{}.maxPriceAgeDays) {
        pr["max_price_age_days"] = s.pricing.maxPriceAgeDays;
    }
    if (!s.pricing.apiPrices.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const ApiPrice &price : s.pricing.apiPrices) {
            list.push_back(apiPriceToJson(price));
        }
        pr["api_prices"] = list;
    }
    doc["pricing"] = pr;
    return jsonfield::dumpText(doc, 2) + "\n";
}

Result<bool> saveScenarioFile(const Scenario &scenario, const std::filesystem::path &path) {
    return writeFileAtomically(path, scenarioToJson(scenario));
}

Scenario defaultScenario() {
    static const Scenario s = [] {
        auto r = parseScenario(embeddedResources().at("default-scenario.json"));
        return r.ok() ? r.value() : Scenario{}; // tst_scenario checks the embedded file parses
    }();
    return s;
}

bool isKvCacheFormat(const NumberFormat &format) {
    return format.kind == FormatKind::BF16 || format.kind == FormatKind::FP16 || format.isFp8();
}

std::string vllmOnlySettings(const EngineSettings &e) {
    std::vector<std::string> keys;
    if (e.prefixCaching) {
        keys.emplace_back("engine.prefix_caching");
    }
    if (e.textOnly) {
        keys.emplace_back("engine.text_only");
    }
    if (e.vllmVersion) {
        keys.emplace_back("engine.vllm_version");
    }
    std::string out;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + keys[i];
    }
    return out;
}

std::string cudaGraphBatchNote(const EngineSettings &e) {
    if (!e.cudaGraphMaxBs) {
        return {};
    }
    if (!e.cudaGraphs) {
        return "engine.cuda_graph_max_bs changes nothing with CUDA graphs off "
               "(engine.cuda_graphs false)";
    }
    if (e.engine == Engine::TensorRtLlm) {
        return "engine.cuda_graph_max_bs applies to vLLM and SGLang plans; the TensorRT-LLM plan "
               "ignores it (its graphs' batch is cuda_graph_config.max_batch_size in the YAML "
               "file passed with --extra_llm_api_options)";
    }
    return {};
}

std::string sglangOnlySettings(const EngineSettings &e) {
    return e.sglangVersion ? "engine.sglang_version" : "";
}

} // namespace hostplan
