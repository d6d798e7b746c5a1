// SPDX-License-Identifier: MIT
#include "document/appsettings.h"

#include <QSettings>

namespace hostplan::ui::AppSettings {

namespace {
// Keys, one place.
const QString kRecentFiles = QStringLiteral("files/recent");
const QString kLastDirectory = QStringLiteral("files/lastDirectory");
const QString kLastModelDirectory = QStringLiteral("files/lastModelDirectory");
const QString kLastScenarioJson = QStringLiteral("session/scenarioJson");
const QString kLastScenarioPath = QStringLiteral("session/scenarioPath");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kLanguage = QStringLiteral("ui/language");
const QString kTheme = QStringLiteral("ui/theme");
} // namespace

QStringList recentFiles() {
    return QSettings().value(kRecentFiles).toStringList();
}

void setRecentFiles(const QStringList &files) {
    QSettings().setValue(kRecentFiles, files.mid(0, kMaxRecentFiles));
}

void addRecentFile(const QString &path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    setRecentFiles(files);
}

void removeRecentFile(const QString &path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    setRecentFiles(files);
}

QByteArray windowGeometry() {
    return QSettings().value(kGeometry).toByteArray();
}

void setWindowGeometry(const QByteArray &geometry) {
    QSettings().setValue(kGeometry, geometry);
}

QByteArray windowState() {
    return QSettings().value(kState).toByteArray();
}

void setWindowState(const QByteArray &state) {
    QSettings().setValue(kState, state);
}

QString lastScenarioJson() {
    return QSettings().value(kLastScenarioJson).toString();
}

QString lastScenarioPath() {
    return QSettings().value(kLastScenarioPath).toString();
}

void setLastScenario(const QString &json, const QString &path) {
    QSettings s;
    s.setValue(kLastScenarioJson, json);
    s.setValue(kLastScenarioPath, path);
    s.sync(); // written now: the session must survive a crash, not only a clean exit
}

QString lastDirectory() {
    return QSettings().value(kLastDirectory).toString();
}

void setLastDirectory(const QString &dir) {
    QSettings().setValue(kLastDirectory, dir);
}

QString lastModelDirectory() {
    return QSettings().value(kLastModelDirectory).toString();
}

void setLastModelDirectory(const QString &dir) {
    QSettings().setValue(kLastModelDirectory, dir);
}

QString language() {
    return QSettings().value(kLanguage).toString();
}

void setLanguage(const QString &name) {
    QSettings().setValue(kLanguage, name);
}

QString theme() {
    const QString name = QSettings().value(kTheme).toString();
    return name == QLatin1String("light") || name == QLatin1String("dark") ? name : QString();
}

void setTheme(const QString &name) {
    QSettings().setValue(kTheme, name);
}

void clear() {
    QSettings().clear();
}

} // namespace hostplan::ui::AppSettings
