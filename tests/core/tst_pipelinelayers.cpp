// SPDX-License-Identifier: MIT
// Pipeline stages hold the layers they really hold: the importer records which decoder layers
// each tensor group and each attention kind sit in (TensorGroup::layerParams,
// LayerGroup::ranges), and a stage's weights, replicated projections and KV cache follow its own
// range of layers (engine/pipelinestage.h), not an even share of the model. Real configs from
// tests/data/configs (sources in its README.md).
#include "engine/enginememory.h"
#include "engine/pipelinestage.h"
#include "goldenmemory.h"
#include "import/modelimport.h"
#include "plan/planjson.h"
#include "plan/plantext.h"
#include "plantestutil.h"
#include "scenario/scenario.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace hostplan;

namespace {

std::string readConfig(const char *file) {
    std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) + "/configs/" + file);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

/// The groups of `m` with `role`.
std::vector<const TensorGroup *> groupsOf(const ModelSpec &m, GroupRole role) {
    std::vector<const TensorGroup *> out;
    for (const auto &g : m.groups) {
        if (g.role == role && g.params > 0) {
            out.push_back(&g);
        }
    }
    return out;
}

/// The stage of `layers` consecutive decoder layers from `first`, neither first nor last.
PipelineStage middleStage(std::uint32_t first, std::uint32_t layers) {
    PipelineStage s;
    s.firstLayer = first;
    s.layers = layers;
    s.first = s.last = false;
    return s;
}

} // namespace

class tst_PipelineLayers : public QObject {
    Q_OBJECT

  private slots:
    // The share rule on a hand-made group: 300 of 1,000 parameters in layers 2 to 4, the other
    // 700 spread over the 10 layers.
    void layerShareRule() {
        TensorGroup g;
        g.params = 1000;
        appendRun(g.layerParams, 2, 3, 100);
        QCOMPARE(layerShare(g, LayerRange{0, 5}, 10), 0.65);
        QCOMPARE(layerShare(g, LayerRange{5, 5}, 10), 0.35);
        QCOMPARE(layerShare(g, LayerRange{3, 1}, 10), 0.17);
        QVERIFY(runsTotal(g.layerParams) < g.params);
        g.params = 300;
        QVERIFY(runsTotal(g.layerParams) >= g.params);
        QCOMPARE(layerShare(g, LayerRange{0, 3}, 10), 1.0 / 3.0);
        QCOMPARE(layerShare(g, LayerRange{5, 5}, 10), 0.0);
        g.layerParams.clear(); // unknown: the even share
        QCOMPARE(layerShare(g, LayerRange{0, 4}, 10), 0.4);
        QCOMPARE(layerShare(g, LayerRange{0, 4}, 0), 0.0);

        LayerGroup full;
        full.count = 3;
        for (const std::uint32_t layer : {3u, 7u, 11u}) {
            appendRun(full.ranges, layer, 1, 1);
        }
        QCOMPARE(layersInRange(full, LayerRange{0, 5}, 12), 1u);
        QCOMPARE(layersInRange(full, LayerRange{4, 3}, 12), 0u);
        QCOMPARE(layersInRange(full, LayerRange{4, 8}, 12), 2u);
        full.ranges.clear(); // unknown: ceil(3 x 5 / 12)
        QCOMPARE(layersInRange(full, LayerRange{0, 5}, 12), 2u);
    }

