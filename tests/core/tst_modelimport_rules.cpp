// SPDX-License-Identifier: MIT
// Tests for core/modelimport's rules rather than one architecture's figures: bad configs are
// refused with a named error, truncated and mutated real configs never throw, the general rules
// (defaults, aliases, quantization configs) hold on edited real configs, importModelPath reads
// a folder, a config or an index, and the supported architectures are listed. The real
// configs' golden figures are tested by tst_modelimport.
#include "import/modelimport.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <functional>

using namespace hostplan;
using hostplan::modelimporttest::kAllModels;

Q_DECLARE_METATYPE(hostplan::AttentionKind)

namespace {

/// A real config, edited: the edit gets the parsed JSON.
QByteArray editedConfig(const QString &file, const std::function<void(nlohmann::json &)> &edit) {
    auto j = nlohmann::json::parse(readResource("models/" + file));
    edit(j);
    return QByteArray::fromStdString(j.dump());
}

void writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

} // namespace

class TestModelImportRules : public QObject {
    Q_OBJECT

  private slots:
    void badConfigs_data();
    void badConfigs();
    void mutatedConfigsNeverThrow_data();
    void mutatedConfigsNeverThrow();
    void generalRules_data();
    void generalRules();
    void gptqDynamicBadRules();
    void importPath_data();
    void importPath();
    void oversizeConfigRefused();
    void quantSidecarErrorsNameItsFile();
    void supportedArchitectures();
    void derivedMaxContext();
};

// --- Bad inputs ---------------------------------------------------------------------------

