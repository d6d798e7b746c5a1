// SPDX-License-Identifier: MIT
// Tests for how a checkpoint's quantization names its layers (core/import/quantization.cpp):
// compressed-tensors config groups matched per layer as vLLM matches them
// (compressed_tensors/utils.py find_matched_target), ModelOpt exclude lists in a multimodal
// wrapper's other spelling, a model_type read by its architectures[0] class, and keys the
// generic reader knows not to change a size. Real configs from tests/data/configs (README.md).
#include "import/modelimport.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTest>

using namespace hostplan;
using hostplan::modelimporttest::hasNote;
using hostplan::modelimporttest::paramsIn;
using nlohmann::json;

namespace {

json readConfig(const QString &name) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + name);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return json::parse(f.readAll().toStdString(), nullptr, false);
}

/// A compressed-tensors group of `weights` for `targets`.
json group(json targets, const std::string &format, json weights) {
    return {{"targets", std::move(targets)}, {"format", format}, {"weights", std::move(weights)}};
}

const json kFp8Block = {
    {"num_bits", 8}, {"type", "float"}, {"strategy", "block"}, {"block_structure", {128, 128}}};
const json kInt4 = {{"num_bits", 4}, {"type", "int"}, {"strategy", "group"}, {"group_size", 128}};
const json kInt8 = {{"num_bits", 8}, {"type", "int"}, {"strategy", "channel"}};

/// Llama 3.1 8B with `groups` as its compressed-tensors config_groups.
Result<ModelSpec> llamaWith(const json &groups) {
    json cfg = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    cfg["quantization_config"] = {{"quant_method", "compressed-tensors"},
                                  {"format", "mixed-precision"},
                                  {"ignore", {"lm_head"}},
                                  {"config_groups", groups}};
    return importHfConfigText(cfg.dump(), "llama-ct");
}

// Llama 3.1 8B per layer: attention q / o 4096 x 4096, k / v 1024 x 4096; MLP 3 x 4096 x 14336.
constexpr std::uint64_t kLayers = 32;
constexpr std::uint64_t kQ = 4096ull * 4096, kKv = 1024ull * 4096;
constexpr std::uint64_t kAttn = 2 * kQ + 2 * kKv;
constexpr std::uint64_t kMlpOne = 4096ull * 14336;
const NumberFormat kInt4g128{FormatKind::INT4, 128};

} // namespace

class TestCheckpointNames : public QObject {
    Q_OBJECT
  private slots:
    void compressedTensorsGroups();
    void compressedTensorsMatchOrder();
    void compressedTensorsMoeProjectionsAgree();
    void deepseekV4MixedCheckpoint();
    void modelOptExcludeInWrapperSpelling();
    void kimiK25MoonVitTower();
    void modelTypeReadByClass();
    void sharedExpertWidthAndQuietKeys();
    void fbgemmFp8LayerByLayerList();
    void denseTypeWithExpertCountIsRefused();
};

// Two groups by regex: FP8 128 x 128 blocks on attention, INT4 g128 on the MLP; lm_head
// ignored. Each layer takes its group's format, and the blocks reach the TP sharding rules.
void TestCheckpointNames::compressedTensorsGroups() {
    const auto m =
        llamaWith({{"group_0", group({"re:.*self_attn.*"}, "float-quantized", kFp8Block)},
                   {"group_1", group({"re:.*mlp.*"}, "pack-quantized", kInt4)}});
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::fp8), kLayers * kAttn);
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::bf16), 0ull);
    QCOMPARE(paramsIn(*m, GroupRole::DenseMlp, kInt4g128), kLayers * 3 * kMlpOne);
    QVERIFY(m->fp8BlockScaled);
    QCOMPARE(m->fp8BlockRows, 128u);
    QCOMPARE(m->fp8BlockCols, 128u);

    // A target nothing matches leaves every layer in BF16, with a note saying so.
    const auto none = llamaWith({{"group_0", group({"re:.*nothing$"}, "pack-quantized", kInt4)}});
    QVERIFY2(none.ok(), none.ok() ? "" : none.error().toString().c_str());
    QCOMPARE(paramsIn(*none, GroupRole::DenseMlp, formats::bf16), kLayers * 3 * kMlpOne);
    QVERIFY(hasNote(*none, "match none of this model's Linear layers"));

    // A fused layer's target (vLLM builds qkv_proj) takes its q / k / v shards; o_proj stays.
    const auto fused =
        llamaWith({{"group_0", group({"re:.*qkv_proj$"}, "float-quantized", kFp8Block)}});
    QVERIFY2(fused.ok(), fused.ok() ? "" : fused.error().toString().c_str());
    QCOMPARE(paramsIn(*fused, GroupRole::Attention, formats::fp8), kLayers * (kQ + 2 * kKv));
    QCOMPARE(paramsIn(*fused, GroupRole::Attention, formats::bf16), kLayers * kQ);
}

