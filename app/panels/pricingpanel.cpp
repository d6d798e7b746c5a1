// SPDX-License-Identifier: MIT
#include "panels/pricingpanel.h"

#include "panels/fieldhelp.h"
#include "catalogue/catalogue.h"
#include "util/pricedigits.h"
#include "catalogue/pricelist.h"
#include "panels/elidingcombobox.h"
#include "panels/offerspanel.h"
#include "document/formatting.h"
#include "document/scenariodocument.h"
#include "plan/decision.h"
#include "plan/plan.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStringList>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hostplan::ui {

namespace {

/// A price in dollars: edited to a hundredth of a cent, shown with cents and the further
/// decimals that matter ("$4.76 /GPU-h", "$0.075 /1M cached", "$0.0028 /1M cached"), with
/// grouped thousands.
class MoneySpinBox : public QDoubleSpinBox {
  public:
    QString textFromValue(double value) const override {
        QString t = locale().toString(value, 'f', priceDecimalPlaces(value, decimals()));
        if (!isGroupSeparatorShown()) {
            t.remove(locale().groupSeparator());
        }
        return t;
    }
};

QDoubleSpinBox *moneySpin(const QString &suffix, const QString &tip) {
    auto *spin = new MoneySpinBox;
    spin->setGroupSeparatorShown(true);
    spin->setRange(0, 10000);
    spin->setDecimals(4);
    spin->setSingleStep(0.1);
    spin->setPrefix(QStringLiteral("$"));
    spin->setSuffix(suffix);
    spin->setKeyboardTracking(false);
    spin->setToolTip(tip);
    return spin;
}

bool same(double a, double b) {
    return std::abs(a - b) < 0.0005;
}

} // namespace

