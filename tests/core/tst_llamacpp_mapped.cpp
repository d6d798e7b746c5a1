// SPDX-License-Identifier: MIT
// llama.cpp's mapped host buffer (LlamaCppSide::mappedWeights): with mmap, the "CPU_Mapped model
// buffer" is, per file, the span from the first to the last tensor kept in RAM, which holds
// the GPU tensors stored between them. Checked on the mirrored gpt-oss-20b header (rows O1 and
// L16 of docs/ACCURACY.md: output layer, token_embd, then the blocks, attention before experts).
#include "ggufwriter.h"
#include "llamatestutil.h"
#include "testutil.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "engine/llamacpp.h"
#include "import/ggufimport.h"

#include <cmath>
#include <numeric>
#include <sstream>

using namespace hostplan;

namespace {

using llamatest::on4090;

/// The blocks' bytes without their routed experts, blocks [first, last).
std::uint64_t attentionBytes(const ModelSpec &m, std::uint32_t first, std::uint32_t last) {
    return std::accumulate(m.layerBytes.begin() + first, m.layerBytes.begin() + last,
                           std::uint64_t(0));
}

/// gpt-oss-20b MXFP4 as its published GGUF lays it out (the output layer first).
ModelSpec gptOss20b() {
    return ggufwriter::modelOf(ggufwriter::gptOss20bMxfp4(201088), "gpt-oss-20b.gguf");
}

} // namespace

class TestLlamaCppMapped : public QObject {
    Q_OBJECT
  private slots:
    void everyExpertInRamSpansTheBlocksAttention() {
        const ModelSpec m = gptOss20b();
        QCOMPARE(m.fileTensors.size(), std::size_t(459));
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 99;
        in.cpuMoeLayers = 99;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.outputOnGpu);
        // From token_embd to block 23's last expert: every block's attention lies between.
        QCOMPARE(p.host.mappedWeights, p.host.weights + attentionBytes(m, 0, 24));
        // 655.16 MiB of GPU tensors in the span (row L16's log: 10949.33 - 10294.17 MiB, each
        // rounded to 0.01 MiB).
        const double between = double(p.host.mappedWeights - p.host.weights) / (1 << 20);
        QVERIFY2(std::abs(between - 655.16) < 0.015, std::to_string(between).c_str());
    }

    void someExpertsInRamSpanTheirBlocksOnly() {
        const ModelSpec m = gptOss20b();
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 99;
        in.cpuMoeLayers = 14;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.host.mappedWeights, p.host.weights + attentionBytes(m, 0, 14));
    }

    void fullOffloadMapsTheInputEmbeddingOnly() {
        const ModelSpec m = gptOss20b();
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 99;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        const std::uint64_t tokenEmbd = std::uint64_t(2880) * 201088 / 32 * 34; // q8_0
        QCOMPARE(p.host.weights, tokenEmbd);
        QCOMPARE(p.host.mappedWeights, tokenEmbd);
    }

    void everythingInRamMapsTheWholeFile() {
        const ModelSpec m = gptOss20b();
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 0;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.gpu.weights, std::uint64_t(0));
        QCOMPARE(p.host.weights, m.checkpointBytes);
        QCOMPARE(p.host.mappedWeights, m.checkpointBytes); // every size is a multiple of 32
    }

    void splitFilesSpanEachFileApart() {
        // The same tensors as two files, the second from block 12's first tensor: the span of
        // each file starts at its own first tensor in RAM, so block 12's attention, first in
        // the second file and on the GPU, is outside both spans.
        auto h = gguf::parseHeader(ggufwriter::gptOss20bMxfp4(201088).build(), 0, "a.gguf");
        QVERIFY(h.ok());
        gguf::Model model{h.value(), {}, 0};
        std::uint64_t base = 0;
        for (gguf::TensorInfo &t : model.header.tensors) {
            if (t.name == "blk.12.attn_norm.weight") {
                base = t.offset;
            }
            if (base && t.offset >= base) {
                t.part = 1;
                t.offset -= base;
            }
        }
        QVERIFY(base > 0);
        const ModelSpec m = ggufToModelSpec(model, "a-00001-of-00002.gguf").value();
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 99;
        in.cpuMoeLayers = 99;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QCOMPARE(p.host.mappedWeights,
                 p.host.weights + attentionBytes(m, 0, 12) + attentionBytes(m, 13, 24));
    }

    void configModelsHaveNoSpan() {
        // A model from a config has no tensor table: no span, and the text says nothing of it.
        const ModelSpec m = asGgufType(gptOss20b(), *gguf::ggmlTypeByName("q8_0"));
        QVERIFY(m.fileTensors.empty());
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 99;
        in.cpuMoeLayers = 99;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        QVERIFY(p.host.weights > 0);
        QCOMPARE(p.host.mappedWeights, std::uint64_t(0));
    }

    void textAndJsonNameTheSpan() {
        const ModelSpec m = gptOss20b();
        LlamaCppInput in = on4090(m);
        in.gpuLayers = 99;
        in.cpuMoeLayers = 99;
        const LlamaCppPlan p = planLlamaCpp(in).value();
        std::ostringstream text;
        writeLlamaCppPlanText(in, p, text);
        QVERIFY2(text.str().find("(llama.cpp maps 10.69 GiB of the file for them, GPU tensors "
                                 "stored between included)") != std::string::npos,
                 text.str().c_str());
        const auto j = llamaCppPlanJson(in, p);
        QCOMPARE(j["memory"]["host"]["mapped_weights_bytes"].get<std::uint64_t>(),
                 p.host.mappedWeights);
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppMapped)
#include "tst_llamacpp_mapped.moc"
