// SPDX-License-Identifier: MIT
// vLLM V1's vision-encoder profile pass (engine/vllmencoder.h): the dummy batch by vLLM's
// encoder budget, the tower's forward peak term by term, the peak charged beside the
// decoder's, the image processor's largest image from preprocessor_config.json, and a
// text-only plan, which loads and profiles no tower.
#include "engine/enginememory.h"
#include "engine/vllmencoder.h"
#include "goldenmemory.h"
#include "import/modelimport.h"
#include "import/towers.h"
#include "engine/servecommand.h"
#include "plan/plan.h"
#include "sizing/memory.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>

using namespace hostplan;

namespace {

/// Qwen3.5's tower as config.json gives it (27 blocks of 1152, MLP 4304, 16 heads, patch 16,
/// two frames per patch, merge 2, out 5120), with the 16,384-token default image.
VisionEncoderShape qwen35Tower() {
    return golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B")
        .visionEncoder;
}

/// google/gemma-3-27b-it's config.json, the keys the import and the profile read: a SigLIP
/// tower of 27 blocks of 1152 (MLP 4304, 16 heads) on 896 x 896 images in patches of 14,
/// pooled into mm_tokens_per_image tokens, beside a text model of width 5376.
std::string gemma3Config(int tokensPerImage) {
    return R"({"architectures":["Gemma3ForConditionalGeneration"],"model_type":"gemma3",
        "mm_tokens_per_image":)" +
           std::to_string(tokensPerImage) +
           R"(,"torch_dtype":"bfloat16","text_config":{"model_type":"gemma3_text",
        "hidden_size":5376,"intermediate_size":21504,"num_hidden_layers":62,
        "num_attention_heads":32,"num_key_value_heads":16,"head_dim":128,"sliding_window":1024,
        "sliding_window_pattern":6,"max_position_embeddings":131072,"vocab_size":262208,
        "hidden_activation":"gelu_pytorch_tanh"},"vision_config":{"hidden_size":1152,
        "image_size":896,"intermediate_size":4304,"model_type":"siglip_vision_model",
        "num_attention_heads":16,"num_hidden_layers":27,"patch_size":14,
        "hidden_act":"gelu_pytorch_tanh","vision_use_head":false}})";
}

void writeFile(const QString &path, const std::string &text) {
    std::ofstream(path.toStdString()) << text;
}

} // namespace

class tst_VllmEncoder : public QObject {
    Q_OBJECT

  private slots:
    // The import reads the tower's shapes from vision_config.
    void towerShapeFromConfig() {
        const VisionEncoderShape s = qwen35Tower();
        QCOMPARE(s.width, 1152u);
        QCOMPARE(s.mlpWidth, 4304u);
        QCOMPARE(s.heads, 16u);
        QCOMPARE(s.patch, 16u);
        QCOMPARE(s.temporalPatch, 2u);
        QCOMPARE(s.mergeSize, 2u);
        QCOMPARE(s.outWidth, 5120u);
        QCOMPARE(s.deepstackMergers, 0u);
        QVERIFY(!s.gatedMlp);
        QCOMPARE(s.maxImagePixels, std::uint64_t(16384) * 32 * 32); // 16,777,216
        const VisionEncoderShape vl =
            golden::dataConfigModel("Qwen--Qwen3-VL-8B-Instruct_config.json", "q").visionEncoder;
        QCOMPARE(vl.deepstackMergers, 3u);
        QCOMPARE(vl.outWidth, 4096u);
        // A text-only model has none.
        QVERIFY(!golden::catalogueModel("llama-3.1-8b").visionEncoder.known());
    }

