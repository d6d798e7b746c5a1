// SPDX-License-Identifier: MIT
// Tests for core/safetensors: index parsing (integer and string total_size), header parsing from
// bytes and from real tiny .safetensors files written into a QTemporaryDir (valid and corrupt),
// and refineWithIndex.
#include "import/modelimport.h"
#include "import/safetensors.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hostplan;

namespace {

/// The 8-byte little-endian length prefix.
QByteArray lengthPrefix(quint64 n) {
    QByteArray out(8, '\0');
    for (int i = 0; i < 8; ++i) {
        out[i] = char((n >> (8 * i)) & 0xff);
    }
    return out;
}

/// A safetensors file: length prefix, header JSON, `dataBytes` bytes of tensor data.
QByteArray safetensorsFile(const QByteArray &header, int dataBytes) {
    return lengthPrefix(quint64(header.size())) + header + QByteArray(dataBytes, '\x5a');
}

// Two tensors: "a" BF16 [2, 3] at 0..12 and "b" F32 [4] at 12..28, plus metadata.
const QByteArray kValidHeader(
    R"({"__metadata__": {"format": "pt"},
        "a": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [0, 12]},
        "b": {"dtype": "F32", "shape": [4], "data_offsets": [12, 28]}})");

} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT

  private slots:
    void parseIndex_data();
    void parseIndex();
    void readIndexFile();
    void parseHeader_data();
    void parseHeader();
    void readHeaderFile_data();
    void readHeaderFile();
    void refine_data();
    void refine();
    void unusualSpellings_data();
    void unusualSpellings();
    void indexWithoutWeightMap();
    void importProgress();
    void importCancel();
    void cancelInsideIndex();
    void headerOnlyShards();
};

void TestSafetensors::parseIndex_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<quint64>("totalSize");
    QTest::addColumn<int>("mapEntries");
    QTest::addColumn<QString>("errorPart");

    // Llama-3.1-8B's published total_size (model-facts.md §3), both spellings seen in the wild.
    QTest::newRow("integer") << QByteArray(R"({"metadata": {"total_size": 16060522496},
        "weight_map": {"lm_head.weight": "model-00004-of-00004.safetensors",
                       "model.embed_tokens.weight": "model-00001-of-00004.safetensors"}})")
                             << true << 16'060'522'496ull << 2 << "";
    QTest::newRow("string") << QByteArray(R"({"metadata": {"total_size": "1560860324864"},
        "weight_map": {}})") << true
                            << 1'560'860'324'864ull << 0 << "";
    QTest::newRow("integralFloat") << QByteArray(R"({"metadata": {"total_size": 1.6e10}})") << true
                                   << 16'000'000'000ull << 0 << "";
    QTest::newRow("zero") << QByteArray(R"({"metadata": {"total_size": 0}})") << true << 0ull << 0
                          << "";
    QTest::newRow("negative") << QByteArray(R"({"metadata": {"total_size": -5}})") << false << 0ull
                              << 0 << "metadata.total_size";
    QTest::newRow("negativeString") << QByteArray(R"({"metadata": {"total_size": "-5"}})") << false
                                    << 0ull << 0 << "metadata.total_size";
    QTest::newRow("nonNumericString") << QByteArray(R"({"metadata": {"total_size": "12GB"}})")
                                      << false << 0ull << 0 << "\"12GB\"";
    QTest::newRow("fraction") << QByteArray(R"({"metadata": {"total_size": 1.5}})") << false << 0ull
                              << 0 << "metadata.total_size";
    QTest::newRow("missingTotal") << QByteArray(R"({"metadata": {}})") << false << 0ull << 0
                                  << "metadata.total_size: missing";
    QTest::newRow("missingMetadata")
        << QByteArray(R"({"weight_map": {}})") << false << 0ull << 0 << "metadata: missing";
    QTest::newRow("badWeightMap")
        << QByteArray(R"({"metadata": {"total_size": 1}, "weight_map": {"x": 3}})") << false << 0ull
        << 0 << "weight_map.x";
    QTest::newRow("malformed") << QByteArray(R"({"metadata": {"total_size": 1)") << false << 0ull
                               << 0 << "not valid JSON";
    QTest::newRow("array") << QByteArray("[]") << false << 0ull << 0 << "not a JSON object";
}

