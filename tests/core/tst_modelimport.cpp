// SPDX-License-Identifier: MIT
// Tests for core/modelimport on every real config in resources/models, architecture by
// architecture, against the golden figures of ../shared/reference/model-facts.md ("MF") and
// kimi-k3-facts.md ("K3F"): totals, active counts and checkpoint bytes, the invariants every
// import keeps, layers, KV cache and linear-attention state, experts, and the tensor groups'
// formats, placements and exact bytes. Bad inputs and the general rules are tested by
// tst_modelimport_rules.
#include "import/modelimport.h"
#include "modelimporttestutil.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace hostplan;
using hostplan::modelimporttest::kAllModels;

Q_DECLARE_METATYPE(hostplan::AttentionKind)
Q_DECLARE_METATYPE(hostplan::GroupRole)
Q_DECLARE_METATYPE(hostplan::Placement)

namespace {

ModelSpec importResource(const QString &file) {
    const auto r = importHfConfigText(readResource("models/" + file), file.toStdString());
    if (!r) {
        qFatal("import of %s failed: %s", qPrintable(file), r.error().toString().c_str());
    }
    return *r;
}

} // namespace

class TestModelImport : public QObject {
    Q_OBJECT

  private slots:
    void realConfigs_data();
    void realConfigs();
    void checkpointBytesVsReference_data();
    void checkpointBytesVsReference();
    void invariants_data();
    void invariants();
    void layerGroups_data();
    void layerGroups();
    void cacheFigures_data();
    void cacheFigures();
    void experts_data();
    void experts();
    void groupFacts_data();
    void groupFacts();
    void configSymlinkLoop();
};

// A folder whose config.json is a loop of symbolic links says so (the system's reason), not
// "no config.json in this folder".
void TestModelImport::configSymlinkLoop() {
    QTemporaryDir dir;
    const std::filesystem::path folder = dir.path().toStdString();
    std::filesystem::create_symlink(folder / "loop", folder / "config.json");
    std::filesystem::create_symlink(folder / "config.json", folder / "loop");
    const auto r = importModelPath(folder.string());
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("cannot read: Too many levels of symbolic links") !=
                 std::string::npos,
             r.error().toString().c_str());
}

// --- Totals, active counts, bytes --------------------------------------------------------

