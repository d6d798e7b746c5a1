// SPDX-License-Identifier: MIT
// Monthly rental per GPU type at each type's practical count (the report's options table as a
// chart), with the API's monthly bill for the same tokens as a dashed line: bars below the line
// beat the API. Built from gpuOptionRows(); draws no figures of its own.
#pragma once

#include "report/reportcontent.h"

#include <QChartView>

#include <vector>

namespace hostplan::ui {

class ReportOptionsChart : public QChartView {
    Q_OBJECT
  public:
    /// `options` from gpuOptionRows(); `apiUsdPerMonth` the API bill (USD per month) and
    /// `hoursPerDay` the scenario's rented hours a day (a second bar set when below 24).
    ReportOptionsChart(const std::vector<GpuOptionRow> &options, double apiUsdPerMonth,
                       double hoursPerDay, QWidget *parent = nullptr);

    /// Category labels, top to bottom ("NVIDIA H200 SXM 141GB (16 GPUs)"), for tests.
    QStringList categories() const { return m_categories; }

  private:
    QStringList m_categories;
};

} // namespace hostplan::ui
