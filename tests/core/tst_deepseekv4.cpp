// SPDX-License-Identifier: MIT
// Tests for the DeepSeek V4 importer (core/import/arch_deepseekv4.cpp) and its KV cache
// (LayerGroup::compressRatio; engine/enginememory.h deepseekV4*), on the real configs of
// DeepSeek-V4-Flash and DeepSeek-V4-Pro in tests/data/configs/ (sources in its README.md).
#include "catalogue/catalogue.h"
#include "engine/deepseekv4pool.h"
#include "engine/enginememory.h"
#include "engine/servecommand.h"
#include "engine/vllmcounts.h"
#include "engine/vllmdeepseekv4.h"
#include "import/modelimport.h"
#include "plan/plan.h"
#include "plan/plantext.h"
#include "sizing/memory.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <sstream>

using namespace hostplan;

namespace {

QJsonObject readConfig(const QString &stem) {
    QFile f(QStringLiteral(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + stem + "_config.json");
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QJsonDocument::fromJson(f.readAll()).object();
}

Result<ModelSpec> importObject(const QJsonObject &o) {
    return importHfConfigText(QJsonDocument(o).toJson().toStdString(), "test", "");
}

const QString kFlash = QStringLiteral("deepseek-ai--DeepSeek-V4-Flash");
const QString kPro = QStringLiteral("deepseek-ai--DeepSeek-V4-Pro");

} // namespace

class TestDeepseekV4 : public QObject {
    Q_OBJECT

  private slots:
    void params_data();
    void params();
    void layers();
    void kvBytesPerToken_data();
    void kvBytesPerToken();
    void vllmCapacity();
    void vllmBlocks();
    void sglangPools();
    void trtllmCache();
    void planTextNamesTheLayout();
    void givenExpertFormatDropsTheGuess();
    void nvfp4ExpertsByMoeQuantAlgo();
    void malformed_data();
    void malformed();
};

void TestDeepseekV4::params_data() {
    QTest::addColumn<QString>("stem");
    QTest::addColumn<qulonglong>("total");
    QTest::addColumn<qulonglong>("active");
    QTest::addColumn<qulonglong>("activeWithEmbedding");
    // Counted tensor by tensor (arch_deepseekv4.cpp header) by hand from the configs. DeepSeek
    // publishes 284B total / 13B active for V4-Flash and 1.6T / 49B for V4-Pro (model cards,
    // 2026-04-24): 284.33B / 13.27B and 1,573.00B / 48.85B here. The totals include the three
    // hash layers' tid2eid routing tables (3 x 129,280 x 6 = 2,327,040 int32 entries, not
    // weights) and exclude the MTP layer; DeepSeek's "1.6T" is 1,573B rounded, and neither
    // figure says whether MTP is in it, so the gap is within their rounding. Per layer, V4-Flash
    // has 6,442,450,944 routed-expert parameters (256 x 3 x 2,048 x 4,096).
    QTest::newRow("v4-flash") << kFlash << qulonglong(284334572887ull) << qulonglong(13270106967ull)
                              << qulonglong(13799637847ull);
    QTest::newRow("v4-pro") << kPro << qulonglong(1572999536483ull) << qulonglong(48852409699ull)
                            << qulonglong(49779088739ull);
}

void TestDeepseekV4::params() {
    QFETCH(QString, stem);
    QFETCH(qulonglong, total);
    QFETCH(qulonglong, active);
    QFETCH(qulonglong, activeWithEmbedding);
    const auto r = importObject(readConfig(stem));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->architecture, std::string("deepseek_v4"));
    QCOMPARE(qulonglong(r->totalParams), total);
    QCOMPARE(qulonglong(r->activeParams), active);
    QCOMPARE(qulonglong(r->activeParamsWithEmbedding), activeWithEmbedding);
    QCOMPARE(r->mtpLayers, 1u);
    // What the importer cannot read from vLLM exactly is named, never guessed silently.
    QVERIFY(std::any_of(r->notes.begin(), r->notes.end(), [](const std::string &n) {
        return n.rfind("estimated: DeepSeek V4 KV cache", 0) == 0;
    }));
    // expert_dtype "fp4": the routed experts are MXFP4, the rest the checkpoint's FP8 / bf16.
    bool mxfp4Experts = false;
    for (const auto &g : r->groups) {
        if (g.role == GroupRole::RoutedExperts) {
            mxfp4Experts = g.format.kind == FormatKind::MXFP4;
        }
    }
    QVERIFY(mxfp4Experts);
}