void TestSafetensors::parseIndex() {
    QFETCH(QByteArray, json);
    QFETCH(bool, ok);
    QFETCH(quint64, totalSize);
    QFETCH(int, mapEntries);
    QFETCH(QString, errorPart);
    const auto r = parseSafetensorsIndex(json.toStdString());
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY2(QString::fromStdString(r.error().toString()).contains(errorPart),
                 r.error().toString().c_str());
        return;
    }
    QCOMPARE(quint64(r->totalSizeBytes), totalSize);
    QCOMPARE(int(r->weightMap.size()), mapEntries);
}

void TestSafetensors::readIndexFile() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString path = tmp.filePath("model.safetensors.index.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"metadata": {"total_size": 93405585408}, "weight_map": {"a": "b"}})");
    f.close();
    const auto r = readSafetensorsIndex(path.toStdString());
    QVERIFY(r.ok());
    QCOMPARE(quint64(r->totalSizeBytes), 93'405'585'408ull);
    QCOMPARE(r->weightMap.at("a"), std::string("b"));

    const auto missing = readSafetensorsIndex(tmp.filePath("nope.json").toStdString());
    QVERIFY(!missing.ok());
    QVERIFY(QString::fromStdString(missing.error().toString()).contains("nope.json"));
}

void TestSafetensors::parseHeader_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<quint64>("fileSize");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<int>("tensors");
    QTest::addColumn<quint64>("totalBytes");
    QTest::addColumn<QString>("errorPart");

    const QByteArray valid = safetensorsFile(kValidHeader, 28);
    QTest::newRow("valid") << valid << quint64(valid.size()) << true << 2 << 28ull << "";
    QTest::newRow("validUnknownFileSize") << valid << 0ull << true << 2 << 28ull << "";
    // A buffer with only the header (the data is not needed to parse it).
    QTest::newRow("headerOnlyBuffer")
        << valid.left(8 + kValidHeader.size()) << quint64(valid.size()) << true << 2 << 28ull << "";
    // Header padded with trailing spaces, as the format allows.
    {
        const QByteArray padded = kValidHeader + QByteArray(5, ' ');
        QTest::newRow("paddedHeader")
            << safetensorsFile(padded, 28) << 0ull << true << 2 << 28ull << "";
    }
    // Every dtype of the table, including sub-byte F4 (2 per byte) and F8_E8M0 scales.
    {
        const QByteArray h(R"({
            "f4": {"dtype": "F4", "shape": [4, 8], "data_offsets": [0, 16]},
            "e8": {"dtype": "F8_E8M0", "shape": [4], "data_offsets": [16, 20]},
            "fp8": {"dtype": "F8_E4M3", "shape": [2, 2], "data_offsets": [20, 24]},
            "i64": {"dtype": "I64", "shape": [1], "data_offsets": [24, 32]},
            "f64": {"dtype": "F64", "shape": [], "data_offsets": [32, 40]},
            "empty": {"dtype": "BOOL", "shape": [0, 7], "data_offsets": [40, 40]}})");
        QTest::newRow("dtypes") << safetensorsFile(h, 40) << 0ull << true << 6 << 40ull << "";
    }
    QTest::newRow("shorterThan8") << QByteArray("\x10\0\0", 3) << 0ull << false << 0 << 0ull
                                  << "truncated";
    QTest::newRow("truncatedHeader") << valid.left(40) << 0ull << false << 0 << 0ull << "truncated";
    QTest::newRow("fileSmallerThanHeader") << valid << 40ull << false << 0 << 0ull << "truncated";
    // N far above the 100 MB cap: rejected from the first 8 bytes, nothing allocated.
    QTest::newRow("hugeN") << lengthPrefix(1ull << 40) + "{}" << 0ull << false << 0 << 0ull
                           << "exceeds";
    QTest::newRow("maxN") << lengthPrefix(~0ull) << 0ull << false << 0 << 0ull << "exceeds";
    QTest::newRow("reversedOffsets")
        << safetensorsFile(R"({"a": {"dtype": "U8", "shape": [4], "data_offsets": [8, 4]}})", 8)
        << 0ull << false << 0 << 0ull << "reversed";
    {
        const QByteArray f = safetensorsFile(
            R"({"a": {"dtype": "U8", "shape": [64], "data_offsets": [0, 64]}})", 16);
        QTest::newRow("offsetsBeyondFile")
            << f << quint64(f.size()) << false << 0 << 0ull << "beyond";
    }
    // A header-only download (no data after the header): the first tensor in the file's order
    // is named at once (the fast reader; the tree reader's order would name "a").
    {
        const QByteArray h(R"({"z": {"dtype": "U8", "shape": [4], "data_offsets": [0, 4]},
                              "a": {"dtype": "U8", "shape": [4], "data_offsets": [4, 8]}})");
        const QByteArray f = safetensorsFile(h, 0);
        QTest::newRow("noDataAfterHeader")
            << f << quint64(f.size()) << false << 0 << 0ull
            << "z.data_offsets: end 4 lies beyond the 0 data bytes of the file";
    }
    // Two tensors claiming the same bytes would count them twice.
    QTest::newRow("overlappingOffsets")
        << safetensorsFile(R"({"a": {"dtype": "U8", "shape": [8], "data_offsets": [0, 8]},
                               "b": {"dtype": "U8", "shape": [8], "data_offsets": [4, 12]}})",
                           12)
        << 0ull << false << 0 << 0ull << "b.data_offsets: overlaps a (bytes 4..8 claimed twice)";
    QTest::newRow("emptyTensorInsideAnother")
        << safetensorsFile(R"({"a": {"dtype": "U8", "shape": [8], "data_offsets": [0, 8]},
                               "e": {"dtype": "U8", "shape": [0], "data_offsets": [4, 4]}})",
                           8)
        << 0ull << true << 2 << 8ull << "";
    QTest::newRow("wrongDtypeSize")
        << safetensorsFile(R"({"a": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 8]}})", 8)
        << 0ull << false << 0 << 0ull << "do not match";
    QTest::newRow("unknownDtype")
        << safetensorsFile(R"({"a": {"dtype": "Q4_K", "shape": [2], "data_offsets": [0, 1]}})", 1)
        << 0ull << false << 0 << 0ull << "'Q4_K'";
    QTest::newRow("negativeDim")
        << safetensorsFile(R"({"a": {"dtype": "U8", "shape": [-2], "data_offsets": [0, 2]}})", 2)
        << 0ull << false << 0 << 0ull << "a.shape";
    QTest::newRow("shapeOverflow")
        << safetensorsFile(R"({"a": {"dtype": "F64", "shape": [4294967296, 4294967296],
                                     "data_offsets": [0, 8]}})",
                           8)
        << 0ull << false << 0 << 0ull << "overflows";
    QTest::newRow("missingOffsets") << safetensorsFile(R"({"a": {"dtype": "U8", "shape": [2]}})", 2)
                                    << 0ull << false << 0 << 0ull << "a.data_offsets";
    QTest::newRow("notJson") << safetensorsFile("{\"a\": ", 0) << 0ull << false << 0 << 0ull
                             << "not valid JSON";
    QTest::newRow("notObject") << safetensorsFile("[1, 2]", 0) << 0ull << false << 0 << 0ull
                               << "not an object";
    QTest::newRow("entryNotObject")
        << safetensorsFile(R"({"a": 3})", 0) << 0ull << false << 0 << 0ull << "a: tensor entry";
}

