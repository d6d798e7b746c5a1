// SPDX-License-Identifier: MIT
// The help window: HostPlan's user manual (app/help/manual/manual.html, compiled in as the Qt
// resource qrc:/help/manual.html) in a QTextBrowser with back, forward and contents buttons.
// Nothing is fetched from the network; links to other sites are not followed. The page follows
// the palette (it sets no colours), so it reads on light and dark themes alike.
#pragma once

#include <QStringList>
#include <QUrl>
#include <QWidget>

class QTextBrowser;

namespace hostplan::ui {

class HelpWindow : public QWidget {
    Q_OBJECT
  public:
    /// A top-level window (Qt::Window) owned by `parent`, which it stays above.
    explicit HelpWindow(QWidget *parent = nullptr);

    /// Show the manual at `section` (an anchor of the manual, see sections(); "" = the top),
    /// then show and raise the window.
    void showSection(const QString &section);

    /// The browser, for tests.
    QTextBrowser *browser() const { return m_browser; }

    /// qrc:/help/manual.html, the manual's address.
    static QUrl manualUrl();
    /// The anchor names (<a name="...">) the manual defines, in page order.
    static QStringList sections();

  private:
    QTextBrowser *m_browser;
};

} // namespace hostplan::ui
