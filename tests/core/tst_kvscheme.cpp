// SPDX-License-Identifier: MIT
// A compressed-tensors checkpoint's kv_cache_scheme (calibrated FP8 KV scales): the importer
// reads it into ModelSpec::shippedKvFormat, a plan whose scenario names no KV format runs the
// KV cache in FP8 (half of BF16's bytes per token), says so, and the vLLM command gets
// --kv-cache-dtype fp8. A scenario that names bf16 keeps bf16; bad values name the field.
//
// Config: Meta-Llama-3.1-8B's own config.json (tests/data/configs/, 8,030,261,248 parameters)
// with the quantization_config llm-compressor writes for an FP8 W8A8 + FP8 KV checkpoint
// (tests/data/configs/README.md, "kv_cache_scheme").
#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "scenario/scenario.h"
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

Scenario h100Scenario() {
    Scenario s;
    s.hardware.gpu = "h100-sxm";
    s.hardware.gpuCount = 1;
    s.workload.contextTokens = 8192;
    s.workload.concurrency = 4;
    return s;
}

std::string flagValue(const ServeCommand &c, const std::string &name) {
    for (const auto &f : c.flags) {
        if (f.flag == name) {
            return f.value;
        }
    }
    return "<absent>";
}

} // namespace

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
    QCOMPARE(p->kvFormatNote, std::string("KV cache FP8 (shipped calibrated scales, "
                                          "kv_cache_scheme)"));

    std::ostringstream text;
    writePlanText(*p, text, "2026-12-01");
    QVERIFY(text.str().find("KV cache FP8 (shipped calibrated scales, kv_cache_scheme)") !=
            std::string::npos);
    const std::string json = planToJsonText(*p);
    QVERIFY(json.find("\"kv_format_note\": \"KV cache FP8 (shipped calibrated scales, "
                      "kv_cache_scheme)\"") != std::string::npos);
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

QTEST_GUILESS_MAIN(TestKvScheme)
#include "tst_kvscheme.moc"