void TestSafetensors::parseHeader() {
    QFETCH(QByteArray, bytes);
    QFETCH(quint64, fileSize);
    QFETCH(bool, ok);
    QFETCH(int, tensors);
    QFETCH(quint64, totalBytes);
    QFETCH(QString, errorPart);
    const auto r =
        parseSafetensorsHeader(std::string_view(bytes.constData(), bytes.size()), fileSize);
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY2(QString::fromStdString(r.error().toString()).contains(errorPart),
                 r.error().toString().c_str());
        return;
    }
    QCOMPARE(int(r->size()), tensors);
    quint64 sum = 0;
    for (const auto &t : *r) {
        QVERIFY(t.name != "__metadata__");
        sum += t.bytes;
    }
    QCOMPARE(sum, totalBytes);
}

void TestSafetensors::readHeaderFile_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("errorPart");

    const QByteArray valid = safetensorsFile(kValidHeader, 28);
    QTest::newRow("valid") << valid << true << "";
    QTest::newRow("dataCutShort") << valid.left(valid.size() - 1) << false << "beyond";
    QTest::newRow("headerCutShort") << valid.left(30) << false << "truncated";
    QTest::newRow("fourBytes") << valid.left(4) << false << "truncated";
    QTest::newRow("emptyFile") << QByteArray() << false << "truncated";
    // Claims a 1 TB header in an 10-byte file: rejected before any allocation.
    QTest::newRow("hugeN") << lengthPrefix(1ull << 40) + "{}" << false << "exceeds";
    // A header size within the cap but larger than the file.
    QTest::newRow("nBeyondFile") << lengthPrefix(50'000'000) + "{}" << false << "truncated";
    QTest::newRow("jsonConfigNotSafetensors")
        << QByteArray("{\"model_type\": \"llama\"}") << false << "";
}

