// SPDX-License-Identifier: MIT
// Summary: fits or not and why, the per-GPU memory table, monthly cost, API comparison and
// break-even, rendered as rich text from the document's plan.
#pragma once

#include <QTextBrowser>

namespace hostplan::ui {

class ScenarioDocument;

class SummaryView : public QTextBrowser {
    Q_OBJECT
  public:
    explicit SummaryView(ScenarioDocument *doc, QWidget *parent = nullptr);

  public slots:
    void rebuild();

  protected:
    /// A palette change (View > Theme, a dark desktop) re-colours the verdict.
    void changeEvent(QEvent *event) override;

  private:
    ScenarioDocument *m_doc;
};

} // namespace hostplan::ui
