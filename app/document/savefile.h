// SPDX-License-Identifier: MIT
// Saving a file from the app: complete or absent. The Qt face of core's writeFileAtomically
// (util/fileio.h): QSaveFile is not used because with Qt 6.4.2 its commit() returned true
// after a buffered write had failed with ENOSPC, leaving a cut file in place of the old one.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace hostplan::ui {

/// Replaces `path` with `bytes` atomically (temporary file beside it, every write and the fsync
/// checked, then a rename). Returns an empty string on success, else the reason in English
/// ("write failed: No space left on device; the old file, if any, is kept"); the caller puts
/// it into its translated "Cannot write %1: %2". The old file is untouched on failure.
QString saveFileAtomically(const QString &path, const QByteArray &bytes);

/// Saves a set of files as one (core's writeFilesAtomically): all are written to temporaries
/// first and renamed only when every one is complete, so a failure leaves every old file as it
/// was. Returns "" on success, else the reason in English, with the file it concerns in
/// `*failedPath` (when given).
QString saveFilesAtomically(const QList<QPair<QString, QByteArray>> &files,
                            QString *failedPath = nullptr);

} // namespace hostplan::ui