void TestSafetensors::readHeaderFile() {
    QFETCH(QByteArray, content);
    QFETCH(bool, ok);
    QFETCH(QString, errorPart);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString path = tmp.filePath("model.safetensors");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(content), qint64(content.size()));
    f.close();
    const auto r = readSafetensorsHeader(path.toStdString());
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY2(QString::fromStdString(r.error().toString()).contains(errorPart),
                 r.error().toString().c_str());
        QVERIFY(QString::fromStdString(r.error().toString()).contains("model.safetensors"));
        return;
    }
    QCOMPARE(int(r->size()), 2);
    const auto &a = r->at(0);
    QCOMPARE(QString::fromStdString(a.name), QStringLiteral("a"));
    QCOMPARE(QString::fromStdString(a.dtype), QStringLiteral("BF16"));
    QCOMPARE(a.shape, (std::vector<std::uint64_t>{2, 3}));
    QCOMPARE(quint64(a.bytes), 12ull);
    QCOMPARE(quint64(r->at(1).bytes), 16ull);

    QVERIFY(!readSafetensorsHeader(tmp.filePath("missing.safetensors").toStdString()).ok());
}

void TestSafetensors::refine_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<quint64>("totalSize");
    QTest::addColumn<bool>("groupsChange");
    QTest::addColumn<bool>("noted"); // more than 5% from the config-derived bytes

    // Equal to the derived bytes (model-facts.md §3): groups unchanged.
    QTest::newRow("llama-8b/equal") << "Llama-3.1-8B.json" << 16'060'522'496ull << false << false;
    // Larger: DeepSeek-V3's index includes the MTP layer.
    QTest::newRow("deepseek-v3/mtp")
        << "DeepSeek-V3.json" << 688'574'839'360ull << true << false; // +2.3%
    // Kimi-K2's index includes 6,832 B of rotary buffers.
    QTest::newRow("kimi-k2/buffers")
        << "Kimi-K2-Instruct.json" << 1'029'173'256'720ull << true << false;
    // Smaller than derived (e.g. a pruned checkpoint): still exact.
    QTest::newRow("mixtral/smaller")
        << "Mixtral-8x7B-v0.1.json" << 90'000'000'001ull << true << false; // -3.6%
    // Absurdly small: every group keeps at least a byte, the sum is still exact.
    QTest::newRow("llama-8b/tiny") << "Llama-3.1-8B.json" << 1000ull << true << true;
    // 0 = unknown: nothing spread.
    QTest::newRow("llama-8b/zero") << "Llama-3.1-8B.json" << 0ull << false << false;
    // Three times the config: another revision or model; planned with, but noted.
    QTest::newRow("llama-8b/3x") << "Llama-3.1-8B.json" << 48'181'567'488ull << true << true;
}

