// SPDX-License-Identifier: MIT
#include "views/compareview.h"

#include "util/fileio.h"

#include "document/appsettings.h"
#include "views/comparechart.h"
#include "views/comparemodel.h"
#include "document/scenariodocument.h"
#include "charts/viewrefresher.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace hostplan::ui {

CompareView::CompareView(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_model(new CompareModel(this)) {
    auto *layout = new QVBoxLayout(this);
    // Two rows of buttons: the view stays narrow enough for the docks in every language.
    auto *buttons = new QGridLayout;
    auto *pin = new QPushButton(tr("&Pin current scenario"));
    pin->setToolTip(tr("Keep a copy of the current scenario to compare later edits against; "
                       "pin again to compare several"));
    auto *pinFileButton = new QPushButton(tr("Pin from file..."));
    m_pinChoice = new QComboBox;
    m_pinChoice->setToolTip(tr("The pinned scenario the buttons beside act on"));
    m_usePinned = new QPushButton(tr("Make pinned current"));
    m_usePinned->setToolTip(tr("Replace the current scenario by the chosen pinned one (undoable)"));
    m_remove = new QPushButton(tr("Remove pin"));
    m_clear = new QPushButton(tr("Clear pins"));
    m_diffOnly = new QCheckBox(tr("Differences only"));
    buttons->addWidget(pin, 0, 0);
    buttons->addWidget(pinFileButton, 0, 1);
    buttons->addWidget(m_clear, 0, 2);
    buttons->addWidget(m_pinChoice, 1, 0);
    buttons->addWidget(m_usePinned, 1, 1);
    buttons->addWidget(m_remove, 1, 2);
    buttons->setColumnStretch(3, 1);
    buttons->addWidget(m_diffOnly, 1, 4);
    layout->addLayout(buttons);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_table = new QTableView;
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_chart = new CompareChart;
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(pin, &QPushButton::clicked, this, &CompareView::pinCurrent);
    connect(pinFileButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Pin scenario file"),
                                                          AppSettings::lastDirectory(),
                                                          tr("HostPlan scenario (*.json)"));
        if (!path.isEmpty()) {
            pinFile(path);
        }
    });
    connect(m_usePinned, &QPushButton::clicked, this,
            [this] { usePin(m_pinChoice->currentIndex()); });
    connect(m_remove, &QPushButton::clicked, this,
            [this] { removePin(m_pinChoice->currentIndex()); });
    connect(m_clear, &QPushButton::clicked, this, &CompareView::clearPin);
    connect(m_diffOnly, &QCheckBox::toggled, m_model, &CompareModel::setDifferencesOnly);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { refresh(); });
    refresh();
}

QString CompareView::pinTitle(int index) const {
    // One pin keeps the plain heading; several are numbered in pin order.
    return m_pins.size() == 1 ? tr("Pinned") : tr("Pinned %1").arg(index + 1);
}

bool CompareView::addPin(const Scenario &scenario) {
    if (m_pins.size() >= kMaxPins) {
        m_status->setText(
            tr("At most %1 scenarios can be pinned: remove one first.").arg(kMaxPins));
        return false;
    }
    m_pins.append(scenario);
    refresh();
    m_pinChoice->setCurrentIndex(int(m_pins.size()) - 1);
    emit pinnedChanged();
    return true;
}

void CompareView::pinCurrent() {
    addPin(m_doc->scenario());
}

QString CompareView::pinFile(const QString &path) {
    // A regular file of bounded size only (a FIFO or /dev/zero is refused at once).
    const auto read = readRegularFile(QFile::encodeName(path).toStdString(), kMaxScenarioBytes);
    if (!read.ok()) {
        const QString msg =
            tr("Cannot open %1: %2").arg(path, QString::fromStdString(read.error().message));
        m_status->setText(msg);
        return msg;
    }
    auto r = parseScenario(read.value());
    if (!r.ok()) {
        const QString msg = tr("%1 is not a valid scenario: %2")
                                .arg(path, QString::fromStdString(r.error().toString()));
        m_status->setText(msg);
        return msg;
    }
    if (!addPin(r.value())) {
        return m_status->text();
    }
    return {};
}

void CompareView::clearPin() {
    m_pins.clear();
    refresh();
}

void CompareView::removePin(int index) {
    if (index >= 0 && index < m_pins.size()) {
        m_pins.removeAt(index);
        refresh();
    }
}

void CompareView::usePin(int index) {
    if (index >= 0 && index < m_pins.size()) {
        m_doc->edit(m_pins[index], tr("Use pinned scenario"));
    }
}

QString CompareView::statusText() const {
    return m_status->text();
}

void CompareView::refresh() {
    const bool any = !m_pins.isEmpty();
    m_usePinned->setEnabled(any);
    m_remove->setEnabled(any);
    m_clear->setEnabled(any);
    m_pinChoice->setEnabled(any);
    const int chosen = m_pinChoice->currentIndex();
    m_pinChoice->clear();
    for (int i = 0; i < m_pins.size(); ++i) {
        const QString name = QString::fromStdString(m_pins[i].name);
        m_pinChoice->addItem(name.isEmpty() ? pinTitle(i)
                                            : pinTitle(i) + QStringLiteral(": ") + name);
    }
    m_pinChoice->setCurrentIndex(std::min(std::max(chosen, 0), int(m_pins.size()) - 1));
    if (!any) {
        m_model->clear();
        m_chart->setSides({});
        m_status->setText(tr("Pin the current scenario, then change inputs: the table shows the "
                             "pinned and the current scenario side by side. Pin again to "
                             "compare several."));
        return;
    }
    QList<CompareModel::Side> sides;
    for (int i = 0; i < m_pins.size(); ++i) {
        sides << CompareModel::Side::of(pinTitle(i), m_pins[i], m_doc->evaluateVariant(m_pins[i]));
    }
    const Scenario &cur = m_doc->scenario();
    sides << CompareModel::Side::of(tr("Current"), cur, m_doc->evaluateVariant(cur));
    m_model->setSides(sides);
    m_chart->setSides(sides);
    const QStringList diff = m_model->differingRows();
    const QString same = m_pins.size() == 1 ? tr("The current scenario equals the pinned one.")
                                            : tr("The current scenario equals every pinned one.");
    m_status->setText(diff.isEmpty() ? same
                                     : (diff.size() == 1
                                            ? tr("1 difference, highlighted.")
                                            : tr("%1 differences, highlighted.").arg(diff.size())));
    m_table->horizontalHeader()->setSectionResizeMode(CompareModel::ColWhat,
                                                      QHeaderView::ResizeToContents);
    m_table->resizeRowsToContents();
}

} // namespace hostplan::ui