void TestModelImport::realConfigs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("architecture");
    QTest::addColumn<quint64>("total");
    QTest::addColumn<quint64>("active");        // without the input embedding
    QTest::addColumn<quint64>("activeWithEmb"); // with it (MF §1 "Active / token" column)
    QTest::addColumn<quint64>("weightBytes");
    QTest::addColumn<uint>("layers");
    QTest::addColumn<uint>("hidden");
    QTest::addColumn<uint>("heads");
    QTest::addColumn<uint>("vocab");
    QTest::addColumn<quint64>("maxContext");

    // K3F §0/§4/§5: total, active (card convention), +embedding, index total_size.
    QTest::newRow("kimi-k3") << "Kimi-K3.json"
                             << "kimi_k3" << 2'779'931'837'184ull << 104'189'614'848ull
                             << 105'364'019'968ull << 1'560'860'324'864ull << 93u << 7168u << 96u
                             << 163840u << 1'048'576ull;
    // MF §1: total and active [calc]; active without embedding = 32,861,500,928 - 163840*7168.
    // MF §3 total_size is 1,029,173,256,720: 6,832 B more, see checkpointBytesVsReference.
    QTest::newRow("kimi-k2") << "Kimi-K2-Instruct.json"
                             << "kimi_k2" << 1'026'408'232'448ull << 31'687'095'808ull
                             << 32'861'500'928ull << 1'029'173'249'888ull << 61u << 7168u << 64u
                             << 163840u << 131'072ull;
    // MF §1: 671,026,419,200 main model (MTP excluded); active 37,552,297,472 with embedding,
    // "36.63B without". Bytes without MTP; MF §3's 688,574,839,360 includes MTP (see below).
    QTest::newRow("deepseek-v3") << "DeepSeek-V3.json"
                                 << "deepseek_v3" << 671'026'419'200ull << 36'625'618'432ull
                                 << 37'552'297'472ull << 673'150'611'808ull << 61u << 7168u << 128u
                                 << 129280u << 163'840ull;
    // MF §1 [inv] total, [calc] active with embedding (3.11B without); MF §3 total_size.
    // No max_position_embeddings: model_max_length is used.
    QTest::newRow("kimi-linear") << "Kimi-Linear-48B-A3B-Instruct.json"
                                 << "kimi_linear" << 49'122'681'728ull << 3'106'972'544ull
                                 << 3'484'459'904ull << 98'245'528'576ull << 27u << 2304u << 32u
                                 << 163840u << 1'048'576ull;
    // MF §1 / §3 (total_size = 2 x params, bf16).
    QTest::newRow("qwen3-235b") << "Qwen3-235B-A22B.json"
                                << "qwen3_moe" << 235'093'634'560ull << 21'568'433'664ull
                                << 22'190'763'520ull << 470'187'269'120ull << 94u << 4096u << 64u
                                << 151936u << 40'960ull;
    // MF §1: 79,674,391,296 without MTP; active 3,874,929,408 with embedding (3.56B without).
    // Bytes = 2 x params; MF §3's 162,649,725,440 includes MTP (see below).
    QTest::newRow("qwen3-next") << "Qwen3-Next-80B-A3B-Thinking.json"
                                << "qwen3_next" << 79'674'391'296ull << 3'563'764'480ull
                                << 3'874'929'408ull << 159'348'782'592ull << 48u << 2048u << 16u
                                << 151936u << 262'144ull;
    // MF §1: total, active without embedding 5,132,849,472 and with it 5,711,982,912; MF §3.
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json"
                                  << "gpt_oss" << 116'829'156'672ull << 5'132'849'472ull
                                  << 5'711'982'912ull << 65'248'815'744ull << 36u << 2880u << 64u
                                  << 201088u << 131'072ull;
    // MF §1 / §3 (published verbatim). Dense: active = total - embedding (128256 x H).
    QTest::newRow("llama-3.1-8b") << "Llama-3.1-8B.json"
                                  << "llama" << 8'030'261'248ull
                                  << 8'030'261'248ull - 128256ull * 4096 << 8'030'261'248ull
                                  << 16'060'522'496ull << 32u << 4096u << 32u << 128256u
                                  << 131'072ull;
    QTest::newRow("llama-3.1-70b")
        << "Llama-3.1-70B.json"
        << "llama" << 70'553'706'496ull << 70'553'706'496ull - 128256ull * 8192 << 70'553'706'496ull
        << 141'107'412'992ull << 80u << 8192u << 64u << 128256u << 131'072ull;
    // MF §1 / §3 (published).
    QTest::newRow("mixtral-8x7b") << "Mixtral-8x7B-v0.1.json"
                                  << "mixtral" << 46'702'792'704ull
                                  << 12'879'925'248ull - 32000ull * 4096 << 12'879'925'248ull
                                  << 93'405'585'408ull << 32u << 4096u << 32u << 32000u
                                  << 32'768ull;
}

void TestModelImport::realConfigs() {
    QFETCH(QString, file);
    QFETCH(QString, architecture);
    QFETCH(quint64, total);
    QFETCH(quint64, active);
    QFETCH(quint64, activeWithEmb);
    QFETCH(quint64, weightBytes);
    QFETCH(uint, layers);
    QFETCH(uint, hidden);
    QFETCH(uint, heads);
    QFETCH(uint, vocab);
    QFETCH(quint64, maxContext);

    const ModelSpec s = importResource(file);
    QCOMPARE(QString::fromStdString(s.architecture), architecture);
    QCOMPARE(quint64(s.totalParams), total);
    QCOMPARE(quint64(s.activeParams), active);
    QCOMPARE(quint64(s.activeParamsWithEmbedding), activeWithEmb);
    QCOMPARE(quint64(s.weightBytes()), weightBytes);
    QCOMPARE(uint(s.numLayers), layers);
    QCOMPARE(uint(s.hiddenSize), hidden);
    QCOMPARE(uint(s.numAttentionHeads), heads);
    QCOMPARE(uint(s.vocabSize), vocab);
    QCOMPARE(quint64(s.maxContextTokens), maxContext);
    QCOMPARE(QString::fromStdString(s.source), file);
    QVERIFY(s.asOf.empty());
    QCOMPARE(quint64(s.checkpointBytes), quint64(0)); // only an index sets it
}