    // The batch: one image of 16,384 tokens at 8,192 batched tokens (the logs' "budget of
    // 16384 tokens, and profiled with 1 image items"); two at 32,768; vLLM 0.7 rounds up.
    void dummyBatch() {
        const VisionEncoderShape s = qwen35Tower();
        VllmEncoderProfile p = vllmEncoderProfile(s, 2, 8192, 2, 262144);
        QCOMPARE(p.tokensPerItem, std::uint64_t(16384));
        QCOMPARE(p.budgetTokens, std::uint64_t(16384));
        QCOMPARE(p.items, 1u);
        QCOMPARE(p.patches, std::uint64_t(65536));
        QCOMPARE(p.outputBytes, std::uint64_t(16384) * 5120 * 2);
        QCOMPARE(vllmEncoderProfile(s, 1, 32768, 16, 65536).items, 2u);
        QCOMPARE(vllmEncoderProfile(s, 1, 32767, 16, 65536).items, 1u);
        QCOMPARE(vllmEncoderProfile(s, 1, 32767, 16, 65536, true).items, 2u); // vllm#12991
        // The decoder's bound: one sequence whose context holds one image.
        QCOMPARE(vllmEncoderProfile(s, 1, 65536, 1, 16384).items, 1u);
        QCOMPARE(vllmEncoderProfile(s, 1, 65536, 1, 40000).items, 2u);
        // smart_resize's square: floor(sqrt(1,003,520) / 28) = 35 tokens a side at patch 14.
        VisionEncoderShape small = s;
        small.patch = 14;
        small.maxImagePixels = 1003520;
        QCOMPARE(vllmEncoderProfile(small, 1, 8192, 1, 8192).tokensPerItem, std::uint64_t(1225));
        // Smaller than one merged token: smart_resize keeps one a side, so vLLM profiles
        // 999 one-token images (the items per prompt) at 8,192 batched tokens.
        small.maxImagePixels = 27 * 27;
        const VllmEncoderProfile tiny = vllmEncoderProfile(small, 1, 8192, 1, 8192);
        QCOMPARE(tiny.tokensPerItem, std::uint64_t(1));
        QCOMPARE(tiny.items, 999u);
        QVERIFY(!vllmEncoderProfile(VisionEncoderShape{}, 1, 8192, 1, 8192).profiled());
    }

    // The peak term by term: pixel values twice (float32 and bf16), position embeddings and
    // rotary cos / sin, then the MLP's live tensors on top of the residual and normed input.
    void peakTerms() {
        const VisionEncoderShape s = qwen35Tower();
        const std::uint64_t n = 65536;
        const std::uint64_t pixels = n * 3 * 2 * 16 * 16 * 6;
        const std::uint64_t positions = n * (1152 + 72) * 2;
        QCOMPARE(vllmEncoderPeakBytes(s, n, 1), pixels + positions + n * (2 * 1152 + 2 * 4304) * 2);
        QCOMPARE(vllmEncoderPeakBytes(s, n, 2), pixels + positions + n * (2 * 1152 + 4304) * 2);
        // At TP 8 the attention's 6 W / tp (864) outgrows the MLP's 2 I / tp (1076)? No: the
        // MLP still leads; at a narrow MLP the attention does.
        VisionEncoderShape narrow = s;
        narrow.mlpWidth = 1000;
        QCOMPARE(vllmEncoderPeakBytes(narrow, n, 1),
                 pixels + positions + n * (2 * 1152 + 6 * 1152) * 2);
        // A gated MLP keeps gate_up and the activation: 3 I.
        VisionEncoderShape gated = s;
        gated.gatedMlp = true;
        QCOMPARE(vllmEncoderPeakBytes(gated, n, 1),
                 pixels + positions + n * (2 * 1152 + 3 * 4304) * 2);
        // Deepstack features stay live: patches / 4 x out width each.
        VisionEncoderShape deep = s;
        deep.deepstackMergers = 3;
        QCOMPARE(vllmEncoderPeakBytes(deep, n, 2) - vllmEncoderPeakBytes(s, n, 2),
                 3 * (n / 4) * 5120 * 2);
        // A hostile shape saturates instead of wrapping.
        VisionEncoderShape huge = s;
        huge.patch = 1024;
        huge.channels = 16;
        huge.temporalPatch = 64;
        QVERIFY(vllmEncoderPeakBytes(huge, std::uint64_t(1) << 40, 1) <= std::uint64_t(9.0e18));
    }