    // The import records where the parameters are: DeepSeek-V3's first three layers are dense
    // (first_k_dense_replace 3), its other 58 hold 256 routed experts of 3 x 7,168 x 2,048.
    void importRecordsLayers() {
        const ModelSpec ds = golden::dataConfigModel("deepseek-ai--DeepSeek-V3_config.json", "ds");
        const auto routed = groupsOf(ds, GroupRole::RoutedExperts);
        QCOMPARE(routed.size(), std::size_t(1));
        QCOMPARE(routed[0]->layerParams.size(), std::size_t(1));
        QCOMPARE(routed[0]->layerParams[0].first, 3u);
        QCOMPARE(routed[0]->layerParams[0].count, 58u);
        QCOMPARE(routed[0]->layerParams[0].perLayer, 256ull * 3 * 7168 * 2048);
        QCOMPARE(runsTotal(routed[0]->layerParams), routed[0]->params);
        const auto dense = groupsOf(ds, GroupRole::DenseMlp);
        QCOMPARE(dense.size(), std::size_t(1));
        QCOMPARE(dense[0]->layerParams.size(), std::size_t(1));
        QCOMPARE(dense[0]->layerParams[0].first, 0u);
        QCOMPARE(dense[0]->layerParams[0].count, 3u);
        QCOMPARE(dense[0]->layerParams[0].perLayer, 3ull * 7168 * 18432);
        QCOMPARE(ds.layers.size(), std::size_t(1));
        QCOMPARE(ds.layers[0].ranges.size(), std::size_t(1));
        QCOMPARE(ds.layers[0].ranges[0].count, 61u);

        // Qwen3.5-122B-A10B: full attention in every fourth layer (3, 7, ..., 47), Gated
        // DeltaNet in the others.
        const ModelSpec q =
            golden::dataConfigModel("Qwen--Qwen3.5-122B-A10B_config.json", "qwen3.5");
        for (const LayerGroup &l : q.layers) {
            if (l.kind == AttentionKind::Linear) {
                QCOMPARE(l.count, 36u);
                QCOMPARE(l.ranges.size(), std::size_t(12));
                QCOMPARE(l.ranges[1].first, 4u);
                QCOMPARE(l.ranges[1].count, 3u);
            } else {
                QCOMPARE(l.count, 12u);
                QCOMPARE(l.ranges.size(), std::size_t(12));
                QCOMPARE(l.ranges[0].first, 3u);
                QCOMPARE(l.ranges[11].first, 47u);
                QCOMPARE(l.ranges[11].count, 1u);
            }
        }
    }

    // DeepSeek-V3 on TP 8 x PP 2 under vLLM (get_pp_indices: 31 and 30 layers): the first stage
    // holds the three dense layers and 28 MoE layers, the second 30 MoE layers. Before, each
    // stage had an even share of the experts and the dense MLP, so the first stage carried
    // 31/61 x 58 - 28 = 1.5 MoE layers (2 GB per GPU) it does not hold,
    // less the 1.5 dense layers it does.
    void stagesHoldTheirLayers() {
        const ModelSpec ds = golden::dataConfigModel("deepseek-ai--DeepSeek-V3_config.json", "ds");
        const std::vector<PipelineStage> st = pipelineStages(vllmPipelineLayers(61, 2));
        QCOMPARE(st.size(), std::size_t(2));
        QCOMPARE(st[0].firstLayer, 0u);
        QCOMPARE(st[1].firstLayer, 31u);
        QCOMPARE(st[1].layers, 30u);
        QVERIFY(st[0].first && !st[0].last && st[1].last);
        for (const PipelineStage &s : st) {
            double expected = 0;
            for (const auto &g : ds.groups) {
                const double perGpu = g.placement == Placement::Replicated
                                          ? double(g.bytes())
                                          : std::ceil(double(g.bytes()) / 8);
                switch (g.role) {
                case GroupRole::Embedding:
                    expected += s.first ? perGpu : 0;
                    break;
                case GroupRole::LmHead:
                    expected += s.last ? perGpu : 0;
                    break;
                case GroupRole::DenseMlp:
                    expected += s.first ? perGpu : 0;
                    break;
                case GroupRole::RoutedExperts:
                case GroupRole::SharedExperts:
                    expected += perGpu * (s.first ? 28.0 : 30.0) / 58.0;
                    break;
                default: // attention, routers and norms: near the stage's share of the layers
                    expected += perGpu * layerShare(g, stageRange(s), 61);
                }
            }
            const double got = double(stageCheckpointBytes(ds, 8, 61, s));
            QVERIFY2(
                std::abs(got - expected) < 64.0 * 1024,
                qPrintable(QStringLiteral("rank %1: %2 vs %3").arg(s.rank).arg(got).arg(expected)));
        }
        // The even-share rule the stages had before, for the size of the change.
        ModelSpec even = ds;
        for (auto &g : even.groups) {
            g.layerParams.clear();
        }
        const double moeLayerPerGpu = 256.0 * 3 * 7168 * 2048 / 8; // FP8: a byte a weight
        const double moved = double(stageCheckpointBytes(even, 8, 61, st[0])) -
                             double(stageCheckpointBytes(ds, 8, 61, st[0]));
        QVERIFY2(moved > 1.4 * moeLayerPerGpu && moved < 1.5 * moeLayerPerGpu,
                 qPrintable(QString::number(moved)));
        // vLLM's whole terms: the second stage is the heavier one.
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryTerms t =
            vllmMemoryModel().terms(golden::rowInput(ds, h200, {8, 1, 2}, Engine::Vllm, 8192));
        QCOMPARE(t.stages.size(), std::size_t(2));
        QVERIFY(t.stages[1].weights > t.stages[0].weights);
    }