void TestSafetensors::refine() {
    QFETCH(QString, model);
    QFETCH(quint64, totalSize);
    QFETCH(bool, groupsChange);
    QFETCH(bool, noted);
    const auto spec = importHfConfigText(readResource("models/" + model), model.toStdString());
    QVERIFY(spec.ok());
    SafetensorsIndex index;
    index.totalSizeBytes = totalSize;
    const ModelSpec refined = refineWithIndex(*spec, index);
    QCOMPARE(quint64(refined.checkpointBytes), totalSize);
    QCOMPARE(quint64(refined.totalParams), quint64(spec->totalParams));
    QCOMPARE(refined.groups.size(), spec->groups.size());
    if (totalSize != 0) {
        QCOMPARE(quint64(refined.weightBytes()), totalSize);
    }
    bool changed = false;
    for (std::size_t i = 0; i < refined.groups.size(); ++i) {
        changed = changed || refined.groups[i].bytes() != spec->groups[i].bytes();
        QVERIFY(refined.groups[i].bytes() > 0);
    }
    QCOMPARE(changed, groupsChange);
    QCOMPARE(!refined.notes.empty(), noted);
    if (noted && totalSize > spec->weightBytes()) {
        QVERIFY2(refined.notes.front().find("200% above the 16.06 GB the config implies") !=
                     std::string::npos,
                 refined.notes.front().c_str());
    }
    if (model == "DeepSeek-V3.json") {
        // Spread in proportion: the routed experts (~97% of bytes) take ~97% of the MTP bytes.
        std::size_t routed = 0;
        while (spec->groups[routed].role != GroupRole::RoutedExperts) {
            ++routed;
        }
        const double share = double(refined.groups[routed].bytes() - spec->groups[routed].bytes()) /
                             double(totalSize - spec->weightBytes());
        COMPARE_NEAR(share, double(spec->groups[routed].bytes()) / double(spec->weightBytes()),
                     1e-6, 0);
    }
}

void TestSafetensors::unusualSpellings_data() {
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QString>("firstName");
    QTest::addColumn<quint64>("totalBytes");
    // The streaming reader declines these (escapes, non-ASCII, fractional or exponent numbers)
    // and the tree reader reads them: the result is the same as for the plain spelling.
    QTest::newRow("plain") << kValidHeader << "a" << 28ull;
    QTest::newRow("escapedName")
        << QByteArray(R"({"\u0061": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [0, 12]},
                        "b": {"dtype": "F32", "shape": [4], "data_offsets": [12, 28]}})")
        << "a" << 28ull;
    QTest::newRow("utf8Name")
        << QByteArray(
               "{\"\xc3\xa9\": {\"dtype\": \"U8\", \"shape\": [3], \"data_offsets\": [0, 3]}}")
        << QString::fromUtf8("\xc3\xa9") << 3ull;
    QTest::newRow("fractionalSpelling")
        << QByteArray(R"({"a": {"dtype": "BF16", "shape": [2.0, 3], "data_offsets": [0, 1.2e1]}})")
        << "a" << 12ull;
    // Keys in any order, unknown fields skipped, nested metadata.
    QTest::newRow("otherOrder")
        << QByteArray(R"({"a": {"data_offsets": [0, 12], "x": [{"y": null}, true], "shape": [2, 3],
                        "dtype": "BF16"}, "__metadata__": {"k": {"n": [1, 2]}}})")
        << "a" << 12ull;
}

