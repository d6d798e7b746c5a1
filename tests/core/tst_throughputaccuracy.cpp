// SPDX-License-Identifier: MIT
// Calibration accuracy of the serving model (issue 14): every row of the published measurement
// set (../shared/reference/throughput/measurements.json, a copy in tests/data/throughput/) is
// evaluated through HostPlan's own path (config import, memory model, serving model with the
// embedded constants) at the row's settings, and compared with the published output tokens/s.
// Asserts at least 80% of rows within 25% and a median error of at most 15%, and prints the
// rows outside with their cause (tools/throughput-fit/README.md). Skips when the file is absent.
//
// `scripts/accuracy-throughput.sh` runs this test with HOSTPLAN_ACCURACY_MD set to write the
// per-row table of docs/ACCURACY.md's "Throughput" section.
#include "plan/plan.h"
#include "sizing/servingmodel.h"
#include "sizing/throughput.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace hostplan;

namespace {

namespace fs = std::filesystem;

/// The measurement folder: the shared reference beside the checkout, else the repo's copy.
fs::path referenceDir() {
    const fs::path shared =
        fs::path(HOSTPLAN_SOURCE_DIR) / ".." / "shared" / "reference" / "throughput";
    if (fs::exists(shared / "measurements.json")) {
        return shared;
    }
    return fs::path(HOSTPLAN_SOURCE_DIR) / "tests" / "data" / "throughput";
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string str(const nlohmann::json &r, const char *k) {
    return r.contains(k) && r[k].is_string() ? r[k].get<std::string>() : std::string();
}

double number(const nlohmann::json &r, const char *k, double fallback) {
    return r.contains(k) && r[k].is_number() ? r[k].get<double>() : fallback;
}

/// Known causes of the rows outside 25% (tools/throughput-fit/README.md); by id substring.
std::string causeOf(const std::string &id, double isl, double osl) {
    if (isl <= 130 && osl <= 5) {
        return "request-bound (128 in / 4 out): front-end requests/s, not modelled";
    }
    static const std::vector<std::pair<std::string, std::string>> causes = {
        {"gpt-oss", "early gpt-oss engine path (MXFP4 fallback kernels / attention sinks)"},
        {"deepseek-r1-h200-L156", "TRT-LLM 1.0 DeepSeek EP8 without DP attention"},
        {"deepseek", "vLLM DeepSeek small-batch decode slower than modelled"},
        {"qwen3-235b-a22b-a100", "A100 TP8-sliced experts in Triton fused-MoE"},
        {"qwen3-32b-h100", "KV room of a few GB: batch sensitive to the runtime reserve"},
        {"trtllm014", "TRT-LLM 0.14 all-reduce / GUARANTEED_NO_EVICT reservation"},
    };
    for (const auto &[key, cause] : causes) {
        if (id.find(key) != std::string::npos) {
            return cause;
        }
    }
    return "engine-version spread (pitfall 6)";
}

struct RowResult {
    std::string id, engine, gpu, mode;
    double measured = 0, predicted = 0, error = 0, batch = 0;
    std::string cause;
};

} // namespace

class TestThroughputAccuracy : public QObject {
    Q_OBJECT