    // A ModelOpt FP8 checkpoint that keeps Llama-3.1-8B's first eight layers in BF16
    // (exclude_modules "model.layers.[0-7].*"): at PP 2 (16 + 16 layers) those eight layers
    // load on the first stage, one byte more per weight: 8 x (41,943,040 attention +
    // 176,160,768 MLP) bytes more than the second stage, whose LM head is as large as the first
    // stage's embedding. The even share had put half of it on each.
    void keptLayersLoadOnTheirStage() {
        const std::string quant =
            R"({"quantization":{"quant_algo":"FP8","exclude_modules":["lm_head",
            "model.layers.[0-7].*"]}})";
        const auto m = importHfConfigText(readConfig("meta-llama--Meta-Llama-3.1-8B_config.json"),
                                          "llama", quant);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::vector<PipelineStage> st = pipelineStages(vllmPipelineLayers(32, 2));
        const double first = double(stageCheckpointBytes(*m, 1, 32, st[0]));
        const double second = double(stageCheckpointBytes(*m, 1, 32, st[1]));
        const double expected = 8.0 * (41943040.0 + 176160768.0);
        QVERIFY2(std::abs(first - second - expected) < 1024.0 * 1024,
                 qPrintable(QString::number(first - second, 'f', 0)));
    }

    // Qwen3.5-122B-A10B on PP 5 under vLLM (9, 10, 10, 10, 9 layers): a stage's KV cache is that
    // of the full-attention layers it holds (2, 2, 3, 2, 3), its state that of its Gated
    // DeltaNet layers; an even share would give each stage ceil(12 x 10 / 48) = 3.
    void stageKvFollowsLayerKinds() {
        const ModelSpec q =
            golden::dataConfigModel("Qwen--Qwen3.5-122B-A10B_config.json", "qwen3.5");
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryInput whole = golden::rowInput(q, h200, {1, 1, 5}, Engine::Vllm, 8192);
        const std::vector<PipelineStage> st = pipelineStages(vllmPipelineLayers(48, 5));
        const std::vector<std::uint32_t> full{2, 2, 3, 2, 3};
        for (const PipelineStage &s : st) {
            const EngineKvLayout k = engineKvLayout(stageInput(whole, s));
            // Two KV heads of 256 dims, K and V, bf16, per full-attention layer.
            QCOMPARE(k.fullLayers, full[s.rank]);
            QCOMPARE(k.fullBytesPerToken, full[s.rank] * 2ull * 256 * 2 * 2);
            QCOMPARE(k.stateLayers, s.layers - full[s.rank]);
        }
        // Stages 1 and 3 hold 10 layers each but not the same kinds as stage 2.
        QVERIFY(!sameStageLayers(q, st[1], st[2]));
        QVERIFY(sameStageLayers(q, st[1], st[3]));

        // SGLang (9, 9, 10, 10, 10 layers: 2, 2, 3, 2, 3 full-attention layers) sizes every
        // rank's token count by the largest cell, a stage with three attention layers, and
        // each rank's own count by its own cell.
        EngineMemoryInput sg = golden::rowInput(q, h200, {1, 1, 5}, Engine::Sglang, 8192);
        sg.memoryFraction = 0.85;
        const EngineMemoryTerms t = sglangMemoryModel().terms(sg);
        QCOMPARE(t.kvBytesPerToken, 3ull * 2048);
        QCOMPARE(t.stages.size(), std::size_t(5));
        const std::vector<std::uint64_t> sgFull{2, 2, 3, 2, 3};
        for (const PipelineStageMemory &m : t.stages) {
            QCOMPARE(m.kvTokens, std::uint64_t(m.kvPoolBytes) / (sgFull[m.rank] * 2048));
        }
        QCOMPARE(t.stages[2].firstLayer, 18u);
    }

    // What a user sees: DeepSeek V3 on 16 H200 at TP 8 x PP 2 under vLLM lists each stage's
    // layers, weights, pool and tokens in the text and the JSON, and the plan's per-GPU weights
    // are the heavier stage's (the second, with 30 MoE layers and the LM head).
    void planShowsStages() {
        Scenario s = defaultScenario();
        s.model.ref = "deepseek-v3";
        s.hardware.gpu = "h200";
        s.hardware.gpuCount = 16;
        s.hardware.tp = 8;
        s.hardware.ep = 1;
        s.hardware.pp = 2;
        s.engine.engine = Engine::Vllm;
        s.pricing.apiPriceId.clear();
        const PlanResult p = planOf(s);
        const auto &stages = p.memory.engine.stages;
        QCOMPARE(stages.size(), std::size_t(2));
        QCOMPARE(stages[1].firstLayer, 31u);
        QVERIFY(stages[1].weights > stages[0].weights);
        QCOMPARE(p.memory.perGpu.weights, stages[p.memory.engine.pipelineRank].weights);
        std::ostringstream text;
        writePlanText(p, text);
        QVERIFY2(text.str().find("  stage 0 (layers 0-30): weights ") != std::string::npos,
                 text.str().c_str());
        QVERIFY(text.str().find("  stage 1 (layers 31-60): weights ") != std::string::npos);
        const auto json = planToJson(p);
        const auto &js = json["memory"]["engine"]["pipeline_stages"];
        QCOMPARE(js.size(), std::size_t(2));
        QCOMPARE(js[1]["first_layer"].get<std::uint32_t>(), 31u);
        QCOMPARE(js[1]["layers"].get<std::uint32_t>(), 30u);
        QCOMPARE(js[0]["weights_bytes"].get<std::uint64_t>(), stages[0].weights);
    }

    // Every stage's share adds up to the whole model: Nemotron-H's 52 blocks of
    // NVIDIA-Nemotron-3-Nano-30B-A3B (23 Mamba, 6 attention, 23 MoE) are what the stages split,
    // its mixers listed at their blocks; before, the stages split the 29 mixers while the
    // weights sat at block indices up to 51, and half the model went missing at PP 2.
    void stagesAddUpToTheModel() {
        const ModelSpec nano = golden::dataConfigModel(
            "nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json", "nemotron-3-nano");
        QCOMPARE(nano.decoderLayers(), 52u);
        std::uint64_t mixers = 0;
        for (const LayerGroup &l : nano.layers) {
            QCOMPARE(std::uint64_t(runsIn(l.ranges, LayerRange{0, 52})), std::uint64_t(l.count));
            mixers += l.count;
        }
        QCOMPARE(mixers, 29ull);
        for (const std::uint32_t pp : {2u, 3u, 8u}) {
            const std::vector<PipelineStage> st = pipelineStages(vllmPipelineLayers(52, pp));
            double sum = 0;
            std::uint64_t kinds = 0;
            for (const PipelineStage &s : st) {
                sum += double(stageCheckpointBytes(nano, 1, 52, s));
                for (const LayerGroup &l : nano.layers) {
                    kinds += layersInRange(l, stageRange(s), 52);
                }
            }
            QVERIFY2(std::abs(sum / double(nano.weightBytes()) - 1) < 1e-6,
                     qPrintable(QStringLiteral("PP %1: %2 of %3")
                                    .arg(pp)
                                    .arg(sum)
                                    .arg(double(nano.weightBytes()))));
            QCOMPARE(kinds, 29ull);
        }
    }

    // A tied embedding (stored once, as the LM head) loads on the first stage, as the input
    // embedding, and on the last, as the head: gemma-2b-it (18 layers) at PP 3 holds 6 layers
    // on each stage, and the first and the last carry the 256,000 x 2,048 matrix each.
    void tiedEmbeddingOnFirstAndLast() {
        const ModelSpec g = golden::dataConfigModel("google--gemma-2b-it_config.json", "gemma");
        const std::vector<PipelineStage> st = pipelineStages(vllmPipelineLayers(18, 3));
        const std::uint64_t first = stageCheckpointBytes(g, 1, 18, st[0]);
        const std::uint64_t middle = stageCheckpointBytes(g, 1, 18, st[1]);
        const std::uint64_t last = stageCheckpointBytes(g, 1, 18, st[2]);
        const std::uint64_t matrix = 256000ull * 2048 * 2;
        QVERIFY2(first - middle >= matrix && first - middle < matrix + 1024 * 1024,
                 qPrintable(QString::number(first - middle)));
        QVERIFY(last >= middle + matrix && last < middle + matrix + 1024 * 1024);
    }

    // A stage that holds no attention or state layer caches nothing and limits nothing:
    // Qwen3.5-122B-A10B at PP 16 under TensorRT-LLM (3 layers a stage) has a first stage of
    // Gated DeltaNet layers only (0-2) and others with one full-attention layer; the engine's
    // token count is theirs, not the first stage's 0.
    void cachelessStageLimitsNothing() {
        const ModelSpec q =
            golden::dataConfigModel("Qwen--Qwen3.5-122B-A10B_config.json", "qwen3.5");
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryTerms t = trtllmMemoryModel().terms(
            golden::rowInput(q, h200, {1, 1, 16}, Engine::TensorRtLlm, 8192));
        QCOMPARE(t.stages.size(), std::size_t(16));
        QCOMPARE(t.stages[0].kvTokens, 0ull);
        QVERIFY(t.pipelineRank != 0);
        QVERIFY(t.kvTokens > 0);
        QVERIFY(t.kvBytesPerToken > 0);
        std::uint64_t least = ~0ull;
        for (const PipelineStageMemory &m : t.stages) {
            least = m.kvTokens > 0 ? std::min(least, m.kvTokens) : least;
        }
        QCOMPARE(t.kvTokens, least);
    }

    // A request's blocks are counted on the limiting stage's own layers: Qwen3.5-122B-A10B at
    // PP 16 under vLLM is limited by its last stage (layers 45-47: one full-attention layer,
    // two Gated DeltaNet); counted from layer 0 (three Gated DeltaNet layers, no attention) a
    // request of 32,768 tokens took state pages only and 8,754 of them "fit". vLLM's own
    // concurrency is at most its token count x groups / context (four KV groups here).
    void requestsCountTheStageLayers() {
        const ModelSpec q =
            golden::dataConfigModel("Qwen--Qwen3.5-122B-A10B_config.json", "qwen3.5");
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryInput in = golden::rowInput(q, h200, {1, 1, 16}, Engine::Vllm, 32768);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.stageFirstLayer, 45u);
        const EngineStartup s = engineStartup(Engine::Vllm, in);
        QVERIFY(s.starts());
        QVERIFY2(double(s.sequencesAtContext) * 32768 <= 4.0 * double(t.kvTokens) &&
                     double(s.sequencesAtContext) * 32768 >= double(t.kvTokens),
                 qPrintable(QStringLiteral("%1 sequences, %2 tokens")
                                .arg(s.sequencesAtContext)
                                .arg(t.kvTokens)));
    }

    // vLLM 0.14.0 to 0.15.x check one request of max_model_len against the whole model's KV
    // cache on every stage (vllmWholeModelPipelineCheckNote). Qwen3-Coder-30B-A3B-FP8's
    // attention (48 layers, 4 KV heads of 128, bf16 KV: 98,304 B a token) is Qwen3-30B-A3B's;
    // vllm#34076 logs "24.0 GiB KV cache is needed" for 262,144 tokens at PP 2, and an estimated
    // length of the stage's pool over that, in blocks of 16. At PP 2 on 40 GB A100s each stage
    // holds its own 24 layers' request (12 GiB) but not the whole model's.
    void wholeModelCheckOfVllm015() {
        ModelSpec q = golden::dataConfigModel("Qwen--Qwen3-30B-A3B-FP8_config.json", "q");
        q.maxContextTokens = 262144; // Qwen3-Coder-30B-A3B's positions
        const GpuSpec a100 = golden::loggedGpu("NVIDIA A100-SXM4-40GB", 39.50, false);
        // The note of a plan: its vLLM terms and start-up verdict, as the plan has them.
        const auto noteFor = [](const EngineMemoryInput &input) {
            return vllmWholeModelPipelineCheckNote(input, vllmMemoryModel().terms(input),
                                                   engineStartup(Engine::Vllm, input).outcome);
        };
        const EngineMemoryInput in = golden::rowInput(q, a100, {1, 1, 2}, Engine::Vllm, 262144);
        QVERIFY(engineStartup(Engine::Vllm, in).starts());
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.stages.size(), std::size_t(2));
        const std::string note = noteFor(in);
        QVERIFY2(note.find("24.00 GiB for 262,144 tokens") != std::string::npos, note.c_str());
        // The first stage whose pool is below the whole model's need, and vLLM's estimate.
        const PipelineStageMemory &st =
            t.stages[0].kvPoolBytes < std::int64_t(24ll << 30) ? t.stages[0] : t.stages[1];
        QVERIFY(st.kvPoolBytes > std::int64_t(12ll << 30) && st.kvPoolBytes < (24ll << 30));
        // The length that starts fits the smallest stage pool.
        const std::int64_t smallest = std::min(t.stages[0].kvPoolBytes, t.stages[1].kvPoolBytes);
        const std::uint64_t estimate = std::uint64_t(smallest) / (98304 * 16) * 16;
        const std::string stage = "stage " + std::to_string(st.rank) + "'s";
        QVERIFY2(note.find(stage) != std::string::npos, note.c_str());
        QVERIFY2(note.find("at most " + std::to_string(estimate) + ";") != std::string::npos,
                 note.c_str());
        // Within every stage's pool, at PP 1, or above the model's maximum (which the plan
        // refuses already): nothing to say.
        QVERIFY(noteFor(golden::rowInput(q, a100, {1, 1, 2}, Engine::Vllm, 4 * q.maxContextTokens))
                    .empty());
        QVERIFY(noteFor(golden::rowInput(q, a100, {1, 1, 2}, Engine::Vllm, 65536)).empty());
        QVERIFY(noteFor(golden::rowInput(q, a100, {2, 1, 1}, Engine::Vllm, 262144)).empty());
    }

    // vLLM's MXFP4 expert layout extras follow the MoE layers a stage holds: DeepSeek-V3 with
    // MXFP4 experts at TP 8 x PP 2 (31 + 30 layers) holds 28 and 30 of its 58 MoE layers, where
    // ceil(58 / 2) = 29 each was charged before. Hopper, Triton, v0.19: the swizzled scale copy
    // and fp32 biases per expert, times the stage's MoE layers.
    void mxfp4ExtrasFollowStageMoeLayers() {
        ModelSpec ds = golden::dataConfigModel("deepseek-ai--DeepSeek-V3_config.json", "ds");
        const auto mx = parseNumberFormat("mxfp4");
        QVERIFY(mx.ok());
        for (TensorGroup &g : ds.groups) {
            g.format = g.role == GroupRole::RoutedExperts ? *mx : g.format;
        }
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const auto layout = [&](LayerRange r) {
            return vllmMxfp4LayoutBytes(ds, 8, 1, r, MoeKernel::Triton, h200, VllmProfile::V1v19);
        };
        const std::uint64_t all =
            vllmMxfp4LayoutBytes(ds, 8, 1, 1, MoeKernel::Triton, h200, VllmProfile::V1v19);
        QVERIFY(all > 0);
        QCOMPARE(all % 58, 0ull);
        const std::vector<PipelineStage> st = pipelineStages(vllmPipelineLayers(61, 2));
        QCOMPARE(layout(stageRange(st[0])), all / 58 * 28);
        QCOMPARE(layout(stageRange(st[1])), all / 58 * 30);
        QCOMPARE(vllmMxfp4LayoutBytes(ds, 8, 1, 2, MoeKernel::Triton, h200, VllmProfile::V1v19),
                 all / 58 * 29);
        // Marlin pads neither 7168 (a multiple of 256) nor 2048 / 8 (of 128): nothing on any
        // stage. Without placed experts, the even share of the stage's layers.
        QCOMPARE(mxfp4PaddingBytes(ds, 8, 1, stageRange(st[1]), MoeKernel::Marlin), 0ull);
        ModelSpec even = ds;
        for (TensorGroup &g : even.groups) {
            g.layerParams.clear();
        }
        const std::uint64_t evenFirst = vllmMxfp4LayoutBytes(
            even, 8, 1, stageRange(st[0]), MoeKernel::Triton, h200, VllmProfile::V1v19);
        QCOMPARE(evenFirst, all / 58 * 30); // ceil(58 x 31 / 61) = 30
    }

    // vLLM replicates KV projections per stage for the attention layers the stage holds:
    // Qwen3.5-122B-A10B (two KV heads) at TP 4 x PP 5 holds 2, 2, 3, 2 and 3 of its 12
    // full-attention layers, not ceil(12 / 5) = 3 on every stage.
    void kvReplicationFollowsStageLayers() {
        const ModelSpec q =
            golden::dataConfigModel("Qwen--Qwen3.5-122B-A10B_config.json", "qwen3.5");
        const std::uint64_t all = kvReplicationBytes(q, 4, 1);
        QVERIFY(all > 0);
        QCOMPARE(all % 12, 0ull);
        const GpuSpec h200 = golden::loggedGpu("NVIDIA H200", 139.8, true);
        const EngineMemoryTerms t =
            vllmMemoryModel().terms(golden::rowInput(q, h200, {4, 1, 5}, Engine::Vllm, 8192));
        const std::vector<std::uint64_t> full{2, 2, 3, 2, 3};
        QCOMPARE(t.weightReplication, all / 12 * full[t.pipelineRank]);
        for (const PipelineStage &s : pipelineStages(vllmPipelineLayers(48, 5))) {
            QCOMPARE(kvReplicationBytes(q, 4, stageRange(s)), all / 12 * full[s.rank]);
        }
    }

    // A vision tower loads whole (its TP shard) on every stage: vLLM, SGLang and TensorRT-LLM
    // build it on every pipeline rank (pipelinestage.h stageCheckpointBytes).
    void visionTowerOnEveryStage() {
        const ModelSpec vl =
            golden::dataConfigModel("Qwen--Qwen3-VL-8B-Instruct_config.json", "qwen3-vl");
        ModelSpec text = vl;
        std::erase_if(text.groups,
                      [](const TensorGroup &g) { return g.role == GroupRole::Vision; });
        std::uint64_t tower = 0;
        for (const TensorGroup *g : groupsOf(vl, GroupRole::Vision)) {
            tower += g->placement == Placement::Replicated ? g->bytes() : (g->bytes() + 1) / 2;
        }
        QVERIFY(tower > 500'000'000ull);
        const std::uint32_t layers = vl.decoderLayers();
        for (const PipelineStage &s : pipelineStages(vllmPipelineLayers(layers, 2))) {
            QCOMPARE(stageCheckpointBytes(vl, 2, layers, s) -
                         stageCheckpointBytes(text, 2, layers, s),
                     tower);
        }
        QCOMPARE(stageCheckpointBytes(vl, 2, layers, middleStage(10, 12)) -
                     stageCheckpointBytes(text, 2, layers, middleStage(10, 12)),
                 tower);
    }
};

QTEST_GUILESS_MAIN(tst_PipelineLayers)
#include "tst_pipelinelayers.moc"