// Where the published total_size covers tensors the importer does not count, the difference is
// exactly those tensors, computed here from the config.
void TestModelImport::checkpointBytesVsReference_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<quint64>("uncountedBytes");
    QTest::addColumn<quint64>("publishedTotal");

    // DeepSeek-V3 MTP layer (MF §5: "671B + 14B MTP"): a full MoE decoder layer in FP8 with
    // 128x128 fp32 block scales, plus enorm, hnorm, eh_proj [H, 2H] (bf16), shared_head.norm and
    // duplicated embedding + head (bf16).
    {
        const quint64 H = 7168, V = 129280, E = 256, moeI = 2048, heads = 128;
        const quint64 attnFp8 =
            1536 * H + heads * 192 * 1536 + 576 * H + heads * 256 * 512 + H * heads * 128;
        const quint64 attnScales = 12 * 56 + 192 * 12 + 5 * 56 + 256 * 4 + 56 * 128;
        const quint64 expertsFp8 = (E + 1) * 3 * H * moeI; // routed + shared
        const quint64 expertScales = (E + 1) * 3 * 16 * 56;
        const quint64 bf16 =
            1536 + 512 + 2 * H /*layer norms*/ + E * H /*gate*/ + 2 * V * H + 3 * H + 2 * H * H;
        const quint64 mtp = attnFp8 + expertsFp8 + 4 * (attnScales + expertScales) + 2 * bf16 +
                            4 * E /*fp32 correction bias*/;
        QTest::newRow("deepseek-v3/mtp") << "DeepSeek-V3.json" << mtp << 688'574'839'360ull;
    }
    // Qwen3-Next MTP (MF §1: 81,324,862,720 with MTP - 79,674,391,296 without): fc [H, 2H], two
    // pre-fc norms, one gated full-attention MoE layer, final norm; bf16.
    {
        const quint64 H = 2048;
        const quint64 attn = H * 16 * 256 * 2 + 2 * H * 2 * 256 + 16 * 256 * H + 2 * 256;
        const quint64 moe = 512 * 3 * H * 512 + 3 * H * 512 + H + 512 * H;
        const quint64 params = 2 * H * H + 2 * H + attn + moe + 2 * H + H;
        QCOMPARE(params, 81'324'862'720ull - 79'674'391'296ull);
        QTest::newRow("qwen3-next/mtp")
            << "Qwen3-Next-80B-A3B-Thinking.json" << 2 * params << 162'649'725'440ull;
    }
    // Kimi-K2: MF §5 lists 61 x 56 rotary_emb.inv_freq buffer elements in the checkpoint (bf16);
    // they are not parameters and the config does not determine them.
    QTest::newRow("kimi-k2/inv_freq")
        << "Kimi-K2-Instruct.json" << 61ull * 56 * 2 << 1'029'173'256'720ull;
    // Models the config accounts for completely.
    QTest::newRow("kimi-k3") << "Kimi-K3.json" << 0ull << 1'560'860'324'864ull;
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json" << 0ull << 65'248'815'744ull;
    QTest::newRow("kimi-linear") << "Kimi-Linear-48B-A3B-Instruct.json" << 0ull
                                 << 98'245'528'576ull;
}

void TestModelImport::checkpointBytesVsReference() {
    QFETCH(QString, file);
    QFETCH(quint64, uncountedBytes);
    QFETCH(quint64, publishedTotal);
    const ModelSpec s = importResource(file);
    QCOMPARE(quint64(s.weightBytes()) + uncountedBytes, publishedTotal);
}

void TestModelImport::invariants_data() {
    QTest::addColumn<QString>("file");
    for (const QString &f : kAllModels) {
        QTest::newRow(qPrintable(f)) << f;
    }
}

void TestModelImport::invariants() {
    QFETCH(QString, file);
    const ModelSpec s = importResource(file);
    QCOMPARE(quint64(s.groupParams()), quint64(s.totalParams));
    quint64 active = 0, embedding = 0;
    for (const auto &g : s.groups) {
        QVERIFY2(g.params > 0, g.name.c_str());
        QVERIFY2(g.activeParams <= g.params, g.name.c_str());
        active += g.activeParams;
        if (g.role == GroupRole::Embedding) {
            embedding += g.params;
            QCOMPARE(quint64(g.activeParams), quint64(0));
        }
        if (g.role == GroupRole::Vision) {
            QCOMPARE(quint64(g.activeParams), quint64(0));
        }
        if (g.role == GroupRole::Norms) {
            QCOMPARE(g.placement, Placement::Replicated);
        }
    }
    QCOMPARE(active, quint64(s.activeParams));
    QCOMPARE(quint64(s.activeParamsWithEmbedding), active + embedding);
    quint64 layers = 0;
    for (const auto &l : s.layers) {
        layers += l.count;
    }
    QCOMPARE(layers, quint64(s.numLayers));
    QVERIFY(s.groups.size() <= 16); // a handful of groups, by role + format + placement
    QVERIFY(!s.id.empty());
    QVERIFY(!s.displayName.empty());
}

