// SPDX-License-Identifier: MIT
// The bad-input table: hostile files through every parser and reader, each a data row. Every
// row must end in a clear error that names the field (or the file), never a crash, a hang or a
// silently wrong model. Bounded time is enforced by the ctest TIMEOUT of this suite (a test
// asserting wall time would be flaky); peak memory is reported by tst_hostilememory.
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "engine/servecommand.h"
#include "plan/plan.h"
#include "import/gguf.h"
#include "import/modelimport.h"
#include "import/modulepattern.h"
#include "import/safetensors.h"
#include "probereport.h"
#include "scenario/scenario.h"
#include "util/fileio.h"
#include "util/terminaltext.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <string_view>

#include <cstdlib>
#include <functional>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace hostplan;
using J = nlohmann::json;

namespace {

constexpr char kPlaceholder[] = "\"@@RAW@@\"";

/// `doc` dumped with the value at `pointer` replaced by the raw JSON text `raw` (which need
/// not be valid JSON: NaN, 1e400).
std::string withRaw(J doc, const std::string &pointer, const std::string &raw) {
    doc[J::json_pointer(pointer)] = "@@RAW@@";
    std::string text = doc.dump();
    text.replace(text.find(kPlaceholder), sizeof kPlaceholder - 1, raw);
    return text;
}

/// `doc` dumped with `"key": raw,` inserted first into the object at `pointer` (a name given
/// twice when `key` is already there).
std::string withDuplicate(const J &doc, const std::string &pointer, const std::string &key,
                          const std::string &raw) {
    J copy = doc;
    copy[J::json_pointer(pointer)]["@@DUP@@"] = 0;
    std::string text = copy.dump();
    const std::string marker = "\"@@DUP@@\":0";
    text.replace(text.find(marker), marker.size(), "\"" + key + "\":" + raw);
    return text;
}

/// Every number in `doc`: its JSON pointer and its dotted field path ("devices[0].sm_count").
void numericLeaves(const J &doc, const std::string &pointer, const std::string &path,
                   std::vector<std::pair<std::string, std::string>> &out) {
    if (doc.is_number()) {
        out.emplace_back(pointer, path);
    } else if (doc.is_object()) {
        for (const auto &[k, v] : doc.items()) {
            numericLeaves(v, pointer + "/" + k, path.empty() ? k : path + "." + k, out);
        }
    } else if (doc.is_array()) {
        for (std::size_t i = 0; i < doc.size(); ++i) {
            numericLeaves(doc[i], pointer + "/" + std::to_string(i),
                          path + "[" + std::to_string(i) + "]", out);
        }
    }
}

J resourceJson(const QString &relative) {
    return J::parse(readResource(relative));
}

/// A safetensors file: 8-byte little-endian header length, the header, `dataBytes` zeros.
std::string safetensorsBytes(const std::string &header, std::size_t dataBytes) {
    std::string out(8, '\0');
    std::uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) {
        out[std::size_t(i)] = char((n >> (8 * i)) & 0xff);
    }
    return out + header + std::string(dataBytes, '\0');
}

const std::string kHeader =
    R"({"a":{"dtype":"BF16","shape":[2,2],"data_offsets":[0,8]},"__metadata__":{"format":"pt"}})";

/// Raw values no parser may accept in a numeric field, each with a word of the expected error.
const std::vector<std::pair<const char *, const char *>> kParseLevelValues = {
    {"1e400", "out of range"},
    {"-1e400", "out of range"},
    {"NaN", "not valid JSON"},
    {"Infinity", "not valid JSON"},
    {"-Infinity", "not valid JSON"}};

/// What a parser says about `text`: ok, or the error as "field: message".
using Parser = std::function<Result<bool>(const std::string &text)>;

template <typename T> Result<bool> asBool(const Result<T> &r) {
    return r.ok() ? Result<bool>(true) : Result<bool>(r.error());
}

