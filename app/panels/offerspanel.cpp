// SPDX-License-Identifier: MIT
#include "panels/offerspanel.h"
#include "plan/plan.h"

#include "catalogue/catalogue.h"
#include "catalogue/pricelist.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "util/textutil.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace hostplan::ui {

namespace {

/// Item data role marking a cell whose value the catalogue lacks ("price unknown — enter"):
/// its editor opens empty instead of with the hint.
constexpr int kUnknownRole = Qt::UserRole + 1;

/// Opens an empty editor on a cell that shows an "unknown — enter" hint.
class UnknownAwareDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override {
        auto *line = qobject_cast<QLineEdit *>(editor);
        if (line && index.data(kUnknownRole).toBool()) {
            line->clear();
            return;
        }
        QStyledItemDelegate::setEditorData(editor, index);
    }
};

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

/// A number as typed: the UI locale first, then C ("3,5" and "3.5" in German; "$" allowed).
std::optional<double> parseNumber(QString text) {
    text = text.trimmed();
    text.remove(QLatin1Char('$'));
    bool ok = false;
    double v = QLocale().toDouble(text, &ok);
    if (!ok) {
        v = QLocale::c().toDouble(text, &ok);
    }
    return ok ? std::optional<double>(v) : std::nullopt;
}

/// A price as typed into the table: cents ("1.50"), more decimals only where the source has
/// them ("2.4024").
QString priceText(double v) {
    const bool cents = std::abs(v * 100 - std::round(v * 100)) < 1e-9;
    return QLocale().toString(v, 'f', cents ? 2 : QLocale::FloatingPointShortest);
}

QTableWidget *makeTable(QWidget *parent) {
    auto *t = new QTableWidget(0, OffersPanel::ColumnCount, parent);
    t->setHorizontalHeaderLabels(
        {OffersPanel::tr("Id"), OffersPanel::tr("Provider"), OffersPanel::tr("GPU"),
         OffersPanel::tr("GPUs / instance"), OffersPanel::tr("$ / GPU-hour (on demand)"),
         OffersPanel::tr("In the search"), OffersPanel::tr("Interconnect"),
         OffersPanel::tr("Clustered"), OffersPanel::tr("Source"), OffersPanel::tr("As of")});
    t->horizontalHeaderItem(OffersPanel::MultiInstanceColumn)
        ->setToolTip(OffersPanel::tr("Instances can be clustered into one deployment over a "
                                     "fabric (TP / EP / PP across instances)"));
    t->horizontalHeaderItem(OffersPanel::StatusColumn)
        ->setToolTip(OffersPanel::tr("What the layout search made of the offer for this plan"));
    t->setItemDelegate(new UnknownAwareDelegate(t));
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

/// The item in (row, column), created if missing.
QTableWidgetItem *cell(QTableWidget *t, int row, int column) {
    QTableWidgetItem *item = t->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        t->setItem(row, column, item);
    }
    return item;
}

} // namespace

OffersPanel::OffersPanel(ScenarioDocument *doc, QWidget *parent) : InputPanel(doc, parent) {
    auto *box = new QVBoxLayout;
    m_planLabel = new QLabel;
    m_planLabel->setWordWrap(true);
    m_planLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->addWidget(m_planLabel);
    m_catalogueTitle = new QLabel;
    m_catalogueTitle->setWordWrap(true);
    box->addWidget(m_catalogueTitle);
    m_catalogue = makeTable(this);
    m_catalogue->setColumnHidden(GpuColumn, true);
    box->addWidget(m_catalogue, 3);
    auto *userTitle = new QLabel(
        tr("<b>Your offers</b> (saved in the scenario as pricing.offers; double-click a cell to "
           "edit it, each change can be undone)"));
    userTitle->setWordWrap(true);
    box->addWidget(userTitle);
    m_user = makeTable(this);
    box->addWidget(m_user, 2);
    auto *buttons = new QHBoxLayout;
    m_add = new QPushButton(tr("&Add offer"));
    m_add->setToolTip(tr("Add an offer for this GPU type; enter its shape and price"));
    m_remove = new QPushButton(tr("&Remove offer"));
    m_remove->setToolTip(tr("Remove the selected offer of yours"));
    m_import = new QPushButton(tr("&Import offers..."));
    m_import->setToolTip(tr("Add the offers of a JSON offers file (the schema of offers.json, "
                            "as hostplan-cli plan --offers reads)"));
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_import);
    box->addLayout(buttons);
    panelLayout()->insertLayout(0, box, 1);
    // The panel's base layout ends with a stretch; the tables take the room instead.
    panelLayout()->setStretch(1, 0);

    connect(m_user, &QTableWidget::itemChanged, this, &OffersPanel::userItemChanged);
    connect(m_catalogue, &QTableWidget::itemChanged, this, &OffersPanel::catalogueItemChanged);
    connect(m_add, &QPushButton::clicked, this, [this] { addOffer(); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_user->currentRow();
        if (row >= 0) {
            removeOffer(row);
        }
    });
    connect(m_user, &QTableWidget::currentCellChanged, this,
            [this](int row) { m_remove->setEnabled(row >= 0 && row < m_user->rowCount()); });
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import rental offers"), QString(), tr("Offers (*.json);;All files (*)"));
        if (path.isEmpty()) {
            return;
        }
        const QString error = importOffers(path);
        if (!error.isEmpty()) {
            QMessageBox::warning(this, tr("Import rental offers"), error);
        }
    });
    resync();
}

