// SPDX-License-Identifier: MIT
#include "panels/tonelabel.h"

#include "document/palettewatcher.h"

#include <QLabel>
#include <QPalette>
#include <QVariant>

namespace hostplan::ui {

namespace {

const char *const kToneProperty = "hostplanTone";

/// Colour `label` for its stored tone. Sets the palette only when the colour differs, so the
/// PaletteChange this causes ends here.
void applyTone(QLabel *label) {
    const Tone tone = Tone(label->property(kToneProperty).toInt());
    if (tone == Tone::Normal) {
        if (label->testAttribute(Qt::WA_SetPalette)) {
            label->setPalette(QPalette());
        }
        return;
    }
    QPalette palette = label->palette();
    const QColor colour = toneColour(tone, palette);
    if (palette.color(QPalette::WindowText) != colour || !label->testAttribute(Qt::WA_SetPalette)) {
        palette.setColor(QPalette::WindowText, colour);
        palette.setColor(QPalette::Text, colour);
        label->setPalette(palette);
    }
}

} // namespace

void setTone(QLabel *label, Tone tone) {
    label->setProperty(kToneProperty, int(tone));
    const QString name = QStringLiteral("hostplanToneWatcher");
    if (!PaletteWatcher::find(label, name)) {
        new PaletteWatcher(label, name, [label] { applyTone(label); });
    }
    applyTone(label);
}

} // namespace hostplan::ui
