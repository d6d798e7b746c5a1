// SPDX-License-Identifier: MIT
#include "cli/cli.h"

#include "cli/cardfitcli.h"
#include "cli/listcli.h"
#include "cli/llamacppcli.h"
#include "cli/options.h"

#include "catalogue/catalogue.h"
#include "catalogue/pricelist.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "scenario/scenario.h"
#include "probecalibration.h"
#include "engine/servecommand.h"
#include "sizing/throughput.h"
#include "util/numbertext.h"
#include "util/terminaltext.h"
#include "util/textutil.h"
#include "util/units.h"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace hostplan::cli {

namespace {

/// Append `added` to `own`; an entry with the id of an earlier one replaces it (price lists
/// and offer files given later win). Ids compare ignoring ASCII case, as the scenario and
/// catalogue parsers do (which refuse "P1" beside "p1"). Linear in the entries: one set
/// look-up per entry, never a scan of the list per entry. The last added entry of an id is kept.
template <typename Entry> void mergeById(std::vector<Entry> &own, std::vector<Entry> added) {
    std::map<std::string, std::size_t> lastAdded;
    for (std::size_t i = 0; i < added.size(); ++i) {
        lastAdded[asciiLower(added[i].id)] = i;
    }
    std::erase_if(own, [&](const Entry &e) { return lastAdded.count(asciiLower(e.id)) != 0; });
    for (std::size_t i = 0; i < added.size(); ++i) {
        if (lastAdded.at(asciiLower(added[i].id)) == i) {
            own.push_back(std::move(added[i]));
        }
    }
}

/// Whether `a` types a price in USD (per GPU-hour or per 1M API tokens): the scenario's
/// pricing fields take 0 to 10,000 (scenario.cpp), so the option's own check says that range.
bool isPriceOption(const std::string &a) {
    return a == "--usd-per-gpu-hour" || a == "--api-input-usd-per-mtok" ||
           a == "--api-cached-input-usd-per-mtok" || a == "--api-output-usd-per-mtok";
}

/// scenarioFromArgs with its error printed as the CLI's one line; false on error.
bool scenarioOrError(const std::vector<std::string> &args, Scenario &scenario,
                     std::vector<std::string> &rest, std::ostream &err) {
    const std::string e = scenarioFromArgs(args, scenario, rest);
    if (!e.empty()) {
        err << "hostplan-cli: " << e << "\n";
        return false;
    }
    for (const EngineOnlyOption &only : kEngineOnlyOptions) {
        if (std::find(args.begin(), args.end(), only.option) != args.end() &&
            engineName(scenario.engine.engine) != only.engine) {
            warnEngineOnly(err, only, engineInfo(scenario.engine.engine).displayName);
        }
    }
    return true;
}

int cmdPlan(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    if (wantsLlamaCpp(args)) {
        return cmdLlamaCpp(args, false, out, err);
    }
    Scenario scenario = defaultScenario();
    std::vector<std::string> rest;
    if (!scenarioOrError(args, scenario, rest, err)) {
        return kExitUsage;
    }
    bool json = false;
    bool failIfNoFit = false;
    std::string probeReport;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string &a = rest[i];
        if (a == "--json") {
            json = true;
        } else if (a == "--fail-if-no-fit") {
            failIfNoFit = true;
        } else if (a == "--probe-report") {
            if (i + 1 >= rest.size() || rest[i + 1].empty()) {
                err << "hostplan-cli: --probe-report: "
                    << (i + 1 >= rest.size() ? "missing file name" : "no file name given") << "\n";
                return kExitUsage;
            }
            probeReport = rest[++i];
        } else {
            err << "hostplan-cli: " << unknownPlanOptionText(a) << "\n";
            return kExitUsage;
        }
    }
    auto plan = evaluate(scenario);
    if (!plan.ok()) {
        err << "hostplan-cli: " << evaluationError(plan.error(), args) << "\n";
        return kExitUsage;
    }
    if (!probeReport.empty()) {
        auto report = probe::loadReportFile(probeReport);
        if (!report.ok()) {
            err << "hostplan-cli: --probe-report: " << report.error().toString() << "\n";
            return kExitUsage;
        }
        // The scenario's own GPU types are known to the probe too (a card the catalogue lacks).
        const Catalogue types = scenarioCatalogue(scenario);
        if (const std::string why = probe::implausibleMeasurement(report.value(), types);
            !why.empty()) {
            err << "hostplan-cli: --probe-report: " << probeReport << ": " << why << "\n";
            return kExitUsage;
        }
        const auto cal = probe::calibrationFromReport(report.value(), types);
        if (!cal) {
            err << "hostplan-cli: --probe-report: " << probeReport
                << " holds no bandwidth or kernel measurement to calibrate with\n";
            return kExitUsage;
        }
        // A measurement calibrates only the GPU type it was taken on.
        const std::string device = probe::probedDeviceName(report.value());
        const auto probed = probe::catalogueGpuFor(device, types);
        if (probed && probed->id == plan->gpu.id) {
            calibrate(plan.value(), *cal);
        } else {
            err << "hostplan-cli: note: the probe report is from "
                << (device.empty() ? "an unknown GPU" : device) << ", the plan is for "
                << plan->gpu.name << ": speed figures stay uncalibrated\n";
        }
    }
    if (json) {
        out << planToJsonText(plan.value(), todayIsoDate());
    } else {
        writePlanText(plan.value(), out, todayIsoDate());
    }
    return failIfNoFit && !plan->fit.fits ? kExitNoFit : kExitOk;
}

