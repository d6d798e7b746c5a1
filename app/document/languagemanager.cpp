#include "document/languagemanager.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace hostplan::ui {

LanguageManager::LanguageManager(QObject *parent) : QObject(parent) {}

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
    // Numbers follow the UI language (formatting.h, spin boxes): "32,768" in English, "32.768"
    // in German, never the one beside the other.
    if (name == QStringLiteral("en")) {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        return;
    }
    const QLocale locale = name.isEmpty() ? QLocale::system() : QLocale(name);
    QLocale::setDefault(locale);
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        m_qt = std::move(qt);
    }
    auto app = std::make_unique<QTranslator>();
    if (app->load(locale, QStringLiteral("hostplan"), QStringLiteral("_"),
                  QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(app.get());
        m_app = std::move(app);
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

} // namespace hostplan::ui
