// SPDX-License-Identifier: MIT
#include "views/deployview.h"

#include "catalogue/catalogue.h"
#include "charts/viewrefresher.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "engine/servecommand.h"

#include <QClipboard>
#include <QFontDatabase>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>

namespace hostplan::ui {

namespace {

/// A flag table that is always exactly as tall as its rows: the page scrolls, not the table.
/// Rows are re-measured once the header has laid out a new width (the Why column's wrapping).
class FlagTable : public QTableWidget {
  public:
    FlagTable(int rows, int columns) : QTableWidget(rows, columns) {
        connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
            if (!m_fitPending) {
                m_fitPending = true;
                QMetaObject::invokeMethod(
                    this, [this] { fitHeight(); }, Qt::QueuedConnection);
            }
        });
    }

    void fitHeight() {
        m_fitPending = false;
        resizeRowsToContents();
        int h = horizontalHeader()->height() + 2 * frameWidth();
        for (int r = 0; r < rowCount(); ++r) {
            h += rowHeight(r);
        }
        setFixedHeight(h);
    }

  private:
    bool m_fitPending = false;
};

/// Read-only monospace text, as tall as its lines, for a command or its setup lines.
QPlainTextEdit *shellBox(const QString &text) {
    auto *box = new QPlainTextEdit(text);
    box->setReadOnly(true);
    box->setLineWrapMode(QPlainTextEdit::NoWrap);
    box->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    box->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    const int lines =
        int(text.count(QLatin1Char('\n'))) + (text.endsWith(QLatin1Char('\n')) ? 0 : 1);
    const QFontMetrics fm(box->font());
    box->setFixedHeight(lines * fm.lineSpacing() + 2 * int(box->document()->documentMargin()) +
                        2 * box->frameWidth() + box->horizontalScrollBar()->sizeHint().height());
    return box;
}

/// A muted, wrapped paragraph (notes, the unavailable reason).
QLabel *noteLabel(const QString &text) {
    auto *label = new QLabel(text);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    return label;
}

QString fromStd(const std::string &s) {
    return QString::fromStdString(s);
}

} // namespace

DeployView::DeployView(ScenarioDocument *doc, QWidget *parent) : QScrollArea(parent), m_doc(doc) {
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { rebuild(); });
    rebuild();
}

QString DeployView::engineTitle(int index) const {
    return index >= 0 && index < engineCount() ? m_entries[std::size_t(index)].title : QString();
}

QString DeployView::commandText(int index) const {
    const auto *box =
        index >= 0 && index < engineCount() ? m_entries[std::size_t(index)].command : nullptr;
    return box ? box->toPlainText() : QString();
}

QString DeployView::setupText(int index) const {
    const auto *box =
        index >= 0 && index < engineCount() ? m_entries[std::size_t(index)].setup : nullptr;
    return box ? box->toPlainText() : QString();
}

QPushButton *DeployView::copyButton(int index) const {
    return index >= 0 && index < engineCount() ? m_entries[std::size_t(index)].copy : nullptr;
}

QTableWidget *DeployView::flagTable(int index) const {
    return index >= 0 && index < engineCount() ? m_entries[std::size_t(index)].flags : nullptr;
}

