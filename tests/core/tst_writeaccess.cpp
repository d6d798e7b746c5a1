// SPDX-License-Identifier: MIT
// An output file the user may not write is kept as it is (core/util/fileio.cpp stageFile): the
// temporary-and-rename write would otherwise replace it whenever its folder is writable.
#include "util/fileio.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace hostplan;

namespace {

std::string contents(const std::string &path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestWriteAccess : public QObject {
    Q_OBJECT

  private slots:
    void readOnlyFileInWritableFolderIsKept() {
        // A folder anyone may write (as a shared /tmp is) holding a file only its owner may
        // write; the write runs as another user: as root, in a child that becomes "nobody".
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string folder = dir.path().toStdString();
        QCOMPARE(::chmod(folder.c_str(), 0777), 0);
        const std::string target = folder + "/keep.pdf";
        { std::ofstream(target) << "OLD"; }
        QCOMPARE(::chmod(target.c_str(), 0444), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) {
                ::_exit(3);
            }
            const auto r = writeFileAtomically(target, "NEW");
            // 0: refused, naming the file and saying it is kept.
            const bool named =
                !r.ok() && r.error().toString().find("keep.pdf") != std::string::npos &&
                r.error().toString().find("the old file is kept") != std::string::npos;
            ::_exit(r.ok() ? 1 : named ? 0 : 2);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0);
        QCOMPARE(contents(target), std::string("OLD"));
        // Its owner (or root) may still replace it when the mode lets them.
        QCOMPARE(::chmod(target.c_str(), 0644), 0);
        QVERIFY(writeFileAtomically(target, "NEW").ok());
        QCOMPARE(contents(target), std::string("NEW"));
    }
};

QTEST_APPLESS_MAIN(TestWriteAccess)
#include "tst_writeaccess.moc"