  private slots:
    void referenceRows() {
        const fs::path dir = referenceDir();
        std::ifstream in(dir / "measurements.json");
        if (!in) {
            QSKIP("measurements.json not found (../shared/reference/throughput or tests/data)");
        }
        const auto rows = nlohmann::json::parse(in);
        const std::map<std::string, std::string> gpuIds = {{"H100 SXM 80GB", "h100-sxm"},
                                                           {"H200 SXM 141GB", "h200"},
                                                           {"A100 SXM 80GB", "a100-80gb"},
                                                           {"L40S 48GB", "l40s"}};
        const Catalogue &cat = Catalogue::builtin();
        std::map<std::string, ModelSpec> models;
        std::vector<RowResult> results;
        for (const auto &r : rows) {
            RowResult res;
            res.id = str(r, "id");
            Scenario s = defaultScenario();
            const fs::path config = dir / str(r, "config_path");
            s.model.ref = config.string();
            s.hardware.gpu = gpuIds.at(str(r, "gpu"));
            const auto tp = std::uint32_t(number(r, "tp", 1));
            const auto pp = std::uint32_t(number(r, "pp", 1));
            s.hardware.tp = tp;
            s.hardware.pp = pp;
            s.hardware.ep = std::uint32_t(number(r, "ep", 1)) > 1 ? tp : 1;
            s.hardware.gpuCount = tp * pp;
            s.engine.engine = parseEngine(str(r, "engine")).value();
            const std::string prec = lower(str(r, "weights_precision"));
            const bool fp8 = prec.rfind("fp8", 0) == 0;
            const bool blockFp8 = fp8 && prec.find("block") != std::string::npos;
            if (fp8) {
                s.model.weightsFormat = formats::fp8;
            } else if (prec.rfind("fp16", 0) == 0) {
                s.model.weightsFormat = formats::fp16;
            }
            if (lower(str(r, "kv_dtype")).rfind("fp8", 0) == 0) {
                s.model.kvFormat = formats::fp8;
            }
            const std::string cmd = str(r, "serve_command");
            // Engine defaults the row ran with: vLLM cuts max_num_batched_tokens to 2048 on the
            // A100 and on GPUs under 70 GiB (arg_utils.py); --max-num-batched-tokens overrides.
            s.engine.prefillChunkTokens = 8192;
            if (s.engine.engine == Engine::Vllm &&
                (s.hardware.gpu == "a100-80gb" || s.hardware.gpu == "l40s")) {
                s.engine.prefillChunkTokens = 2048;
            }
            if (const auto at = cmd.find("--max-num-batched-tokens"); at != std::string::npos) {
                s.engine.prefillChunkTokens = std::uint32_t(std::stoul(cmd.substr(at + 25)));
            }
            const double isl = number(r, "isl_actual_mean", number(r, "isl", 1));
            const double osl = number(r, "osl_actual_mean", number(r, "osl", 1));
            s.workload.contextTokens = std::uint64_t(std::ceil(isl + osl));
            auto it = models.find(s.model.ref);
            if (it == models.end()) {
                auto m = resolveModel(s, cat);
                QVERIFY2(m.ok(), qPrintable(QString::fromStdString(res.id)));
                it = models.emplace(s.model.ref, m.value()).first;
            }
            ModelSpec spec = it->second;
            spec.fp8BlockScaled = blockFp8;
            // An SGLang row follows its release's start-up rules (the set's are v0.5.3 to
            // v0.5.5: no piecewise CUDA graphs).
            if (s.engine.engine == Engine::Sglang) {
                if (const auto rules = parseSglangVersion(str(r, "engine_version")); rules.ok()) {
                    s.engine.sglangVersion = rules.value();
                }
            }
            auto plan = evaluate(s, cat, spec);
            QVERIFY2(plan.ok(), qPrintable(QString::fromStdString(res.id)));
            // A vLLM row of v0.11 or older (the set's are v0.10.2 / v0.11.0) scheduled
            // synchronously unless its command turned --async-scheduling on (below); the
            // serving model reads that from the plan's vLLM rules. Its memory terms stay the
            // default rules' the constants were fitted with (tools/throughput-fit).
            const std::string version = str(r, "engine_version");
            if (s.engine.engine == Engine::Vllm &&
                (version.rfind("v0.10", 0) == 0 || version.rfind("v0.11", 0) == 0)) {
                plan.value().scenario.engine.vllmVersion = VllmProfile::V1;
            }
            Efficiency eff = defaultEfficiency(s.engine.engine, plan.value().gpu);
            if (cmd.find("--async-scheduling") != std::string::npos) {
                eff.constants.overlap = true; // vLLM's async scheduler overlaps the CPU
            }
            const ServingModel model = servingModel(plan.value(), eff);
            const std::string ds = lower(str(r, "dataset"));
            const bool variable = ds.find("sharegpt") != std::string::npos;
            double n = number(r, "num_requests", 0);
            if (n <= 0) {
                std::istringstream words(ds);
                for (std::string w; words >> w;) {
                    w.erase(std::remove(w.begin(), w.end(), ','), w.end());
                    if (!w.empty() && std::all_of(w.begin(), w.end(), ::isdigit) &&
                        std::stod(w) >= 100) {
                        n = std::stod(w);
                    }
                }
                n = n > 0 ? n : 500;
            }
            const std::string kind = lower(str(r, "concurrency_kind"));
            const std::string rate =
                r.contains("request_rate") && r["request_rate"].is_string()
                    ? lower(r["request_rate"].get<std::string>())
                    : (r.contains("request_rate") && r["request_rate"].is_number()
                           ? std::to_string(r["request_rate"].get<double>())
                           : std::string("inf"));
            ServingPoint p;
            if (kind.rfind("closed-loop", 0) == 0) {
                p = model.closedLoop(number(r, "concurrency", 1), isl, osl, variable);
                res.mode = "closed(c=" + std::to_string(int(number(r, "concurrency", 1))) + ")";
            } else if (kind.rfind("open-loop", 0) == 0 && rate != "inf") {
                p = model.openLoop(std::stod(rate), n, isl, osl, variable);
                res.mode = "open(qps=" + rate.substr(0, rate.find('.')) + ")";
            } else {
                p = model.burst(n, isl, osl, variable);
                res.mode = "burst(N=" + std::to_string(int(n)) + ")";
            }
            res.engine = str(r, "engine");
            res.gpu = s.hardware.gpu;
            res.measured = number(r, "output_tok_s_total", 0);
            res.predicted = p.outputTokensPerSecond;
            res.error = res.predicted / res.measured - 1.0;
            res.batch = p.runningBatch;
            res.cause = std::abs(res.error) > 0.25 ? causeOf(res.id, isl, osl) : "";
            results.push_back(res);
        }
        std::vector<double> errors;
        int within = 0;
        for (const auto &r : results) {
            errors.push_back(std::abs(r.error));
            within += std::abs(r.error) <= 0.25;
            if (std::abs(r.error) > 0.25) {
                qInfo("outside 25%%: %-58s meas %9.1f pred %9.1f err %+6.1f%%  %s", r.id.c_str(),
                      r.measured, r.predicted, 100 * r.error, r.cause.c_str());
            }
        }
        std::sort(errors.begin(), errors.end());
        const double median =
            errors.size() % 2 ? errors[errors.size() / 2]
                              : 0.5 * (errors[errors.size() / 2 - 1] + errors[errors.size() / 2]);
        const double share = double(within) / double(results.size());
        qInfo("rows %zu, within 25%%: %d (%.1f%%), median |error| %.1f%%", results.size(), within,
              100 * share, 100 * median);
        if (const char *md = std::getenv("HOSTPLAN_ACCURACY_MD")) {
            std::ofstream out(md);
            out << "Rows: " << results.size() << ", within 25%: " << within << " ("
                << QString::number(100 * share, 'f', 1).toStdString() << "%), median |error| "
                << QString::number(100 * median, 'f', 1).toStdString() << "%.\n\n";
            out << "| id | engine | GPU | mode | measured out tok/s | HostPlan | error | running "
                   "batch | cause (outside 25%) |\n|---|---|---|---|---|---|---|---|---|\n";
            for (const auto &r : results) {
                out << "| " << r.id << " | " << r.engine << " | " << r.gpu << " | " << r.mode
                    << " | " << QString::number(r.measured, 'f', 1).toStdString() << " | "
                    << QString::number(r.predicted, 'f', 1).toStdString() << " | "
                    << QString::asprintf("%+.1f%%", 100 * r.error).toStdString() << " | "
                    << QString::number(r.batch, 'f', 0).toStdString() << " | " << r.cause << " |\n";
            }
        }
        QVERIFY2(share >= 0.80, qPrintable(QString("within 25%: %1").arg(share)));
        QVERIFY2(median <= 0.15, qPrintable(QString("median error: %1").arg(median)));
    }
};

QTEST_GUILESS_MAIN(TestThroughputAccuracy)
#include "tst_throughputaccuracy.moc"
