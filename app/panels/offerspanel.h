// SPDX-License-Identifier: MIT
// Offers panel: the rental offers the layout search ranks for the scenario's GPU type. Two
// tables: the catalogue's offers for that type (resources/offers.json, read-only except where
// the catalogue has no price or no instance shape: "price unknown — enter" takes the user's
// figure as an override, a user offer with the catalogue offer's id, core mergeOffers), and the
// scenario's own offers (pricing.offers, every field editable, rows added, removed or imported
// from an offers file of the --offers schema). Every change is one undoable command on the
// document, re-plans like the CLI and is saved with the scenario. Shown in a dialog opened from
// the Pricing dock (PricingPanel::offersDialog).
#pragma once

#include "panels/inputpanel.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace hostplan::ui {

class OffersPanel : public InputPanel {
    Q_OBJECT
  public:
    /// Columns of both tables (the catalogue table shows the offer's GPU type in its title
    /// instead of a GPU column, and its fields are read-only).
    enum Column {
        IdColumn,
        ProviderColumn,
        GpuColumn,
        GpusPerInstanceColumn,
        PriceColumn,  ///< on-demand USD per GPU-hour (the schema's usd_per_gpu_hour_on_demand)
        StatusColumn, ///< the layout search's verdict on the offer (read-only)
        InterconnectColumn,
        MultiInstanceColumn, ///< checkable: instances can be clustered (multi_instance)
        SourceColumn,
        AsOfColumn,
        ColumnCount
    };

    explicit OffersPanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// The catalogue's offers for the scenario's GPU type, in catalogue order.
    QTableWidget *catalogueTable() const { return m_catalogue; }
    /// The scenario's offers (pricing.offers), one row each, in order.
    QTableWidget *userTable() const { return m_user; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *importButton() const { return m_import; }
    /// The plan's chosen offer and cost, in words.
    QLabel *planLabel() const { return m_planLabel; }

    /// Add one offer for the scenario's GPU type (1 GPU per instance, price unknown, dated
    /// today) as one undoable edit; returns its id.
    QString addOffer();
    /// Remove the scenario's offer in `row` of the user table as one undoable edit.
    void removeOffer(int row);
    /// Add the offers of an offers file (parseOffers: {"offers": [...]} or a list) as one
    /// undoable edit; an offer with the id of one already there replaces it. Returns "" or
    /// the error naming the file and the field ("mine.json: offers[0].gpu: ..."), and changes
    /// nothing on error.
    QString importOffers(const QString &path);

  private:
    void sync() override;
    void fillRow(QTableWidget *table, int row, const RentalOffer &offer, bool catalogue,
                 const RentalOffer *catalogueOffer);
    void userItemChanged(QTableWidgetItem *item);
    void catalogueItemChanged(QTableWidgetItem *item);
    /// Validate `offers` as the scenario would be read back (parseOfferList) and commit; false
    /// with the reason shown when refused.
    bool commitOffers(std::vector<RentalOffer> offers, const QString &text);
    /// Parse a table cell into the offer's field; the error names the column ("" = ok).
    QString setField(RentalOffer &offer, int column, const QString &text, bool checked) const;
    QString statusText(const std::string &offerId) const;
    /// The id of the offer the plan's layout search chose ("" when none).
    std::string chosenId() const;

    QLabel *m_catalogueTitle;
    QTableWidget *m_catalogue;
    QTableWidget *m_user;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_import;
    QLabel *m_planLabel;
};

/// The dialog around an OffersPanel (modeless; closing it keeps every edit, each one undoable).
class OffersDialog : public QDialog {
    Q_OBJECT
  public:
    explicit OffersDialog(ScenarioDocument *doc, QWidget *parent = nullptr);
    OffersPanel *panel() const { return m_panel; }

  private:
    OffersPanel *m_panel;
};

} // namespace hostplan::ui
