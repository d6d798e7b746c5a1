// SPDX-License-Identifier: MIT
// The generic importer (core/import/arch_generic.cpp, genericlayers.cpp) on 2025-2026 families
// whose configs carry per-layer shapes: LFM2's short convolutions and MLP width rule, Tencent
// Hunyuan's per-layer MoE lists, poolside Laguna's per-layer query heads and shared RoPE
// values, MiniMax-M3's dense layers, the non-gated MLPs of Nemotron, Arcee and Apertus,
// ERNIE 4.5's MoE keys, tying defaults (Cohere 2, LFM2's tie_embedding) and the refusal of
// unread keys that would change the answer. Configs in
// tests/data/configs/ (sources in its README.md); each expected count is the hand arithmetic
// written beside it.
#include "import/modelimport.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hostplan;
using hostplan::modelimporttest::layersOf;

namespace {

QByteArray readConfig(const QString &stem) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + stem + "_config.json");
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Result<ModelSpec> importStem(const QString &stem) {
    return importHfConfigText(readConfig(stem).toStdString(), stem.toStdString());
}

std::uint64_t groupParams(const ModelSpec &m, const std::string &name) {
    std::uint64_t n = 0;
    for (const auto &g : m.groups) {
        n += g.name.rfind(name, 0) == 0 ? g.params : 0;
    }
    return n;
}

/// LFM2-1.2B's shape (LiquidAI/LFM2-1.2B config.json: the first LFM2 configs list the
/// attention layers in full_attn_idxs and size the MLP with block_auto_adjust_ff_dim).
const char *kLfm2Dense = R"({"architectures":["Lfm2ForCausalLM"],"model_type":"lfm2",
  "hidden_size":2048,"num_hidden_layers":16,"num_attention_heads":32,"num_key_value_heads":8,
  "vocab_size":65536,"max_position_embeddings":128000,"conv_L_cache":3,"conv_bias":false,
  "full_attn_idxs":[2,5,8,10,12,14],"intermediate_size":12288,"block_ff_dim":12288,
  "block_auto_adjust_ff_dim":true,"block_ffn_dim_multiplier":1.0,"block_multiple_of":256,
  "tie_word_embeddings":true,"torch_dtype":"bfloat16"})";

/// Apertus-8B's config (swiss-ai/Apertus-8B-2509, as quoted in ollama's
/// x/mlxrunner/model/apertus test TestParseConfigApertus8B).
const char *kApertus8b = R"({"architectures":["ApertusForCausalLM"],"model_type":"apertus",
  "hidden_size":4096,"intermediate_size":21504,"num_hidden_layers":32,"num_attention_heads":32,
  "num_key_value_heads":8,"max_position_embeddings":65536,"hidden_act":"xielu","qk_norm":true,
  "post_norm":false,"attention_bias":false,"mlp_bias":false,"tie_word_embeddings":false,
  "rms_norm_eps":1e-5,"vocab_size":131072})";

/// Minitron-8B's shape (nvidia/Minitron-8B-Base; the Minitron paper's table: 32 layers, hidden
/// 4096, 48 query and 8 KV heads of 128, MLP 16384, vocabulary 256,000).
const char *kMinitron8b = R"({"architectures":["NemotronForCausalLM"],"model_type":"nemotron",
  "hidden_size":4096,"intermediate_size":16384,"num_hidden_layers":32,"num_attention_heads":48,
  "num_key_value_heads":8,"head_dim":128,"vocab_size":256000,"hidden_act":"relu2",
  "partial_rotary_factor":0.5,"norm_eps":1e-5,"torch_dtype":"bfloat16"})";

/// AFM-4.5B's shape (arcee-ai/AFM-4.5B: ArceeForCausalLM, ReLU-squared MLP).
const char *kArceeAfm = R"({"architectures":["ArceeForCausalLM"],"model_type":"arcee",
  "hidden_size":2560,"intermediate_size":18432,"num_hidden_layers":36,"num_attention_heads":20,
  "num_key_value_heads":4,"head_dim":128,"vocab_size":128004,"hidden_act":"relu2",
  "tie_word_embeddings":false,"torch_dtype":"bfloat16"})";

/// ERNIE-4.5-21B-A3B's config (baidu/ERNIE-4.5-21B-A3B-PT config.json).
const char *kErnie45Moe = R"({"architectures":["Ernie4_5_MoeForCausalLM"],
  "model_type":"ernie4_5_moe","hidden_act":"silu","hidden_size":2560,
  "intermediate_size":12288,"max_position_embeddings":131072,"num_attention_heads":20,
  "num_key_value_heads":4,"num_hidden_layers":28,"vocab_size":103424,"use_bias":false,
  "moe_num_experts":64,"moe_num_shared_experts":2,"moe_layer_start_index":1,
  "moe_intermediate_size":1536,"moe_capacity":[64,64,64],"moe_gate":"topk","moe_k":6,
  "moe_layer_interval":1,"moe_use_aux_free":true,"tie_word_embeddings":true,
  "torch_dtype":"bfloat16","head_dim":128,"moe_layer_end_index":27})";