void TestDeepseekV4::layers() {
    // V4-Flash compress_ratios: 0, 0, then 4 / 128 alternating to layer 42 (the 44th entry is
    // the MTP layer's): 2 window-only layers, 21 ratio-4, 20 ratio-128.
    const auto r = importObject(readConfig(kFlash));
    QVERIFY(r.ok());
    std::uint32_t byRatio[3] = {0, 0, 0};
    for (const auto &l : r->layers) {
        QCOMPARE(l.kind, AttentionKind::MLA);
        QCOMPARE(l.window, 128u);
        const int slot = l.compressRatio == 1 ? 0 : l.compressRatio == 4 ? 1 : 2;
        byRatio[slot] += l.count;
        QCOMPARE(l.indexerHeadDim, l.compressRatio == 4 ? 128u : 0u);
    }
    QCOMPARE(byRatio[0], 2u);
    QCOMPARE(byRatio[1], 21u);
    QCOMPARE(byRatio[2], 20u);
    QCOMPARE(deepseekV4EntryBytes(r->layers.front()), 584ull);
}

void TestDeepseekV4::kvBytesPerToken_data() {
    QTest::addColumn<QString>("stem");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<qulonglong>("perToken");
    QTest::addColumn<qulonglong>("windowPerToken");
    QTest::addColumn<qulonglong>("perSequence");
    // By hand from the rule (enginememory.h). Compressed, per 256-token block: a ratio-4 layer
    // 64 entries x 584 B = 37,376 -> 37,440 (576-B pages) plus 64 indexer keys x 132 B = 8,448
    // -> 8,640, i.e. 180 B a token; a ratio-128 layer 2 x 584 = 1,168 -> 1,728 (6.75 B a
    // token). Window (128 tokens), every layer: 64 x 584 = 37,376 -> 37,440 per 64 tokens =
    // 585 B, plus the compressors' fp32 state over the window: ratio 4, 8 slots x (2,048 +
    // 512) floats = 81,920 B -> 640 B; ratio 128, 128 slots x 1,024 floats = 524,288 B ->
    // 4,096 B.
    // Flash: 21 x 180 + 20 x 6.75 = 3,915; 43 x 585 + 21 x 640 + 20 x 4,096 = 120,515.
    // At 128k: 3,915 x 131,072 + 120,515 x 128.
    QTest::newRow("v4-flash/ctx128k") << kFlash << qulonglong(131072) << qulonglong(3915)
                                      << qulonglong(120515) << qulonglong(528572800ull);
    // Below the window only the window part counts, token for token.
    QTest::newRow("v4-flash/ctx100") << kFlash << qulonglong(100) << qulonglong(3915)
                                     << qulonglong(120515) << qulonglong(100ull * (3915 + 120515));
    // Pro: 30 x 180 + ceil(31 x 1,728 / 256) = 5,400 + 210; 61 x 585 + 30 x 640 + 31 x 4,096.
    // At 1M: 5,610 x 1,048,576 + 181,861 x 128 (DeepSeek's "10% of V3.2's KV cache at 1M": V3.2
    // keeps 61 x (656 + 132) = 48,068 B a token; 5,632 B here is 11.7%).
    QTest::newRow("v4-pro/ctx1m") << kPro << qulonglong(1048576) << qulonglong(5610)
                                  << qulonglong(181861) << qulonglong(5905789568ull);
}