// --- Layers, KV cache and linear-attention state -----------------------------------------

void TestModelImport::layerGroups_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("index");
    QTest::addColumn<hostplan::AttentionKind>("kind");
    QTest::addColumn<uint>("count");
    QTest::addColumn<uint>("qHeads");
    QTest::addColumn<uint>("kvHeads");
    QTest::addColumn<uint>("headDim");
    QTest::addColumn<uint>("vHeadDim");
    QTest::addColumn<uint>("kvLoraRank");
    QTest::addColumn<uint>("ropeDim");
    QTest::addColumn<uint>("window");
    QTest::addColumn<quint64>("stateElements");
    QTest::addColumn<quint64>("convElements");
    QTest::addColumn<uint>("stateHeads");
    using K = AttentionKind;

    // K3F §1/§6: 69 KDA layers (96 x 128 x 128 state, 3 x 3 x 96 x 128 conv) first (layer 0 is
    // KDA), 24 MLA layers caching 512 + 64; num_key_value_heads 96 is ignored.
    QTest::newRow("kimi-k3/kda") << "Kimi-K3.json" << 2 << 0 << K::Linear << 69u << 96u << 0u
                                 << 128u << 0u << 0u << 0u << 0u << 96ull * 128 * 128
                                 << 3ull * 3 * 96 * 128 << 96u;
    QTest::newRow("kimi-k3/mla") << "Kimi-K3.json" << 2 << 1 << K::MLA << 24u << 96u << 1u << 192u
                                 << 128u << 512u << 64u << 0u << 0ull << 0ull << 0u;
    // MF §1/§2: Kimi-Linear 20 KDA (32 heads x 128 x 128; conv 3 x 4096 x 3) + 7 MLA; the
    // legacy head_dim 72 is ignored.
    QTest::newRow("kimi-linear/kda")
        << "Kimi-Linear-48B-A3B-Instruct.json" << 2 << 0 << K::Linear << 20u << 32u << 0u << 128u
        << 0u << 0u << 0u << 0u << 32ull * 128 * 128 << 3ull * 4096 * 3 << 32u;
    QTest::newRow("kimi-linear/mla")
        << "Kimi-Linear-48B-A3B-Instruct.json" << 2 << 1 << K::MLA << 7u << 32u << 1u << 192u
        << 128u << 512u << 64u << 0u << 0ull << 0ull << 0u;
    // MF §1: 61 MLA layers (MTP layer not included).
    QTest::newRow("deepseek-v3/mla") << "DeepSeek-V3.json" << 1 << 0 << K::MLA << 61u << 128u << 1u
                                     << 192u << 128u << 512u << 64u << 0u << 0ull << 0ull << 0u;
    QTest::newRow("kimi-k2/mla") << "Kimi-K2-Instruct.json" << 1 << 0 << K::MLA << 61u << 64u << 1u
                                 << 192u << 128u << 512u << 64u << 0u << 0ull << 0ull << 0u;
    // MF §1/§2: 36 Gated DeltaNet (32 v-heads x 128 x 128; conv 8192 x 3) + 12 GQA (16/2/256),
    // layer 0 linear.
    QTest::newRow("qwen3-next/gdn")
        << "Qwen3-Next-80B-A3B-Thinking.json" << 2 << 0 << K::Linear << 36u << 32u << 0u << 128u
        << 0u << 0u << 0u << 0u << 32ull * 128 * 128 << 8192ull * 3 << 32u;
    QTest::newRow("qwen3-next/gqa")
        << "Qwen3-Next-80B-A3B-Thinking.json" << 2 << 1 << K::GQA << 12u << 16u << 2u << 256u << 0u
        << 0u << 0u << 0u << 0ull << 0ull << 0u;
    // MF §1: gpt-oss alternates sliding(128) / full starting with sliding at layer 0.
    QTest::newRow("gpt-oss/sliding")
        << "gpt-oss-120b.json" << 2 << 0 << K::SlidingWindow << 18u << 64u << 8u << 64u << 0u << 0u
        << 0u << 128u << 0ull << 0ull << 0u;
    QTest::newRow("gpt-oss/full") << "gpt-oss-120b.json" << 2 << 1 << K::GQA << 18u << 64u << 8u
                                  << 64u << 0u << 0u << 0u << 0u << 0ull << 0ull << 0u;
    QTest::newRow("qwen3-235b/gqa") << "Qwen3-235B-A22B.json" << 1 << 0 << K::GQA << 94u << 64u
                                    << 4u << 128u << 0u << 0u << 0u << 0u << 0ull << 0ull << 0u;
    QTest::newRow("llama-3.1-8b/gqa") << "Llama-3.1-8B.json" << 1 << 0 << K::GQA << 32u << 32u << 8u
                                      << 128u << 0u << 0u << 0u << 0u << 0ull << 0ull << 0u;
    QTest::newRow("llama-3.1-70b/gqa") << "Llama-3.1-70B.json" << 1 << 0 << K::GQA << 80u << 64u
                                       << 8u << 128u << 0u << 0u << 0u << 0u << 0ull << 0ull << 0u;
    // sliding_window null in the v0.1 config: plain GQA.
    QTest::newRow("mixtral/gqa") << "Mixtral-8x7B-v0.1.json" << 1 << 0 << K::GQA << 32u << 32u << 8u
                                 << 128u << 0u << 0u << 0u << 0u << 0ull << 0ull << 0u;
}

