// SPDX-License-Identifier: MIT
#include "document/languagemanager.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace hostplan::ui {

LanguageManager::LanguageManager(QObject *parent) : QObject(parent) {}

LanguageManager::LanguageManager(const QString &catalogueDir, QObject *parent)
    : QObject(parent), m_catalogueDir(catalogueDir) {}

LanguageManager::~LanguageManager() {
    if (m_app) {
        QCoreApplication::removeTranslator(m_app.get());
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt.get());
    }
}

void LanguageManager::install(const QString &name) {
    if (m_app) {
        QCoreApplication::removeTranslator(m_app.get());
        m_app.reset();
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt.get());
        m_qt.reset();
    }
    const QLocale locale = name.isEmpty() ? QLocale::system() : QLocale(name);
    const QString language = languageFor(locale);
    // Numbers follow the UI language (formatting.h, spin boxes): "32,768" in English, "32.768"
    // in German, never the one beside the other.
    if (language == QStringLiteral("en")) {
        QLocale::setDefault(locale.language() == QLocale::English
                                ? locale
                                : QLocale(QLocale::English, QLocale::UnitedStates));
        return;
    }
    auto app = std::make_unique<QTranslator>();
    if (!app->load(QStringLiteral("hostplan_") + language, m_catalogueDir)) {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        return;
    }
    QCoreApplication::installTranslator(app.get());
    m_app = std::move(app);
    // The system's own country when it speaks the language (de_AT), else the language's
    // usual one (QLocale("ja") is ja_JP).
    QLocale::setDefault(locale.language() == QLocale(language).language() ? locale
                                                                          : QLocale(language));
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        m_qt = std::move(qt);
    }
}

QStringList LanguageManager::available() {
    QStringList out;
    const QStringList files =
        QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("hostplan_*.qm")});
    for (const QString &f : files) {
        out << f.mid(9, f.size() - 9 - 3);
    }
    return out;
}

QList<LanguageManager::Language> LanguageManager::languages() {
    // Names in their own language and script, as language menus show them.
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("\u4e2d\u6587 (\u7b80\u4f53)")},
            {QStringLiteral("ja"), QStringLiteral("\u65e5\u672c\u8a9e")}};
}

QString LanguageManager::languageFor(const QLocale &locale) {
    const QStringList wanted =
        locale.language() == QLocale::C ? QStringList() : locale.uiLanguages();
    for (const QString &tag : wanted) {
        const QLocale l(tag);
        if (l.language() == QLocale::English) {
            return QStringLiteral("en");
        }
        for (const Language &shipped : languages()) {
            const QLocale s(shipped.name);
            if (l.language() == s.language() &&
                (l.language() != QLocale::Chinese || l.script() == s.script())) {
                return shipped.name;
            }
        }
    }
    return QStringLiteral("en");
}

} // namespace hostplan::ui
