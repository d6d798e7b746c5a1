// SPDX-License-Identifier: MIT
#include "document/themecolours.h"

#include <QPalette>

namespace hostplan::ui {

bool isDarkPalette(const QPalette &palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor toneColour(Tone tone, const QPalette &palette) {
    const bool dark = isDarkPalette(palette);
    switch (tone) {
    case Tone::Normal:
        return palette.color(QPalette::Text);
    case Tone::Good:
        return dark ? QColor(0x7b, 0xd8, 0x8f) : QColor(0x1b, 0x6e, 0x1b);
    case Tone::Bad:
        return dark ? QColor(0xff, 0x7b, 0x7b) : QColor(0xb0, 0x00, 0x20);
    case Tone::Note:
        return dark ? QColor(0xe0, 0xc0, 0x70) : QColor(0x88, 0x66, 0x44);
    }
    return palette.color(QPalette::Text);
}

QColor changedFill(const QPalette &palette) {
    return isDarkPalette(palette) ? QColor(0x5a, 0x4a, 0x1e) : QColor(0xff, 0xf3, 0xcd);
}

QColor sectionFill(const QPalette &palette) {
    const QColor base = palette.color(QPalette::Base);
    return isDarkPalette(palette) ? base.lighter(160) : base.darker(110);
}

} // namespace hostplan::ui
