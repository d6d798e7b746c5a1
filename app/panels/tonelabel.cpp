// SPDX-License-Identifier: MIT
#include "panels/tonelabel.h"

#include <QEvent>
#include <QLabel>
#include <QPalette>

namespace hostplan::ui {

namespace {

/// Re-colours one label on palette changes; a child of the label.
class ToneKeeper : public QObject {
  public:
    explicit ToneKeeper(QLabel *label) : QObject(label), m_label(label) {
        setObjectName(QStringLiteral("hostplanToneKeeper"));
        label->installEventFilter(this);
    }

    void setTone(Tone tone) {
        m_tone = tone;
        apply();
    }

    bool eventFilter(QObject *watched, QEvent *event) override {
        if (watched == m_label && event->type() == QEvent::PaletteChange) {
            apply();
        }
        return false;
    }

  private:
    /// Sets the text colour only when it differs, so the PaletteChange this causes ends here.
    void apply() {
        if (m_tone == Tone::Normal) {
            if (m_label->testAttribute(Qt::WA_SetPalette)) {
                m_label->setPalette(QPalette());
            }
            return;
        }
        QPalette palette = m_label->palette();
        const QColor colour = toneColour(m_tone, palette);
        if (palette.color(QPalette::WindowText) != colour ||
            !m_label->testAttribute(Qt::WA_SetPalette)) {
            palette.setColor(QPalette::WindowText, colour);
            palette.setColor(QPalette::Text, colour);
            m_label->setPalette(palette);
        }
    }

    QLabel *m_label;
    Tone m_tone = Tone::Normal;
};

} // namespace

void setTone(QLabel *label, Tone tone) {
    auto *keeper = label->findChild<ToneKeeper *>(QStringLiteral("hostplanToneKeeper"),
                                                  Qt::FindDirectChildrenOnly);
    if (!keeper) {
        keeper = new ToneKeeper(label);
    }
    keeper->setTone(tone);
}

} // namespace hostplan::ui
