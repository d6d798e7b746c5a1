// SPDX-License-Identifier: MIT
// Tests for the nemotron_h importer (core/import/arch_nemotronh.cpp) on the real configs in
// tests/data/configs/ (sources in its README.md: NVIDIA AIConfigurator's bundled copies at
// ai-dynamo/aiconfigurator 095f58a51c4ca8e61b66ec108d86f223f8d559ce).
//
// Expected figures are computed by hand from each config with the block rule of vLLM's
// vllm/model_executor/models/nemotron_h.py at 8744bb0924a53c0d16867426b8b17428d41e4002 (see
// the importer's file comment). Nano, per block (H 2688): Mamba2 38,742,208 (in_proj
// [10304, H], conv1d [6144, 4] + bias, dt_bias / A_log / D [64], norm [4096], out_proj
// [H, 4096]), attention 23,396,352, MoE 20,299,904 outside the experts plus 128 experts of
// 9,977,856 (top 6), norm [H]; 23 Mamba2 + 6 attention + 23 MoE blocks, embedding and lm_head
// [131072, H], norm_f: 31,577,940,288 in all (published: 31.6B), 3,227,754,816 active without
// the embedding (published: about 3.2B; 3.6B with it). Super 120,668,707,840 / 12,233,366,528
// (published 120B / 12B active); Ultra 549,308,993,536 / 54,985,101,312 (550B / 55B).
#include "engine/enginememory.h"
#include "import/configreader.h"
#include "import/modelimport.h"
#include "scenario/scenario.h"
#include "sizing/memory.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTest>

#include <functional>

using namespace hostplan;
using hostplan::modelimporttest::layersOf;
using J = nlohmann::json;
/// An edit of a parsed config (a data row of refusalsNameTheField).
using ConfigEdit = std::function<void(J &)>;
Q_DECLARE_METATYPE(ConfigEdit)

