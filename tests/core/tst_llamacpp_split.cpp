// SPDX-License-Identifier: MIT
// llama.cpp over several GPUs (engine/llamacpp.h): the layer split of llama_model::load_tensors
// (split points from --tensor-split or equal shares, the output layer as the last slot), each
// GPU's own memory and fit, the -ts flag, the plan as JSON, and the -ngl and KV cache size rules
// of older releases.
#include "ggufwriter.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "import/gguf.h"
#include "import/ggufimport.h"
#include "util/units.h"

#include <numeric>

using namespace hostplan;

namespace {

ModelSpec llama8b() {
    return ggufwriter::llama31_8b_q4kmModel();
}

LlamaCppInput on4090s(const ModelSpec &m, std::uint32_t count) {
    LlamaCppInput in;
    in.model = &m;
    in.gpu = Catalogue::builtin().findGpu("rtx-4090").value();
    in.host = findHost("ddr5-desktop").value();
    in.gpuCount = count;
    in.context = 4096; // -c 4096: the split, not llama.cpp's default context, is under test
    return in;
}

constexpr std::uint64_t MiB = 1024 * 1024;

/// The llama-server line of llamaServerCommand's text (without the comments above it).
std::string commandLine(const std::string &text) {
    const std::size_t at = text.find("\nllama-server ");
    if (at == std::string::npos) {
        return {};
    }
    return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

} // namespace

class TestLlamaCppSplit : public QObject {
    Q_OBJECT

  private slots:
    void oneGpuIsTheWholeGpuSide() {
        const ModelSpec m = llama8b();
        const auto p = planLlamaCpp(on4090s(m, 1)).value();
        QCOMPARE(p.perGpu.size(), std::size_t(1));
        QCOMPARE(p.layersPerGpu, std::vector<std::uint32_t>{32});
        QCOMPARE(p.perGpu[0].total(), p.gpu.total());
        QCOMPARE(p.perGpu[0].kvCache, 512 * MiB);
        QCOMPARE(p.outputGpu, 0u);
    }

    void layerSplit_data() {
        QTest::addColumn<std::uint32_t>("gpus");
        QTest::addColumn<std::vector<double>>("split");
        QTest::addColumn<int>("ngl");
        QTest::addColumn<std::vector<std::uint32_t>>("layers");
        QTest::addColumn<std::uint32_t>("outputGpu");
        // Llama-3.1-8B: 32 layers + the output layer = 33 slots. Equal shares: split points
        // 0.5, 1; slot j goes to the first point above j / 33, so slots 0-16 (layers 0-16) on
        // GPU 0 and slots 17-32 (layers 17-31 and the output layer) on GPU 1.
        QTest::newRow("2 GPUs, equal")
            << 2u << std::vector<double>{} << -1 << std::vector<std::uint32_t>{17, 15} << 1u;
        // -ts 3,1: points 0.75, 1; 24/33 = 0.727 < 0.75 <= 25/33, so 25 layers on GPU 0.
        QTest::newRow("-ts 3,1") << 2u << std::vector<double>{3, 1} << -1
                                 << std::vector<std::uint32_t>{25, 7} << 1u;
        // -ngl 10: slots are layers 23-31 and the output layer; 5 each, the output on GPU 1.
        QTest::newRow("-ngl 10, equal")
            << 2u << std::vector<double>{} << 10 << std::vector<std::uint32_t>{5, 4} << 1u;
        // -ts 1,0: llama.cpp gives the second GPU nothing (its split point equals the first).
        QTest::newRow("-ts 1,0") << 2u << std::vector<double>{1, 0} << -1
                                 << std::vector<std::uint32_t>{32, 0} << 0u;
        // All zero: back to equal shares (llama.cpp's all_zero test).
        QTest::newRow("-ts 0,0") << 2u << std::vector<double>{0, 0} << -1
                                 << std::vector<std::uint32_t>{17, 15} << 1u;
        // Four GPUs: points 0.25, 0.5, 0.75, 1 -> slots 0-8, 9-16, 17-24, 25-32.
        QTest::newRow("4 GPUs") << 4u << std::vector<double>{} << -1
                                << std::vector<std::uint32_t>{9, 8, 8, 7} << 3u;
    }
    void layerSplit() {
        QFETCH(std::uint32_t, gpus);
        QFETCH(std::vector<double>, split);
        QFETCH(int, ngl);
        QFETCH(std::vector<std::uint32_t>, layers);
        QFETCH(std::uint32_t, outputGpu);
        const ModelSpec m = llama8b();
        LlamaCppInput in = on4090s(m, gpus);
        in.tensorSplit = split;
        if (ngl >= 0) {
            in.gpuLayers = std::uint32_t(ngl);
        }
        const auto p = planLlamaCpp(in).value();
        QCOMPARE(p.layersPerGpu, layers);
        QCOMPARE(p.outputGpu, outputGpu);
        QCOMPARE(p.perGpu.size(), std::size_t(gpus));
        // Each layer's KV cache (16 MiB at -c 4096, f16) lives with its layer.
        for (std::size_t d = 0; d < gpus; ++d) {
            QCOMPARE(p.perGpu[d].kvCache, layers[d] * 16 * MiB);
            QCOMPARE(p.perGpu[d].runtime, std::uint64_t(gib(kLlamaGpuRuntimeGiB)));
        }
        // Nothing is lost or counted twice: the GPUs together hold what one GPU would.
        LlamaCppInput one = in;
        one.gpuCount = 1;
        one.tensorSplit.clear();
        const auto single = planLlamaCpp(one).value();
        QCOMPARE(p.gpu.weights, single.gpu.weights);
        QCOMPARE(p.gpu.kvCache, single.gpu.kvCache);
        QCOMPARE(p.host.weights, single.host.weights);
        // Layer after layer at the same bandwidth: the same decode ceiling.
        QCOMPARE(p.tokensPerSecond, single.tokensPerSecond);
    }

