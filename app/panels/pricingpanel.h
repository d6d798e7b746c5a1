// SPDX-License-Identifier: MIT
// Pricing panel: the GPU-hour rate of the chosen GPU type and the API prices (input, cached
// input, output, USD per 1M tokens), seeded from prices.json / gpus.json with their source and
// date; any value can be edited, and "Catalogue" puts it back. "Batch API prices" switches an
// offline workload to the providers' batch prices; the tier and batch line says what applies.
// "Rental offers..." opens the offers editor (OffersDialog): the catalogue's offers for the GPU
// type and the user's own.
#pragma once

#include "panels/inputpanel.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace hostplan {
struct PlanResult;
}

namespace hostplan::ui {

class OffersDialog;

class PricingPanel : public InputPanel {
    Q_OBJECT
  public:
    explicit PricingPanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    QDoubleSpinBox *gpuRateSpin() const { return m_rate; }
    QComboBox *apiCombo() const { return m_api; }
    QDoubleSpinBox *apiInputSpin() const { return m_in; }
    QDoubleSpinBox *apiCachedSpin() const { return m_cached; }
    QDoubleSpinBox *apiOutputSpin() const { return m_out; }
    QLabel *gpuSourceLabel() const { return m_rateSource; }
    QLabel *apiSourceLabel() const { return m_apiSource; }
    QPushButton *importPricesButton() const { return m_importPrices; }
    QPushButton *offersButton() const { return m_offers; }
    /// The rental offers editor of this panel's document, created on first use (the button
    /// shows it).
    OffersDialog *offersDialog();
    QCheckBox *batchCheck() const { return m_batch; }
    QLabel *apiTierLabel() const { return m_apiTier; }
    /// The tier and batch line under the prices ("Tier: prompts above 32,000 tokens (40,000
    /// per request here); batch price, 50% off"); "" when neither applies nor was asked for.
    static QString tierText(const PlanResult &plan);
    /// Add the prices of a price list file (JSON or CSV, parsePriceList) to the scenario as one
    /// undoable edit; an entry with the id of an earlier one replaces it. Returns "" or the
    /// error naming the file and field, and changes nothing on error.
    QString importPriceList(const QString &path);

  private:
    void sync() override;

    QLabel *m_rateLabel;
    QDoubleSpinBox *m_rate;
    QPushButton *m_rateReset;
    QLabel *m_rateSource;
    QPushButton *m_offers;
    OffersDialog *m_offersDialog = nullptr;
    QComboBox *m_api;
    QDoubleSpinBox *m_in;
    QDoubleSpinBox *m_cached;
    QDoubleSpinBox *m_out;
    QPushButton *m_apiReset;
    QPushButton *m_importPrices;
    QLabel *m_apiSource;
    QCheckBox *m_batch;
    QLabel *m_apiTier;
    QDoubleSpinBox *m_hoursPerMonth;
};

} // namespace hostplan::ui