/// serve-cmd: the vLLM, SGLang, TensorRT-LLM and llama-server launch lines for the plan, each
/// flag explained (serveCommandsText, the text of the GUI's Deploy tab and the report).
int cmdServe(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    if (wantsLlamaCpp(args)) {
        return cmdLlamaCpp(args, true, out, err);
    }
    Scenario scenario = defaultScenario();
    std::vector<std::string> rest;
    if (!scenarioOrError(args, scenario, rest, err)) {
        return kExitUsage;
    }
    bool failIfNoFit = false;
    for (const auto &a : rest) {
        if (a == "--fail-if-no-fit") {
            failIfNoFit = true;
        } else {
            err << "hostplan-cli: " << unknownPlanOptionText(a) << "\n";
            return kExitUsage;
        }
    }
    auto plan = evaluate(scenario);
    if (!plan.ok()) {
        err << "hostplan-cli: " << evaluationError(plan.error(), args) << "\n";
        return kExitUsage;
    }
    if (plan->fit.startsShort) {
        err << "hostplan-cli: note: the engine starts but holds fewer sequences at once than the "
               "workload's concurrency (the rest queue)\n";
    } else if (!plan->fit.fits) {
        err << "hostplan-cli: warning: the plan does not fit; these commands will not start or "
               "will cap every request below the context\n";
    }
    if (!plan->fit.fits && failIfNoFit) {
        return kExitNoFit;
    }
    out << serveCommandsText(plan.value(), Catalogue::builtin());
    return kExitOk;
}

} // namespace