void TestModelImportRules::badConfigs_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("messagePart");
    using J = nlohmann::json;

    QTest::newRow("brokenJson") << QByteArray("{\"model_type\": \"llama\", \"hidden_size\": ") << ""
                                << "not valid JSON (at or after hidden_size): parse error at line "
                                   "1, column 40";
    QTest::newRow("brokenJsonNamesFile") << QByteArray("{,}") << ""
                                         << "bad.json";
    QTest::newRow("emptyFile") << QByteArray("") << ""
                               << "empty file";
    QTest::newRow("whitespaceOnly") << QByteArray(" \n\t ") << ""
                                    << "empty file";
    QTest::newRow("jsonArray") << QByteArray("[1, 2, 3]") << ""
                               << "not a JSON object";
    QTest::newRow("jsonString") << QByteArray("\"llama\"") << ""
                                << "not a JSON object";
    QTest::newRow("tokenizerJson")
        << QByteArray(R"({"version": "1.0", "truncation": null, "added_tokens": [],
                         "model": {"type": "BPE", "vocab": {"a": 0}}})")
        << "model_type"
        << "missing; this is not a Hugging Face config.json";
    // An unknown model_type goes to the generic reader; a family it cannot read (non-gated
    // MLP) is refused naming model_type.
    QTest::newRow("nonGatedModelType")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["model_type"] = "falcon"; })
        << "model_type"
        << "'falcon'";
    QTest::newRow("modelTypeNotString")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["model_type"] = 7; }) << "model_type"
        << "must be a string";
    QTest::newRow("negativeHiddenSize")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["hidden_size"] = -4096; })
        << "hidden_size"
        << "negative";
    QTest::newRow("zeroHeads") << editedConfig("Llama-3.1-8B.json",
                                               [](J &j) { j["num_attention_heads"] = 0; })
                               << "num_attention_heads"
                               << "at least 1";
    QTest::newRow("missingNumHiddenLayers")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j.erase("num_hidden_layers"); })
        << "num_hidden_layers"
        << "missing";
    QTest::newRow("nullVocab") << editedConfig("Llama-3.1-8B.json",
                                               [](J &j) { j["vocab_size"] = nullptr; })
                               << "vocab_size"
                               << "missing";
    QTest::newRow("fractionalHidden")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["hidden_size"] = 4096.5; })
        << "hidden_size"
        << "must be an integer";
    QTest::newRow("stringVocab") << editedConfig("Llama-3.1-8B.json",
                                                 [](J &j) { j["vocab_size"] = "128256"; })
                                 << "vocab_size"
                                 << "must be an integer";
    QTest::newRow("boolLayers") << editedConfig("Llama-3.1-8B.json",
                                                [](J &j) { j["num_hidden_layers"] = true; })
                                << "num_hidden_layers"
                                << "must be an integer";
    QTest::newRow("hugeHidden") << editedConfig("Llama-3.1-8B.json",
                                                [](J &j) { j["hidden_size"] = 1u << 21; })
                                << "hidden_size"
                                << "implausibly large";
    QTest::newRow("hugeFloatHidden")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["hidden_size"] = 1e300; })
        << "hidden_size"
        << "implausibly large";
    QTest::newRow("hugeLayers") << editedConfig("Llama-3.1-8B.json",
                                                [](J &j) {
                                                    j["num_hidden_layers"] =
                                                        18446744073709551615ull;
                                                })
                                << "num_hidden_layers"
                                << "implausibly large";
    // Each field within its limit, together absurd: 2^20 x 2^24 x 2^16 MLP parameters.
    QTest::newRow("jointlyAbsurd") << editedConfig("Llama-3.1-8B.json",
                                                   [](J &j) {
                                                       j["hidden_size"] = 1u << 20;
                                                       j["intermediate_size"] = 1u << 24;
                                                       j["num_hidden_layers"] = 1u << 16;
                                                   })
                                   << ""
                                   << "implausible model";
    QTest::newRow("kvHeadsDoNotDivide")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["num_key_value_heads"] = 7; })
        << "num_key_value_heads"
        << "does not divide";
    QTest::newRow("topKAboveExperts")
        << editedConfig("Mixtral-8x7B-v0.1.json", [](J &j) { j["num_experts_per_tok"] = 9; })
        << "num_experts_per_tok"
        << "exceeds";
    QTest::newRow("k3MissingTextLayers")
        << editedConfig("Kimi-K3.json", [](J &j) { j["text_config"].erase("num_hidden_layers"); })
        << "text_config.num_hidden_layers"
        << "missing";
    QTest::newRow("k3NegativeTextHidden")
        << editedConfig("Kimi-K3.json", [](J &j) { j["text_config"]["hidden_size"] = -1; })
        << "text_config.hidden_size"
        << "negative";
    QTest::newRow("k3NoTextConfig")
        << editedConfig("Kimi-K3.json", [](J &j) { j.erase("text_config"); }) << "text_config"
        << "missing";
    QTest::newRow("k3TopKAboveExperts")
        << editedConfig("Kimi-K3.json",
                        [](J &j) { j["text_config"]["num_experts_per_token"] = 1000; })
        << "text_config.num_experts_per_token"
        << "exceeds";
    QTest::newRow("k3VisionPatchZero")
        << editedConfig("Kimi-K3.json", [](J &j) { j["vision_config"]["patch_size"] = 0; })
        << "vision_config.patch_size"
        << "at least 1";
    QTest::newRow("k3BadIgnoreRegex")
        << editedConfig("Kimi-K3.json",
                        [](J &j) { j["text_config"]["quantization_config"]["ignore"][0] = "re:("; })
        << "text_config.quantization_config.ignore[0]"
        << "invalid regular expression";
    QTest::newRow("kdaLayerOutOfRange")
        << editedConfig("Kimi-Linear-48B-A3B-Instruct.json",
                        [](J &j) { j["linear_attn_config"]["kda_layers"][0] = 28; })
        << "linear_attn_config.kda_layers[0]"
        << "implausibly large";
    QTest::newRow("kdaLayerMissing")
        << editedConfig("Kimi-Linear-48B-A3B-Instruct.json",
                        [](J &j) { j["linear_attn_config"]["kda_layers"].erase(0); })
        << "linear_attn_config.kda_layers"
        << "neither";
    QTest::newRow("layerTypesWrongLength")
        << editedConfig("gpt-oss-120b.json", [](J &j) { j["layer_types"].erase(0); })
        << "layer_types"
        << "35 entries for 36 layers";
    QTest::newRow("unknownQuantMethod")
        << editedConfig("DeepSeek-V3.json",
                        [](J &j) { j["quantization_config"]["quant_method"] = "hqq"; })
        << "quantization_config.quant_method"
        << "'hqq'";
    QTest::newRow("unknownDtype") << editedConfig("Llama-3.1-8B.json",
                                                  [](J &j) { j["torch_dtype"] = "float7"; })
                                  << "torch_dtype"
                                  << "'float7'";
    // NaN where a number is needed: named as such, not as "missing" (it reads as absent).
    {
        QByteArray nan =
            editedConfig("Llama-3.1-8B.json", [](J &j) { j["hidden_size"] = "@NAN@"; });
        nan.replace("\"@NAN@\"", "NaN");
        QTest::newRow("nanHiddenSize") << nan << "hidden_size"
                                       << "is Infinity or NaN";
    }
    // AWQ / GPTQ groups of 0 columns (-1 is per-column, read as such).
    QTest::newRow("awqGroupZero") << editedConfig("Llama-3.1-8B.json",
                                                  [](J &j) {
                                                      j["quantization_config"] = {
                                                          {"quant_method", "awq"},
                                                          {"bits", 4},
                                                          {"group_size", 0}};
                                                  })
                                  << "quantization_config.group_size"
                                  << "at least 1";
    // vLLM's Fp8Config takes no blocks from null but refuses any list but a pair, [] too.
    QTest::newRow("fp8EmptyBlocks")
        << editedConfig("Llama-3.1-8B.json",
                        [](J &j) {
                            j["quantization_config"] = {{"quant_method", "fp8"},
                                                        {"weight_block_size", J::array()}};
                        })
        << "quantization_config.weight_block_size"
        << "must be a [rows, cols] pair";
    // compressed-tensors: a config group of no targets.
    QTest::newRow("compressedGroupNoTargets")
        << editedConfig("Llama-3.1-8B.json",
                        [](J &j) {
                            j["quantization_config"] = {
                                {"quant_method", "compressed-tensors"},
                                {"config_groups",
                                 {{"group_0",
                                   {{"targets", J::array()},
                                    {"format", "float-quantized"},
                                    {"weights", {{"num_bits", 8}, {"type", "float"}}}}}}}};
                        })
        << "quantization_config.config_groups.group_0.targets"
        << "names no target";
    QTest::newRow("headDimNotDerivable")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["num_attention_heads"] = 48; })
        << "head_dim"
        << "not a multiple";
}