// vLLM's order: a layer-name match in any group beats the Linear class in another, and a
// target written again in a later group takes that group's scheme.
void TestCheckpointNames::compressedTensorsMatchOrder() {
    const auto m = llamaWith({{"group_0", group({"Linear"}, "float-quantized", kFp8Block)},
                              {"group_1", group({"re:.*down_proj$"}, "int-quantized", kInt8)}});
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QCOMPARE(paramsIn(*m, GroupRole::DenseMlp, formats::int8), kLayers * kMlpOne);
    QCOMPARE(paramsIn(*m, GroupRole::DenseMlp, formats::fp8), kLayers * 2 * kMlpOne);
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::fp8), kLayers * kAttn);

    const auto again = llamaWith(
        {{"group_0", group({"re:.*self_attn.*"}, "float-quantized", kFp8Block)},
         {"group_1", group({"re:.*self_attn.*", "re:.*mlp.*"}, "pack-quantized", kInt4)}});
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().toString().c_str());
    QCOMPARE(paramsIn(*again, GroupRole::Attention, kInt4g128), kLayers * kAttn);
    QCOMPARE(paramsIn(*again, GroupRole::Attention, formats::fp8), 0ull);
}

// vLLM looks a FusedMoE layer up by its first expert's gate_proj, up_proj and down_proj and
// refuses projections in different groups; HostPlan names the field.
void TestCheckpointNames::compressedTensorsMoeProjectionsAgree() {
    json cfg = readConfig("Qwen--Qwen3-30B-A3B_config.json");
    QVERIFY(cfg.is_object());
    cfg["quantization_config"] = {
        {"quant_method", "compressed-tensors"},
        {"config_groups",
         {{"group_0",
           group({"re:.*(gate|up)_proj$", "re:.*self_attn.*"}, "float-quantized", kFp8Block)},
          {"group_1", group({"re:.*down_proj$"}, "pack-quantized", kInt4)}}}};
    const auto split = importHfConfigText(cfg.dump(), "qwen3-moe-split");
    QVERIFY(!split.ok());
    QVERIFY2(split.error().field.find("config_groups") != std::string::npos,
             split.error().field.c_str());
    QVERIFY2(split.error().message.find("different config groups") != std::string::npos,
             split.error().message.c_str());
}

// RedHatAI's DeepSeek-V4-Flash NVFP4-FP8: FP8 blocks on the attention projections vLLM names
// fused_wqa_wkv / wq_b / wo_a / wo_b, NVFP4 on every ffn gate / up / down projection (routed
// experts by their FusedMoE layer, shared experts). It was refused ("only one config group").
void TestCheckpointNames::deepseekV4MixedCheckpoint() {
    const json cfg = readConfig("RedHatAI--DeepSeek-V4-Flash-NVFP4-FP8_config.json");
    QVERIFY(cfg.is_object());
    const auto m = importHfConfigText(cfg.dump(), "redhat-v4");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    const std::uint64_t L = 43, H = 4096, I = 2048, experts = 256;
    QCOMPARE(paramsIn(*m, GroupRole::RoutedExperts, formats::nvfp4), L * experts * 3 * H * I);
    QCOMPARE(paramsIn(*m, GroupRole::RoutedExperts, formats::mxfp4), 0ull);
    QCOMPARE(paramsIn(*m, GroupRole::SharedExperts, formats::nvfp4), L * 3 * H * I);
    // wq_a [1024, H] and wkv [512, H] (fused_wqa_wkv), wq_b [64 x 512, 1024], wo_a
    // [8 x 1024, 64 x 512 / 8], wo_b [H, 8 x 1024] per layer, plus the ratio-4 layers'
    // indexer wq_b [64 x 128, 1024], all FP8.
    const std::uint64_t perLayer = 1024 * H + 512 * H + 32768ull * 1024 + 8192ull * 4096 + H * 8192;
    const std::uint64_t ratio4 = 21;
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::fp8), L * perLayer + ratio4 * 8192 * 1024);
    QVERIFY(m->fp8BlockScaled);
    QCOMPARE(m->fp8BlockRows, 128u);
    // Without expert_dtype the experts still follow the scheme's targets, and no note claims
    // they are planned as MXFP4.
    json noDtype = cfg;
    noDtype.erase("expert_dtype");
    const auto n = importHfConfigText(noDtype.dump(), "redhat-v4-no-dtype");
    QVERIFY2(n.ok(), n.ok() ? "" : n.error().toString().c_str());
    QCOMPARE(paramsIn(*n, GroupRole::RoutedExperts, formats::nvfp4), L * experts * 3 * H * I);
    QVERIFY(!hasNote(*n, "expert_dtype is not given"));
}