void TestDeepseekV4::kvBytesPerToken() {
    QFETCH(QString, stem);
    QFETCH(qulonglong, context);
    QFETCH(qulonglong, perToken);
    QFETCH(qulonglong, windowPerToken);
    QFETCH(qulonglong, perSequence);
    const auto r = importObject(readConfig(stem));
    QVERIFY(r.ok());
    // vLLM runs V4 with its own FP8 layout whatever the plan's KV format.
    for (const NumberFormat &kv : {formats::fp8, formats::bf16}) {
        const CacheCost c = cacheCost(*r, Parallelism{8, 8, 1}, kv, formats::fp32, 1);
        QCOMPARE(qulonglong(c.kvBytesPerToken), perToken);
        QCOMPARE(qulonglong(c.kvBytesPerTokenPerGpu), perToken); // replicated on every rank
        QCOMPARE(qulonglong(c.windowBytesPerToken), windowPerToken);
        QCOMPARE(qulonglong(c.windowTokens), 128ull);
        QCOMPARE(qulonglong(c.perSequence(context)), perSequence);
    }
}

void TestDeepseekV4::vllmCapacity() {
    // V4-Flash on 8 x H200 (TP 8, EP 8) with vLLM at 128k (the default rules, before v0.24's
    // packed layout): every cache kind draws its blocks from one pool at one stride, the
    // compressed pages' sum (37,440 + 8,640 + 1,728 B) times 22 layer tuples = 1,051,776 B
    // (engine/vllmdeepseekv4.h). A request of 131,072 tokens with 8,192 in flight holds 512
    // compressed blocks, 2 x 131 window blocks, 2,051 ratio-4 and 1,041 ratio-128 state blocks.
    const auto r = importObject(readConfig(kFlash));
    QVERIFY(r.ok());
    Scenario s;
    s.workload.contextTokens = 131072;
    s.workload.concurrency = 4;
    const GpuSpec h200 = Catalogue::builtin().findGpu("h200").value();
    const MemoryBreakdown mem = computeMemory(*r, h200, Parallelism{8, 8, 1}, s);
    QVERIFY(mem.kvCapacityBytesPerGpu > 0);
    const std::uint64_t pool = std::uint64_t(mem.kvCapacityBytesPerGpu);
    const std::uint64_t stride = 1051776;
    QCOMPARE(qulonglong(mem.kvCapacityTokens), qulonglong(pool / stride * 256));
    const std::uint64_t chunk = batchedTokens(s, h200); // vLLM's 8192 on an H200
    QCOMPARE(chunk, std::uint64_t(8192));
    const std::uint64_t blocks = 512 + 2 * 131 + 2051 + 1041;
    QCOMPARE(qulonglong(mem.engineSequences), qulonglong(pool / (blocks * stride)));
    QCOMPARE(qulonglong(mem.perGpu.kvCache), qulonglong(4 * blocks * stride));
    // Over 3.8 GiB a 128k sequence (0.53 GB before the blocks were counted at their stride),
    // so an H200's pool holds a few dozen.
    QVERIFY(mem.engineSequences > 10 && mem.engineSequences < 60);
    // Every ratio 0 or 1 (sliding window only): nothing grows with the context, and the pool is
    // counted in window tokens (at least 43 layers x 585 B each), not in bytes.
    QJsonObject swaOnly = readConfig(kFlash);
    QJsonArray ones;
    for (int i = 0; i < 44; ++i) {
        ones.append(1);
    }
    swaOnly["compress_ratios"] = ones;
    const auto w = importObject(swaOnly);
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().toString().c_str());
    const MemoryBreakdown wm = computeMemory(*w, h200, Parallelism{8, 8, 1}, s);
    QVERIFY(wm.kvCapacityBytesPerGpu > 0);
    QVERIFY(wm.kvCapacityTokens > 0);
    QVERIFY(wm.kvCapacityTokens <= std::uint64_t(wm.kvCapacityBytesPerGpu) / (43 * 585));
}