namespace {

constexpr char kNano[] = "nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16";
constexpr char kLightning[] = "nvidia--NVIDIA-Nemotron-3.5-Lightning-30B-A3B-NVFP4";
constexpr char kSuper[] = "nvidia--NVIDIA-Nemotron-3-Super-120B-A12B-FP8";
constexpr char kUltra[] = "nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16";
constexpr char kH56[] = "nvidia--Nemotron-H-56B-Base-8K";

std::string readConfig(const QString &name) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

/// Imports `<stem>_config.json` with its `<stem>_hf_quant_config.json` when there is one.
Result<ModelSpec> importStem(const QString &stem) {
    return importHfConfigText(readConfig(stem + "_config.json"), stem.toStdString(),
                              readConfig(stem + "_hf_quant_config.json"));
}

/// The config of `stem` edited by `edit`, imported without a quantization file.
Result<ModelSpec> importEdited(const QString &stem, const ConfigEdit &edit) {
    // Some configs hold Infinity (time_step_limit), which the importer reads as absent.
    std::vector<std::string> nonFinite;
    J j =
        J::parse(importer::replaceNonFiniteLiterals(readConfig(stem + "_config.json"), nonFinite));
    edit(j);
    return importHfConfigText(j.dump(), stem.toStdString());
}

/// Layers of one attention kind.
const TensorGroup *groupNamed(const ModelSpec &m, const std::string &name) {
    for (const auto &g : m.groups) {
        if (g.name == name) {
            return &g;
        }
    }
    return nullptr;
}

bool hasNote(const ModelSpec &m, const std::string &part) {
    for (const auto &n : m.notes) {
        if (n.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestNemotronH : public QObject {
    Q_OBJECT

  private slots:
    void parameterCounts_data();
    void parameterCounts();
    void patternAndBlockTypesAgree();
    void cacheSizes_data();
    void cacheSizes();
    void superFp8StoredBytes();
    void excludeModulesMatchCheckpointNames();
    void mlpWidthLists();
    void notes();
    void refusalsNameTheField_data();
    void refusalsNameTheField();
    void malformedValuesNeverCrash();
    void pureStateStackUnderSglang();
};

void TestNemotronH::parameterCounts_data() {
    QTest::addColumn<QString>("stem");
    QTest::addColumn<qulonglong>("total");
    QTest::addColumn<qulonglong>("active");
    QTest::addColumn<qulonglong>("activeWithEmbedding");
    QTest::addColumn<uint>("blocks");
    QTest::addColumn<qulonglong>("mambaBlocks");
    QTest::addColumn<qulonglong>("attentionBlocks");
    QTest::addColumn<uint>("moeBlocks");
    QTest::addColumn<uint>("expertWidth");
    // hybrid_override_pattern, 23 M + 6 * + 23 E.
    QTest::newRow("nano-30b-a3b/pattern")
        << kNano << 31'577'940'288ull << 3'227'754'816ull << 3'580'076'352ull << 52u << 23ull
        << 6ull << 23u << 2688u;
    // layers_block_type, the same shape; was sized as a 102B plain transformer.
    QTest::newRow("lightning-30b-a3b/layers_block_type")
        << kLightning << 31'577'940'288ull << 3'227'754'816ull << 3'580'076'352ull << 52u << 23ull
        << 6ull << 23u << 2688u;
    // Latent MoE (moe_latent_size 1024): experts read a 1024-wide latent.
    QTest::newRow("super-120b-a12b/latent-moe")
        << kSuper << 120'668'707'840ull << 12'233'366'528ull << 12'770'237'440ull << 88u << 40ull
        << 8ull << 40u << 1024u;
    // No num_hidden_layers: 108 blocks from layers_block_type; latent 2048.
    QTest::newRow("ultra-550b-a55b/no-num_hidden_layers")
        << kUltra << 549'308'993'536ull << 54'985'101'312ull << 56'058'843'136ull << 108u << 48ull
        << 12ull << 48u << 2048u;
    // Dense: 54 M + 10 * + 54 relu2 MLP blocks of 32768 (published: 56B).
    QTest::newRow("nemotron-h-56b/dense-mlp")
        << kH56 << 56'324'350'464ull << 55'250'608'640ull << 56'324'350'464ull << 118u << 54ull
        << 10ull << 0u << 0u;
}

void TestNemotronH::parameterCounts() {
    QFETCH(QString, stem);
    QFETCH(qulonglong, total);
    QFETCH(qulonglong, active);
    QFETCH(qulonglong, activeWithEmbedding);
    QFETCH(uint, blocks);
    QFETCH(qulonglong, mambaBlocks);
    QFETCH(qulonglong, attentionBlocks);
    QFETCH(uint, moeBlocks);
    QFETCH(uint, expertWidth);
    const auto r = importStem(stem);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->architecture, std::string("nemotron_h"));
    QCOMPARE(r->totalParams, std::uint64_t(total));
    QCOMPARE(r->activeParams, std::uint64_t(active));
    QCOMPARE(r->activeParamsWithEmbedding, std::uint64_t(activeWithEmbedding));
    QCOMPARE(r->numLayers, blocks);
    QCOMPARE(layersOf(*r, AttentionKind::Linear), std::uint64_t(mambaBlocks));
    QCOMPARE(layersOf(*r, AttentionKind::GQA), std::uint64_t(attentionBlocks));
    QCOMPARE(r->experts.moeLayers, moeBlocks);
    QCOMPARE(r->experts.expertWidth, expertWidth);
    if (moeBlocks > 0) {
        // Non-gated experts: up and down only.
        QCOMPARE(r->experts.paramsPerExpert, 2ull * expertWidth * r->experts.intermediate);
        QVERIFY(groupNamed(*r, "dense MLP") == nullptr);
    } else {
        QCOMPARE(r->denseIntermediate, 32768u);
    }
}

// The same model written both ways imports to the same spec, group by group; and Nano's own
// pattern rewritten as layers_block_type without num_hidden_layers does too.
void TestNemotronH::patternAndBlockTypesAgree() {
    const auto nano = importStem(kNano);
    const auto lightning = importStem(kLightning);
    const auto rewritten = importEdited(kNano, [](J &j) {
        J types = J::array();
        for (char ch : j["hybrid_override_pattern"].get<std::string>()) {
            types.push_back(ch == 'M' ? "mamba" : ch == '*' ? "attention" : "moe");
        }
        j.erase("hybrid_override_pattern");
        j.erase("num_hidden_layers");
        j["layers_block_type"] = types;
    });
    QVERIFY(nano.ok() && lightning.ok() && rewritten.ok());
    for (const ModelSpec *other : {&*lightning, &*rewritten}) {
        QCOMPARE(other->groups.size(), nano->groups.size());
        for (std::size_t i = 0; i < nano->groups.size(); ++i) {
            QCOMPARE(other->groups[i].name, nano->groups[i].name);
            QCOMPARE(other->groups[i].params, nano->groups[i].params);
            QCOMPARE(other->groups[i].activeParams, nano->groups[i].activeParams);
            QCOMPARE(other->groups[i].bytes(), nano->groups[i].bytes());
        }
        QCOMPARE(other->layers.size(), nano->layers.size());
        QCOMPARE(other->weightBytes(), nano->weightBytes());
    }
    // Both lists given and agreeing is fine too.
    const auto both = importEdited(kLightning, [](J &j) {
        std::string pattern;
        for (const auto &t : j["layers_block_type"]) {
            pattern += t == "mamba" ? 'M' : t == "attention" ? '*' : 'E';
        }
        j["hybrid_override_pattern"] = pattern;
    });
    QVERIFY2(both.ok(), both.ok() ? "" : both.error().toString().c_str());
    QCOMPARE(both->totalParams, nano->totalParams);
}

void TestNemotronH::cacheSizes_data() {
    QTest::addColumn<QString>("stem");
    QTest::addColumn<uint>("tp");
    QTest::addColumn<qulonglong>("kvPerToken");
    QTest::addColumn<qulonglong>("kvPerTokenPerGpu");
    QTest::addColumn<qulonglong>("statePerSequence");
    QTest::addColumn<qulonglong>("statePerSequencePerGpu");
    // KV: attention blocks only, 6 x 2 kv heads x 128 x (K, V) x 2 bytes = 6,144 B per token.
    // State: 23 Mamba2 blocks x (64 heads x 64 x 128 fp32 = 2,097,152 B + conv 6144 x 3 bf16 =
    // 36,864 B) = 49,082,368 B per sequence.
    QTest::newRow("nano/tp1") << kNano << 1u << 6144ull << 6144ull << 49'082'368ull
                              << 49'082'368ull;
    // TP 2: one kv head and 32 Mamba heads per GPU: 3,072 B per token; 23 x (1,048,576 +
    // 18,432) B per sequence.
    QTest::newRow("nano/tp2") << kNano << 2u << 6144ull << 3072ull << 49'082'368ull
                              << 24'541'184ull;
    // 8 attention blocks x 2 x 128 x 2 x 2; 40 x (128 x 64 x 128 x 4 + 10240 x 3 x 2).
    QTest::newRow("super/tp1") << kSuper << 1u << 8192ull << 8192ull << 170'229'760ull
                               << 170'229'760ull;
    // 12 x 2 x 128 x 2 x 2; 48 x (256 x 64 x 128 x 4 + 18432 x 3 x 2).
    QTest::newRow("ultra/tp1") << kUltra << 1u << 12288ull << 12288ull << 407'961'600ull
                               << 407'961'600ull;
    // 10 x 8 x 128 x 2 x 2; 54 x (256 x 64 x 256 x 4 + 20480 x 3 x 2).
    QTest::newRow("h-56b/tp1") << kH56 << 1u << 40960ull << 40960ull << 912'605'184ull
                               << 912'605'184ull;
}

void TestNemotronH::cacheSizes() {
    QFETCH(QString, stem);
    QFETCH(uint, tp);
    QFETCH(qulonglong, kvPerToken);
    QFETCH(qulonglong, kvPerTokenPerGpu);
    QFETCH(qulonglong, statePerSequence);
    QFETCH(qulonglong, statePerSequencePerGpu);
    const auto r = importStem(stem);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    Parallelism par;
    par.tp = tp;
    const CacheCost c = cacheCost(*r, par, formats::bf16, formats::fp32, 1);
    QCOMPARE(c.kvBytesPerToken, std::uint64_t(kvPerToken));
    QCOMPARE(c.kvBytesPerTokenPerGpu, std::uint64_t(kvPerTokenPerGpu));
    QCOMPARE(c.stateBytesPerSequence, std::uint64_t(statePerSequence));
    QCOMPARE(c.stateBytesPerSequencePerGpu, std::uint64_t(statePerSequencePerGpu));
    QCOMPARE(c.windowBytesPerToken, std::uint64_t(0));
}

// ModelOpt FP8 (hf_quant_config.json: quant_algo FP8, kv_cache_quant_algo FP8, no exclusions):
// every Linear weight in e4m3 with an fp32 weight and input scale per tensor; the embedding,
// lm_head, conv1d, norms and Mamba vectors in bf16; the router and its correction bias in fp32.
// 119,508,633,728 + 2,152,994,816 + 335,626,240 bytes.
void TestNemotronH::superFp8StoredBytes() {
    const auto r = importStem(kSuper);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->weightBytes(), 121'997'254'784ull);
    QCOMPARE(r->modelOptQuantAlgo, std::string("FP8"));
    QVERIFY(r->shippedKvFormat == formats::fp8);
    QCOMPARE(r->customCode, true);
    // time_step_limit [0.0, Infinity] is not a size: read as absent, the import goes on.
    QVERIFY(hasNote(*r, "Infinity / NaN read as absent: time_step_limit"));
    const TensorGroup *experts = groupNamed(*r, "routed experts");
    const TensorGroup *router = groupNamed(*r, "router");
    const TensorGroup *embedding = groupNamed(*r, "embedding");
    QVERIFY(experts && router && embedding);
    QVERIFY(experts->format == formats::fp8);
    QVERIFY(router->format == formats::fp32);
    QCOMPARE(router->params, 40ull * (512 * 4096 + 512));
    QVERIFY(embedding->format == formats::bf16);
}

// Exclusion globs match the checkpoint's module names (backbone.layers.N.mixer.*): excluding
// the routed experts and the latent projections keeps them in bf16. Routed experts: 112,742,
// 891,520 parameters in 40,960 tensors (1 byte + 8 bytes of scales each in FP8, 2 bytes in
// bf16); latent projections: 335,544,320 in 80.
void TestNemotronH::excludeModulesMatchCheckpointNames() {
    const J quant = {{"quantization",
                      {{"quant_algo", "FP8"},
                       {"kv_cache_quant_algo", "FP8"},
                       {"exclude_modules",
                        {"lm_head", "backbone.layers.*.mixer.experts.*", "*fc1_latent_proj",
                         "*fc2_latent_proj"}}}}};
    const auto r =
        importHfConfigText(readConfig(QString(kSuper) + "_config.json"), kSuper, quant.dump());
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    const std::uint64_t experts = 112'742'891'520ull, latent = 335'544'320ull;
    QCOMPARE(r->weightBytes(), 121'997'254'784ull + (experts - 8 * 40'960) + (latent - 8 * 80));
    QVERIFY(groupNamed(*r, "routed experts")->format == formats::bf16);
    QVERIFY(groupNamed(*r, "shared experts")->format == formats::fp8);
    QVERIFY(groupNamed(*r, "attention")->format == formats::fp8);
}

// intermediate_size as a one-entry list is the integer; a list per MLP block sizes each.
void TestNemotronH::mlpWidthLists() {
    const auto one = importEdited(kH56, [](J &j) { j["intermediate_size"] = {32768}; });
    QVERIFY2(one.ok(), one.ok() ? "" : one.error().toString().c_str());
    QCOMPARE(one->totalParams, 56'324'350'464ull);
    const auto perBlock = importEdited(kH56, [](J &j) {
        J widths = J::array();
        for (int i = 0; i < 54; ++i) {
            widths.push_back(i % 2 ? 16384 : 32768);
        }
        j["intermediate_size"] = widths;
    });
    QVERIFY2(perBlock.ok(), perBlock.ok() ? "" : perBlock.error().toString().c_str());
    // 27 blocks lose 2 x 16384 x 8192 each.
    QCOMPARE(perBlock->totalParams, 56'324'350'464ull - 27ull * 2 * 16384 * 8192);
    QCOMPARE(perBlock->denseIntermediate, 32768u);
}

// MTP blocks are noted, not counted. The config's mamba_ssm_cache_dtype is kept (vLLM's
// Nemotron-H hook reads it); one no engine keeps a state in is noted and read as absent.
void TestNemotronH::notes() {
    const auto lightning = importStem(kLightning);
    const auto super = importStem(kSuper);
    const auto nano = importStem(kNano);
    QVERIFY(lightning.ok() && super.ok() && nano.ok());
    QCOMPARE(lightning->mtpLayers, 1u);
    QVERIFY(hasNote(*lightning, "1 MTP layer(s) of blocks attention, moe"));
    QCOMPARE(super->mtpLayers, 1u);
    QVERIFY(hasNote(*super, "of blocks '*E'"));
    QCOMPARE(nano->mtpLayers, 0u);
    QVERIFY(!hasNote(*nano, "MTP"));
    QVERIFY(!hasNote(*nano, "mamba_ssm_cache_dtype"));
    QCOMPARE(nano->configSsmCacheDtype, std::optional<NumberFormat>(formats::fp32));
    QVERIFY(!nano->configSsmDtype);
    const auto bf16State =
        importEdited(kNano, [](J &j) { j["mamba_ssm_cache_dtype"] = "bfloat16"; });
    QVERIFY(bf16State.ok());
    QCOMPARE(bf16State->configSsmCacheDtype, std::optional<NumberFormat>(formats::bf16));
    const auto fp8State =
        importEdited(kNano, [](J &j) { j["mamba_ssm_cache_dtype"] = "float8_e4m3fn"; });
    QVERIFY(fp8State.ok());
    QVERIFY(!fp8State->configSsmCacheDtype);
    QVERIFY(hasNote(*fp8State, "mamba_ssm_cache_dtype is 'float8_e4m3fn', not a recurrent-state"));
    const auto numeric = importEdited(kNano, [](J &j) { j["mamba_ssm_cache_dtype"] = 32; });
    QVERIFY(!numeric.ok());
    QCOMPARE(numeric.error().field, std::string("mamba_ssm_cache_dtype"));
}

void TestNemotronH::refusalsNameTheField_data() {
    QTest::addColumn<QString>("stem");
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("says");
    const auto row = [](const char *name, const char *stem, ConfigEdit edit, const char *field,
                        const char *says) {
        QTest::newRow(name) << QString(stem) << edit << QString(field) << QString(says);
    };
    row(
        "pattern/unknown-character", kNano,
        [](J &j) { j["hybrid_override_pattern"] = "MEMX" + std::string(48, 'M'); },
        "hybrid_override_pattern", "'X' at position 3");
    row(
        "pattern/unprintable-byte", kNano,
        [](J &j) { j["hybrid_override_pattern"] = std::string(51, 'M') + '\x01'; },
        "hybrid_override_pattern", "byte 1 at position 51");
    row(
        "pattern/empty", kNano, [](J &j) { j["hybrid_override_pattern"] = ""; },
        "hybrid_override_pattern", "0 blocks");
    row(
        "pattern/not-a-string", kNano, [](J &j) { j["hybrid_override_pattern"] = 52; },
        "hybrid_override_pattern", "must be a string");
    row(
        "pattern/shorter-than-num_hidden_layers", kNano,
        [](J &j) { j["hybrid_override_pattern"] = std::string(51, 'M'); }, "num_hidden_layers",
        "52 disagrees with the 51 blocks of hybrid_override_pattern");
    row(
        "block-types/unknown", kLightning, [](J &j) { j["layers_block_type"][5] = "ssm"; },
        "layers_block_type[5]", "unknown block type 'ssm'");
    row(
        "block-types/longer-than-num_hidden_layers", kLightning,
        [](J &j) { j["layers_block_type"].push_back("moe"); }, "num_hidden_layers",
        "52 disagrees with the 53 blocks of layers_block_type");
    row(
        "both-lists/disagree", kNano,
        [](J &j) { j["layers_block_type"] = J(std::vector<std::string>(52, "mamba")); },
        "layers_block_type", "disagrees with hybrid_override_pattern");
    row(
        "no-block-list", kNano, [](J &j) { j.erase("hybrid_override_pattern"); },
        "hybrid_override_pattern", "missing");
    row(
        "per-block-configs", kNano, [](J &j) { j["block_configs"] = J::array({J::object()}); },
        "block_configs", "not read");
    row(
        "mamba/missing-heads", kNano, [](J &j) { j.erase("mamba_num_heads"); }, "mamba_num_heads",
        "missing");
    row(
        "mamba/groups-not-dividing-heads", kNano, [](J &j) { j["n_groups"] = 7; }, "n_groups",
        "does not divide mamba_num_heads 64");
    row(
        "mamba/zero-conv-kernel", kNano, [](J &j) { j["conv_kernel"] = 0; }, "conv_kernel",
        "at least 1");
    row(
        "mamba/implausible-state", kNano,
        [](J &j) {
            j["mamba_num_heads"] = 1 << 16;
            j["mamba_head_dim"] = 1 << 20;
            j["ssm_state_size"] = 1 << 20;
        },
        "ssm_state_size", "implausible");
    row(
        "pattern/no-token-mixing", kNano,
        [](J &j) { j["hybrid_override_pattern"] = std::string(52, 'E'); },
        "hybrid_override_pattern", "no Mamba or attention block");
    row(
        "moe/latent-wider-than-hidden", kUltra, [](J &j) { j["moe_latent_size"] = 1 << 20; },
        "moe_latent_size", "wider than hidden_size 8192");
    row(
        "moe/top-k-above-experts", kNano, [](J &j) { j["num_experts_per_tok"] = 129; },
        "num_experts_per_tok", "exceeds the 128 routed experts");
    row(
        "moe/missing-intermediate", kNano, [](J &j) { j.erase("moe_intermediate_size"); },
        "moe_intermediate_size", "missing");
    row(
        "mlp/width-list-length", kH56,
        [](J &j) {
            j["intermediate_size"] = {1024, 2048};
        },
        "intermediate_size", "has 2 entries for 54 MLP blocks");
    // Another model_type and model class with a block list still go to the generic reader,
    // which refuses (a known class under another model_type is read by that class's file).
    const auto otherModel = [](J &j) {
        j["model_type"] = "hybrid_x";
        j["architectures"] = {"HybridXForCausalLM"};
    };
    row("generic/layers_block_type", kLightning, otherModel, "layers_block_type",
        "the generic importer cannot size them");
    row("generic/hybrid_override_pattern", kNano, otherModel, "hybrid_override_pattern",
        "the generic importer cannot size them");
}

void TestNemotronH::refusalsNameTheField() {
    QFETCH(QString, stem);
    QFETCH(ConfigEdit, edit);
    QFETCH(QString, field);
    QFETCH(QString, says);
    const auto r = importEdited(stem, edit);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
    QVERIFY2(QString::fromStdString(r.error().message).contains(says),
             r.error().toString().c_str());
}

// Every top-level value of Nano's config replaced by each of a few bad values: an import that
// fails names a field, none crashes.
void TestNemotronH::malformedValuesNeverCrash() {
    const J base = J::parse(readConfig(QString(kNano) + "_config.json"));
    const std::vector<J> bad = {-1,          0,    1e30,       "x",       J::array(),
                                J::object(), true, J(nullptr), {1, 2, 3}, 1u << 31};
    int failures = 0;
    for (auto it = base.begin(); it != base.end(); ++it) {
        for (const J &v : bad) {
            J j = base;
            j[it.key()] = v;
            const auto r = importHfConfigText(j.dump(), "bad.json");
            if (!r.ok()) {
                ++failures;
                QVERIFY2(!r.error().field.empty(), qPrintable(QString::fromStdString(
                                                       it.key() + ": " + r.error().toString())));
            }
        }
    }
    QVERIFY(failures > 100); // the sizes the importer reads refuse most of these
}

// A stack of Mamba blocks alone (no attention layer, so no KV per token): SGLang's state slots
// bound the running requests whatever the context, rather than a KV pool of 0 tokens.
void TestNemotronH::pureStateStackUnderSglang() {
    const auto m = importEdited(kH56, [](J &j) {
        const std::size_t n = j["hybrid_override_pattern"].get<std::string>().size();
        j["hybrid_override_pattern"] = std::string(n, 'M');
    });
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    QCOMPARE(layersOf(m.value(), AttentionKind::GQA), 0ull);
    GpuSpec g;
    g.id = g.name = "NVIDIA H100";
    g.vendor = "NVIDIA";
    g.usableMemoryBytes = g.memoryBytes = 200'000'000'000ull;
    g.fp8FlopsPerS = 1e15;
    g.computeCapability = 90;
    Scenario s;
    s.engine.engine = Engine::Sglang;
    s.workload.contextTokens = 8192;
    const EngineMemoryInput in = engineInputFor(m.value(), g, Parallelism{}, s);
    const EngineMemoryModel &sg = sglangMemoryModel();
    const EngineMemoryTerms t = sg.terms(in);
    QCOMPARE(t.kvBytesPerToken, 0ull);
    QVERIFY(t.stateSlotsInPool > std::uint64_t(in.stateSlots));
    const std::uint32_t bySlots = std::uint32_t(t.stateSlotsInPool / in.stateSlots);
    QCOMPARE(sg.sequences(in, t, 8192), bySlots);
    QCOMPARE(sg.sequences(in, t, 131072), bySlots);
    QCOMPARE(sg.sequences(in, t, 0), 0u);
}

QTEST_GUILESS_MAIN(TestNemotronH)
#include "tst_nemotronh.moc"
