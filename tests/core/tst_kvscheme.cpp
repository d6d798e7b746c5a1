// SPDX-License-Identifier: MIT
// A compressed-tensors checkpoint's kv_cache_scheme (calibrated FP8 KV scales): the importer
// reads it into ModelSpec::shippedKvFormat, a plan whose scenario names no KV format runs the
// KV cache in FP8 (half of BF16's bytes per token), says so, and the vLLM command gets
// --kv-cache-dtype fp8. A scenario that names bf16 keeps bf16; bad values name the field.
//
// Config: Meta-Llama-3.1-8B's own config.json (tests/data/configs/, 8,030,261,248 parameters)
// with the quantization_config llm-compressor writes for an FP8 W8A8 + FP8 KV checkpoint
// (tests/data/configs/README.md, "kv_cache_scheme").
//
// ModelOpt checkpoints that ship FP8 KV scales: the importer reads hf_quant_config.json's
// kv_cache_quant_algo and the in-config kv_cache_scheme the same way (with the form it came
// from), and each engine's rule (engine/shippedkv.h) decides whether the plan runs an FP8 cache
// by default, with the flag its serve command then carries, or keeps the scenario's format with
// a warning because the engine does not load those scales. Real files in tests/data/configs
// (README.md names where each was copied from): nvidia/Llama-3.1-70B-Instruct-FP8 (FP8
// weights; hf_quant_config.json kv_cache_quant_algo "FP8"), nvidia/Qwen3-235B-A22B-NVFP4
// (NVFP4 weights, the same KV line) and nvidia/MiniMax-M2.5-NVFP4's config.json alone
// (quant_method "modelopt" with kv_cache_scheme {"num_bits": 8, "type": "float", "dynamic":
// false}).
#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "engine/shippedkv.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "scenario/scenario.h"
#include "plantestutil.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sstream>

using namespace hostplan;

namespace {

QJsonObject readConfig(const QString &name) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + name);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// The quantization_config of an llm-compressor FP8 W8A8 checkpoint with FP8 KV scales.
QJsonObject fp8KvQuantization(const QJsonValue &kvScheme) {
    const QJsonObject weights{{"num_bits", 8},         {"type", "float"},
                              {"strategy", "channel"}, {"symmetric", true},
                              {"dynamic", false},      {"group_size", QJsonValue()},
                              {"observer", "minmax"}};
    const QJsonObject acts{{"num_bits", 8},
                           {"type", "float"},
                           {"strategy", "token"},
                           {"symmetric", true},
                           {"dynamic", true}};
    const QJsonObject group{
        {"targets", QJsonArray{"Linear"}}, {"weights", weights}, {"input_activations", acts}};
    return QJsonObject{
        {"quant_method", "compressed-tensors"}, {"format", "float-quantized"},
        {"quantization_status", "compressed"},  {"config_groups", QJsonObject{{"group_0", group}}},
        {"ignore", QJsonArray{"lm_head"}},      {"kv_cache_scheme", kvScheme}};
}

QJsonObject calibratedFp8Scheme() {
    return QJsonObject{{"num_bits", 8},       {"type", "float"},   {"strategy", "tensor"},
                       {"dynamic", false},    {"symmetric", true}, {"group_size", QJsonValue()},
                       {"observer", "minmax"}};
}

Result<ModelSpec> importWith(const QJsonValue &kvScheme) {
    QJsonObject cfg = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    cfg.insert("quantization_config", fp8KvQuantization(kvScheme));
    return importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "llama-fp8-kv.json");
}

Scenario h100Scenario(Engine engine = Engine::Vllm, const char *gpu = "h100-sxm",
                      std::uint32_t gpus = 1) {
    Scenario s;
    s.hardware.gpu = gpu;
    s.hardware.gpuCount = gpus;
    s.engine.engine = engine;
    s.workload.contextTokens = 8192;
    s.workload.concurrency = 4;
    return s;
}