void TestDeepseekV4::vllmBlocks() {
    // _approximate_gcd: the least padding, the larger on a tie, at least the bound.
    QCOMPARE(vllmApproximateGcd({21, 43, 21, 20}, 21), 22u);
    QCOMPARE(vllmApproximateGcd({31, 61, 30, 31}, 31), 31u);
    QCOMPARE(vllmApproximateGcd({5, 3}, 9), 9u);
    const auto flash = importObject(readConfig(kFlash));
    const auto pro = importObject(readConfig(kPro));
    QVERIFY(flash.ok() && pro.ok());
    Scenario s;
    s.workload.contextTokens = 1048576;
    const GpuSpec b200 = Catalogue::builtin().findGpu("b200").value();
    // The stride by release: the tuple layout (47,808 B x 22 or 31 tuples), v0.24's slots
    // (per page size, the most layers of it in one group), the newest dense packing (the
    // largest group's pages, state pages unpadded).
    struct Layout {
        VllmProfile profile;
        std::uint64_t flash;
        std::uint64_t pro;
    };
    for (const Layout &l : {Layout{VllmProfile::V1v22, 1051776, 1482048},
                            Layout{VllmProfile::V1v24, 1039680, 1473408},
                            Layout{VllmProfile::V1v28, 1002240, 1435968}}) {
        EngineMemoryInput f = engineInputFor(*flash, b200, Parallelism{8, 8, 1}, s);
        f.vllmProfile = l.profile;
        EngineMemoryInput p = engineInputFor(*pro, b200, Parallelism{8, 8, 1}, s);
        p.vllmProfile = l.profile;
        QCOMPARE(qulonglong(vllmDeepseekV4Blocks(f).blockBytes), qulonglong(l.flash));
        QCOMPARE(qulonglong(vllmDeepseekV4Blocks(p).blockBytes), qulonglong(l.pro));
        QCOMPARE(vllmDeepseekV4Blocks(f).layerTuples, 22u);
        QCOMPARE(vllmDeepseekV4Blocks(p).layerTuples, 31u);
    }
    // A 1M request with 8,192 tokens in flight: 4,096 compressed blocks, two window sub-groups
    // of 131, 2,051 ratio-4 and 1,041 ratio-128 state blocks (vllm#51454's v0.25.0 run).
    EngineMemoryInput f = engineInputFor(*flash, b200, Parallelism{8, 8, 1}, s);
    f.vllmProfile = VllmProfile::V1v24;
    f.maxBatchedTokens = 8192;
    const VllmDeepseekV4Blocks v25 = vllmDeepseekV4Blocks(f);
    QCOMPARE(v25.windowGroups, 2u);
    QCOMPARE(qulonglong(v25.requestBlocks(1048576)), 7450ull);
    QCOMPARE(qulonglong(v25.requestBytes(1048576)), 7450ull * 1039680);
    // vllm#44376 (v0.22, 30,000 tokens, 16,384 batched): "6.66 GiB KV cache is needed", and
    // with 5.44 GiB available "the estimated maximum model length is 13528".
    f.vllmProfile = VllmProfile::V1v22;
    f.maxBatchedTokens = 16384;
    const VllmDeepseekV4Blocks v22 = vllmDeepseekV4Blocks(f);
    QCOMPARE(qulonglong(v22.requestBytes(30000)), 6800ull * 1051776);
    QCOMPARE(QString::number(double(v22.requestBytes(30000)) / (1 << 30), 'f', 2), QString("6.66"));
    const double available = 5.441 * (1 << 30); // printed as 5.44 GiB
    QVERIFY(double(v22.requestBytes(13528)) <= available);
    QVERIFY(double(v22.requestBytes(13529)) > available);
    // vllm#53961 (after PR #51726, the 0.28 rules): DeepSeek-V4-Pro on MI300X at 1M needs
    // 23.32 GiB a request: the dense stride, two batches of 16,384 in flight (async).
    const GpuSpec mi300x = Catalogue::builtin().findGpu("mi300x").value();
    EngineMemoryInput p = engineInputFor(*pro, mi300x, Parallelism{8, 8, 1}, s);
    p.vllmProfile = VllmProfile::V1v28;
    p.maxBatchedTokens = 16384;
    QCOMPARE(qulonglong(vllmInFlightTokens(p.vllmProfile, p.maxBatchedTokens, p.pp)), 32768ull);
    const VllmDeepseekV4Blocks v28 = vllmDeepseekV4Blocks(p);
    QCOMPARE(qulonglong(v28.requestBytes(1048576)), 17434ull * 1435968);
    QCOMPARE(QString::number(double(v28.requestBytes(1048576)) / (1 << 30), 'f', 2),
             QString("23.32"));
    // At PP 2 two batches are in flight, one per stage (the V1 runner runs no async with PP).
    p.pp = 2;
    QCOMPARE(qulonglong(vllmInFlightTokens(p.vllmProfile, p.maxBatchedTokens, p.pp)), 32768ull);
    p.pp = 4;
    QCOMPARE(qulonglong(vllmInFlightTokens(p.vllmProfile, p.maxBatchedTokens, p.pp)), 65536ull);
}