const std::map<QString, Parser> &parserTable() {
    static const std::map<QString, Parser> p = {
        {"config", [](const std::string &t) { return asBool(importHfConfigText(t, "c.json")); }},
        {"index", [](const std::string &t) { return asBool(parseSafetensorsIndex(t)); }},
        {"header",
         [](const std::string &t) {
             return asBool(parseSafetensorsHeader(safetensorsBytes(t, 8), 0));
         }},
        {"scenario", [](const std::string &t) { return asBool(parseScenario(t)); }},
        {"probe", [](const std::string &t) { return asBool(probe::parseReport(t)); }},
    };
    return p;
}

const QStringList kParsers = {"config", "index", "header", "scenario", "probe"};

const std::string kIndex =
    R"({"metadata":{"total_size":16060522496},"weight_map":{"a":"model-00001.safetensors"}})";

/// One sample document per parser.
std::string sample(const QString &parser) {
    if (parser == "config") {
        return readResource("models/Llama-3.1-8B.json");
    }
    if (parser == "index") {
        return kIndex;
    }
    if (parser == "header") {
        return kHeader;
    }
    if (parser == "scenario") {
        return readResource("default-scenario.json");
    }
    QFile f(HOSTPLAN_TEST_DATA_DIR "/h200-probe-report.json");
    f.open(QIODevice::ReadOnly);
    return f.readAll().toStdString();
}

bool canMountTmpfs() {
    return ::geteuid() == 0;
}

} // namespace

class TestHostileInput : public QObject {
    Q_OBJECT

