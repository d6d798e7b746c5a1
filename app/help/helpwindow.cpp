// SPDX-License-Identifier: MIT
#include "help/helpwindow.h"

#include <QDir>
#include <QFile>
#include <QLocale>
#include <QHBoxLayout>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

/// The manual's resource lives in this static library: make sure the linker keeps it.
static void initManualResource() {
    Q_INIT_RESOURCE(hostplan_manual);
}

namespace hostplan::ui {

namespace {

/// The resource path of the manual in `language` ("" = English).
QString manualPath(const QString &language) {
    return language.isEmpty() ? QStringLiteral(":/help/manual.html")
                              : QStringLiteral(":/help/manual_%1.html").arg(language);
}

} // namespace

QStringList HelpWindow::translations() {
    initManualResource();
    QStringList out;
    static const QRegularExpression name(QStringLiteral(R"(^manual_(\w+)\.html$)"));
    for (const QString &file : QDir(QStringLiteral(":/help")).entryList(QDir::Files)) {
        const auto m = name.match(file);
        if (m.hasMatch()) {
            out << m.captured(1);
        }
    }
    out.sort();
    return out;
}

QUrl HelpWindow::manualUrl() {
    // "zh-Hans-CN", "zh-CN", "zh" -> zh_CN when compiled in; "de-DE", "de" -> de.
    const QStringList shipped = translations();
    for (QString ui : QLocale().uiLanguages()) {
        ui.replace(QLatin1Char('-'), QLatin1Char('_'));
        const QString language = ui.section(QLatin1Char('_'), 0, 0);
        const QString region = ui.section(QLatin1Char('_'), -1);
        for (const QString &candidate : {ui, language + QLatin1Char('_') + region, language}) {
            if (shipped.contains(candidate)) {
                return QUrl(QStringLiteral("qrc") + manualPath(candidate));
            }
        }
        if (language == QLatin1String("en")) {
            break;
        }
    }
    return QUrl(QStringLiteral("qrc") + manualPath(QString()));
}

QStringList HelpWindow::sections(const QString &language) {
    initManualResource();
    QFile file(manualPath(language));
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QString html = QString::fromUtf8(file.readAll());
    QStringList names;
    static const QRegularExpression anchor(QStringLiteral(R"(<a name="([^"]+)\")"));
    for (auto it = anchor.globalMatch(html); it.hasNext();) {
        names << it.next().captured(1);
    }
    return names;
}

QStringList HelpWindow::sections() {
    const QString path = manualUrl().path(); // "/help/manual_ja.html"
    const auto m = QRegularExpression(QStringLiteral(R"(manual_(\w+)\.html$)")).match(path);
    return sections(m.hasMatch() ? m.captured(1) : QString());
}

HelpWindow::HelpWindow(QWidget *parent) : QWidget(parent, Qt::Window) {
    initManualResource();
    setWindowTitle(tr("HostPlan Manual"));
    setObjectName(QStringLiteral("helpWindow"));
    m_browser = new QTextBrowser;
    // Only the compiled-in manual: no network, no other sites.
    m_browser->setOpenExternalLinks(false);
    m_browser->setOpenLinks(true);
    m_browser->setSource(manualUrl());

    auto *back = new QPushButton(tr("&Back"));
    auto *forward = new QPushButton(tr("&Forward"));
    auto *contents = new QPushButton(tr("&Contents"));
    back->setEnabled(false);
    forward->setEnabled(false);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(forward, &QPushButton::clicked, m_browser, &QTextBrowser::forward);
    connect(contents, &QPushButton::clicked, this, [this] { showSection(QString()); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QPushButton::setEnabled);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(back);
    buttons->addWidget(forward);
    buttons->addWidget(contents);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_browser, 1);
    resize(760, 640);
}

void HelpWindow::showSection(const QString &section) {
    QUrl url = manualUrl();
    if (!section.isEmpty()) {
        url.setFragment(section);
    }
    if (m_browser->source() == url) {
        // Same address: setSource() would not scroll back to the anchor.
        m_browser->scrollToAnchor(section.isEmpty() ? QStringLiteral("top") : section);
    } else {
        m_browser->setSource(url);
    }
    show();
    raise();
    activateWindow();
}

} // namespace hostplan::ui