void TestDeepseekV4::sglangPools() {
    // V4-Pro on 8 x H200 (TP 8, EP 8) under SGLang: DSV4PoolConfigurator's coefficient per full
    // token and its fixed ratio-128 state, by hand from the real config's 61 layers (30 at
    // ratio 4, 31 at ratio 128), 584 B entries, 132 B indexer keys, head 512, indexer head 128,
    // window 128, swa_full_tokens_ratio 0.1 and 256 running requests:
    //   0.1 x 584 x 61 + (584 + 132) / 4 x 30 + 584 / 128 x 31
    //   + 0.1 x (8 / 128) x (4 x 512 + 4 x 128) x 4 x 30 = 10,993.84 B
    // (it charged the window cache and compressor state of every layer to every token: 187 KB).
    const auto r = importObject(readConfig(kPro));
    QVERIFY(r.ok());
    Scenario s;
    s.engine.engine = Engine::Sglang;
    s.workload.contextTokens = 32768;
    s.workload.concurrency = 4;
    const GpuSpec h200 = Catalogue::builtin().findGpu("h200").value();
    const MemoryBreakdown mem = computeMemory(*r, h200, Parallelism{8, 8, 1}, s);
    const EngineMemoryInput in = engineInputFor(*r, h200, Parallelism{8, 8, 1}, s);
    const SglangDeepseekV4Pool v4 = sglangDeepseekV4Pool(in, mem.engine.kvPoolBytes);
    const double bpft =
        0.1 * 584 * 61 + 716.0 / 4 * 30 + 584.0 / 128 * 31 + 0.1 * (8.0 / 128) * 10240 * 30;
    QVERIFY(std::abs(v4.bytesPerFullToken - bpft) < 1e-6);
    QCOMPARE(v4.maxRunningRequests, 256u);
    // ceil((257 x 128 + 129) / 128) x 128 rows of 2 x 512 float32 in 31 layers.
    QCOMPARE(qulonglong(v4.fixedStateBytes), 33152ull * 1024 * 4 * 31);
    QVERIFY(mem.engine.kvPoolBytes > std::int64_t(v4.fixedStateBytes));
    const auto full =
        std::uint64_t((double(mem.engine.kvPoolBytes) - double(v4.fixedStateBytes)) / bpft) / 128 *
        128;
    QCOMPARE(qulonglong(mem.engine.kvTokens), qulonglong(full));
    QCOMPARE(qulonglong(mem.engine.windowTokens),
             qulonglong(std::uint64_t(full * 0.1) / 128 * 128));
    QCOMPARE(qulonglong(mem.engine.kvBytesPerToken), 10994ull);
    QCOMPARE(mem.engine.requestSlots, 256u);
    // About 1.7 million tokens on each GPU: 52 sequences of 32k (it said 3).
    QVERIFY(mem.engine.kvTokens > 1'600'000 && mem.engine.kvTokens < 1'800'000);
    QCOMPARE(qulonglong(mem.engineSequences), qulonglong(mem.engine.kvTokens / 32768));
    // Speculative decoding: the draft layer inflates the coefficient by (L + 1) / L and the
    // compressor rings double.
    EngineMemoryInput spec = in;
    spec.speculative = true;
    const SglangDeepseekV4Pool sv = sglangDeepseekV4Pool(spec, mem.engine.kvPoolBytes);
    const double specBpft =
        (0.1 * 584 * 61 + 716.0 / 4 * 30 + 584.0 / 128 * 31 + 0.1 * (16.0 / 128) * 10240 * 30) *
        62 / 61;
    QVERIFY(std::abs(sv.bytesPerFullToken - specBpft) < 1e-6);
    QVERIFY(sv.fullTokens < v4.fullTokens);
    // Nothing left: no tokens, no crash.
    QCOMPARE(qulonglong(sglangDeepseekV4Pool(in, -1).fullTokens), 0ull);
    QCOMPARE(qulonglong(sglangDeepseekV4Pool(in, std::int64_t(v4.fixedStateBytes)).fullTokens),
             0ull);
}

