// SPDX-License-Identifier: MIT
// Compare view: pin the current scenario (or one from a file), several times over, and see the
// pinned scenarios side by side with the current one: a table of inputs, memory, cost and
// throughput with the differences highlighted, and a chart overlaying every plan's throughput
// curve, kept up to date as the current scenario is edited. A pinned scenario can be made
// current again (an undoable edit) or removed.
#pragma once

#include "scenario/scenario.h"

#include <QList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace hostplan::ui {

class CompareChart;
class CompareModel;
class ScenarioDocument;

class CompareView : public QWidget {
    Q_OBJECT
  public:
    /// At most this many pinned scenarios (the table stays readable); pinning more is refused
    /// with a message.
    static constexpr int kMaxPins = 6;

    explicit CompareView(ScenarioDocument *doc, QWidget *parent = nullptr);

    /// Pin the document's current scenario (refused with a message at kMaxPins).
    void pinCurrent();
    /// Pin a scenario file; returns an error message ("" on success) and changes nothing on error.
    QString pinFile(const QString &path);
    /// Remove every pin.
    void clearPin();
    /// Remove pin `index` (0 = the first pinned); out of range changes nothing.
    void removePin(int index);
    /// Make pin `index` the current scenario (one undoable edit); out of range changes nothing.
    void usePin(int index);
    bool hasPin() const { return !m_pins.isEmpty(); }
    int pinCount() const { return int(m_pins.size()); }
    CompareModel *model() const { return m_model; }
    CompareChart *overlay() const { return m_chart; }
    QTableView *table() const { return m_table; }
    /// The status line (differences, refusals), for tests.
    QString statusText() const;

  signals:
    /// The view wants to be shown (after pinning from a menu).
    void pinnedChanged();

  public slots:
    void refresh();

  private:
    QString pinTitle(int index) const;
    bool addPin(const Scenario &scenario);

    ScenarioDocument *m_doc;
    QList<Scenario> m_pins;
    CompareModel *m_model;
    CompareChart *m_chart;
    QTableView *m_table;
    QLabel *m_status;
    QCheckBox *m_diffOnly;
    QComboBox *m_pinChoice;
    QPushButton *m_usePinned;
    QPushButton *m_remove;
    QPushButton *m_clear;
};

} // namespace hostplan::ui
