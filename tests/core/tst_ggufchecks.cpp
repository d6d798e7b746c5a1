// SPDX-License-Identifier: MIT
// GGUF metadata checks (import/ggufimport.h): keys llama.cpp requires, impossible shapes and
// counts, blocks without tensors, attention projections against the heads, and recurrent
// layers' keys, each refused with the key or tensor named, as llama.cpp refuses the file.
#include "ggufwriter.h"
#include "testutil.h"

#include "import/gguf.h"
#include "import/ggufarchs.h"
#include "import/ggufimport.h"

#include <QTest>

#include <algorithm>

using namespace hostplan;
using ggufwriter::importTiny;
using ggufwriter::tinyHeader;
using ggufwriter::Writer;

namespace {

/// Two llama blocks' metadata: hidden 64, 4 heads, 2 KV heads of key_length 16, and
/// value_length `valueLength` where it is not 0 (absent, it follows key_length).
Writer twoBlockLlama(std::uint32_t valueLength) {
    Writer w;
    w.string("general.architecture", "llama")
        .u32("llama.block_count", 2)
        .u32("llama.embedding_length", 64)
        .u32("llama.attention.head_count", 4)
        .u32("llama.attention.head_count_kv", 2)
        .u32("llama.attention.key_length", 16)
        .u32("llama.vocab_size", 100);
    if (valueLength) {
        w.u32("llama.attention.value_length", valueLength);
    }
    return w;
}

} // namespace

class TestGgufChecks : public QObject {
    Q_OBJECT