// nvidia's Kimi-K2.6-NVFP4 writes exclude_modules as the checkpoint spells the wrapper
// ("language_model.model.layers.N.self_attn*"); vLLM's module is model.language_model...:
// attention, layer 0's dense MLP and the shared experts stay BF16 (the card's split).
void TestCheckpointNames::modelOptExcludeInWrapperSpelling() {
    const json cfg = readConfig("nvidia--Kimi-K2.6-NVFP4_config.json");
    const json quant = readConfig("nvidia--Kimi-K2.6-NVFP4_hf_quant_config.json");
    QVERIFY(cfg.is_object() && quant.is_object());
    const auto m = importHfConfigText(cfg.dump(), "kimi-k26", quant.dump());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::nvfp4), 0ull);
    QCOMPARE(paramsIn(*m, GroupRole::SharedExperts, formats::nvfp4), 0ull);
    QCOMPARE(paramsIn(*m, GroupRole::DenseMlp, formats::nvfp4), 0ull);
    // MLA per layer: q_a 1536 x 7168, q_b 64 x 192 x 1536, kv_a 576 x 7168, kv_b 64 x 256 x
    // 512, o 7168 x 64 x 128.
    const std::uint64_t mla =
        1536ull * 7168 + 12288ull * 1536 + 576ull * 7168 + 16384ull * 512 + 7168ull * 8192;
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::bf16), 61 * mla);
    QCOMPARE(paramsIn(*m, GroupRole::RoutedExperts, formats::nvfp4), 60ull * 384 * 3 * 7168 * 2048);
    // transformers' generation defaults in text_config are not size keys.
    QVERIFY(!hasNote(*m, "num_beams"));
}

// Kimi K2.5's vision_config is a MoonViT with its own vt_* keys and Kimi-VL's patchmerger
// projector: the tower is counted (it was left out, "has no depth or width"), and SGLang's
// vision fraction rule sees its 27 layers of 1,152.
void TestCheckpointNames::kimiK25MoonVitTower() {
    const json cfg = readConfig("moonshotai--Kimi-K2.5_config.json");
    QVERIFY(cfg.is_object());
    const auto m = importHfConfigText(cfg.dump(), "kimi-k25");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QVERIFY(!hasNote(*m, "has no depth or width"));
    QCOMPARE(m->visionConfigLayers, 27u);
    QCOMPARE(m->visionConfigHidden, 1152u);
    std::uint64_t vision = 0;
    for (const auto &g : m->groups) {
        vision += g.role == GroupRole::Vision ? g.params : 0;
    }
    // 27 blocks of wqkv 3 x 1152^2, wo 1152^2, fc0 + fc1 2 x 4304 x 1152 and two RMS norms;
    // a 64 x 64 x 1152 position table, the 1152 x 3 x 14 x 14 patch projection, a final norm;
    // the projector (m = 1152 x 2 x 2 = 4608): [4608, 4608] and [7168, 4608], a LayerNorm over
    // 1,152 and the two biases.
    const std::uint64_t D = 1152, F = 4304, mm = 4608;
    const std::uint64_t blocks = 27 * (3 * D * D + D * D + 2 * F * D + 2 * D);
    const std::uint64_t tower = blocks + 64 * 64 * D + D * 3 * 14 * 14 + D;
    const std::uint64_t projector = mm * mm + 7168 * mm + 2 * D + mm + 7168;
    QCOMPARE(vision, tower + projector); // about 0.47 billion
    QVERIFY(vision > 460'000'000 && vision < 480'000'000);
}

