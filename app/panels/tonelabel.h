// SPDX-License-Identifier: MIT
// Coloured status labels that stay readable when the palette changes: the colour is chosen for
// the label's palette (document/themecolours.h) and chosen again on every PaletteChange, so a
// red "Does not fit" turns light red on a dark window instead of staying dark red.
#pragma once

#include "document/themecolours.h"

class QLabel;

namespace hostplan::ui {

/// Draw `label`'s text in the colour of `tone` (Tone::Normal: the palette's own text colour),
/// now and after each palette change.
void setTone(QLabel *label, Tone tone);

} // namespace hostplan::ui
