// SPDX-License-Identifier: MIT
// One decision, four displays: for several scenarios (fitting, not fitting, no API price, a tiny
// and a huge workload) the CLI's plan text, `plan --json`, the budget report's text (pdftotext)
// and the GUI's Summary view carry the same figures: GPU count and fit, sequences at once,
// monthly rental, API bill, both costs per 1M output tokens, break-even volume, heavy users,
// recommendation and pilot range. Each figure is read from each display with its own pattern
// and compared with the JSON (the core's numbers), so a display that computes or rounds on its
// own, or drops a figure another shows, fails here.
#include "appscenarios.h"
#include "document/scenariodocument.h"
#include "scenario/scenario.h"
#include "views/summaryview.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace hostplan;

namespace {

/// Standard output of hostplan-cli with `args`, or a null string when it failed.
QString cli(const QStringList &args) {
    QProcess p;
    p.start(QStringLiteral(HOSTPLAN_CLI_BIN), args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() > 1) {
        qWarning() << "hostplan-cli" << args << "failed:" << p.readAllStandardError();
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// The four displays of one scenario, each with its whitespace collapsed.
struct Displays {
    QString cliText;
    nlohmann::json json;
    QString report; ///< null when pdftotext is missing
    QString summary;
};

Displays displays(const Scenario &scenario, const QString &dir) {
    Displays d;
    const QString file = dir + QStringLiteral("/scenario.json");
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(QByteArray::fromStdString(scenarioToJson(scenario))) < 0) {
        return d;
    }
    f.close();
    d.cliText = cli({QStringLiteral("plan"), QStringLiteral("--scenario"), file}).simplified();
    const QString json =
        cli({QStringLiteral("plan"), QStringLiteral("--json"), QStringLiteral("--scenario"), file});
    d.json = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
        const QString pdf = dir + QStringLiteral("/report.pdf");
        cli({QStringLiteral("report"), QStringLiteral("--scenario"), file, QStringLiteral("-o"),
             pdf});
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        p.waitForFinished(60000);
        d.report = QString::fromUtf8(p.readAllStandardOutput()).simplified();
    }
    ui::ScenarioDocument doc;
    doc.reset(scenario);
    ui::SummaryView view(&doc);
    d.summary = view.toPlainText().simplified();
    return d;
}

/// "$55.60": cents, thousands grouped (the displays' format for rates per 1M tokens).
QString cents(double usd) {
    return QStringLiteral("$") + QLocale(QLocale::English).toString(usd, 'f', 2);
}

/// "$27,798": whole dollars, thousands grouped (the displays' format for monthly sums); below
/// $100 with cents ("$21.00").
QString dollars(double usd) {
    if (std::abs(usd) < 99.995) {
        return cents(usd);
    }
    return QStringLiteral("$") + QLocale(QLocale::English).toString(qlonglong(std::llround(usd)));
}

/// "1.01 billion", "500.0 million": token volumes as the displays write them.
QString volume(double tokens) {
    const QLocale en(QLocale::English);
    if (tokens >= 1e9) {
        return en.toString(tokens / 1e9, 'f', 2) + QStringLiteral(" billion");
    }
    if (tokens >= 1e6) {
        return en.toString(tokens / 1e6, 'f', 1) + QStringLiteral(" million");
    }
    return en.toString(qlonglong(std::llround(tokens)));
}

/// Checks one figure: every display's capture equals `expected` (`cs`: whether case counts).
void same(const char *figure, const QString &expected, const QStringList &names,
          const QStringList &captured, Qt::CaseSensitivity cs) {
    for (int i = 0; i < names.size(); ++i) {
        if (captured[i].compare(expected, cs) != 0) {
            QFAIL(qPrintable(QStringLiteral("%1: %2 shows '%3', the core decided '%4'")
                                 .arg(QLatin1String(figure), names[i], captured[i], expected)));
        }
    }
}

Scenario tinyWorkload() {
    Scenario s = defaultScenario();
    s.workload.concurrency = 1;
    s.workload.inputTokensPerMonth = 2e6;
    s.workload.cachedInputTokensPerMonth = 0;
    s.workload.outputTokensPerMonth = 1e6;
    return s;
}

Scenario hugeWorkload() {
    Scenario s = defaultScenario();
    s.workload.inputTokensPerMonth = 4e11;
    s.workload.cachedInputTokensPerMonth = 1e11;
    s.workload.outputTokensPerMonth = 1e11;
    return s;
}

/// The default workload with `model` on `gpus` x `gpu`, at the model's cheapest API price.
Scenario withModelOn(const char *model, const char *gpu, std::uint32_t gpus) {
    Scenario s = defaultScenario();
    s.model.ref = model;
    return testscenarios::onGpus(s, gpu, gpus);
}

} // namespace

