// SPDX-License-Identifier: MIT
// LongCat-Flash (import/arch_longcat.cpp, vLLM longcat_flash.py @ 055e47c2): the shapes of
// transformers' LongcatFlashConfig defaults, which are meituan-longcat/LongCat-Flash-Chat's
// (hidden 6144, 28 decoder layers of two MLA sublayers of 64 heads and two MLPs of 12288,
// 512 experts of 2048 top 12 beside 256 zero-computation experts, vocabulary 131072).
// Meituan publishes 560B parameters, 18.6B-31.3B active.
#include "import/modelimport.h"
#include "testutil.h"

#include <QTest>

#include <string>

using namespace hostplan;

namespace {

std::string longcatConfig(const std::string &layers) {
    return R"({"architectures":["LongcatFlashForCausalLM"],"model_type":"longcat_flash",
        "vocab_size":131072,"hidden_size":6144,"ffn_hidden_size":12288,
        "expert_ffn_hidden_size":2048,"num_attention_heads":64,"kv_lora_rank":512,
        "q_lora_rank":1536,"qk_rope_head_dim":64,"qk_nope_head_dim":128,"v_head_dim":128,
        "n_routed_experts":512,"zero_expert_num":256,"zero_expert_type":"identity",
        "moe_topk":12,"max_position_embeddings":131072,"tie_word_embeddings":false,)" +
           layers + "}";
}

} // namespace

class tst_LongCat : public QObject {
    Q_OBJECT

  private slots:
    void publishedShape() {
        const auto m = importHfConfigText(longcatConfig(R"("num_layers":28)"), "longcat");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 6144, L = 28, V = 131072;
        // One MLA sublayer: q_a [1536, H] + norm, q_b [64 x 192, 1536], kv_a [576, H] + norm,
        // kv_b [64 x 256, 512], o [H, 64 x 128], and its two norms.
        const std::uint64_t mla = 1536 * H + 1536 + 64 * 192 * 1536 + 576 * H + 512 +
                                  64 * 256 * 512 + H * 64 * 128 + 2 * H;
        const std::uint64_t mlp = 3 * H * 12288;
        const std::uint64_t expert = 3 * H * 2048;
        const std::uint64_t router = 768 * H + 768;
        const std::uint64_t total = L * (2 * mla + 2 * mlp + 512 * expert + router) + 2 * V * H + H;
        QCOMPARE(m->totalParams, total);
        QVERIFY(double(total) > 560.0e9 && double(total) < 561.0e9);
        // Active: every one of the 12 picks a real expert, the published upper bound.
        QCOMPARE(m->activeParams, total - L * 500 * expert - V * H);
        QVERIFY(double(m->activeParams) > 31.0e9 && double(m->activeParams) < 31.6e9);
        // Two latents of 512 + 64 per decoder layer: 56 x 576 x 2 B a token in bf16.
        std::uint64_t kv = 0, entries = 0;
        for (const auto &l : m->layers) {
            kv += std::uint64_t(l.count) * (l.kvLoraRank + l.ropeDim) * 2;
            entries += l.count;
        }
        QCOMPARE(entries, 56ull);
        QCOMPARE(kv, 64512ull);
        QCOMPARE(m->decoderLayers(), 28u);
        // A re-saved config's num_hidden_layers counts the sublayers; num_layers wins, and
        // alone num_hidden_layers is halved (and must be even).
        const auto both = importHfConfigText(
            longcatConfig(R"("num_layers":28,"num_hidden_layers":56)"), "resaved");
        QVERIFY(both.ok());
        QCOMPARE(both->totalParams, total);
        const auto half = importHfConfigText(longcatConfig(R"("num_hidden_layers":56)"), "half");
        QVERIFY(half.ok());
        QCOMPARE(half->totalParams, total);
        const auto odd = importHfConfigText(longcatConfig(R"("num_hidden_layers":55)"), "odd");
        QVERIFY(!odd.ok());
        QCOMPARE(odd.error().field, std::string("num_hidden_layers"));
    }
};

QTEST_GUILESS_MAIN(tst_LongCat)
#include "tst_longcat.moc"
