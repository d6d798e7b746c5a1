// SPDX-License-Identifier: MIT
// Step3 (import/arch_step3.cpp, vLLM step3_text.py @ 0169d396): the shapes of vLLM's
// Step3TextConfig defaults, which are stepfun-ai/step3's (hidden 7168, 61 layers, 64 heads of
// 256 with one KV head, share_q_dim 2048, a dense MLP of 18432, 48 experts of 5120 top 3 on
// layers 4-59 with a shared expert of 5120, vocabulary 128815). StepFun publishes 321B in all,
// 316B of them the language model, and 38B active.
#include "import/modelimport.h"
#include "testutil.h"

#include <QTest>

#include <string>

using namespace hostplan;

namespace {

std::string step3Config(const std::string &moeLayers) {
    std::string layers;
    for (int i = 4; i <= 59; ++i) {
        layers += (i > 4 ? "," : "") + std::to_string(i);
    }
    return R"({"architectures":["Step3VLForConditionalGeneration"],"model_type":"step3_vl",
        "text_config":{"model_type":"step3_text","hidden_size":7168,"intermediate_size":18432,
        "num_attention_heads":64,"num_attention_groups":1,"num_hidden_layers":61,
        "max_seq_len":65536,"vocab_size":128815,"moe_intermediate_size":5120,
        "moe_num_experts":48,"moe_top_k":3,"max_position_embedding":65536,
        "share_expert_dim":5120,"share_q_dim":2048,"head_dim":256,"moe_layers_enum":")" +
           (moeLayers.empty() ? layers : moeLayers) + R"("}})";
}

} // namespace

class tst_Step3 : public QObject {
    Q_OBJECT

  private slots:
    void publishedShape() {
        const auto m = importHfConfigText(step3Config(""), "step3");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
        const std::uint64_t H = 7168, L = 61, V = 128815;
        const std::uint64_t attention =
            2048 * H + 2 * 256 * H + 2048 + 64 * 256 * 2048 + H * 64 * 256 + 2 * H;
        const std::uint64_t dense = 3 * H * 18432;
        const std::uint64_t moe = 48 * 3 * H * 5120 + 3 * H * 5120 + 48 * H;
        const std::uint64_t total = L * attention + 5 * dense + 56 * moe + 2 * V * H + H;
        QCOMPARE(m->totalParams, total);
        QVERIFY(double(total) > 316.0e9 && double(total) < 316.5e9);
        // Active: the 3 routed experts of 48 in each MoE layer, the embedding row gather not.
        QCOMPARE(m->activeParams, total - 56 * 45 * 3 * H * 5120 - V * H);
        QVERIFY(double(m->activeParams) > 37.5e9 && double(m->activeParams) < 38.5e9);
        // One KV head of 256 on every layer: 61 x 2 x 256 x 2 B a token in bf16.
        std::uint64_t kv = 0;
        for (const auto &l : m->layers) {
            QCOMPARE(l.kvHeads, 1u);
            kv += std::uint64_t(l.count) * l.kvHeads * l.headDim * 2 * 2;
        }
        QCOMPARE(kv, 62464ull);
        QCOMPARE(m->maxContextTokens, 65536ull);
        QCOMPARE(m->experts.routed, 48u);
        QCOMPARE(m->experts.shared, 1u);
    }

    void badValuesNameTheirKey() {
        for (const auto &[layers, why] :
             {std::pair<std::string, const char *>{"4,5,x", "not a number"},
              {"4,61", "past the last layer"},
              {"", "empty entry"}}) {
            std::string text = step3Config(layers.empty() ? "4,,5" : layers);
            const auto r = importHfConfigText(text, "bad");
            QVERIFY2(!r.ok(), why);
            QCOMPARE(r.error().field, std::string("text_config.moe_layers_enum"));
        }
        std::string groups = step3Config("");
        groups.replace(groups.find("\"num_attention_groups\":1"), 24, "\"num_attention_groups\":4");
        const auto r = importHfConfigText(groups, "groups");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().field, std::string("text_config.num_attention_groups"));
    }
};

QTEST_GUILESS_MAIN(tst_Step3)
#include "tst_step3.moc"
