// SPDX-License-Identifier: MIT
// What the serving engines do with a checkpoint's formats at load, beyond its bytes on disk:
// - a float32 checkpoint runs in 16 bits under --dtype auto (vLLM _resolve_auto_dtype), and
//   --weights-format fp32 (--dtype float32) takes every tensor and, with --kv-cache-dtype auto,
//   the KV cache to float32 (the serve commands then carry --dtype float32);
// - re-quantizing to FP8 / INT8 leaves the LM head and embedding 16-bit (vLLM's online FP8,
//   llm-compressor's ignore lm_head), a float dtype casts everything;
// - compressed-tensors "int-quantized" W8A8 INT8 checkpoints import as int8 linear layers;
// - a float32 checkpoint keeps a 16-bit embedding and LM head beside quantized layers, and a
//   float dtype on a quantized checkpoint is a dequantized plan the engines would not serve;
//   the commands' --dtype / --kv-cache-dtype follow what auto would do;
// - scaled RoPE widens vLLM's rotary cache (linear / dynamic x factor, YaRN original x factor,
//   a second unscaled instance for rope_local_base_freq, one per transformers-v5 layer type);
//   a bad, missing or NaN factor names the field;
// - vLLM 0.19's profile keeps the fused-MoE workspace through the sampler warm-up.
// Configs: tests/data/configs (README.md names where each was copied from) and the configs of
// golden rows P12-P18 (tests/core/goldenheldout.h).

#include "catalogue/catalogue.h"
#include "engine/enginememory.h"
#include "engine/servecommand.h"
#include "engine/servedtype.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "sizing/memory.h"
#include "plantestutil.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

#include <algorithm>

using namespace hostplan;

namespace {

std::string configText(const QString &name) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + name);
    if (!f.open(QIODevice::ReadOnly)) {
        qFatal("missing test config %s", qPrintable(name));
    }
    return f.readAll().toStdString();
}

ModelSpec imported(const std::string &text, const std::string &source) {
    auto r = importHfConfigText(text, source);
    if (!r.ok()) {
        qFatal("%s", r.error().toString().c_str());
    }
    return r.value();
}

const TensorGroup *group(const ModelSpec &m, GroupRole role) {
    for (const auto &g : m.groups) {
        if (g.role == role && g.params) {
            return &g;
        }
    }
    return nullptr;
}

/// Whether any of `lines` contains `text`.
bool anyHas(const std::vector<std::string> &lines, const std::string &text) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string &l) { return l.find(text) != std::string::npos; });
}

Scenario h100(std::uint32_t gpus) {
    Scenario s;
    s.hardware.gpu = "h100-sxm";
    s.hardware.gpuCount = gpus;
    s.engine.engine = Engine::Vllm;
    s.workload.contextTokens = 8192;
    s.workload.concurrency = 4;
    return s;
}

/// A Llama-style text config with `ropeScaling` (a JSON object text, or "null").
std::string ropeConfig(const std::string &ropeScaling, const std::string &extra = "") {
    return R"({"model_type":"llama","hidden_size":1024,"intermediate_size":4096,
      "num_attention_heads":8,"num_key_value_heads":8,"num_hidden_layers":2,
      "vocab_size":32000,"max_position_embeddings":32768,"rope_scaling":)" +
           ropeScaling + extra + "}";
}

} // namespace