    void computeBufferWhereTheStagesRun() {
        const ModelSpec m = llama8b();
        // Before PR #23861 (b9460): the logits stage of 512 rows, as the log's release had it.
        LlamaCppInput in = on4090s(m, 2);
        in.build = 9459;
        const auto p = planLlamaCpp(in).value();
        // The output GPU reserves the logits stage ("CUDA0 compute buffer size = 258.50 MiB"
        // for one GPU); the other GPU only a layer's stage, which is smaller for this model.
        // Every layer on the two GPUs runs them with pipeline parallelism (engine/llamacpp.h):
        // each GPU also holds 4 copies of its split inputs, the hidden state and the 4096-cell
        // KQ mask (f32, 512 tokens), the positions and, on the output GPU, the output ids.
        QCOMPARE(p.schedCopies, 4u);
        const std::uint64_t copies = 4 * 512 * 4 * std::uint64_t(4096 + 4096 + 1 + 1);
        QCOMPARE(p.perGpu[1].compute, std::uint64_t(258.5 * MiB) + copies);
        QVERIFY(p.perGpu[0].compute > 0);
        QVERIFY(p.perGpu[0].compute < p.perGpu[1].compute);
        // -ngl 32 (the output layer and 31 of the 32 layers) keeps block 0 on the CPU, which
        // turns the copies off: the output GPU's logits stage alone.
        LlamaCppInput partial = in;
        partial.gpuLayers = 32;
        const auto q = planLlamaCpp(partial).value();
        QCOMPARE(q.schedCopies, 1u);
        QCOMPARE(q.perGpu[1].compute, std::uint64_t(258.5 * MiB));
    }

    // common/fit.cpp @ 08033df0: with -c unset across several GPUs, --fit aims lower by
    // (GPUs + 1) x half a dense layer (each GPU takes whole layers) before it interpolates the
    // context; the result is the largest multiple of 256 under that target.
    void fitContextAcrossGpus() {
        const ModelSpec m = llama8b();
        LlamaCppInput in = on4090s(m, 2);
        in.context = 0;
        GpuSpec card = *in.gpu;
        card.usableMemoryBytes = std::uint64_t(gib(10.0));
        in.gpu = card;
        const auto fit = planLlamaCpp(in).value();
        QCOMPARE(fit.contextRule, LlamaContextRule::Fitted);
        QCOMPARE(fit.context % 256, std::uint64_t(0));
        const auto used = [](const LlamaCppPlan &p) {
            std::uint64_t u = 0;
            for (const LlamaCppSide &g : p.perGpu) {
                u += g.total() - g.runtime;
            }
            return u;
        };
        std::uint64_t target = 0;
        for (const LlamaCppSide &g : fit.perGpu) {
            target += fit.gpuCapacity - g.runtime - kLlamaFitMarginBytes;
        }
        target -= 3 * (fit.gpu.weights / 32) / 2; // 2 GPUs: 3 x half of 1/32 of the model
        QVERIFY(used(fit) <= target);
        // Linear between the projections at 4096 and at the training context (every layer,
        // split evenly, as --fit projects them), rounded down to 256.
        LlamaCppInput at = in;
        at.gpuLayers = 99;
        at.context = 4096;
        const std::uint64_t lo = used(planLlamaCpp(at).value());
        at.context = fit.trainingContext;
        const std::uint64_t hi = used(planLlamaCpp(at).value());
        std::uint64_t expect = 4096 + (fit.trainingContext - 4096) * (target - lo) / (hi - lo);
        QCOMPARE(fit.context, expect - expect % 256);
    }