void TestModelImportRules::badConfigs() {
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, messagePart);
    const auto r = importHfConfigText(json.toStdString(), "bad.json");
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
    QVERIFY2(QString::fromStdString(r.error().toString()).contains(messagePart),
             r.error().toString().c_str());
    // The JSON library's own exception names ("[json.exception.parse_error.101]") stay out.
    QVERIFY2(!QString::fromStdString(r.error().toString()).contains("json.exception"),
             r.error().toString().c_str());
}

// Truncations of every real config and type-mutations of every top-level / text_config value:
// the importer must return (a value or an error), never throw or crash.
void TestModelImportRules::mutatedConfigsNeverThrow_data() {
    QTest::addColumn<QString>("file");
    for (const QString &f : kAllModels) {
        QTest::newRow(qPrintable(f)) << f;
    }
}

void TestModelImportRules::mutatedConfigsNeverThrow() {
    QFETCH(QString, file);
    const std::string text = readResource("models/" + file);
    for (std::size_t cut = 0; cut < text.size(); cut += 97) {
        QVERIFY(!importHfConfigText(text.substr(0, cut), "cut.json").ok());
    }
    const auto original = nlohmann::json::parse(text);
    const nlohmann::json replacements[] = {
        nullptr, -1, 0, 1e30, "x", nlohmann::json::array(), nlohmann::json::object(), 3.5, true};
    int errors = 0;
    auto mutateAll = [&](const std::string &sub) {
        const auto &obj = sub.empty() ? original : original.at(sub);
        for (const auto &[key, value] : obj.items()) {
            for (const auto &rep : replacements) {
                nlohmann::json j = original;
                (sub.empty() ? j : j[sub])[key] = rep;
                const auto r = importHfConfigText(j.dump(), "mutated.json");
                errors += r.ok() ? 0 : 1;
            }
        }
    };
    mutateAll("");
    if (original.contains("text_config")) {
        mutateAll("text_config");
        mutateAll("vision_config");
    }
    QVERIFY(errors > 0);
}

