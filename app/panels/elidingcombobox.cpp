// SPDX-License-Identifier: MIT
#include "panels/elidingcombobox.h"

#include <QAbstractItemModel>
#include <QFontMetrics>
#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace hostplan::ui {

ElidingComboBox::ElidingComboBox(QWidget *parent) : QComboBox(parent) {
    connect(this, &QComboBox::currentIndexChanged, this, &ElidingComboBox::updateToolTip);
    // setItemText (the "Model default: ..." entry) changes the text without changing the index.
    connect(model(), &QAbstractItemModel::dataChanged, this, &ElidingComboBox::updateToolTip);
}

void ElidingComboBox::setHint(const QString &hint) {
    m_hint = hint;
    updateToolTip();
}

QString ElidingComboBox::fitText(const QString &text, const QFontMetrics &fm, int width) {
    if (fm.horizontalAdvance(text) <= width) {
        return text;
    }
    QString t = text;
    // A trailing remark in brackets is the first thing to go.
    if (t.endsWith(QLatin1Char(')'))) {
        const qsizetype open = t.lastIndexOf(QStringLiteral(" ("));
        if (open > 0) {
            t.truncate(open);
            if (fm.horizontalAdvance(t) <= width) {
                return t;
            }
        }
    }
    return fm.elidedText(t, Qt::ElideRight, width);
}

int ElidingComboBox::labelWidth() const {
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    return style()
        ->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this)
        .width();
}

QString ElidingComboBox::shownText() const {
    // The style draws the label 1 px inside the edit field on each side.
    return fitText(currentText(), fontMetrics(), labelWidth() - 2);
}

void ElidingComboBox::paintEvent(QPaintEvent *) {
    // QComboBox::paintEvent, with the label shortened to the edit field.
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    painter.drawComplexControl(QStyle::CC_ComboBox, opt);
    opt.currentText = shownText();
    painter.drawControl(QStyle::CE_ComboBoxLabel, opt);
}

void ElidingComboBox::updateToolTip() {
    QString tip = currentText();
    const QString itemTip = itemData(currentIndex(), Qt::ToolTipRole).toString();
    if (!itemTip.isEmpty()) {
        tip = itemTip;
    }
    if (!m_hint.isEmpty()) {
        tip += QLatin1Char('\n') + m_hint;
    }
    setToolTip(tip);
}

} // namespace hostplan::ui
