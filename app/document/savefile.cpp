// SPDX-License-Identifier: MIT
#include "document/savefile.h"

#include "util/fileio.h"

#include <QFile>

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hostplan::ui {

QString saveFileAtomically(const QString &path, const QByteArray &bytes) {
    const QByteArray name = QFile::encodeName(path);
    const auto r =
        writeFileAtomically(std::string(name.constData(), std::size_t(name.size())),
                            std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return r.ok() ? QString() : QString::fromStdString(r.error().message);
}

QString saveFilesAtomically(const QList<QPair<QString, QByteArray>> &files, QString *failedPath) {
    std::vector<std::pair<std::filesystem::path, std::string>> raw;
    raw.reserve(std::size_t(files.size()));
    for (const auto &[path, bytes] : files) {
        const QByteArray name = QFile::encodeName(path);
        raw.emplace_back(std::string(name.constData(), std::size_t(name.size())),
                         std::string(bytes.constData(), std::size_t(bytes.size())));
    }
    const auto r = writeFilesAtomically(raw);
    if (r.ok()) {
        return {};
    }
    if (failedPath) {
        *failedPath = QFile::decodeName(QByteArray::fromStdString(r.error().field));
    }
    return QString::fromStdString(r.error().message);
}

} // namespace hostplan::ui
