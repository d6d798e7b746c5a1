// SPDX-License-Identifier: MIT
#include "views/sensitivityview.h"

#include "charts/paretochart.h"
#include "charts/tornadochart.h"
#include "charts/viewrefresher.h"
#include "document/scenariodocument.h"
#include "report/sensitivitytables.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

namespace hostplan::ui {

SensitivityView::SensitivityView(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc) {
    setWhatsThis(
        tr("<b>Sensitivity</b><p>How sure the recommendation is. The sentence says whether the "
           "plan serves its break-even volume at both ends of the throughput band and of the API "
           "price range, and when it is too close to call, which assumption decides it. The "
           "tornado charts move each input by -20% and +20% and show cost per 1M output tokens "
           "and capacity over the break-even volume, the input that moves them most on top. The "
           "table gives the decision figures as low, likely and high. The scatter shows every "
           "layout that carries the workload by its median time per output token and to first "
           "token: blue points are the front (no other layout is faster on both and cheaper), "
           "the square is your plan.</p>"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto *inner = new QWidget;
    inner->setMinimumSize(640, 640);
    scroll->setWidget(inner);
    auto *grid = new QGridLayout(inner);
    grid->setContentsMargins(4, 4, 4, 4);
    m_call = new QLabel;
    m_call->setObjectName(QStringLiteral("sensitivityCall"));
    m_call->setWordWrap(true);
    m_call->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_call, 0, 0, 1, 2);
    m_cost = new TornadoChart(doc, TornadoChart::Measure::CostPerMTok);
    m_cost->setObjectName(QStringLiteral("sensitivityCostChart"));
    m_margin = new TornadoChart(doc, TornadoChart::Measure::CapacityOverBreakEven);
    m_margin->setObjectName(QStringLiteral("sensitivityMarginChart"));
    grid->addWidget(m_cost, 1, 0);
    grid->addWidget(m_margin, 1, 1);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("rangesTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Row names wrap: the rows grow whenever the stretched name column gets its width.
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table,
            [this] { m_table->resizeRowsToContents(); });
    grid->addWidget(m_table, 2, 0);
    m_pareto = new ParetoChart(doc);
    m_pareto->setObjectName(QStringLiteral("paretoChart"));
    grid->addWidget(m_pareto, 2, 1);
    grid->setRowStretch(1, 3);
    grid->setRowStretch(2, 3);
    for (QWidget *w : std::initializer_list<QWidget *>{m_cost, m_margin, m_table, m_pareto}) {
        w->setWhatsThis(whatsThis());
    }
    // Rebuilt on each change only while shown; a hidden tab catches up when shown. The charts
    // have their own refreshers and share the document's cached sensitivity run.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

QString SensitivityView::callText() const {
    return m_call->text();
}

void SensitivityView::rebuild() {
    m_table->clear();
    const auto &plan = m_doc->plan();
    if (!plan) {
        m_call->setText(tr("No plan: %1").arg(m_doc->error()));
        m_table->setRowCount(0);
        m_table->setColumnCount(0);
        return;
    }
    m_call->setText(rangeCallText(*plan));
    const ReportTable t = hostplan::ui::rangesTable(*plan);
    m_table->setColumnCount(int(t.headers.size()));
    m_table->setHorizontalHeaderLabels(t.headers);
    // The figures keep their width; the row names take the rest and wrap.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (m_table->columnCount() > 0) {
        m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    }
    m_table->setRowCount(int(t.rows.size()));
    for (int r = 0; r < t.rows.size(); ++r) {
        for (int col = 0; col < t.rows[r].size(); ++col) {
            auto *item = new QTableWidgetItem(t.rows[r][col]);
            if (t.rightAligned.value(col)) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            m_table->setItem(r, col, item);
        }
    }
    m_table->resizeRowsToContents();
    m_table->setToolTip(t.note);
}

} // namespace hostplan::ui
