// SPDX-License-Identifier: MIT
// View > Theme: System (the desktop's palette, light or dark, followed live), Light or Dark
// (the Fusion style with HostPlan's palettes). The choice is stored in AppSettings::theme() and
// applied to the whole application at once; widgets, the summary's colours and the charts'
// themes follow through QEvent::PaletteChange (charts/charttheme.h, panels/tonelabel.h).
#pragma once

#include <QPalette>
#include <QString>

class QMenu;

namespace hostplan::ui {

namespace Theme {

/// Apply a theme to the application: "" = the system's (the style and palette HostPlan started
/// with, so a desktop that switches to dark is followed), "light" or "dark" = Fusion with
/// lightPalette() / darkPalette(). Does nothing when the theme is already applied.
void apply(const QString &name);

/// The theme applied last ("" before any).
QString current();

/// Fusion's own light palette.
QPalette lightPalette();
/// A dark palette for Fusion: dark grey windows and fields, light text, blue selection
/// (disabled text mid grey).
QPalette darkPalette();

/// Append a "Theme" submenu to `viewMenu` with one checkable action per theme (object names
/// actionThemeSystem, actionThemeLight, actionThemeDark; data "", "light", "dark"), apply the
/// saved theme now, and on a choice store it in AppSettings and apply it live. Returns the
/// submenu.
QMenu *addThemeMenu(QMenu *viewMenu);

} // namespace Theme

} // namespace hostplan::ui
