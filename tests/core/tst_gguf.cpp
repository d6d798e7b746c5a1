// SPDX-License-Identifier: MIT
// GGUF reader (import/gguf.h), ggml type table (import/ggmltypes.h) and GGUF -> ModelSpec
// (import/ggufimport.h): headers built in the test to mirror published files, exact bytes,
// and the hostile table (huge counts and strings, bad versions, truncation, data past EOF).
#include "ggufwriter.h"
#include "testutil.h"

#include "import/ggmltypes.h"
#include "import/gguf.h"
#include "import/ggufimport.h"
#include "import/modelimport.h"
#include "import/ollama.h"

#include <QTemporaryDir>
#include <algorithm>

#include <filesystem>
#include <fstream>

using namespace hostplan;
using ggufwriter::Bytes;
using ggufwriter::importTiny;
using ggufwriter::tinyHeader;
using ggufwriter::Writer;

namespace {

/// Meta-Llama-3.1-8B Q4_K_M tensor bytes: the sum over the Q4_K_M layout (ggufwriter.h) by
/// hand: token_embd 295,501,824 + output 430,940,160 + 16 layers x 122,716,160 + 16 "more bits"
/// layers x 138,936,320 + output_norm 16,384 + rope_freqs 256. Published file:
/// bartowski/Meta-Llama-3.1-8B-Instruct-GGUF lists Q4_K_M at 4.92 GB (tensors plus a ~8 MB
/// tokenizer header).
constexpr std::uint64_t kLlama8bQ4kmTensorBytes = 4912898304;
/// Meta-Llama-3.1-8B parameters (8,030,261,248) plus the 64 rope_freqs factors GGUF stores.
constexpr std::uint64_t kLlama8bGgufElements = 8030261312;

void writeFile(const std::filesystem::path &p, const std::string &header, std::uint64_t size) {
    std::ofstream(p, std::ios::binary) << header;
    std::filesystem::resize_file(p, size); // sparse: the data section reads as zeros
}

/// A minimal valid header prefix: magic, version, counts.
Bytes start(std::uint64_t tensors, std::uint64_t kvs, std::uint32_t version = 3) {
    Bytes b;
    b.data = "GGUF";
    b.put(version).put(tensors).put(kvs);
    return b;
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT

  private slots:
    void typeTable_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<uint>("id");
        QTest::addColumn<uint>("block");
        QTest::addColumn<uint>("bytes");
        // ggml.h ids; block sizes and sizeof(block_*) from ggml-common.h's static_asserts.
        QTest::newRow("f32") << "f32" << 0u << 1u << 4u;
        QTest::newRow("f16") << "f16" << 1u << 1u << 2u;
        QTest::newRow("bf16") << "bf16" << 30u << 1u << 2u;
        QTest::newRow("f64") << "f64" << 28u << 1u << 8u;
        QTest::newRow("i8") << "i8" << 24u << 1u << 1u;
        QTest::newRow("i64") << "i64" << 27u << 1u << 8u;
        QTest::newRow("q4_0") << "q4_0" << 2u << 32u << 18u;
        QTest::newRow("q4_1") << "q4_1" << 3u << 32u << 20u;
        QTest::newRow("q5_0") << "q5_0" << 6u << 32u << 22u;
        QTest::newRow("q5_1") << "q5_1" << 7u << 32u << 24u;
        QTest::newRow("q8_0") << "q8_0" << 8u << 32u << 34u;
        QTest::newRow("q8_1") << "q8_1" << 9u << 32u << 36u;
        QTest::newRow("q2_K") << "q2_K" << 10u << 256u << 84u;
        QTest::newRow("q3_K") << "q3_K" << 11u << 256u << 110u;
        QTest::newRow("q4_K") << "q4_K" << 12u << 256u << 144u;
        QTest::newRow("q5_K") << "q5_K" << 13u << 256u << 176u;
        QTest::newRow("q6_K") << "q6_K" << 14u << 256u << 210u;
        QTest::newRow("q8_K") << "q8_K" << 15u << 256u << 292u;
        QTest::newRow("iq2_xxs") << "iq2_xxs" << 16u << 256u << 66u;
        QTest::newRow("iq2_xs") << "iq2_xs" << 17u << 256u << 74u;
        QTest::newRow("iq3_xxs") << "iq3_xxs" << 18u << 256u << 98u;
        QTest::newRow("iq1_s") << "iq1_s" << 19u << 256u << 50u;
        QTest::newRow("iq4_nl") << "iq4_nl" << 20u << 32u << 18u;
        QTest::newRow("iq3_s") << "iq3_s" << 21u << 256u << 110u;
        QTest::newRow("iq2_s") << "iq2_s" << 22u << 256u << 82u;
        QTest::newRow("iq4_xs") << "iq4_xs" << 23u << 256u << 136u;
        QTest::newRow("iq1_m") << "iq1_m" << 29u << 256u << 56u;
        QTest::newRow("tq1_0") << "tq1_0" << 34u << 256u << 54u;
        QTest::newRow("tq2_0") << "tq2_0" << 35u << 256u << 66u;
        QTest::newRow("mxfp4") << "mxfp4" << 39u << 32u << 17u;
    }
    void typeTable() {
        QFETCH(QString, name);
        QFETCH(uint, id);
        QFETCH(uint, block);
        QFETCH(uint, bytes);
        const gguf::GgmlType *t = gguf::ggmlTypeByName(name.toStdString());
        QVERIFY(t);
        QCOMPARE(t->id, id);
        QCOMPARE(t->blockSize, block);
        QCOMPARE(t->typeSize, bytes);
        QCOMPARE(gguf::ggmlTypeById(id), t);
    }
    void typeTableComplete() {
        // 40 ids, of which 4, 5, 31-33 and 36-38 were removed: 32 types.
        QCOMPARE(gguf::ggmlTypes().size(), std::size_t(32));
        for (std::uint32_t removed : {4u, 5u, 31u, 32u, 33u, 36u, 37u, 38u, 40u}) {
            QVERIFY(!gguf::ggmlTypeById(removed));
        }
    }
    void tensorBytes() {
        const auto *q4k = gguf::ggmlTypeByName("Q4_K");
        const std::uint64_t dims[] = {4096, 4096};
        QCOMPARE(*gguf::ggmlTensorBytes(*q4k, dims), std::uint64_t(9437184));
        const std::uint64_t bad[] = {100, 2};
        QVERIFY(gguf::ggmlTensorBytes(*q4k, bad).error().message.find("not a multiple") !=
                std::string::npos);
        const std::uint64_t experts[] = {2880, 2880, 128}; // gpt-oss-120b mxfp4 expert tensor
        QCOMPARE(*gguf::ggmlTensorBytes(*gguf::ggmlTypeByName("mxfp4"), experts),
                 std::uint64_t(2880) / 32 * 17 * 2880 * 128);
        // ne[0] alone past 2^60 bytes: 2^63 f32 values would wrap to 0 bytes, not be sized.
        const std::uint64_t wraps[] = {std::uint64_t(1) << 63, 2};
        const auto huge = gguf::ggmlTensorBytes(*gguf::ggmlTypeByName("f32"), wraps);
        QVERIFY(!huge.ok());
        QVERIFY(huge.error().message.find("exceeds 2^60 bytes") != std::string::npos);
    }