std::string OffersPanel::chosenId() const {
    const auto &p = m_doc->plan();
    return p && p->search.best() ? p->search.best()->offer().id : std::string();
}

QString OffersPanel::statusText(const std::string &offerId) const {
    const auto &p = m_doc->plan();
    if (!p) {
        return {};
    }
    // Carrying candidates come first, cheapest first: the first one met is the offer's best.
    for (const LayoutCandidate &c : p->search.candidates) {
        if (asciiLower(c.offer().id) != asciiLower(offerId)) {
            continue;
        }
        switch (c.status) {
        case CandidateStatus::Chosen:
            return tr("chosen: %1, %2 a month").arg(gpusText(c.gpusRented), usdText(c.usdPerMonth));
        case CandidateStatus::NearTie:
            return tr("near tie: %1, %2 a month")
                .arg(gpusText(c.gpusRented), usdText(c.usdPerMonth));
        case CandidateStatus::LostCost:
            return tr("dearer: %1, %2 a month").arg(gpusText(c.gpusRented), usdText(c.usdPerMonth));
        case CandidateStatus::LostMemory:
            return tr("too little memory");
        case CandidateStatus::LostSpeed:
            return tr("too slow");
        case CandidateStatus::Unsupported:
            return tr("no layout the engines run");
        case CandidateStatus::NotRankable:
            // What is missing, in the editor's words (the core's reason names the offers file).
            return !c.offer().gpusPerInstance ? tr("not ranked: GPUs per instance unknown")
                                              : tr("not ranked: price unknown");
        }
    }
    return tr("not searched (another GPU type)");
}