// The general rules behind the architecture paths, on small edits of real configs.
void TestModelImportRules::generalRules_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<quint64>("total");
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<hostplan::AttentionKind>("firstKind");
    QTest::addColumn<uint>("window");
    using J = nlohmann::json;
    const quint64 llama8b = 8'030'261'248ull;
    const quint64 V = 128256, H = 4096;

    // Tied embeddings: one [V, H] tensor fewer.
    QTest::newRow("llama/tied") << editedConfig("Llama-3.1-8B.json",
                                                [](J &j) { j["tie_word_embeddings"] = true; })
                                << llama8b - V * H << (llama8b - V * H) * 2 << AttentionKind::GQA
                                << 0u;
    // qwen2: q/k/v biases (Qwen2Attention), no q/k norms.
    QTest::newRow("qwen2/qkv-bias")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["model_type"] = "qwen2"; })
        << llama8b + 32 * (4096 + 2 * 1024) << (llama8b + 32 * (4096 + 2 * 1024)) * 2
        << AttentionKind::GQA << 0u;
    // qwen3: q_norm / k_norm [head_dim] per layer.
    QTest::newRow("qwen3/qk-norm")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["model_type"] = "qwen3"; })
        << llama8b + 32 * 2 * 128 << (llama8b + 32 * 2 * 128) * 2 << AttentionKind::GQA << 0u;
    // llama attention_bias: q/k/v/o biases.
    QTest::newRow("llama/attention-bias")
        << editedConfig("Llama-3.1-8B.json", [](J &j) { j["attention_bias"] = true; })
        << llama8b + 32 * (4096 + 2 * 1024 + 4096) << (llama8b + 32 * (4096 + 2 * 1024 + 4096)) * 2
        << AttentionKind::GQA << 0u;
    // mistral with a sliding window: every layer is a SlidingWindow layer.
    QTest::newRow("mistral/sliding")
        << editedConfig("Llama-3.1-8B.json",
                        [](J &j) {
                            j["model_type"] = "mistral";
                            j["sliding_window"] = 4096;
                        })
        << llama8b << llama8b * 2 << AttentionKind::SlidingWindow << 4096u;
    // kv == q heads: MHA; kv == 1: MQA.
    QTest::newRow("llama/mha") << editedConfig("Llama-3.1-8B.json",
                                               [](J &j) { j["num_key_value_heads"] = 32; })
                               << llama8b + 32 * 2 * 4096 * 3072
                               << (llama8b + 32ull * 2 * 4096 * 3072) * 2 << AttentionKind::MHA
                               << 0u;
    QTest::newRow("llama/mqa") << editedConfig("Llama-3.1-8B.json",
                                               [](J &j) { j["num_key_value_heads"] = 1; })
                               << llama8b - 32 * 2 * 4096 * 896
                               << (llama8b - 32ull * 2 * 4096 * 896) * 2 << AttentionKind::MQA
                               << 0u;
    // fp8 with 128x128 blocks on a dense model: Linear weights 1 B + fp32 block scales;
    // embedding and lm_head stay bf16. Per layer scales: q 32x32, k/v 8x32, o 32x32,
    // gate/up 112x32, down 32x112.
    {
        const quint64 linear = 32ull * (2 * 4096 * 4096 + 2 * 1024 * 4096 + 3 * 14336 * 4096);
        const quint64 scales = 32ull * (2 * 1024 + 2 * 256 + 3 * 3584);
        QTest::newRow("llama/fp8-block")
            << editedConfig("Llama-3.1-8B.json",
                            [](J &j) {
                                j["quantization_config"] = {{"quant_method", "fp8"},
                                                            {"fmt", "e4m3"},
                                                            {"weight_block_size", {128, 128}}};
                            })
            << llama8b << linear + 4 * scales + (llama8b - linear) * 2 << AttentionKind::GQA << 0u;
    }
    // GPTQ 4-bit on the same Linear layers: groups of 128 carry an fp16 scale and a 4-bit zero
    // (20 bits per 128 weights); group_size -1 is per-column quantization (transformers'
    // GPTQConfig), as AutoGPTQ writes it, with one scale per output channel and no groups.
    {
        const quint64 linear = 32ull * (2 * 4096 * 4096 + 2 * 1024 * 4096 + 3 * 14336 * 4096);
        const auto gptq = [](int group, int bits = 4) {
            return editedConfig("Llama-3.1-8B.json", [group, bits](J &j) {
                j["quantization_config"] = {{"quant_method", "gptq"},
                                            {"bits", bits},
                                            {"group_size", group},
                                            {"desc_act", true},
                                            {"sym", true}};
            });
        };
        QTest::newRow("llama/gptq-g128")
            << gptq(128) << llama8b << linear / 2 + linear * 20 / 1024 + (llama8b - linear) * 2
            << AttentionKind::GQA << 0u;
        QTest::newRow("llama/gptq-per-column")
            << gptq(-1) << llama8b << linear / 2 + (llama8b - linear) * 2 << AttentionKind::GQA
            << 0u;
        // 8-bit GPTQ (e.g. Qwen's *-GPTQ-Int8 releases: bits 8, group_size 128) keeps its
        // groups: an fp16 scale and an 8-bit zero per 128 weights (24 bits), 2.3 % over 1 B.
        QTest::newRow("llama/gptq-int8-g128")
            << gptq(128, 8) << llama8b << linear + linear * 24 / 1024 + (llama8b - linear) * 2
            << AttentionKind::GQA << 0u;
        // GPTQModel's dynamic rules, first match wins (vLLM gptq_utils.py
        // get_dynamic_override): "-:" keeps a module 16-bit, "+:" overrides bits / group_size.
        // The rules as the file writes them (a parsed object sorts its keys: "+:" before "-:").
        const auto dynamic = [](const QByteArray &rules) {
            QByteArray text = editedConfig("Llama-3.1-8B.json", [](J &j) {
                j["quantization_config"] = {{"quant_method", "gptq"},
                                            {"bits", 4},
                                            {"group_size", 128},
                                            {"sym", true},
                                            {"dynamic", "RULES"}};
            });
            return text.replace("\"RULES\"", rules);
        };
        const quint64 attn = 32ull * (2 * 4096 * 4096 + 2 * 1024 * 4096);
        const quint64 mlp = 32ull * 14336 * 4096;
        QTest::newRow("llama/gptq-dynamic-attention-kept")
            << dynamic(R"({"-:.*self_attn.*": {}})") << llama8b
            << 3 * mlp / 2 + 3 * mlp * 20 / 1024 + attn * 2 + (llama8b - linear) * 2
            << AttentionKind::GQA << 0u;
        QTest::newRow("llama/gptq-dynamic-first-match")
            << dynamic(R"({"-:.*down_proj": {}, "+:.*mlp.*": {"bits": 8}})") << llama8b
            << 2 * mlp + 2 * mlp * 24 / 1024 + mlp * 2 + attn / 2 + attn * 20 / 1024 +
                   (llama8b - linear) * 2
            << AttentionKind::GQA << 0u;
    }
}