class TestConsistency : public QObject {
    Q_OBJECT

  private slots:
    void sameFigures_data() {
        QTest::addColumn<QString>("json");
        QTest::newRow("fitting (Kimi K3, 8 x B300)")
            << QString::fromStdString(scenarioToJson(defaultScenario()));
        QTest::newRow("not fitting (1 x H200 at 1M context)")
            << QString::fromStdString(scenarioToJson(testscenarios::noFit()));
        QTest::newRow("no API price")
            << QString::fromStdString(scenarioToJson(testscenarios::noApiPrice(defaultScenario())));
        QTest::newRow("tiny workload (1M output tokens a month)")
            << QString::fromStdString(scenarioToJson(tinyWorkload()));
        QTest::newRow("huge workload (100 billion output tokens a month)")
            << QString::fromStdString(scenarioToJson(hugeWorkload()));
        QTest::newRow("does not fit, both prices known (Llama 3.1 70B, 2 x A100 80GB)")
            << QString::fromStdString(scenarioToJson(withModelOn("llama-3.1-70b", "a100-80gb", 2)));
    }

    void sameFigures() {
        QFETCH(QString, json);
        auto parsed = parseScenario(json.toStdString());
        QVERIFY(parsed.ok());
        QTemporaryDir dir;
        const Displays d = displays(parsed.value(), dir.path());
        QVERIFY(!d.cliText.isEmpty());
        QVERIFY(d.json.is_object());
        QVERIFY(!d.summary.isEmpty());
        const bool withReport = !d.report.isNull();
        if (!withReport) {
            qWarning("pdftotext (poppler-utils) is missing: the report is not compared");
        }
        const nlohmann::json &j = d.json;
        const bool fits = j["fit"]["fits"].get<bool>();
        const bool priced = j["api"]["priced"].get<bool>();

        // Each figure: the pattern that reads it from the CLI text, the Summary and the report.
        struct Figure {
            const char *name;
            QString expected;
            QString cliPattern;
            QString summaryPattern;
            QString reportPattern;
            /// The displays write this verdict in their own case ("FITS", "Fits"): compared
            /// case-insensitively.
            bool ownCase = false;
        };
        std::vector<Figure> figures;
        const QString gpus = QString::number(j["hardware"]["gpu_count"].get<int>());
        figures.push_back({"GPUs", gpus, QStringLiteral("GPUs (\\d+) x"),
                           QStringLiteral("^(?:Fits|Does not fit) on (\\d+) x"),
                           QStringLiteral("Executive summary (?:Fits|Does not fit) on (\\d+) x")});
        figures.push_back({"fit", fits ? QStringLiteral("fits") : QStringLiteral("does not fit"),
                           QStringLiteral("Fit (FITS|DOES NOT FIT)"),
                           QStringLiteral("^(Fits|Does not fit) on \\d+ x"),
                           QStringLiteral("Executive summary (Fits|Does not fit) on \\d+ x"),
                           true});
        figures.push_back({"monthly rental at the chosen hours",
                           dollars(j["cost"]["usd_per_month"].get<double>()),
                           QStringLiteral("at [\\d.]+ h/day: (\\$[\\d,.]+) per month"),
                           QStringLiteral("At [\\d.]+ h/day (\\$[\\d,.]+) per month"),
                           QStringLiteral("Monthly rental at [\\d.]+ h/day (\\$[\\d,.]+)")});
        const PilotRangeJson pilot{j["decision"]["pilot_range"]["low_gpus"].get<int>(),
                                   j["decision"]["pilot_range"]["high_gpus"].get<int>()};
        figures.push_back(
            {"pilot range", pilot.text(),
             QStringLiteral("pilot range: (\\d+-\\d+ GPUs|\\d+ GPUs?|none)"),
             QStringLiteral("Pilot range to quote: (\\d+-\\d+ GPUs|\\d+ GPUs?|none)"),
             QStringLiteral("pilot range \\S+ GPUs? / (\\d+-\\d+ GPUs|\\d+ GPUs?|none)")});
        figures.push_back(
            {"recommendation",
             QString::fromStdString(j["decision"]["recommendation_name"].get<std::string>()),
             QStringLiteral("recommendation: (API|Burst rental|Dedicated|No API comparison)"),
             QStringLiteral("Recommendation: (API|Burst rental|Dedicated|No API comparison)"),
             QStringLiteral("Recommendation (API|Burst rental|Dedicated|No API comparison) ")});
        if (fits) {
            figures.push_back(
                {"sequences at once",
                 QLocale(QLocale::English).toString(j["fit"]["max_concurrency"].get<qlonglong>()),
                 QStringLiteral("max concurrency at [\\d,]+ tokens: ([\\d,]+) sequences?"),
                 QStringLiteral("Up to ([\\d,]+) sequences? of"),
                 QStringLiteral("\\(up to ([\\d,]+) fit\\)")});
            figures.push_back(
                {"cost per 1M output tokens, this workload",
                 cents(j["decision"]["usd_per_mtok_output_for_workload"].get<double>()),
                 QStringLiteral("cost per 1M output tokens, this workload: (\\$[\\d,.]+)"),
                 QStringLiteral("Self-hosted cost per 1M output tokens (\\$[\\d,.]+)"),
                 QStringLiteral("Self-hosted cost per 1M output tokens (\\$[\\d,.]+)")});
            figures.push_back(
                {"cost per 1M output tokens at capacity",
                 cents(j["decision"]["usd_per_mtok_output_at_capacity"].get<double>()),
                 QStringLiteral("cost per 1M output tokens at capacity: (\\$[\\d,.]+)"),
                 QStringLiteral(
                     "Per 1M output tokens at \\d+% utilisation \\([^)]*\\) (\\$[\\d,.]+)"),
                 QStringLiteral("Cost per 1M output tokens at capacity \\(\\d+% utilisation\\) "
                                "(\\$[\\d,.]+)")});
        }
        if (priced) {
            figures.push_back(
                {"API bill for the workload", dollars(j["cost"]["api_usd_per_month"].get<double>()),
                 QStringLiteral("this workload at API prices: (\\$[\\d,.]+) per month"),
                 // The price's name may hold parentheses ("DeepInfra (Turbo)"): one level.
                 QStringLiteral("Same tokens at API prices \\((?:[^()]|\\([^()]*\\))*\\) "
                                "(\\$[\\d,.]+) per month"),
                 QStringLiteral("API, same volume \\((?:[^()]|\\([^()]*\\))*\\) (\\$[\\d,.]+)")});
            const std::string kind = j["decision"]["break_even"]["kind"].get<std::string>();
            figures.push_back(
                {"break-even volume",
                 kind == "at"
                     ? volume(j["decision"]["break_even"]["output_tokens_per_month"].get<double>())
                     : QStringLiteral("never"),
                 QStringLiteral("Break-even (never|[\\d.]+ \\w+)"),
                 QStringLiteral("Break-even: (never|[\\d.]+ \\w+)"),
                 QStringLiteral("Break-even output volume (never|[\\d.]+ \\w+)")});
            const std::string heavy = j["decision"]["heavy_users"]["kind"].get<std::string>();
            // The heavy-user verdict itself (decision.h heavyUserVerdict): "within reach
            // only towards the band's fast end" in every display, or in none.
            const QString fastEnd = QStringLiteral("within reach only towards the band's fast end");
            figures.push_back({"heavy users within the band",
                               heavy == "within_band" ? fastEnd : QStringLiteral("<absent>"),
                               QStringLiteral("(within reach only towards the band's fast end)"),
                               QStringLiteral("(within reach only towards the band's fast end)"),
                               QStringLiteral("(within reach only towards the band's fast end)")});
            if (heavy == "out_of_reach" || heavy == "within_band") {
                const QString needs =
                    QString::number(j["decision"]["heavy_users"]["users_needed"].get<qlonglong>()) +
                    QStringLiteral(" / ") +
                    QString::number(j["decision"]["heavy_users"]["users_served"].get<double>(), 'f',
                                    1);
                figures.push_back(
                    {"heavy users needed / served", needs,
                     QStringLiteral(
                         "needs (\\d+) heavy users \\([^)]*\\), (?:the plan|one copy) serves "
                         "([\\d.]+)"),
                     QStringLiteral("break-even needs (\\d+) heavy users? \\([^)]*\\) and it "
                                    "serves ([\\d.]+)"),
                     QStringLiteral("break-even needs (\\d+) heavy users, it serves ([\\d.]+)")});
            } else if (heavy == "wins_from" || heavy == "free") {
                figures.push_back(
                    {"heavy users from which self-hosting wins",
                     QLocale(QLocale::English)
                         .toString(std::max<qlonglong>(
                             1, j["decision"]["heavy_users"]["users_needed"].get<qlonglong>())),
                     QStringLiteral("Heavy users (?:from )?([\\d,]+)"),
                     QStringLiteral("Self-hosting wins from ([\\d,]+) of"),
                     QStringLiteral("Break-even heavy users (?:from )?([\\d,]+)")});
            }
        }

        for (const Figure &f : figures) {
            QStringList names{QStringLiteral("the CLI text"), QStringLiteral("the Summary view")};
            QStringList got{captureAll(d.cliText, f.cliPattern),
                            captureAll(d.summary, f.summaryPattern)};
            if (withReport) {
                names << QStringLiteral("the report");
                got << captureAll(d.report, f.reportPattern);
            }
            same(f.name, f.expected, names, got,
                 f.ownCase ? Qt::CaseInsensitive : Qt::CaseSensitive);
        }
    }