void OffersPanel::fillRow(QTableWidget *t, int row, const RentalOffer &o, bool catalogue,
                          const RentalOffer *catalogueOffer) {
    const Qt::ItemFlags readOnly = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const Qt::ItemFlags editable = readOnly | Qt::ItemIsEditable;
    auto set = [&](int column, const QString &text, bool canEdit, bool unknown = false,
                   const QString &tip = {}) {
        QTableWidgetItem *item = cell(t, row, column);
        item->setText(text);
        item->setFlags(canEdit ? editable : readOnly);
        item->setData(kUnknownRole, unknown);
        QFont f = t->font();
        f.setItalic(unknown);
        item->setFont(f);
        item->setForeground(unknown ? t->palette().brush(QPalette::PlaceholderText)
                                    : t->palette().brush(QPalette::Text));
        item->setToolTip(tip);
    };
    // In the catalogue table only what the catalogue lacks can be entered (an override).
    const bool shapeEditable = !catalogue || !catalogueOffer->gpusPerInstance;
    const bool priceEditable = !catalogue || !catalogueOffer->rankingUsdPerGpuHour();
    const QString yours = tr("Entered by you: the catalogue has none");
    set(IdColumn, qs(o.id), !catalogue, false,
        !catalogue && catalogueOffer ? tr("Overrides the catalogue offer of this id") : QString());
    set(ProviderColumn, qs(o.provider), !catalogue);
    set(GpuColumn, qs(o.gpu), false);
    set(GpusPerInstanceColumn,
        o.gpusPerInstance ? QString::number(*o.gpusPerInstance) : tr("unknown — enter"),
        shapeEditable, !o.gpusPerInstance,
        catalogue && shapeEditable && o.gpusPerInstance ? yours : QString());
    QString price;
    QString priceTip = catalogue && priceEditable && o.rankingUsdPerGpuHour() ? yours : QString();
    if (o.usdPerGpuHourOnDemand) {
        price = priceText(*o.usdPerGpuHourOnDemand);
    } else if (o.usdPerGpuHourReserved) {
        // Ranked at the reserved rate (a commitment): said in the cell, the term in the tip.
        price = tr("reserved: %1").arg(priceText(*o.usdPerGpuHourReserved));
        priceTip = tr("No on-demand price; reserved (%1) at %2 per GPU-hour")
                       .arg(qs(o.reservedTerm), priceText(*o.usdPerGpuHourReserved));
    } else {
        price = tr("price unknown — enter");
    }
    set(PriceColumn, price, priceEditable, !o.rankingUsdPerGpuHour(), priceTip);
    set(InterconnectColumn, qs(o.interconnectIntra), !catalogue, false,
        o.interconnectInter.empty() ? QString()
                                    : tr("Between instances: %1").arg(qs(o.interconnectInter)));
    QTableWidgetItem *multi = cell(t, row, MultiInstanceColumn);
    multi->setFlags(catalogue ? readOnly : (readOnly | Qt::ItemIsUserCheckable));
    multi->setCheckState(o.clusterable() ? Qt::Checked : Qt::Unchecked);
    set(SourceColumn, qs(o.source), !catalogue, false, qs(o.note));
    set(AsOfColumn, qs(o.asOf), !catalogue);
    const QString status = statusText(o.id);
    set(StatusColumn, status, false, false, status);
    // The chosen offer stands out.
    QFont bold = t->font();
    bold.setBold(o.id == chosenId());
    cell(t, row, StatusColumn)->setFont(bold);
    cell(t, row, IdColumn)->setFont(bold);
    if (catalogue) {
        return;
    }
    // The GPU type: a combo of the catalogue's types.
    auto *combo = qobject_cast<QComboBox *>(t->cellWidget(row, GpuColumn));
    if (!combo) {
        combo = new QComboBox;
        const Catalogue types = scenarioCatalogue(m_doc->scenario());
        for (const GpuSpec &g : types.gpus()) {
            combo->addItem(qs(g.id), qs(g.id));
        }
        t->setCellWidget(row, GpuColumn, combo);
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo] {
            if (syncing()) {
                return;
            }
            for (int r = 0; r < m_user->rowCount(); ++r) {
                if (m_user->cellWidget(r, GpuColumn) != combo) {
                    continue;
                }
                auto offers = m_doc->scenario().pricing.offers;
                if (r >= int(offers.size())) {
                    return;
                }
                offers[r].gpu = combo->currentData().toString().toStdString();
                const QString text =
                    tr("Change offer %1 to %2").arg(qs(offers[r].id), combo->currentText());
                commitOffers(std::move(offers), text);
                return;
            }
        });
    }
    combo->setCurrentIndex(combo->findData(qs(o.gpu)));
}

void OffersPanel::sync() {
    const Scenario &s = m_doc->scenario();
    const auto &p = m_doc->plan();
    const auto gpu = scenarioGpu(s);
    const std::string gpuId = gpu.ok() ? gpu->id : s.hardware.gpu;
    const std::vector<RentalOffer> catalogue = Catalogue::builtin().offersFor(gpuId);
    auto overrideOf = [&](const std::string &id) -> const RentalOffer * {
        for (const RentalOffer &o : s.pricing.offers) {
            if (asciiLower(o.id) == asciiLower(id)) {
                return &o;
            }
        }
        return nullptr;
    };
    auto catalogueOf = [&](const std::string &id) -> const RentalOffer * {
        for (const RentalOffer &o : Catalogue::builtin().offers()) {
            if (asciiLower(o.id) == asciiLower(id)) {
                return &o;
            }
        }
        return nullptr;
    };
    m_catalogueTitle->setText(
        tr("<b>Catalogue offers for %1</b> (read-only; where the catalogue has no price or no "
           "instance shape, enter yours: it becomes an offer of yours with the same id)")
            .arg(gpu.ok() ? qs(gpu->name).toHtmlEscaped() : qs(gpuId).toHtmlEscaped()));
    // Rows are updated in place (an edit's own item is never deleted while it reports).
    m_catalogue->setRowCount(int(catalogue.size()));
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const RentalOffer *own = overrideOf(catalogue[i].id);
        fillRow(m_catalogue, int(i), own ? *own : catalogue[i], true, &catalogue[i]);
    }
    m_user->setRowCount(int(s.pricing.offers.size()));
    for (std::size_t i = 0; i < s.pricing.offers.size(); ++i) {
        fillRow(m_user, int(i), s.pricing.offers[i], false, catalogueOf(s.pricing.offers[i].id));
    }
    m_remove->setEnabled(m_user->currentRow() >= 0 && m_user->currentRow() < m_user->rowCount());
    for (QTableWidget *t : {m_catalogue, m_user}) {
        t->resizeColumnsToContents();
        t->setColumnWidth(StatusColumn, std::min(t->columnWidth(StatusColumn), 300));
        // A long source URL must not push the status column out of sight.
        t->setColumnWidth(SourceColumn, std::min(t->columnWidth(SourceColumn), 220));
    }

    if (!p) {
        m_planLabel->setText(tr("No plan: %1").arg(m_doc->error().toHtmlEscaped()));
        return;
    }
    QString text;
    if (const LayoutCandidate *b = p->search.best()) {
        text = tr("Cheapest offer that carries the workload: <b>%1</b> (%2), %3 at %4 per "
                  "GPU-hour (%5): <b>%6 a month</b>.")
                   .arg(qs(b->offer().id).toHtmlEscaped(), qs(b->offer().provider).toHtmlEscaped(),
                        gpusText(b->gpusRented), usdCentsText(b->usdPerGpuHour),
                        rateKindText(b->offer().rankingRateKind()), usdText(b->usdPerMonth));
    } else {
        text =
            tr("No offer carries the workload: %1").arg(qs(p->search.noneReason).toHtmlEscaped());
    }
    if (!p->autoCount) {
        text += QLatin1Char(' ') + planRateText(*p).toHtmlEscaped();
    }
    m_planLabel->setText(text);
}

