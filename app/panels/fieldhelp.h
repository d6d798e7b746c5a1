// SPDX-License-Identifier: MIT
// What's This texts of the input fields, in one shape: what the field sets, its unit and where
// its default comes from (the default scenario, a catalogue file, an engine's own default), so
// that Shift+F1 on any field answers "in what, and says who?". A GUI test walks every input of
// every panel and checks that each has such a text.
#pragma once

#include <QString>

namespace hostplan::ui {

/// Rich text for QWidget::setWhatsThis(): `what` the field sets (one or two sentences), then
/// "Unit: `unit`" (left out when `unit` is empty: a choice with no unit) and "Default:
/// `defaultFrom`". The two labels are translated in the FieldHelp context.
QString fieldHelp(const QString &what, const QString &unit, const QString &defaultFrom);

/// The translated "Unit:" and "Default:" labels that fieldHelp() writes (tests look for them).
QString fieldHelpUnitLabel();
QString fieldHelpDefaultLabel();

} // namespace hostplan::ui
