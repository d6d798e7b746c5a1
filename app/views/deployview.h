// SPDX-License-Identifier: MIT
// Deploy: the serving commands for the document's plan (vLLM, SGLang, TensorRT-LLM, llama.cpp's
// llama-server), each as the shell text the core writes (engine/servecommand.h serveCommands(),
// the same text `hostplan-cli serve-cmd` prints), with a Copy button, the setup lines a
// multi-node plan needs, and a table explaining every flag. Rebuilt from the document through
// ViewRefresher.
#pragma once

#include <QScrollArea>

#include <vector>

class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QLabel;

namespace hostplan::ui {

class ScenarioDocument;

class DeployView : public QScrollArea {
    Q_OBJECT
  public:
    explicit DeployView(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// One entry per engine of the core's serveCommands(), in its order (0 when there is no plan).
    int engineCount() const { return int(m_entries.size()); }
    /// The engine's title as shown ("vLLM", ...).
    QString engineTitle(int index) const;
    /// The command text shown for engine `index` and copied by its Copy button: the core's
    /// ServeCommand::shellText() without its final newline, so that a paste waits for Enter
    /// ("" when the engine cannot serve the plan).
    QString commandText(int index) const;
    /// The setup lines shown above the command, one per line ("" on one node).
    QString setupText(int index) const;
    /// The Copy button of engine `index` (nullptr when the engine cannot serve the plan).
    QPushButton *copyButton(int index) const;
    /// The flag table of engine `index`: flag, value, why (nullptr when unavailable).
    QTableWidget *flagTable(int index) const;

  public slots:
    void rebuild();

  private:
    /// The widgets of one engine's section.
    struct Entry {
        QString title;
        QPlainTextEdit *command = nullptr;
        QPlainTextEdit *setup = nullptr;
        QPushButton *copy = nullptr;
        QTableWidget *flags = nullptr;
    };

    ScenarioDocument *m_doc;
    std::vector<Entry> m_entries;
};

} // namespace hostplan::ui
