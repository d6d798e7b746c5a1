// SPDX-License-Identifier: MIT
// Tests for core/import/modelbuilder (and the checked arithmetic of import/configreader): a tiny
// model built through the public builder API, with exact parameter and byte counts worked out
// by hand, and overflowing sizes that must come back as errors naming the field, never as
// wrapped numbers.
#include "import/configreader.h"
#include "import/modelbuilder.h"
#include "import/modelopt.h"
#include "import/quantization.h"
#include "testutil.h"

#include <QTest>

using namespace hostplan;
using namespace hostplan::importer;

namespace {

// The tiny model: H = 64, 2 layers, 4 query heads of 16, 2 KV heads, gated MLP of 128,
// vocabulary 100.
constexpr std::uint64_t H = 64, L = 2, heads = 4, kv = 2, hd = 16, inter = 128, vocab = 100;

/// The tiny model's pieces, layers and dimensions, in the order an architecture file adds them.
ModelBuilder tinyModel() {
    ModelBuilder b;
    ModelDimensions d;
    d.hidden = H;
    d.layers = L;
    d.heads = heads;
    d.vocab = vocab;
    d.maxContext = 4096;
    b.setDimensions(d);
    const std::string at = b.layerModule(0) + "self_attn.";
    b.attention(at + "q_proj", heads * hd, H, L); // [64, 64]
    b.attention(at + "k_proj", kv * hd, H, L);    // [32, 64]
    b.attention(at + "v_proj", kv * hd, H, L);    // [32, 64]
    b.attention(at + "o_proj", H, heads * hd, L); // [64, 64]
    b.small(b.layerModule(0) + "input_layernorm", H, L);
    b.small(b.layerModule(0) + "post_attention_layernorm", H, L);
    b.gatedMlp("dense MLP", GroupRole::DenseMlp, b.layerModule(0) + "mlp.", "gate_proj", "up_proj",
               "down_proj", H, inter, L, L);
    b.tensor("embedding", GroupRole::Embedding, Placement::Sharded, "model.embed_tokens", vocab, H,
             1, 0);
    b.linear("lm_head", GroupRole::LmHead, Placement::Sharded, "lm_head", vocab, H, 1, 1);
    b.small("model.norm", H, 1);
    for (std::uint64_t i = 0; i < L; ++i) {
        b.addSoftmaxLayer(heads, kv, hd, 0);
    }
    return b;
}

// Parameters by hand: attention 2 x (4096 + 2048 + 2048 + 4096) = 24,576; norms
// 2 x 64 x 2 + 64 = 320; MLP 2 x 3 x 64 x 128 = 49,152; embedding and lm_head 6,400 each.
constexpr std::uint64_t kAttention = 24'576, kNorms = 320, kMlp = 49'152, kEmbedding = 6'400;
constexpr std::uint64_t kTotal = kAttention + kNorms + kMlp + 2 * kEmbedding; // 86,848

} // namespace

class TestModelBuilder : public QObject {
    Q_OBJECT
  private slots:
    void tinyModelCounts_data();
    void tinyModelCounts();
    void tinyModelGroupsAndLayers();
    void errorsNameTheField_data();
    void errorsNameTheField();
    void checkedArithmetic();
    void fnmatchLikePython_data();
    void fnmatchLikePython();
};