    void fitIsPerGpu() {
        // Llama-3.1-70B as a uniform q4_K GGUF (~37 GiB) does not fit one RTX 4090, fits two
        // with equal shares, and not two split 9:1 (GPU 0 then holds ~90 % of the layers).
        const ModelSpec big = asGgufType(Catalogue::builtin().loadModel("llama-3.1-70b").value(),
                                         *gguf::ggmlTypeByName("q4_K"));
        LlamaCppInput in = on4090s(big, 1);
        in.host.memoryBytes = std::uint64_t(128e9);
        in.gpuLayers = 99; // every layer on the GPUs (no --fit placement)
        QVERIFY(!planLlamaCpp(in)->fitsGpu);
        in.gpuCount = 2;
        const auto two = planLlamaCpp(in).value();
        QVERIFY2(two.fitsGpu, qPrintable(QString::number(toGiB(double(two.perGpu[0].total())))));
        in.tensorSplit = {9, 1};
        const auto skewed = planLlamaCpp(in).value();
        QVERIFY(!skewed.fitsGpu);
        QVERIFY(skewed.perGpu[0].total() > skewed.gpuCapacity);
        QVERIFY(skewed.perGpu[1].total() < skewed.gpuCapacity);
    }

    void badSplitsAreRefused_data() {
        QTest::addColumn<std::uint32_t>("gpus");
        QTest::addColumn<std::vector<double>>("split");
        QTest::addColumn<QString>("field");
        QTest::newRow("0 GPUs") << 0u << std::vector<double>{} << "--gpus";
        QTest::newRow("17 GPUs") << 17u << std::vector<double>{} << "--gpus";
        QTest::newRow("too few proportions") << 3u << std::vector<double>{1, 1} << "--tensor-split";
        QTest::newRow("negative") << 2u << std::vector<double>{1, -1} << "--tensor-split";
        QTest::newRow("NaN") << 2u << std::vector<double>{1, std::nan("")} << "--tensor-split";
        QTest::newRow("inf") << 2u << std::vector<double>{1, HUGE_VAL} << "--tensor-split";
    }
    void badSplitsAreRefused() {
        QFETCH(std::uint32_t, gpus);
        QFETCH(std::vector<double>, split);
        QFETCH(QString, field);
        const ModelSpec m = llama8b();
        LlamaCppInput in = on4090s(m, gpus);
        in.tensorSplit = split;
        const auto p = planLlamaCpp(in);
        QVERIFY(!p.ok());
        QCOMPARE(QString::fromStdString(p.error().field), field);
    }

    void commandCarriesTheSplit() {
        const ModelSpec m = llama8b();
        LlamaCppInput in = on4090s(m, 2);
        in.tensorSplit = {3, 1};
        const std::string cmd = llamaServerCommand(in, planLlamaCpp(in).value());
        QVERIFY2(cmd.find(" -ngl 99 -ts 3,1 ") != std::string::npos, cmd.c_str());
        in.tensorSplit.clear(); // the default split needs no flag
        QVERIFY(commandLine(llamaServerCommand(in, planLlamaCpp(in).value())).find("-ts") ==
                std::string::npos);
    }