PricingPanel::PricingPanel(ScenarioDocument *doc, QWidget *parent) : InputPanel(doc, parent) {
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A field that does not fit beside a long (German) label goes under it.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);

    m_rate = moneySpin(tr(" /GPU-h"), tr("Rental rate of one GPU for one hour, USD"));
    m_rateReset = new QPushButton(tr("Catalogue"));
    m_rateReset->setToolTip(tr("Use the catalogue rate for this GPU type"));
    auto *rateRow = new QHBoxLayout;
    rateRow->addWidget(m_rate, 1);
    rateRow->addWidget(m_rateReset);
    m_rateLabel = new QLabel(tr("GPU rate"));
    m_rate->setWhatsThis(fieldHelp(
        tr("Rental rate of one GPU for one hour. Typing a rate prices every offer at it."),
        tr("USD per GPU-hour"),
        tr("the on-demand rate of the rental offer the layout search chose "
           "(resources/offers.json), else the GPU's rate in resources/prices.json; source and "
           "date are shown below. Catalogue rates are stated assumptions: use your provider's "
           "quote.")));
    m_rateReset->setWhatsThis(tr("Drops your rate and uses the catalogue's again."));
    form->addRow(m_rateLabel, rateRow);
    m_rateSource = new QLabel;
    m_rateSource->setWordWrap(true);
    // Long source texts wrap inside the dock instead of widening it past the window.
    m_rateSource->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_rateSource->setOpenExternalLinks(true);
    form->addRow(m_rateSource);
    m_offers = new QPushButton(tr("Rental offers..."));
    m_offers->setToolTip(tr("The offers the layout search ranks for this GPU type; add your own "
                            "or enter a price the catalogue lacks"));
    m_offers->setWhatsThis(
        tr("Opens the rental offers editor: the catalogue's offers for this GPU type with the "
           "layout search's verdict on each, and your own offers (add, edit, import, remove; "
           "each change undoable and saved in the scenario)."));
    form->addRow(m_offers);
    m_hoursPerMonth = new QDoubleSpinBox;
    m_hoursPerMonth->setRange(1, 744);
    m_hoursPerMonth->setDecimals(0);
    m_hoursPerMonth->setSuffix(tr(" h/month"));
    m_hoursPerMonth->setKeyboardTracking(false);
    m_hoursPerMonth->setToolTip(tr("Hours in a month: 730 = 365 x 24 / 12; 720 = a 30-day month"));
    m_hoursPerMonth->setWhatsThis(fieldHelp(
        tr("Hours in one month, for monthly rental and API figures."), tr("hours per month"),
        tr("730 = 365 x 24 / 12, the average month (720 is a 30-day month).")));
    form->addRow(tr("Month"), m_hoursPerMonth);

    auto *api = new ElidingComboBox;
    m_api = api;
    m_api->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_api->setMinimumContentsLength(10);
    api->setHint(tr("API whose prices the plan is compared against"));
    // Filled by sync() with the APIs that sell the plan's model (the core's alternatives).
    m_api->addItem(tr("Cheapest API for this model"), QString());
    m_api->setWhatsThis(fieldHelp(
        tr("The API whose prices the plan is compared against; the list holds the APIs in "
           "resources/prices.json (and imported price lists) that sell the plan's model."),
        QString(),
        tr("the cheapest API for this model at your token mix, or the default scenario's "
           "choice.")));
    form->addRow(tr("&API"), m_api);
    m_importPrices = new QPushButton(tr("Import price list..."));
    m_importPrices->setWhatsThis(
        tr("Adds API prices from a JSON file (the api schema of resources/prices.json) or a CSV "
           "file with the same column names, as one undoable edit."));
    m_importPrices->setToolTip(
        tr("Add API prices from a JSON or CSV price list (the schema of prices.json); undoable"));
    form->addRow(m_importPrices);
    m_in = moneySpin(tr(" /1M input"), tr("API price of 1M uncached input tokens, USD"));
    m_cached = moneySpin(tr(" /1M cached"), tr("API price of 1M cached input tokens, USD"));
    m_out = moneySpin(tr(" /1M output"), tr("API price of 1M output tokens, USD"));
    const QString apiDefault =
        tr("the chosen API's prices in resources/prices.json (source and as_of shown below).");
    m_in->setWhatsThis(fieldHelp(tr("API price of uncached input (prompt) tokens."),
                                 tr("USD per 1M tokens"), apiDefault));
    m_cached->setWhatsThis(fieldHelp(
        tr("API price of input tokens served from the provider's prompt cache."),
        tr("USD per 1M tokens"),
        tr("the chosen API's cached-input price in resources/prices.json, or its input price "
           "where the provider publishes no discount.")));
    m_out->setWhatsThis(fieldHelp(tr("API price of generated (output) tokens."),
                                  tr("USD per 1M tokens"), apiDefault));
    form->addRow(tr("Input"), m_in);
    form->addRow(tr("Cached input"), m_cached);
    form->addRow(tr("Output"), m_out);
    m_apiReset = new QPushButton(tr("Catalogue prices"));
    m_apiReset->setToolTip(tr("Use the catalogue prices of the chosen API"));
    m_apiReset->setWhatsThis(tr("Drops your prices and uses the chosen API's catalogue prices."));
    form->addRow(m_apiReset);
    m_batch = new QCheckBox(tr("Batch API prices"));
    m_batch->setToolTip(tr("An offline workload that can wait for the providers' batch APIs: "
                           "compare with their batch prices where published"));
    m_batch->setWhatsThis(
        tr("Compare with the providers' published batch prices (often 50% off) instead of their "
           "standard prices, for offline workloads that can wait. Default: off."));
    form->addRow(m_batch);
    m_apiTier = new QLabel;
    m_apiTier->setWordWrap(true);
    m_apiTier->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    form->addRow(m_apiTier);
    m_apiSource = new QLabel;
    m_apiSource->setWordWrap(true);
    m_apiSource->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_apiSource->setOpenExternalLinks(true);
    form->addRow(m_apiSource);
    panelLayout()->insertLayout(0, form);

    connect(m_rate, &QDoubleSpinBox::editingFinished, this, [this] {
        const auto &p = m_doc->plan();
        Scenario s = m_doc->scenario();
        const double v = m_rate->value();
        if (p && same(v, p->usdPerGpuHour)) {
            return;
        }
        // The GPU type's catalogue rate typed back means "no rate of mine", unless the plan is
        // priced at its chosen offer's rate (then that figure is a rate of the user's own).
        if (p && same(v, p->gpu.defaultUsdPerGpuHour) &&
            planRate(*p).basis != RateBasis::ChosenOffer) {
            s.pricing.usdPerGpuHour.reset();
        } else {
            s.pricing.usdPerGpuHour = v;
        }
        commit(s, tr("Change GPU rate to %1").arg(m_rate->text()));
    });
    connect(m_rateReset, &QPushButton::clicked, this, [this] {
        Scenario s = m_doc->scenario();
        s.pricing.usdPerGpuHour.reset();
        commit(s, tr("Use the catalogue GPU rate"));
    });
    connect(m_offers, &QPushButton::clicked, this, [this] {
        OffersDialog *dialog = offersDialog();
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    connect(m_hoursPerMonth, &QDoubleSpinBox::editingFinished, this, [this] {
        Scenario s = m_doc->scenario();
        s.pricing.hoursPerMonth = m_hoursPerMonth->value();
        commit(s, tr("Change hours per month to %1").arg(m_hoursPerMonth->value()));
    });
    connect(m_importPrices, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Import price list"), QString(),
                                         tr("Price lists (*.json *.csv);;All files (*)"));
        if (path.isEmpty()) {
            return;
        }
        const QString error = importPriceList(path);
        if (!error.isEmpty()) {
            QMessageBox::warning(this, tr("Import price list"), error);
        }
    });
    connect(m_api, &QComboBox::activated, this, [this](int index) {
        Scenario s = m_doc->scenario();
        s.pricing.apiPriceId = m_api->itemData(index).toString().toStdString();
        s.pricing.apiInputUsdPerMTok.reset();
        s.pricing.apiCachedInputUsdPerMTok.reset();
        s.pricing.apiOutputUsdPerMTok.reset();
        commit(s, tr("Compare against %1").arg(m_api->itemText(index)));
    });
    // An edit is committed only when the value differs from what the plan shows: a derived
    // price (an unset class following its dearer neighbour, plan.cpp) or the catalogue's, left
    // as it is or tabbed through, adds no undo step and is not turned into a typed price.
    auto priceEdit = [this](QDoubleSpinBox *spin, std::optional<double> PricingChoice::*field,
                            double ApiPrice::*shown, const QString &what) {
        connect(spin, &QDoubleSpinBox::editingFinished, this, [=, this] {
            Scenario s = m_doc->scenario();
            const double v = spin->value();
            const auto &plan = m_doc->plan();
            if (!(s.pricing.*field) && plan && same(v, (*plan).api.*shown)) {
                return;
            }
            if ((s.pricing.*field) && same(v, *(s.pricing.*field))) {
                return;
            }
            const auto base =
                Catalogue::builtin().findApiPrice(plan ? plan->api.id : s.pricing.apiPriceId);
            if (base.ok() && same(v, (*base).*shown)) {
                (s.pricing.*field).reset();
            } else {
                s.pricing.*field = v;
            }
            commit(s, tr("Change %1 to %2").arg(what, spin->text()));
        });
    };
    priceEdit(m_in, &PricingChoice::apiInputUsdPerMTok, &ApiPrice::inputUsdPerMTok,
              tr("API input price"));
    priceEdit(m_cached, &PricingChoice::apiCachedInputUsdPerMTok, &ApiPrice::cachedInputUsdPerMTok,
              tr("API cached input price"));
    priceEdit(m_out, &PricingChoice::apiOutputUsdPerMTok, &ApiPrice::outputUsdPerMTok,
              tr("API output price"));
    // clicked, not toggled: sync()'s setChecked must not become an edit.
    connect(m_batch, &QCheckBox::clicked, this, [this](bool on) {
        Scenario s = m_doc->scenario();
        s.pricing.apiBatch = on;
        commit(s, on ? tr("Use batch API prices") : tr("Use standard API prices"));
    });
    connect(m_apiReset, &QPushButton::clicked, this, [this] {
        Scenario s = m_doc->scenario();
        s.pricing.apiInputUsdPerMTok.reset();
        s.pricing.apiCachedInputUsdPerMTok.reset();
        s.pricing.apiOutputUsdPerMTok.reset();
        commit(s, tr("Use the catalogue API prices"));
    });
    resync();
}