void TestModelImport::layerGroups() {
    QFETCH(QString, file);
    QFETCH(int, groups);
    QFETCH(int, index);
    QFETCH(AttentionKind, kind);
    QFETCH(uint, count);
    QFETCH(uint, qHeads);
    QFETCH(uint, kvHeads);
    QFETCH(uint, headDim);
    QFETCH(uint, vHeadDim);
    QFETCH(uint, kvLoraRank);
    QFETCH(uint, ropeDim);
    QFETCH(uint, window);
    QFETCH(quint64, stateElements);
    QFETCH(quint64, convElements);
    QFETCH(uint, stateHeads);

    const ModelSpec s = importResource(file);
    QCOMPARE(int(s.layers.size()), groups);
    const LayerGroup &l = s.layers.at(std::size_t(index));
    QCOMPARE(l.kind, kind);
    QCOMPARE(uint(l.count), count);
    QCOMPARE(uint(l.qHeads), qHeads);
    QCOMPARE(uint(l.kvHeads), kvHeads);
    QCOMPARE(uint(l.headDim), headDim);
    QCOMPARE(uint(l.vHeadDim), vHeadDim);
    QCOMPARE(uint(l.kvLoraRank), kvLoraRank);
    QCOMPARE(uint(l.ropeDim), ropeDim);
    QCOMPARE(uint(l.window), window);
    QCOMPARE(quint64(l.stateElements), stateElements);
    QCOMPARE(quint64(l.convElements), convElements);
    QCOMPARE(uint(l.stateHeads), stateHeads);
}

// The golden KV-cache and state figures, recomputed from the layer groups with the formulas of
// MF §2 (bf16 = 2 bytes; MLA caches the latent; sliding layers capped at the window).
void TestModelImport::cacheFigures_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<quint64>("kvBytesPerToken"); // growing layers, bf16
    QTest::addColumn<quint64>("slidingCapBytes"); // per sequence, bf16
    QTest::addColumn<quint64>("stateElements");   // all linear layers, TP 1
    QTest::addColumn<quint64>("convElements");

    QTest::newRow("kimi-k3") << "Kimi-K3.json" << 27'648ull << 0ull << 69ull * 1'572'864
                             << 69ull * 110'592; // K3F §6
    QTest::newRow("kimi-k2") << "Kimi-K2-Instruct.json" << 70'272ull << 0ull << 0ull << 0ull;
    QTest::newRow("deepseek-v3") << "DeepSeek-V3.json" << 70'272ull << 0ull << 0ull << 0ull;
    QTest::newRow("kimi-linear") << "Kimi-Linear-48B-A3B-Instruct.json" << 8'064ull << 0ull
                                 << 10'485'760ull << 737'280ull;
    QTest::newRow("qwen3-235b") << "Qwen3-235B-A22B.json" << 192'512ull << 0ull << 0ull << 0ull;
    QTest::newRow("qwen3-next") << "Qwen3-Next-80B-A3B-Thinking.json" << 24'576ull << 0ull
                                << 18'874'368ull << 884'736ull;
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json" << 36'864ull << 4'718'592ull << 0ull
                                  << 0ull;
    QTest::newRow("llama-3.1-8b") << "Llama-3.1-8B.json" << 131'072ull << 0ull << 0ull << 0ull;
    QTest::newRow("llama-3.1-70b") << "Llama-3.1-70B.json" << 327'680ull << 0ull << 0ull << 0ull;
    QTest::newRow("mixtral-8x7b") << "Mixtral-8x7B-v0.1.json" << 131'072ull << 0ull << 0ull << 0ull;
}