    void planAsJson() {
        const ModelSpec m = llama8b();
        LlamaCppInput in = on4090s(m, 2);
        in.tensorSplit = {3, 1};
        const auto p = planLlamaCpp(in).value();
        const auto j = llamaCppPlanJson(in, p);
        QCOMPARE(j["engine"].get<std::string>(), std::string("llama.cpp"));
        QCOMPARE(j["hardware"]["gpu_count"].get<int>(), 2);
        QCOMPARE(j["placement"]["layers_per_gpu"].get<std::vector<int>>(),
                 (std::vector<int>{25, 7}));
        QCOMPARE(j["placement"]["split_points"][0].get<double>(), 0.75);
        QCOMPARE(j["context"]["n_ctx"].get<std::uint64_t>(), std::uint64_t(4096));
        QCOMPARE(j["memory"]["gpus"].size(), std::size_t(2));
        std::uint64_t sum = 0;
        for (const auto &g : j["memory"]["gpus"]) {
            sum += g["total_bytes"].get<std::uint64_t>();
            QCOMPARE(g["capacity_bytes"].get<std::uint64_t>(), p.gpuCapacity);
        }
        QCOMPARE(sum, p.gpu.total());
        QCOMPARE(j["memory"]["host"]["output_buffer_bytes"].get<std::uint64_t>(),
                 p.host.outputBuffer);
        QCOMPARE(j["fits"].get<bool>(), p.fits());
        QCOMPARE(j["speed"]["tokens_per_s_one_sequence_ceiling"].get<double>(), p.tokensPerSecond);
        QCOMPARE(j["command"].get<std::string>(), llamaServerCommand(in, p));
        // Keys in the documented order (ordered_json keeps insertion order).
        QCOMPARE(j.begin().key(), std::string("engine"));
        QVERIFY(!j.contains("engine_build")); // only a named release is written
    }

    // The rule table, oldest first: each change with its first release and PRs; release 0
    // (the newest) follows every new rule, b1 none.
    void releaseRuleTable() {
        const auto &changes = llamaRuleChanges();
        QCOMPARE(changes.size(), std::size_t(12));
        const auto is = [&](std::size_t i, LlamaRule rule, std::string_view prs, unsigned build) {
            return changes[i].rule == rule && changes[i].prs == prs && changes[i].build == build;
        };
        QVERIFY(is(0, LlamaRule::PipelineParallel, "#6017", 2413));
        QVERIFY(is(1, LlamaRule::ServerSlotSequences, "#10187", 4038));
        QVERIFY(is(2, LlamaRule::MlaLatentCache, "#12801", 5138));
        QVERIFY(is(3, LlamaRule::KvStreams, "#14363", 5913));
        QVERIFY(is(4, LlamaRule::KvUnpadded, "#16812", 6868));
        QVERIFY(is(5, LlamaRule::KvPadded256, "#17046", 6975));
        QVERIFY(is(6, LlamaRule::MlaVlessCache, "#19067", 7824));
        QVERIFY(is(7, LlamaRule::OutputLayerFirst, "#18148", 7847));
        QVERIFY(is(8, LlamaRule::EmbeddingsInput, "#18550, #18898", 7847));
        QVERIFY(is(9, LlamaRule::FitPlacement, "#16653", 7847));
        QVERIFY(is(10, LlamaRule::F16FlashMask, "#23764", 9410));
        QVERIFY(is(11, LlamaRule::ServerOutputsPerSlot, "#23861, #23988", 9460));
        for (std::size_t i = 1; i < changes.size(); ++i) {
            QVERIFY(changes[i - 1].build <= changes[i].build); // oldest first
        }
        for (const LlamaRuleChange &c : changes) {
            QVERIFY(llamaFollows(0, c.rule));
            QVERIFY(llamaFollows(c.build, c.rule));
            QVERIFY(!llamaFollows(c.build - 1, c.rule));
            QVERIFY(!llamaFollows(1, c.rule));
        }
        QCOMPARE(llamaBuildText(0), std::string("newest"));
        QCOMPARE(llamaBuildText(5466), std::string("b5466"));
    }

