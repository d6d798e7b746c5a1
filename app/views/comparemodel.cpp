// SPDX-License-Identifier: MIT
#include "views/comparemodel.h"
#include "plan/plan.h"

#include "catalogue/catalogue.h"
#include "document/formatting.h"
#include "document/themecolours.h"
#include "plan/decision.h"

#include <QBrush>
#include <QColor>
#include <QGuiApplication>
#include <QPalette>
#include <QFont>

#include <cmath>
#include <functional>

namespace hostplan::ui {

CompareModel::CompareModel(QObject *parent) : QAbstractTableModel(parent) {}

namespace {

QString formatsText(const Scenario &s) {
    QString t = s.model.weightsFormat ? QString::fromStdString(s.model.weightsFormat->label())
                                      : CompareModel::tr("as shipped");
    for (const auto &[role, f] : s.model.groupFormats) {
        t += QStringLiteral(", %1 %2").arg(groupRoleText(role), QString::fromStdString(f.label()));
    }
    return t;
}

QString autoOr(std::uint32_t v) {
    return v ? QString::number(v) : CompareModel::tr("auto");
}

QString money(double usd) {
    return usdText(usd);
}

} // namespace

CompareModel::Side CompareModel::Side::of(const QString &title, const Scenario &scenario,
                                          const Result<PlanResult> &plan) {
    Side side{title, scenario, std::nullopt, {}};
    if (plan.ok()) {
        side.plan = plan.value();
    } else {
        side.error = QString::fromStdString(plan.error().message);
    }
    return side;
}

void CompareModel::setSides(const QList<Side> &sides) {
    QList<Row> rows;
    auto input = [&](const QString &what, const std::function<QString(const Scenario &)> &f) {
        Row row{what, {}, false};
        for (const Side &side : sides) {
            row.values << f(side.scenario);
        }
        rows.append(row);
    };
    auto result = [&](const QString &what, const std::function<QString(const PlanResult &)> &f) {
        Row row{what, {}, false};
        for (const Side &side : sides) {
            row.values << (side.plan ? f(*side.plan) : side.error);
        }
        rows.append(row);
    };
    // Throughput rows: the serving model's capacity at the target (core sizing/throughput.h).
    auto serving = [&](const QString &what,
                       const std::function<QString(const PlanResult &, const Capacity &)> &f) {
        result(what, [&f](const PlanResult &p) {
            if (!p.fit.serves()) {
                return tr("n/a (does not fit)");
            }
            return p.throughput.computed ? f(p, p.throughput.capacity) : tr("not modelled");
        });
    };
    const QStringList none(sides.size(), QString());
    rows.append({tr("Inputs"), none, true});
    input(tr("Name"), [](const Scenario &s) { return QString::fromStdString(s.name); });
    // Catalogue entries by name (the id is what the scenario file stores); paths as given.
    input(tr("Model"), [](const Scenario &s) {
        const auto entry = Catalogue::builtin().findModel(s.model.ref);
        return QString::fromStdString(entry.ok() ? entry->name : s.model.ref);
    });
    input(tr("Weight formats"), formatsText);
    input(tr("KV cache format"),
          [](const Scenario &s) { return QString::fromStdString(s.model.kvFormat.label()); });
    input(tr("GPU"), [](const Scenario &s) {
        const auto gpu = scenarioGpu(s);
        return QString::fromStdString(gpu.ok() ? gpu->name : s.hardware.gpu);
    });
    input(tr("GPU count"), [](const Scenario &s) { return autoOr(s.hardware.gpuCount); });
    input(tr("GPUs per node"), [](const Scenario &s) {
        return s.hardware.gpusPerNode ? QString::number(s.hardware.gpusPerNode) : tr("GPU default");
    });
    input(tr("TP / EP / PP"), [](const Scenario &s) {
        return QStringLiteral("%1 / %2 / %3")
            .arg(autoOr(s.hardware.tp), autoOr(s.hardware.ep), autoOr(s.hardware.pp));
    });
    input(tr("Engine"), [](const Scenario &s) {
        return QString::fromStdString(engineDisplayName(s.engine.engine));
    });
    input(tr("Context"), [](const Scenario &s) {
        return tr("%1 tokens").arg(groupedInt(s.workload.contextTokens));
    });
    input(tr("Concurrency"), [](const Scenario &s) { return groupedInt(s.workload.concurrency); });
    input(tr("Tokens per month (in / cached / out)"), [](const Scenario &s) {
        return QStringLiteral("%1 / %2 / %3")
            .arg(tokensText(s.workload.inputTokensPerMonth),
                 tokensText(s.workload.cachedInputTokensPerMonth),
                 tokensText(s.workload.outputTokensPerMonth));
    });
    input(tr("Hours per day"),
          [](const Scenario &s) { return numberText(s.workload.hoursPerDay, 1); });

    rows.append({tr("Results"), none, true});
    result(tr("Fits"), [](const PlanResult &p) {
        return p.fit.fits          ? tr("yes")
               : p.fit.startsShort ? tr("starts, holds %1 of %2 sequences")
                                         .arg(groupedInt(p.fit.maxConcurrency))
                                         .arg(groupedInt(p.scenario.workload.concurrency))
                                   : tr("no");
    });
    result(tr("Layout"), [](const PlanResult &p) {
        return tr("%1 x %2, TP %3 x PP %4, EP %5")
            .arg(p.rentedGpus())
            .arg(QString::fromStdString(p.gpu.name))
            .arg(p.layout.tp)
            .arg(p.layout.pp)
            .arg(QString::number(p.layout.ep) + attentionDpSuffix(p.layout.dp));
    });
    result(tr("Weights (whole model)"),
           [](const PlanResult &p) { return gbText(double(p.model.weightBytes())); });
    result(tr("Memory per GPU"),
           [](const PlanResult &p) { return gbText(double(p.memory.perGpu.total())); });
    result(tr("Weights per GPU"),
           [](const PlanResult &p) { return gbText(double(p.memory.perGpu.weights)); });
    result(tr("KV cache per GPU"),
           [](const PlanResult &p) { return gbText(double(p.memory.perGpu.kvCache)); });
    result(tr("Max concurrency at the context"),
           [](const PlanResult &p) { return groupedInt(p.fit.maxConcurrency); });
    result(tr("Memory floor / practical GPUs"), [](const PlanResult &p) {
        return QStringLiteral("%1 / %2")
            .arg(p.fit.gpusFloor)
            .arg(p.fit.practicalFound ? QString::number(p.fit.gpusPractical) : tr("none"));
    });
    result(tr("GPU rate"), [](const PlanResult &p) {
        return tr("%1 per GPU-hour").arg(usdCentsText(p.usdPerGpuHour));
    });
    result(tr("Monthly cost (scheduled)"),
           [](const PlanResult &p) { return money(p.rental.usdPerMonthScheduled); });
    result(tr("Monthly cost (always on)"),
           [](const PlanResult &p) { return money(p.rental.usdPerMonthAlwaysOn); });
    // Without an API price the API cost and break-even are NaN, not "never".
    result(tr("API cost per month"), [](const PlanResult &p) {
        return p.apiPriced ? money(p.apiUsdPerMonth) : tr("no API price");
    });
    result(tr("Self-hosted per 1M output tokens"), [](const PlanResult &p) {
        // A plan that does not fit serves no tokens.
        if (!p.fit.serves()) {
            return tr("n/a (does not fit)");
        }
        return std::isfinite(p.selfHostUsdPerMTokOutput) && p.selfHostUsdPerMTokOutput >= 0
                   ? usdCentsText(p.selfHostUsdPerMTokOutput)
                   : tr("n/a (no output tokens)");
    });
    // The verdict's figure as the Summary gives it (breakEvenVerdict): a break-even above the
    // modelled capacity but within its band is a count, too close to call, not "never".
    result(tr("Break-even output tokens per month"), [](const PlanResult &p) {
        const BreakEvenVerdict v = breakEvenVerdict(p);
        switch (v.kind) {
        case BreakEvenKind::NotPriced:
            return tr("no API price");
        case BreakEvenKind::NoGpuPrice:
            return tr("no GPU-hour rate");
        case BreakEvenKind::At:
            return tokensText(v.outputTokensPerMonth);
        case BreakEvenKind::Never:
            if (v.withinBand) {
                return tr("%1 (too close to call)").arg(tokensText(v.neededOutputTokensPerMonth));
            }
            break;
        case BreakEvenKind::DoesNotFit:
            break;
        }
        return tr("never");
    });
    // The decision unit's verdict, as the Summary words it (plan/decision.h): a count the plan
    // cannot serve is a count all the same, not "never".
    result(tr("Break-even heavy users"), [](const PlanResult &p) {
        const HeavyUserVerdict v = heavyUserVerdict(p);
        switch (v.kind) {
        case HeavyUserKind::NotPriced:
            return tr("no API price");
        case HeavyUserKind::NoGpuPrice:
            return tr("no GPU-hour rate");
        case HeavyUserKind::Free:
            return groupedInt(1);
        case HeavyUserKind::WinsFrom:
            return groupedInt(v.usersNeeded);
        case HeavyUserKind::WithinBand:
            return tr("%1 (serves %2, up to %3 at the band's fast end)")
                .arg(groupedInt(v.usersNeeded), numberText(v.usersServed, 1),
                     numberText(v.usersServedHigh, 1));
        case HeavyUserKind::OutOfReach:
            return tr("%1 (serves %2)")
                .arg(groupedInt(v.usersNeeded), numberText(v.usersServed, 1));
        case HeavyUserKind::DoesNotFit:
        case HeavyUserKind::Never:
            break;
        }
        return tr("never");
    });
    rows.append({tr("Throughput at the target"), none, true});
    serving(tr("Running batch (sequences)"),
            [](const PlanResult &, const Capacity &c) { return groupedInt(c.batch); });
    serving(tr("Output tokens/s (likely, low - high)"), [](const PlanResult &, const Capacity &c) {
        return tr("%1 (%2 - %3)")
            .arg(numberText(c.servingOutputTokensPerSecond, 0),
                 numberText(c.servingOutputTokensPerSecondLow, 0),
                 numberText(c.servingOutputTokensPerSecondHigh, 0));
    });
    serving(tr("Tokens/s per user"), [](const PlanResult &, const Capacity &c) {
        return numberText(c.tokensPerSecondPerUser, 1);
    });
    serving(tr("Median TTFT / TPOT"), [](const PlanResult &, const Capacity &c) {
        return tr("%1 ms / %2 ms")
            .arg(numberText(c.ttftSeconds * 1e3, 0), numberText(c.tpotSeconds * 1e3, 1));
    });
    serving(tr("Output tokens per month (capacity)"), [](const PlanResult &, const Capacity &c) {
        return tr("%1 (%2 - %3)")
            .arg(tokensText(c.outputTokensPerMonth), tokensText(c.outputTokensPerMonthLow),
                 tokensText(c.outputTokensPerMonthHigh));
    });
    serving(tr("Cost per 1M output tokens at capacity"), [](const PlanResult &, const Capacity &c) {
        if (!(c.usdPerMTokOutput >= 0) || !std::isfinite(c.usdPerMTokOutput)) {
            return tr("n/a (no output tokens)");
        }
        return tr("%1 (%2 - %3)")
            .arg(usdCentsText(c.usdPerMTokOutput), usdCentsText(c.usdPerMTokOutputLow),
                 usdCentsText(c.usdPerMTokOutputHigh));
    });
    serving(tr("Tokens/s per USD per hour"), [](const PlanResult &, const Capacity &c) {
        return numberText(c.tokensPerSecondPerUsdPerHour, 1);
    });
    QStringList titles;
    for (const Side &side : sides) {
        titles << side.title;
    }
    m_titles = titles;
    beginResetModel();
    m_all = rows;
    endResetModel();
    refilter();
}

void CompareModel::clear() {
    beginResetModel();
    m_titles.clear();
    m_all.clear();
    m_rows.clear();
    endResetModel();
}

void CompareModel::setDifferencesOnly(bool on) {
    m_diffOnly = on;
    refilter();
}

void CompareModel::refilter() {
    beginResetModel();
    m_rows.clear();
    for (const Row &r : m_all) {
        if (!m_diffOnly || r.differs()) {
            m_rows.append(r);
        }
    }
    endResetModel();
}

QStringList CompareModel::differingRows() const {
    QStringList out;
    for (const Row &r : m_all) {
        if (r.differs()) {
            out << r.what;
        }
    }
    return out;
}

int CompareModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_titles.size()) + 1;
}

QVariant CompareModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size()) {
        return {};
    }
    const Row &r = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return index.column() == ColWhat ? r.what : r.values.value(index.column() - 1);
    case Qt::FontRole:
        if (r.section || (r.differs() && index.column() != ColWhat)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        // From the application's palette, so that a dark theme gets dark fills.
        if (r.section) {
            return QBrush(sectionFill(QGuiApplication::palette()));
        }
        if (r.differs()) {
            return QBrush(changedFill(QGuiApplication::palette()));
        }
        return {};
    default:
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    return section == ColWhat ? tr("What") : m_titles.value(section - 1);
}

} // namespace hostplan::ui