// A GPTQ dynamic rule that is not a pattern RE2 takes, or not an object, names its key.
void TestModelImportRules::gptqDynamicBadRules() {
    using J = nlohmann::json;
    for (const auto &[rules, error] : std::vector<std::pair<J, std::string>>{
             {{{"-:(", J::object()}}, "quantization_config.dynamic[\"-:(\"]"},
             {{{"+:.*mlp.*", 8}}, "must be an object of overrides"},
             {{{".*mlp.*", {{"bits", 3}}}}, "unsupported bit width 3"},
             {J::array(), "must be an object of at most 4,096 module patterns"}}) {
        const QByteArray text = editedConfig("Llama-3.1-8B.json", [&](J &j) {
            j["quantization_config"] = {
                {"quant_method", "gptq"}, {"bits", 4}, {"group_size", 128}, {"dynamic", rules}};
        });
        const auto r = importHfConfigText(text.toStdString(), "edited.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.error().toString().find(error) != std::string::npos,
                 r.error().toString().c_str());
    }
}

void TestModelImportRules::generalRules() {
    QFETCH(QByteArray, json);
    QFETCH(quint64, total);
    QFETCH(quint64, bytes);
    QFETCH(AttentionKind, firstKind);
    QFETCH(uint, window);
    const auto r = importHfConfigText(json.toStdString(), "edited.json");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(quint64(r->totalParams), total);
    QCOMPARE(quint64(r->weightBytes()), bytes);
    QCOMPARE(r->layers.at(0).kind, firstKind);
    QCOMPARE(uint(r->layers.at(0).window), window);
}