void TestModelBuilder::tinyModelCounts_data() {
    QTest::addColumn<bool>("mxfp4");
    QTest::addColumn<qulonglong>("bytes");
    // bf16: two bytes per parameter.
    QTest::newRow("tiny/bf16") << false << qulonglong(2 * kTotal); // 173,696
    // MXFP4 on every Linear except lm_head: a [r, c] matrix stores r x (c/2 + c/32) bytes.
    // Attention 2 x (64x34 + 32x34 + 32x34 + 64x34) = 13,056; MLP 2 x (128x34 + 128x34 +
    // 64x68) = 26,112; embedding, lm_head and norms stay bf16: 2 x (12,800 + 320) = 26,240.
    QTest::newRow("tiny/mxfp4") << true << qulonglong(13'056 + 26'112 + 26'240);
}

void TestModelBuilder::tinyModelCounts() {
    QFETCH(bool, mxfp4);
    QFETCH(qulonglong, bytes);
    Quantization q;
    if (mxfp4) {
        q.method = Quantization::Method::Mxfp4;
        q.format = formats::mxfp4;
    }
    const auto r = tinyModel().finish(formats::bf16, q);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(qulonglong(r->totalParams), qulonglong(kTotal));
    QCOMPARE(qulonglong(r->activeParams), qulonglong(kTotal - kEmbedding));
    QCOMPARE(qulonglong(r->activeParamsWithEmbedding), qulonglong(kTotal));
    QCOMPARE(qulonglong(r->weightBytes()), bytes);
}

void TestModelBuilder::tinyModelGroupsAndLayers() {
    const auto r = tinyModel().finish(formats::bf16);
    QVERIFY(r.ok());
    const ModelSpec &s = *r;
    QCOMPARE(s.hiddenSize, 64u);
    QCOMPARE(s.numLayers, 2u);
    QCOMPARE(s.numAttentionHeads, 4u);
    QCOMPARE(s.vocabSize, 100u);
    QCOMPARE(qulonglong(s.maxContextTokens), 4096ull);
    // Groups in order of first appearance.
    QCOMPARE(s.groups.size(), std::size_t(5));
    const std::pair<const char *, std::uint64_t> expected[] = {{"attention", kAttention},
                                                               {"norms and small vectors", kNorms},
                                                               {"dense MLP", kMlp},
                                                               {"embedding", kEmbedding},
                                                               {"lm_head", kEmbedding}};
    for (std::size_t i = 0; i < s.groups.size(); ++i) {
        QCOMPARE(QString::fromStdString(s.groups[i].name), QString(expected[i].first));
        QCOMPARE(qulonglong(s.groups[i].params), qulonglong(expected[i].second));
    }
    QCOMPARE(s.groups[1].placement, Placement::Replicated);
    QCOMPARE(qulonglong(s.groups[3].activeParams), 0ull);
    // The two GQA layers merge into one LayerGroup.
    QCOMPARE(s.layers.size(), std::size_t(1));
    QCOMPARE(s.layers[0].kind, AttentionKind::GQA);
    QCOMPARE(s.layers[0].count, 2u);
    QCOMPARE(s.layers[0].kvHeads, 2u);
    QCOMPARE(s.layers[0].headDim, 16u);
}

void TestModelBuilder::errorsNameTheField_data() {
    QTest::addColumn<int>("scenario");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("messagePart");
    // hidden_size 2^40 does not fit ModelSpec's 32-bit field, and 2^40 x 2^40 x layers
    // overflows 64 bits: the dimension is named, not wrapped.
    QTest::newRow("hidden2^40xLayers") << 0 << "hidden_size"
                                       << "1099511627776";
    // The same tensor with plausible dimensions: the tensor is named.
    QTest::newRow("tensorOverflows") << 1 << "model.layers.0.mlp.up_proj"
                                     << "overflows 64 bits";
    // 2^60 parameters fit 64 bits but not the plausibility limit.
    QTest::newRow("tensorImplausible") << 2 << ""
                                       << "implausible model";
    // A recurrent state of 2^31 x 2^31 x 2^31 elements.
    QTest::newRow("linearStateOverflows") << 3 << "linear attention state"
                                          << "overflows";
}

void TestModelBuilder::errorsNameTheField() {
    QFETCH(int, scenario);
    QFETCH(QString, field);
    QFETCH(QString, messagePart);
    constexpr std::uint64_t big = std::uint64_t(1) << 40;
    ModelBuilder b;
    ModelDimensions d;
    d.hidden = scenario == 0 ? big : H;
    d.layers = 80;
    d.heads = heads;
    d.vocab = vocab;
    b.setDimensions(d);
    switch (scenario) {
    case 0:
        b.linear("dense MLP", GroupRole::DenseMlp, Placement::Sharded, "model.layers.0.mlp.up_proj",
                 d.hidden, d.hidden, d.layers, d.layers);
        break;
    case 1:
        b.linear("dense MLP", GroupRole::DenseMlp, Placement::Sharded, "model.layers.0.mlp.up_proj",
                 big, big, d.layers, d.layers);
        break;
    case 2:
        b.linear("dense MLP", GroupRole::DenseMlp, Placement::Sharded, "model.layers.0.mlp.up_proj",
                 std::uint64_t(1) << 30, std::uint64_t(1) << 30, 1, 1);
        break;
    default:
        b.addLinearLayer(std::uint64_t(1) << 31, std::uint64_t(1) << 31, std::uint64_t(1) << 31, 1,
                         4);
        break;
    }
    const auto r = b.finish(formats::bf16);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
    QVERIFY2(QString::fromStdString(r.error().message).contains(messagePart),
             r.error().toString().c_str());
}

void TestModelBuilder::checkedArithmetic() {
    constexpr std::uint64_t big = std::uint64_t(1) << 40;
    const auto ok = guarded([] { return checkedMul(1u << 20, 1u << 20, 1u << 16, "x"); });
    QVERIFY(ok.ok());
    QCOMPARE(qulonglong(*ok), qulonglong(1) << 56);
    const auto mul = guarded([&] { return checkedMul(big, big, "text_config.hidden_size"); });
    QVERIFY(!mul.ok());
    QCOMPARE(QString::fromStdString(mul.error().field), QString("text_config.hidden_size"));
    QVERIFY(QString::fromStdString(mul.error().message).contains("overflows 64 bits"));
    const auto sum = guarded([] { return checkedAdd(~std::uint64_t(0), 1, "vocab_size"); });
    QVERIFY(!sum.ok());
    QCOMPARE(QString::fromStdString(sum.error().field), QString("vocab_size"));
    QCOMPARE(qulonglong(ceilDivExact(~std::uint64_t(0), 2)), qulonglong(std::uint64_t(1) << 63));
}

void TestModelBuilder::fnmatchLikePython_data() {
    // Expected values are Python 3.11's fnmatch.fnmatchcase(module, pattern), which vLLM's
    // ModelOpt config applies to exclude_modules; the last rows are translate()'s quirks for
    // sets with several '-' (a reversed range is dropped with both ends, and a '!' it
    // leaves first negates the set).
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("module");
    QTest::addColumn<bool>("matches");
    QTest::newRow("model.layers.[0-3].self_attn* ~ model.layers.2.self_attn.q_proj")
        << QString("model.layers.[0-3].self_attn*") << QString("model.layers.2.self_attn.q_proj")
        << true;
    QTest::newRow("model.layers.[0-3].self_attn* ~ model.layers.12.self_attn.q_proj")
        << QString("model.layers.[0-3].self_attn*") << QString("model.layers.12.self_attn.q_proj")
        << false;
    QTest::newRow("model.layers.[!0].mlp ~ model.layers.1.mlp")
        << QString("model.layers.[!0].mlp") << QString("model.layers.1.mlp") << true;
    QTest::newRow("model.layers.[!0].mlp ~ model.layers.0.mlp")
        << QString("model.layers.[!0].mlp") << QString("model.layers.0.mlp") << false;
    QTest::newRow("*.experts.[0-9]*.down_proj ~ model.layers.3.mlp.experts.17.down_proj")
        << QString("*.experts.[0-9]*.down_proj")
        << QString("model.layers.3.mlp.experts.17.down_proj") << true;
    QTest::newRow("*mlp.gate ~ model.layers.0.mlp.gate")
        << QString("*mlp.gate") << QString("model.layers.0.mlp.gate") << true;
    QTest::newRow("*mlp.gate ~ model.layers.0.mlp.gate_proj")
        << QString("*mlp.gate") << QString("model.layers.0.mlp.gate_proj") << false;
    QTest::newRow("a?c ~ abc") << QString("a?c") << QString("abc") << true;
    QTest::newRow("a[]]b ~ a]b") << QString("a[]]b") << QString("a]b") << true;
    QTest::newRow("a[!]b ~ axb") << QString("a[!]b") << QString("axb") << false;
    QTest::newRow("a[b ~ a[b") << QString("a[b") << QString("a[b") << true;
    QTest::newRow("a[z-a]b ~ azb") << QString("a[z-a]b") << QString("azb") << false;
    QTest::newRow("a[-x]b ~ a-b") << QString("a[-x]b") << QString("a-b") << true;
    QTest::newRow("a[x-]b ~ a-b") << QString("a[x-]b") << QString("a-b") << true;
    QTest::newRow("a[x-]b ~ ayb") << QString("a[x-]b") << QString("ayb") << false;
    QTest::newRow("a[!a-c]c ~ adc") << QString("a[!a-c]c") << QString("adc") << true;
    QTest::newRow("[*]x ~ *x") << QString("[*]x") << QString("*x") << true;
    QTest::newRow("[*]x ~ ax") << QString("[*]x") << QString("ax") << false;
    QTest::newRow("a[]-b]c ~ a-c") << QString("a[]-b]c") << QString("a-c") << false;
    QTest::newRow("a[]-b]c ~ aac") << QString("a[]-b]c") << QString("aac") << true;
    QTest::newRow("*[a--!?] ~ -*b") << QString("*[a--!?]") << QString("-*b") << true;
    QTest::newRow("[a--b] ~ -") << QString("[a--b]") << QString("-") << false;
    QTest::newRow("[a--b] ~ b") << QString("[a--b]") << QString("b") << true;
}

void TestModelBuilder::fnmatchLikePython() {
    QFETCH(QString, pattern);
    QFETCH(QString, module);
    QFETCH(bool, matches);
    QCOMPARE(fnmatchModule(pattern.toStdString(), module.toStdString()), matches);
}

QTEST_GUILESS_MAIN(TestModelBuilder)
#include "tst_modelbuilder.moc"
