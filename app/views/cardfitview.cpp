// SPDX-License-Identifier: MIT
#include "views/cardfitview.h"
#include "plan/plan.h"

#include "charts/viewrefresher.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"

#include "catalogue/catalogue.h"
#include "catalogue/hosts.h"
#include "util/units.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace hostplan::ui {

namespace {

/// "128k" for 131,072 tokens, "126k" for 129,280 (whole 1,024s, rounded down; the tooltip
/// gives the exact count).
QString contextText(std::uint64_t tokens) {
    return QStringLiteral("%1k").arg(groupedInt(tokens / 1024));
}

QString cellTip(const CardFitCell &c) {
    QString tip = CardFitView::tr("Weights: %1").arg(gibText(double(c.weightBytes), 1));
    if (c.fitsAtDefault) {
        tip += QLatin1Char('\n') +
               CardFitView::tr("Every layer on the GPU at llama-server's defaults (the model's "
                               "training context, which --fit lowers as far as 4,096 tokens "
                               "before it moves layers); the longest context that still fits "
                               "there: %1 tokens (four slots in one unified f16 KV cache).")
                   .arg(groupedInt(c.maxContext));
    } else if (c.cpuMoeLayers) {
        tip += QLatin1Char('\n') +
               CardFitView::tr("Does not fit wholly on the GPU at the default context: "
                               "--n-cpu-moe %1 keeps the experts of the first %1 layers in "
                               "system RAM and everything else on the GPU (faster here than "
                               "splitting whole layers); %2 % of each decode step reads RAM.")
                   .arg(*c.cpuMoeLayers)
                   .arg(numberText(c.hostTimeShare * 100, 0));
    } else if (c.offloadGpuLayers) {
        tip += QLatin1Char('\n') +
               CardFitView::tr("Does not fit wholly on the GPU at the default context: -ngl %1 "
                               "keeps %1 of %2 layer slots there and the rest in system RAM; "
                               "%3 % of each decode step reads RAM.")
                   .arg(*c.offloadGpuLayers)
                   .arg(c.layers + 1)
                   .arg(numberText(c.hostTimeShare * 100, 0));
    } else {
        tip += QLatin1Char('\n') +
               CardFitView::tr("Neither the GPU nor the GPU and system RAM together hold it.");
    }
    if (c.tokensPerSecond > 0) {
        // The cell's speed is at --fit's smallest context (CardFitCell); a longer one reads
        // more KV per token, so the plan at the context asked for is slower.
        tip += QLatin1Char('\n') +
               CardFitView::tr("Decode ceiling at peak memory bandwidth: %1 tokens/s for one "
                               "sequence at a %2-token context; longer contexts read more KV "
                               "per token (hostplan-cli plan --engine llama.cpp --context N "
                               "gives the speed at N).")
                   .arg(numberText(c.tokensPerSecond, 1))
                   .arg(kLlamaFitMinContext);
    }
    return tip;
}

} // namespace

CardFitView::CardFitView(ScenarioDocument *doc, QWidget *parent) : QWidget(parent), m_doc(doc) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *row = new QHBoxLayout;
    m_gpu = new QComboBox;
    m_gpu->setObjectName(QStringLiteral("cardFitGpu"));
    for (const auto &g : Catalogue::builtin().gpus()) {
        m_gpu->addItem(QString::fromStdString(g.name), QString::fromStdString(g.id));
    }
    m_host = new QComboBox;
    m_host->setObjectName(QStringLiteral("cardFitHost"));
    for (const auto &h : builtinHosts()) {
        m_host->addItem(QString::fromStdString(h.name), QString::fromStdString(h.id));
        m_host->setItemData(
            m_host->count() - 1,
            tr("%1 of system memory at %2 GB/s\nSource: %3 (as of %4)")
                .arg(gibText(double(h.memoryBytes), 0))
                .arg(numberText(h.memoryBandwidthBytesPerS / 1e9, 0))
                .arg(QString::fromStdString(h.source), QString::fromStdString(h.asOf)),
            Qt::ToolTipRole);
    }
    auto *gpuLabel = new QLabel(tr("Card:"));
    gpuLabel->setBuddy(m_gpu);
    auto *hostLabel = new QLabel(tr("Host:"));
    hostLabel->setBuddy(m_host);
    // Long GPU and host names must not widen the window's centre (the docks would shrink).
    for (QComboBox *combo : {m_gpu, m_host}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
    }
    row->addWidget(gpuLabel);
    row->addWidget(m_gpu, 2);
    row->addWidget(hostLabel);
    row->addWidget(m_host, 2);
    layout->addLayout(row);
    m_note = new QLabel(tr(
        "Each model stored as each llama.cpp type and run by llama-server with its defaults "
        "(four slots in one unified f16 KV cache; the model's training context, lowered by "
        "--fit as far as 4,096 tokens). A cell gives the longest context that runs wholly on the "
        "card, or else the offload that fits (-ngl: whole layers in system RAM; --n-cpu-moe: "
        "only experts), each leaving the 1 GiB free that --fit leaves, and the decode ceiling at "
        "peak bandwidth. Uniform types approximate "
        "published files (Q4_K_M is mostly q4_K)."));
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("cardFitTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    // Each cell is two lines (verdict, speed); rows take the height their text needs.
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The size hint counts the primary font's lines; Chinese and Japanese glyphs come from a
    // fallback font with taller lines, so give two lines of room that fits both.
    m_table->verticalHeader()->setMinimumSectionSize(fontMetrics().lineSpacing() * 3);
    layout->addWidget(m_table, 1);

    const auto chosen = [this] {
        m_gpuChosen = true;
        rebuild();
    };
    connect(m_gpu, &QComboBox::activated, this, chosen);
    connect(m_host, &QComboBox::activated, this, [this] { rebuild(); });
    // Built when first seen (the table plans every model as every type).
    (new ViewRefresher(this, m_doc, [this] { rebuild(); }))->refresh();
}