// --- importModelPath ------------------------------------------------------------------------

void TestModelImportRules::importPath_data() {
    QTest::addColumn<QString>("config");   // resource to write as config.json ("" = none)
    QTest::addColumn<QByteArray>("index"); // model.safetensors.index.json ("" = none)
    QTest::addColumn<QString>("open");     // "dir", "config", "index"
    QTest::addColumn<bool>("ok");
    QTest::addColumn<quint64>("weightBytes"); // or 0 when !ok
    QTest::addColumn<quint64>("checkpointBytes");
    QTest::addColumn<QString>("errorPart");

    const QByteArray llamaIndex(R"({"metadata": {"total_size": 16060522496},
        "weight_map": {"model.embed_tokens.weight": "model-00001-of-00004.safetensors"}})");
    const QByteArray llamaIndexString(R"({"metadata": {"total_size": "16060522496"},
        "weight_map": {}})");
    // DeepSeek-V3's published index size includes the MTP layer (MF §3): the refinement spreads
    // the difference so that weightBytes() equals it.
    const QByteArray dsIndex(R"({"metadata": {"total_size": 688574839360}, "weight_map": {}})");

    QTest::newRow("dir/config-only")
        << "Llama-3.1-8B.json" << QByteArray() << "dir" << true << 16'060'522'496ull << 0ull << "";
    QTest::newRow("dir/index-int") << "Llama-3.1-8B.json" << llamaIndex << "dir" << true
                                   << 16'060'522'496ull << 16'060'522'496ull << "";
    QTest::newRow("dir/index-string") << "Llama-3.1-8B.json" << llamaIndexString << "dir" << true
                                      << 16'060'522'496ull << 16'060'522'496ull << "";
    QTest::newRow("index-file") << "Llama-3.1-8B.json" << llamaIndex << "index" << true
                                << 16'060'522'496ull << 16'060'522'496ull << "";
    QTest::newRow("config-file-ignores-index")
        << "Llama-3.1-8B.json" << llamaIndex << "config" << true << 16'060'522'496ull << 0ull << "";
    QTest::newRow("dir/deepseek-v3-with-mtp") << "DeepSeek-V3.json" << dsIndex << "dir" << true
                                              << 688'574'839'360ull << 688'574'839'360ull << "";
    QTest::newRow("dir/no-config")
        << "" << QByteArray() << "dir" << false << 0ull << 0ull << "no config.json";
    QTest::newRow("index-without-config")
        << "" << llamaIndex << "index" << false << 0ull << 0ull << "config.json";
    // A total_size of 0 is a placeholder a real W4A16 checkpoint ships (it was refused as
    // "another model"): the config's bytes stand, as with no index.
    QTest::newRow("dir/zero-index")
        << "Llama-3.1-8B.json" << QByteArray(R"({"metadata": {"total_size": 0}, "weight_map": {}})")
        << "dir" << true << 16'060'522'496ull << 0ull << "";
    QTest::newRow("dir/bad-index")
        << "Llama-3.1-8B.json" << QByteArray(R"({"metadata": {"total_size": -1}})") << "dir"
        << false << 0ull << 0ull << "total_size";
    QTest::newRow("dir/broken-index") << "Llama-3.1-8B.json" << QByteArray("{\"metadata\": ")
                                      << "dir" << false << 0ull << 0ull << "not valid JSON";
}