// DeepSeek's V4 release config says model_type "deepseek_ref"; its architectures[0]
// DeepseekV4ForCausalLM is what vLLM and SGLang load, so it reads as deepseek_v4: the same
// parameters and compressed attention as the official config, with notes on the reading and
// on the missing expert_dtype.
void TestCheckpointNames::modelTypeReadByClass() {
    const json ref = readConfig("sgl-project--DeepSeek-V4-Flash-FP8_config.json");
    const json official = readConfig("deepseek-ai--DeepSeek-V4-Flash_config.json");
    QVERIFY(ref.is_object() && official.is_object());
    const auto m = importHfConfigText(ref.dump(), "sgl-v4");
    const auto o = importHfConfigText(official.dump(), "v4");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QVERIFY2(o.ok(), o.ok() ? "" : o.error().toString().c_str());
    QCOMPARE(m->architecture, std::string("deepseek_v4"));
    QCOMPARE(m->totalParams, o->totalParams);
    QCOMPARE(m->activeParams, o->activeParams);
    QCOMPARE(m->layers.size(), o->layers.size());
    QVERIFY(hasNote(*m, "model_type 'deepseek_ref' is read as deepseek_v4"));
    QVERIFY(hasNote(*m, "expert_dtype is not given"));
    QVERIFY(!hasNote(*o, "expert_dtype is not given"));

    // A class the table does not name still goes to the generic reader.
    json other = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    other["model_type"] = "llama_variant";
    const auto generic = importHfConfigText(other.dump(), "variant");
    QVERIFY2(generic.ok(), generic.ok() ? "" : generic.error().toString().c_str());
    QCOMPARE(generic->architecture, std::string("llama_variant"));
}

// Step 3.7 names its shared MLP's width (share_expert_dim, vLLM Step3TextDecoderLayer); the
// generic reader used n_shared_experts x moe_intermediate_size, equal only by coincidence.
// Gemma 4's vocab_size_per_layer_input with hidden_size_per_layer_input 0 builds nothing.
void TestCheckpointNames::sharedExpertWidthAndQuietKeys() {
    json step = readConfig("stepfun-ai--Step-3.7-Flash-FP8_config.json");
    QVERIFY(step.is_object());
    const std::uint64_t moeLayers = 45 - 3, H = 4096;
    const auto asIs = importHfConfigText(step.dump(), "step37");
    QVERIFY2(asIs.ok(), asIs.ok() ? "" : asIs.error().toString().c_str());
    const auto sharedParams = [](const ModelSpec &s) {
        std::uint64_t n = 0;
        for (const auto &g : s.groups) {
            n += g.role == GroupRole::SharedExperts ? g.params : 0;
        }
        return n;
    };
    QCOMPARE(sharedParams(*asIs), moeLayers * 3 * H * 1280);
    QVERIFY(!hasNote(*asIs, "share_expert_dim"));
    step["share_expert_dim"] = 2560;
    const auto wider = importHfConfigText(step.dump(), "step37-wide");
    QVERIFY2(wider.ok(), wider.ok() ? "" : wider.error().toString().c_str());
    QCOMPARE(sharedParams(*wider), moeLayers * 3 * H * 2560);

    json llama = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    llama["vocab_size_per_layer_input"] = 262144;
    llama["hidden_size_per_layer_input"] = 0;
    llama["model_type"] = "llama_variant";
    const auto quiet = importHfConfigText(llama.dump(), "quiet");
    QVERIFY2(quiet.ok(), quiet.ok() ? "" : quiet.error().toString().c_str());
    QVERIFY(!hasNote(*quiet, "vocab_size_per_layer_input"));
    // A head width no model has (a typo of 1,000,000 sized a 10.5-trillion-parameter model)
    // is refused naming the key.
    json wide = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    wide["head_dim"] = 1000000;
    const auto tooWide = importHfConfigText(wide.dump(), "wide");
    QVERIFY(!tooWide.ok());
    QVERIFY2(tooWide.error().toString().find("head_dim") != std::string::npos,
             tooWide.error().toString().c_str());
    // With a width the per-layer embeddings are read (genericlayers.h addPerLayerEmbeddings):
    // the table [262144, L x 256], the model projection [L x 256, H] and its norm [256], and
    // per layer the gate [256, H], the projection [H, 256] and a norm [H].
    llama["hidden_size_per_layer_input"] = 256;
    const auto read = importHfConfigText(llama.dump(), "read");
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
    QVERIFY(!hasNote(*read, "vocab_size_per_layer_input"));
    QVERIFY(!hasNote(*read, "hidden_size_per_layer_input"));
    const std::uint64_t L = 32, H8 = 4096, P = 256;
    QCOMPARE(read->totalParams - quiet->totalParams,
             262144 * L * P + L * P * H8 + P + L * (2 * P * H8 + H8));
    // The table is a row gather: not active; the projections are.
    QCOMPARE(read->activeParams - quiet->activeParams, L * P * H8 + P + L * (2 * P * H8 + H8));
}

