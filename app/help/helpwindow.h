// SPDX-License-Identifier: MIT
// The help window: HostPlan's user manual (app/help/manual/manual.html, compiled in as the Qt
// resource qrc:/help/manual.html, and its translations manual_<language>.html beside it) in a
// QTextBrowser with back, forward and contents buttons. The manual in the GUI's language is
// shown (the default QLocale, which the language manager sets), else the English one.
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

    /// The manual's address in the default locale's language: qrc:/help/manual_de.html,
    /// manual_zh_CN.html, ... where that translation is compiled in, else qrc:/help/manual.html.
    static QUrl manualUrl();
    /// The languages the manual is translated into ("de", "ja", "zh_CN"), sorted.
    static QStringList translations();
    /// The anchor names (<a name="...">) the shown manual defines, in page order.
    static QStringList sections();
    /// The anchor names of the manual in `language` ("" = English); empty when there is none.
    static QStringList sections(const QString &language);

  private:
    QTextBrowser *m_browser;
};

} // namespace hostplan::ui