void TestSafetensors::unusualSpellings() {
    QFETCH(QByteArray, header);
    QFETCH(QString, firstName);
    QFETCH(quint64, totalBytes);
    const QByteArray file = safetensorsFile(header, int(totalBytes));
    const auto r = parseSafetensorsHeader(file.toStdString(), quint64(file.size()));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(QString::fromStdString(r->front().name), firstName);
    quint64 sum = 0;
    for (const auto &t : *r) {
        sum += t.bytes;
    }
    QCOMPARE(sum, totalBytes);

    QTemporaryDir tmp;
    const QString path = tmp.filePath("model.safetensors");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(file);
    f.close();
    const auto bytes = readSafetensorsHeaderBytes(path.toStdString());
    QVERIFY2(bytes.ok(), bytes.ok() ? "" : bytes.error().toString().c_str());
    QCOMPARE(quint64(*bytes), totalBytes);
}

void TestSafetensors::indexWithoutWeightMap() {
    // The importer asks for total_size alone: the map stays empty, its size is counted, and a
    // bad entry or a repeated name is still an error.
    const std::string text =
        R"({"metadata": {"total_size": 16060522496}, "weight_map": {"a": "s1", "b": "s2"}})";
    const auto r = parseSafetensorsIndex(text, /*keepWeightMap=*/false);
    QVERIFY(r.ok());
    QCOMPARE(quint64(r->totalSizeBytes), 16'060'522'496ull);
    QVERIFY(r->weightMap.empty());
    QCOMPARE(int(r->entries), 2);
    const auto repeated = parseSafetensorsIndex(
        R"({"metadata": {"total_size": 1}, "weight_map": {"a": "s1", "a": "s2"}})", false);
    QVERIFY(!repeated.ok());
    QVERIFY2(QString::fromStdString(repeated.error().toString()).contains("twice"),
             repeated.error().toString().c_str());
    const auto spelled = parseSafetensorsIndex(R"({"metadata": {"total_size": 1.6e10}})", false);
    QVERIFY(spelled.ok());
    QCOMPARE(quint64(spelled->totalSizeBytes), 16'000'000'000ull);
}

namespace {

/// Llama-3.1-8B's checkpoint bytes (model-facts.md §3), split over `shards` sparse shard files
/// of one U8 tensor each beside its real config.json, in `dir`.
void writeShardedLlama(const QString &dir, int shards) {
    QFile::copy(
        QStringLiteral(HOSTPLAN_TEST_DATA_DIR "/configs/meta-llama--Meta-Llama-3.1-8B_config.json"),
        dir + "/config.json");
    const quint64 each = 16'060'522'496ull / quint64(shards);
    for (int i = 0; i < shards; ++i) {
        const QByteArray header = QStringLiteral(R"({"t%1": {"dtype": "U8", "shape": [%2], )"
                                                 R"("data_offsets": [0, %2]}})")
                                      .arg(i)
                                      .arg(each)
                                      .toUtf8();
        QFile f(dir + QStringLiteral("/model-%1.safetensors").arg(i));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lengthPrefix(quint64(header.size())) + header);
        QVERIFY(f.resize(qint64(8 + quint64(header.size()) + each))); // sparse data
    }
}

} // namespace

void TestSafetensors::importProgress() {
    // Progress counts config.json and each of the 4 shards, 1..5, never decreasing.
    QTemporaryDir tmp;
    writeShardedLlama(tmp.path(), 4);
    std::vector<std::pair<std::size_t, std::size_t>> steps;
    ImportOptions options;
    options.progress = [&](std::size_t done, std::size_t total) {
        steps.emplace_back(done, total);
    };
    const auto spec = importModelPath(tmp.path().toStdString(), options);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    QCOMPARE(quint64(spec->checkpointBytes), 16'060'522'496ull);
    const std::vector<std::pair<std::size_t, std::size_t>> expected = {
        {1, 5}, {2, 5}, {3, 5}, {4, 5}, {5, 5}};
    QCOMPARE(steps, expected);
}

void TestSafetensors::importCancel() {
    // The flag set after the second file stops the import before the third: an error, no
    // further progress.
    QTemporaryDir tmp;
    writeShardedLlama(tmp.path(), 4);
    std::atomic<bool> cancel{false};
    std::vector<std::size_t> done;
    ImportOptions options;
    options.cancel = &cancel;
    options.progress = [&](std::size_t d, std::size_t) {
        done.push_back(d);
        cancel = d == 2;
    };
    const auto spec = importModelPath(tmp.path().toStdString(), options);
    QVERIFY(!spec.ok());
    QCOMPARE(QString::fromStdString(spec.error().toString()), QString(kImportCancelled));
    QCOMPARE(done, (std::vector<std::size_t>{1, 2}));
    // Set before the start: nothing is read.
    cancel = true;
    done.clear();
    QVERIFY(!importModelPath(tmp.path().toStdString(), options).ok());
    QVERIFY(done.empty());
}

void TestSafetensors::cancelInsideIndex() {
    // A 10,000-name index stops within its names when the flag is set.
    std::string text = R"({"metadata": {"total_size": 1}, "weight_map": {)";
    for (int i = 0; i < 10'000; ++i) {
        text += (i ? ",\"" : "\"") + std::to_string(i) + "\": \"s\"";
    }
    text += "}}";
    std::atomic<bool> cancel{false};
    QVERIFY(parseSafetensorsIndex(text, false, &cancel).ok());
    cancel = true;
    const auto r = parseSafetensorsIndex(text, false, &cancel);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().toString()), QString(kImportCancelled));
}