    // The KV cache's cells by release (llamaKvSizing). gpt-oss-20b: 12 full-attention and 12
    // sliding-window layers (n_swa 128), K + V of 8 heads x 64 f16 = 2048 bytes per cell, so
    // with n_ubatch 512 the SWA cache wants 640 cells per stream. The newest releases pad n_ctx,
    // each stream and the SWA cache to 256 (PR #17046, b6975); b6868-b6974 pad nothing (PR
    // #16812); before, each stream and the SWA cache are padded to 256 with Flash Attention on
    // or auto and 32 with it off (b6182 with FA off: llama.cpp issue #16188's log, SWA cache
    // 640 cells, row O1).
    void kvCellsByRelease_data() {
        QTest::addColumn<uint>("build");
        QTest::addColumn<bool>("fa");
        QTest::addColumn<qulonglong>("asked"); // -c
        QTest::addColumn<uint>("streams");     // -np without -kvu: one stream per slot
        QTest::addColumn<qulonglong>("nCtx");
        QTest::addColumn<qulonglong>("perSlot");
        QTest::addColumn<qulonglong>("swaCells"); // over every stream
        QTest::newRow("newest -c 4100")
            << 0u << true << 4100ull << 1u << 4352ull << 4352ull << 768ull;
        QTest::newRow("newest -c 600") << 0u << true << 600ull << 1u << 768ull << 768ull << 768ull;
        // -np 3: n_ctx_seq = PAD(4096 / 3, 256) = 1536, n_ctx = 3 x 1536.
        QTest::newRow("newest -np 3 -c 4096")
            << 0u << true << 4096ull << 3u << 4608ull << 1536ull << 3 * 768ull;
        // -c 1 with -np 4: n_ctx 256, each stream PAD(64, 256) = 256 cells (llama.cpp pads a
        // small context up rather than refusing it).
        QTest::newRow("newest -np 4 -c 1")
            << 0u << true << 1ull << 4u << 1024ull << 256ull << 4 * 256ull;
        QTest::newRow("b6975 FA off -c 4100")
            << 6975u << false << 4100ull << 1u << 4352ull << 4352ull << 768ull;
        QTest::newRow("b6974 -c 4100")
            << 6974u << true << 4100ull << 1u << 4100ull << 4100ull << 640ull;
        QTest::newRow("b6868 -c 600")
            << 6868u << true << 600ull << 1u << 600ull << 600ull << 600ull;
        QTest::newRow("b6867 FA on -c 4100")
            << 6867u << true << 4100ull << 1u << 4352ull << 4352ull << 768ull;
        QTest::newRow("b6182 FA off -c 4100")
            << 6182u << false << 4100ull << 1u << 4128ull << 4128ull << 640ull;
        QTest::newRow("b6182 FA off -c 600")
            << 6182u << false << 600ull << 1u << 608ull << 608ull << 608ull;
        // Before b6975 the padded window is capped by the stream (min of n_ctx_seq and it).
        QTest::newRow("b6182 FA on -c 600")
            << 6182u << true << 600ull << 1u << 768ull << 768ull << 768ull;
        QTest::newRow("b6182 FA on -np 2 -c 1000")
            << 6182u << true << 1000ull << 2u << 1024ull << 512ull << 2 * 512ull;
    }
    void kvCellsByRelease() {
        QFETCH(uint, build);
        QFETCH(bool, fa);
        QFETCH(qulonglong, asked);
        QFETCH(uint, streams);
        QFETCH(qulonglong, nCtx);
        QFETCH(qulonglong, perSlot);
        QFETCH(qulonglong, swaCells);
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "gpt-oss-20b.gguf");
        LlamaCppInput in = on4090s(m, 1);
        in.build = build;
        in.flashAttention = fa;
        in.context = asked;
        in.parallel = streams;
        in.unifiedKv = false;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.context, std::uint64_t(nCtx));
        QCOMPARE(p.contextPerSlot, std::uint64_t(perSlot));
        QCOMPARE(p.gpu.kvCache + p.host.kvCache, 12 * 2048 * std::uint64_t(nCtx + swaCells));
        const LlamaKvSizing kv = llamaKvSizing(build, fa, asked, streams);
        QCOMPARE(kv.swaCells(640) * streams, std::uint64_t(swaCells));
    }

    // A context smaller than the slots: refused only where a stream would get no cells
    // (b6868-b6974 pad nothing, so -c 3 over -np 4 streams leaves each 0: llama_context throws
    // "n_ctx_seq == 0"); one unified stream takes the cells asked for.
    void contextSmallerThanSlots() {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "gpt-oss-20b.gguf");
        LlamaCppInput in = on4090s(m, 1);
        in.build = 6900;
        in.context = 3;
        in.parallel = 4;
        in.unifiedKv = false;
        const auto refused = planLlamaCpp(in);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().field, std::string("--context"));
        in.unifiedKv = true;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.context, std::uint64_t(3));
        QCOMPARE(p.contextPerSlot, std::uint64_t(3));
        in.build = 0;
        in.unifiedKv = false;
        QCOMPARE(planLlamaCpp(in)->contextPerSlot, std::uint64_t(256));
    }

    // The llama-server command: every flag with its reason as a comment above the line; -fa off
    // and -b when the plan has them.
    void serverCommandExplainsFlags() {
        const ModelSpec m = llama8b();
        LlamaCppInput in = on4090s(m, 2);
        in.modelPath = "llama-8b.gguf";
        in.parallel = 2;
        in.gpuLayers = 20;
        in.tensorSplit = {3, 1};
        in.flashAttention = false;
        in.batch = 1024;
        in.ubatch = 256;
        in.opOffload = false;
        const std::string text = llamaServerCommand(in, planLlamaCpp(in).value());
        const std::size_t at = text.find("\nllama-server ");
        QVERIFY2(at != std::string::npos, text.c_str());
        QCOMPARE(commandLine(text),
                 std::string("llama-server -m llama-8b.gguf -c 4096 -np 2 -ngl 20 -ts 3,1 "
                             "-fa off -b 1024 -ub 256 --no-op-offload --host 0.0.0.0 "
                             "--port 8080"));
        for (const char *flag : {"# -m llama-8b.gguf: ", "# -c 4096: ", "# -np 2: ", "# -ngl 20: ",
                                 "# -ts 3,1: ", "# -fa off: ", "# -b 1024: ", "# -ub 256: ",
                                 "# --no-op-offload: ", "# --host 0.0.0.0 --port 8080: "}) {
            QVERIFY2(text.find(flag) < at, flag);
        }
        QVERIFY(text.find("# -ngl 20: 19 of 32 layers on the GPU with the output layer") < at);
    }

    // -ngl by release (llama_model::load_tensors): since PR #18148 it counts the output layer
    // first, so -ngl 30 of 48 layers is the output layer and blocks 19-47; before (b5466, the
    // log of llama.cpp issue #13729) it counts the repeating layers: blocks 18-47, the output
    // layer on the GPU only past -ngl 48. The plan says which rules it used.
    void gpuLayersByRelease() {
        const ModelSpec m =
            ggufwriter::modelOf(ggufwriter::qwen3_30b_a3b_q4km(100), "qwen3-30b-a3b.gguf");
        LlamaCppInput in = on4090s(m, 1);
        in.gpuLayers = 30;
        const LlamaCppPlan now = planLlamaCpp(in).value();
        QCOMPARE(now.layersOnGpu, 29u);
        QVERIFY(now.outputOnGpu);
        in.build = 5466;
        const LlamaCppPlan old = planLlamaCpp(in).value();
        QCOMPARE(old.build, 5466u);
        QCOMPARE(old.layersOnGpu, 30u);
        QVERIFY(!old.outputOnGpu);
        // The log's buffers, to the byte of the mirrored header: 10750.86 MiB on the GPU, 6940.48
        // MiB (blocks 0-17, token_embd and the q6_K output) mapped on the CPU.
        QCOMPARE(old.gpu.weights, std::uint64_t(11273091072));
        QCOMPARE(old.host.weights, std::uint64_t(7277625344));
        QCOMPARE(old.gpu.weights + old.host.weights, m.weightBytes());
        QCOMPARE(now.gpu.weights + now.host.weights, m.weightBytes());
        QVERIFY(now.host.weights != old.host.weights);
        bool noted = false;
        for (const std::string &n : old.notes) {
            noted = noted || n.find("b5466 predates b7847 (PR #18148") != std::string::npos;
        }
        QVERIFY(noted);
        // -ngl 48 of 48: the old rule keeps the output layer on the CPU, the new one block 0.
        in.gpuLayers = 48;
        QCOMPARE(planLlamaCpp(in)->layersOnGpu, 48u);
        QVERIFY(!planLlamaCpp(in)->outputOnGpu);
        in.gpuLayers = 49;
        QVERIFY(planLlamaCpp(in)->outputOnGpu);
        in.build = 0;
        in.gpuLayers = 48;
        QCOMPARE(planLlamaCpp(in)->layersOnGpu, 47u);
        QVERIFY(planLlamaCpp(in)->outputOnGpu);
        // The command line is the release's own: -ngl as given (the comments above it say
        // where each release puts the layers).
        in.build = 5466;
        in.gpuLayers = 30;
        const std::string cmd = commandLine(llamaServerCommand(in, planLlamaCpp(in).value()));
        QVERIFY(cmd.find(" -ngl 30 ") != std::string::npos);
        in.build = 0;
        QCOMPARE(commandLine(llamaServerCommand(in, planLlamaCpp(in).value())), cmd);
        // JSON names a named release.
        in.build = 5466;
        QCOMPARE(llamaCppPlanJson(in, planLlamaCpp(in).value())["engine_build"].get<std::string>(),
                 std::string("b5466"));
        in.build = kLlamaMaxBuild + 1;
        QVERIFY(!planLlamaCpp(in).ok());
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppSplit)
#include "tst_llamacpp_split.moc"