void TestModelImport::cacheFigures() {
    QFETCH(QString, file);
    QFETCH(quint64, kvBytesPerToken);
    QFETCH(quint64, slidingCapBytes);
    QFETCH(quint64, stateElements);
    QFETCH(quint64, convElements);

    const ModelSpec s = importResource(file);
    quint64 kv = 0, sliding = 0, state = 0, conv = 0;
    for (const auto &l : s.layers) {
        const quint64 vDim = l.vHeadDim ? l.vHeadDim : l.headDim;
        switch (l.kind) {
        case AttentionKind::MLA:
            kv += quint64(l.count) * (l.kvLoraRank + l.ropeDim) * 2;
            break;
        case AttentionKind::SlidingWindow:
            sliding += quint64(l.count) * l.kvHeads * (l.headDim + vDim) * 2 * l.window;
            break;
        case AttentionKind::Linear:
            state += l.count * l.stateElements;
            conv += l.count * l.convElements;
            break;
        default:
            kv += quint64(l.count) * l.kvHeads * (l.headDim + vDim) * 2;
        }
    }
    QCOMPARE(kv, kvBytesPerToken);
    QCOMPARE(sliding, slidingCapBytes);
    QCOMPARE(state, stateElements);
    QCOMPARE(conv, convElements);
    if (file == "Kimi-K3.json") {
        // K3F §0: fp32 state + bf16 conv per sequence slot at attention-TP 1.
        QCOMPARE(state * 4 + conv * 2, 449'372'160ull);
    }
}

// --- Experts --------------------------------------------------------------------------------

void TestModelImport::experts_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<uint>("routed");
    QTest::addColumn<uint>("topK");
    QTest::addColumn<uint>("shared");
    QTest::addColumn<uint>("moeLayers");
    QTest::addColumn<quint64>("perExpert");
    QTest::addColumn<uint>("width");
    QTest::addColumn<uint>("intermediate");

    // K3F §2/§4: 896 / 16 / 2 (fused), layers 1-92, latent width 3584, 3 x 3072 x 3584.
    QTest::newRow("kimi-k3") << "Kimi-K3.json" << 896u << 16u << 2u << 92u << 33'030'144ull << 3584u
                             << 3072u;
    QTest::newRow("kimi-k2") << "Kimi-K2-Instruct.json" << 384u << 8u << 1u << 60u
                             << 3ull * 7168 * 2048 << 7168u << 2048u;
    QTest::newRow("deepseek-v3") << "DeepSeek-V3.json" << 256u << 8u << 1u << 58u
                                 << 3ull * 7168 * 2048 << 7168u << 2048u;
    QTest::newRow("kimi-linear") << "Kimi-Linear-48B-A3B-Instruct.json" << 256u << 8u << 1u << 26u
                                 << 3ull * 2304 * 1024 << 2304u << 1024u;
    QTest::newRow("qwen3-235b") << "Qwen3-235B-A22B.json" << 128u << 8u << 0u << 94u
                                << 3ull * 4096 * 1536 << 4096u << 1536u;
    QTest::newRow("qwen3-next") << "Qwen3-Next-80B-A3B-Thinking.json" << 512u << 10u << 1u << 48u
                                << 3ull * 2048 * 512 << 2048u << 512u;
    // Weights + biases of one expert: 3 x 2880 x 2880 + 2 x 2880 + 2880.
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json" << 128u << 4u << 0u << 36u
                                  << 3ull * 2880 * 2880 + 3 * 2880 << 2880u << 2880u;
    QTest::newRow("mixtral-8x7b") << "Mixtral-8x7B-v0.1.json" << 8u << 2u << 0u << 32u
                                  << 3ull * 4096 * 14336 << 4096u << 14336u;
    QTest::newRow("llama-3.1-8b/dense")
        << "Llama-3.1-8B.json" << 0u << 0u << 0u << 0u << 0ull << 0u << 0u;
}

