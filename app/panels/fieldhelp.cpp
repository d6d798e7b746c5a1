// SPDX-License-Identifier: MIT
#include "panels/fieldhelp.h"

#include <QCoreApplication>

namespace hostplan::ui {

QString fieldHelpUnitLabel() {
    return QCoreApplication::translate("FieldHelp", "Unit:");
}

QString fieldHelpDefaultLabel() {
    return QCoreApplication::translate("FieldHelp", "Default:");
}

QString fieldHelp(const QString &what, const QString &unit, const QString &defaultFrom) {
    QString text = QStringLiteral("<p>%1</p><p>").arg(what);
    if (!unit.isEmpty()) {
        text += QStringLiteral("<b>%1</b> %2<br>").arg(fieldHelpUnitLabel(), unit);
    }
    text += QStringLiteral("<b>%1</b> %2</p>").arg(fieldHelpDefaultLabel(), defaultFrom);
    return text;
}

} // namespace hostplan::ui