/// A real nvidia repository's config.json, with its hf_quant_config.json when `withQuantFile`.
ModelSpec nvidiaModel(const QString &repo, bool withQuantFile) {
    const auto text = [&](const QString &file) {
        return QJsonDocument(readConfig("nvidia--" + repo + file)).toJson().toStdString();
    };
    auto r = importHfConfigText(text("_config.json"), "nvidia/" + repo.toStdString(),
                                withQuantFile ? text("_hf_quant_config.json") : std::string());
    if (!r.ok()) {
        qFatal("%s", r.error().toString().c_str());
    }
    return r.value();
}

bool hasWarning(const PlanResult &p, const std::string &part) {
    for (const auto &w : p.warnings) {
        if (w.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

Q_DECLARE_METATYPE(hostplan::ShippedKvUse)

class TestKvScheme : public QObject {
    Q_OBJECT

  private slots:
    void importsShippedFp8();
    void planUsesShippedFormat();
    void scenarioChoiceWins();
    void scenarioFilesLoadAsBefore();
    void notesNameTheField_data();
    void notesNameTheField();
    void badTypesNameTheField_data();
    void badTypesNameTheField();
    void nullSchemeShipsNothing();
    void modelOptQuantFileForm();
    void modelOptInConfigForm();
    void modelOptSchemeAsText();
    void modelOptOtherKvAlgorithmsLeaveANote();
    void engineRules_data();
    void engineRules();
    void configBlockHidesTheQuantFile();
    void modelOptPlanRunsFp8UnderEachEngine();
    void engineThatDoesNotLoadKeepsBf16();
};

void TestKvScheme::importsShippedFp8() {
    const auto r = importWith(calibratedFp8Scheme());
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QVERIFY(r->shippedKvFormat.has_value());
    QCOMPARE(*r->shippedKvFormat, formats::fp8);
    QCOMPARE(r->shippedKvSource, std::string("kv_cache_scheme"));
    QCOMPARE(r->totalParams, 8030261248ull); // Meta-Llama-3.1-8B's published count
}

void TestKvScheme::planUsesShippedFormat() {
    const auto spec = importWith(calibratedFp8Scheme());
    QVERIFY(spec.ok());
    const auto p = evaluate(h100Scenario(), Catalogue::builtin(), *spec);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
    QCOMPARE(p->scenario.model.kvFormat, formats::fp8);
    // 32 layers x 8 KV heads x 128 dims x (K + V): 65,536 elements per token, 1 byte in FP8.
    QCOMPARE(p->memory.cache.kvBytesPerToken, 65536ull);
    const std::string note = "KV cache FP8 (shipped calibrated scales, kv_cache_scheme; vLLM "
                             "loads the scales with --kv-cache-dtype fp8 (its auto is the model "
                             "dtype))";
    QCOMPARE(p->kvFormatNote, note);

    std::ostringstream text;
    writePlanText(*p, text, "2026-12-01");
    QVERIFY(text.str().find(note) != std::string::npos);
    const std::string json = planToJsonText(*p);
    QVERIFY(json.find("\"kv_format_note\": \"" + note + "\"") != std::string::npos);
    QVERIFY(json.find("\"kv_format\": \"fp8_e4m3\"") != std::string::npos);

    const ServeCommand vllm = vllmServeCommand(*p, Catalogue::builtin());
    QCOMPARE(flagValue(vllm, "--kv-cache-dtype"), std::string("fp8"));
}

void TestKvScheme::scenarioChoiceWins() {
    const auto spec = importWith(calibratedFp8Scheme());
    QVERIFY(spec.ok());
    Scenario s = h100Scenario();
    s.model.kvBf16Chosen = true; // the scenario names bf16
    const auto p = evaluate(s, Catalogue::builtin(), *spec);
    QVERIFY(p.ok());
    QCOMPARE(p->scenario.model.kvFormat, formats::bf16);
    QCOMPARE(p->memory.cache.kvBytesPerToken, 131072ull); // twice the shipped FP8's
    QVERIFY(p->kvFormatNote.empty());
    QCOMPARE(flagValue(vllmServeCommand(*p, Catalogue::builtin()), "--kv-cache-dtype"),
             std::string("auto"));
}

void TestKvScheme::scenarioFilesLoadAsBefore() {
    // No kv_format: not set. kv_format bf16: chosen. Either way bf16, and the text round-trips.
    const auto unset = parseScenario(R"({"schema_version": 1, "model": {"ref": "llama-3.1-8b"}})");
    QVERIFY2(unset.ok(), unset.ok() ? "" : unset.error().toString().c_str());
    QCOMPARE(unset->model.kvFormat, formats::bf16);
    QVERIFY(!kvFormatExplicit(unset->model));
    const auto chosen = parseScenario(
        R"({"schema_version": 1, "model": {"ref": "llama-3.1-8b", "kv_format": "bf16"}})");
    QVERIFY(chosen.ok());
    QCOMPARE(chosen->model.kvFormat, formats::bf16);
    QVERIFY(kvFormatExplicit(chosen->model));
    for (const Scenario &s : {*unset, *chosen}) {
        const auto again = parseScenario(scenarioToJson(s));
        QVERIFY(again.ok());
        QCOMPARE(*again, s);
    }
}

void TestKvScheme::notesNameTheField_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("field");
    QTest::newRow("int8") << "type" << QJsonValue("int")
                          << "quantization_config.kv_cache_scheme: an 8-bit int";
    QTest::newRow("4-bit") << "num_bits" << QJsonValue(4)
                           << "quantization_config.kv_cache_scheme: 4-bit float";
    QTest::newRow("per-channel") << "strategy" << QJsonValue("channel")
                                 << "quantization_config.kv_cache_scheme.strategy";
    QTest::newRow("asymmetric") << "symmetric" << QJsonValue(false)
                                << "quantization_config.kv_cache_scheme.symmetric";
    QTest::newRow("dynamic") << "dynamic" << QJsonValue(true)
                             << "quantization_config.kv_cache_scheme.dynamic";
}

void TestKvScheme::notesNameTheField() {
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, field);
    QJsonObject scheme = calibratedFp8Scheme();
    scheme.insert(key, value);
    const auto r = importWith(scheme);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QVERIFY(!r->shippedKvFormat.has_value());
    bool found = false;
    for (const auto &n : r->notes) {
        found = found || n.rfind(field.toStdString(), 0) == 0;
    }
    QVERIFY2(found, qPrintable(field));
}

void TestKvScheme::badTypesNameTheField_data() {
    QTest::addColumn<QJsonValue>("scheme");
    QTest::addColumn<QString>("field");
    QJsonObject bits = calibratedFp8Scheme();
    bits.insert("num_bits", "8");
    QTest::newRow("num_bits-string")
        << QJsonValue(bits) << "quantization_config.kv_cache_scheme.num_bits";
    QJsonObject type = calibratedFp8Scheme();
    type.insert("type", 8);
    QTest::newRow("type-number") << QJsonValue(type) << "quantization_config.kv_cache_scheme.type";
    QJsonObject sym = calibratedFp8Scheme();
    sym.insert("symmetric", "yes");
    QTest::newRow("symmetric-string")
        << QJsonValue(sym) << "quantization_config.kv_cache_scheme.symmetric";
    QTest::newRow("not-an-object") << QJsonValue(8) << "quantization_config.kv_cache_scheme";
}

void TestKvScheme::badTypesNameTheField() {
    QFETCH(QJsonValue, scheme);
    QFETCH(QString, field);
    const auto r = importWith(scheme);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

void TestKvScheme::nullSchemeShipsNothing() {
    // Kimi K2.5's own config: compressed-tensors INT4 experts, kv_cache_scheme null.
    const QJsonObject cfg = readConfig("moonshotai--Kimi-K2.5_config.json");
    QVERIFY(!cfg.isEmpty());
    const auto r = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "kimi.json");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QVERIFY(!r->shippedKvFormat.has_value());
    const auto none = importWith(QJsonValue());
    QVERIFY(none.ok());
    QVERIFY(!none->shippedKvFormat.has_value());
    const auto p = evaluate(h100Scenario(), Catalogue::builtin(), *none);
    QVERIFY(p.ok());
    QCOMPARE(p->memory.cache.kvBytesPerToken, 131072ull);
}

void TestKvScheme::modelOptQuantFileForm() {
    const ModelSpec m = nvidiaModel("Llama-3.1-70B-Instruct-FP8", true);
    QVERIFY(m.shippedKvFormat.has_value());
    QCOMPARE(*m.shippedKvFormat, formats::fp8);
    QCOMPARE(m.shippedKvSource, std::string("kv_cache_quant_algo"));
    QCOMPARE(m.shippedKvOrigin, KvScalesOrigin::ModelOptFile);
    QCOMPARE(m.modelOptQuantAlgo, std::string("FP8"));
    // Without the sidecar the config.json of this (ModelOpt 0.23) repository says nothing.
    const ModelSpec bare = nvidiaModel("Llama-3.1-70B-Instruct-FP8", false);
    QVERIFY(!bare.shippedKvFormat.has_value());
    QCOMPARE(bare.shippedKvOrigin, KvScalesOrigin::None);
}

void TestKvScheme::modelOptInConfigForm() {
    const ModelSpec m = nvidiaModel("MiniMax-M2.5-NVFP4", false);
    QVERIFY(m.shippedKvFormat.has_value());
    QCOMPARE(*m.shippedKvFormat, formats::fp8);
    QCOMPARE(m.shippedKvSource, std::string("kv_cache_scheme"));
    QCOMPARE(m.shippedKvOrigin, KvScalesOrigin::ModelOptConfig);
    QCOMPARE(m.modelOptQuantAlgo, std::string("NVFP4"));
    // With its hf_quant_config.json the sidecar wins and names kv_cache_quant_algo.
    const ModelSpec both = nvidiaModel("MiniMax-M2.5-NVFP4", true);
    QCOMPARE(both.shippedKvOrigin, KvScalesOrigin::ModelOptFile);
    QCOMPARE(both.shippedKvSource, std::string("kv_cache_quant_algo"));
}

// ModelOpt 0.31 writes kv_cache_scheme as text in config.json ("FP8", a real export of
// Qwen3-32B); vLLM's get_kv_cache_quant_algo_string reads a string there as it reads
// kv_cache_quant_algo. The config alone imports with its FP8 KV, as it does beside its
// hf_quant_config.json.
void TestKvScheme::modelOptSchemeAsText() {
    const std::string cfg =
        QJsonDocument(readConfig("Qwen--Qwen3-32B-FP8-Static-PerTensor_config.json"))
            .toJson()
            .toStdString();
    const auto m = importHfConfigText(cfg, "qwen3-32b-fp8-static");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QVERIFY(m->shippedKvFormat.has_value());
    QCOMPARE(*m->shippedKvFormat, formats::fp8);
    QCOMPARE(m->shippedKvSource, std::string("kv_cache_scheme"));
}

void TestKvScheme::modelOptOtherKvAlgorithmsLeaveANote() {
    const std::string cfg =
        QJsonDocument(readConfig("nvidia--Llama-3.1-70B-Instruct-FP8_config.json"))
            .toJson()
            .toStdString();
    const auto withKv = [&](const std::string &kv) {
        return importHfConfigText(cfg, "llama-70b-fp8",
                                  R"({"producer": {"name": "modelopt"}, "quantization": )"
                                  R"({"quant_algo": "FP8", "kv_cache_quant_algo": )" +
                                      kv + "}}");
    };
    const auto nvfp4 = withKv(R"("NVFP4")");
    QVERIFY2(nvfp4.ok(), nvfp4.ok() ? "" : nvfp4.error().toString().c_str());
    QVERIFY(!nvfp4->shippedKvFormat.has_value());
    bool named = false;
    for (const auto &n : nvfp4->notes) {
        named = named || n.find("kv_cache_quant_algo: 'NVFP4'") != std::string::npos;
    }
    QVERIFY(named);
    for (const char *none : {"null", R"("none")"}) {
        const auto r = withKv(none);
        QVERIFY(r.ok());
        QVERIFY(!r->shippedKvFormat.has_value());
        QVERIFY(r->notes.empty());
    }
}

// nvidia's newer exports write a quantization_config into config.json as well: vLLM and SGLang
// read that block (hf_quant_config.json only stands in for a missing one), so FP8 KV scales
// named in the file alone are TensorRT-LLM's; a block naming them too serves every engine.
void TestKvScheme::configBlockHidesTheQuantFile() {
    QJsonObject cfg = readConfig("nvidia--Qwen3-235B-A22B-NVFP4_config.json");
    const std::string file = QJsonDocument(readConfig("nvidia--Qwen3-235B-A22B-NVFP4_hf_quant_"
                                                      "config.json"))
                                 .toJson()
                                 .toStdString();
    QJsonObject block{{"quant_method", "modelopt"}, {"quant_algo", "NVFP4"}};
    cfg["quantization_config"] = block;
    const auto own = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "q", file);
    QVERIFY2(own.ok(), own.ok() ? "" : own.error().toString().c_str());
    QVERIFY(own->shippedKvInQuantFileOnly);
    QCOMPARE(shippedKvRule(Engine::Vllm, *own).use, ShippedKvUse::NotLoaded);
    QCOMPARE(shippedKvRule(Engine::Sglang, *own).use, ShippedKvUse::NotLoaded);
    QCOMPARE(shippedKvRule(Engine::TensorRtLlm, *own).use, ShippedKvUse::EngineDefault);
    block["kv_cache_quant_algo"] = "FP8";
    cfg["quantization_config"] = block;
    const auto both = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "q", file);
    QVERIFY2(both.ok(), both.ok() ? "" : both.error().toString().c_str());
    QVERIFY(!both->shippedKvInQuantFileOnly);
    QCOMPARE(shippedKvRule(Engine::Vllm, *both).use, ShippedKvUse::EngineDefault);
}

