// SPDX-License-Identifier: MIT
// Llama-Nemotron Super / Ultra (import/arch_nemotronnas.cpp): each layer's attention and MLP
// from block_configs. Real config from tests/data/configs (source in its README.md).
#include "import/modelimport.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

#include <string>
#include <tuple>
#include <vector>

using namespace hostplan;

namespace {

QByteArray readData(const QString &name) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Result<ModelSpec> importStem(const QString &stem) {
    return importHfConfigText(readData(stem + "_config.json").toStdString(), stem.toStdString());
}

} // namespace

class tst_NemotronNas : public QObject {
    Q_OBJECT

  private slots:
    void blockConfigs();
};

// Llama-3.3-Nemotron-Super-49B-v1 (nemotron-nas, import/arch_nemotronnas.cpp): 80 layers of
// hidden 8192 and 64 heads of 128, each with its own block config. 49 keep attention (48 with
// n_heads_in_group 8 and one more: 8 KV heads), 31 skip it (no_op); every layer keeps an MLP
// of int(2 x ffn_mult x 8192 / 3) rounded up to 256: ffn_mult 5.25 -> 28672 (49 layers),
// 2.625 -> 14336 (6), 1.3125 -> 7168 (10), 1.0 -> 5632 (8), 0.5 -> 2816 (6), 3.28125 -> 17920
// (1). NVIDIA's card gives 49.9B parameters.
void tst_NemotronNas::blockConfigs() {
    const auto m = importStem("nvidia--Llama-3_3-Nemotron-Super-49B-v1");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    const std::uint64_t H = 8192, V = 128256;
    const std::uint64_t attention = 49 * (2 * H * H + 2 * 1024 * H + H);
    const std::uint64_t mlp =
        3 * H * (49 * 28672 + 6 * 14336 + 10 * 7168 + 8 * 5632 + 6 * 2816 + 1 * 17920) + 80 * H;
    QCOMPARE(m->totalParams, attention + mlp + 2 * V * H + H);
    QCOMPARE(m->totalParams, 49867145216ull);
    std::uint32_t cached = 0;
    for (const auto &l : m->layers) {
        QCOMPARE(l.kvHeads, 8u);
        cached += l.count;
    }
    QCOMPARE(cached, 49u);
    QCOMPARE(m->decoderLayers(), 80u);
    // Bad block configs name their entry.
    const QByteArray text = readData("nvidia--Llama-3_3-Nemotron-Super-49B-v1_config.json");
    for (const auto &[from, to, field] :
         std::vector<std::tuple<QByteArray, QByteArray, std::string>>{
             {"\"n_heads_in_group\": 8", "\"n_heads_in_group\": 7",
              "block_configs[0].attention.n_heads_in_group"},
             {"\"ffn_mult\": 2.625", "\"ffn_mult\": -1", "block_configs[0].ffn.ffn_mult"},
             {"\"no_op\": false", "\"no_op\": 3", "block_configs[0].attention.no_op"},
             {"\"num_hidden_layers\": 80", "\"num_hidden_layers\": 81", "block_configs"}}) {
        QByteArray bad = text;
        const qsizetype at = bad.indexOf(from);
        QVERIFY2(at >= 0, from.constData());
        bad.replace(at, from.size(), to);
        const auto r = importHfConfigText(bad.toStdString(), "bad");
        QVERIFY2(!r.ok(), to.constData());
        QCOMPARE(r.error().field, field);
    }
    // An entry that is not an object names itself (81 entries for 81 layers, the first a 7).
    QByteArray entry = text;
    entry.replace(entry.indexOf("\"num_hidden_layers\": 80"), 23, "\"num_hidden_layers\": 81");
    entry.replace(entry.indexOf("\"block_configs\": ["), 18, "\"block_configs\": [7, ");
    const auto r = importHfConfigText(entry.toStdString(), "entry");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().field, std::string("block_configs[0]"));
}

QTEST_GUILESS_MAIN(tst_NemotronNas)
#include "tst_nemotronnas.moc"
