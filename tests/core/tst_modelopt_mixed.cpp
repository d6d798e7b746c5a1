// SPDX-License-Identifier: MIT
// ModelOpt MIXED_PRECISION checkpoints (core/import/modelopt.cpp readQuantizedLayers,
// quantization.cpp Quantization::moduleScheme): each module that quantized_layers names is
// stored in its own algorithm, the others in the model dtype, as vLLM loads them
// (modelopt.py @ 00155cde ModelOptMixedPrecisionConfig). Real config:
// nvidia/Qwen3.6-27B-NVFP4 (tests/data/configs, source in its README.md).
#include "import/modelimport.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

using namespace hostplan;

namespace {

std::string readConfig(const char *name) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

/// Parameters and stored bytes of the groups of `m` with `role` in `format`.
struct Tally {
    std::uint64_t params = 0, bytes = 0;
};
Tally tally(const ModelSpec &m, GroupRole role, const NumberFormat &format) {
    Tally t;
    for (const auto &g : m.groups) {
        if (g.role == role && g.format == format) {
            t.params += g.params;
            t.bytes += g.bytes();
        }
    }
    return t;
}

/// A small Llama config with `quant` as its ModelOpt hf_quant_config.json text.
Result<ModelSpec> llamaWith(const std::string &quant) {
    const std::string config = R"({"architectures":["LlamaForCausalLM"],"model_type":"llama",
        "hidden_size":1024,"intermediate_size":4096,"num_hidden_layers":4,
        "num_attention_heads":8,"num_key_value_heads":8,"vocab_size":32000,
        "max_position_embeddings":4096,"torch_dtype":"bfloat16"})";
    return importHfConfigText(config, "llama", quant);
}

} // namespace

class tst_ModelOptMixed : public QObject {
    Q_OBJECT