  private slots:
    // Text-level hostile input for every parser: each must fail and the error must name
    // `expect` (a field path, or a word of the message).
    void parsers_data() {
        QTest::addColumn<QString>("parser");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expect");

        // NaN, Infinity and out-of-range numbers in every numeric field of each sample.
        for (const QString &name : kParsers) {
            const J doc = J::parse(sample(name));
            std::vector<std::pair<std::string, std::string>> leaves;
            numericLeaves(doc, "", "", leaves);
            for (const auto &[pointer, path] : leaves) {
                for (const auto &[raw, word] : kParseLevelValues) {
                    if (name == "config" &&
                        std::string_view(raw).find("e400") == std::string_view::npos) {
                        continue; // NaN / Infinity in a config: configNonFinite below
                    }
                    QTest::addRow("%s/%s=%s", qPrintable(name), path.c_str(), raw)
                        << name << QByteArray::fromStdString(withRaw(doc, pointer, raw))
                        << QString::fromStdString(path);
                    (void)word;
                }
            }
        }
        // Negative, huge and wrongly typed values in every numeric field the readers use.
        const J llama = J::parse(sample("config"));
        for (const char *key : {"hidden_size", "intermediate_size", "num_hidden_layers",
                                "num_attention_heads", "num_key_value_heads", "vocab_size"}) {
            for (const char *raw : {"-1", "1e300", "18446744073709551616", "\"4096\"", "0.5"}) {
                QTest::addRow("config/%s=%s", key, raw)
                    << "config"
                    << QByteArray::fromStdString(withRaw(llama, std::string("/") + key, raw))
                    << QString(key);
            }
        }
        const J scenario = J::parse(sample("scenario"));
        const std::vector<std::string> scenarioFields = {"hardware/gpu_count",
                                                         "hardware/gpus_per_node",
                                                         "hardware/tp",
                                                         "hardware/ep",
                                                         "hardware/pp",
                                                         "engine/memory_fraction",
                                                         "engine/prefill_chunk_tokens",
                                                         "workload/context_tokens",
                                                         "workload/concurrency",
                                                         "workload/input_tokens_per_month",
                                                         "workload/output_tokens_per_month",
                                                         "workload/hours_per_day",
                                                         "workload/utilisation",
                                                         "pricing/usd_per_gpu_hour",
                                                         "pricing/hours_per_month"};
        for (const std::string &f : scenarioFields) {
            std::string dotted = f;
            dotted[dotted.find('/')] = '.';
            for (const char *raw : {"-1", "1e300", "\"x\"", "[]"}) {
                QTest::addRow("scenario/%s=%s", dotted.c_str(), raw)
                    << "scenario" << QByteArray::fromStdString(withRaw(scenario, "/" + f, raw))
                    << QString::fromStdString(dotted);
            }
        }
        // Duplicate names: the later value would silently win.
        QTest::newRow("config/duplicateHiddenSize")
            << "config"
            << QByteArray::fromStdString(withDuplicate(llama, "", "hidden_size", "8192"))
            << "hidden_size";
        QTest::newRow("index/duplicateWeightMap")
            << "index"
            << QByteArray(R"({"metadata":{"total_size":1},"weight_map":{"a":"x","a":"y"}})")
            << "weight_map.a";
        QTest::newRow("index/duplicateTotalSize")
            << "index" << QByteArray(R"({"metadata":{"total_size":1,"total_size":2}})")
            << "metadata.total_size";
        QTest::newRow("header/duplicateTensor")
            << "header"
            << QByteArray(R"({"a":{"dtype":"BF16","shape":[2],"data_offsets":[0,4]},)"
                          R"("a":{"dtype":"BF16","shape":[2],"data_offsets":[4,8]}})")
            << "a";
        {
            // 100,000 tensor objects, the last name repeated: found in linear time (nlohmann's
            // callback parser rescanned the header at the end of every object: a minute for
            // 20,000 entries, hours for these; the suite's TIMEOUT catches a regression).
            // (A raw string that opens with a quote stops moc from finding this class.)
            const std::string entry = R"({"dtype":"BF16","shape":[2],"data_offsets":[0,4]})";
            std::string many = "{";
            for (int i = 0; i < 100000; ++i) {
                many += "\"t" + std::to_string(i) + "\":" + entry + ",";
            }
            many += "\"t99999\":" + entry + "}";
            QTest::newRow("header/manyTensorsLastRepeated")
                << "header" << QByteArray::fromStdString(many) << "t99999";
        }
        QTest::newRow("scenario/duplicateName")
            << "scenario"
            << QByteArray::fromStdString(withDuplicate(scenario, "/workload", "concurrency", "1"))
            << "workload.concurrency";
        {
            // A title too long (1 MB stalled the PDF) or with an escape; 2,001 offers (1 GB).
            J longName = scenario;
            longName["name"] = std::string(1001, 'A');
            QTest::newRow("scenario/longName")
                << "scenario" << QByteArray::fromStdString(longName.dump())
                << "name: longer than 1000 characters (1001)";
            longName["name"] = "RED\x1b[31m";
            QTest::newRow("scenario/controlName")
                << "scenario" << QByteArray::fromStdString(longName.dump())
                << "name: holds a control character (code 27 at byte 3)";
            J manyOffers = scenario;
            manyOffers["pricing"]["offers"] = J(std::vector<J>(2001, J::object()));
            QTest::newRow("scenario/tooManyOffers")
                << "scenario" << QByteArray::fromStdString(manyOffers.dump())
                << "pricing.offers: 2001 offers; at most 2000 are read";
        }
        QTest::newRow("probe/duplicateStatus")
            << "probe"
            << QByteArray::fromStdString(
                   withDuplicate(J::parse(sample("probe")), "", "status", "\"ok\""))
            << "status";
        // Truncated, garbage, empty and deeply nested documents.
        for (const QString &name : kParsers) {
            const std::string text = sample(name);
            QTest::addRow("%s/truncated", qPrintable(name))
                << name << QByteArray::fromStdString(text.substr(0, text.size() / 2))
                << "not valid JSON";
            std::string garbage;
            for (int i = 0; i < 4096; ++i) {
                garbage += char((i * 2654435761u) >> 13);
            }
            QTest::addRow("%s/binaryGarbage", qPrintable(name))
                << name << QByteArray::fromStdString(garbage) << "JSON";
            QTest::addRow("%s/deepNesting", qPrintable(name))
                << name << (QByteArray(200000, '[') + QByteArray(200000, ']')) << "nested deeper";
            QTest::addRow("%s/deepObjects", qPrintable(name))
                << name << QByteArray(100000, '{').replace("{", "{\"a\":") << "nested deeper";
        }
    }
    void parsers() {
        QFETCH(QString, parser);
        QFETCH(QByteArray, text);
        QFETCH(QString, expect);
        const Result<bool> r = parserTable().at(parser)(text.toStdString());
        QVERIFY2(!r.ok(), "hostile input accepted");
        const QString error = QString::fromStdString(r.error().toString());
        QVERIFY2(error.contains(expect), qPrintable(error));
        QVERIFY2(error.size() < 2000, "error message not bounded");
    }

