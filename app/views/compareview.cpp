// SPDX-License-Identifier: MIT
#include "views/compareview.h"

#include "util/fileio.h"

#include "document/appsettings.h"
#include "views/comparemodel.h"
#include "document/scenariodocument.h"
#include "charts/viewrefresher.h"

#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace hostplan::ui {

CompareView::CompareView(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_model(new CompareModel(this)) {
    auto *layout = new QVBoxLayout(this);
    // Two rows of buttons: the view stays narrow enough for the docks in every language.
    auto *buttons = new QGridLayout;
    auto *pin = new QPushButton(tr("&Pin current scenario"));
    pin->setToolTip(tr("Keep a copy of the current scenario to compare later edits against"));
    auto *pinFileButton = new QPushButton(tr("Pin from file..."));
    m_usePinned = new QPushButton(tr("Make pinned current"));
    m_usePinned->setToolTip(tr("Replace the current scenario by the pinned one (undoable)"));
    m_clear = new QPushButton(tr("Clear pin"));
    m_diffOnly = new QCheckBox(tr("Differences only"));
    buttons->addWidget(pin, 0, 0);
    buttons->addWidget(pinFileButton, 0, 1);
    buttons->addWidget(m_usePinned, 1, 0);
    buttons->addWidget(m_clear, 1, 1);
    buttons->setColumnStretch(2, 1);
    buttons->addWidget(m_diffOnly, 1, 3);
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
    m_table->horizontalHeader()->setSectionResizeMode(CompareModel::ColWhat,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(CompareModel::ColPinned,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(CompareModel::ColCurrent,
                                                      QHeaderView::Stretch);
    layout->addWidget(m_table, 1);

    connect(pin, &QPushButton::clicked, this, &CompareView::pinCurrent);
    connect(pinFileButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Pin scenario file"),
                                                          AppSettings::lastDirectory(),
                                                          tr("HostPlan scenario (*.json)"));
        if (!path.isEmpty()) {
            pinFile(path);
        }
    });
    connect(m_usePinned, &QPushButton::clicked, this, [this] {
        if (m_pinned) {
            m_doc->edit(*m_pinned, tr("Use pinned scenario"));
        }
    });
    connect(m_clear, &QPushButton::clicked, this, &CompareView::clearPin);
    connect(m_diffOnly, &QCheckBox::toggled, m_model, &CompareModel::setDifferencesOnly);
    // Rebuilt on each change only while shown; a hidden tab catches up when shown.
    new ViewRefresher(this, doc, [this] { refresh(); });
    refresh();
}

void CompareView::pinCurrent() {
    m_pinned = m_doc->scenario();
    refresh();
    emit pinnedChanged();
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
    m_pinned = r.value();
    refresh();
    emit pinnedChanged();
    return {};
}

void CompareView::clearPin() {
    m_pinned.reset();
    refresh();
}

void CompareView::refresh() {
    m_usePinned->setEnabled(m_pinned.has_value());
    m_clear->setEnabled(m_pinned.has_value());
    if (!m_pinned) {
        m_model->clear();
        m_status->setText(tr("Pin the current scenario, then change inputs: the table shows the "
                             "pinned and the current scenario side by side."));
        return;
    }
    const Scenario &cur = m_doc->scenario();
    m_model->setScenarios(*m_pinned, m_doc->evaluateVariant(*m_pinned), cur,
                          m_doc->evaluateVariant(cur));
    const QStringList diff = m_model->differingRows();
    m_status->setText(diff.isEmpty() ? tr("The current scenario equals the pinned one.")
                                     : (diff.size() == 1
                                            ? tr("1 difference, highlighted.")
                                            : tr("%1 differences, highlighted.").arg(diff.size())));
    m_table->resizeRowsToContents();
}

} // namespace hostplan::ui