/// c4ai-command-r7b-12-2024's config (CohereForAI): no tie_word_embeddings key, Cohere's
/// use_embedding_sharing instead.
const char *kCommandR7b = R"({"architectures":["Cohere2ForCausalLM"],"model_type":"cohere2",
  "attention_bias":false,"head_dim":128,"hidden_act":"silu","hidden_size":4096,
  "intermediate_size":14336,"layer_norm_eps":1e-05,"max_position_embeddings":8192,
  "num_attention_heads":32,"num_hidden_layers":32,"num_key_value_heads":8,
  "sliding_window":4096,"sliding_window_pattern":4,"torch_dtype":"bfloat16",
  "use_embedding_sharing":true,"vocab_size":256000})";

/// google/gemma-3-4b-it's config.json: text_config leaves the heads, head_dim, vocabulary and
/// window pattern to Gemma3TextConfig's defaults.
const char *kGemma3_4b = R"({"architectures":["Gemma3ForConditionalGeneration"],
  "model_type":"gemma3","mm_tokens_per_image":256,"torch_dtype":"bfloat16",
  "text_config":{"hidden_size":2560,"intermediate_size":10240,"model_type":"gemma3_text",
    "num_hidden_layers":34,"rope_scaling":{"factor":8.0,"rope_type":"linear"},
    "sliding_window":1024},
  "vision_config":{"hidden_size":1152,"image_size":896,"intermediate_size":4304,
    "model_type":"siglip_vision_model","num_attention_heads":16,"num_hidden_layers":27,
    "patch_size":14,"vision_use_head":false}})";

/// arcee-ai/Trinity-Nano's shape (AfmoeForCausalLM): 56 layers, the first 2 dense, 128
/// experts of 256 (top 8) beside one shared expert, every fourth layer global.
QByteArray trinityNano() {
    QJsonObject c{{"architectures", QJsonArray{"AfmoeForCausalLM"}},
                  {"model_type", "afmoe"},
                  {"hidden_size", 1024},
                  {"intermediate_size", 3072},
                  {"moe_intermediate_size", 256},
                  {"num_hidden_layers", 56},
                  {"num_dense_layers", 2},
                  {"num_attention_heads", 8},
                  {"num_key_value_heads", 2},
                  {"head_dim", 128},
                  {"num_experts", 128},
                  {"num_experts_per_tok", 8},
                  {"num_shared_experts", 1},
                  {"sliding_window", 2048},
                  {"vocab_size", 200192},
                  {"tie_word_embeddings", false},
                  {"torch_dtype", "bfloat16"}};
    QJsonArray types;
    for (int i = 0; i < 56; ++i) {
        types.append((i + 1) % 4 == 0 ? "full_attention" : "sliding_attention");
    }
    c["layer_types"] = types;
    return QJsonDocument(c).toJson();
}

/// MiniMax-Text-01's config (MiniMaxAI/MiniMax-Text-01, as transformers' conversion test quotes
/// it): 80 layers, a softmax-attention layer every eighth (attn_type_list 1), lightning
/// attention elsewhere, 32 experts of 9216 (top 2) in every layer.
QByteArray minimaxText01() {
    QJsonObject c{{"architectures", QJsonArray{"MiniMaxText01ForCausalLM"}},
                  {"model_type", "minimax_text_01"},
                  {"hidden_size", 6144},
                  {"intermediate_size", 9216},
                  {"num_hidden_layers", 80},
                  {"num_attention_heads", 64},
                  {"num_key_value_heads", 8},
                  {"head_dim", 128},
                  {"rotary_dim", 64},
                  {"num_local_experts", 32},
                  {"num_experts_per_tok", 2},
                  {"shared_intermediate_size", 0},
                  {"vocab_size", 200064},
                  {"tie_word_embeddings", false},
                  {"torch_dtype", "bfloat16"}};
    QJsonArray types;
    for (int i = 0; i < 80; ++i) {
        types.append((i + 1) % 8 == 0 ? 1 : 0);
    }
    c["attn_type_list"] = types;
    return QJsonDocument(c).toJson();
}