OffersDialog *PricingPanel::offersDialog() {
    if (!m_offersDialog) {
        m_offersDialog = new OffersDialog(m_doc, this);
    }
    return m_offersDialog;
}

QString PricingPanel::importPriceList(const QString &path) {
    auto list = loadPriceListFile(path.toStdString());
    if (!list.ok()) {
        return QString::fromStdString(list.error().toString());
    }
    Scenario s = m_doc->scenario();
    auto &own = s.pricing.apiPrices;
    for (ApiPrice &price : list.value()) {
        own.erase(std::remove_if(own.begin(), own.end(),
                                 [&](const ApiPrice &p) { return p.id == price.id; }),
                  own.end());
        own.push_back(std::move(price));
    }
    commit(s, tr("Import price list %1").arg(QFileInfo(path).fileName()));
    return {};
}

QString PricingPanel::tierText(const PlanResult &p) {
    QStringList parts;
    const QString prompt = QLocale().toString(qulonglong(p.apiPromptTokens));
    if (p.apiTier) {
        parts << tr("Tier: prompts above %1 tokens (%2 per request here)")
                     .arg(QLocale().toString(qulonglong(p.apiTier->abovePromptTokens)), prompt);
    } else if (!p.api.tiers.empty()) {
        parts << tr("Tier: base prices (%1 prompt tokens per request)").arg(prompt);
    }
    if (p.apiBatch && p.api.batchDiscount) {
        parts << tr("batch price, %1% off").arg(std::lround(*p.api.batchDiscount * 100));
    } else if (p.scenario.pricing.apiBatch && p.apiPriced) {
        parts << tr("no batch price published: standard prices");
    }
    if (parts.isEmpty()) {
        return {};
    }
    return QStringLiteral("<small>") + parts.join(QStringLiteral("; ")).toHtmlEscaped() +
           QStringLiteral("</small>");
}