  private slots:
    // nvidia/Qwen3.6-27B-NVFP4: 64 layers (48 Gated DeltaNet, 16 full attention), hidden 5120,
    // intermediate 17408. quantized_layers puts every MLP projection and the LM head in
    // W4A16_NVFP4 (e2m1 two a byte, an e4m3 scale per 16, fp32 global and input scales per
    // tensor), the attention and Gated DeltaNet projections in FP8 (a byte a weight, fp32
    // weight and input scales per tensor), and names neither in_proj_b / in_proj_a nor the
    // embedding, which stay bf16.
    void qwen36Nvfp4() {
        const auto m =
            importHfConfigText(readConfig("nvidia--Qwen3.6-27B-NVFP4_config.json"), "qwen3.6",
                               readConfig("nvidia--Qwen3.6-27B-NVFP4_hf_quant_config.json"));
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 5120, I = 17408, V = 248320;
        // MLP: gate / up [I, H] and down [H, I], 2880 and 9792 bytes a row.
        const Tally mlp = tally(*m, GroupRole::DenseMlp, formats::nvfp4);
        QCOMPARE(mlp.params, 64ull * 3 * H * I);
        QCOMPARE(mlp.bytes, 64ull * (2 * (I * 2880 + 8) + (H * 9792 + 8)));
        QCOMPARE(tally(*m, GroupRole::DenseMlp, formats::bf16).params, 0ull);
        const Tally head = tally(*m, GroupRole::LmHead, formats::nvfp4);
        QCOMPARE(head.params, V * H);
        QCOMPARE(head.bytes, V * 2880 + 8);
        QCOMPARE(tally(*m, GroupRole::Embedding, formats::bf16).params, V * H);
        // FP8: full attention q (gated: 2 x 24 x 256), k, v (4 x 256) and o [H, 6144]; Gated
        // DeltaNet in_proj_qkv (2 x 16 x 128 + 48 x 128 = 10240) and in_proj_z (6144), which
        // vLLM fuses into in_proj_qkvz and resolves by those shards, and out_proj.
        const Tally fp8 = tally(*m, GroupRole::Attention, formats::fp8);
        const std::uint64_t full = H * (12288 + 1024 + 1024 + 6144);
        const std::uint64_t gdn = H * (10240 + 6144 + 6144);
        QCOMPARE(fp8.params, 16 * full + 48 * gdn);
        // Two fp32 scales per tensor; vLLM's fused in_proj_qkvz (in_proj_qkv + in_proj_z, both
        // FP8 in quantized_layers) is one tensor here, 8 B short of the checkpoint's two.
        QCOMPARE(fp8.bytes, 16 * full + 48 * gdn + (16 * 4 + 48 * 2) * 8);
        // in_proj_b and in_proj_a [48, H] stay bf16, with the norms and convolutions.
        QVERIFY(tally(*m, GroupRole::Attention, formats::bf16).params >= 48ull * 2 * 48 * H);
        // The same mapping in config.json's own quantization_config gives the same bytes.
        const auto inConfig =
            importHfConfigText(readConfig("nvidia--Qwen3.6-27B-NVFP4_config.json"), "qwen3.6");
        QVERIFY2(inConfig.ok(), inConfig.ok() ? "" : inConfig.error().toString().c_str());
        QCOMPARE(inConfig->weightBytes(), m->weightBytes());
        // 21.1 GB in all (9.6 GB of NVFP4 MLPs, 7.2 GB of FP8 projections, the bf16 embedding
        // and vision tower), where the bf16 checkpoint holds 55 GB.
        const auto bf16 = importHfConfigText(readConfig("nvidia--Qwen3.6-27B-NVFP4_config.json"),
                                             "qwen3.6", R"({"quantization":{"quant_algo":"FP8",
            "exclude_modules":["*"]}})");
        QVERIFY2(bf16.ok(), bf16.ok() ? "" : bf16.error().toString().c_str());
        QVERIFY2(m->weightBytes() > 21.0e9 && m->weightBytes() < 21.2e9,
                 qPrintable(QString::number(double(m->weightBytes()) / 1e9)));
        QVERIFY2(bf16->weightBytes() > 54e9 && bf16->weightBytes() < 56e9,
                 qPrintable(QString::number(double(bf16->weightBytes()) / 1e9)));
    }

    // How a module finds its entry (vLLM _resolve_quant_algo): itself, or children listed one
    // by one; a Linear's parent listed whole does not count (vLLM looks up the Linear's own
    // prefix and its packed shards), and a module no entry names stays bf16.
    void moduleResolution() {
        const auto m = llamaWith(R"({"quantization":{"quant_algo":"MIXED_PRECISION",
            "quantized_layers":{
              "model.layers.0.self_attn":{"quant_algo":"FP8"},
              "model.layers.1.mlp.down_proj.sub":{"quant_algo":"NVFP4","group_size":16},
              "model.layers.2.mlp.gate_proj":{"quant_algo":"fp8"}}}})");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 1024, I = 4096;
        QCOMPARE(tally(*m, GroupRole::Attention, formats::fp8).params, 0ull);
        // Layer 1's down_proj by its child entry, layer 2's gate_proj by its own (upper-cased).
        QCOMPARE(tally(*m, GroupRole::DenseMlp, formats::nvfp4).params, H * I);
        QCOMPARE(tally(*m, GroupRole::DenseMlp, formats::fp8).params, H * I);
        QCOMPARE(tally(*m, GroupRole::DenseMlp, formats::bf16).params, (4 * 3 - 2) * H * I);
        QCOMPARE(tally(*m, GroupRole::LmHead, formats::bf16).params, 32000 * H);
    }

    // Routed experts take the entry of their FusedMoE layer ("model.layers.N.mlp.experts",
    // vLLM's layer prefix) or the first entry under it, whichever expert it names (layer 3
    // lists expert 5's down_proj only: vLLM quantizes the whole layer by it); entries above the
    // MoE layer ("model.layers.2.mlp", "model") do not count. The router stays bf16.
    void expertsByTheirMoeLayer() {
        const std::string config = R"({"architectures":["Qwen3MoeForCausalLM"],
            "model_type":"qwen3_moe","hidden_size":1024,"intermediate_size":4096,
            "moe_intermediate_size":512,"num_experts":8,"num_experts_per_tok":2,
            "num_hidden_layers":4,"num_attention_heads":8,"num_key_value_heads":4,
            "head_dim":128,"vocab_size":32000,"max_position_embeddings":4096,
            "torch_dtype":"bfloat16"})";
        const auto m = importHfConfigText(config, "moe", R"({"quantization":{
            "quant_algo":"MIXED_PRECISION","quantized_layers":{
              "model.layers.0.mlp.experts":{"quant_algo":"NVFP4","group_size":16},
              "model.layers.1.mlp.experts.0.gate_proj":{"quant_algo":"FP8"},
              "model.layers.1.mlp.experts.0.up_proj":{"quant_algo":"FP8"},
              "model.layers.1.mlp.experts.0.down_proj":{"quant_algo":"FP8"},
              "model.layers.2.mlp":{"quant_algo":"FP8"},
              "model":{"quant_algo":"FP8"},
              "model.layers.3.mlp.experts.5.down_proj":{"quant_algo":"NVFP4"}}}})");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t perLayer = 8ull * 3 * 1024 * 512;
        QCOMPARE(tally(*m, GroupRole::RoutedExperts, formats::nvfp4).params, 2 * perLayer);
        QCOMPARE(tally(*m, GroupRole::RoutedExperts, formats::fp8).params, perLayer);
        QCOMPARE(tally(*m, GroupRole::RoutedExperts, formats::bf16).params, perLayer);
        QCOMPARE(tally(*m, GroupRole::MoeOther, formats::bf16).params, 4ull * 8 * 1024);
    }

    // A fused layer resolves by its shards (vLLM's packed_modules_mapping): Qwen3.5's
    // in_proj_qkvz by in_proj_qkv and in_proj_z, which must agree; vLLM refuses a fused layer of
    // two algorithms, and so does the import, naming the mapping.
    void fusedShardsMustAgree() {
        std::string quant = readConfig("nvidia--Qwen3.6-27B-NVFP4_hf_quant_config.json");
        const std::string shard = "\"model.language_model.layers.0.linear_attn.in_proj_z\": {\n"
                                  "                \"quant_algo\": \"FP8\"";
        const std::size_t at = quant.find(shard);
        QVERIFY(at != std::string::npos);
        quant.replace(at, shard.size(),
                      "\"model.language_model.layers.0.linear_attn.in_proj_z\": {\"group_size\": "
                      "16, \"quant_algo\": \"NVFP4\"");
        const auto m = importHfConfigText(readConfig("nvidia--Qwen3.6-27B-NVFP4_config.json"),
                                          "qwen3.6", quant);
        QVERIFY(!m.ok());
        const QString error = QString::fromStdString(m.error().toString());
        QVERIFY2(error.contains("quantization.quantized_layers") &&
                     error.contains("layers.0.linear_attn.in_proj_qkvz has shards in FP8 and "
                                    "NVFP4"),
                 qPrintable(error));
    }

    // exclude_modules wins over quantized_layers (vLLM tests is_layer_excluded first), and a
    // multimodal checkpoint's lm_head is the top-level "lm_head" (transformers' layout).
    void excludeBeatsTheMapping() {
        std::string quant = readConfig("nvidia--Qwen3.6-27B-NVFP4_hf_quant_config.json");
        const std::size_t at = quant.find("\"mtp*\"");
        QVERIFY(at != std::string::npos);
        quant.insert(at, "\"lm_head\", ");
        const auto m = importHfConfigText(readConfig("nvidia--Qwen3.6-27B-NVFP4_config.json"),
                                          "qwen3.6", quant);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(tally(*m, GroupRole::LmHead, formats::bf16).params, 248320ull * 5120);
    }

    // A mapping that names none of the model's modules says so: nothing is silently bf16.
    void noModuleNamedIsNoted() {
        const auto m = llamaWith(R"({"quantization":{"quant_algo":"MIXED_PRECISION",
            "quantized_layers":{"decoder.layers.0.fc1":{"quant_algo":"FP8"}}}})");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QVERIFY(std::any_of(m->notes.begin(), m->notes.end(), [](const std::string &n) {
            return n.find("quantized_layers names none of this model's modules") !=
                   std::string::npos;
        }));
    }

    // A hostile mapping of 300,000 entries (about 14 MB, under the 16 MiB config bound) costs
    // a map node per entry, and the modules it names are still found among them.
    void manyEntries() {
        std::string quant = R"({"quantization":{"quant_algo":"MIXED_PRECISION",
            "quantized_layers":{"model.layers.3.mlp.up_proj":{"quant_algo":"FP8"})";
        for (int i = 0; i < 300000; ++i) {
            quant += ",\"model.layers.9" + std::to_string(i) + ".x\":{\"quant_algo\":\"FP8\"}";
        }
        quant += "}}}";
        QVERIFY(quant.size() < (16u << 20));
        const auto m = llamaWith(quant);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(tally(*m, GroupRole::DenseMlp, formats::fp8).params, 1024ull * 4096);
    }

    // Bad mappings name the field; none is silently read as bf16.
    void badMappingsNameTheField_data() {
        QTest::addColumn<QString>("quant");
        QTest::addColumn<QString>("error");
        QTest::newRow("absent") << R"({"quantization":{"quant_algo":"MIXED_PRECISION"}})"
                                << "quantization.quantized_layers: MIXED_PRECISION needs a "
                                   "non-empty quantized_layers mapping";
        QTest::newRow("empty")
            << R"({"quantization":{"quant_algo":"MIXED_PRECISION","quantized_layers":{}}})"
            << "quantization.quantized_layers: MIXED_PRECISION needs";
        QTest::newRow("entry not an object")
            << R"({"quantization":{"quant_algo":"MIXED_PRECISION","quantized_layers":{"a":3}}})"
            << "quantization.quantized_layers.a: must be an object with quant_algo";
        QTest::newRow("unknown algorithm")
            << R"({"quantization":{"quant_algo":"MIXED_PRECISION",
                  "quantized_layers":{"model.layers.0.mlp.up_proj":{"quant_algo":"INT3"}}}})"
            << "quantization.quantized_layers.model.layers.0.mlp.up_proj.quant_algo: "
               "unsupported ModelOpt quantization algorithm 'INT3'";
        QTest::newRow("newline in a key")
            << R"({"quantization":{"quant_algo":"MIXED_PRECISION",
                  "quantized_layers":{"a\nhostplan-cli: forged":{"quant_algo":"INT3"}}}})"
            << "quantization.quantized_layers.a\\u000Ahostplan-cli: forged.quant_algo: "
               "unsupported ModelOpt quantization algorithm 'INT3'";
        QTest::newRow("NVFP4 group")
            << R"({"quantization":{"quant_algo":"MIXED_PRECISION",
                  "quantized_layers":{"x":{"quant_algo":"NVFP4","group_size":32}}}})"
            << "quantization.quantized_layers.x.group_size: NVFP4 uses groups of 16";
        std::string many = R"({"quantization":{"quant_algo":"MIXED_PRECISION",
            "quantized_layers":{)";
        for (int i = 1; i <= 65; ++i) {
            many += (i > 1 ? "," : "") + std::string("\"m") + std::to_string(i) +
                    "\":{\"quant_algo\":\"W4A16_AWQ\",\"group_size\":" + std::to_string(i) + "}";
        }
        many += "}}}";
        QTest::newRow("65 schemes") << QString::fromStdString(many)
                                    << "quantization.quantized_layers: more than 64 distinct";
    }
    void badMappingsNameTheField() {
        QFETCH(QString, quant);
        QFETCH(QString, error);
        const auto m = llamaWith(quant.toStdString());
        QVERIFY(!m.ok());
        const QString got = QString::fromStdString(m.error().toString());
        QVERIFY2(got.contains(error), qPrintable(got));
    }
};

QTEST_GUILESS_MAIN(tst_ModelOptMixed)
#include "tst_modelopt_mixed.moc"