void TestKvScheme::engineRules_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("engine");
    QTest::addColumn<ShippedKvUse>("use");
    const int vllm = int(Engine::Vllm), sglang = int(Engine::Sglang),
              trt = int(Engine::TensorRtLlm);
    // FP8 weights with the sidecar: vLLM and TensorRT-LLM take it by default; SGLang's FP8
    // config keeps kv_cache_quant_method, so only --kv-cache-dtype fp8_e4m3 runs it.
    QTest::newRow("fp8 file vllm") << "llama-fp8" << vllm << ShippedKvUse::EngineDefault;
    QTest::newRow("fp8 file sglang") << "llama-fp8" << sglang << ShippedKvUse::WithFlag;
    QTest::newRow("fp8 file trtllm") << "llama-fp8" << trt << ShippedKvUse::EngineDefault;
    // NVFP4 weights with the sidecar: every engine's default.
    QTest::newRow("nvfp4 file vllm") << "qwen-nvfp4" << vllm << ShippedKvUse::EngineDefault;
    QTest::newRow("nvfp4 file sglang") << "qwen-nvfp4" << sglang << ShippedKvUse::EngineDefault;
    QTest::newRow("nvfp4 file trtllm") << "qwen-nvfp4" << trt << ShippedKvUse::EngineDefault;
    // In-config only: TensorRT-LLM reads kv_cache_quant_algo from hf_quant_config.json alone.
    QTest::newRow("in-config vllm") << "minimax-config" << vllm << ShippedKvUse::EngineDefault;
    QTest::newRow("in-config sglang") << "minimax-config" << sglang << ShippedKvUse::EngineDefault;
    QTest::newRow("in-config trtllm") << "minimax-config" << trt << ShippedKvUse::NotLoaded;
    // compressed-tensors: vLLM with its flag; SGLang and TensorRT-LLM do not load the scales.
    QTest::newRow("ct vllm") << "ct" << vllm << ShippedKvUse::WithFlag;
    QTest::newRow("ct sglang") << "ct" << sglang << ShippedKvUse::NotLoaded;
    QTest::newRow("ct trtllm") << "ct" << trt << ShippedKvUse::NotLoaded;
}

