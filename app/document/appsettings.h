// SPDX-License-Identifier: MIT
// AppSettings: every persistent GUI setting in one place, each key with its type and default
// (Tiled's Preference<T> idea). Backed by QSettings; core never sees QSettings.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace hostplan::ui {

namespace AppSettings {

/// Most recently used scenario files, newest first (at most kMaxRecentFiles).
inline constexpr int kMaxRecentFiles = 8;
QStringList recentFiles();
void setRecentFiles(const QStringList &files);
/// Put `path` first in the recent files list (dropping duplicates and the oldest).
void addRecentFile(const QString &path);
void removeRecentFile(const QString &path);

/// QMainWindow::saveGeometry() / saveState() of the main window ("" = default layout).
QByteArray windowGeometry();
void setWindowGeometry(const QByteArray &geometry);
QByteArray windowState();
void setWindowState(const QByteArray &state);

/// The scenario open when the window last closed, as scenario JSON ("" = none), and its file
/// ("" = untitled). Restored on start.
QString lastScenarioJson();
QString lastScenarioPath();
/// json "" with a path: restore the file as saved (its unsaved edits were discarded).
void setLastScenario(const QString &json, const QString &path);

/// Folder the last file dialog used ("" = home).
QString lastDirectory();
void setLastDirectory(const QString &dir);
/// Folder of the last imported model (config.json, GGUF): kept apart from the scenarios' folder
/// so that Save after an import does not propose the model's folder.
QString lastModelDirectory();
void setLastModelDirectory(const QString &dir);

/// UI language as a locale name ("" = the system language, "en" = untranslated).
QString language();
void setLanguage(const QString &name);

/// View > Theme: "" = follow the system's palette, "light" or "dark" (Fusion with HostPlan's
/// own palette). Any other stored value reads as "".
QString theme();
void setTheme(const QString &name);

/// Remove every HostPlan setting (tests; "Reset layout").
void clear();

} // namespace AppSettings

} // namespace hostplan::ui