QString OffersPanel::setField(RentalOffer &o, int column, const QString &text, bool checked) const {
    const QString t = text.trimmed();
    // The free-text columns; required ones left empty are refused by the schema check.
    static const std::pair<int, std::string RentalOffer::*> kText[] = {
        {IdColumn, &RentalOffer::id},
        {ProviderColumn, &RentalOffer::provider},
        {InterconnectColumn, &RentalOffer::interconnectIntra},
        {SourceColumn, &RentalOffer::source},
        {AsOfColumn, &RentalOffer::asOf}};
    for (const auto &[c, field] : kText) {
        if (c == column) {
            o.*field = t.toStdString();
            return {};
        }
    }
    if (column == MultiInstanceColumn) {
        o.multiInstance = checked;
    } else if (column == GpusPerInstanceColumn) {
        bool ok = false;
        const uint n = t.toUInt(&ok);
        if (t.isEmpty()) {
            o.gpusPerInstance.reset();
        } else if (ok) {
            o.gpusPerInstance = std::uint32_t(std::min<uint>(n, 1u << 20));
        } else {
            return tr("GPUs per instance: '%1' is not a whole number").arg(t);
        }
    } else if (column == PriceColumn) {
        const auto v = parseNumber(t);
        if (t.isEmpty()) {
            o.usdPerGpuHourOnDemand.reset();
        } else if (v) {
            o.usdPerGpuHourOnDemand = *v;
        } else {
            return tr("$ / GPU-hour: '%1' is not a number").arg(t);
        }
    }
    return {};
}

bool OffersPanel::commitOffers(std::vector<RentalOffer> offers, const QString &text) {
    // The same rules as reading the scenario back (ids, required fields, ranges), so that a
    // saved file always loads; the error names the field.
    nlohmann::json list = nlohmann::json::array();
    for (const RentalOffer &o : offers) {
        list.push_back(offerToJson(o));
    }
    const auto checked = parseOfferList(list, "pricing.offers");
    if (!checked.ok()) {
        refuse(qs(checked.error().toString()));
        return false;
    }
    for (RentalOffer &o : offers) {
        o.userEntered = true;
    }
    Scenario s = m_doc->scenario();
    s.pricing.offers = std::move(offers);
    return commit(s, text);
}

void OffersPanel::userItemChanged(QTableWidgetItem *item) {
    if (syncing()) {
        return;
    }
    auto offers = m_doc->scenario().pricing.offers;
    const int row = item->row();
    const int column = item->column();
    if (row < 0 || row >= int(offers.size()) || column == StatusColumn) {
        return;
    }
    RentalOffer &o = offers[std::size_t(row)];
    const QString error = setField(o, column, item->text(), item->checkState() == Qt::Checked);
    if (!error.isEmpty()) {
        refuse(error);
        return;
    }
    const QString header = m_user->horizontalHeaderItem(column)->text();
    commitOffers(offers, tr("Change %1 of offer %2").arg(header, qs(o.id)));
}

