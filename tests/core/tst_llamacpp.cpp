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

} // namespace

class TestLlamaCpp : public QObject {
    Q_OBJECT

  private slots:
    void llama8bStartupBuffers() {
        // llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -ngl 99 (defaults -c 4096,
        // -np 1, -ub 512, f16 KV, Flash Attention auto = on) logs "KV buffer size = 512.00
        // MiB", "CUDA_Host output buffer size = 0.49 MiB", "CUDA0 compute buffer size =
        // 258.50 MiB", "CUDA_Host compute buffer size = 16.01 MiB".
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
        auto p = planLlamaCpp(in);
        QVERIFY(p.ok());
        QCOMPARE(p->context, std::uint64_t(4096)); // llama-server's default, not 131072
        QCOMPARE(p->gpu.kvCache, std::uint64_t(512 * MiB));
        QCOMPARE(p->host.outputBuffer, std::uint64_t(128256) * 4);        // 0.49 MiB
        QCOMPARE(p->gpu.compute, std::uint64_t(128256 + 4096) * 512 * 4); // 258.50 MiB
        COMPARE_NEAR(p->host.compute, 16.01 * MiB, 0, 0.03);
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
        const auto p = planLlamaCpp(in).value();
        const std::uint64_t cell = 2 * 256 * 2; // K + V rows of 256 f16
        QCOMPARE(p.gpu.kvCache, 2 * cell * 32768 + 10 * cell * 1024);
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
        QVERIFY(!planLlamaCpp([&] {
                     auto x = in;
                     x.context = 2;
                     return x;
                 }())
                     .ok());
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

    void offloadSpeed() {
        // Host RAM at 89.6 GB/s against GDDR6X at 1008 GB/s: half the layers in RAM makes the
        // RAM part most of each step.
        const ModelSpec m = llama8b();
        LlamaCppInput in;
        in.model = &m;
        in.gpu = gpu("rtx-4090");
        in.host = findHost("ddr5-desktop").value();
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
        const auto p = planLlamaCpp(in).value();
        QVERIFY2(p.fitsGpu == fits, qPrintable(QString("GPU total %1 GiB of %2 GiB")
                                                   .arg(toGiB(double(p.gpu.total())))
                                                   .arg(toGiB(double(p.gpuCapacity)))));
    }
};

QTEST_GUILESS_MAIN(TestLlamaCpp)
#include "tst_llamacpp.moc"