void TestDeepseekV4::trtllmCache() {
    // V4-Pro under TensorRT-LLM (cache_manager.py get_token_bytes): per token the compressed
    // caches, 512 / 4 + (128 + 4) / 4 = 161 B on the 30 ratio-4 layers and 512 / 128 = 4 B on
    // the 31 ratio-128 layers with FP8 entries (4,954 B); per request the windows in whole
    // 128-token blocks: every layer's 128-token window cache (512 B), the float32 compressor KV
    // and score of 2 x 512 on the ratio-4 layers (window 8) and of 512 on the ratio-128 layers
    // (window 128), and the indexer compressor's 2 x 128 on the ratio-4 layers.
    const auto r = importObject(readConfig(kPro));
    QVERIFY(r.ok());
    Scenario s;
    s.engine.engine = Engine::TensorRtLlm;
    s.model.kvFormat = formats::fp8;
    s.workload.contextTokens = 32768;
    const GpuSpec b200 = Catalogue::builtin().findGpu("b200").value();
    const EngineMemoryInput in = engineInputFor(*r, b200, Parallelism{8, 8, 1}, s);
    const TrtllmDeepseekV4Cache c = trtllmDeepseekV4Cache(in);
    QCOMPARE(qulonglong(c.bytesPerToken), 30ull * 161 + 31ull * 4);
    const std::uint64_t perRequest = 61ull * 128 * 512 + 30ull * 2 * 128 * 4096 +
                                     31ull * 2 * 128 * 2048 + 30ull * 2 * 128 * 1024;
    QCOMPARE(qulonglong(c.bytesPerRequest), qulonglong(perRequest));
    const MemoryBreakdown mem = computeMemory(*r, b200, Parallelism{8, 8, 1}, s);
    QCOMPARE(qulonglong(mem.engine.kvBytesPerToken), qulonglong(c.bytesPerToken));
    const std::uint64_t request = 32768ull * c.bytesPerToken + perRequest;
    QCOMPARE(qulonglong(mem.engineSequences),
             qulonglong(std::uint64_t(mem.engine.kvPoolBytes) / request));
    // BF16 entries double the compressed KV, not the indexer key: 30 x 289 + 31 x 8.
    s.model.kvFormat = formats::bf16;
    const TrtllmDeepseekV4Cache b =
        trtllmDeepseekV4Cache(engineInputFor(*r, b200, Parallelism{8, 8, 1}, s));
    QCOMPARE(qulonglong(b.bytesPerToken), 30ull * 289 + 31ull * 8);
}