void TestModelImport::experts() {
    QFETCH(QString, file);
    QFETCH(uint, routed);
    QFETCH(uint, topK);
    QFETCH(uint, shared);
    QFETCH(uint, moeLayers);
    QFETCH(quint64, perExpert);
    QFETCH(uint, width);
    QFETCH(uint, intermediate);
    const ModelSpec s = importResource(file);
    QCOMPARE(uint(s.experts.routed), routed);
    QCOMPARE(uint(s.experts.activePerToken), topK);
    QCOMPARE(uint(s.experts.shared), shared);
    QCOMPARE(uint(s.experts.moeLayers), moeLayers);
    QCOMPARE(quint64(s.experts.paramsPerExpert), perExpert);
    QCOMPARE(uint(s.experts.expertWidth), width);
    QCOMPARE(uint(s.experts.intermediate), intermediate);
    QCOMPARE(s.isMoe(), routed > 0);
}

// --- Tensor groups: formats, placements, exact bytes ----------------------------------------

void TestModelImport::groupFacts_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("group");
    QTest::addColumn<hostplan::GroupRole>("role");
    QTest::addColumn<QString>("format");
    QTest::addColumn<hostplan::Placement>("placement");
    QTest::addColumn<quint64>("params");
    QTest::addColumn<quint64>("active");
    QTest::addColumn<quint64>("bytes");
    using R = GroupRole;
    using P = Placement;

    // K3F §2 / §4 / §5.
    QTest::newRow("kimi-k3/vision tower") << "Kimi-K3.json"
                                          << "vision tower" << R::Vision << "bf16" << P::Sharded
                                          << 401'214'464ull << 0ull << 802'428'928ull;
    QTest::newRow("kimi-k3/projector") << "Kimi-K3.json"
                                       << "multimodal projector" << R::Vision << "bf16"
                                       << P::Sharded << 46'144'512ull << 0ull << 92'289'024ull;
    QTest::newRow("kimi-k3/routed experts")
        << "Kimi-K3.json"
        << "routed experts" << R::RoutedExperts << "mxfp4" << P::Sharded << 2'722'740'830'208ull
        << 92ull * 16 * 33'030'144 << 1'361'370'415'104ull + 85'085'650'944ull;
    QTest::newRow("kimi-k3/latent projections")
        << "Kimi-K3.json"
        << "latent MoE projections" << R::MoeOther << "bf16" << P::Sharded
        << 92ull * 2 * 3584 * 7168 << 92ull * 2 * 3584 * 7168 << 92ull * 2 * 3584 * 7168 * 2;
    QTest::newRow("kimi-k3/shared experts")
        << "Kimi-K3.json"
        << "shared experts" << R::SharedExperts << "bf16" << P::Sharded << 92ull * 3 * 6144 * 7168
        << 92ull * 3 * 6144 * 7168 << 92ull * 3 * 6144 * 7168 * 2;
    QTest::newRow("kimi-k3/router bias fp32")
        << "Kimi-K3.json"
        << "router (FP32)" << R::MoeOther << "fp32" << P::Replicated << 92ull * 896 << 92ull * 896
        << 92ull * 896 * 4;
    QTest::newRow("kimi-k3/kda convs fp32")
        << "Kimi-K3.json"
        << "short convolutions" << R::Attention << "fp32" << P::Sharded << 69ull * 3 * 12288 * 4
        << 69ull * 3 * 12288 * 4 << 69ull * 3 * 12288 * 4 * 4;
    // dt_bias [12288], A_log [128], o_norm [128] per KDA layer (K3F §3).
    QTest::newRow("kimi-k3/small vectors fp32")
        << "Kimi-K3.json"
        << "norms and small vectors (FP32)" << R::Norms << "fp32" << P::Replicated
        << 69ull * (12288 + 128 + 128) << 69ull * (12288 + 128 + 128)
        << 69ull * (12288 + 128 + 128) * 4;
    // MLA q_a_proj + kv_a_proj_with_mqa (24 layers) and KDA f_a_proj (69): ReplicatedLinear.
    QTest::newRow("kimi-k3/replicated down-projections")
        << "Kimi-K3.json"
        << "attention (replicated down-projections)" << R::Attention << "bf16" << P::Replicated
        << 24ull * (1536 + 576) * 7168 + 69ull * 128 * 7168
        << 24ull * (1536 + 576) * 7168 + 69ull * 128 * 7168
        << (24ull * (1536 + 576) * 7168 + 69ull * 128 * 7168) * 2;
    // MF §3: DeepSeek-V3 experts in FP8 with one fp32 scale per 128x128 block
    // (2688 per expert: 3 x 16 x 56).
    QTest::newRow("deepseek-v3/routed experts")
        << "DeepSeek-V3.json"
        << "routed experts" << R::RoutedExperts << "fp8_e4m3" << P::Sharded
        << 58ull * 256 * 3 * 7168 * 2048 << 58ull * 8 * 3 * 7168 * 2048
        << 58ull * 256 * 3 * 7168 * 2048 + 4ull * 58 * 256 * 2688;
    QTest::newRow("deepseek-v3/embedding") << "DeepSeek-V3.json"
                                           << "embedding" << R::Embedding << "bf16" << P::Sharded
                                           << 129280ull * 7168 << 0ull << 129280ull * 7168 * 2;
    QTest::newRow("deepseek-v3/lm_head")
        << "DeepSeek-V3.json"
        << "lm_head" << R::LmHead << "bf16" << P::Sharded << 129280ull * 7168 << 129280ull * 7168
        << 129280ull * 7168 * 2;
    QTest::newRow("deepseek-v3/router")
        << "DeepSeek-V3.json"
        << "router (BF16)" << R::MoeOther << "bf16" << P::Replicated << 58ull * 256 * 7168
        << 58ull * 256 * 7168 << 58ull * 256 * 7168 * 2;
    // MF §3: gpt-oss MXFP4 experts (0.5 B + 1/32 B per weight), bf16 expert biases.
    QTest::newRow("gpt-oss/routed experts")
        << "gpt-oss-120b.json"
        << "routed experts" << R::RoutedExperts << "mxfp4" << P::Sharded
        << 36ull * 128 * 3 * 2880 * 2880 << 36ull * 4 * 3 * 2880 * 2880
        << 36ull * 128 * 3 * 2880 * 2880 / 2 + 36ull * 128 * 3 * 2880 * 2880 / 32;
    QTest::newRow("gpt-oss/expert biases")
        << "gpt-oss-120b.json"
        << "routed expert biases" << R::RoutedExperts << "bf16" << P::Sharded
        << 36ull * 128 * 3 * 2880 << 36ull * 4 * 3 * 2880 << 36ull * 128 * 3 * 2880 * 2;
    // q/k/v/o + q/k/v/o biases (sinks are in the norms group).
    QTest::newRow("gpt-oss/attention")
        << "gpt-oss-120b.json"
        << "attention" << R::Attention << "bf16" << P::Sharded
        << 36ull * (2 * 2880 * 4096 + 2 * 2880 * 512 + 4096 + 2 * 512 + 2880)
        << 36ull * (2 * 2880 * 4096 + 2 * 2880 * 512 + 4096 + 2 * 512 + 2880)
        << 36ull * (2 * 2880 * 4096 + 2 * 2880 * 512 + 4096 + 2 * 512 + 2880) * 2;
    QTest::newRow("gpt-oss/router")
        << "gpt-oss-120b.json"
        << "router" << R::MoeOther << "bf16" << P::Replicated << 36ull * 128 * 2881
        << 36ull * 128 * 2881 << 36ull * 128 * 2881 * 2;
    QTest::newRow("mixtral/routed experts")
        << "Mixtral-8x7B-v0.1.json"
        << "routed experts" << R::RoutedExperts << "bf16" << P::Sharded
        << 32ull * 8 * 3 * 4096 * 14336 << 32ull * 2 * 3 * 4096 * 14336
        << 32ull * 8 * 3 * 4096 * 14336 * 2;
    QTest::newRow("llama-3.1-8b/norms")
        << "Llama-3.1-8B.json"
        << "norms and small vectors" << R::Norms << "bf16" << P::Replicated << 65ull * 4096
        << 65ull * 4096 << 65ull * 4096 * 2;
}

void TestModelImport::groupFacts() {
    QFETCH(QString, file);
    QFETCH(QString, group);
    QFETCH(GroupRole, role);
    QFETCH(QString, format);
    QFETCH(Placement, placement);
    QFETCH(quint64, params);
    QFETCH(quint64, active);
    QFETCH(quint64, bytes);
    const ModelSpec s = importResource(file);
    const TensorGroup *g = nullptr;
    for (const auto &candidate : s.groups) {
        if (QString::fromStdString(candidate.name) == group) {
            g = &candidate;
        }
    }
    QVERIFY2(g, qPrintable("no group named " + group));
    QCOMPARE(g->role, role);
    QCOMPARE(QString::fromStdString(g->format.name()), format);
    QCOMPARE(g->placement, placement);
    QCOMPARE(quint64(g->params), params);
    QCOMPARE(quint64(g->activeParams), active);
    QCOMPARE(quint64(g->bytes()), bytes);
}

QTEST_GUILESS_MAIN(TestModelImport)
#include "tst_modelimport.moc"
