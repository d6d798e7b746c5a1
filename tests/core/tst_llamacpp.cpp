// SPDX-License-Identifier: MIT
// llama.cpp as an engine (engine/llamacpp.h): KV cache per cache type, the output and compute
// buffers against llama-server's own start-up lines, the -ngl / --n-cpu-moe split between GPU
// and RAM, offload-aware speed, the command line, and the seed's Tier 2 table (seed 003: "16 GB:
// 7B at 4-bit with long context; 24 GB: 14B; 48 GB: 32B; 80 GB: 70B at 4-bit or a 30B-class
// MoE at 8-bit") from real configs in tests/data/configs.
#include "ggufwriter.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "import/gguf.h"
#include "import/ggufimport.h"
#include "import/modelimport.h"
#include "util/units.h"

#include <regex>
#include <sstream>

using namespace hostplan;

namespace {

ModelSpec llama8b() {
    return ggufwriter::llama31_8b_q4kmModel();
}

GpuSpec gpu(const char *name) {
    return Catalogue::builtin().findGpu(name).value();
}

ModelSpec config(const char *file) {
    auto s = importModelPath(std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + file);
    if (!s.ok()) {
        qFatal("%s", s.error().toString().c_str());
    }
    return s.value();
}

constexpr std::uint64_t MiB = 1024 * 1024;

/// Bytes of block `il`'s tensors that llama.cpp's --n-cpu-moe override keeps in system RAM,
/// found in the header's tensor table with the override's own pattern, "blk\\.<il>" then
/// LLM_FFN_EXPS_REGEX "\\.ffn_(up|down|gate|gate_up)_(ch|)exps", by std::regex_search as the
/// loader matches it (common/common.h @ 001d906a, src/llama-model.cpp @ a5410f04; see
/// engine/llamacpp.h).
std::uint64_t overriddenBytes(const gguf::Header &h, std::uint32_t il) {
    const std::regex pattern("blk\\." + std::to_string(il) +
                             "\\.ffn_(up|down|gate|gate_up)_(ch|)exps");
    std::uint64_t sum = 0;
    for (const gguf::TensorInfo &t : h.tensors) {
        if (std::regex_search(t.name, pattern)) {
            sum += t.bytes;
        }
    }
    return sum;
}

/// The header of `w`, parsed (aborts on a broken writer).
gguf::Header headerOf(const ggufwriter::Writer &w) {
    auto h = gguf::parseHeader(w.build(), 0, "header.gguf");
    if (!h.ok()) {
        qFatal("%s", h.error().toString().c_str());
    }
    return h.value();
}

/// `m` on an RTX 4090 and a DDR5 desktop, llama-server's defaults otherwise.
LlamaCppInput on4090(const ModelSpec &m) {
    LlamaCppInput in;
    in.model = &m;
    in.gpu = gpu("rtx-4090");
    in.host = findHost("ddr5-desktop").value();
    return in;
}

} // namespace

class TestLlamaCpp : public QObject {
    Q_OBJECT

  private slots:
    // "Everything on the GPU" is -ngl 99 only below 99 repeating layers: -ngl counts the output
    // layer, so a 120-layer model needs 121.
    void allLayersFlag() {
        QCOMPARE(llamaAllLayersFlag(32), 99u);
        QCOMPARE(llamaAllLayersFlag(98), 99u);
        QCOMPARE(llamaAllLayersFlag(99), 100u);
        QCOMPARE(llamaAllLayersFlag(120), 121u);
    }