void DeployView::rebuild() {
    const int scroll = verticalScrollBar()->value();
    m_entries.clear();
    auto *page = new QWidget;
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(8, 8, 8, 8);
    v->setSpacing(10);
    const auto &plan = m_doc->plan();
    if (!plan) {
        auto *none = new QLabel(
            tr("<h3 style='color:#b00'>No plan</h3><p>%1</p>").arg(m_doc->error().toHtmlEscaped()));
        none->setWordWrap(true);
        v->addWidget(none);
        v->addStretch(1);
        setWidget(page);
        return;
    }
    const PlanResult &p = *plan;
    QString head = tr("<b>%1</b> on %2 x %3 (TP %4, EP %5, PP %6), context %7 tokens.")
                       .arg(fromStd(p.model.displayName).toHtmlEscaped())
                       .arg(p.layout.gpuCount())
                       .arg(fromStd(p.gpu.name).toHtmlEscaped())
                       .arg(p.layout.tp)
                       .arg(p.layout.ep)
                       .arg(QString::number(p.layout.pp) + attentionDpSuffix(p.layout.dp))
                       .arg(groupedInt(p.scenario.workload.contextTokens));
    if (p.replicas > 1) {
        head += QLatin1Char(' ') +
                tr("%1 data-parallel replicas on %2: run each command once per replica, behind a "
                   "load balancer.")
                    .arg(p.replicas)
                    .arg(gpusText(p.rentedGpus()));
    }
    if (p.fit.startsShort) {
        head += QStringLiteral("<br><span style='color:#8a5a00'>%1</span>")
                    .arg(tr("These commands start, holding %1 of the workload's %2 sequences at "
                            "once; the rest queue.")
                             .arg(groupedInt(p.fit.maxConcurrency))
                             .arg(groupedInt(p.scenario.workload.concurrency)));
    } else if (!p.fit.fits) {
        head += QStringLiteral("<br><span style='color:#b00'>%1</span>")
                    .arg(tr("The plan does not fit: these commands will not start or will cap "
                            "every request below the context."));
    }
    auto *header = new QLabel(head);
    header->setWordWrap(true);
    v->addWidget(header);

    for (const ServeCommand &c : serveCommands(p, Catalogue::builtin())) {
        Entry e;
        e.title = fromStd(c.title);
        auto *box = new QGroupBox(e.title);
        box->setObjectName(QStringLiteral("deploy-") + fromStd(c.engine));
        auto *bv = new QVBoxLayout(box);
        if (!c.unavailable.empty()) {
            bv->addWidget(noteLabel(fromStd(c.unavailable)));
            v->addWidget(box);
            m_entries.push_back(e);
            continue;
        }
        if (!c.setup.empty()) {
            bv->addWidget(new QLabel(tr("First, on the nodes:")));
            QStringList setup;
            for (const auto &line : c.setup) {
                setup << fromStd(line);
            }
            e.setup = shellBox(setup.join(QLatin1Char('\n')));
            bv->addWidget(e.setup);
        }
        auto *row = new QHBoxLayout;
        // Without the final newline: pasted into a terminal, it waits for Enter.
        QString command = fromStd(c.shellText());
        command.chop(command.endsWith(QLatin1Char('\n')) ? 1 : 0);
        e.command = shellBox(command);
        row->addWidget(e.command, 1);
        e.copy = new QPushButton(tr("Copy"));
        e.copy->setToolTip(tr("Copy the %1 command to the clipboard").arg(e.title));
        connect(e.copy, &QPushButton::clicked, this,
                [command] { QGuiApplication::clipboard()->setText(command); });
        row->addWidget(e.copy, 0, Qt::AlignTop);
        bv->addLayout(row);

        auto *table = new FlagTable(int(c.flags.size()), 3);
        table->setHorizontalHeaderLabels({tr("Flag"), tr("Value"), tr("Why this value")});
        table->verticalHeader()->hide();
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setSelectionMode(QAbstractItemView::ContiguousSelection);
        table->setWordWrap(true);
        table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        table->setFocusPolicy(Qt::NoFocus);
        const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        for (int r = 0; r < int(c.flags.size()); ++r) {
            const ServeFlag &f = c.flags[std::size_t(r)];
            auto *flag = new QTableWidgetItem(f.flag.empty() ? tr("(model)") : fromStd(f.flag));
            auto *value = new QTableWidgetItem(fromStd(f.value));
            flag->setFont(mono);
            value->setFont(mono);
            table->setItem(r, 0, flag);
            table->setItem(r, 1, value);
            table->setItem(r, 2, new QTableWidgetItem(fromStd(f.explanation)));
        }
        table->resizeColumnToContents(0);
        table->resizeColumnToContents(1);
        // Long values (a model path, the rpc list) wrap rather than squeeze the explanation.
        table->setColumnWidth(1, std::min(table->columnWidth(1), 260));
        table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
        table->fitHeight();
        e.flags = table;
        bv->addWidget(table);
        for (const auto &n : c.notes) {
            bv->addWidget(noteLabel(fromStd(n)));
        }
        v->addWidget(box);
        m_entries.push_back(e);
    }
    v->addStretch(1);
    setWidget(page);
    verticalScrollBar()->setValue(scroll);
}

} // namespace hostplan::ui