    void llama31_8b_q4km() {
        const Writer w = ggufwriter::llama31_8b_q4km();
        QCOMPARE(w.tensorBytes(), kLlama8bQ4kmTensorBytes);
        const std::string header = w.build();
        auto h = gguf::parseHeader(header, w.fileSize(), "llama.gguf");
        QVERIFY2(h.ok(), h.ok() ? "" : h.error().toString().c_str());
        QCOMPARE(h->version, 3u);
        QCOMPARE(h->tensors.size(), std::size_t(2 + 32 * 9 + 2));
        QCOMPARE(h->tensorBytes(), kLlama8bQ4kmTensorBytes);
        QCOMPARE(h->find("tokenizer.ggml.tokens")->count, std::uint64_t(128256));
        QCOMPARE(h->dataOffset, std::uint64_t(header.size()));

        auto spec =
            ggufToModelSpec(gguf::Model{h.value(), {"llama.gguf"}, w.fileSize()}, "llama.gguf");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QCOMPARE(spec->architecture, std::string("llama"));
        QCOMPARE(spec->displayName, std::string("Meta Llama 3.1 8B Instruct"));
        QCOMPARE(spec->numLayers, 32u);
        QCOMPARE(spec->hiddenSize, 4096u);
        QCOMPARE(spec->vocabSize, 128256u);
        QCOMPARE(spec->maxContextTokens, std::uint64_t(131072));
        QCOMPARE(spec->denseIntermediate, 14336u);
        QCOMPARE(spec->weightBytes(), kLlama8bQ4kmTensorBytes);
        QCOMPARE(spec->totalParams, kLlama8bGgufElements);
        QCOMPARE(spec->activeParams, kLlama8bGgufElements - 525336576);
        QCOMPARE(spec->layers.size(), std::size_t(1));
        QCOMPARE(spec->layers[0].kind, AttentionKind::GQA);
        QCOMPARE(spec->layers[0].count, 32u);
        QCOMPARE(spec->layers[0].kvHeads, 8u);
        QCOMPARE(spec->layers[0].headDim, 128u);
        QCOMPARE(spec->layerBytes.size(), std::size_t(32));
        QCOMPARE(spec->layerBytes[0], std::uint64_t(138936320)); // q6_K attn_v / ffn_down
        QCOMPARE(spec->layerBytes[4], std::uint64_t(122716160)); // all q4_K
        QCOMPARE(spec->layerBytes[6], std::uint64_t(138936320));
        QVERIFY(!spec->isMoe());
    }