void OffersPanel::catalogueItemChanged(QTableWidgetItem *item) {
    if (syncing()) {
        return;
    }
    const int column = item->column();
    if (column != PriceColumn && column != GpusPerInstanceColumn) {
        return;
    }
    const auto base = Catalogue::builtin().offersFor(m_doc->scenario().hardware.gpu);
    const int row = item->row();
    if (row < 0 || row >= int(base.size())) {
        return;
    }
    const RentalOffer &catalogueOffer = base[std::size_t(row)];
    auto offers = m_doc->scenario().pricing.offers;
    auto it = std::find_if(offers.begin(), offers.end(), [&](const RentalOffer &o) {
        return asciiLower(o.id) == asciiLower(catalogueOffer.id);
    });
    RentalOffer o = it != offers.end() ? *it : catalogueOffer;
    const QString error = setField(o, column, item->text(), false);
    if (!error.isEmpty()) {
        refuse(error);
        return;
    }
    RentalOffer plain = o;
    plain.userEntered = false;
    plain.asOfKind = catalogueOffer.asOfKind;
    plain.note = catalogueOffer.note;
    if (plain == catalogueOffer) {
        // Back to what the catalogue says: the override goes.
        if (it != offers.end()) {
            offers.erase(it);
        }
        commitOffers(std::move(offers),
                     tr("Remove your figures for offer %1").arg(qs(catalogueOffer.id)));
        return;
    }
    o.userEntered = true;
    o.asOfKind = "user";
    o.note = tr("figures the catalogue lacks entered by the user").toStdString();
    if (it != offers.end()) {
        *it = o;
    } else {
        offers.push_back(o);
    }
    commitOffers(
        std::move(offers),
        column == PriceColumn
            ? tr("Enter the price of offer %1: %2").arg(qs(o.id), item->text().trimmed())
            : tr("Enter the instance shape of offer %1: %2").arg(qs(o.id), item->text().trimmed()));
}

QString OffersPanel::addOffer() {
    Scenario s = m_doc->scenario();
    RentalOffer o;
    int n = 1;
    auto taken = [&](const std::string &id) {
        auto same = [&](const RentalOffer &x) { return asciiLower(x.id) == asciiLower(id); };
        return std::any_of(s.pricing.offers.begin(), s.pricing.offers.end(), same) ||
               std::any_of(Catalogue::builtin().offers().begin(),
                           Catalogue::builtin().offers().end(), same);
    };
    while (taken("my-offer-" + std::to_string(n))) {
        ++n;
    }
    o.id = "my-offer-" + std::to_string(n);
    o.provider = tr("My provider").toStdString();
    o.gpu = s.hardware.gpu;
    o.gpusPerInstance = 1;
    o.source = tr("entered by the user").toStdString();
    o.asOf = todayIsoDate();
    o.asOfKind = "user";
    o.userEntered = true;
    auto offers = s.pricing.offers;
    offers.push_back(o);
    commitOffers(std::move(offers), tr("Add rental offer %1").arg(qs(o.id)));
    return qs(o.id);
}

void OffersPanel::removeOffer(int row) {
    auto offers = m_doc->scenario().pricing.offers;
    if (row < 0 || row >= int(offers.size())) {
        return;
    }
    const QString id = qs(offers[std::size_t(row)].id);
    offers.erase(offers.begin() + row);
    commitOffers(std::move(offers), tr("Remove rental offer %1").arg(id));
}

QString OffersPanel::importOffers(const QString &path) {
    const std::string file = QFile::encodeName(path).toStdString();
    auto loaded = loadOffersFile(file);
    if (!loaded.ok()) {
        return qs(loaded.error().toString());
    }
    const auto known =
        scenarioCatalogue(m_doc->scenario()).checkOfferGpus(loaded.value(), file + ": offers");
    if (!known.ok()) {
        return qs(known.error().toString());
    }
    auto offers = mergeOffers(m_doc->scenario().pricing.offers, loaded.value());
    if (!commitOffers(std::move(offers),
                      tr("Import rental offers %1").arg(QFileInfo(path).fileName()))) {
        return problemText();
    }
    return {};
}

OffersDialog::OffersDialog(ScenarioDocument *doc, QWidget *parent)
    : QDialog(parent), m_panel(new OffersPanel(doc, this)) {
    setWindowTitle(tr("Rental offers"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_panel, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(1100, 620);
}

} // namespace hostplan::ui
