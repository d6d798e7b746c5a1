// SPDX-License-Identifier: MIT
#include "document/savefile.h"

#include "util/fileio.h"

#include <QFile>

#include <string_view>

namespace hostplan::ui {

QString saveFileAtomically(const QString &path, const QByteArray &bytes) {
    const QByteArray name = QFile::encodeName(path);
    const auto r =
        writeFileAtomically(std::string(name.constData(), std::size_t(name.size())),
                            std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return r.ok() ? QString() : QString::fromStdString(r.error().message);
}

} // namespace hostplan::ui