    // Numeric arrays are kept up to kMaxKeptNumbers elements in all: 66 arrays of 65,536
    // uint8 keep the first 64 (4,194,304 numbers) and count the rest without their elements,
    // so a header of small arrays cannot take 8 bytes per byte of file.
    void keptNumbersBounded() {
        std::string arrays;
        const auto put = [&](auto v) {
            arrays.append(reinterpret_cast<const char *>(&v), sizeof v);
        };
        for (int i = 0; i < 66; ++i) {
            const std::string key = "junk." + std::to_string(i);
            put(std::uint64_t(key.size()));
            arrays += key;
            put(std::uint32_t(9)); // array
            put(std::uint32_t(0)); // of uint8
            put(std::uint64_t(65536));
            arrays.append(65536, char(1));
        }
        Writer w = ggufwriter::llama31_8b_q4km();
        w.raw(arrays, 66);
        const std::string header = w.build();
        auto h = gguf::parseHeader(header, w.fileSize(), "bomb.gguf");
        QVERIFY2(h.ok(), h.ok() ? "" : h.error().toString().c_str());
        QCOMPARE(h->find("junk.0")->numbers.size(), std::size_t(65536));
        QCOMPARE(h->find("junk.63")->numbers.size(), std::size_t(65536));
        QCOMPARE(h->find("junk.64")->numbers.size(), std::size_t(0));
        QCOMPARE(h->find("junk.65")->count, std::uint64_t(65536));
        QCOMPARE(gguf::kMaxKeptNumbers, std::uint64_t(64) * 65536);
    }

