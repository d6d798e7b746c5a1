// SPDX-License-Identifier: MIT
// "What fits this card": every catalogue model (and the plan's own model) stored as each
// common llama.cpp type, planned on one chosen GPU and host with llama-server's defaults
// (core/engine/cardfit.h). A cell gives the longest context that runs wholly on the GPU, or
// the -ngl that fits with the other layers in system RAM, and the decode ceiling in tokens/s.
#pragma once

#include "engine/cardfit.h"

#include <QWidget>

#include <map>
#include <string>

class QComboBox;
class QLabel;
class QTableWidget;

namespace hostplan::ui {

class ScenarioDocument;

class CardFitView : public QWidget {
    Q_OBJECT
  public:
    explicit CardFitView(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// Choose the card and host by catalogue id (ignored when unknown); rebuilds the table.
    void setGpu(const QString &id);
    void setHost(const QString &id);
    /// The table as shown: one row per model, columns model, parameters, then one per type.
    QTableWidget *table() const { return m_table; }
    /// The core's answer behind the cell of `modelId` and `type` ("q4_K", or "gguf" for a
    /// GGUF file's own tensors); nullptr when there is none.
    const CardFitCell *cell(const std::string &modelId, const std::string &type) const;
    /// The text a cell shows for `c` (translated; also the tests' expectation).
    static QString cellText(const CardFitCell &c);

  public slots:
    void rebuild();

  private:
    void loadModels();

    ScenarioDocument *m_doc;
    QComboBox *m_gpu = nullptr;
    QComboBox *m_host = nullptr;
    QLabel *m_note = nullptr;
    QTableWidget *m_table = nullptr;
    std::map<std::string, ModelSpec> m_catalogueModels; ///< loaded once, by id
    std::vector<CardFitRow> m_rows;
    bool m_gpuChosen = false; ///< the user picked a card: the plan's GPU no longer follows
};

} // namespace hostplan::ui
