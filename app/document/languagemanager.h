// LanguageManager: installs the Qt and HostPlan translators for the chosen language (the
// AppSettings language, else the system locale) from Qt's translations folder and :/i18n
// (Tiled languagemanager.cpp).
#pragma once

#include <QObject>
#include <QStringList>

#include <memory>

class QTranslator;

namespace hostplan::ui {

class LanguageManager : public QObject {
    Q_OBJECT
public:
    explicit LanguageManager(QObject *parent = nullptr);
    ~LanguageManager() override;

    /// Install translators for `name` ("de", "de_DE"; "" = system; "en" = none) and make its
    /// locale the default QLocale, so that numbers are written the language's way.
    void install(const QString &name);
    /// Languages with a HostPlan translation built in, as locale names ("de_DE").
    static QStringList available();

private:
    std::unique_ptr<QTranslator> m_qt;
    std::unique_ptr<QTranslator> m_app;
};

} // namespace hostplan::ui