    void llama8bStartupBuffers() {
        // llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -ngl 99 (the defaults before
        // --fit: -c 4096, -np 1, -ub 512, f16 KV, Flash Attention auto = on) logs "KV buffer size =
        // 512.00 MiB", "CUDA_Host output buffer size = 0.49 MiB", "CUDA0 compute buffer size =
        // 258.50 MiB", "CUDA_Host compute buffer size = 16.01 MiB" (a release before b7847: PRs
        // #18550 / #18898's embeddings input adds 4096 x 512 f32 = 8 MiB to the host compute
        // buffer of the newest rules).
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 4096; // as -c 4096 -np 1 -kvu (the defaults are tested below)
        in.parallel = 1;
        auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->context, std::uint64_t(4096)); // llama-server's default, not 131072
        QCOMPARE(p->gpu.kvCache, std::uint64_t(512 * MiB));
        QCOMPARE(p->host.outputBuffer, std::uint64_t(128256) * 4); // 0.49 MiB
        // From b9460 (PR #23861) one row of logits per slot: the log's build reserved 512.
        QVERIFY(p->gpu.compute < std::uint64_t(128256 + 4096) * 512 * 4);
        // ... and from b9410 (PR #23764) its 4096 x 512 mask in f16: 4 MiB less.
        COMPARE_NEAR(p->host.compute, (16.01 + 8 - 4) * MiB, 0, 0.03);
        LlamaCppInput older = in;
        older.build = 7846;
        QCOMPARE(planLlamaCpp(older)->gpu.compute,
                 std::uint64_t(128256 + 4096) * 512 * 4); // 258.50 MiB
        COMPARE_NEAR(planLlamaCpp(older)->host.compute, 16.01 * MiB, 0, 0.03);
        QCOMPARE(p->gpu.weights, m.weightBytes() - 295501824); // token_embd stays in RAM
        QCOMPARE(p->host.weights, std::uint64_t(295501824));
        QCOMPARE(p->layersOnGpu, 32u);
        QVERIFY(p->outputOnGpu);
        QVERIFY(p->fits());
        // The output buffer if a batch asks for all -b 2048 logits.
        QCOMPARE(p->outputBufferMax, std::uint64_t(128256) * 2048 * 4);
    }

    void kvPerType_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<qulonglong>("bytesPerCell");
        // 32 layers x (K + V) rows of 1024 elements (8 KV heads x 128).
        QTest::newRow("f16") << "f16" << qulonglong(32 * 2 * 1024 * 2);
        QTest::newRow("bf16") << "bf16" << qulonglong(32 * 2 * 1024 * 2);
        QTest::newRow("q8_0") << "q8_0" << qulonglong(32 * 2 * (1024 / 32 * 34));
        QTest::newRow("q5_1") << "q5_1" << qulonglong(32 * 2 * (1024 / 32 * 24));
        QTest::newRow("q5_0") << "q5_0" << qulonglong(32 * 2 * (1024 / 32 * 22));
        QTest::newRow("q4_1") << "q4_1" << qulonglong(32 * 2 * (1024 / 32 * 20));
        QTest::newRow("q4_0") << "q4_0" << qulonglong(32 * 2 * (1024 / 32 * 18));
        QTest::newRow("iq4_nl") << "iq4_nl" << qulonglong(32 * 2 * (1024 / 32 * 18));
    }
    void kvPerType() {
        QFETCH(QString, type);
        QFETCH(qulonglong, bytesPerCell);
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.kvTypeK = in.kvTypeV = parseLlamaKvType(type.toStdString()).value();
        in.context = 32768;
        auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->kvBytesPerCell, std::uint64_t(bytesPerCell));
        QCOMPARE(p->gpu.kvCache, std::uint64_t(bytesPerCell) * 32768);
        QVERIFY(!parseLlamaKvType("q6_K").ok()); // not a KV cache type llama.cpp accepts
    }

    void slidingWindowCache() {
        // Gemma 3 shape: 12 layers, 10 with a 512-token window (pattern 6), 1 KV head of 256.
        // SWA layers keep window + n_ubatch cells padded to 256 per slot; full layers n_ctx.
        auto w = ggufwriter::gemma3SlidingWindow();
        auto h = gguf::parseHeader(w.build(), 0, "g.gguf");
        const ModelSpec m = ggufToModelSpec(gguf::Model{h.value(), {}, 0}, "g.gguf").value();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 32768;
        const std::uint64_t cell = 2 * 256 * 2; // K + V rows of 256 f16
        // llama-server's default 4 unified slots: PAD(512 x 4 + 512, 256) = 2560 SWA cells.
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, 2 * cell * 32768 + 10 * cell * 2560);
        in.parallel = 1;
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, 2 * cell * 32768 + 10 * cell * 1024);
    }

    // llama-kv-cache-iswa.cpp @ 02c28f53 with gpt-oss-20b's shapes (24 layers alternating a
    // 128-token window and full attention, 8 KV heads of 64: 2,048 f16 bytes per cell and
    // layer) at -c 16384: the non-SWA cache is 12 x 16384 cells = 384 MiB whatever the slots;
    // the SWA cache PAD(min(kv_size, 128 x (unified ? 4 : 1) + 512), 256) cells per stream.
    void slidingWindowIswaRule() {
        const ModelSpec m = config("openai--gpt-oss-20b_config.json");
        LlamaCppInput in = on4090(m);
        in.context = 16384;
        const std::uint64_t full = 384 * MiB;
        // Default: 4 slots, one unified stream of PAD(1024) = 1024 SWA cells: 24 MiB.
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, full + 24 * MiB);
        // -np 4 without -kvu: 4 streams of 4096 cells, each PAD(640) = 768 SWA cells: 72 MiB.
        in.parallel = 4;
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, full + 72 * MiB);
        // -np 1: 768 cells, 18 MiB; at -c 512 the SWA cache stops at kv_size (512 cells).
        in.parallel = 1;
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, full + 18 * MiB);
        in.context = 512;
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, std::uint64_t(24) * 512 * 2048);
        // --swa-full (the C API's default: LM Studio, llama-cpp-python): the SWA layers take
        // the full cache's cells, 12 x 16384 as well: 768 MiB in all (gpt-oss-120b's 36
        // layers at -c 4096 give the 288 MiB LM Studio logs by the same rule).
        in.context = 16384;
        in.swaFull = true;
        QCOMPARE(planLlamaCpp(in)->gpu.kvCache, 2 * full);
        QVERIFY(llamaServerCommand(in, *planLlamaCpp(in)).find("--swa-full") != std::string::npos);
    }

    // A tied embedding (Llama-3.2-3B: one [128256 x 3072] tensor for token_embd and output)
    // is quantized like the untied pair, not kept in f32: 394,002,432 weights / 256 per q4_K
    // block x 144 B = 221,626,368 B (f32 would be 1,576,009,728 B, the whole file's size).
    void tiedEmbeddingIsQuantized() {
        const ModelSpec m = asGgufType(config("meta-llama--Llama-3.2-3B_config.json"),
                                       *gguf::ggmlTypeByName("q4_K"));
        std::uint64_t tied = 0;
        for (const auto &g : m.groups) {
            if (g.role == GroupRole::LmHead) {
                tied += g.bytes();
            }
        }
        QCOMPARE(tied, std::uint64_t(221626368));
    }

    // llama-kv-cache.cpp @ 02c28f53: an MLA model caches K only (has_v = !is_mla), rows of
    // kv_lora_rank + rope dims. DeepSeek-V3: 61 layers x (512 + 64) x 2 B = 70,272 B per cell
    // in f16 (not 132,736 with a separate V of 512), 274.5 MiB at -c 4096; q8_0 rows of 576 =
    // 18 blocks of 34 B.
    void mlaCachesKOnly() {
        const ModelSpec m = asGgufType(config("deepseek-ai--DeepSeek-V3_config.json"),
                                       *gguf::ggmlTypeByName("q4_K"));
        LlamaCppInput in;
        in.model = &m;
        in.host = findHost("epyc-9004").value();
        in.context = 4096;
        in.parallel = 1;
        auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->kvBytesPerCell, std::uint64_t(70272));
        QCOMPARE(p->host.kvCache, std::uint64_t(70272) * 4096);
        in.kvTypeK = parseLlamaKvType("q8_0").value();
        in.kvTypeV = in.kvTypeK;
        QCOMPARE(planLlamaCpp(in)->kvBytesPerCell, std::uint64_t(61) * 18 * 34);
    }

    // common.h @ 02c28f53: -c unset means the training context; fit.cpp @ 6d0892ba: --fit
    // lowers it (linearly in the projected bytes, to a multiple of 256, not below 4096) until
    // each GPU keeps 1 GiB free. server.cpp @ aa6192d3: 4 unified slots when -np is unset.
    void defaultContextFollowsLlamaCpp() {
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.host = findHost("ddr5-desktop").value();
        in.gpu = gpu("h200");
        auto big = planLlamaCpp(in).value();
        QCOMPARE(big.context, std::uint64_t(131072)); // fits: the training context itself
        QCOMPARE(big.contextRule, LlamaContextRule::Training);
        QCOMPARE(big.parallel, 4u);
        QVERIFY(big.unifiedKv && big.defaultSlots);
        QCOMPARE(big.contextPerSlot, std::uint64_t(131072)); // unified: any slot may fill it
        QCOMPARE(big.host.outputBuffer, std::uint64_t(128256) * 4 * 4); // 4 outputs reserved
        QVERIFY(llamaServerCommand(in, big).find(" -np") == std::string::npos);
        // A 16 GB card (15.6 GiB usable, as in tier2Table): 16 GiB of KV at 131072 does not
        // fit, so --fit lowers the context. (A 24 GB RTX 4090 keeps 131072: 20.6 GiB used.)
        GpuSpec card = gpu("rtx-4090");
        card.usableMemoryBytes = std::uint64_t(gib(15.6));
        in.gpu = card;
        const auto fit = planLlamaCpp(in).value();
        QCOMPARE(fit.contextRule, LlamaContextRule::Fitted);
        QCOMPARE(fit.trainingContext, std::uint64_t(131072));
        QVERIFY(fit.context > 4096 && fit.context < 131072);
        QCOMPARE(fit.context % 256, std::uint64_t(0));
        const auto used = [](const LlamaCppPlan &p) { return p.gpu.total() - p.gpu.runtime; };
        const std::uint64_t target = fit.gpuCapacity - fit.gpu.runtime - kLlamaFitMarginBytes;
        QVERIFY(used(fit) <= target);
        // --fit interpolates linearly between the projections at 4096 and 131072 (every layer)
        // and rounds down to 256; the KQ-mask stage grows faster near 131072, so the result
        // may stay a few steps below the largest context that fits.
        LlamaCppInput at = in;
        at.gpuLayers = 99;
        at.context = 4096;
        const std::uint64_t lo = used(planLlamaCpp(at).value());
        at.context = 131072;
        const std::uint64_t hi = used(planLlamaCpp(at).value());
        std::uint64_t expect = 4096 + (131072 - 4096) * (target - lo) / (hi - lo);
        QCOMPARE(fit.context, expect - expect % 256);
        std::ostringstream text;
        writeLlamaCppPlanText(in, fit, text);
        QVERIFY2(text.str().find("lowered by --fit") != std::string::npos, text.str().c_str());
        // A 70B q4_K that does not fit even at 4096 stays at 4096 (--fit then moves layers).
        const ModelSpec big70 = asGgufType(config("meta-llama--Meta-Llama-3.1-70B_config.json"),
                                           *gguf::ggmlTypeByName("q4_K"));
        in.model = &big70;
        QCOMPARE(planLlamaCpp(in)->context, std::uint64_t(4096));
        // -c given: taken as is.
        in.context = 8192;
        QCOMPARE(planLlamaCpp(in)->contextRule, LlamaContextRule::Explicit);
    }

    // fit.cpp @ 08033df0: one KV stream per slot (-np N, no -kvu), -c unset: n_ctx is the
    // training context per stream; --fit's floor (4096) and step (256) are per stream too.
    void defaultContextPerStream() {
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.host = findHost("ddr5-desktop").value();
        in.gpu = gpu("h200");
        in.parallel = 4;
        in.unifiedKv = false;
        const auto big = planLlamaCpp(in).value();
        QCOMPARE(big.context, std::uint64_t(4 * 131072));
        QCOMPARE(big.contextPerSlot, std::uint64_t(131072));
        QCOMPARE(big.contextRule, LlamaContextRule::Training);
        QVERIFY(llamaContextRuleText(big).find("for each of the 4 slots") != std::string::npos);
        // Two streams on a 16 GB card: --fit lowers it in steps of 2 x 256, to 2 x 4096 at least.
        GpuSpec card = gpu("rtx-4090");
        card.usableMemoryBytes = std::uint64_t(gib(15.6));
        in.gpu = card;
        in.parallel = 2;
        in.build = 9459; // before PR #23861 the logits stage is the buffer at every context
        const auto fit = planLlamaCpp(in).value();
        QCOMPARE(fit.contextRule, LlamaContextRule::Fitted);
        QCOMPARE(fit.context % 512, std::uint64_t(0));
        QVERIFY(fit.context > 8192 && fit.context < 2 * 131072);
        const auto used = [](const LlamaCppPlan &p) { return p.gpu.total() - p.gpu.runtime; };
        const std::uint64_t target = fit.gpuCapacity - fit.gpu.runtime - kLlamaFitMarginBytes;
        QVERIFY(used(fit) <= target);
        LlamaCppInput more = in;
        more.context = fit.context + 512;
        more.gpuLayers = 99; // every layer, as --fit projects them (no layer placement)
        QVERIFY(used(planLlamaCpp(more).value()) > target);
    }

    void slotsShareTheContext() {
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 16384;
        in.parallel = 4;
        auto p = planLlamaCpp(in);
        QCOMPARE(p->contextPerSlot, std::uint64_t(4096));
        QCOMPARE(p->gpu.kvCache, std::uint64_t(2 * 1024 * MiB)); // n_ctx cells, not x 4
        QCOMPARE(p->host.outputBuffer, std::uint64_t(128256) * 4 * 4);
        // -c 2 over 4 slots: the newest releases pad each stream up to 256 cells.
        in.context = 2;
        p = planLlamaCpp(in);
        QCOMPARE(p->contextPerSlot, std::uint64_t(256));
        QCOMPARE(p->context, std::uint64_t(1024));
    }

    void gpuLayerSplit_data() {
        QTest::addColumn<int>("ngl");
        QTest::addColumn<uint>("layersOnGpu");
        QTest::addColumn<bool>("outputOnGpu");
        // llama-model.cpp: i_gpu_start = max(n_layer + 1 - ngl, 0): output layer first.
        QTest::newRow("ngl0") << 0 << 0u << false;
        QTest::newRow("ngl1 output only") << 1 << 0u << true;
        QTest::newRow("ngl16") << 16 << 15u << true;
        QTest::newRow("ngl32 block 0 on the CPU") << 32 << 31u << true;
        QTest::newRow("ngl33 all") << 33 << 32u << true;
        QTest::newRow("ngl99 all") << 99 << 32u << true;
    }
    void gpuLayerSplit() {
        QFETCH(int, ngl);
        QFETCH(uint, layersOnGpu);
        QFETCH(bool, outputOnGpu);
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 4096; // as -c 4096 -np 1 -kvu (the defaults are tested below)
        in.parallel = 1;
        in.gpuLayers = std::uint32_t(ngl);
        auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->layersOnGpu, layersOnGpu);
        QCOMPARE(p->outputOnGpu, outputOnGpu);
        // Every byte is on exactly one side; KV follows its layer.
        QCOMPARE(p->gpu.weights + p->host.weights, m.weightBytes());
        QCOMPARE(p->gpu.kvCache, std::uint64_t(layersOnGpu) * 4096 * 4096);
        QCOMPARE(p->host.kvCache, std::uint64_t(32 - layersOnGpu) * 4096 * 4096);
    }

    // Which layers -ngl puts on the GPU (common/fit.cpp @ 08033df0 and load_tensors, see
    // llamacpp.h): the output layer first, then repeating layers from the back. Gemma 3's
    // layers differ in their caches (layers 5, 11, 17, 23 and 29 full attention, the other 29
    // a 1024-token window), so the GPU's KV bytes say which layers it holds: at -c 32768 and
    // one slot a full layer keeps 32768 cells, a window layer PAD(1024 + 512, 256) = 1536, each
    // cell 4 KiB (K and V, 4 heads of 256, f16). The older rule (n_layer - ngl) would put
    // layer 33 and not the output layer on the GPU at -ngl 1.
    void gpuLayersFromTheBack_data() {
        QTest::addColumn<int>("ngl");
        QTest::addColumn<uint>("fullOnGpu");
        QTest::addColumn<uint>("windowOnGpu");
        QTest::addColumn<bool>("outputOnGpu");
        QTest::newRow("ngl0") << 0 << 0u << 0u << false;
        QTest::newRow("ngl1 output only") << 1 << 0u << 0u << true;
        QTest::newRow("ngl5 layers 30-33") << 5 << 0u << 4u << true;
        QTest::newRow("ngl6 layers 29-33") << 6 << 1u << 4u << true;
        QTest::newRow("ngl34 = n_layer, block 0 on the CPU") << 34 << 5u << 28u << true;
        QTest::newRow("ngl35 = n_layer + 1, all") << 35 << 5u << 29u << true;
        QTest::newRow("ngl99 all") << 99 << 5u << 29u << true;
    }
    void gpuLayersFromTheBack() {
        QFETCH(int, ngl);
        QFETCH(uint, fullOnGpu);
        QFETCH(uint, windowOnGpu);
        QFETCH(bool, outputOnGpu);
        const ModelSpec m = ggufwriter::modelOf(ggufwriter::gemma3_4b_f16(), "gemma3-4b.gguf");
        LlamaCppInput in = on4090(m);
        in.context = 32768;
        in.parallel = 1;
        in.gpuLayers = std::uint32_t(ngl);
        const auto p = planLlamaCpp(in).value();
        const std::uint64_t cell = 4096;
        QCOMPARE(p.gpu.kvCache, (fullOnGpu * 32768ull + windowOnGpu * 1536ull) * cell);
        QCOMPARE(p.host.kvCache,
                 ((5 - fullOnGpu) * 32768ull + (29 - windowOnGpu) * 1536ull) * cell);
        QCOMPARE(p.layersOnGpu, fullOnGpu + windowOnGpu);
        QCOMPARE(p.outputOnGpu, outputOnGpu);
        // token_embd stays in RAM; the output layer (the tied embedding loaded again, and the
        // output norm) goes with the first GPU layer; a layer is 188,786,688 bytes.
        const std::uint64_t embd = 2560ull * 262208 * 2;
        const std::uint64_t layer = 188786688;
        const std::uint64_t output = embd + 2560 * 4;
        QCOMPARE(p.host.weights, embd + (34 - p.layersOnGpu) * layer + (outputOnGpu ? 0 : output));
        QCOMPARE(p.gpu.weights, p.layersOnGpu * layer + (outputOnGpu ? output : 0));
    }

    void offloadSpeed() {
        // Host RAM at 89.6 GB/s against GDDR6X at 1008 GB/s: half the layers in RAM makes the
        // RAM part most of each step.
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 4096; // as -c 4096 -np 1 -kvu (the defaults are tested below)
        in.parallel = 1;
        const double full = planLlamaCpp(in)->tokensPerSecond;
        in.gpuLayers = 17;
        const auto half = planLlamaCpp(in).value();
        QVERIFY(half.hostTimeShare > 0.8);
        QVERIFY(half.tokensPerSecond < full / 4);
        // All on the GPU: bytes / bandwidth (weights without token_embd plus the KV of 4096).
        const double bytes = double(m.weightBytes() - 295501824) + 512.0 * MiB;
        COMPARE_NEAR(full, 1008e9 / bytes, 0, 0.01);
        // CPU only reads everything at 89.6 GB/s.
        in.gpu.reset();
        const auto cpu = planLlamaCpp(in).value();
        QCOMPARE(cpu.gpu.total(), std::uint64_t(0));
        QVERIFY(cpu.tokensPerSecond < 20);
    }

    void cpuMoe() {
        const ModelSpec m =
            asGgufType(config("Qwen--Qwen3-30B-A3B_config.json"), *gguf::ggmlTypeByName("q8_0"));
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 4096; // as -c 4096 -np 1 -kvu (the defaults are tested below)
        in.parallel = 1;
        in.gpuLayers = 99; // every layer: without it --fit moves experts (tst_llamacpp_fit)
        const auto all = planLlamaCpp(in).value();
        QVERIFY(!all.fitsGpu); // ~32 GB of q8_0 weights: experts count in full, not active
        const auto moe = smallestFittingCpuMoe(in);
        QVERIFY(moe.has_value());
        in.cpuMoeLayers = *moe;
        const auto p = planLlamaCpp(in).value();
        QVERIFY(p.fits());
        QCOMPARE(p.layersOnGpu, 48u);
        QVERIFY(p.host.weights > all.host.weights);
        // Only the active experts' bytes are read per token from RAM.
        QVERIFY(p.host.bytesPerToken < p.host.weights / 8);
        std::ostringstream text;
        writeLlamaCppPlanText(in, p, text);
        QVERIFY(text.str().find("--n-cpu-moe") != std::string::npos);
        const std::string cmd = llamaServerCommand(in, p);
        QVERIFY(cmd.find("--n-cpu-moe " + std::to_string(*moe)) != std::string::npos);
    }

    // --n-cpu-moe N on the Qwen3-30B-A3B Q4_K_M header of golden row M1: the bytes that leave
    // each GPU and reach system RAM are exactly those of the tensors llama.cpp's override
    // pattern matches in the blocks below N that -ngl had put on that GPU; the layer placement,
    // the KV cache and the total stay. `moved` is llama.cpp's figure from the ggml type table
    // (gate / up q4_K, 144 bytes per 256; down q6_K, 210 bytes per 256, on the use_more_bits
    // blocks): block 0 holds 2 x 113,246,208 + 165,150,720 = 391,643,136 bytes of experts.
    void cpuMoeSplit_data() {
        QTest::addColumn<uint>("build");
        QTest::addColumn<int>("ngl"); // -1: all layers
        QTest::addColumn<uint>("gpus");
        QTest::addColumn<uint>("cpuMoe");
        QTest::addColumn<qulonglong>("moved");
        QTest::newRow("ngl all/n-cpu-moe 1") << 0u << -1 << 1u << 1u << qulonglong(391643136);
        QTest::newRow("ngl all/n-cpu-moe 17") << 0u << -1 << 1u << 17u << qulonglong(6242697216);
        // --cpu-moe: every block's experts, 16.35 GiB of the file's 17.28 GiB.
        QTest::newRow("ngl all/n-cpu-moe 48") << 0u << -1 << 1u << 48u << qulonglong(17553162240);
        // An N above the model's 48 blocks (--n-cpu-moe 999) is accepted and moves them all.
        QTest::newRow("ngl all/n-cpu-moe 999") << 0u << -1 << 1u << 999u << qulonglong(17553162240);
        // -ngl 30 counts the output layer first: blocks 19-47 on the GPU, so only the experts
        // of blocks 19-24 move; below block 19 they are in RAM already.
        QTest::newRow("ngl 30/n-cpu-moe 25") << 0u << 30 << 1u << 25u << qulonglong(2142240768);
        QTest::newRow("ngl 30/n-cpu-moe 10") << 0u << 30 << 1u << 10u << qulonglong(0);
        // b5466 (row M1's build) counts repeating layers first: blocks 18-47 on the GPU. It
        // predates --n-cpu-moe, which only adds -ot overrides (PR #15077); the same pattern
        // given with -ot does this.
        QTest::newRow("b5466/ngl 30/n-cpu-moe 25")
            << 5466u << 30 << 1u << 25u << qulonglong(2481979392);
        // Two GPUs split by layer: blocks 0-24 on GPU 0, 25-47 and the output on GPU 1.
        QTest::newRow("2 GPUs/n-cpu-moe 10") << 0u << -1 << 2u << 10u << qulonglong(3760717824);
        QTest::newRow("2 GPUs/n-cpu-moe 30")
            << 0u << -1 << 2u << 30u << qulonglong(9116319744ull + 1802502144ull);
    }
    void cpuMoeSplit() {
        QFETCH(uint, build);
        QFETCH(int, ngl);
        QFETCH(uint, gpus);
        QFETCH(uint, cpuMoe);
        QFETCH(qulonglong, moved);
        const ggufwriter::Writer w = ggufwriter::qwen3_30b_a3b_q4km(1000);
        const gguf::Header header = headerOf(w);
        const ModelSpec m = ggufwriter::modelOf(w, "qwen3-30b-a3b.gguf");
        LlamaCppInput in = on4090(m);
        in.context = 4096;
        in.parallel = 1;
        in.build = build;
        in.gpuCount = gpus;
        if (ngl >= 0) {
            in.gpuLayers = std::uint32_t(ngl);
        }
        const LlamaCppPlan base = planLlamaCpp(in).value();
        in.cpuMoeLayers = cpuMoe;
        const LlamaCppPlan p = planLlamaCpp(in).value();

        // Each GPU's blocks, in order from the first offloaded one.
        std::uint32_t block = base.layers - base.layersOnGpu;
        std::uint64_t movedAll = 0;
        for (std::size_t d = 0; d < base.perGpu.size(); ++d) {
            std::uint64_t lost = 0;
            for (std::uint32_t k = 0; k < base.layersPerGpu[d]; ++k, ++block) {
                lost += block < cpuMoe ? overriddenBytes(header, block) : 0;
            }
            QCOMPARE(base.perGpu[d].weights - p.perGpu[d].weights, lost);
            QCOMPARE(p.perGpu[d].kvCache, base.perGpu[d].kvCache);
            QCOMPARE(p.layersPerGpu[d], base.layersPerGpu[d]);
            movedAll += lost;
        }
        QCOMPARE(movedAll, std::uint64_t(moved));
        QCOMPARE(p.host.weights - base.host.weights, movedAll);
        QCOMPARE(p.gpu.weights + p.host.weights, base.gpu.weights + base.host.weights);
        QCOMPARE(p.layersOnGpu, base.layersOnGpu);
        QCOMPARE(p.outputOnGpu, base.outputOnGpu);
        QCOMPARE(p.cpuMoeLayers, std::min<std::uint32_t>(cpuMoe, p.layers));
        // The header's file: 17,691.34 MiB of tensors (row M1's two buffers together).
        QCOMPARE(base.gpu.weights + base.host.weights, w.tensorBytes());
    }

    // The override's pattern decides which tensors of a block --n-cpu-moe moves: fused gate+up
    // experts, chunk experts (_chexps) and expert biases go, ffn_norm_exps, shared experts and
    // the router stay (engine/llamacpp.h).
    void cpuMoeTensorSet() {
        const std::uint64_t n = 2, h = 256, ff = 64, e = 8;
        ggufwriter::Writer w;
        w.string("general.architecture", "qwen3moe")
            .u32("qwen3moe.block_count", n)
            .u32("qwen3moe.embedding_length", h)
            .u32("qwen3moe.attention.head_count", 4)
            .u32("qwen3moe.attention.head_count_kv", 2)
            .u32("qwen3moe.attention.key_length", 64)
            .u32("qwen3moe.attention.value_length", 64)
            .u32("qwen3moe.expert_count", e)
            .u32("qwen3moe.expert_used_count", 2)
            .u32("qwen3moe.expert_feed_forward_length", ff)
            .u32("qwen3moe.context_length", 4096)
            .u32("qwen3moe.vocab_size", 1000);
        w.tensor({"token_embd.weight", {h, 1000}, "f16"});
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::string p = "blk." + std::to_string(i) + ".";
            w.tensor({p + "attn_q.weight", {h, 256}, "f16"});
            w.tensor({p + "attn_k.weight", {h, 128}, "f16"});
            w.tensor({p + "attn_v.weight", {h, 128}, "f16"});
            w.tensor({p + "attn_output.weight", {256, h}, "f16"});
            w.tensor({p + "attn_norm.weight", {h}, "f32"});
            w.tensor({p + "ffn_gate_inp.weight", {h, e}, "f32"});
            w.tensor({p + "ffn_gate_up_exps.weight", {h, 2 * ff, e}, "f16"});
            w.tensor({p + "ffn_gate_up_exps.bias", {2 * ff, e}, "f32"});
            w.tensor({p + "ffn_down_exps.weight", {ff, h, e}, "f16"});
            w.tensor({p + "ffn_up_chexps.weight", {h, 32, 4}, "f16"});
            w.tensor({p + "ffn_norm_exps.weight", {h}, "f32"});
            w.tensor({p + "ffn_up_shexp.weight", {h, ff}, "f16"});
        }
        w.tensor({"output.weight", {h, 1000}, "f16"});
        const gguf::Header header = headerOf(w);
        const ModelSpec m = ggufwriter::modelOf(w, "set.gguf");
        // gate+up 2 x 64 x 8 x 256 x 2 bytes, its bias 2 x 64 x 8 x 4, down 64 x 256 x 8 x 2,
        // the chunk experts 256 x 32 x 4 x 2.
        const std::uint64_t expected = 524288 + 4096 + 262144 + 65536;
        QCOMPARE(overriddenBytes(header, 0), expected);
        QCOMPARE(m.layerExpertBytes, std::vector<std::uint64_t>(n, expected));
        LlamaCppInput in = on4090(m);
        in.context = 4096;
        in.parallel = 1;
        const LlamaCppPlan base = planLlamaCpp(in).value();
        in.cpuMoeLayers = 1;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.host.weights - base.host.weights, expected);
        QCOMPARE(base.gpu.weights - p.gpu.weights, expected);
    }

    void serveCommand() {
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.modelPath = "Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf";
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        in.context = 32768;
        in.parallel = 2;
        in.kvTypeK = in.kvTypeV = parseLlamaKvType("q8_0").value();
        const auto p = planLlamaCpp(in).value();
        const std::string cmd = llamaServerCommand(in, p);
        QVERIFY2(cmd.find("llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 32768 -np 2 "
                          "-ngl 99 -ctk q8_0 -ctv q8_0 -fa on") != std::string::npos,
                 cmd.c_str());
        QVERIFY(cmd.find("PARAMETER num_ctx 16384") != std::string::npos);
        in.flashAttention = false;
        QVERIFY(!planLlamaCpp(in).ok()); // a quantized V cache needs Flash Attention
    }

    void unifiedMemoryHost() {
        const ModelSpec m = asGgufType(config("meta-llama--Meta-Llama-3.1-70B_config.json"),
                                       *gguf::ggmlTypeByName("q4_K"));
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090"); // ignored: the Mac's GPU shares the unified memory
        in.host = findHost("apple-m4-max").value();
        in.context = 4096;
        in.parallel = 1;
        const auto p = planLlamaCpp(in).value();
        QCOMPARE(p.gpu.total(), std::uint64_t(0));
        QVERIFY(p.fits()); // ~40 GB of 96 GB the GPU may wire
        COMPARE_NEAR(p.tokensPerSecond, 546e9 / double(p.host.bytesPerToken), 0, 1e-9);
    }

    void tier2Table_data() {
        QTest::addColumn<QString>("configFile");
        QTest::addColumn<QString>("type");
        QTest::addColumn<double>("cardGiB");
        QTest::addColumn<QString>("catalogueGpu");
        QTest::addColumn<qulonglong>("context");
        QTest::addColumn<bool>("fits");
        // The seed's pairings (llama-server -c 8192 -ngl 99 as its command; "long context"
        // read as 32k). A 16 GB card is not in the catalogue: 15.6 GiB usable as an RTX 4080's
        // 16,376 MiB less the driver's share.
        QTest::newRow("16GB/7B/q4_K/ctx32k") << "XiaomiMiMo--MiMo-7B-Base_config.json"
                                             << "q4_K" << 15.6 << "" << qulonglong(32768) << true;
        QTest::newRow("24GB/14B/q4_K") << "Qwen--Qwen3-14B_config.json"
                                       << "q4_K" << 0.0 << "rtx-4090" << qulonglong(8192) << true;
        QTest::newRow("48GB/32B/q4_K") << "Qwen--Qwen3-32B_config.json"
                                       << "q4_K" << 0.0 << "l40s" << qulonglong(8192) << true;
        QTest::newRow("80GB/70B/q4_K") << "meta-llama--Meta-Llama-3.1-70B_config.json"
                                       << "q4_K" << 0.0 << "h100-sxm" << qulonglong(8192) << true;
        QTest::newRow("80GB/30B-MoE/q8_0")
            << "Qwen--Qwen3-30B-A3B_config.json"
            << "q8_0" << 0.0 << "h100-sxm" << qulonglong(8192) << true;
        // And one size up does not fit the smaller card.
        QTest::newRow("24GB/70B/q4_K: no")
            << "meta-llama--Meta-Llama-3.1-70B_config.json"
            << "q4_K" << 0.0 << "rtx-4090" << qulonglong(8192) << false;
        QTest::newRow("24GB/30B-MoE/q8_0: no")
            << "Qwen--Qwen3-30B-A3B_config.json"
            << "q8_0" << 0.0 << "rtx-4090" << qulonglong(8192) << false;
        QTest::newRow("48GB/70B/q8_0: no") << "meta-llama--Meta-Llama-3.1-70B_config.json"
                                           << "q8_0" << 0.0 << "l40s" << qulonglong(8192) << false;
    }
    void tier2Table() {
        QFETCH(QString, configFile);
        QFETCH(QString, type);
        QFETCH(double, cardGiB);
        QFETCH(QString, catalogueGpu);
        QFETCH(qulonglong, context);
        QFETCH(bool, fits);
        const ModelSpec m = asGgufType(config(configFile.toStdString().c_str()),
                                       *gguf::ggmlTypeByName(type.toStdString()));
        LlamaCppInput in;
        in.model = &m;
        if (catalogueGpu.isEmpty()) {
            GpuSpec card = gpu("rtx-4090");
            card.usableMemoryBytes = std::uint64_t(gib(cardGiB));
            in.gpu = card;
        } else {
            in.gpu = gpu(catalogueGpu.toStdString().c_str());
        }
        in.host = findHost("ddr5-desktop").value();
        in.host.memoryBytes = std::uint64_t(128e9);
        in.context = context;
        in.gpuLayers = 99; // every layer on the GPU (no --fit placement)
        const auto p = planLlamaCpp(in).value();
        QVERIFY2(p.fitsGpu == fits, qPrintable(QString("GPU total %1 GiB of %2 GiB")
                                                   .arg(toGiB(double(p.gpu.total())))
                                                   .arg(toGiB(double(p.gpuCapacity)))));
    }
};

QTEST_GUILESS_MAIN(TestLlamaCpp)
#include "tst_llamacpp.moc"