void TestDeepseekV4::malformed_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("field");
    QJsonArray shortList;
    for (int i = 0; i < 42; ++i) {
        shortList.append(4);
    }
    QJsonArray badRatio = readConfig(kFlash).value("compress_ratios").toArray();
    badRatio[5] = 16;
    QTest::newRow("ratiosTooShort")
        << "compress_ratios" << QJsonValue(shortList) << "compress_ratios";
    QTest::newRow("unknownRatio") << "compress_ratios" << QJsonValue(badRatio)
                                  << "compress_ratios[5]";
    QTest::newRow("ratiosMissing") << "compress_ratios" << QJsonValue() << "compress_ratios";
    QTest::newRow("oLoraMissing") << "o_lora_rank" << QJsonValue() << "o_lora_rank";
    QTest::newRow("oGroupsNotDividing") << "o_groups" << QJsonValue(7) << "o_groups";
    QTest::newRow("hcMultMissing") << "hc_mult" << QJsonValue() << "hc_mult";
    QTest::newRow("windowMissing") << "sliding_window" << QJsonValue() << "sliding_window";
    QTest::newRow("windowPastPositions") << "sliding_window" << QJsonValue(1e9) << "sliding_window";
    QTest::newRow("hashLayersAboveLayers")
        << "num_hash_layers" << QJsonValue(44) << "num_hash_layers";
    QTest::newRow("expertDtype") << "expert_dtype" << QJsonValue("int4") << "expert_dtype";
}

void TestDeepseekV4::malformed() {
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, field);
    QJsonObject cfg = readConfig(kFlash);
    if (value.isUndefined() || value.isNull()) {
        cfg.remove(key);
    } else {
        cfg[key] = value;
    }
    const auto r = importObject(cfg);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

// The plan's KV line names vLLM's FP8 V4 layout, not the scenario's (BF16) KV format.
void TestDeepseekV4::planTextNamesTheLayout() {
    const auto spec = importObject(readConfig(kFlash));
    QVERIFY(spec.ok());
    Scenario s;
    s.hardware.gpu = "h200";
    s.hardware.gpuCount = 2;
    const auto p = evaluate(s, Catalogue::builtin(), *spec);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
    std::ostringstream text;
    writePlanText(*p, text, "2026-12-01");
    QVERIFY2(
        text.str().find("KV cache  3,915 B per token (whole model, FP8, DeepSeek V4 layout)") !=
            std::string::npos,
        text.str().c_str());
    // vLLM's serve command keeps --kv-cache-dtype auto and says why.
    const ServeCommand cmd = vllmServeCommand(*p, Catalogue::builtin());
    const auto kv = std::find_if(cmd.flags.begin(), cmd.flags.end(),
                                 [](const ServeFlag &f) { return f.flag == "--kv-cache-dtype"; });
    QVERIFY(kv != cmd.flags.end());
    QCOMPARE(kv->value, std::string("auto"));
    QVERIFY(kv->explanation.find("vLLM's own FP8 layout") != std::string::npos);
}

// A repack without expert_dtype: the import plans the routed experts as MXFP4 and says it
// guessed; with model.group_formats.routed_experts given, the plan sizes them so and the guess
// is no longer printed.
void TestDeepseekV4::givenExpertFormatDropsTheGuess() {
    QJsonObject cfg = readConfig(kFlash);
    cfg.remove("expert_dtype");
    const auto spec = importObject(cfg);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    const auto guessed = [](const std::vector<std::string> &notes) {
        return std::any_of(notes.begin(), notes.end(), [](const std::string &n) {
            return n.find("routed experts are planned as MXFP4") != std::string::npos;
        });
    };
    QVERIFY(guessed(spec->notes));
    Scenario s;
    s.hardware.gpu = "h200";
    s.hardware.gpuCount = 4;
    const auto asGuessed = evaluate(s, Catalogue::builtin(), *spec);
    QVERIFY(asGuessed.ok());
    QVERIFY(guessed(asGuessed->model.notes));
    s.model.groupFormats[GroupRole::RoutedExperts] = formats::fp8;
    const auto given = evaluate(s, Catalogue::builtin(), *spec);
    QVERIFY2(given.ok(), given.ok() ? "" : given.error().toString().c_str());
    QVERIFY(!guessed(given->model.notes));
    // FP8 experts: about twice the MXFP4 weights per GPU.
    QVERIFY(given->memory.perGpu.weights > asGuessed->memory.perGpu.weights * 3 / 2);
}