  private slots:
    /// Expert counts as llama.cpp asserts them (expert_used_count 1 to expert_count, 0 without
    /// experts) and as its expert tensors' last dimension holds them.
    void expertCountsChecked() {
        const auto moe = [](std::uint64_t count, std::uint64_t used, std::uint64_t inTensors) {
            Writer w = tinyHeader("qwen3moe");
            w.u64("qwen3moe.expert_count", count).u64("qwen3moe.expert_used_count", used);
            for (int i = 0; i < 2; ++i) {
                w.tensor({"blk." + std::to_string(i) + ".ffn_up_exps.weight",
                          {64, 32, inTensors},
                          "f16"});
            }
            return importTiny(w);
        };
        const auto ok = moe(8, 2, 8);
        QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().toString().c_str());
        QCOMPARE(ok->experts.routed, 8u);
        QCOMPARE(QString::fromStdString(moe(8, 9, 8).error().toString()),
                 "m.gguf: qwen3moe.expert_used_count: 9 with qwen3moe.expert_count 8 (must be 1 "
                 "to the expert count, or 0 without experts)");
        QCOMPARE(QString::fromStdString(moe(8, 0, 8).error().toString()),
                 "m.gguf: qwen3moe.expert_used_count: 0 with qwen3moe.expert_count 8 (must be 1 "
                 "to the expert count, or 0 without experts)");
        QCOMPARE(QString::fromStdString(moe(128, 8, 8).error().toString()),
                 "m.gguf: tensor_infos 'blk.0.ffn_up_exps.weight': an expert tensor of 8 "
                 "experts, but qwen3moe.expert_count is 128");
        QCOMPARE(QString::fromStdString(moe((1ull << 32) + 8, 8, 8).error().toString()),
                 "m.gguf: qwen3moe.expert_count: 4294967304 (at most 65536)");
    }

    void missingKeys_data() {
        QTest::addColumn<QString>("drop");
        QTest::addColumn<QString>("error");
        QTest::newRow("architecture") << "general.architecture"
                                      << "m.gguf: general.architecture: missing (or not a string)";
        QTest::newRow("block_count") << "llama.block_count"
                                     << "m.gguf: llama.block_count: missing";
        QTest::newRow("head_count") << "llama.attention.head_count"
                                    << "m.gguf: llama.attention.head_count: missing";
    }
    void missingKeys() {
        QFETCH(QString, drop);
        QFETCH(QString, error);
        Writer w;
        const auto add = [&](const char *k, std::uint32_t v) {
            if (drop != k) {
                w.u32(k, v);
            }
        };
        if (drop != "general.architecture") {
            w.string("general.architecture", "llama");
        }
        add("llama.block_count", 2);
        add("llama.embedding_length", 64);
        add("llama.attention.head_count", 4);
        w.u32("llama.vocab_size", 100);
        auto h = gguf::parseHeader(w.build(), 0, "m.gguf");
        QVERIFY(h.ok());
        auto spec = ggufToModelSpec(gguf::Model{h.value(), {}, 0}, "m.gguf");
        QVERIFY(!spec.ok());
        QCOMPARE(QString::fromStdString(spec.error().toString()), error);
    }

    void impossibleShapes_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qulonglong>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("more KV heads than heads")
            << "llama.attention.head_count_kv" << 8ull
            << "m.gguf: llama.attention.head_count_kv: 8 KV heads on layer 0, more than its 4 "
               "attention heads";
        QTest::newRow("recurrent without state")
            << "llama.attention.head_count_kv" << 0ull
            << "m.gguf: llama.attention.head_count_kv: 0 on layer 0: an attention layer needs at "
               "least 1 KV head (0 marks a recurrent layer, but llama.ssm.state_size, "
               "llama.ssm.inner_size and llama.shortconv.l_cache are missing)";
        QTest::newRow("zero training context")
            << "llama.context_length" << 0ull
            << "m.gguf: llama.context_length: 0 (the training context must be at least 1 token)";
        QTest::newRow("huge training context")
            << "llama.context_length" << (1ull << 63)
            << "m.gguf: llama.context_length: 9223372036854775808 (at most 1099511627776)";
        QTest::newRow("key length past 32 bits")
            << "llama.attention.key_length" << ((1ull << 32) + 64)
            << "m.gguf: llama.attention.key_length: 4294967360 (at most 65536)";
        QTest::newRow("zero key length")
            << "llama.attention.key_length" << 0ull
            << "m.gguf: llama.attention.key_length: 0 on layer 0 (an attention layer's heads "
               "need a width)";
        QTest::newRow("state past its bound") << "llama.ssm.state_size" << (1ull << 32)
                                              << "m.gguf: llama.ssm.state_size: 4294967296 (at "
                                                 "most 65536)";
    }
    void impossibleShapes() {
        QFETCH(QString, key);
        QFETCH(qulonglong, value);
        QFETCH(QString, error);
        Writer w = tinyHeader("llama");
        w.u64(key.toStdString(), value);
        const auto spec = importTiny(w);
        QVERIFY(!spec.ok());
        QCOMPARE(QString::fromStdString(spec.error().toString()), error);
    }

    /// qwen35's recurrent layers come from full_attention_interval or recurrent_layers: an
    /// interval of 0, a list of the wrong length or a non-bool scalar is refused naming the key.
    void qwen35RecurrentKeysChecked() {
        const auto withState = [] {
            Writer w = tinyHeader("qwen35");
            w.u32("qwen35.ssm.state_size", 16).u32("qwen35.ssm.inner_size", 64);
            return w;
        };
        // The error importing the header with `edit` applied.
        const auto refusal = [&](const auto &edit) {
            Writer w = withState();
            edit(w);
            return QString::fromStdString(importTiny(w).error().toString());
        };
        QCOMPARE(refusal([](Writer &w) { w.u32("qwen35.full_attention_interval", 0); }),
                 "m.gguf: qwen35.full_attention_interval: 0 (every interval-th layer is full "
                 "attention: at least 1)");
        QCOMPARE(
            refusal([](Writer &w) { w.boolArray("qwen35.attention.recurrent_layers", {true}); }),
            "m.gguf: qwen35.attention.recurrent_layers: array of 1 values for 2 layers");
        QCOMPARE(refusal([](Writer &w) { w.u32("qwen35.attention.recurrent_layers", 1); }),
                 "m.gguf: qwen35.attention.recurrent_layers: not a bool or a per-layer bool "
                 "array (uint32)");
        // Two layers at the default interval of 4: both recurrent, each with its state.
        Writer dflt = withState();
        const auto m = importTiny(dflt);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(m->layers.size(), std::size_t(1));
        QCOMPARE(m->layers.front().kind, AttentionKind::Linear);
        QCOMPARE(m->layers.front().count, 2u);
        Writer allAttention = withState();
        allAttention.boolean("qwen35.attention.recurrent_layers", false);
        QCOMPARE(importTiny(allAttention)->layers.front().kind, AttentionKind::MHA);
    }

    /// A block the file holds no tensor of: llama.cpp stops at its first missing tensor, so
    /// the file is refused, naming the block, never planned as a smaller model. Tensors past
    /// block_count (MTP) do not stand in for a missing block.
    void missingBlockRefused() {
        Writer w;
        w.string("general.architecture", "llama")
            .u32("llama.block_count", 3)
            .u32("llama.embedding_length", 64)
            .u32("llama.attention.head_count", 4)
            .u32("llama.vocab_size", 100)
            .tensor({"blk.0.attn_norm.weight", {64}, "f32"})
            .tensor({"blk.2.attn_norm.weight", {64}, "f32"});
        const auto spec = importTiny(w);
        QVERIFY(!spec.ok());
        QCOMPARE(QString::fromStdString(spec.error().toString()),
                 "m.gguf: blk.1: no tensor of this block, though llama.block_count is 3 "
                 "(llama.cpp stops at the missing tensor)");
        w.tensor({"blk.1.attn_norm.weight", {64}, "f32"});
        const auto whole = importTiny(w);
        QVERIFY2(whole.ok(), whole.ok() ? "" : whole.error().toString().c_str());
        QCOMPARE(whole->numLayers, 3u);
    }

    /// A tensor of a block past block_count is refused (llama.cpp's loader: "wrong number of
    /// tensors"), and so is a tensor name of 64 bytes or more (ggml's GGML_MAX_NAME).
    void blocksPastCountAndLongNamesRefused() {
        Writer w = twoBlockLlama(0);
        w.blockNorms(2, 64).tensor({"blk.2.attn_norm.weight", {64}, "f32"});
        const auto past = importTiny(w);
        QVERIFY(!past.ok());
        QCOMPARE(QString::fromStdString(past.error().toString()),
                 "m.gguf: tensor_infos 'blk.2.attn_norm.weight': block 2, but "
                 "llama.block_count is 2 (llama.cpp loads blocks below it and refuses the "
                 "file: \"wrong number of tensors\")");
        Writer longName = twoBlockLlama(0);
        longName.blockNorms(2, 64).tensor({"blk.0." + std::string(58, 'x'), {64}, "f32"});
        const auto named = gguf::parseHeader(longName.build(), 0, "m.gguf");
        QVERIFY(!named.ok());
        const QString error = QString::fromStdString(named.error().toString());
        QVERIFY2(error.contains("tensor_infos[2].name: a name of 64 bytes; ggml refuses tensor "
                                "names of 64 bytes or more"),
                 qPrintable(error));
    }

    /// The Hugging Face repository a file names as its base model (ModelSpec::originRepo): an
    /// address or "org/name"; anything else (a path out of the folder, a bare name, another
    /// site) names none.
    void hubRepositoryNamed() {
        QCOMPARE(hubRepositoryOf("https://huggingface.co/Qwen/Qwen3-8B"),
                 std::string("Qwen/Qwen3-8B"));
        QCOMPARE(hubRepositoryOf("https://huggingface.co/meta-llama/Llama-3.1-8B/tree/main"),
                 std::string("meta-llama/Llama-3.1-8B"));
        QCOMPARE(hubRepositoryOf("google/gemma-3-4b-it"), std::string("google/gemma-3-4b-it"));
        for (const char *none : {"", "Qwen3-8B", "../x", "a/..", "https://example.com/a b",
                                 "https://huggingface.co/", "-rf/x", "a/b c", "a//b"}) {
            QVERIFY2(hubRepositoryOf(none).empty(), none);
        }
        QVERIFY(hubRepositoryOf(std::string(97, 'a') + "/b").empty());
    }

    /// Gemma 4's attention.shared_kv_layers: the last n blocks read an earlier block's cache
    /// (LayerGroup::kvShared), and per_layer_token_embd is its own embedding group, an input
    /// tensor like token_embd.
    void sharedKvLayersAndPerLayerEmbeddings() {
        const auto gemma4 = [](std::uint32_t sharedKv) {
            Writer w;
            w.string("general.architecture", "gemma4")
                .u32("gemma4.block_count", 4)
                .u32("gemma4.embedding_length", 64)
                .u32("gemma4.attention.head_count", 4)
                .u32("gemma4.attention.head_count_kv", 1)
                .u32("gemma4.attention.key_length", 16)
                .u32("gemma4.attention.shared_kv_layers", sharedKv)
                .u32("gemma4.vocab_size", 100)
                .blockNorms(4, 64)
                .tensor({"per_layer_token_embd.weight", {4 * 8, 100}, "q8_0"})
                .tensor({"token_embd.weight", {64, 100}, "q8_0"});
            return w;
        };
        const Writer w = gemma4(2);
        const auto spec = importTiny(w);
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        std::uint32_t shared = 0, owning = 0;
        for (const LayerGroup &l : spec->layers) {
            (l.kvShared ? shared : owning) += l.count;
        }
        QCOMPARE(shared, 2u);
        QCOMPARE(owning, 2u);
        const auto ple = std::find_if(spec->groups.begin(), spec->groups.end(), [](const auto &g) {
            return g.name == kPerLayerEmbeddingGroup;
        });
        QVERIFY(ple != spec->groups.end());
        QCOMPARE(ple->role, GroupRole::Embedding);
        QCOMPARE(ple->params, 32ull * 100);
        // All of them shared would leave no cache to read.
        QVERIFY(!importTiny(gemma4(4)).ok());
    }

    /// K and V projections whose widths contradict head_count_kv x key_length / value_length
    /// are refused (llama.cpp's create_tensor refuses the shape), naming the tensor; the widths
    /// the metadata gives import.
    void attentionShapesChecked() {
        const auto import = [](std::uint64_t kWidth, std::uint64_t vWidth) {
            Writer w = twoBlockLlama(32);
            for (int i = 0; i < 2; ++i) {
                const std::string p = "blk." + std::to_string(i) + ".";
                w.tensor({p + "attn_k.weight", {64, i == 1 ? kWidth : 32}, "f16"});
                w.tensor({p + "attn_v.weight", {64, i == 1 ? vWidth : 64}, "f16"});
            }
            return importTiny(w);
        };
        const auto ok = import(32, 64);
        QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().toString().c_str());
        QCOMPARE(ok->layers.front().headDim, 16u);
        QCOMPARE(ok->layers.front().vHeadDim, 32u);
        QCOMPARE(QString::fromStdString(import(128, 64).error().toString()),
                 "m.gguf: tensor_infos 'blk.1.attn_k.weight': shape {64, 128}, but "
                 "llama.embedding_length and llama.attention.head_count_kv x "
                 "llama.attention.key_length give {64, 32} (llama.cpp refuses the shape)");
        QCOMPARE(QString::fromStdString(import(32, 32).error().toString()),
                 "m.gguf: tensor_infos 'blk.1.attn_v.weight': shape {64, 32}, but "
                 "llama.embedding_length and llama.attention.head_count_kv x "
                 "llama.attention.value_length give {64, 64} (llama.cpp refuses the shape)");
    }

    /// The shape check cannot be stepped around (each planned 1024 KiB of KV per token where
    /// the weights give 1 KiB): a first dimension other than embedding_length, a third
    /// dimension, or a block number llama.cpp would not look up ("blk.01").
    void attentionShapesNotBypassed() {
        const auto import = [](std::vector<std::uint64_t> kDims, const std::string &block) {
            Writer w = twoBlockLlama(0);
            for (const std::string i : {"0", "1"}) {
                const std::string p = "blk." + (i == "1" ? block : i) + ".";
                w.tensor({p + "attn_k.weight",
                          i == "1" ? kDims : std::vector<std::uint64_t>{64, 32}, "f16"});
                w.tensor({p + "attn_v.weight", {64, 32}, "f16"});
            }
            return importTiny(w);
        };
        QVERIFY(import({64, 32}, "1").ok());
        QVERIFY(import({64, 32, 1}, "1").ok()); // trailing 1s are the same shape
        const auto why = [&](std::vector<std::uint64_t> d, const std::string &b) {
            const auto r = import(std::move(d), b);
            return r.ok() ? std::string("imported") : r.error().toString();
        };
        QVERIFY(why({32, 32}, "1").find("shape {32, 32}") != std::string::npos);
        QVERIFY(why({64, 32, 4}, "1").find("shape {64, 32, 4}") != std::string::npos);
        QVERIFY(why({64, 32}, "01").find("not llama.cpp's blk.<layer>.<tensor> name") !=
                std::string::npos);
        // Eleven digits: refused too (block 1 is then missing, which the reader names first).
        const std::string eleven = why({64, 32}, "12345678901");
        QVERIFY2(eleven.find("blk.1: no tensor of this block") != std::string::npos,
                 eleven.c_str());
    }

    void zeroKvHeadsNeedRecurrentKeys() {
        // A per-layer array of zeros is recurrent layers only when the file says how their
        // state is sized (ssm.*, or LFM2's shortconv.l_cache).
        const auto import = [](bool shortconv) {
            Writer w = tinyHeader("lfm2");
            w.i32Array("lfm2.attention.head_count_kv", {0, 4});
            if (shortconv) {
                w.u32("lfm2.shortconv.l_cache", 3);
            }
            return importTiny(w);
        };
        const auto bare = import(false);
        QVERIFY(!bare.ok());
        QCOMPARE(bare.error().field, std::string("m.gguf: lfm2.attention.head_count_kv"));
        const auto lfm2 = import(true);
        QVERIFY2(lfm2.ok(), lfm2.ok() ? "" : lfm2.error().toString().c_str());
        QCOMPARE(lfm2->layers.front().kind, AttentionKind::Linear);
        QCOMPARE(lfm2->layers.back().kvHeads, 4u);
    }

    void missingContextIsNoted() {
        // llama.cpp requires context_length; HostPlan plans without it and says so.
        const auto spec = importTiny(tinyHeader("llama"));
        QVERIFY(spec.ok());
        QCOMPARE(spec->maxContextTokens, 0ull);
        QVERIFY(std::find(spec->notes.begin(), spec->notes.end(),
                          "llama.context_length is missing: llama.cpp refuses to load the file "
                          "without it") != spec->notes.end());
    }

    // An architecture llama.cpp does not name (src/llama-arch.cpp) is planned from the generic
    // keys with a note that llama.cpp refuses the file; one it names gets no such note.
    void unknownArchitectureIsNoted() {
        const auto unknown = importTiny(tinyHeader("zzzz"));
        QVERIFY2(unknown.ok(), unknown.ok() ? "" : unknown.error().toString().c_str());
        const auto says = [](const ModelSpec &m) {
            return std::any_of(m.notes.begin(), m.notes.end(), [](const std::string &n) {
                return n.find("not an architecture llama.cpp names") != std::string::npos;
            });
        };
        QVERIFY(says(*unknown));
        QVERIFY(!says(*importTiny(tinyHeader("llama"))));
        QVERIFY(llamaCppKnowsArchitecture("gpt-oss"));
        QVERIFY(llamaCppKnowsArchitecture("nemotron_h_moe"));
        QVERIFY(!llamaCppKnowsArchitecture("Llama"));
        QVERIFY(!llamaCppKnowsArchitecture(""));
    }
};

QTEST_GUILESS_MAIN(TestGgufChecks)
#include "tst_ggufchecks.moc"