void TestKvScheme::engineRules() {
    QFETCH(QString, model);
    QFETCH(int, engine);
    QFETCH(ShippedKvUse, use);
    const ModelSpec m = model == "llama-fp8"    ? nvidiaModel("Llama-3.1-70B-Instruct-FP8", true)
                        : model == "qwen-nvfp4" ? nvidiaModel("Qwen3-235B-A22B-NVFP4", true)
                        : model == "ct"         ? importWith(calibratedFp8Scheme()).value()
                                                : nvidiaModel("MiniMax-M2.5-NVFP4", false);
    const ShippedKvRule rule = shippedKvRule(Engine(engine), m);
    QCOMPARE(rule.use, use);
    QVERIFY(!rule.reason.empty());
}

void TestKvScheme::modelOptPlanRunsFp8UnderEachEngine() {
    const ModelSpec m = nvidiaModel("Llama-3.1-70B-Instruct-FP8", true);
    for (Engine e : {Engine::Vllm, Engine::Sglang, Engine::TensorRtLlm}) {
        const auto p = evaluate(h100Scenario(e, "h200"), Catalogue::builtin(), m);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->scenario.model.kvFormat, formats::fp8);
        // 80 layers x 8 KV heads x 128 dims x (K + V), one byte each.
        QCOMPARE(p->memory.cache.kvBytesPerToken, 163840ull);
        QVERIFY(p->kvFormatNote.rfind(
                    "KV cache FP8 (shipped calibrated scales, kv_cache_quant_algo; ", 0) == 0);
    }
    const auto sglang = evaluate(h100Scenario(Engine::Sglang, "h200"), Catalogue::builtin(), m);
    QVERIFY(sglang.ok());
    QVERIFY(sglang->kvFormatNote.find("--kv-cache-dtype fp8_e4m3") != std::string::npos);
    QCOMPARE(flagValue(sglangServeCommand(*sglang, Catalogue::builtin()), "--kv-cache-dtype"),
             std::string("fp8_e4m3"));
    const auto vllm = evaluate(h100Scenario(Engine::Vllm, "h200"), Catalogue::builtin(), m);
    QVERIFY(vllm.ok());
    QVERIFY(vllm->kvFormatNote.find("auto resolves to fp8_e4m3") != std::string::npos);
    QCOMPARE(flagValue(vllmServeCommand(*vllm, Catalogue::builtin()), "--kv-cache-dtype"),
             std::string("fp8"));
}