void PricingPanel::sync() {
    const Scenario &s = m_doc->scenario();
    // The APIs that sell this model, cheapest for the workload first (the core's choice).
    while (m_api->count() > 1) {
        m_api->removeItem(1);
    }
    if (const auto &plan = m_doc->plan()) {
        for (const ApiAlternative &a : plan->apiAlternatives) {
            m_api->addItem(tr("%1 (%2 a month)")
                               .arg(QString::fromStdString(a.price.name), usdText(a.usdPerMonth)),
                           QString::fromStdString(a.price.id));
        }
    }
    if (!s.pricing.apiPriceId.empty() &&
        m_api->findData(QString::fromStdString(s.pricing.apiPriceId)) < 0) {
        m_api->addItem(QString::fromStdString(s.pricing.apiPriceId),
                       QString::fromStdString(s.pricing.apiPriceId));
    }
    m_api->setCurrentIndex(
        std::max(0, m_api->findData(QString::fromStdString(s.pricing.apiPriceId))));
    m_hoursPerMonth->setValue(s.pricing.hoursPerMonth);
    m_batch->setChecked(s.pricing.apiBatch);
    const auto &p = m_doc->plan();
    m_apiTier->setText(p ? tierText(*p) : QString());
    // The rate is the scenario's GPU's even when the scenario has no plan (e.g. an invalid
    // layout): never the last valid plan's GPU.
    const auto gpu = p ? Result<GpuSpec>(p->gpu) : scenarioGpu(s);
    if (gpu.ok()) {
        m_rateLabel->setText(tr("%1 rate").arg(QString::fromStdString(gpu->id).toUpper()));
        // The box shows the rate the plan's cost uses (planRate()): yours, the chosen offer's
        // or the catalogue's, never a figure the costs are not at.
        const PlanRate rate = p ? planRate(*p) : PlanRate{};
        const bool offerRate =
            p && !s.pricing.usdPerGpuHour && rate.basis == RateBasis::ChosenOffer;
        m_rate->setValue(s.pricing.usdPerGpuHour.value_or(offerRate ? p->usdPerGpuHour
                                                                    : gpu->defaultUsdPerGpuHour));
        m_rateReset->setEnabled(s.pricing.usdPerGpuHour.has_value());
        const QString rateSrc = QString::fromStdString(offerRate ? rate.source : gpu->priceSource);
        const QString head =
            s.pricing.usdPerGpuHour ? tr("Your rate. Catalogue: %1/GPU-hour")
                                          .arg(usdCentsText(gpu->defaultUsdPerGpuHour))
            : offerRate
                ? tr("Rate of the chosen offer %1 (%2, %3); the %4 catalogue rate is "
                     "%5/GPU-hour")
                      .arg(QString::fromStdString(rate.offerId),
                           QString::fromStdString(rate.provider), rateKindText(rate.rateKind),
                           QString::fromStdString(gpu->id).toUpper(),
                           usdCentsText(gpu->defaultUsdPerGpuHour))
                : tr("Catalogue rate");
        m_rateSource->setText(
            QStringLiteral("<small>") + head.toHtmlEscaped() + QStringLiteral(" &mdash; ") +
            tr("source: %1, as of %2")
                .arg(rateSrc.startsWith(QStringLiteral("http"))
                         ? QStringLiteral("<a href=\"%1\">%1</a>").arg(rateSrc.toHtmlEscaped())
                         : rateSrc.toHtmlEscaped(),
                     QString::fromStdString(offerRate ? rate.asOf : gpu->priceAsOf)) +
            QStringLiteral("</small>"));
    } else {
        m_rateSource->setText(QString());
    }
    if (!p) {
        m_apiSource->setText(QString());
        return;
    }
    if (s.pricing.apiPriceId.empty() && !p->api.name.empty()) {
        m_api->setItemText(0, tr("Cheapest: %1").arg(QString::fromStdString(p->api.name)));
    }
    m_in->setValue(p->api.inputUsdPerMTok);
    m_cached->setValue(p->api.cachedInputUsdPerMTok);
    m_out->setValue(p->api.outputUsdPerMTok);
    // With no catalogue API, a price class the user has not entered follows its dearer
    // neighbour (core plan.cpp): shown in italics with a suffix saying so, never as if typed.
    const bool entered = p->apiSelection == ApiSelection::Entered;
    auto markDerived = [&](QDoubleSpinBox *spin, bool isSet, const QString &suffix,
                           const QString &derivedSuffix) {
        const bool derived = entered && !isSet;
        QFont f = spin->font();
        f.setItalic(derived);
        spin->setFont(f);
        spin->setSuffix(derived ? derivedSuffix : suffix);
    };
    markDerived(m_in, s.pricing.apiInputUsdPerMTok.has_value(), tr(" /1M input"),
                tr(" /1M input (= output, not entered)"));
    markDerived(m_cached, s.pricing.apiCachedInputUsdPerMTok.has_value(), tr(" /1M cached"),
                tr(" /1M cached (= input, not entered)"));
    markDerived(m_out, s.pricing.apiOutputUsdPerMTok.has_value(), tr(" /1M output"),
                tr(" /1M output (= input, not entered)"));
    const bool overridden = s.pricing.apiInputUsdPerMTok || s.pricing.apiCachedInputUsdPerMTok ||
                            s.pricing.apiOutputUsdPerMTok;
    m_apiReset->setEnabled(overridden);
    const QString apiSrc = QString::fromStdString(p->api.source);
    m_apiSource->setText(
        QStringLiteral("<small>") +
        (p->api.name.empty()
             ? tr("No catalogue API for this model: enter prices above.")
             : (overridden ? tr("Edited prices, based on %1") : tr("Catalogue prices of %1"))
                       .arg(QString::fromStdString(p->api.name).toHtmlEscaped()) +
                   QStringLiteral(" &mdash; ") +
                   tr("source: %1, as of %2")
                       .arg(
                           apiSrc.startsWith(QStringLiteral("http"))
                               ? QStringLiteral("<a href=\"%1\">%1</a>").arg(apiSrc.toHtmlEscaped())
                               : apiSrc.toHtmlEscaped(),
                           QString::fromStdString(p->api.asOf))) +
        QStringLiteral("</small>"));
}

} // namespace hostplan::ui
