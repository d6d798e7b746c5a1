// SPDX-License-Identifier: MIT
// CompareModel: the table of the Compare view. Rows are inputs and results of two scenarios
// (the pinned one and the current one); columns: what, pinned, current. Rows whose texts differ
// are flagged (bold, tinted) and can be filtered to show differences only.
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
    enum Column { ColWhat, ColPinned, ColCurrent, ColumnCount };

    explicit CompareModel(QObject *parent = nullptr);

    /// Set both sides. A side with no plan shows its error in the result rows.
    void setScenarios(const Scenario &pinned, const Result<PlanResult> &pinnedPlan,
                      const Scenario &current, const Result<PlanResult> &currentPlan);
    void clear();
    /// Show only rows that differ.
    void setDifferencesOnly(bool on);
    bool differencesOnly() const { return m_diffOnly; }

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
        QString pinned;
        QString current;
        bool section = false; ///< a heading row ("Inputs", "Results")
        bool differs() const { return !section && pinned != current; }
    };
    void refilter();

    QList<Row> m_all;
    QList<Row> m_rows;
    bool m_diffOnly = false;
};

} // namespace hostplan::ui