void TestModelImportRules::importPath() {
    QFETCH(QString, config);
    QFETCH(QByteArray, index);
    QFETCH(QString, open);
    QFETCH(bool, ok);
    QFETCH(quint64, weightBytes);
    QFETCH(quint64, checkpointBytes);
    QFETCH(QString, errorPart);

    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath("My-Model");
    QVERIFY(QDir().mkpath(dir));
    if (!config.isEmpty()) {
        writeFile(dir + "/config.json",
                  QByteArray::fromStdString(readResource("models/" + config)));
    }
    if (!index.isEmpty()) {
        writeFile(dir + "/model.safetensors.index.json", index);
    }
    const QString path = open == "dir"      ? dir
                         : open == "config" ? dir + "/config.json"
                                            : dir + "/model.safetensors.index.json";
    const auto r = importModelPath(path.toStdString());
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY2(QString::fromStdString(r.error().toString()).contains(errorPart),
                 r.error().toString().c_str());
        return;
    }
    QCOMPARE(quint64(r->weightBytes()), weightBytes);
    QCOMPARE(quint64(r->checkpointBytes), checkpointBytes);
    // No _name_or_path in these configs: the folder names the model.
    QCOMPARE(QString::fromStdString(r->displayName), QStringLiteral("My-Model"));
    QCOMPARE(QString::fromStdString(r->id), QStringLiteral("my-model"));
    QVERIFY(QString::fromStdString(r->source).endsWith("config.json"));
    const bool zeroNoted = std::any_of(r->notes.begin(), r->notes.end(), [](const auto &n) {
        return n.find("metadata.total_size is 0 (not measured)") != std::string::npos;
    });
    QCOMPARE(zeroNoted, QString(QTest::currentDataTag()) == "dir/zero-index");
}

// A config.json beyond 16 MiB is refused before parsing, naming the file and the limit: a
// padded 17 MiB config once parsed to a model, holding about five copies of its text at peak
// (a 50 MB one peaked at 267 MB, above the 256 MB bound for hostile input). Real configs are
// kilobytes; the largest carry label maps or module lists of well under 1 MiB.
void TestModelImportRules::oversizeConfigRefused() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString path = tmp.filePath("config.json");
    writeFile(path, editedConfig("Llama-3.1-8B.json", [](nlohmann::json &j) {
                  j["padding"] = std::string(17u << 20, 'x');
              }));
    const auto r = importModelPath(path.toStdString());
    QVERIFY(!r.ok());
    const QString error = QString::fromStdString(r.error().toString());
    QVERIFY2(error.contains("too large") && error.contains("config.json"), qPrintable(error));
}

// A bad field of ModelOpt's hf_quant_config.json is named in that file ("<dir>/hf_quant_config.
// json: quantization.exclude_modules[0]"), not under config.json, whose fields are fine.
void TestModelImportRules::quantSidecarErrorsNameItsFile() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    writeFile(tmp.filePath("config.json"), editedConfig("Llama-3.1-8B.json", [](auto &) {}));
    const std::string sidecar = tmp.filePath("hf_quant_config.json").toStdString();
    for (const auto &[text, expected] : std::vector<std::pair<QByteArray, std::string>>{
             {R"({"quantization":{"quant_algo":"FP8","exclude_modules":[3]}})",
              sidecar + ": quantization.exclude_modules[0]: must be a string"},
             {"[1]", sidecar + ": not a JSON object"}}) {
        writeFile(QString::fromStdString(sidecar), text);
        const auto r = importModelPath(tmp.path().toStdString());
        QVERIFY(!r.ok());
        const std::string error = r.error().toString();
        QVERIFY2(error.rfind(expected, 0) == 0, error.c_str());
    }
}

void TestModelImportRules::supportedArchitectures() {
    const auto archs = hostplan::supportedArchitectures();
    for (const char *a :
         {"llama", "mistral", "qwen2", "qwen3", "mixtral", "qwen3_moe", "deepseek_v3", "kimi_k2",
          "gpt_oss", "kimi_linear", "qwen3_next", "kimi_k3", "nemotron_h", "deepseek_v4",
          "granitemoehybrid", "mamba", "falcon_mamba", "mamba2", "jamba"}) {
        QVERIFY2(std::find(archs.begin(), archs.end(), a) != archs.end(), a);
    }
}

