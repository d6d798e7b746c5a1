// SPDX-License-Identifier: MIT
// LanguageManager: installs the Qt and HostPlan translators for the chosen language (the
// AppSettings language, else the system locale) from Qt's translations folder and :/i18n
// (Tiled languagemanager.cpp).
#pragma once

#include <QList>
#include <QLocale>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QTranslator;

namespace hostplan::ui {

class LanguageManager : public QObject {
    Q_OBJECT
  public:
    /// A language the GUI is translated into (or English, the source language).
    struct Language {
        QString name;       ///< catalogue suffix and settings value: "en", "de", "zh_CN", "ja"
        QString nativeName; ///< as the language menu shows it: "English", "Deutsch", "日本語"
    };

    explicit LanguageManager(QObject *parent = nullptr);
    /// Reads HostPlan's catalogues (hostplan_<name>.qm) from `catalogueDir` instead of :/i18n
    /// (tests use the build folder's .qm files).
    explicit LanguageManager(const QString &catalogueDir, QObject *parent = nullptr);
    ~LanguageManager() override;

    /// Install translators for `name` ("de", "de_DE", "zh_CN", "ja"; "" = system; "en" = none)
    /// and make its locale the default QLocale, so that numbers and dates are written the
    /// language's way. A locale HostPlan has no translation for gets English words and English
    /// (United States) numbers, never English words beside foreign numbers.
    void install(const QString &name);
    /// Languages with a HostPlan translation built in, as locale names ("de_DE").
    static QStringList available();
    /// English and every translation HostPlan ships, in menu order.
    static QList<Language> languages();
    /// The shipped language for `locale`: the first of its UI languages (QLocale::uiLanguages,
    /// so a system's preference list counts) that HostPlan is translated into, matching Chinese
    /// by script (Simplified only); "en" when none matches.
    static QString languageFor(const QLocale &locale);

  private:
    QString m_catalogueDir = QStringLiteral(":/i18n");
    std::unique_ptr<QTranslator> m_qt;
    std::unique_ptr<QTranslator> m_app;
};

} // namespace hostplan::ui