    void fileAndSplit() {
        QTemporaryDir dir;
        const Writer w = ggufwriter::llama31_8b_q4km(1000);
        const auto one = std::filesystem::path(dir.path().toStdString()) / "m-Q4_K_M.gguf";
        writeFile(one, w.build(), w.fileSize());
        auto spec = importModelPath(one); // a .gguf path works wherever a model path works
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QCOMPARE(spec->weightBytes(), kLlama8bQ4kmTensorBytes);
        QCOMPARE(spec->vocabSize, 1000u);

        // Two split parts (llama-gguf-split naming): tensors summed over the parts.
        Writer a = ggufwriter::llama31_8b_q4km(1000);
        Writer b;
        b.u32("split.no", 1).u32("split.count", 2);
        b.tensor({"extra.weight", {4096, 4096}, "q8_0"});
        const auto base = std::filesystem::path(dir.path().toStdString()) / "big";
        writeFile(base.string() + "-00001-of-00002.gguf", a.build(), a.fileSize());
        writeFile(base.string() + "-00002-of-00002.gguf", b.build(), b.fileSize());
        auto model = gguf::readModel(base.string() + "-00002-of-00002.gguf");
        QVERIFY2(model.ok(), model.ok() ? "" : model.error().toString().c_str());
        QCOMPARE(model->parts.size(), std::size_t(2));
        QCOMPARE(model->header.tensorBytes(), kLlama8bQ4kmTensorBytes + 4096ull * 4096 / 32 * 34);
        auto split = importModelPath(base.string() + "-00001-of-00002.gguf");
        QVERIFY(split.ok());
        QCOMPARE(split->id, std::string("big"));

        std::filesystem::remove(base.string() + "-00002-of-00002.gguf");
        auto missing = gguf::readModel(base.string() + "-00001-of-00002.gguf");
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().toString().find("missing: split part 2 of 2") != std::string::npos);
    }

    /// A split set is one model: each tensor once over its parts (ggml refuses a duplicate),
    /// each part's split.no its place and split.count the set's size, one architecture, and
    /// split.tensors.count tensors in all (llama.cpp's loader checks the same); a part opened
    /// alone is refused, never sized as the model.
    void splitSetsChecked() {
        QTemporaryDir dir;
        const auto base = std::filesystem::path(dir.path().toStdString()) / "set";
        const std::string first = base.string() + "-00001-of-00002.gguf";
        const std::string second = base.string() + "-00002-of-00002.gguf";
        const auto tryPair = [&](const Writer &a, const Writer &b) {
            writeFile(first, a.build(), a.fileSize());
            writeFile(second, b.build(), b.fileSize());
            const auto m = gguf::readModel(first);
            return m.ok() ? std::string() : m.error().toString();
        };
        const Writer a = ggufwriter::llama31_8b_q4km(1000);
        Writer ok;
        ok.u32("split.no", 1).u32("split.count", 2).tensor({"extra.weight", {64, 64}, "f16"});
        QCOMPARE(tryPair(a, ok), std::string());
        Writer dup = ok;
        dup.tensor({"token_embd.weight", {64, 64}, "f16"});
        QCOMPARE(tryPair(a, dup), second + ": tensor_infos 'token_embd.weight': also in an "
                                           "earlier part (ggml refuses a duplicated tensor)");
        Writer place;
        place.u32("split.no", 0).u32("split.count", 2).tensor({"extra.weight", {64}, "f32"});
        QCOMPARE(tryPair(a, place), second + ": split.no: 0, but the file is part 2 (split.no 1)");
        Writer count;
        count.u32("split.no", 1).u32("split.count", 3).tensor({"extra.weight", {64}, "f32"});
        QCOMPARE(tryPair(a, count), second + ": split.count: 3, but the set's names say 2 parts");
        Writer other = ok;
        other.string("general.architecture", "qwen2");
        QCOMPARE(tryPair(a, other), second + ": general.architecture: 'qwen2', but part 1's is "
                                             "'llama': the parts are of two models");
        Writer counted = ggufwriter::llama31_8b_q4km(1000);
        counted.u64("split.tensors.count", 9999);
        const std::string held = std::to_string(a.tensorCount() + 1);
        QCOMPARE(tryPair(counted, ok), first +
                                           ": split.tensors.count: 9999 tensors, but the 2 "
                                           "parts hold " +
                                           held);
        // One part alone: refused by its split.count.
        const std::string alone =
            (std::filesystem::path(dir.path().toStdString()) / "part.gguf").string();
        Writer part = ggufwriter::llama31_8b_q4km(1000);
        part.u32("split.count", 3);
        writeFile(alone, part.build(), part.fileSize());
        const auto single = gguf::readModel(alone);
        QVERIFY(!single.ok());
        QCOMPARE(single.error().toString(),
                 alone + ": split.count: 3: this file is one part of a split model; open its "
                         "first part, named <name>-00001-of-00003.gguf, with the others beside "
                         "it");
    }

    void ollamaName() {
        // ~/.ollama/models as `ollama pull qwen3:14b` leaves it: manifest -> model layer blob.
        QTemporaryDir dir;
        const std::filesystem::path models = dir.path().toStdString();
        const std::string hex(64, 'a');
        const auto manifest = models / "manifests/registry.ollama.ai/library/qwen3/14b";
        std::filesystem::create_directories(manifest.parent_path());
        std::filesystem::create_directories(models / "blobs");
        const std::string layer = "{\"mediaType\":\"application/vnd.ollama.image.";
        std::ofstream(manifest) << "{\"schemaVersion\":2,\"layers\":[" << layer
                                << "template\",\"digest\":\"sha256:" << std::string(64, 'b')
                                << "\"}," << layer << "model\",\"digest\":\"sha256:" << hex
                                << "\"}]}";
        const Writer w = ggufwriter::llama31_8b_q4km(100);
        writeFile(models / "blobs" / ("sha256-" + hex), w.build(), w.fileSize());
        auto blob = importer::resolveOllamaModel("qwen3:14b", models);
        QVERIFY2(blob.ok(), blob.ok() ? "" : blob.error().toString().c_str());
        QCOMPARE(*blob, models / "blobs" / ("sha256-" + hex));
        QVERIFY(!importer::resolveOllamaModel("qwen3:8b", models).ok()); // not pulled
        QVERIFY(
            importer::resolveOllamaModel("qwen3:8b", models).error().message.find("not pulled") !=
            std::string::npos);
        QVERIFY(!importer::resolveOllamaModel("../../etc:x", models).ok());
        QVERIFY(!importer::resolveOllamaModel("a/b/c/d:x", models).ok());
        qputenv("OLLAMA_MODELS", dir.path().toUtf8());
        auto spec = importModelPath("ollama:qwen3:14b");
        qunsetenv("OLLAMA_MODELS");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QCOMPARE(spec->weightBytes(), kLlama8bQ4kmTensorBytes);
        // A manifest whose layer fields are not strings names the field (not a JSON exception).
        std::ofstream(manifest) << "{\"layers\":[{\"mediaType\":7,\"digest\":\"x\"}]}";
        const auto typed = importer::resolveOllamaModel("qwen3:14b", models);
        QVERIFY(!typed.ok());
        QCOMPARE(typed.error().toString(),
                 manifest.string() + ": layers[0].mediaType: not a string");
        // A manifest that is a loop of symbolic links is named with the system's reason, not
        // reported as never pulled.
        const auto looped = models / "manifests/registry.ollama.ai/library/qwen3/loop";
        std::filesystem::create_symlink(looped, looped);
        const auto loop = importer::resolveOllamaModel("qwen3:loop", models);
        QVERIFY(!loop.ok());
        QCOMPARE(QString::fromStdString(loop.error().toString()),
                 QString::fromStdString(looped.string() + ": cannot read: ") +
                     QString::fromStdString(
                         std::make_error_code(std::errc::too_many_symbolic_link_levels).message()));
    }

    void moeAndPerLayerArrays() {
        // Qwen3-30B-A3B's shape (config.json: hidden 2048, 48 layers, 32 heads, 4 KV heads,
        // head_dim 128, 128 experts, top-8, moe_intermediate 768), fused expert tensors as
        // convert_hf_to_gguf.py writes them, at q8_0.
        Writer w;
        const std::uint64_t n = 48, h = 2048, e = 128, ff = 768;
        w.string("general.architecture", "qwen3moe")
            .u32("qwen3moe.block_count", n)
            .u32("qwen3moe.embedding_length", h)
            .u32("qwen3moe.attention.head_count", 32)
            .i32Array("qwen3moe.attention.head_count_kv", std::vector<std::int32_t>(n, 4))
            .u32("qwen3moe.attention.key_length", 128)
            .u32("qwen3moe.attention.value_length", 128)
            .u32("qwen3moe.expert_count", e)
            .u32("qwen3moe.expert_used_count", 8)
            .u32("qwen3moe.expert_feed_forward_length", ff)
            .u32("qwen3moe.context_length", 40960)
            .u32("qwen3moe.vocab_size", 151936);
        w.tensor({"token_embd.weight", {h, 151936}, "q8_0"});
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::string p = "blk." + std::to_string(i) + ".";
            w.tensor({p + "attn_q.weight", {h, 4096}, "q8_0"});
            w.tensor({p + "attn_k.weight", {h, 512}, "q8_0"});
            w.tensor({p + "attn_v.weight", {h, 512}, "q8_0"});
            w.tensor({p + "attn_output.weight", {4096, h}, "q8_0"});
            w.tensor({p + "ffn_gate_inp.weight", {h, e}, "f32"});
            w.tensor({p + "ffn_gate_exps.weight", {h, ff, e}, "q8_0"});
            w.tensor({p + "ffn_up_exps.weight", {h, ff, e}, "q8_0"});
            w.tensor({p + "ffn_down_exps.weight", {ff, h, e}, "q8_0"});
            w.tensor({p + "attn_norm.weight", {h}, "f32"});
        }
        w.tensor({"output.weight", {h, 151936}, "q8_0"});
        auto h0 = gguf::parseHeader(w.build(), 0, "moe.gguf");
        QVERIFY2(h0.ok(), h0.ok() ? "" : h0.error().toString().c_str());
        auto spec = ggufToModelSpec(gguf::Model{h0.value(), {}, 0}, "moe.gguf");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QVERIFY(spec->isMoe());
        QCOMPARE(spec->experts.routed, 128u);
        QCOMPARE(spec->experts.activePerToken, 8u);
        QCOMPARE(spec->experts.moeLayers, 48u);
        QCOMPARE(spec->experts.paramsPerExpert, 3 * h * ff);
        QCOMPARE(spec->vocabSize, 151936u);
        QCOMPARE(spec->layers[0].kvHeads, 4u);
        const std::uint64_t expertBytes = n * 3 * (h * ff * e / 32 * 34);
        std::uint64_t inLayers = 0;
        for (auto b : spec->layerExpertBytes) {
            inLayers += b;
        }
        QCOMPARE(inLayers, expertBytes);
        // Memory is the total; only speed uses the active share.
        QCOMPARE(spec->weightBytes(), w.tensorBytes());
        QVERIFY(spec->activeParams < spec->totalParams / 5);

        // A per-layer array of the wrong length is named.
        Writer bad;
        bad.string("general.architecture", "llama")
            .u32("llama.block_count", 32)
            .u32("llama.embedding_length", 4096)
            .u32("llama.attention.head_count", 32)
            .i32Array("llama.attention.head_count_kv", {8, 8, 8})
            .u32("llama.vocab_size", 1000);
        auto hb = gguf::parseHeader(bad.build(), 0, "bad.gguf");
        QVERIFY(hb.ok());
        auto sb = ggufToModelSpec(gguf::Model{hb.value(), {}, 0}, "bad.gguf");
        QVERIFY(!sb.ok());
        QCOMPARE(sb.error().toString(),
                 std::string(
                     "bad.gguf: llama.attention.head_count_kv: array of 3 values for 32 layers"));
    }

    void slidingWindowPattern() {
        // Gemma 3: sliding window 1024 on five of every six layers (llama.cpp's pattern 6).
        auto w = ggufwriter::gemma3SlidingWindow();
        auto h = gguf::parseHeader(w.build(), 0, "g.gguf");
        auto spec = ggufToModelSpec(gguf::Model{h.value(), {}, 0}, "g.gguf");
        QVERIFY(spec.ok());
        std::uint32_t swa = 0;
        for (const auto &g : spec->layers) {
            swa += g.kind == AttentionKind::SlidingWindow ? g.count : 0;
        }
        QCOMPARE(swa, 10u);
    }

    void hostile_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<qulonglong>("fileSize");
        QTest::addColumn<QString>("error");
        const auto row = [](const char *name, const std::string &b, std::uint64_t size,
                            const char *err) {
            QTest::newRow(name) << QByteArray(b.data(), qsizetype(b.size())) << qulonglong(size)
                                << QString(err);
        };
        row("empty", "", 0, "magic: truncated");
        row("wrongMagic", "GGML\x03\0\0\0", 0, "magic: not a GGUF file");
        row("version1", start(0, 0, 1).data, 0, "GGUF version 1 (versions 2 and 3 are read)");
        row("version4", start(0, 0, 4).data, 0, "GGUF version 4");
        row("bigEndian", start(0, 0, 0x03000000u).data, 0, "big-endian GGUF");
        row("hugeTensorCount", start(std::uint64_t(1) << 40, 0).data, 0,
            "tensor_count: 1099511627776 tensors (at most 1048576)");
        row("hugeKvCount", start(0, std::uint64_t(1) << 40).data, 0, "metadata_kv_count:");
        row("tensorCountPastEnd", start(1000, 0).data, 0, "tensor_infos: truncated");
        {
            Bytes b = start(0, 1);
            b.put<std::uint64_t>(std::uint64_t(1) << 62);
            row("hugeKeyString", b.data, 0, "string of 4611686018427387904 bytes");
        }
        {
            Bytes b = start(0, 1);
            b.str("k").put<std::uint32_t>(9).put<std::uint32_t>(4).put<std::uint64_t>(
                std::uint64_t(1) << 40);
            row("hugeArray", b.data, 0, "'k'.count: 1099511627776 elements (at most 16777216)");
        }
        {
            Bytes b = start(0, 1);
            b.str("k").put<std::uint32_t>(9).put<std::uint32_t>(4).put<std::uint64_t>(1000000);
            row("arrayPastEnd", b.data, 0, "'k': truncated");
        }
        {
            Bytes b = start(0, 1);
            b.str("k").put<std::uint32_t>(9);
            for (int d = 0; d < 9; ++d) {
                b.put<std::uint32_t>(9).put<std::uint64_t>(1);
            }
            b.put<std::uint32_t>(4).put<std::uint64_t>(0);
            row("deepArrays", b.data, 0, "an array of arrays, which ggml's GGUF reader refuses");
        }
        {
            // One level is refused too (ggml reads no nested array), even when empty.
            Bytes b = start(0, 1);
            b.str("k").put<std::uint32_t>(9).put<std::uint32_t>(9).put<std::uint64_t>(0);
            row("arrayOfArrays", b.data, 0, "'k'.type: an array of arrays");
        }
        {
            Bytes b = start(0, 1);
            b.str("k").put<std::uint32_t>(13);
            row("unknownValueType", b.data, 0, "unknown value type 13");
        }
        {
            Bytes b = start(0, 1);
            b.str("k").put<std::uint32_t>(7).put<std::uint8_t>(2);
            row("badBool", b.data, 0, "bool value 2 (0 or 1)");
        }
        {
            Bytes b = start(0, 2);
            b.str("k").put<std::uint32_t>(4).put<std::uint32_t>(1);
            b.str("k").put<std::uint32_t>(4).put<std::uint32_t>(2);
            row("duplicateKey", b.data, 0, "'k': key given twice");
        }
        {
            Bytes b = start(0, 1);
            b.str("general.alignment").put<std::uint32_t>(4).put<std::uint32_t>(3);
            row("badAlignment", b.data, 0, "general.alignment: must be a uint32 power of two");
        }
        const auto tensor = [](std::uint32_t nDims, std::vector<std::uint64_t> dims,
                               std::uint32_t type, std::uint64_t offset) {
            Bytes b = start(1, 0);
            b.str("t").put(nDims);
            for (auto d : dims) {
                b.put(d);
            }
            b.put(type).put(offset);
            while (b.data.size() % 32) {
                b.data.push_back('\0');
            }
            return b.data;
        };
        {
            // One name twice (ggml's reader refuses it; its bytes would count twice).
            Bytes b = start(2, 0);
            for (std::uint64_t offset : {0, 128}) {
                b.str("blk.0.attn_q.weight").put<std::uint32_t>(1).put<std::uint64_t>(32);
                b.put<std::uint32_t>(0).put(offset);
            }
            while (b.data.size() % 32) {
                b.data.push_back('\0');
            }
            row("duplicateTensorName", b.data, 0,
                "tensor_infos[1] 'blk.0.attn_q.weight'.name: duplicate tensor name (also "
                "tensor_infos[0])");
        }
        row("fiveDims", tensor(5, {32, 1, 1, 1, 1}, 0, 0), 0, "'t'.n_dims: 5 dimensions (1 to 4)");
        row("removedType", tensor(2, {32, 1}, 4, 0), 0, "unknown or removed ggml type 4");
        row("unknownType", tensor(2, {32, 1}, 99, 0), 0, "unknown or removed ggml type 99");
        row("ne0NotBlock", tensor(2, {100, 1}, 12, 0), 0, "ne[0] 100 is not a multiple of q4_K's");
        row("zeroDim", tensor(2, {32, 0}, 0, 0), 0, "ne[1] is 0");
        row("zeroFirstDim", tensor(2, {0, 32}, 0, 0), 0,
            "ne[0] is 0 (every dimension must be at least 1)");
        row("hugeDims", tensor(4, {1u << 31, 1u << 31, 1u << 31, 1u << 31}, 0, 0), 0,
            "exceeds 2^60 bytes");
        row("misaligned", tensor(1, {32}, 0, 1), 0, "1 is not a multiple of the alignment 32");
        const std::string t = tensor(2, {4096, 4096}, 0, 0);
        row("dataPastEof", t, t.size() + 1000, "ends past the end of the file");
        // ggml's reader needs each tensor at the sum of the ones before it (padded): a gap,
        // an overlap or a reordering is refused with the offset it expected.
        row("offsetGap", tensor(1, {32}, 0, 1u << 20), 4096,
            "'t'.offset: 1048576, expected 0 (the first tensor's data starts the data section): "
            "a gap before its data, which llama.cpp refuses");
        {
            Bytes b = start(2, 0);
            for (const char *name : {"a", "b"}) {
                b.str(name).put<std::uint32_t>(1).put<std::uint64_t>(32); // 32 f32: 128 B
                b.put<std::uint32_t>(0).put<std::uint64_t>(0);
            }
            while (b.data.size() % 32) {
                b.data.push_back('\0');
            }
            row("overlap", b.data, 0,
                "tensor_infos[1] 'b'.offset: 0, expected 128 (where the tensor before it ends, "
                "padded to the alignment 32): it overlaps earlier tensor data, which llama.cpp "
                "refuses");
        }
    }
    void hostile() {
        QFETCH(QByteArray, bytes);
        QFETCH(qulonglong, fileSize);
        QFETCH(QString, error);
        auto h = gguf::parseHeader(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                   fileSize, "x.gguf");
        QVERIFY(!h.ok());
        const QString got = QString::fromStdString(h.error().toString());
        QVERIFY2(got.startsWith("x.gguf") && got.contains(error), qPrintable(got));
    }

    void everyPrefixIsAnError() {
        Writer w = ggufwriter::llama31_8b_q4km(50);
        const std::string full = w.build();
        const std::size_t end = full.size() - 1;
        for (std::size_t n = 0; n < end; n += (n < 2000 ? 1 : 97)) {
            auto h = gguf::parseHeader(std::string_view(full).substr(0, n), n, "p.gguf");
            QVERIFY2(!h.ok(), qPrintable(QString::number(n)));
        }
    }

    void readHeaderNamesFile() {
        QTemporaryDir dir;
        const auto p = std::filesystem::path(dir.path().toStdString()) / "cut.gguf";
        const std::string full = ggufwriter::llama31_8b_q4km(50).build();
        std::ofstream(p, std::ios::binary) << full.substr(0, 300);
        auto h = gguf::readHeader(p);
        QVERIFY(!h.ok());
        QVERIFY(h.error().toString().rfind(p.string(), 0) == 0);
        QVERIFY(h.error().toString().find("truncated") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestGguf)
#include "tst_gguf.moc"