// The model's longest context as vLLM derives max_model_len: max_position_embeddings scaled by
// the RoPE factor (YaRN over its original length), not for llama3 / longrope or Gemma 3.
void TestModelImportRules::derivedMaxContext() {
    using J = nlohmann::json;
    const auto contextOf = [](const QByteArray &cfg) {
        const auto r = importHfConfigText(cfg.toStdString(), "ctx.json");
        return r.ok() ? r->maxContextTokens : 0;
    };
    // Qwen3 given YaRN x 4 over 32,768 (its model card's long-context recipe): 131,072.
    const auto yarn = [](J &j) {
        j["rope_scaling"] = {
            {"rope_type", "yarn"}, {"factor", 4.0}, {"original_max_position_embeddings", 32768}};
    };
    QCOMPARE(contextOf(editedConfig("Qwen3-235B-A22B.json", [](J &) {})), 40960ull);
    QCOMPARE(contextOf(editedConfig("Qwen3-235B-A22B.json", yarn)), 131072ull);
    {
        // SGLang takes no factor from a YaRN that names its original length.
        const auto r = importHfConfigText(editedConfig("Qwen3-235B-A22B.json", yarn).toStdString(),
                                          "yarn.json");
        QVERIFY(r.ok());
        QCOMPARE(r->sglangMaxContextTokens, 40960ull);
    }
    // transformers v5's per-layer-type rope_parameters, the same YaRN on one of them.
    QCOMPARE(contextOf(editedConfig("Qwen3-235B-A22B.json",
                                    [](J &j) {
                                        j.erase("rope_scaling");
                                        j["rope_parameters"] = {
                                            {"full_attention",
                                             {{"rope_type", "yarn"},
                                              {"factor", 4.0},
                                              {"original_max_position_embeddings", 32768}}},
                                            {"sliding_attention", {{"rope_type", "default"}}}};
                                    })),
             131072ull);
    // Linear and dynamic scale the length; "type" is the older spelling of rope_type.
    QCOMPARE(contextOf(editedConfig("Qwen3-235B-A22B.json",
                                    [](J &j) {
                                        j["rope_scaling"] = {{"type", "linear"}, {"factor", 2.0}};
                                    })),
             81920ull);
    // llama3 and longrope keep max_position_embeddings; DeepSeek-V3's YaRN (40 x 4,096) is it.
    QCOMPARE(contextOf(editedConfig("Llama-3.1-8B.json", [](J &) {})), 131072ull);
    QCOMPARE(contextOf(editedConfig("DeepSeek-V3.json", [](J &) {})), 163840ull);
    // Gemma 3's 131,072 is already scaled (linear x 8): not scaled again.
    auto gemma = editedConfig("Llama-3.1-8B.json", [](J &j) {
        j["model_type"] = "gemma3_text";
        j["architectures"] = {"Gemma3ForCausalLM"};
        j["rope_scaling"] = {{"rope_type", "linear"}, {"factor", 8.0}};
    });
    const auto g = importHfConfigText(gemma.toStdString(), "gemma3.json");
    QVERIFY2(g.ok(), g.ok() ? "" : g.error().toString().c_str());
    QCOMPARE(g->maxContextTokens, 131072ull);
    // vLLM takes the smallest of its length keys: an n_positions of 4,096 beside 131,072 limits
    // the context to 4,096; a key alone is read; a tokenizer's 1e30 model_max_length is none.
    QCOMPARE(contextOf(editedConfig("Llama-3.1-8B.json", [](J &j) { j["n_positions"] = 4096; })),
             4096ull);
    QCOMPARE(contextOf(editedConfig("Llama-3.1-8B.json",
                                    [](J &j) {
                                        j.erase("max_position_embeddings");
                                        j.erase("rope_scaling");
                                        j["seq_length"] = 16384;
                                    })),
             16384ull);
    QCOMPARE(
        contextOf(editedConfig("Llama-3.1-8B.json", [](J &j) { j["model_max_length"] = 1e30; })),
        131072ull);
}

QTEST_GUILESS_MAIN(TestModelImportRules)
#include "tst_modelimport_rules.moc"