// nvidia's DeepSeek V4 NVFP4 checkpoints keep DeepSeek's FP8 block block (quant_method
// "fp8") and add moe_quant_algo NVFP4, with an hf_quant_config.json that lists only the experts:
// vLLM loads by config.json (DeepseekV4FP8Config: FP8 linears, ModelOptNvFp4FusedMoE experts),
// so attention stays FP8 (the file alone left it BF16) and the experts are NVFP4, 9/8.5 of the
// MXFP4 bytes (E4M3 scale per 16 against E8M0 per 32).
void TestDeepseekV4::nvfp4ExpertsByMoeQuantAlgo() {
    const auto plain = importObject(readConfig(kFlash));
    QVERIFY(plain.ok());
    QJsonObject cfg = readConfig(kFlash);
    QJsonObject qc = cfg["quantization_config"].toObject();
    QCOMPARE(qc["quant_method"].toString(), QStringLiteral("fp8"));
    qc["moe_quant_algo"] = "NVFP4";
    qc["quant_algo"] = "MIXED_PRECISION";
    qc["ignore"] = QJsonArray{"*.attn.*", "*.ffn.shared_experts.*", "head", "mtp.*"};
    cfg["quantization_config"] = qc;
    const std::string hfQuant =
        R"({"producer":{"name":"modelopt"},"quantization":{"quant_algo":"MIXED_PRECISION",)"
        R"("kv_cache_quant_algo":null,"quantized_layers":{"layers.0.ffn.experts":)"
        R"({"quant_algo":"NVFP4","group_size":16}}}})";
    const auto r = importHfConfigText(QJsonDocument(cfg).toJson().toStdString(), "test", hfQuant);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    const auto group = [](const ModelSpec &m, GroupRole role) {
        return *std::find_if(m.groups.begin(), m.groups.end(),
                             [&](const TensorGroup &g) { return g.role == role; });
    };
    const TensorGroup experts = group(*r, GroupRole::RoutedExperts);
    QCOMPARE(experts.format.kind, FormatKind::NVFP4);
    QCOMPARE(group(*plain, GroupRole::RoutedExperts).format.kind, FormatKind::MXFP4);
    QCOMPARE(experts.params, group(*plain, GroupRole::RoutedExperts).params);
    QCOMPARE(experts.bytes(), group(*plain, GroupRole::RoutedExperts).bytes() / 17 * 18);
    // A value vLLM does not know ("nvfp4" in lower case is not its "NVFP4") leaves the experts
    // MXFP4, and the import says so.
    qc["moe_quant_algo"] = "nvfp4";
    cfg["quantization_config"] = qc;
    const auto lower = importObject(cfg);
    QVERIFY(lower.ok());
    QCOMPARE(group(*lower, GroupRole::RoutedExperts).format.kind, FormatKind::MXFP4);
    QVERIFY(std::any_of(lower->notes.begin(), lower->notes.end(), [](const std::string &n) {
        return n.rfind("quantization_config.moe_quant_algo 'nvfp4' is not NVFP4", 0) == 0;
    }));
    // Everything but the experts as in DeepSeek's own FP8 release.
    QCOMPARE(r->weightBytes() - experts.bytes(),
             plain->weightBytes() - group(*plain, GroupRole::RoutedExperts).bytes());
}

QTEST_GUILESS_MAIN(TestDeepseekV4)
#include "tst_deepseekv4.moc"