void CardFitView::setGpu(const QString &id) {
    const int i = m_gpu->findData(id);
    if (i >= 0) {
        m_gpu->setCurrentIndex(i);
        m_gpuChosen = true;
        rebuild();
    }
}

void CardFitView::setHost(const QString &id) {
    const int i = m_host->findData(id);
    if (i >= 0) {
        m_host->setCurrentIndex(i);
        rebuild();
    }
}

void CardFitView::loadModels() {
    if (!m_catalogueModels.empty()) {
        return;
    }
    for (const auto &e : Catalogue::builtin().models()) {
        if (auto m = Catalogue::builtin().loadModel(e.id); m.ok()) {
            m_catalogueModels.emplace(e.id, std::move(m).value());
        }
    }
}

const CardFitCell *CardFitView::cell(const std::string &modelId, const std::string &type) const {
    for (const auto &r : m_rows) {
        if (r.modelId != modelId) {
            continue;
        }
        for (const auto &c : r.cells) {
            if (c.type == type) {
                return &c;
            }
        }
    }
    return nullptr;
}

QString CardFitView::cellText(const CardFitCell &c) {
    // Speeds are at --fit's smallest context (CardFitCell::tokensPerSecond), named so that a
    // cell is not read as the speed at the longest context it runs.
    const QString at = contextText(kLlamaFitMinContext);
    if (c.fitsAtDefault) {
        return tr("runs to %1\n%2 tokens/s at %3")
            .arg(contextText(c.maxContext), numberText(c.tokensPerSecond, 0), at);
    }
    if (c.cpuMoeLayers) {
        return tr("--n-cpu-moe %1\n%2 tokens/s at %3")
            .arg(*c.cpuMoeLayers)
            .arg(numberText(c.tokensPerSecond, 1), at);
    }
    if (c.offloadGpuLayers) {
        return tr("-ngl %1/%2\n%3 tokens/s at %4")
            .arg(*c.offloadGpuLayers)
            .arg(c.layers + 1)
            .arg(numberText(c.tokensPerSecond, 1), at);
    }
    return tr("does not fit");
}

void CardFitView::rebuild() {
    loadModels();
    // Until the user picks a card, the view follows the plan's GPU.
    if (!m_gpuChosen) {
        const auto gpu = scenarioGpu(m_doc->scenario());
        if (gpu.ok()) {
            m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(QString::fromStdString(gpu->id))));
        }
    }
    const auto gpu =
        scenarioCatalogue(m_doc->scenario()).findGpu(m_gpu->currentData().toString().toStdString());
    const auto host = findHost(m_host->currentData().toString().toStdString());
    if (!gpu.ok() || !host.ok()) {
        return;
    }
    const auto types = defaultCardFitTypes();
    // The llama.cpp release the scenario names (Hardware panel; 0 = the newest rules).
    const std::uint32_t build = m_doc->scenario().engine.llamaCppBuild.value_or(0);
    m_rows.clear();
    for (const auto &[id, spec] : m_catalogueModels) {
        m_rows.push_back(cardFit(spec, gpu.value(), host.value(), types, build));
    }
    // The plan's own model when it is not a catalogue one (an imported config or GGUF file).
    if (const auto own = m_doc->importedModel(); own.ok() && !m_catalogueModels.count(own->id)) {
        m_rows.push_back(cardFit(own.value(), gpu.value(), host.value(), types, build));
    }
    std::sort(m_rows.begin(), m_rows.end(),
              [](const CardFitRow &a, const CardFitRow &b) { return a.params < b.params; });

    m_table->clear();
    m_table->setRowCount(int(m_rows.size()));
    m_table->setColumnCount(2 + int(types.size()));
    QStringList headers = {tr("Model"), tr("Parameters")};
    for (const auto *t : types) {
        headers << QString::fromLatin1(t->name.data(), qsizetype(t->name.size()));
    }
    m_table->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < int(m_rows.size()); ++r) {
        const CardFitRow &row = m_rows[std::size_t(r)];
        auto *name = new QTableWidgetItem(QString::fromStdString(row.modelName));
        name->setData(Qt::UserRole, QString::fromStdString(row.modelId));
        m_table->setItem(r, 0, name);
        m_table->setItem(r, 1,
                         new QTableWidgetItem(tr("%1B").arg(numberText(row.params / 1e9, 1))));
        for (std::size_t i = 0; i < types.size(); ++i) {
            // A GGUF file has one cell, its own tensors, shown under every type column.
            const CardFitCell *c = row.cells.size() == 1 && row.cells[0].type == "gguf"
                                       ? &row.cells[0]
                                       : (i < row.cells.size() ? &row.cells[i] : nullptr);
            if (!c) {
                continue;
            }
            auto *item = new QTableWidgetItem(
                c->type == "gguf" ? tr("this file: %1").arg(cellText(*c)) : cellText(*c));
            item->setToolTip(cellTip(*c));
            m_table->setItem(r, 2 + int(i), item);
            if (c->type == "gguf") {
                m_table->setSpan(r, 2, 1, int(types.size()));
                break;
            }
        }
    }
    // Model and size as wide as they need, the type columns share the rest.
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (int i = 2; i < m_table->columnCount(); ++i) {
        header->setSectionResizeMode(i, QHeaderView::Stretch);
    }
}

} // namespace hostplan::ui