class TestServingDtype : public QObject {
    Q_OBJECT
  private slots:
    void float32CheckpointServesInBf16() {
        // mattshumer/Reflection-Llama-3.1-70B ships float32 (torch_dtype): 282 GB on disk.
        const ModelSpec fp32 =
            imported(configText("mattshumer--Reflection-Llama-3.1-70B_config.json"), "refl");
        QCOMPARE(fp32.dtype, formats::fp32);
        const auto p = evaluate(h100(8), Catalogue::builtin(), fp32);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->model.weightBytes() * 2, fp32.weightBytes());
        for (const auto &g : p->model.groups) {
            QCOMPARE(g.format, formats::bf16);
        }
        QVERIFY(anyHas(p->warnings, "The checkpoint is float32"));
        QCOMPARE(p->scenario.model.kvFormat, formats::bf16);
        QCOMPARE(flagValue(vllmServeCommand(*p, Catalogue::builtin()), "--dtype"),
                 std::string("<absent>"));
    }

    void float32WeightsKeepFloat32Kv() {
        // --dtype float32 on Llama-3.1-8B (row P18): every tensor 4 bytes, and the KV cache
        // follows: 32 layers x 8 KV heads x 128 x (K + V) x 4 B = 262,144 B per token.
        const ModelSpec bf16 = Catalogue::builtin().loadModel("llama-3.1-8b").value();
        Scenario s = h100(1);
        s.model.weightsFormat = formats::fp32;
        const auto p = evaluate(s, Catalogue::builtin(), bf16);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->scenario.model.kvFormat, formats::fp32);
        QCOMPARE(p->memory.cache.kvBytesPerToken, 262144ull);
        QCOMPARE(p->model.weightBytes(), 2 * bf16.weightBytes());
        QVERIFY(p->kvFormatNote.find("FP32") != std::string::npos);
        QCOMPARE(flagValue(vllmServeCommand(*p, Catalogue::builtin()), "--dtype"),
                 std::string("float32"));
        QCOMPARE(flagValue(vllmServeCommand(*p, Catalogue::builtin()), "--kv-cache-dtype"),
                 std::string("auto"));
        QCOMPARE(flagValue(sglangServeCommand(*p, Catalogue::builtin()), "--dtype"),
                 std::string("float32"));
        // A KV format the scenario names wins over the dtype's.
        s.model.kvFormat = formats::fp8;
        const auto named = evaluate(s, Catalogue::builtin(), bf16);
        QVERIFY(named.ok());
        QCOMPARE(named->memory.cache.kvBytesPerToken, 65536ull);
    }

    void float32FlagsFollowTheEngineDefault() {
        // A float32 checkpoint planned at fp32: --dtype auto would load it in BF16, so the
        // command must say float32 although the checkpoint already is.
        const ModelSpec fp32 =
            imported(configText("mattshumer--Reflection-Llama-3.1-70B_config.json"), "refl");
        Scenario s = h100(8);
        s.model.weightsFormat = formats::fp32;
        const auto p = evaluate(s, Catalogue::builtin(), fp32);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->model.weightBytes(), fp32.weightBytes());
        const ServeCommand v = vllmServeCommand(*p, Catalogue::builtin());
        QCOMPARE(flagValue(v, "--dtype"), std::string("float32"));
        QCOMPARE(flagValue(v, "--kv-cache-dtype"), std::string("auto"));
        QCOMPARE(flagValue(sglangServeCommand(*p, Catalogue::builtin()), "--dtype"),
                 std::string("float32"));
        // A BF16 cache beside float32 compute needs its own value in both engines.
        s.model.kvFormat = formats::bf16;
        s.model.kvBf16Chosen = true; // named, not the default
        const auto bf16Kv = evaluate(s, Catalogue::builtin(), fp32);
        QVERIFY(bf16Kv.ok());
        QCOMPARE(flagValue(vllmServeCommand(*bf16Kv, Catalogue::builtin()), "--kv-cache-dtype"),
                 std::string("bfloat16"));
        QCOMPARE(flagValue(sglangServeCommand(*bf16Kv, Catalogue::builtin()), "--kv-cache-dtype"),
                 std::string("bfloat16"));
        // FP16 beside float32 compute has no option: auto stays and a note says what it does.
        s.model.kvFormat = formats::fp16;
        const auto fp16Kv = evaluate(s, Catalogue::builtin(), fp32);
        QVERIFY(fp16Kv.ok());
        const ServeCommand c = vllmServeCommand(*fp16Kv, Catalogue::builtin());
        QCOMPARE(flagValue(c, "--kv-cache-dtype"), std::string("auto"));
        QVERIFY(anyHas(c.notes, "KV format FP16 is not one vLLM offers beside FP32"));
    }

    void float32CheckpointQuantizedKeepsBf16Head() {
        // FP8 linear layers on a float32 checkpoint: the embedding and LM head load in BF16
        // (--dtype auto), not float32, and the float32 warning stays.
        const ModelSpec fp32 =
            imported(configText("mattshumer--Reflection-Llama-3.1-70B_config.json"), "refl");
        Scenario s = h100(8);
        s.model.weightsFormat = formats::fp8;
        const auto p = evaluate(s, Catalogue::builtin(), fp32);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(group(p->model, GroupRole::LmHead)->format, formats::bf16);
        QCOMPARE(group(p->model, GroupRole::Embedding)->format, formats::bf16);
        QCOMPARE(group(p->model, GroupRole::Attention)->format, formats::fp8);
        // 128,262 x 8,192 at 2 bytes.
        QCOMPARE(group(p->model, GroupRole::LmHead)->bytes(), 2101444608ull);
        QVERIFY(anyHas(p->warnings,
                       "The checkpoint is float32 (torch_dtype); vLLM loads it in BF16 by "
                       "default (--dtype auto), so the plan does too for the "
                       "tensors FP8 leaves alone"));
        QVERIFY(!p->checkpointQuantized);
    }

    void floatDtypeOnAQuantizedCheckpoint() {
        // Qwen3-32B-FP8 planned at BF16: the plan dequantizes, the engines would not.
        const ModelSpec fp8 = imported(configText("Qwen--Qwen3-32B-FP8_config.json"), "q32fp8");
        Scenario s = h100(2);
        s.model.weightsFormat = formats::bf16;
        const auto p = evaluate(s, Catalogue::builtin(), fp8);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QVERIFY(p->checkpointQuantized.has_value());
        QCOMPARE(p->checkpointQuantized->kind, FormatKind::FP8_E4M3);
        QVERIFY(anyHas(p->warnings, "stores its linear layers in FP8"));
        // A quantized re-sizing is said as well (the engines serve FP8 as stored), the same
        // format is not.
        Scenario q = s;
        q.model.weightsFormat = formats::nvfp4;
        const auto p4 = evaluate(q, Catalogue::builtin(), fp8);
        QVERIFY(p4.ok() && !p4->checkpointQuantized);
        QVERIFY(anyHas(p4->warnings, "stores its linear layers in FP8; the plan sizes them as"));
        q.model.weightsFormat = formats::fp8;
        const auto same = evaluate(q, Catalogue::builtin(), fp8);
        QVERIFY(same.ok() && !anyHas(same->warnings, "stores its linear layers in"));
        const ServeCommand v = vllmServeCommand(*p, Catalogue::builtin());
        QCOMPARE(flagValue(v, "--dtype"), std::string("<absent>")); // auto is BF16 already
        QVERIFY(anyHas(v.notes, "The plan assumes BF16 weights"));
        // float16: --dtype reaches only the unquantized tensors, and says so.
        s.model.weightsFormat = formats::fp16;
        const auto h = evaluate(s, Catalogue::builtin(), fp8);
        QVERIFY(h.ok());
        int dtypeFlags = 0;
        for (const auto &flag : vllmServeCommand(*h, Catalogue::builtin()).flags) {
            if (flag.flag == "--dtype") {
                ++dtypeFlags;
                QCOMPARE(flag.value, std::string("float16"));
                QVERIFY(flag.explanation.find("FP8 linear layers load as stored") !=
                        std::string::npos);
                QVERIFY(flag.explanation.find("BF16 checkpoint") != std::string::npos);
            }
        }
        QCOMPARE(dtypeFlags, 1);
        // float32: the FP8 kernels take 16-bit activations only, so no flag, a note.
        s.model.weightsFormat = formats::fp32;
        const auto f = evaluate(s, Catalogue::builtin(), fp8);
        QVERIFY(f.ok());
        const ServeCommand c = vllmServeCommand(*f, Catalogue::builtin());
        QCOMPARE(flagValue(c, "--dtype"), std::string("<absent>"));
        QVERIFY(anyHas(c.notes, "vLLM refuses float32"));
        // The command then runs in BF16, so its auto cache is BF16, not the plan's FP32.
        QVERIFY(anyHas(c.notes, "KV format FP32 is not one vLLM offers beside BF16"));
        QCOMPARE(flagValue(c, "--kv-cache-dtype"), std::string("auto"));
    }

    void kvFollowsTheComputeDtype() {
        // --weights-format fp16 computes in FP16 and, with --kv-cache-dtype auto, caches so:
        // a BF16 cache beside FP16 compute would be read with the wrong bits.
        const ModelSpec bf16 = Catalogue::builtin().loadModel("llama-3.1-8b").value();
        Scenario s = h100(1);
        s.model.weightsFormat = formats::fp16;
        const auto p = evaluate(s, Catalogue::builtin(), bf16);
        QVERIFY(p.ok());
        QCOMPARE(p->scenario.model.kvFormat, formats::fp16);
        const ServeCommand v = vllmServeCommand(*p, Catalogue::builtin());
        QCOMPARE(flagValue(v, "--dtype"), std::string("float16"));
        QCOMPARE(flagValue(v, "--kv-cache-dtype"), std::string("auto"));
        const ServeCommand g = sglangServeCommand(*p, Catalogue::builtin());
        QCOMPARE(flagValue(g, "--dtype"), std::string("float16"));
        QCOMPARE(flagValue(g, "--kv-cache-dtype"), std::string("<absent>"));
        // An FP16 checkpoint caches FP16 by default, and no flag is needed.
        ModelSpec fp16 = bf16;
        fp16.dtype = formats::fp16;
        const auto q = evaluate(h100(1), Catalogue::builtin(), fp16);
        QVERIFY(q.ok());
        QCOMPARE(q->scenario.model.kvFormat, formats::fp16);
        QCOMPARE(flagValue(vllmServeCommand(*q, Catalogue::builtin()), "--kv-cache-dtype"),
                 std::string("auto"));
        QCOMPARE(flagValue(vllmServeCommand(*q, Catalogue::builtin()), "--dtype"),
                 std::string("<absent>"));
    }

    void sglangLoadsFloat32InFp16() {
        // SGLang's auto takes a float32 checkpoint to FP16 (BF16 for Gemma 2), vLLM's to BF16:
        // each plan follows its engine, and the other engine's command says --dtype.
        const ModelSpec fp32 =
            imported(configText("mattshumer--Reflection-Llama-3.1-70B_config.json"), "refl");
        Scenario s = h100(8);
        s.engine.engine = Engine::Sglang;
        const auto p = evaluate(s, Catalogue::builtin(), fp32);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(group(p->model, GroupRole::Attention)->format, formats::fp16);
        QCOMPARE(p->scenario.model.kvFormat, formats::fp16);
        QVERIFY(anyHas(p->warnings, "SGLang loads it in FP16 by default"));
        QCOMPARE(flagValue(sglangServeCommand(*p, Catalogue::builtin()), "--dtype"),
                 std::string("<absent>"));
        QCOMPARE(flagValue(vllmServeCommand(*p, Catalogue::builtin()), "--dtype"),
                 std::string("float16"));
        // Under vLLM's rules the plan is BF16, and SGLang's command asks for it.
        const auto v = evaluate(h100(8), Catalogue::builtin(), fp32);
        QVERIFY(v.ok());
        QCOMPARE(flagValue(sglangServeCommand(*v, Catalogue::builtin()), "--dtype"),
                 std::string("bfloat16"));
        QCOMPARE(flagValue(vllmServeCommand(*v, Catalogue::builtin()), "--dtype"),
                 std::string("<absent>"));
        ModelSpec gemma2 = fp32;
        gemma2.architecture = "gemma2";
        QCOMPARE(engineAutoDtype(Engine::Sglang, gemma2), formats::bf16);
        QCOMPARE(engineAutoDtype(Engine::Sglang, fp32), formats::fp16);
        QCOMPARE(engineAutoDtype(Engine::Vllm, fp32), formats::bf16);
    }

    void quantizedFormatsKeepTheLmHead() {
        const ModelSpec bf16 = Catalogue::builtin().loadModel("llama-3.1-8b").value();
        const ModelSpec fp8 = withWeightFormat(bf16, formats::fp8);
        QCOMPARE(group(fp8, GroupRole::LmHead)->format, formats::bf16);
        QCOMPARE(group(fp8, GroupRole::Embedding)->format, formats::bf16);
        QCOMPARE(group(fp8, GroupRole::Attention)->format, formats::fp8);
        QCOMPARE(group(fp8, GroupRole::DenseMlp)->format, formats::fp8);
        // 128,256 x 4,096 LM head at 2 bytes: 1,050,673,152 B of the 8.49 GiB vLLM loads (P17).
        QCOMPARE(group(fp8, GroupRole::LmHead)->bytes(), 1050673152ull);
        // A float dtype casts the LM head back, and every other group with it.
        const ModelSpec fp16 = withWeightFormat(fp8, formats::fp16);
        for (const auto &g : fp16.groups) {
            QCOMPARE(g.format, formats::fp16);
        }
        QCOMPARE(fp16.weightBytes(), bf16.weightBytes());
    }

    void int8W8a8Imports() {
        const std::string cfg =
            R"({"model_type":"llama","hidden_size":4096,"intermediate_size":14336,
            "num_attention_heads":32,"num_key_value_heads":8,"num_hidden_layers":32,
            "vocab_size":128256,"max_position_embeddings":131072,"torch_dtype":"float16",
            "tie_word_embeddings":false,"quantization_config":{"quant_method":
            "compressed-tensors","format":"FORMAT","config_groups":{"group_0":{"targets":
            ["Linear"],"weights":{"num_bits":BITS,"type":"int","strategy":"channel"}}},
            "ignore":["lm_head"]}})";
        const auto with = [&](const std::string &format, const std::string &bits) {
            std::string t = cfg;
            t.replace(t.find("FORMAT"), 6, format);
            t.replace(t.find("BITS"), 4, bits);
            return importHfConfigText(t, "w8a8.json");
        };
        for (const char *format : {"int-quantized", "naive-quantized"}) {
            const auto m = with(format, "8");
            QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
            QCOMPARE(group(*m, GroupRole::Attention)->format, formats::int8);
            QCOMPARE(group(*m, GroupRole::DenseMlp)->format, formats::int8);
            QCOMPARE(group(*m, GroupRole::LmHead)->format, formats::fp16);
            QCOMPARE(group(*m, GroupRole::Embedding)->format, formats::fp16);
        }
        const auto four = with("int-quantized", "4");
        QVERIFY(!four.ok());
        QCOMPARE(four.error().field, std::string("quantization_config.format"));
        QVERIFY(four.error().message.find("'int-quantized' (4-bit int)") != std::string::npos);
    }

    void rotaryCacheFollowsRopeScaling_data() {
        QTest::addColumn<QString>("rope");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<qulonglong>("positions");
        QTest::newRow("none") << "null"
                              << "" << 32768ull;
        QTest::newRow("llama3 keeps max") << R"({"rope_type":"llama3","factor":8.0,
            "original_max_position_embeddings":8192})"
                                          << "" << 32768ull;
        QTest::newRow("linear x 8") << R"({"rope_type":"linear","factor":8.0})"
                                    << "" << 262144ull;
        QTest::newRow("dynamic x 2 (type)") << R"({"type":"dynamic","factor":2})"
                                            << "" << 65536ull;
        QTest::newRow("yarn original x factor")
            << R"({"rope_type":"yarn","factor":4.0,"original_max_position_embeddings":32768})"
            << "" << 131072ull;
        QTest::newRow("yarn at least max")
            << R"({"type":"yarn","factor":40,"original_max_position_embeddings":512})"
            << "" << 32768ull;
        QTest::newRow("v5 nested per layer type")
            << "null"
            << R"(,"rope_parameters":{"full_attention":{"rope_type":"linear","factor":2.0},
                 "sliding_attention":{"rope_type":"default","rope_theta":10000.0}})"
            << 98304ull;
        // Two equal per-type RoPEs are one cache (vLLM's get_rope keeps one instance per set of
        // parameters); the nested form holds the local RoPE, so rope_local_base_freq adds none.
        QTest::newRow("v5 nested holds the local RoPE")
            << "null"
            << R"(,"rope_parameters":{"full_attention":{"rope_type":"default"},
                 "sliding_attention":{"rope_type":"default","rope_theta":10000.0}},
                 "rope_local_base_freq":10000.0)"
            << 65536ull;
        QTest::newRow("v5 nested equal instances")
            << "null"
            << R"(,"rope_parameters":{"full_attention":{"rope_type":"default"},
                 "sliding_attention":{"rope_type":"default"}})"
            << 32768ull;
        // A plain value beside the per-type objects is shared (poolside/Laguna-XS.2 gives
        // original_max_position_embeddings so): yarn x 4 of 16384 is 65536 positions, the
        // sliding layers' plain RoPE 32768; an object's own value wins over the shared one.
        QTest::newRow("v5 nested with a shared value")
            << "null"
            << R"(,"rope_parameters":{"full_attention":{"rope_type":"yarn","factor":4.0},
                 "sliding_attention":{"rope_type":"default"},
                 "original_max_position_embeddings":16384})"
            << 98304ull;
        QTest::newRow("v5 nested, own value wins")
            << "null"
            << R"(,"rope_parameters":{"full_attention":{"rope_type":"yarn","factor":4.0,
                 "original_max_position_embeddings":32768},"sliding_attention":{},
                 "original_max_position_embeddings":16384})"
            << 163840ull;
        QTest::newRow("gemma3 local + global") << R"({"rope_type":"linear","factor":8.0})"
                                               << R"(,"rope_local_base_freq":10000.0)" << 294912ull;
    }
    void rotaryCacheFollowsRopeScaling() {
        QFETCH(QString, rope);
        QFETCH(QString, extra);
        QFETCH(qulonglong, positions);
        const ModelSpec m = imported(ropeConfig(rope.toStdString(), extra.toStdString()), "rope");
        QCOMPARE(qulonglong(m.rotaryCachePositions), positions);
    }

    // However many distinct instances a file lists at the largest context, the sum stays within
    // one instance's bound (2^40 positions), so positions x rotary dim x bytes cannot wrap.
    void rotaryInstancesCapped() {
        std::string cfg = ropeConfig("null", R"(,"rope_parameters":{"a":{"rope_type":"linear",
            "factor":2.0},"b":{"rope_type":"linear","factor":3.0},"c":{"rope_type":"default"}})");
        cfg.replace(cfg.find("32768"), 5, std::to_string(1ull << 40));
        const ModelSpec m = imported(cfg, "rope");
        QCOMPARE(qulonglong(m.rotaryCachePositions), qulonglong(1ull << 40));
    }

    void badRopeFactorNamesTheField_data() {
        QTest::addColumn<QString>("factor");
        QTest::newRow("below 1") << "0.5";
        QTest::newRow("huge") << "1e9";
        QTest::newRow("string") << "\"8\"";
        QTest::newRow("negative") << "-8";
    }
    void badRopeFactorNamesTheField() {
        QFETCH(QString, factor);
        const auto r = importHfConfigText(
            ropeConfig(R"({"rope_type":"linear","factor":)" + factor.toStdString() + "}"), "bad");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().field, std::string("rope_scaling.factor"));
    }

    void ropeFactorMustBeThere_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("NaN") << QString::fromStdString(
                                    ropeConfig(R"({"rope_type":"yarn","factor":NaN})"))
                             << "rope_scaling.factor"
                             << "is Infinity or NaN, not a number this model can be sized with";
        QTest::newRow("missing") << QString::fromStdString(ropeConfig(R"({"rope_type":"linear"})"))
                                 << "rope_scaling.factor"
                                 << "missing; RoPE type 'linear' needs a scaling factor";
        QTest::newRow("nested bad")
            << QString::fromStdString(ropeConfig(
                   "null", R"(,"rope_parameters":{"full_attention":{"rope_type":"dynamic",
                   "factor":0}})"))
            << "rope_parameters.full_attention.factor"
            << "must be a number from 1 to 1024";
        QTest::newRow("nested beside an array")
            << QString::fromStdString(
                   ropeConfig("null", R"(,"rope_parameters":{"full_attention":{"rope_type":"linear",
                   "factor":2},"rope_theta":[10000]})"))
            << "rope_parameters.rope_theta"
            << "must be an object (one layer type's RoPE) or a value the layer types share, not "
               "an array";
        QTest::newRow("local freq not a number")
            << QString::fromStdString(ropeConfig("null", R"(,"rope_local_base_freq":"10k")"))
            << "rope_local_base_freq"
            << "must be a number";
    }
    void ropeFactorMustBeThere() {
        QFETCH(QString, config);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const auto r = importHfConfigText(config.toStdString(), "rope");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        QCOMPARE(QString::fromStdString(r.error().message), message);
    }

    void moeWorkspaceOutlivesTheForward() {
        // Qwen3-30B-A3B on one H100 at 8192 batched tokens (row P13): the sampler warm-up runs
        // beside workspace13 (8192 x 8 x max(768, 2048)) and workspace2 (8192 x 8 x
        // max(1536, 2048)) in bf16: 536,870,912 B, plus the batch's hidden states.
        const ModelSpec m = imported(configText("Qwen--Qwen3-30B-A3B_config.json"), "qwen3-30b");
        const GpuSpec gpu = Catalogue::builtin().findGpu("h100-sxm").value();
        Scenario s = h100(1);
        s.engine.prefillChunkTokens = 8192;
        s.engine.vllmVersion = VllmProfile::V1v19;
        EngineMemoryInput in = engineInputFor(m, gpu, Parallelism{1, 1, 1}, s);
        in.vllmProfile = VllmProfile::V1v19;
        const EngineMemoryTerms v19 = vllmMemoryModel().terms(in);
        const std::uint64_t hidden = 8192ull * 2048 * 2;
        QCOMPARE(v19.activationPeak, hidden + v19.activationSampler + 536870912ull);
        // v0.11's profile (no workspace manager): the larger of the forward and the sampler.
        in.vllmProfile = VllmProfile::V1;
        const EngineMemoryTerms v11 = vllmMemoryModel().terms(in);
        QCOMPARE(v11.activationPeak,
                 std::max(v11.activationForward, hidden + v11.activationSampler));
    }
};

QTEST_APPLESS_MAIN(TestServingDtype)
#include "tst_servingdtype.moc"
