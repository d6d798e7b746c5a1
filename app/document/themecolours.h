// SPDX-License-Identifier: MIT
// Colours that carry meaning (fits / does not fit / a note) chosen for the palette they are
// drawn on, so that a verdict reads as well on a dark window as on a light one. Views, panels
// and the status bar ask here instead of hard-coding "#b00020".
#pragma once

#include <QColor>

class QPalette;

namespace hostplan::ui {

/// What a coloured text says.
enum class Tone {
    Normal, ///< the palette's own text colour
    Good,   ///< fits, succeeded (green)
    Bad,    ///< does not fit, refused, failed (red)
    Note,   ///< a warning or caveat (amber / brown)
};

/// True when `palette` draws dark windows (window colour lightness below 128 of 255), as a dark
/// desktop theme or View > Theme > Dark does.
bool isDarkPalette(const QPalette &palette);

/// The text colour for `tone` on `palette`: dark shades on light windows, light shades on dark
/// ones (contrast at least 4.5:1 against the palette's Window and Base colours).
QColor toneColour(Tone tone, const QPalette &palette);

/// A background that marks a changed row or cell (pale yellow on light, dark amber on dark);
/// text on it keeps the palette's Text colour.
QColor changedFill(const QPalette &palette);

/// The background of a section row in a table (a step darker or lighter than Base).
QColor sectionFill(const QPalette &palette);

} // namespace hostplan::ui