    // NaN / Infinity in a config.json (published configs carry them, issue 15): the value reads
    // as absent, so a key the importer needs fails naming itself, and any other key imports
    // with a note that names it.
    void configNonFinite_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("path");
        const J doc = J::parse(sample("config"));
        std::vector<std::pair<std::string, std::string>> leaves;
        numericLeaves(doc, "", "", leaves);
        for (const auto &[pointer, path] : leaves) {
            for (const char *raw : {"NaN", "Infinity", "-Infinity"}) {
                QTest::addRow("config/%s=%s", path.c_str(), raw)
                    << QByteArray::fromStdString(withRaw(doc, pointer, raw))
                    << QString::fromStdString(path);
            }
        }
    }
    void configNonFinite() {
        QFETCH(QByteArray, text);
        QFETCH(QString, path);
        const auto r = importHfConfigText(text.toStdString(), "c.json");
        const QString key = path.section('.', -1);
        if (!r.ok()) {
            const QString error = QString::fromStdString(r.error().toString());
            QVERIFY2(error.contains(key), qPrintable(error));
            return;
        }
        bool named = false;
        for (const std::string &note : r->notes) {
            named = named || QString::fromStdString(note).contains(key);
        }
        QVERIFY2(named, qPrintable(path));
    }

    // Patterns from the file: the 25,000-paren pattern is a clear error naming the field; the
    // backtracking ones and a glob of many stars import (in linear time).
    void patterns_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("error"); // "" = imports
        const QString ignore = "/text_config/quantization_config/ignore/0";
        const QString notConvert = "/quantization_config/modules_to_not_convert/0";
        QTest::newRow("nested25000")
            << "Kimi-K3.json" << ignore << "re:" + QString(25000, '(') + "a" + QString(25000, ')')
            << "text_config.quantization_config.ignore[0]";
        QTest::newRow("altStarX") << "Kimi-K3.json" << ignore << "re:(.|.)*X"
                                  << "";
        QTest::newRow("starStarX") << "Kimi-K3.json" << ignore << "re:(.*)*X"
                                   << "";
        QTest::newRow("repeatBomb") << "Kimi-K3.json" << ignore << "re:((a{1000}){1000}){1000}"
                                    << "text_config.quantization_config.ignore[0]";
        QTest::newRow("lookahead") << "Kimi-K3.json" << ignore << "re:(?=x)y"
                                   << "text_config.quantization_config.ignore[0]";
        QTest::newRow("manyStars")
            << "gpt-oss-120b.json" << notConvert << "model.layers.************X"
            << "";
        QTest::newRow("longGlob") << "gpt-oss-120b.json" << notConvert << QString(100000, '*')
                                  << "modules_to_not_convert[0]";
    }
    void patterns() {
        QFETCH(QString, file);
        QFETCH(QString, pointer);
        QFETCH(QString, pattern);
        QFETCH(QString, error);
        J doc = resourceJson("models/" + file);
        doc[J::json_pointer(pointer.toStdString())] = pattern.toStdString();
        const auto r = importHfConfigText(doc.dump(), file.toStdString());
        if (error.isEmpty()) {
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        } else {
            QVERIFY(!r.ok());
            QVERIFY2(QString::fromStdString(r.error().toString()).contains(error),
                     r.error().toString().c_str());
        }
    }

    void modulePatternSemantics() {
        const auto glob = importer::ModulePattern::fromGlob("model.layers.*.self_attn");
        QVERIFY(glob.ok());
        QVERIFY(glob->matchesWhole("model.layers.3.self_attn"));
        QVERIFY(glob->matchesWhole("model.layers.3.self_attn.q_proj"));
        QVERIFY(!glob->matchesWhole("model.layers.3.self_attnX"));
        QVERIFY(!glob->matchesWhole("xmodel.layers.3.self_attn"));
        const auto dots = importer::ModulePattern::fromGlob("a.b+c");
        QVERIFY(dots->matchesWhole("a.b+c"));
        QVERIFY(!dots->matchesWhole("aXb+c"));
        const auto re = importer::ModulePattern::fromRegex(".*mlp\\.(gate|up)_proj");
        QVERIFY(re->matchesPrefix("model.layers.1.mlp.up_proj.weight"));
        QVERIFY(!re->matchesPrefix("model.layers.1.mlp.down_proj"));
        QVERIFY(importer::ModulePattern::fromRegex("^lm_head")->matchesPrefix("lm_head"));
        const auto slow = importer::ModulePattern::fromRegex("(.|.)*X");
        QVERIFY(!slow->matchesPrefix(std::string(100000, 'a')));
    }

    // Files that are not regular files, or too large: every reader refuses them at once.
    void fileTypes_data() {
        QTest::addColumn<QString>("reader");
        QTest::addColumn<QString>("kind");
        for (const char *reader :
             {"scenario", "probe", "config", "index", "header", "gguf", "raw"}) {
            for (const char *kind : {"directory", "fifo", "devzero", "missing", "oversize"}) {
                QTest::addRow("%s/%s", reader, kind) << reader << kind;
            }
        }
    }
    void fileTypes() {
        QFETCH(QString, reader);
        QFETCH(QString, kind);
        QTemporaryDir dir;
        QString path = dir.path() + "/input.json";
        if (kind == "directory") {
            QVERIFY(QDir().mkpath(path));
        } else if (kind == "fifo") {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == "devzero") {
            path = "/dev/zero";
        } else if (kind == "oversize") {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(qint64(300) << 20)); // sparse: no disk used
        }
        const std::string p = QFile::encodeName(path).toStdString();
        std::optional<Error> error;
        if (reader == "scenario") {
            if (auto r = loadScenarioFile(p); !r.ok()) {
                error = r.error();
            }
        } else if (reader == "probe") {
            if (auto r = probe::loadReportFile(p); !r.ok()) {
                error = r.error();
            }
        } else if (reader == "config") {
            if (auto r = importModelPath(p); !r.ok()) {
                error = r.error();
            }
        } else if (reader == "index") {
            if (auto r = readSafetensorsIndex(p); !r.ok()) {
                error = r.error();
            }
        } else if (reader == "header") {
            if (kind == "oversize") {
                QSKIP("a safetensors file is large by nature: only its header is read");
            }
            if (auto r = readSafetensorsHeader(p); !r.ok()) {
                error = r.error();
            }
        } else if (reader == "gguf") {
            if (kind == "oversize") {
                QSKIP("a GGUF file is large by nature: only its header is read");
            }
            if (auto r = gguf::readHeader(p); !r.ok()) {
                error = r.error();
            }
        } else {
            if (auto r = readRegularFile(p, 1 << 20); !r.ok()) {
                error = r.error();
            }
        }
        QVERIFY2(error.has_value(), "read as a file");
        const QString text = QString::fromStdString(error->toString());
        QVERIFY2(text.contains(path), qPrintable(text));
        const char *word = kind == "directory"  ? "folder"
                           : kind == "missing"  ? "not found"
                           : kind == "oversize" ? "too large"
                                                : "not a regular file";
        QVERIFY2(text.contains(word), qPrintable(text));
    }

    // Writes: complete or absent. An injected ENOSPC after N bytes keeps the old file, removes
    // the temporary and names the path and the reason.
    void writeFailureKeepsOldFile_data() {
        QTest::addColumn<int>("failAfter");
        QTest::newRow("atStart") << 0;
        QTest::newRow("midway") << 100;
        QTest::newRow("64KiB") << 65536;
    }
    void writeFailureKeepsOldFile() {
        QFETCH(int, failAfter);
        QTemporaryDir dir;
        const QString path = dir.path() + "/out.json";
        const std::string p = QFile::encodeName(path).toStdString();
        QVERIFY(writeFileAtomically(p, "old contents\n").ok());
        qputenv("HOSTPLAN_TEST_FAIL_WRITE_AFTER", QByteArray::number(failAfter));
        const auto r = writeFileAtomically(p, std::string(200000, 'x'));
        const auto s = saveScenarioFile(defaultScenario(), p + ".scenario");
        qunsetenv("HOSTPLAN_TEST_FAIL_WRITE_AFTER");
        QVERIFY(!r.ok());
        const QString error = QString::fromStdString(r.error().toString());
        QVERIFY2(error.contains(path) && error.contains("No space left on device"),
                 qPrintable(error));
        QCOMPARE(readRegularFile(p, 1 << 20).value(), std::string("old contents\n"));
        QVERIFY(!s.ok() || failAfter > 1000); // the scenario is about 1 KB
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(),
                 s.ok() ? 2 : 1); // no temporary left behind
    }

    // A set of files is written as one: the second file failing leaves the first file's old
    // contents in place (CSV export writes its six tables this way).
    void writeSetKeepsEveryOldFile() {
        QTemporaryDir dir;
        const std::string a = QFile::encodeName(dir.filePath("a.csv")).toStdString();
        const std::string b = QFile::encodeName(dir.filePath("b.csv")).toStdString();
        QVERIFY(writeFileAtomically(a, "old a\n").ok());
        QVERIFY(writeFileAtomically(b, "old b\n").ok());
        qputenv("HOSTPLAN_TEST_FAIL_WRITE_AFTER", "1000");
        const auto r = writeFilesAtomically({{a, "new a\n"}, {b, std::string(200000, 'x')}});
        qunsetenv("HOSTPLAN_TEST_FAIL_WRITE_AFTER");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().field, b);
        QVERIFY2(r.error().message.find("none of the other files was replaced") !=
                     std::string::npos,
                 r.error().message.c_str());
        QCOMPARE(readRegularFile(a, 64).value(), std::string("old a\n"));
        QCOMPARE(readRegularFile(b, 64).value(), std::string("old b\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
        QVERIFY(writeFilesAtomically({{a, "new a\n"}, {b, "new b\n"}}).ok());
        QCOMPARE(readRegularFile(a, 64).value(), std::string("new a\n"));
        QCOMPARE(readRegularFile(b, 64).value(), std::string("new b\n"));
    }

    // The same on a real full file system: a 64 KiB tmpfs (root with mount allowed only).
    void writeOnFullTmpfs() {
        if (!canMountTmpfs()) {
            QSKIP("not root: no tmpfs to fill");
        }
        QTemporaryDir dir;
        const QByteArray mnt = QFile::encodeName(dir.path());
        if (::mount("tmpfs", mnt.constData(), "tmpfs", 0, "size=64k") != 0) {
            QSKIP("mount is not allowed here");
        }
        const std::string p = mnt.toStdString() + "/report.pdf";
        QVERIFY(writeFileAtomically(p, "old report\n").ok());
        const auto r = writeFileAtomically(p, std::string(200000, 'x'));
        const std::string kept =
            readRegularFile(p, 1 << 20).ok() ? readRegularFile(p, 1 << 20).value() : std::string();
        const int entries = int(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size());
        ::umount(mnt.constData());
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains("No space left on device"),
                 r.error().message.c_str());
        QCOMPARE(kept, std::string("old report\n"));
        QCOMPARE(entries, 1);
    }

    // Saving through a symbolic link replaces the file it points to and keeps the link.
    void writeThroughSymlinkKeepsTheLink() {
        QTemporaryDir dir;
        const std::string real = QFile::encodeName(dir.filePath("real.pdf")).toStdString();
        const std::string link = QFile::encodeName(dir.filePath("link.pdf")).toStdString();
        QVERIFY(writeFileAtomically(real, "old\n").ok());
        QCOMPARE(::symlink("real.pdf", link.c_str()), 0);
        QVERIFY(writeFileAtomically(link, "new\n").ok());
        struct stat st {};
        QCOMPARE(::lstat(link.c_str(), &st), 0);
        QVERIFY(S_ISLNK(st.st_mode));
        QCOMPARE(readRegularFile(real, 64).value(), std::string("new\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
        // A loop of links is refused (ELOOP), never replaced by a regular file.
        const std::string a = QFile::encodeName(dir.filePath("a.pdf")).toStdString();
        const std::string b = QFile::encodeName(dir.filePath("b.pdf")).toStdString();
        QCOMPARE(::symlink("b.pdf", a.c_str()), 0);
        QCOMPARE(::symlink("a.pdf", b.c_str()), 0);
        const auto loop = writeFileAtomically(a, "x\n");
        QVERIFY(!loop.ok());
        QVERIFY2(loop.error().toString().find("Too many levels of symbolic links") !=
                     std::string::npos,
                 loop.error().toString().c_str());
        QCOMPARE(::lstat(a.c_str(), &st), 0);
        QVERIFY(S_ISLNK(st.st_mode));
    }

    // An output that is a character device (here a private null device node) is written into,
    // never replaced by a regular file; a FIFO without a reader fails at once, naming it.
    void writeIntoDeviceOrFifoKeepsTheNode() {
        QTemporaryDir dir;
        const std::string fifo = QFile::encodeName(dir.filePath("pipe")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const auto noReader = writeFileAtomically(fifo, "report");
        QVERIFY(!noReader.ok());
        QVERIFY2(noReader.error().toString().find("no reader") != std::string::npos,
                 noReader.error().toString().c_str());
        struct stat st {};
        QCOMPARE(::lstat(fifo.c_str(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        const std::string null = QFile::encodeName(dir.filePath("null")).toStdString();
        if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
            QSKIP("mknod is not allowed here (not root)");
        }
        QVERIFY(writeFileAtomically(null, std::string(100000, 'x')).ok());
        QCOMPARE(::lstat(null.c_str(), &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
    }

    // A 250-byte file name (under the 255-byte limit) saves: the temporary's name is shortened.
    void writeLongFileName() {
        QTemporaryDir dir;
        const QString name = QString(246, QLatin1Char('r')) + QStringLiteral(".pdf");
        const std::string p = QFile::encodeName(dir.filePath(name)).toStdString();
        const auto r = writeFileAtomically(p, "report\n");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(readRegularFile(p, 64).value(), std::string("report\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void writeIntoMissingFolderNamesReason() {
        const auto r = writeFileAtomically("/nonexistent-hostplan/x.json", "x");
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().toString()).contains("No such file or directory"),
                 r.error().toString().c_str());
    }

    // Names from files reach the terminal with controls and bidi overrides escaped.
    void terminalSafe_data() {
        QTest::addColumn<QByteArray>("in");
        QTest::addColumn<QByteArray>("out");
        QTest::newRow("plain") << QByteArray("Kimi K3 on 8x B300\n")
                               << QByteArray("Kimi K3 on 8x B300\n");
        QTest::newRow("utf8") << QByteArray("8× H200 – ü\n") << QByteArray("8× H200 – ü\n");
        QTest::newRow("rlo") << QByteArray("evil\xE2\x80\xAE"
                                           "fdp.exe")
                             << QByteArray("evil\\u202Efdp.exe");
        QTest::newRow("isolate") << QByteArray("a\xE2\x81\xA6"
                                               "b")
                                 << QByteArray("a\\u2066b");
        QTest::newRow("escape") << QByteArray("a\x1b[2Jb") << QByteArray("a\\u001B[2Jb");
        QTest::newRow("cr") << QByteArray("a\rb") << QByteArray("a\\u000Db");
        QTest::newRow("c1") << QByteArray("a\xC2\x9B"
                                          "b")
                            << QByteArray("a\\u009Bb");
        QTest::newRow("invalid") << QByteArray("a\xFF\xC0\x80z") << QByteArray("a\\xFF\\xC0\\x80z");
        QTest::newRow("tab") << QByteArray("a\tb") << QByteArray("a\tb");
    }
    void terminalSafe() {
        QFETCH(QByteArray, in);
        QFETCH(QByteArray, out);
        QCOMPARE(QByteArray::fromStdString(hostplan::terminalSafe(in.toStdString())), out);
    }

    /// A name read from a file stays one line: serve-cmd prints it after "# ", where a line
    /// break would start a shell command of its own (a config's _name_or_path "org/model\ntouch
    /// /tmp/x #" wrote a runnable `touch` line). Model names are kept on one line where they
    /// are read, and every comment line of the script (the scenario's name included) is too.
    void namesStayOneLine() {
        QCOMPARE(hostplan::singleLine("a\nb\tc\x1b"), std::string("a\\u000Ab\\u0009c\\u001B"));
        QTemporaryDir dir;
        const std::string cfg = dir.filePath("config.json").toStdString();
        J doc = J::parse(R"({"architectures":["LlamaForCausalLM"],"model_type":"llama",
            "hidden_size":4096,"intermediate_size":14336,"num_attention_heads":32,
            "num_key_value_heads":8,"num_hidden_layers":32,"vocab_size":128256,
            "max_position_embeddings":131072,"torch_dtype":"bfloat16"})");
        doc["_name_or_path"] = "org/model\ntouch /tmp/hostplan-pwned #";
        QVERIFY(hostplan::writeFileAtomically(cfg, doc.dump()).ok());
        const auto m = hostplan::importModelPath(cfg);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        QCOMPARE(m->displayName, std::string("org/model\\u000Atouch /tmp/hostplan-pwned #"));
        hostplan::Scenario s = hostplan::defaultScenario();
        s.model.ref = cfg;
        s.hardware.gpu = "h100-sxm";
        s.hardware.gpuCount = 1;
        s.workload.contextTokens = 8192;
        s.workload.concurrency = 1;
        const auto plan = hostplan::evaluate(s);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().toString().c_str());
        const std::string text = hostplan::serveCommandsText(*plan, hostplan::Catalogue::builtin());
        QVERIFY(text.find("\ntouch ") == std::string::npos);
        QVERIFY(text.find("org/model\\u000Atouch") != std::string::npos);
        // A scenario's own name (kept as the user wrote it) is printed on one line too.
        hostplan::Scenario named = s;
        named.name = "Kimi\ntouch /tmp/x #";
        const auto second = hostplan::evaluate(named);
        QVERIFY(second.ok());
        const std::string again =
            hostplan::serveCommandsText(*second, hostplan::Catalogue::builtin());
        QVERIFY(again.find("\ntouch ") == std::string::npos);
        QVERIFY(again.find("# HostPlan serving commands for: Kimi\\u000Atouch /tmp/x #\n") !=
                std::string::npos);
    }

    /// compressed-tensors lists: a target written again is found in linear time (200,000
    /// targets import), and at most 4,096 "re:" entries are compiled (each costs kilobytes: a
    /// million took gigabytes), past which the entry is named.
    void compressedTensorsLists() {
        J doc = J::parse(R"({"architectures":["LlamaForCausalLM"],"model_type":"llama",
            "hidden_size":4096,"intermediate_size":14336,"num_attention_heads":32,
            "num_key_value_heads":8,"num_hidden_layers":32,"vocab_size":128256,
            "max_position_embeddings":131072,"torch_dtype":"bfloat16"})");
        J group = {{"format", "float-quantized"},
                   {"weights", {{"num_bits", 8}, {"type", "float"}, {"strategy", "channel"}}},
                   {"targets", J::array()}};
        for (int i = 0; i < 200000; ++i) {
            group["targets"].push_back("model.layers.0.mlp.x" + std::to_string(i % 150000));
        }
        group["targets"].push_back("Linear");
        doc["quantization_config"] = {{"quant_method", "compressed-tensors"},
                                      {"format", "float-quantized"},
                                      {"config_groups", {{"group_0", group}}},
                                      {"ignore", J::array({"lm_head"})}};
        const auto many = hostplan::importHfConfigText(doc.dump(), "many.json");
        QVERIFY2(many.ok(), many.ok() ? "" : many.error().toString().c_str());
        doc["quantization_config"]["config_groups"]["group_0"]["targets"] = J::array({"Linear"});
        for (int i = 0; i < 4097; ++i) {
            doc["quantization_config"]["ignore"].push_back("re:.*x" + std::to_string(i) + "$");
        }
        const auto regexes = hostplan::importHfConfigText(doc.dump(), "re.json");
        QVERIFY(!regexes.ok());
        QCOMPARE(regexes.error().toString(),
                 std::string("quantization_config.ignore[4097]: more than 4096 're:' "
                             "entries in targets and ignore together"));
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
