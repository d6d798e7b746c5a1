// SPDX-License-Identifier: MIT
// The report's serving-command flag tables (reporttables.h).
#include "report/reporttables.h"

namespace hostplan::ui::reporttables {

ReportTable servingFlagsTable(const ServeCommand &command) {
    ReportTable t;
    t.id = QStringLiteral("serving-") + qs(command.engine);
    t.title = Report::tr("%1: flags").arg(qs(command.title));
    t.headers = {Report::tr("Flag"), Report::tr("Value"), Report::tr("Why this value")};
    t.columnWeights = {3.3, 1.5, 4.7};
    t.rightAligned = {false, false, false};
    t.csvHeaders = {QStringLiteral("flag"), QStringLiteral("value"), QStringLiteral("explanation")};
    for (const ServeFlag &f : command.flags) {
        const QString flag = f.flag.empty() ? Report::tr("(model)") : qs(f.flag);
        addRow(t, {flag, qs(f.value), qs(f.explanation)},
               {qs(f.flag), qs(f.value), qs(f.explanation)});
    }
    return t;
}

} // namespace hostplan::ui::reporttables