void TestSafetensors::headerOnlyShards() {
    // The same 4 shards saved header-only (*.safetensors.header, no data): the same exact
    // checkpoint bytes; the same bytes under the plain name are a cut file.
    QTemporaryDir full;
    writeShardedLlama(full.path(), 4);
    const auto expected = importModelPath(full.path().toStdString());
    QVERIFY2(expected.ok(), expected.ok() ? "" : expected.error().toString().c_str());
    QTemporaryDir headers;
    QVERIFY(QFile::copy(full.filePath("config.json"), headers.filePath("config.json")));
    for (int i = 0; i < 4; ++i) {
        QFile in(full.filePath(QStringLiteral("model-%1.safetensors").arg(i)));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray prefix = in.read(8);
        quint64 n = 0;
        for (int b = 7; b >= 0; --b) {
            n = (n << 8) | quint8(prefix[b]);
        }
        QFile out(headers.filePath(QStringLiteral("model-%1.safetensors.header").arg(i)));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(prefix + in.read(qint64(n)));
    }
    QVERIFY(isHeaderOnlyShard(headers.filePath("model-0.safetensors.header").toStdString()));
    QVERIFY(!isHeaderOnlyShard(full.filePath("model-0.safetensors").toStdString()));
    const auto spec = importModelPath(headers.path().toStdString());
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    QCOMPARE(quint64(spec->checkpointBytes), 16'060'522'496ull);
    QCOMPARE(quint64(spec->weightBytes()), quint64(expected->weightBytes()));
    QCOMPARE(quint64(spec->totalParams), quint64(expected->totalParams));
    const auto one =
        readSafetensorsHeader(headers.filePath("model-1.safetensors.header").toStdString());
    QVERIFY(one.ok());
    QCOMPARE(quint64(one->at(0).bytes), 16'060'522'496ull / 4);

    QVERIFY(QFile::rename(headers.filePath("model-2.safetensors.header"),
                          headers.filePath("model-2.safetensors")));
    const auto cut = importModelPath(headers.path().toStdString());
    QVERIFY(!cut.ok());
    QVERIFY2(QString::fromStdString(cut.error().toString()).contains("beyond"),
             cut.error().toString().c_str());
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