    // The charged peak is the larger pass: the encoder's, or the decoder's with the encoder
    // outputs live.
    void chargedPeak() {
        VllmEncoderProfile e;
        e.peakBytes = 1000;
        e.outputBytes = 100;
        QCOMPARE(vllmPeakWithEncoder(500, e), std::uint64_t(1000));
        QCOMPARE(vllmPeakWithEncoder(950, e), std::uint64_t(1050));
        e.inputBytes = 40; // the dummy pixel values stay referenced as well
        QCOMPARE(vllmPeakWithEncoder(950, e), std::uint64_t(1090));
        QCOMPARE(vllmPeakWithEncoder(800, e), std::uint64_t(1000));
        QCOMPARE(vllmPeakWithEncoder(950, VllmEncoderProfile{}), std::uint64_t(950));
    }

    // The engine terms and the plan: the encoder sets vLLM's peak for Qwen3.5-27B at TP 2
    // with 2 sequences (P34's flags); a text-only plan loads no tower and profiles nothing,
    // and the V0 rules leave it out.
    void planTerms() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        const GpuSpec g = golden::loggedGpu("NVIDIA GeForce RTX 5090", 31.36, true);
        Scenario s;
        s.engine.vllmVersion = VllmProfile::V1v24;
        s.engine.maxNumSeqs = 2;
        s.workload.contextTokens = 262144;
        Parallelism par;
        par.tp = 2;
        const EngineMemoryInput in = engineInputFor(m, g, par, s);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        const VllmEncoderProfile e = vllmEncoderProfileFor(in);
        QVERIFY(e.profiled());
        QCOMPARE(t.activationEncoder, e.peakBytes);
        QCOMPARE(t.encoderOutputs, e.outputBytes);
        QCOMPARE(t.activationPeak, e.peakBytes); // the encoder's pass is the larger here
        QVERIFY(vllmEncoderNote(in).find("on 1 image of 16384 tokens (65536 patches") !=
                std::string::npos);

        s.engine.textOnly = true;
        const EngineMemoryInput textIn = engineInputFor(m, g, par, s);
        const EngineMemoryTerms text = vllmMemoryModel().terms(textIn);
        QCOMPARE(text.activationEncoder, std::uint64_t(0));
        QVERIFY(text.activationPeak < t.activationPeak);
        std::uint64_t tower = 0;
        for (const auto &gb : weightPlacement(m, par)) {
            tower += gb.role == GroupRole::Vision ? gb.perGpuBytes : 0;
        }
        QVERIFY(tower > 0);
        QCOMPARE(in.checkpointWeightsPerGpu - textIn.checkpointWeightsPerGpu, tower);
        QCOMPARE(text.kvPoolBytes - t.kvPoolBytes,
                 std::int64_t(tower + t.activationPeak - text.activationPeak));
        QVERIFY(vllmEncoderNote(textIn).find("builds no vision tower") != std::string::npos);
        // The plan's weights by group (summary, JSON, report) list no tower either.
        const auto towerGroups = [&](const Scenario &sc) {
            const auto groups = computeMemory(m, g, par, sc).groups;
            return std::count_if(groups.begin(), groups.end(),
                                 [](const GroupBytes &gb) { return gb.role == GroupRole::Vision; });
        };
        QCOMPARE(towerGroups(s), std::ptrdiff_t(0));
        s.engine.textOnly = false;
        QVERIFY(towerGroups(s) > 0);
        s.engine.textOnly = true;
        // SGLang plans are unchanged by the switch.
        s.engine.engine = Engine::Sglang;
        QCOMPARE(engineInputFor(m, g, par, s).checkpointWeightsPerGpu, in.checkpointWeightsPerGpu);