void TestKvScheme::engineThatDoesNotLoadKeepsBf16() {
    // MiniMax-M2.5-NVFP4 without its sidecar under TensorRT-LLM; vLLM takes the same config.
    const ModelSpec minimax = nvidiaModel("MiniMax-M2.5-NVFP4", false);
    const auto trt =
        evaluate(h100Scenario(Engine::TensorRtLlm, "b200", 2), Catalogue::builtin(), minimax);
    QVERIFY2(trt.ok(), trt.ok() ? "" : trt.error().toString().c_str());
    QCOMPARE(trt->scenario.model.kvFormat, formats::bf16);
    QVERIFY(trt->kvFormatNote.empty());
    QVERIFY(hasWarning(*trt, "only from hf_quant_config.json"));
    const auto vllm =
        evaluate(h100Scenario(Engine::Vllm, "b200", 2), Catalogue::builtin(), minimax);
    QVERIFY(vllm.ok());
    QCOMPARE(vllm->scenario.model.kvFormat, formats::fp8);
    // 62 layers x 8 KV heads x 128 dims x (K + V): BF16 twice the FP8 bytes.
    QCOMPARE(trt->memory.cache.kvBytesPerToken, 253952ull);
    QCOMPARE(vllm->memory.cache.kvBytesPerToken, 126976ull);

    // compressed-tensors under SGLang: its CompressedTensorsConfig drops kv_cache_scheme.
    const auto sg = evaluate(h100Scenario(Engine::Sglang), Catalogue::builtin(),
                             importWith(calibratedFp8Scheme()).value());
    QVERIFY(sg.ok());
    QCOMPARE(sg->scenario.model.kvFormat, formats::bf16);
    QVERIFY(hasWarning(*sg, "SGLang does not load compressed-tensors KV scales"));
}

QTEST_GUILESS_MAIN(TestKvScheme)
#include "tst_kvscheme.moc"
