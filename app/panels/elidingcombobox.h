// SPDX-License-Identifier: MIT
// A read-only combo box whose current text, when it is wider than the box, is shortened
// instead of clipped: first a trailing "(...)" is dropped ("NVIDIA B300 SXM 288GB (Blackwell
// Ultra)" -> "NVIDIA B300 SXM 288GB"), then the text is elided with "...". The tooltip always
// holds the full text (and the current item's own tooltip, if any), so the input docks stay
// narrow without hiding what is chosen.
#pragma once

#include <QComboBox>

class QFontMetrics;

namespace hostplan::ui {

class ElidingComboBox : public QComboBox {
    Q_OBJECT
  public:
    explicit ElidingComboBox(QWidget *parent = nullptr);

    /// Text shown under the full current text in the tooltip (what the box is for).
    void setHint(const QString &hint);
    /// `text` as shown in `width` pixels with font metrics `fm`.
    static QString fitText(const QString &text, const QFontMetrics &fm, int width);
    /// The current text as painted at the box's current width.
    QString shownText() const;

  protected:
    void paintEvent(QPaintEvent *event) override;

  private:
    int labelWidth() const;
    void updateToolTip();

    QString m_hint;
};

} // namespace hostplan::ui