    // The engine's refusal before loading and its fixes reach every display: Llama 3.1 8B at
    // 262,144 tokens (its derived maximum is 131,072) is refused by vLLM with the context as
    // the fix, and no display claims sequences that would fit.
    void engineFixesInEveryDisplay() {
        Scenario s = defaultScenario();
        s.model.ref = "llama-3.1-8b";
        s.hardware = HardwareChoice{};
        s.hardware.gpu = "h100";
        s.hardware.gpuCount = 1;
        s.workload.contextTokens = 262144;
        s.workload.concurrency = 1;
        QTemporaryDir dir;
        const Displays d = displays(s, dir.path());
        QCOMPARE(d.json["startup"]["outcome"].get<std::string>(), std::string("arguments_refused"));
        const QString fix = QStringLiteral("--max-model-len 131072");
        QVERIFY2(d.cliText.contains(QStringLiteral("fix: ") + fix), qPrintable(d.cliText));
        QVERIFY2(d.summary.contains(fix), qPrintable(d.summary));
        QVERIFY(d.summary.contains(QStringLiteral("refuses these flags before loading")));
        QVERIFY(!d.summary.contains(QStringLiteral("Up to ")));
        if (!d.report.isNull()) {
            QVERIFY2(d.report.contains(QStringLiteral("Each alone makes vLLM start with the "
                                                      "whole context: ") +
                                       fix),
                     qPrintable(d.report));
            QVERIFY(d.report.contains(QStringLiteral("(the engine refuses the flags)")));
        }
    }

  private:
    /// Pilot range from the JSON in the displays' wording.
    struct PilotRangeJson {
        int low;
        int high;
        QString text() const {
            if (low == 0) {
                return QStringLiteral("none");
            }
            if (low == high) {
                return low == 1 ? QStringLiteral("1 GPU") : QStringLiteral("%1 GPUs").arg(low);
            }
            return QStringLiteral("%1-%2 GPUs").arg(low).arg(high);
        }
    };

    /// All captures of the first match of `pattern` in `text` joined with " / ", or
    /// "<absent>".
    static QString captureAll(const QString &text, const QString &pattern) {
        const auto m = QRegularExpression(pattern).match(text);
        if (!m.hasMatch()) {
            return QStringLiteral("<absent>");
        }
        QStringList parts;
        for (int i = 1; i <= m.lastCapturedIndex(); ++i) {
            parts << m.captured(i);
        }
        return parts.join(QStringLiteral(" / "));
    }
};

QTEST_MAIN(TestConsistency)
#include "tst_consistency.moc"
