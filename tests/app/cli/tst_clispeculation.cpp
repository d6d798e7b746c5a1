// SPDX-License-Identifier: MIT
// hostplan-cli's speculative-decoding options: --speculative-tokens and
// --speculative-acceptance reach the workload, the plan states what it assumed, and the launch
// commands follow the same count.
#include "cli/clirun.h"

#include <QTest>

#include <string>

using clitest::Run;
using clitest::run;

class TestCliSpeculation : public QObject {
    Q_OBJECT
  private slots:
    void optionsReachThePlan() {
        const Run r = run({"plan", "--model", "deepseek-v3", "--gpu", "h200", "--gpu-count", "8",
                           "--speculative-tokens", "3", "--speculative-acceptance", "0.8"});
        QVERIFY2(r.code == 0, r.err.c_str());
        // (1 - 0.8^4) / (1 - 0.8) = 2.952 tokens per verify step.
        QVERIFY2(r.out.find("speculative decoding: 3 draft tokens per step by MTP layers, "
                            "acceptance 0.80 assumed (--speculative-acceptance), 2.95 tokens "
                            "per verify step on average") != std::string::npos,
                 r.out.c_str());
        const Run plain =
            run({"plan", "--model", "deepseek-v3", "--gpu", "h200", "--gpu-count", "8"});
        QVERIFY(plain.out.find("speculative decoding") == std::string::npos);
    }

    void commandsFollowTheCount() {
        const Run r = run({"serve-cmd", "--model", "deepseek-v3", "--gpu", "h200", "--gpu-count",
                           "8", "--engine", "sglang", "--speculative-tokens", "2"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("--speculative-num-steps 2") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("--speculative-num-draft-tokens 3") != std::string::npos,
                 r.out.c_str());
    }

    // An EAGLE head HostPlan built has no checkpoint: the command says to replace its
    // placeholder.
    void eagleHeadPlaceholderIsNamed() {
        const Run r = run({"serve-cmd", "--model", "llama-3.1-70b", "--gpu", "h100", "--gpu-count",
                           "4", "--draft", "eagle", "--speculative-tokens", "3"});
        QVERIFY2(r.code == 0 || r.code == 1, r.err.c_str());
        QVERIFY2(r.out.find("# Note: replace <EAGLE head for llama-3.1-70b> with an EAGLE head "
                            "checkpoint trained for this model before running") !=
                     std::string::npos,
                 r.out.c_str());
        // TensorRT-LLM takes speculation from its LLM API options only: the command says so.
        QVERIFY2(r.out.find("# Note: The plan speculates (Llama 3.1 70B EAGLE head): trtllm-serve "
                            "takes it from a YAML file passed with --extra_llm_api_options "
                            "(speculative_config)") != std::string::npos,
                 r.out.c_str());
    }

    void badValuesAreRefused() {
        const Run high = run({"plan", "--speculative-acceptance", "1"});
        QCOMPARE(high.code, 2);
        QCOMPARE(high.err, std::string("hostplan-cli: --speculative-acceptance: must be a number "
                                       "from 0 to 0.99, got '1'\n"));
        const Run many = run({"plan", "--speculative-tokens", "17"});
        QCOMPARE(many.code, 2);
        QCOMPARE(many.err, std::string("hostplan-cli: --speculative-tokens: must be a whole "
                                       "number from 0 to 16, got '17'\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliSpeculation)
#include "tst_clispeculation.moc"