        EngineMemoryInput v0 = in;
        v0.vllmProfile = VllmProfile::V0;
        // V0 profiles the tower inside its forward, and its note does not quote V1's log line.
        QVERIFY(vllmEncoderNote(v0).find("vLLM V0 fills its profiled dummy sequences") == 0);
        QVERIFY(vllmEncoderNote(v0).find("Encoder cache") == std::string::npos);
        QVERIFY(!vllmEncoderProfileFor(v0).profiled());
        QCOMPARE(vllmMemoryModel().terms(v0).activationEncoder, std::uint64_t(0));
    }

    // Text only at PP 2: every stage drops the tower, which each stage held.
    void textOnlyPipeline() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        Scenario s;
        s.workload.contextTokens = 32768;
        Parallelism par;
        par.pp = 2;
        const EngineMemoryTerms full = vllmMemoryModel().terms(engineInputFor(m, g, par, s));
        s.engine.textOnly = true;
        const EngineMemoryTerms text = vllmMemoryModel().terms(engineInputFor(m, g, par, s));
        std::uint64_t tower = 0;
        for (const auto &gb : weightPlacement(m, {})) {
            tower += gb.role == GroupRole::Vision ? gb.perGpuBytes : 0;
        }
        QCOMPARE(full.stages.size(), std::size_t(2));
        QCOMPARE(text.stages.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            QCOMPARE(full.stages[i].weights - text.stages[i].weights, tower);
        }
    }

    // Releases before v0.10.1 load the tower whatever the limits: the 0.7 and 0.6.x rules keep
    // its weights (and 0.7 its profile), say so, and serve-cmd writes their key=value limits.
    void textOnlyOldReleases() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        for (const VllmProfile old : {VllmProfile::V1Early, VllmProfile::V0}) {
            Scenario s;
            s.engine.vllmVersion = old;
            s.workload.contextTokens = 32768;
            const EngineMemoryInput full = engineInputFor(m, g, {}, s);
            s.engine.textOnly = true;
            const EngineMemoryInput text = engineInputFor(m, g, {}, s);
            QVERIFY(!vllmTextOnlyApplies(text));
            QCOMPARE(text.checkpointWeightsPerGpu, full.checkpointWeightsPerGpu);
            QCOMPARE(vllmMemoryModel().terms(text).activationEncoder,
                     vllmMemoryModel().terms(full).activationEncoder);
            QVERIFY(vllmEncoderNote(text).find("before v0.10.1") != std::string::npos);
            QCOMPARE(vllmTextOnlyLimitFlag(old).first, std::string("image=0,video=0"));
        }
        QVERIFY(vllmMemoryModel()
                    .terms(engineInputFor(m, g, {},
                                          [] {
                                              Scenario s;
                                              s.engine.vllmVersion = VllmProfile::V1Early;
                                              return s;
                                          }()))
                    .activationEncoder > 0);
        QCOMPARE(vllmTextOnlyLimitFlag(std::nullopt).first,
                 std::string(R"({"image":0,"video":0})"));
    }

    // A tower config the import refuses: more deepstack layers than blocks; in_chans (Qwen2-VL)
    // is read as the input channels.
    void towerConfigChecks() {
        std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                        "/configs/Qwen--Qwen3.5-27B_config.json");
        nlohmann::json c = nlohmann::json::parse(f);
        nlohmann::json deep = c;
        deep["vision_config"]["deepstack_visual_indexes"] = nlohmann::json::array();
        for (int i = 0; i < 28; ++i) {
            deep["vision_config"]["deepstack_visual_indexes"].push_back(i % 27);
        }
        const auto refused = importHfConfigText(deep.dump(), "deep");
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().toString().find("deepstack_visual_indexes") != std::string::npos);
        nlohmann::json chans = c;
        chans["vision_config"].erase("in_channels");
        chans["vision_config"]["in_chans"] = 4;
        const auto four = importHfConfigText(chans.dump(), "chans");
        QVERIFY2(four.ok(), four.ok() ? "" : four.error().toString().c_str());
        QCOMPARE(four->visionEncoder.channels, 4u);
    }

    // serve-cmd emits the limits that make vLLM build no tower, only for a text-only plan.
    void serveCommandTextOnly() {
        const ModelSpec m =
            golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "Qwen/Qwen3.5-27B");
        Scenario s;
        s.hardware.gpu = "h100-sxm";
        s.hardware.gpuCount = 1;
        s.workload.contextTokens = 32768;
        auto limitFlag = [&](const Scenario &sc) {
            const auto p = evaluate(sc, Catalogue::builtin(), m);
            if (!p.ok()) {
                return std::string("error: ") + p.error().toString();
            }
            for (const auto &f : vllmServeCommand(*p, Catalogue::builtin()).flags) {
                if (f.flag == "--limit-mm-per-prompt") {
                    return f.value;
                }
            }
            return std::string();
        };
        QCOMPARE(limitFlag(s), std::string());
        s.engine.textOnly = true;
        QCOMPARE(limitFlag(s), std::string(R"({"image":0,"video":0})"));
        // Another engine ignores the switch, and the plan says so.
        s.engine.engine = Engine::Sglang;
        const auto sglang = evaluate(s, Catalogue::builtin(), m);
        QVERIFY(sglang.ok());
        QVERIFY(std::find(sglang->warnings.begin(), sglang->warnings.end(),
                          "engine.text_only applies to vLLM plans only; the SGLang plan ignores "
                          "it") != sglang->warnings.end());
        s.engine.prefixCaching = false;
        s.engine.vllmVersion = VllmProfile::V1v24;
        QCOMPARE(vllmOnlySettings(s.engine),
                 std::string("engine.prefix_caching, engine.text_only and engine.vllm_version"));
    }

    // preprocessor_config.json: max_pixels wins over size.longest_edge; bad values name the
    // file and key and leave the spec as it was; a model without a modelled tower ignores it.
    void preprocessorConfig() {
        ModelSpec m = golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "q");
        QVERIFY(!importer::applyPreprocessorConfig(m, R"({"size": {"longest_edge": 1048576}})",
                                                   "p.json"));
        QCOMPARE(m.visionEncoder.maxImagePixels, std::uint64_t(1048576));
        QCOMPARE(m.visionEncoder.maxImagePixelsSource,
                 std::string("preprocessor_config.json size.longest_edge"));
        QVERIFY(!importer::applyPreprocessorConfig(
            m, R"({"max_pixels": 12845056, "size": {"longest_edge": 99}})", "p.json"));
        QCOMPARE(m.visionEncoder.maxImagePixels, std::uint64_t(12845056));
        QVERIFY(!importer::applyPreprocessorConfig(m, R"({"do_resize": true})", "p.json"));
        QCOMPARE(m.visionEncoder.maxImagePixels, std::uint64_t(12845056));
        for (const char *bad : {"{", "[1]", R"({"max_pixels": -1})", R"({"max_pixels": 0})",
                                R"({"max_pixels": "big"})", R"({"max_pixels": 1e300})",
                                R"({"size": {"longest_edge": 2.5}})", R"({"size": [1024, 1024]})",
                                R"({"size": "1024"})"}) {
            const auto e = importer::applyPreprocessorConfig(m, bad, "p.json");
            QVERIFY2(e.has_value(), bad);
            QVERIFY2(e->toString().find("p.json") != std::string::npos, bad);
            QCOMPARE(m.visionEncoder.maxImagePixels, std::uint64_t(12845056));
        }
        // The file first, then the key, once.
        QCOMPARE(importer::applyPreprocessorConfig(m, R"({"max_pixels": true})", "p.json")
                     ->toString()
                     .rfind("p.json: max_pixels: ", 0),
                 std::size_t(0));
        QCOMPARE(importer::applyPreprocessorConfig(m, R"({"size": {"longest_edge": -1}})", "p.json")
                     ->toString()
                     .rfind("p.json: size.longest_edge: ", 0),
                 std::size_t(0));
        // Neither key: the default, and the note says the file lacked them.
        ModelSpec plain = golden::dataConfigModel("Qwen--Qwen3.5-27B_config.json", "q");
        QVERIFY(!importer::applyPreprocessorConfig(plain, R"({"size": {"height": 448}})", "p"));
        QCOMPARE(plain.visionEncoder.maxImagePixels, std::uint64_t(16777216));
        QVERIFY(plain.visionEncoder.maxImagePixelsSource.find("gives neither") !=
                std::string::npos);
        ModelSpec text = golden::catalogueModel("llama-3.1-8b");
        QVERIFY(!importer::applyPreprocessorConfig(text, "not json", "p.json"));
    }

    // A checkpoint folder's preprocessor_config.json reaches the plan; a malformed one is an
    // error naming the file.
    // Gemma 3's fixed-resolution SigLIP tower: every image is 896 x 896 = 4,096 patches,
    // pooled 4 x 4 into 256 tokens, so 8,192 batched tokens profile 32 images (vLLM 0.19's
    // log of gemma-3-27b-it: "budget of 8192 tokens, and profiled with 32 image items").
    void pooledTower() {
        auto spec = importHfConfigText(gemma3Config(256), "gemma-3-27b-it");
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        const VisionEncoderShape s = spec->visionEncoder;
        QVERIFY(s.known() && s.fixedResolution && !s.rotaryPositions);
        QVERIFY(!s.readsPreprocessorConfig());
        QCOMPARE(s.mergeSize, 4u);
        QCOMPARE(s.maxImagePixels, std::uint64_t(896) * 896);
        QCOMPARE(s.outWidth, 5376u);
        QCOMPARE(s.heads, 16u);
        QVERIFY(!s.gatedMlp);
        const VllmEncoderProfile p = vllmEncoderProfile(s, 1, 8192, 1024, 8192);
        QCOMPARE(p.tokensPerItem, std::uint64_t(256));
        QCOMPARE(p.budgetTokens, std::uint64_t(8192));
        QCOMPARE(p.items, 32u);
        QCOMPARE(p.patches, std::uint64_t(131072));
        // No kept positions; the MLP (2 x 4304) outgrows the attention's 4 W (no rotated q, k).
        const std::uint64_t n = 131072;
        QCOMPARE(p.peakBytes, n * 3 * 14 * 14 * 6 + n * (2 * 1152 + 2 * 4304) * 2);
        QCOMPARE(p.outputBytes, std::uint64_t(32) * 256 * 5376 * 2);
        QCOMPARE(p.inputBytes, n * 3 * 14 * 14 * 4); // the float32 pixel values, 0.29 GiB
        VisionEncoderShape narrow = s;
        narrow.mlpWidth = 1000;
        QCOMPARE(vllmEncoderPeakBytes(narrow, n, 1),
                 n * 3 * 14 * 14 * 6 + n * (2 * 1152 + 4 * 1152) * 2);
        // Its preprocessor_config.json (size as height and width) changes nothing.
        ModelSpec withFile = spec.value();
        QVERIFY(!importer::applyPreprocessorConfig(
            withFile, R"({"size": {"height": 896, "width": 896}, "max_pixels": 99})", "p.json"));
        QCOMPARE(withFile.visionEncoder.maxImagePixels, std::uint64_t(896) * 896);
        // At vLLM 0.19's defaults on an H100 the sampler's pass leads; the outputs add to it.
        const GpuSpec g = golden::loggedGpu("NVIDIA H100 80GB HBM3", 79.19, true);
        Scenario sc;
        sc.engine.vllmVersion = VllmProfile::V1v19;
        sc.engine.maxNumSeqs = 1024;
        sc.workload.contextTokens = 8192;
        const EngineMemoryInput in = engineInputFor(spec.value(), g, Parallelism{}, sc);
        QCOMPARE(vllmEncoderProfileFor(in).items, 32u);
        const EngineMemoryTerms t = vllmMemoryModel().terms(in);
        QCOMPARE(t.activationEncoder, p.peakBytes);
        QCOMPARE(t.encoderOutputs, p.outputBytes);
        QCOMPARE(t.encoderInputs, p.inputBytes);
        QVERIFY(t.activationPeak > p.peakBytes);
        QVERIFY(vllmEncoderNote(in).find("on 32 images of 256 tokens (131072 patches") !=
                std::string::npos);
        // Without mm_tokens_per_image, Gemma3Config's default of 256.
        nlohmann::json noKey = nlohmann::json::parse(gemma3Config(256));
        noKey.erase("mm_tokens_per_image");
        auto defaulted = importHfConfigText(noKey.dump(), "no-key");
        QVERIFY(defaulted.ok());
        QCOMPARE(defaulted->visionEncoder.mergeSize, 4u);
        // An image that is not a whole number of patches: not modelled, and the note says why.
        nlohmann::json odd895 = nlohmann::json::parse(gemma3Config(256));
        odd895["vision_config"]["image_size"] = 895;
        auto ragged = importHfConfigText(odd895.dump(), "ragged");
        QVERIFY(ragged.ok());
        QVERIFY(!ragged->visionEncoder.known());
        QVERIFY(std::any_of(ragged->notes.begin(), ragged->notes.end(), [](const std::string &n) {
            return n.find("image_size 895 is not a whole number of patches of 14") !=
                   std::string::npos;
        }));
        // mm_tokens_per_image that does not pool the 64 x 64 grid evenly: not modelled, noted.
        auto odd = importHfConfigText(gemma3Config(250), "odd");
        QVERIFY(odd.ok());
        QVERIFY(!odd->visionEncoder.known());
        QVERIFY(std::any_of(odd->notes.begin(), odd->notes.end(), [](const std::string &note) {
            return note.find("mm_tokens_per_image 250") != std::string::npos;
        }));
        // Heads that cannot split the tower's width (0, or 7 of 1152): refused, naming the key.
        for (const int heads : {0, 7}) {
            nlohmann::json bad = nlohmann::json::parse(gemma3Config(256));
            bad["vision_config"]["num_attention_heads"] = heads;
            auto r = importHfConfigText(bad.dump(), "heads");
            QVERIFY(!r.ok());
            QCOMPARE(r.error().field, std::string("vision_config.num_attention_heads"));
        }
        // A rotary tower without its heads key imports, with a note that the profile counts
        // no cos / sin of a head's width (0 heads).
        std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                        "/configs/Qwen--Qwen3.5-27B_config.json");
        nlohmann::json headless = nlohmann::json::parse(f);
        headless["vision_config"].erase("num_heads");
        auto noHeads = importHfConfigText(headless.dump(), "no-heads");
        QVERIFY(noHeads.ok());
        QCOMPARE(noHeads->visionEncoder.heads, 0u);
        QVERIFY(std::any_of(noHeads->notes.begin(), noHeads->notes.end(), [](const auto &n) {
            return n.find("vision_config.num_heads is absent") != std::string::npos;
        }));
    }

    void folderImport() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::ifstream f(std::string(HOSTPLAN_TEST_DATA_DIR) +
                        "/configs/Qwen--Qwen3.5-27B_config.json");
        writeFile(dir.filePath("config.json"),
                  std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()));
        auto plain = importModelPath(dir.path().toStdString());
        QVERIFY2(plain.ok(), plain.ok() ? "" : plain.error().toString().c_str());
        QCOMPARE(plain->visionEncoder.maxImagePixels, std::uint64_t(16777216));
        writeFile(dir.filePath("preprocessor_config.json"),
                  R"({"size": {"longest_edge": 4194304, "shortest_edge": 65536}})");
        auto spec = importModelPath(dir.path().toStdString());
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QCOMPARE(spec->visionEncoder.maxImagePixels, std::uint64_t(4194304));
        QCOMPARE(vllmEncoderProfile(spec->visionEncoder, 1, 8192, 1, 8192).tokensPerItem,
                 std::uint64_t(4096));
        writeFile(dir.filePath("preprocessor_config.json"), R"({"max_pixels": "all"})");
        auto bad = importModelPath(dir.path().toStdString());
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().toString().find("preprocessor_config.json") != std::string::npos);
        QVERIFY(bad.error().toString().find("max_pixels") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(tst_VllmEncoder)
#include "tst_vllmencoder.moc"