/// Snowflake Arctic's config (Snowflake/snowflake-arctic-instruct): 35 layers of 128 experts
/// (top 2) with a dense residual MLP beside them.
const char *kArctic = R"({"architectures":["ArcticForCausalLM"],"model_type":"arctic",
  "hidden_size":7168,"intermediate_size":4864,"num_hidden_layers":35,"num_attention_heads":56,
  "num_key_value_heads":8,"num_local_experts":128,"num_experts_per_tok":2,
  "moe_layer_frequency":1,"parallel_attn_mlp_res":true,"use_residual":true,
  "vocab_size":32000,"tie_word_embeddings":false,"torch_dtype":"bfloat16"})";

} // namespace

class TestGenericFamilies : public QObject {
    Q_OBJECT

  private slots:
    void lfm2MoeShortConvolutions() {
        // LFM2-8B-A1B (H 2048, 24 layers: 18 conv, 6 attention of 32 heads / 8 KV heads of 64
        // with q/k norms; 2 dense layers of 7168, then 32 experts of 1792, top 4, with the expert
        // bias; tied embedding of 65536). LiquidAI publishes 8.3B total, 1.5B active.
        const auto m = importStem("LiquidAI--LFM2-8B-A1B");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 2048;
        const std::uint64_t attention = 6 * (32 * 64 * H * 2 + 8 * 64 * H * 2 + 2 * 64);
        const std::uint64_t conv = 18 * (3 * H * H + H * H + H * 3);
        const std::uint64_t experts = 22 * 32 * 3 * H * 1792;
        const std::uint64_t total = attention + conv + (24 * 2 * H + H) + 2 * 3 * H * 7168 +
                                    experts + 22 * 32 * (H + 1) + 65536 * H;
        QCOMPARE(m->totalParams, total);
        QCOMPARE(m->totalParams, 8339930560ull);
        QCOMPARE(m->activeParams, total - experts + experts / 8);
        QCOMPARE(groupParams(*m, "attention"), attention + conv - 6 * 2 * 64); // q/k norms: small
        // The conv layers cache no KV, only their last L_cache - 1 = 2 inputs of H channels.
        QCOMPARE(layersOf(*m, AttentionKind::Linear), 18ull);
        QCOMPARE(layersOf(*m, AttentionKind::GQA), 6ull);
        // More leading dense layers than layers is an error naming the key.
        QJsonObject cfg = QJsonDocument::fromJson(readConfig("LiquidAI--LFM2-8B-A1B")).object();
        cfg["num_dense_layers"] = 25;
        const auto bad = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "lfm2");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("num_dense_layers"));
        for (const auto &l : m->layers) {
            if (l.kind == AttentionKind::Linear) {
                QCOMPARE(l.stateElements, 0ull);
                QCOMPARE(l.convElements, 2 * H);
            }
        }
    }

    void lfm2DenseWidthRule() {
        // 10 conv and 6 attention layers; the MLP is 2/3 x 12288 = 8192 (x 1.0, a multiple of
        // 256): 1,170,340,608 parameters, LiquidAI's published 1.17B.
        const auto m = importHfConfigText(kLfm2Dense, "lfm2-1.2b");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(m->denseIntermediate, 8192u);
        QCOMPARE(m->totalParams, 1170340608ull);
        QCOMPARE(layersOf(*m, AttentionKind::Linear), 10ull);
        // With a multiplier, int(1.3 x 8192) = 10649 rounds up to the multiple of 256.
        std::string text = kLfm2Dense;
        text.replace(text.find("\"block_ffn_dim_multiplier\":1.0"), 30,
                     "\"block_ffn_dim_multiplier\":1.3");
        const auto odd = importHfConfigText(text, "lfm2-1.3x");
        QVERIFY(odd.ok());
        QCOMPARE(odd->denseIntermediate, 10752u); // 42 x 256
        text.replace(text.find("1.3"), 3, "-2");
        const auto bad = importHfConfigText(text, "lfm2-negative");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("block_ffn_dim_multiplier"));
    }

    void hunyuanPerLayerLists() {
        // Hunyuan-A13B (tencent/Hunyuan-A13B-Instruct config.json's shape): moe_topk,
        // moe_intermediate_size and num_shared_expert are per-layer lists of equal values; the
        // shared MLP (use_mixed_mlp_moe) is intermediate_size x num_shared_expert wide. 32
        // layers of 32 heads / 8 KV heads of 128 with q/k norms, 64 experts of 3072, top 8, a
        // tied embedding of 128167. Tencent publishes 80B total, 13B active.
        const auto m = importStem("tencent--Hunyuan-A13B");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 4096;
        const std::uint64_t experts = 32 * 64 * 3 * H * 3072;
        const std::uint64_t total = 32 * (32 * 128 * H * 2 + 8 * 128 * H * 2 + 2 * 128) + experts +
                                    32 * 3 * H * 3072 + 32 * 64 * H + (32 * 2 * H + H) + 128167 * H;
        QCOMPARE(m->totalParams, total);
        QCOMPARE(m->totalParams, 80393183232ull);
        QCOMPARE(m->activeParams, total - experts + experts / 8);
        QCOMPARE(m->experts.shared, 1u);
        // Lists whose values differ are refused naming the first that differs.
        QByteArray text = readConfig("tencent--Hunyuan-A13B");
        const int at = text.indexOf("\"moe_topk\"");
        text.replace(text.indexOf("8,", at), 2, "4,");
        const auto bad = importHfConfigText(text.toStdString(), "hunyuan-bad");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("moe_topk[1]"));
        // A list must hold one value per layer; cross-layer attention is refused; the head
        // width is attention_head_dim.
        QJsonObject cfg = QJsonDocument::fromJson(readConfig("tencent--Hunyuan-A13B")).object();
        QJsonObject edited = cfg;
        edited["moe_topk"] = QJsonArray{8, 8, 8, 8, 8};
        const auto shortList =
            importHfConfigText(QJsonDocument(edited).toJson().toStdString(), "hunyuan-short");
        QVERIFY(!shortList.ok());
        QCOMPARE(shortList.error().field, std::string("moe_topk"));
        edited = cfg;
        edited["use_cla"] = true;
        const auto cla = importHfConfigText(QJsonDocument(edited).toJson().toStdString(), "cla");
        QVERIFY(!cla.ok());
        QCOMPARE(cla.error().field, std::string("use_cla"));
        edited = cfg;
        edited["attention_head_dim"] = 256;
        const auto wide = importHfConfigText(QJsonDocument(edited).toJson().toStdString(), "hd");
        QVERIFY(wide.ok());
        QCOMPARE(wide->layers.front().headDim, 256u);
        // Without use_mixed_mlp_moe there is no shared MLP.
        text = readConfig("tencent--Hunyuan-A13B");
        text.replace("\"use_mixed_mlp_moe\": true", "\"use_mixed_mlp_moe\": false");
        const auto noShared = importHfConfigText(text.toStdString(), "hunyuan-no-shared");
        QVERIFY(noShared.ok());
        QCOMPARE(noShared->totalParams, total - 32 * 3 * H * 3072);
    }

    void lagunaPerLayerHeads() {
        // Laguna-S.2.1: 48 query heads on the 12 full-attention layers, 72 on the 36 sliding
        // ones, 8 KV heads of 128, H 3072: q and o follow each layer's heads.
        const auto m = importStem("poolside--Laguna-S-2.1-FP8");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 3072;
        const std::uint64_t q = (12 * 48 + 36 * 72) * 128 * H;
        QCOMPARE(groupParams(*m, "attention"), 2 * q + 48 * 2 * 8 * 128 * H);
        for (const auto &l : m->layers) {
            QCOMPARE(l.qHeads, l.window == 0 ? 48u : 72u);
        }
        // Laguna-XS.2 gives original_max_position_embeddings beside its per-type RoPE objects:
        // a shared value, not a reason to refuse the config.
        const auto xs = importStem("poolside--Laguna-XS.2-FP8");
        QVERIFY2(xs.ok(), xs.ok() ? "" : xs.error().toString().c_str());
        // A per-layer list of the wrong length names the key.
        QJsonObject cfg =
            QJsonDocument::fromJson(readConfig("poolside--Laguna-S-2.1-FP8")).object();
        QJsonArray heads = cfg["num_attention_heads_per_layer"].toArray();
        heads.removeFirst();
        cfg["num_attention_heads_per_layer"] = heads;
        const auto bad =
            importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "laguna-bad");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().field, std::string("num_attention_heads_per_layer"));
    }

    void minimaxM3DenseLayers() {
        // MiniMax-M3: its 3 leading dense layers are dense_intermediate_size (12288) wide, not
        // the experts' 3072.
        const auto m = importStem("MiniMaxAI--MiniMax-M3");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(groupParams(*m, "dense MLP"), 3ull * 3 * 6144 * 12288);
        QCOMPARE(m->denseIntermediate, 12288u);
    }

    void nonGatedMlps() {
        // Apertus-8B: untied embedding and lm_head 2 x 131072 x 4096; per layer q 4096^2,
        // k, v 2 x 4096 x 1024, o 4096^2, q / k norms 2 x 128, up / down 2 x 4096 x 21504,
        // xIELU's alpha_p and alpha_n, two norms 2 x 4096; the final norm 4096.
        const auto ap = importHfConfigText(kApertus8b, "apertus-8b");
        QVERIFY2(ap.ok(), ap.ok() ? "" : ap.error().toString().c_str());
        const std::uint64_t apLayer = 41943040ull + 256 + 176160768 + 2 + 8192;
        QCOMPARE(ap->totalParams, 1073741824ull + 32 * apLayer + 4096); // 8,053,338,176
        QCOMPARE(groupParams(*ap, "dense MLP"), 32ull * 2 * 4096 * 21504);
        QCOMPARE(ap->denseIntermediate, 21504u);

        // Minitron-8B: 2 x 256000 x 4096 untied; per layer q 4096 x 6144, k, v 2 x 4096 x 1024,
        // o 6144 x 4096, up / down 2 x 4096 x 16384, two LayerNorm1P with weight and bias
        // 2 x 2 x 4096; the final norm's weight and bias 2 x 4096.
        const auto mt = importHfConfigText(kMinitron8b, "minitron-8b");
        QVERIFY2(mt.ok(), mt.ok() ? "" : mt.error().toString().c_str());
        const std::uint64_t mtLayer = 58720256ull + 134217728 + 16384;
        QCOMPARE(mt->totalParams, 2097152000ull + 32 * mtLayer + 8192); // 8,271,699,968

        // AFM-4.5B: 2 x 128004 x 2560; per layer q, o 2 x 2560^2, k, v 2 x 2560 x 512,
        // up / down 2 x 2560 x 18432, two norms; the final norm.
        const auto af = importHfConfigText(kArceeAfm, "afm-4.5b");
        QVERIFY2(af.ok(), af.ok() ? "" : af.error().toString().c_str());
        QCOMPARE(groupParams(*af, "dense MLP"), 36ull * 2 * 2560 * 18432);
        QCOMPARE(af->totalParams, 655380480ull + 36 * 110105600ull + 2560); // 4,619,184,640
        for (const auto *m : {&*ap, &*mt, &*af}) {
            for (const auto &n : m->notes) {
                QVERIFY2(n.find("non-gated") == std::string::npos, n.c_str());
            }
        }

        // An unknown family with an activation only non-gated MLPs use is read as one, noted.
        QJsonObject cfg = QJsonDocument::fromJson(kArceeAfm).object();
        cfg["model_type"] = "some_relu2_lm";
        const auto un = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "relu2");
        QVERIFY2(un.ok(), un.ok() ? "" : un.error().toString().c_str());
        QCOMPARE(groupParams(*un, "dense MLP"), 36ull * 2 * 2560 * 18432);
        bool noted = false;
        for (const auto &n : un->notes) {
            noted = noted || n.find("hidden_act 'relu2' is read as a non-gated MLP") != n.npos;
        }
        QVERIFY(noted);
        // The same family with SiLU stays gated: three matrices.
        cfg["hidden_act"] = "silu";
        const auto gated = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "silu");
        QVERIFY(gated.ok());
        QCOMPARE(groupParams(*gated, "dense MLP"), 36ull * 3 * 2560 * 18432);
    }

    void ernie45Moe() {
        // Layer 0 dense, layers 1-27 MoE (moe_layer_start_index 1, end 27, interval 1): tied
        // embedding 103424 x 2560; per layer attention q, o 2 x 2560^2 + k, v 2 x 2560 x 512;
        // layer 0's MLP 3 x 2560 x 12288; per MoE layer 64 experts of 3 x 2560 x 1536, shared
        // experts 3 x 2560 x (2 x 1536), router 64 x 2560 and its correction bias 64
        // (moe_use_aux_free); two norms a layer and the final norm.
        const auto m = importHfConfigText(kErnie45Moe, "ernie-4.5-21b-a3b");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(m->experts.routed, 64u);
        QCOMPARE(m->experts.activePerToken, 6u);
        QCOMPARE(m->experts.moeLayers, 27u);
        QCOMPARE(groupParams(*m, "routed experts"), 27ull * 64 * 3 * 2560 * 1536);
        QCOMPARE(groupParams(*m, "shared experts"), 27ull * 3 * 2560 * 3072);
        QCOMPARE(groupParams(*m, "dense MLP"), 3ull * 2560 * 12288);
        const std::uint64_t moeLayer = 64ull * 11796480 + 23592960 + 163840 + 64;
        QCOMPARE(m->totalParams, 264765440ull + 28 * 15728640ull + 94371840 + 27 * moeLayer +
                                     28 * 2 * 2560 + 2560); // 21,825,437,888 (published: 21B)
        for (const auto &n : m->notes) {
            QVERIFY2(n.find("moe_") == std::string::npos, n.c_str());
        }
        // moe_layer_end_index -1 is the last layer; an interval of 2 keeps layers 1, 3, ...
        QJsonObject cfg = QJsonDocument::fromJson(kErnie45Moe).object();
        cfg["moe_layer_end_index"] = -1;
        cfg["moe_layer_interval"] = 2;
        const auto odd = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "e");
        QVERIFY2(odd.ok(), odd.ok() ? "" : odd.error().toString().c_str());
        QCOMPARE(odd->experts.moeLayers, 14u); // layers 1, 3, ..., 27
    }

    void unreadShapeKeysAreRefused() {
        // An expert count the reading does not take, or a KV-head count other than the one
        // read, would make every figure wrong: refused, naming the key.
        QJsonObject cfg = QJsonDocument::fromJson(kArceeAfm).object();
        cfg["n_experts"] = 16;
        const auto experts = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "x");
        QVERIFY(!experts.ok());
        QCOMPARE(experts.error().field, std::string("n_experts"));
        QVERIFY(experts.error().message.find("as a dense model") != std::string::npos);
        cfg.remove("n_experts");
        cfg["num_attention_groups"] = 1; // Step3's KV groups beside num_key_value_heads 4
        const auto groups = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "x");
        QVERIFY(!groups.ok());
        QCOMPARE(groups.error().field, std::string("num_attention_groups"));
        cfg["num_attention_groups"] = 4; // agrees with the KV heads read
        QVERIFY(importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "x").ok());
    }

    void gemma3ClassDefaults() {
        // 8 heads and 4 KV heads of 256, vocabulary 262208 (tied), every sixth layer global:
        // per layer q, o 2 x 2560 x 2048 + k, v 2 x 2560 x 1024, q / k norms 2 x 256, MLP
        // 3 x 2560 x 10240, four norms; 34 layers + the embedding + the final norm.
        const auto m = importHfConfigText(kGemma3_4b, "gemma-3-4b-it");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t layer = 15728640ull + 512 + 78643200 + 4 * 2560;
        QCOMPARE(m->totalParams - groupParams(*m, "vision"),
                 671252480ull + 34 * layer + 2560); // 3,880,263,168 (published 4.3B with vision)
        std::uint64_t full = 0, sliding = 0;
        for (const auto &l : m->layers) {
            QCOMPARE(l.kvHeads, 4u);
            QCOMPARE(l.headDim, 256u);
            (l.kind == AttentionKind::SlidingWindow ? sliding : full) += l.count;
        }
        QCOMPARE(full, 5ull); // layers 5, 11, 17, 23, 29
        QCOMPARE(sliding, 29ull);
        bool noted = false;
        for (const auto &n : m->notes) {
            noted = noted || n == "text_config.num_attention_heads is absent: taken as 8, "
                                  "Gemma3TextConfig's default";
        }
        QVERIFY(noted);
        // A key the config gives is kept: 16 heads instead of the default.
        QJsonObject cfg = QJsonDocument::fromJson(kGemma3_4b).object();
        QJsonObject text = cfg["text_config"].toObject();
        text["num_attention_heads"] = 16;
        cfg["text_config"] = text;
        const auto wide = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "g");
        QVERIFY(wide.ok());
        QCOMPARE(wide->layers.front().qHeads, 16u);
    }

    void afmoeAttentionGateNormsAndBias() {
        // AfmoeAttention: q, o [1024, 1024] + k, v [256, 1024], q / k norms 2 x 128, the output
        // gate [1024, 1024]; four norms a layer; 2 dense MLPs 3 x 1024 x 3072; 54 MoE layers
        // of 128 experts 3 x 1024 x 256, a shared one, the router [128, 1024] and expert_bias
        // [128]; untied 2 x 200192 x 1024; the final norm.
        const auto m = importHfConfigText(trinityNano().toStdString(), "trinity-nano");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t attn = 2ull * 1048576 + 2 * 262144 + 256 + 1048576 + 4 * 1024;
        const std::uint64_t moe = 129ull * 786432 + 131072 + 128;
        QCOMPARE(m->totalParams, 2ull * 200192 * 1024 + 1024 + 56 * attn + 2ull * 9437184 +
                                     54 * moe); // 6,120,003,328
    }

    void minimaxLightningAttention() {
        // 10 softmax layers: q, o 6144 x 8192 + k, v 2 x 6144 x 1024; 70 lightning layers:
        // qkv_proj 3 x 8192 x 6144, output_gate and out_proj 8192 x 6144, norm 8192; every layer
        // 32 experts of 3 x 6144 x 9216, the router, two norms; untied 2 x 200064 x 6144.
        const auto m = importHfConfigText(minimaxText01().toStdString(), "minimax-text-01");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(m->totalParams, 2458386432ull + 10 * 113246208ull + 70 * 251666432ull +
                                     80 * (5435817984ull + 196608 + 12288) +
                                     6144); // 456,089,655,296 (published 456B)
        QCOMPARE(layersOf(*m, AttentionKind::Linear), 70ull);
        QCOMPARE(layersOf(*m, AttentionKind::GQA), 10ull);
        for (const auto &l : m->layers) {
            if (l.kind == AttentionKind::Linear) {
                QCOMPARE(l.stateElements, 64ull * 128 * 128); // heads x hd x hd
                QCOMPARE(l.convElements, 0ull);
            }
        }
        // transformers' MiniMax spells the same list as layer_types.
        QJsonObject hf = QJsonDocument::fromJson(minimaxText01()).object();
        QJsonArray types;
        for (const auto v : hf["attn_type_list"].toArray()) {
            types.append(v.toInt() == 1 ? "full_attention" : "linear_attention");
        }
        hf.remove("attn_type_list");
        hf["layer_types"] = types;
        hf["model_type"] = "minimax";
        const auto h = importHfConfigText(QJsonDocument(hf).toJson().toStdString(), "minimax");
        QVERIFY2(h.ok(), h.ok() ? "" : h.error().toString().c_str());
        QCOMPARE(h->totalParams, m->totalParams);
    }

    void arcticResidualMlp() {
        // Per layer: q, o 7168^2, k, v 2 x 7168 x 1024, 128 experts of 3 x 7168 x 4864, the
        // router, the residual MLP 3 x 7168^2 and its norm, two norms; 2 x 32000 x 7168.
        const auto m = importHfConfigText(kArctic, "arctic");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t layer =
            117440512ull + 13388218368ull + 917504 + 154140672 + 7168 + 14336;
        QCOMPARE(m->totalParams, 458752000ull + 35 * layer + 7168); // 478,584,608,768 (480B)
        QCOMPARE(groupParams(*m, "residual MLP"), 35ull * 3 * 7168 * 7168);
        QJsonObject cfg = QJsonDocument::fromJson(kArctic).object();
        cfg["moe_layer_frequency"] = 2;
        const auto half = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "a");
        QVERIFY(half.ok());
        QCOMPARE(half->experts.moeLayers, 17u); // layers 1, 3, ..., 33
    }

    void recurrentLayoutsRefused_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("RecurrentGemma") << "block_types" << QByteArray(R"(["recurrent"])");
        QTest::newRow("SambaY") << "mb_per_layer" << QByteArray("2");
        QTest::newRow("Mamba keys") << "mamba_d_state" << QByteArray("64");
        QTest::newRow("SSM keys") << "ssm_state_size" << QByteArray("128");
    }
    void recurrentLayoutsRefused() {
        QFETCH(QString, key);
        QFETCH(QByteArray, value);
        QJsonObject cfg = QJsonDocument::fromJson(kArceeAfm).object();
        cfg[key] =
            QJsonDocument::fromJson("[" + value + "]").array().at(0).toVariant().toJsonValue();
        const auto r = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "x");
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), key);
    }

    void flatVisionTower() {
        // Qwen2-VL keeps the language model at the top level beside vision_config: the ViT
        // (embed_dim 1280, mlp_ratio 4, 32 blocks) is counted, estimated and noted.
        QJsonObject c = QJsonDocument::fromJson(kArceeAfm).object();
        c["model_type"] = "qwen2_vl";
        c["hidden_act"] = "silu";
        c["vision_config"] =
            QJsonObject{{"depth", 32},     {"embed_dim", 1280},   {"mlp_ratio", 4},
                        {"num_heads", 16}, {"hidden_size", 2560}, {"patch_size", 14}};
        const auto m = importHfConfigText(QJsonDocument(c).toJson().toStdString(), "qwen2-vl");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        // Per block: attention 4 x 1280 x 1281, fc1 5120 x 1281, fc2 1280 x 5121, norms 4 x 1280;
        // the patch embedding 1280 x 3 x 14 x 14, the projector 2560 x 1280.
        const std::uint64_t block = 4ull * 1280 * 1281 + 5120ull * 1281 + 1280ull * 5121 + 5120;
        QCOMPARE(groupParams(*m, "vision"), 32 * block + 1280ull * 588 + 2560ull * 1280);
        // Under TP the blocks' linear layers and the projector are sharded (vLLM's default
        // mm_encoder_tp_mode "weights"); the patch embedding and the norms stay whole.
        std::uint64_t sharded = 0, replicated = 0;
        for (const auto &g : m->groups) {
            if (g.role == GroupRole::Vision) {
                (g.placement == Placement::Sharded ? sharded : replicated) += g.params;
            }
        }
        QCOMPARE(sharded, 32 * (block - 5120) + 2560ull * 1280);
        QCOMPARE(replicated, 32ull * 5120 + 1280ull * 588);
        bool noted = false;
        for (const auto &n : m->notes) {
            noted = noted || n.find("counted as a generic ViT of 32 layers, width 1280") !=
                                 std::string::npos;
        }
        QVERIFY(noted);
    }

    void conflictingAndDisguisedKeys() {
        // Two spellings of one size that disagree are refused, naming the later one.
        const auto ernie = [](const char *key, QJsonValue v) {
            QJsonObject c = QJsonDocument::fromJson(kErnie45Moe).object();
            c[key] = v;
            return importHfConfigText(QJsonDocument(c).toJson().toStdString(), "e");
        };
        QCOMPARE(ernie("num_experts", 8).error().field, std::string("moe_num_experts"));
        QCOMPARE(ernie("num_experts_per_tok", 2).error().field, std::string("moe_k"));
        QCOMPARE(ernie("n_shared_experts", 7).error().field, std::string("moe_num_shared_experts"));
        QVERIFY(ernie("num_experts", 64).ok()); // agreeing spellings are fine
        // Expert or KV-head counts under names or types the reading does not take.
        const auto afm = [](const char *key, QJsonValue v) {
            QJsonObject c = QJsonDocument::fromJson(kArceeAfm).object();
            c[key] = v;
            return importHfConfigText(QJsonDocument(c).toJson().toStdString(), "a");
        };
        QCOMPARE(afm("num_routed_experts_total", 64.0).error().field,
                 std::string("num_routed_experts_total"));
        QCOMPARE(afm("expert_count", "64").error().field, std::string("expert_count"));
        QCOMPARE(afm("n_exp", 16).error().field, std::string("n_exp"));
        QCOMPARE(afm("multi_query_group_num", 2).error().field,
                 std::string("multi_query_group_num"));
        QVERIFY(afm("multi_query_group_num", 4).ok()); // the 4 KV heads read
        QVERIFY(afm("moe_expert_capacity", 64).ok());  // not a count of experts
        // A 100 KB key name is cut in the error, which stays one short line.
        const auto longKey = afm(std::string(100000, 'k').append("_experts").c_str(), 64);
        QVERIFY(!longKey.ok());
        QVERIFY(longKey.error().toString().size() < 1000);
    }

    void windowPatterns() {
        // sliding_window_pattern 0 would make every layer sliding: refused.
        QJsonObject c = QJsonDocument::fromJson(kCommandR7b).object();
        c["sliding_window_pattern"] = 0;
        const auto zero = importHfConfigText(QJsonDocument(c).toJson().toStdString(), "c");
        QCOMPARE(zero.error().field, std::string("sliding_window_pattern"));
        // Cohere2Config's default pattern is 4: 8 global layers of 32 when the key is absent.
        c.remove("sliding_window_pattern");
        const auto dflt = importHfConfigText(QJsonDocument(c).toJson().toStdString(), "c");
        QVERIFY2(dflt.ok(), dflt.ok() ? "" : dflt.error().toString().c_str());
        std::uint64_t full = 0;
        for (const auto &l : dflt->layers) {
            full += l.kind == AttentionKind::SlidingWindow ? 0 : l.count;
        }
        QCOMPARE(full, 8ull);
    }

    void tyingDefaults() {
        // Command R7B: tied (use_embedding_sharing; Cohere2Config's default too), one norm per
        // layer (attention and MLP in parallel): 256000 x 4096 + 32 x (q, o 2 x 4096^2, k, v
        // 2 x 4096 x 1024, MLP 3 x 4096 x 14336, norm 4096) + the final norm.
        const auto r7b = importHfConfigText(kCommandR7b, "command-r7b");
        QVERIFY2(r7b.ok(), r7b.ok() ? "" : r7b.error().toString().c_str());
        const std::uint64_t layer = 41943040ull + 176160768 + 4096;
        QCOMPARE(r7b->totalParams, 1048576000ull + 32 * layer + 4096); // 8,028,033,024
        QJsonObject cfg = QJsonDocument::fromJson(kCommandR7b).object();
        cfg.remove("use_embedding_sharing");
        const auto dflt = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "c");
        QCOMPARE(dflt->totalParams, r7b->totalParams);
        // LFM2's tie_embedding spelling, and its class default when neither key is given.
        QJsonObject lfm = QJsonDocument::fromJson(kLfm2Dense).object();
        const auto tiedWord = importHfConfigText(kLfm2Dense, "lfm2");
        lfm.remove("tie_word_embeddings");
        lfm["tie_embedding"] = false;
        const auto untied = importHfConfigText(QJsonDocument(lfm).toJson().toStdString(), "l");
        QCOMPARE(untied->totalParams, tiedWord->totalParams + 65536ull * 2048);
        lfm.remove("tie_embedding");
        const auto none = importHfConfigText(QJsonDocument(lfm).toJson().toStdString(), "l");
        QCOMPARE(none->totalParams, tiedWord->totalParams);
        for (const auto &n : none->notes) {
            QVERIFY2(n.find("tie_word_embeddings is absent") == std::string::npos, n.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestGenericFamilies)
#include "tst_generic_families.moc"