// Meta's FP8 checkpoints (fbgemm_fp8: e4m3 weights, one fp32 scale per output row) list every
// layer's attention projections and the first and last layers' MLPs in modules_to_not_convert
// (511 names for the 405B). Each name is tested on its own layer only, so the list is read
// exactly, without the "first layer decides" estimate, and the same list as an fp8
// (per-tensor) checkpoint gives the same split.
void TestCheckpointNames::fbgemmFp8LayerByLayerList() {
    // Llama 3.1 8B's widths with the 405B's 126 layers: 511 names, as Meta's list has.
    constexpr std::uint64_t layers = 126;
    json cfg = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    cfg["num_hidden_layers"] = layers;
    json keep = json::array();
    for (std::uint64_t l = 0; l < layers; ++l) {
        for (const char *p : {"q_proj", "k_proj", "v_proj", "o_proj"}) {
            keep.push_back("model.layers." + std::to_string(l) + ".self_attn." + p);
        }
    }
    for (const std::uint64_t l : {std::uint64_t(0), layers - 1}) {
        for (const char *p : {"gate_proj", "up_proj", "down_proj"}) {
            keep.push_back("model.layers." + std::to_string(l) + ".mlp." + p);
        }
    }
    keep.push_back("lm_head");
    QCOMPARE(keep.size(), std::size_t(511));
    cfg["quantization_config"] = {{"quant_method", "fbgemm_fp8"},
                                  {"activation_scale_ub", 1200.0},
                                  {"modules_to_not_convert", keep}};
    const auto m = importHfConfigText(cfg.dump(), "llama-fbgemm");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QVERIFY(!hasNote(*m, "too long to test"));
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::bf16), layers * kAttn);
    QCOMPARE(paramsIn(*m, GroupRole::Attention, formats::fp8), 0ull);
    QCOMPARE(paramsIn(*m, GroupRole::DenseMlp, formats::bf16), 2 * 3 * kMlpOne);
    QCOMPARE(paramsIn(*m, GroupRole::DenseMlp, formats::fp8), (layers - 2) * 3 * kMlpOne);
    // FP8 MLP bytes: one byte a weight plus 4 B per output row (gate, up: 14,336; down: 4,096).
    std::uint64_t fp8Bytes = 0;
    for (const TensorGroup &g : m->groups) {
        fp8Bytes += g.role == GroupRole::DenseMlp && g.format == formats::fp8 ? g.bytes() : 0;
    }
    QCOMPARE(fp8Bytes, (layers - 2) * (3 * kMlpOne + (2 * 14336 + 4096) * 4));
    cfg["quantization_config"] = {{"quant_method", "fp8"}, {"modules_to_not_convert", keep}};
    const auto fp8 = importHfConfigText(cfg.dump(), "llama-fp8-list");
    QVERIFY(fp8.ok());
    QVERIFY(!hasNote(*fp8, "too long to test"));
    QCOMPARE(paramsIn(*fp8, GroupRole::DenseMlp, formats::fp8), (layers - 2) * 3 * kMlpOne);
}

// A dense model_type (llama) whose config also counts experts is refused naming the key: its
// class builds no experts, and sizing it dense would be wrong. Mixtral reads the same key.
void TestCheckpointNames::denseTypeWithExpertCountIsRefused() {
    json cfg = readConfig("meta-llama--Meta-Llama-3.1-8B_config.json");
    QVERIFY(cfg.is_object());
    QVERIFY(importHfConfigText(cfg.dump(), "llama").ok());
    cfg["num_local_experts"] = 8;
    cfg["num_experts_per_tok"] = 2;
    const auto moe = importHfConfigText(cfg.dump(), "llama-moe");
    QVERIFY(!moe.ok());
    QCOMPARE(moe.error().field, std::string("num_local_experts"));
    QVERIFY2(moe.error().message.find("'8' experts, but model_type 'llama' is a dense model") == 0,
             moe.error().message.c_str());
    cfg["num_local_experts"] = 1; // one expert is a dense MLP
    QVERIFY(importHfConfigText(cfg.dump(), "llama-one").ok());
    cfg["model_type"] = "mixtral";
    cfg["architectures"] = {"MixtralForCausalLM"};
    cfg["num_local_experts"] = 8;
    const auto mixtral = importHfConfigText(cfg.dump(), "mixtral");
    QVERIFY2(mixtral.ok(), mixtral.ok() ? "" : mixtral.error().toString().c_str());
    QCOMPARE(mixtral->experts.routed, 8u);
}

QTEST_GUILESS_MAIN(TestCheckpointNames)
#include "tst_checkpointnames.moc"
