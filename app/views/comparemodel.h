// SPDX-License-Identifier: MIT
// CompareModel: the table of the Compare view. Rows are inputs and results (memory, throughput,
// cost) of several scenarios: the pinned ones, then the current one; columns: what, one per
// pinned scenario, current. Rows whose texts differ between any two columns are flagged (bold,
// tinted) and can be filtered to show differences only.
#pragma once

#include "plan/plan.h"
#include "scenario/scenario.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>

namespace hostplan::ui {

class CompareModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    /// ColPinned is the first pinned scenario; the current one is currentColumn().
    enum Column { ColWhat, ColPinned };

    /// One compared scenario: its column title, inputs and plan (or why it has none).
    struct Side {
        QString title;
        Scenario scenario;
        std::optional<PlanResult> plan;
        QString error; ///< when there is no plan
        static Side of(const QString &title, const Scenario &scenario,
                       const Result<PlanResult> &plan);
    };

    explicit CompareModel(QObject *parent = nullptr);

    /// Set every side, pinned ones first and the current one last (at least one). A side with
    /// no plan shows its error in the result rows.
    void setSides(const QList<Side> &sides);
    void clear();
    /// Show only rows that differ.
    void setDifferencesOnly(bool on);
    bool differencesOnly() const { return m_diffOnly; }
    /// Column of the current scenario (the last one; ColPinned with no side set).
    int currentColumn() const { return int(m_titles.size()); }

    /// Rows that differ (their "what" texts), for tests and the summary line.
    QStringList differingRows() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    struct Row {
        QString what;
        QStringList values;   ///< one per side, in column order
        bool section = false; ///< a heading row ("Inputs", "Results")
        bool differs() const {
            return !section && values.size() > 1 && values.count(values.first()) != values.size();
        }
    };
    void refilter();

    QStringList m_titles;
    QList<Row> m_all;
    QList<Row> m_rows;
    bool m_diffOnly = false;
};

} // namespace hostplan::ui
