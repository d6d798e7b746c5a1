// SPDX-License-Identifier: MIT
#include "panels/inputpanel.h"

#include "document/scenariodocument.h"
#include "panels/tonelabel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace hostplan::ui {

InputPanel::InputPanel(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_layout(new QVBoxLayout(this)), m_problem(new QLabel) {
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    setTone(m_problem, Tone::Bad);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();
    m_layout->addStretch(1);
    m_layout->addWidget(m_problem);
    connect(doc, &ScenarioDocument::changed, this, &InputPanel::resync);
}

QString InputPanel::problemText() const {
    return m_problem->isVisible() || !m_problem->text().isEmpty() ? m_problem->text() : QString();
}

void InputPanel::showProblem(const QString &message) {
    m_problem->setText(message);
    m_problem->setVisible(!message.isEmpty());
}

void InputPanel::resync() {
    m_syncing = true;
    sync();
    m_syncing = false;
}

QString InputPanel::refusalReason(const Scenario &, const QString &error) const {
    return error;
}

void InputPanel::refuse(const QString &reason) {
    const QString msg = tr("Not applied: %1").arg(reason);
    showProblem(msg);
    resync();
    emit editRefused(msg);
}

bool InputPanel::commit(const Scenario &next, const QString &text) {
    if (m_syncing) {
        return false;
    }
    if (m_doc->plan()) {
        auto r = m_doc->evaluateVariant(next);
        if (!r.ok()) {
            refuse(refusalReason(next, QString::fromStdString(r.error().message)));
            return false;
        }
    }
    showProblem(QString());
    m_doc->edit(next, text);
    return true;
}

} // namespace hostplan::ui