std::string scenarioFromArgs(const std::vector<std::string> &args, Scenario &scenario,
                             std::vector<std::string> &rest) {
    static const std::set<std::string> valued = {"--scenario",
                                                 "--model",
                                                 "--weights-format",
                                                 "--kv-format",
                                                 "--state-format",
                                                 "--gpu",
                                                 "--gpu-count",
                                                 "--context",
                                                 "--concurrency",
                                                 "--input-tokens-per-request",
                                                 "--output-tokens-per-request",
                                                 "--tp",
                                                 "--pp",
                                                 "--ep",
                                                 "--attention-dp",
                                                 "--usd-per-gpu-hour",
                                                 "--hours-per-day",
                                                 "--gpus-per-node",
                                                 "--output-tokens-per-month",
                                                 "--input-tokens-per-month",
                                                 "--cached-input-tokens-per-month",
                                                 "--api-price",
                                                 "--prices",
                                                 "--max-price-age-days",
                                                 "--api-input-usd-per-mtok",
                                                 "--api-cached-input-usd-per-mtok",
                                                 "--api-output-usd-per-mtok",
                                                 "--utilisation",
                                                 "--target-ms-per-token",
                                                 "--heavy-user-tokens-per-month",
                                                 "--offers",
                                                 "--gpu-file"};
    bool layoutGiven = false;
    bool countGiven = false;
    bool nodeGiven = false;
    bool hardwareChanged = false;
    bool scenarioGiven = false;
    bool volumeGiven = false; // --input- or --output-tokens-per-month
    bool cachedGiven = false;
    for (const auto &a : args) {
        scenarioGiven |= a == "--scenario";
        volumeGiven |= a == "--input-tokens-per-month" || a == "--output-tokens-per-month";
        cachedGiven |= a == "--cached-input-tokens-per-month";
        layoutGiven |= a == "--tp" || a == "--ep" || a == "--pp" || a == "--attention-dp";
        countGiven |= a == "--gpu-count";
        nodeGiven |= a == "--gpus-per-node";
    }
    // --scenario first, so that other options override the file.
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--scenario") {
            if (i + 1 >= args.size()) {
                return "--scenario: missing file name";
            }
            if (args[i + 1].empty()) {
                return "--scenario: no file name given (an empty path)";
            }
            // The request lengths against the context once the options have overridden them
            // (validate below).
            auto s = loadScenarioFile(args[i + 1], false);
            if (!s.ok()) {
                return s.error().toString();
            }
            scenario = s.value();
        }
    }
    // Then the user's GPU types, so that --gpu and --offers may name them whatever the order.
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--gpu-file") {
            if (const std::string e = addGpuFile(args[i + 1], scenario.hardware.customGpus);
                !e.empty()) {
                return "--gpu-file: " + e;
            }
        }
    }
    auto merged =
        Catalogue::builtin().withGpus(scenario.hardware.customGpus, "hardware.custom_gpus");
    if (!merged.ok()) {
        return merged.error().toString();
    }
    const Catalogue &types = merged.value();
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--api-batch") {
            // Offline workload: compare with the providers' batch prices where published.
            scenario.pricing.apiBatch = true;
            continue;
        }
        if (!valued.count(a) && !isEngineOption(a) && !isSpeculationOption(a)) {
            rest.push_back(a);
            continue;
        }
        if (i + 1 >= args.size()) {
            return a + ": missing value";
        }
        const std::string &v = args[++i];
        std::uint64_t n = 0;
        double d = 0;
        if (a == "--scenario" || a == "--gpu-file") {
            continue;
        } else if (a == "--offers") {
            auto offers = loadOffersFile(v);
            if (!offers.ok()) {
                return a + ": " + offers.error().toString();
            }
            auto known = types.checkOfferGpus(offers.value(), v + ": offers");
            if (!known.ok()) {
                return a + ": " + known.error().toString();
            }
            mergeById(scenario.pricing.offers, std::move(offers).value());
        } else if (a == "--model") {
            scenario.model.ref = v;
            scenario.pricing.apiPriceId.clear(); // the new model's own API, if any
            hardwareChanged = true;
        } else if (a == "--kv-format" && asciiLower(v) == "auto") {
            // The engines' --kv-cache-dtype auto: the plan's dtype, as with no --kv-format.
            scenario.model.kvFormat = formats::bf16;
            scenario.model.kvBf16Chosen = false;
        } else if (a == "--weights-format" || a == "--kv-format") {
            auto f = parseNumberFormat(v);
            if (!f.ok()) {
                return a == "--kv-format"
                           ? a + ": " + quotedInput(v) + " " + std::string(kKvFormatsText)
                           : a + ": " + f.error().message;
            }
            if (a == "--kv-format") {
                if (!isKvCacheFormat(f.value())) {
                    return a + ": " + quotedInput(v) + " " + std::string(kKvFormatsText);
                }
                scenario.model.kvFormat = f.value();
                scenario.model.kvBf16Chosen = f.value() == formats::bf16;
            } else {
                scenario.model.weightsFormat = f.value();
            }
        } else if (a == "--state-format" && asciiLower(v) == "auto") {
            // The plan's engine's default for the model (PlanResult::stateFormatNote).
            scenario.model.stateFormatChosen = false;
        } else if (a == "--state-format") {
            auto f = parseNumberFormat(v);
            if (!f.ok() || (f->kind != FormatKind::FP32 && f->kind != FormatKind::BF16 &&
                            f->kind != FormatKind::FP16)) {
                return a + ": " + quotedInput(v) +
                       " is not a recurrent-state format (auto, fp32, bf16, fp16)";
            }
            scenario.model.stateFormat = f.value();
            scenario.model.stateFormatChosen = true;
        } else if (a == "--gpu") {
            auto g = types.findGpu(v);
            if (!g.ok()) {
                return a + ": " + g.error().message;
            }
            scenario.hardware.gpu = g->id;
            if (!nodeGiven) {
                scenario.hardware.gpusPerNode = 0; // the new GPU's own node size
            }
            hardwareChanged = true;
        } else if (a == "--gpu-count") {
            if (v == "auto") {
                scenario.hardware.gpuCount = 0;
            } else if (!parseUint(v, n) || n == 0 || n > 4096) {
                return a + ": must be 'auto' or a whole number from 1 to 4096, got " +
                       quotedInput(v);
            } else {
                scenario.hardware.gpuCount = std::uint32_t(n);
            }
            hardwareChanged = true;
        } else if (a == "--tp" || a == "--pp" || a == "--ep" || a == "--attention-dp" ||
                   a == "--gpus-per-node") {
            const std::uint64_t most = a == "--pp" ? 1024 : a == "--gpus-per-node" ? 72 : 4096;
            if (asciiLower(v) == "auto") {
                n = 0; // chosen, as the help's "default auto" says
            } else if (!parseUint(v, n) || n > most) {
                return a + ": must be a whole number from 0 (chosen) to " + std::to_string(most) +
                       ", got " + quotedInput(v);
            }
            (a == "--tp"             ? scenario.hardware.tp
             : a == "--pp"           ? scenario.hardware.pp
             : a == "--ep"           ? scenario.hardware.ep
             : a == "--attention-dp" ? scenario.hardware.attentionDp
                                     : scenario.hardware.gpusPerNode) = std::uint32_t(n);
        } else if (a == "--context") {
            if (!parseUint(v, n) || n == 0 || n > kMaxContextTokens) {
                return a + ": must be from 1 to " + std::to_string(kMaxContextTokens) +
                       " tokens (k = 1024 and M = 1024^2 suffixes allowed), got " + quotedInput(v);
            }
            scenario.workload.contextTokens = n;
        } else if (a == "--concurrency") {
            if (!parseUint(v, n) || n == 0 || n > 1000000) {
                return a + ": must be a whole number from 1 to 1000000, got " + quotedInput(v);
            }
            scenario.workload.concurrency = std::uint32_t(n);
        } else if (a == "--input-tokens-per-request" || a == "--output-tokens-per-request") {
            const bool input = a == "--input-tokens-per-request";
            if (!parseUint(v, n) || n < (input ? 0u : 1u) || n > kMaxContextTokens) {
                return a + ": must be a whole number from " + (input ? "0" : "1") + " to " +
                       std::to_string(kMaxContextTokens) + " tokens, got " + quotedInput(v);
            }
            (input ? scenario.workload.inputTokensPerRequest
                   : scenario.workload.outputTokensPerRequest) = n;
        } else if (isEngineOption(a)) {
            if (std::string e = applyEngineOption(a, v, scenario.engine); !e.empty()) {
                return e;
            }
        } else if (isSpeculationOption(a)) {
            if (std::string e = applySpeculationOption(a, v, scenario.workload); !e.empty()) {
                return e;
            }
        } else if (a == "--api-price") {
            // "cheapest" undoes a scenario's pin (the default scenario pins its article's price).
            scenario.pricing.apiPriceId = asciiLower(v) == "cheapest" ? std::string() : v;
        } else if (a == "--prices") {
            // A price list the user brought: its entries join the scenario's own (an entry
            // with the id of an earlier one replaces it).
            auto list = loadPriceListFile(v);
            if (!list.ok()) {
                return a + ": " + list.error().toString();
            }
            mergeById(scenario.pricing.apiPrices, std::move(list).value());
        } else if (a == "--max-price-age-days") {
            if (!parseUint(v, n) || n == 0 || n > 36500) {
                return a + ": must be a whole number of days from 1 to 36500, got " +
                       quotedInput(v);
            }
            scenario.pricing.maxPriceAgeDays = std::uint32_t(n);
        } else {
            if (!parseDouble(v, d) || d < 0) {
                // Options with a narrower range than any number >= 0 say so from the start.
                return a +
                       (a == "--target-ms-per-token"
                            ? std::string(": must be between 0.1 and 3,600,000 ms, got ")
                        : a == "--utilisation"
                            ? std::string(": must be between 0.001 and 1.0, got ")
                        : a == "--hours-per-day"
                            ? std::string(": must be between 0.01 and 24.0, got ")
                        : isPriceOption(a)
                            ? std::string(": must be between 0.0 and 10000.0, got ")
                            : std::string(": must be a finite number of 0 or more, got ")) +
                       quotedInput(v);
            }
            if (a == "--usd-per-gpu-hour") {
                scenario.pricing.usdPerGpuHour = d + 0.0; // -0 is 0 ("$-0.00" otherwise)
            } else if (a == "--api-input-usd-per-mtok") {
                scenario.pricing.apiInputUsdPerMTok = d;
            } else if (a == "--api-cached-input-usd-per-mtok") {
                scenario.pricing.apiCachedInputUsdPerMTok = d;
            } else if (a == "--api-output-usd-per-mtok") {
                scenario.pricing.apiOutputUsdPerMTok = d;
            } else if (a == "--utilisation") {
                scenario.workload.utilisation = d;
            } else if (a == "--target-ms-per-token") {
                if (!(d >= 0.1 && d <= 3.6e6)) { // in ms; the scenario's range is in seconds
                    return a + ": must be between 0.1 and 3,600,000 ms, got " + quotedInput(v);
                }
                scenario.workload.targetSecondsPerOutputToken = d / 1000.0;
            } else if (a == "--heavy-user-tokens-per-month") {
                scenario.workload.heavyUserTokensPerMonth = d;
            } else if (a == "--hours-per-day") {
                scenario.workload.hoursPerDay = d;
            } else if (a == "--output-tokens-per-month") {
                scenario.workload.outputTokensPerMonth = d;
            } else if (a == "--input-tokens-per-month") {
                scenario.workload.inputTokensPerMonth = d;
            } else {
                scenario.workload.cachedInputTokensPerMonth = d;
            }
        }
        if (hardwareChanged && !layoutGiven) {
            // A layout chosen for another model, GPU or count rarely carries over: auto.
            scenario.hardware.tp = scenario.hardware.ep = scenario.hardware.pp = 0;
            scenario.hardware.attentionDp = 0;
        }
        if ((a == "--model" || a == "--gpu") && !countGiven) {
            scenario.hardware.gpuCount = 0; // nor does a count: the practical one
        }
    }
    // The default scenario's billion cached tokens go with its own volumes only (as a scenario
    // file's workload that gives volumes and no cached volume has none).
    if (!scenarioGiven && volumeGiven && !cachedGiven) {
        scenario.workload.cachedInputTokensPerMonth = 0;
    }
    if (const std::string e = validate(scenario, args); !e.empty()) {
        return e;
    }
    if (hardwareChanged) {
        scenario.name.clear(); // named after the plan by the caller
    }
    return {};
}

std::string usage() {
    return R"(hostplan-cli: size, fit and cost a self-hosted LLM deployment

Usage:
  hostplan-cli plan [options] [--json] [--fail-if-no-fit] [--probe-report FILE]
                                 (a probe report calibrates the speed figures)
  hostplan-cli serve-cmd [options] [--fail-if-no-fit]
                                 vLLM, SGLang, TensorRT-LLM and llama-server launch
                                 commands for the plan, each flag's derivation as a
                                 comment (the GUI's Deploy tab shows the same text)
  hostplan-cli models            models in the catalogue
  hostplan-cli gpus [--gpu-file FILE]   GPUs in the catalogue (and in FILE)
  hostplan-cli card-fit [--gpu NAME] [--host NAME] [--model M ...]   what fits one card
                                 under llama.cpp: each model at q4_K, q5_K, q8_0, f16
  hostplan-cli report --scenario FILE -o OUT.pdf [--page-size a4|letter]
                     [--probe-report FILE] [--date YYYY-MM-DD]   PDF budget report
                                 (-o - writes the PDF to standard output)
  hostplan-cli export-csv --scenario FILE -o BASE   the report's tables as CSV files
  (report and export-csv need the GUI libraries: built with -DHOSTPLAN_BUILD_GUI=ON)
  hostplan-cli --help | --version

Plan options (applied after --scenario, so they override the file):
  --scenario FILE          a scenario JSON file (default: Kimi K3 on 8x B300)
  --model NAME|PATH        catalogue name, a config.json, a folder holding one, a
                           model.safetensors.index.json, a .gguf file, or a Hugging
                           Face Hub id org/name[@revision]: the local HF cache, else
                           the Hub over HTTP (config, index and safetensors header
                           only; HF_ENDPOINT, HF_TOKEN, HF_HUB_OFFLINE=1 for none,
                           HOSTPLAN_HUB_TIMEOUT_S, default 20)
  --weights-format F       fp8, mxfp4, nvfp4, int8, int4, int4_gN, int2, fp4: the linear
                           layers (embedding and LM head stay 16-bit); bf16, fp16, fp32:
                           every tensor, the engines' --dtype (a float32 checkpoint runs
                           in the engine's 16-bit dtype unless given fp32; the KV cache
                           follows the dtype unless --kv-format names one)
  --kv-format F            KV cache format: bf16, fp16, fp8 (= fp8_e4m3), fp8_e5m2, or
                           auto (the model's dtype, the default)
  --state-format F         linear-attention / Mamba state format: fp32, bf16, fp16, or
                           auto (the engine's default for the model, the default;
                           serve-cmd sets the engines' state dtype flag to the plan's)
  --gpu NAME               catalogue id or alias (h100, h200, b200, b300, gb300, mi355x, ...)
  --gpu-file FILE          your own GPU types (resources/gpus.json schema; an example:
                           docs/examples/gpus-a30.json): a card the catalogue lacks,
                           or your measured figures for one it has (same id); repeatable
                           (a later file's type of the same id replaces it); kept in the
                           scenario (hardware.custom_gpus); llama.cpp plans read it too
  --gpu-count N|auto       GPUs; auto = the cheapest layout x rental offer x replicas that
                           carries the workload
                           (--model and --gpu reset count and layout to auto unless given)
  --tp N --ep N --pp N     parallel layout (default: chosen from the GPU count); with --tp
                           or --pp given, EP is 1 unless --ep is (the engines' default);
                           --tp alone fills the count with PP; --tp and --pp on more GPUs
                           (--gpu-count 16 --tp 4 --pp 1) make the rest data-parallel replicas
  --attention-dp N         attention data parallel for an MoE model: TP / N GPUs split each
                           attention layer and hold their own sequences' KV, the experts
                           span all TP (vLLM -dp N, SGLang --enable-dp-attention); default
                           auto: none where TP is given, else the search also tries N = TP
  --gpus-per-node N        GPUs per node (default: the GPU's own)
  --context TOKENS         tokens per sequence (32k, 1M suffixes: k = 1024)
  --concurrency N          sequences in flight
  --input-tokens-per-request N, --output-tokens-per-request N
                           one request's prompt and answer (a benchmark's ISL / OSL); together
                           at most --context (default: from the context and the month's mix)
)" + engineOptionsUsage() +
           R"(  --usd-per-gpu-hour X     rental rate for every offer (default: each offer's own)
  --offers FILE            add rental offers (resources/offers.json schema) to the search;
                           repeatable (an offer with an earlier id replaces it)
  --hours-per-day H        hours a day the GPUs are rented
  --input-tokens-per-month N, --cached-input-tokens-per-month N, --output-tokens-per-month N
  --heavy-user-tokens-per-month N   one heavy user's tokens (heavy-user break-even)
  --utilisation U          share of the serving capacity in use, 0 to 1 (default 0.5)
  --target-ms-per-token MS latency target per output token (default 50)
  --api-price ID           compare with this API price; cheapest: the cheapest for the model
                           (the default where the scenario pins none)
  --api-batch              an offline workload: compare with the providers' batch prices
                           where they publish one (pricing.api_batch)
  --prices FILE            a price list (JSON or CSV, prices.json's schema) to compare with
                           too; repeatable
  --max-price-age-days N   flag prices older than N days (default 365)
  --api-input-usd-per-mtok X, --api-cached-input-usd-per-mtok X,
  --api-output-usd-per-mtok X   type the API's prices per 1M tokens

Exit codes: 0 ok, 1 does not hold the workload (plan / serve-cmd with --fail-if-no-fit), 2 bad
arguments or input, 3 an output file could not be written (report, export-csv).
)" + llamaCppUsage() +
           "\n" + cardFitUsage();
}

std::string version() {
    return HOSTPLAN_VERSION;
}

namespace {

int runCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
               const std::map<std::string, Command> &extra) {
    // --help after a command ("plan --help") is help too, not an unknown option.
    const bool help = std::any_of(args.begin(), args.end(),
                                  [](const std::string &a) { return a == "--help" || a == "-h"; });
    if (args.empty() || help || args[0] == "help") {
        out << usage();
        return args.empty() ? kExitUsage : kExitOk;
    }
    if (args[0] == "--version" || args[0] == "-V" || args[0] == "version") {
        out << "hostplan-cli " << version() << "\n";
        return kExitOk;
    }
    const std::string &cmd = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    // An option given twice with two values would silently take the last: refused, naming it.
    // Options that add up (files of GPU types, offers, prices; card-fit's models) may repeat.
    std::set<std::string> repeatable = {"--gpu-file", "--offers", "--prices"};
    if (cmd == "card-fit") {
        repeatable.insert("--model");
    }
    if (const std::string twice = repeatedOptionText(rest, repeatable); !twice.empty()) {
        err << "hostplan-cli: " << cmd << ": " << twice << "\n";
        return kExitUsage;
    }
    if (cmd == "plan") {
        return cmdPlan(rest, out, err);
    }
    if (cmd == "serve-cmd") {
        return cmdServe(rest, out, err);
    }
    if (cmd == "card-fit") {
        return cmdCardFit(rest, out, err);
    }
    if (cmd == "gpus" && rest.size() >= 2 && rest.size() % 2 == 0) {
        // gpus --gpu-file FILE ...: the catalogue with the user's GPU types
        Scenario s;
        std::vector<std::string> left;
        const std::string e = scenarioFromArgs(rest, s, left);
        if (!e.empty() || !left.empty() ||
            std::any_of(rest.begin(), rest.end(), [&](const std::string &a) {
                return a.starts_with("--") && a != "--gpu-file";
            })) {
            err << "hostplan-cli: gpus: "
                << (e.empty() ? std::string("takes only --gpu-file FILE") : e) << "\n";
            return kExitUsage;
        }
        return cmdGpus(Catalogue::builtin().withGpus(s.hardware.customGpus, "--gpu-file").value(),
                       out);
    }
    if (cmd == "models" || cmd == "gpus") {
        if (!rest.empty()) {
            err << "hostplan-cli: " << cmd
                << (cmd == "gpus" ? " takes only --gpu-file FILE" : " takes no options") << "\n";
            return kExitUsage;
        }
        return cmd == "models" ? cmdModels(out) : cmdGpus(Catalogue::builtin(), out);
    }
    auto it = extra.find(cmd);
    if (it != extra.end()) {
        return it->second(rest, out, err);
    }
    err << "hostplan-cli: unknown command '" << cmd << "' (plan, serve-cmd, models, gpus, card-fit";
    for (const auto &[name, fn] : extra) {
        err << ", " << name;
    }
    err << "; see --help)\n";
    return kExitUsage;
}

} // namespace

int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
        const std::map<std::string, Command> &extra) {
    // Everything printed passes through terminalSafe: names from files (a scenario's name, a
    // model's) may hold control characters or bidi overrides.
    std::ostringstream bufferedOut;
    std::ostringstream bufferedErr;
    // Scenarios and plans are JSON, which must be UTF-8: an argument that is not (a name typed
    // in another encoding, a mangled path) is refused here, naming it, before it reaches them.
    int code = kExitOk;
    for (std::size_t i = 0; i < args.size() && code == kExitOk; ++i) {
        if (const std::size_t at = firstInvalidUtf8(args[i]); at != std::string_view::npos) {
            bufferedErr << "hostplan-cli: argument " << i + 1 << " (" << args[i]
                        << ") is not valid UTF-8 at byte " << at + 1 << "\n";
            code = kExitUsage;
        }
    }
    if (code == kExitOk) {
        code = runCommand(args, bufferedOut, bufferedErr, extra);
    }
    errno = 0;
    out << terminalSafe(bufferedOut.str());
    out.flush();
    if (!out) {
        // A full disk or a closed file: a truncated script or JSON must not pass for a whole
        // one (`serve-cmd > run.sh && bash run.sh`). A reader that stopped reading (`| head`)
        // is said so, not as a disk fault.
        bufferedErr << (errno == EPIPE ? "hostplan-cli: the reader closed the pipe before the "
                                         "end: the output was cut short\n"
                                       : "hostplan-cli: cannot write the output (disk full, or "
                                         "the file or pipe closed): it is incomplete\n");
        code = kExitWriteFailed;
    }
    err << terminalSafe(bufferedErr.str());
    err.flush();
    return code;
}

void warnEngineOnly(std::ostream &err, const EngineOnlyOption &option,
                    std::string_view planEngine) {
    err << "hostplan-cli: warning: " << option.option << " applies to --engine " << option.engine
        << " only; the " << planEngine << " plan ignores it\n";
}

} // namespace hostplan::cli
