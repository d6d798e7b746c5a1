// SPDX-License-Identifier: MIT
#include "util/fileio.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hostplan {

namespace {

std::string reason(int error) {
    return std::strerror(error);
}

/// Closes a descriptor on scope exit unless released.
class Fd {
  public:
    explicit Fd(int fd) : m_fd(fd) {}
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd() {
        if (m_fd >= 0) {
            ::close(m_fd);
        }
    }
    int get() const { return m_fd; }
    /// Closes now; the close's errno on failure (NFS reports write errors here), else 0.
    int close() {
        const int fd = m_fd;
        m_fd = -1;
        return ::close(fd) == 0 ? 0 : errno;
    }

  private:
    int m_fd;
};

/// HOSTPLAN_TEST_FAIL_WRITE_AFTER as a byte count, or -1 when unset or not a number.
long long injectedWriteLimit() {
    const char *v = std::getenv("HOSTPLAN_TEST_FAIL_WRITE_AFTER");
    if (!v || !*v) {
        return -1;
    }
    char *end = nullptr;
    const long long n = std::strtoll(v, &end, 10);
    return (*end == '\0' && n >= 0) ? n : -1;
}

/// Writes all of `bytes` to `fd`; 0, or the errno of the failing write.
int writeAll(int fd, std::string_view bytes) {
    const long long limit = injectedWriteLimit();
    std::size_t done = 0;
    while (done < bytes.size()) {
        std::size_t chunk = std::min<std::size_t>(bytes.size() - done, std::size_t(1) << 20);
        if (limit >= 0) {
            if (done >= std::size_t(limit)) {
                return ENOSPC;
            }
            chunk = std::min(chunk, std::size_t(limit) - done);
        }
        const ssize_t n = ::write(fd, bytes.data() + done, chunk);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno;
        }
        if (n == 0) {
            return EIO;
        }
        done += std::size_t(n);
    }
    return 0;
}

} // namespace

namespace {

/// Opens `path` for reading when it is a regular file; the descriptor (never blocking: a FIFO
/// is refused on the open descriptor, before any read) and its size.
Result<std::pair<std::shared_ptr<Fd>, std::uint64_t>> openRegular(const std::string &name) {
    if (name.empty()) {
        return makeError("file", "no file name given (an empty path)");
    }
    // O_NONBLOCK: opening a FIFO without a writer must not wait; it is refused below anyway.
    const int raw = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (raw < 0) {
        const int e = errno;
        return makeError(name, e == ENOENT ? "not found" : "cannot open: " + reason(e));
    }
    auto fd = std::make_shared<Fd>(raw);
    struct stat st {};
    if (::fstat(fd->get(), &st) != 0) {
        return makeError(name, "cannot read: " + reason(errno));
    }
    if (S_ISDIR(st.st_mode)) {
        return makeError(name, "is a folder, not a file");
    }
    if (!S_ISREG(st.st_mode)) {
        return makeError(name, "is not a regular file (a pipe, socket or device)");
    }
    return std::pair{fd, std::uint64_t(st.st_size)};
}

/// Reads from `fd` until end of file or `limit` bytes, whichever comes first; `expected` sizes
/// the first allocation.
Result<std::string> readUpTo(const std::string &name, int fd, std::uint64_t expected,
                             std::uint64_t limit) {
    std::string text(std::size_t(std::min(expected, limit)), '\0');
    std::size_t done = 0;
    for (;;) {
        if (done == text.size()) {
            if (text.size() >= limit) {
                break;
            }
            // Whether the file grew since fstat: probe into a small buffer first, so that a
            // file of exactly the expected size is never reallocated (a copy would double the
            // peak memory of a 45 MB index).
            char probe[4096];
            ssize_t extra = 0;
            do {
                extra = ::read(fd, probe, sizeof probe);
            } while (extra < 0 && errno == EINTR);
            if (extra < 0) {
                return makeError(name, "cannot read: " + reason(errno));
            }
            if (extra == 0) {
                break;
            }
            text.resize(std::size_t(std::min<std::uint64_t>(
                limit, text.size() + std::max<std::uint64_t>(65536, std::uint64_t(extra)))));
            const std::size_t keep = std::min<std::size_t>(std::size_t(extra), text.size() - done);
            std::copy(probe, probe + keep, text.begin() + std::ptrdiff_t(done));
            done += keep;
            continue;
        }
        const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return makeError(name, "cannot read: " + reason(errno));
        }
        if (n == 0) {
            break;
        }
        done += std::size_t(n);
    }
    text.resize(done);
    return text;
}

} // namespace

Result<std::string> readRegularFile(const std::filesystem::path &path, std::uint64_t maxBytes) {
    const std::string name = path.string();
    HOSTPLAN_TRY(opened, openRegular(name));
    const std::uint64_t size = opened.second;
    if (size > maxBytes) {
        return makeError(name, "too large (" + std::to_string(size) + " bytes; the limit is " +
                                   std::to_string(maxBytes) + ")");
    }
    // Read at most maxBytes + 1: a file that grew since fstat is caught, never read unbounded.
    HOSTPLAN_TRY(text, readUpTo(name, opened.first->get(), size, maxBytes + 1));
    if (text.size() > maxBytes) {
        return makeError(name, "grew beyond the limit of " + std::to_string(maxBytes) +
                                   " bytes while being read");
    }
    return text;
}

Result<FileHead> readFileHead(const std::filesystem::path &path, std::uint64_t count) {
    const std::string name = path.string();
    HOSTPLAN_TRY(opened, openRegular(name));
    HOSTPLAN_TRY(text, readUpTo(name, opened.first->get(), std::min(count, opened.second), count));
    return FileHead{std::move(text), opened.second};
}

namespace {

/// The file a write to `path` lands in: the final target of a symbolic link (so that saving
/// through a link updates the file it points to and keeps the link), else `path`. Links are
/// followed at most 40 deep (Linux's MAXSYMLINKS); deeper, or a loop, is an error (ELOOP), as
/// open() would give, rather than a write that replaces the link.
Result<std::filesystem::path> writeTarget(const std::filesystem::path &path) {
    std::filesystem::path p = path;
    for (int depth = 0; depth < 40; ++depth) {
        std::error_code ec;
        if (!std::filesystem::is_symlink(std::filesystem::symlink_status(p, ec)) || ec) {
            return p;
        }
        const std::filesystem::path to = std::filesystem::read_symlink(p, ec);
        if (ec) {
            return p;
        }
        p = to.is_absolute() ? to : p.parent_path() / to;
    }
    return makeError(path.string(), "cannot write: " + reason(ELOOP));
}

/// Writes `bytes` straight into a character device or FIFO the user named as output
/// (/dev/null, /dev/stdout, a pipe): there is nothing to replace atomically, and renaming a
/// temporary over it would destroy the device node. A FIFO without a reader is an error at
/// once rather than a wait.
Result<bool> writeIntoStream(const std::string &name, std::string_view bytes) {
    const int raw = ::open(name.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (raw < 0) {
        return makeError(name, "cannot write: " + reason(errno) +
                                   (errno == ENXIO ? " (a pipe with no reader)" : ""));
    }
    Fd fd(raw);
    const int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags >= 0) {
        ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
    }
    if (const int e = writeAll(fd.get(), bytes)) {
        return makeError(name, "write failed: " + reason(e));
    }
    if (const int e = fd.close()) {
        return makeError(name, "write failed (close): " + reason(e));
    }
    return true;
}

/// Longest file name the temporary may have (NAME_MAX on Linux file systems).
constexpr std::size_t kMaxFileNameBytes = 255;

} // namespace

namespace {

/// A complete temporary beside its target, written and flushed, waiting for its rename.
struct StagedFile {
    std::string target; ///< the file it replaces
    std::string tmp;    ///< the temporary ("" when the target is a stream written directly)
};

/// First half of an atomic write: checks the target, writes `bytes` to a temporary in its
/// folder (fsync, close). On failure nothing is left behind and the error names the target.
/// A character device or FIFO is written into directly (StagedFile::tmp empty).
Result<StagedFile> stageFile(const std::filesystem::path &requested, std::string_view bytes) {
    HOSTPLAN_TRY(path, writeTarget(requested));
    const std::string name = path.string();
    std::error_code ec;
    const auto existing = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(existing)) {
        return makeError(name, "cannot write: is a folder");
    }
    if (!ec &&
        (std::filesystem::is_character_file(existing) || std::filesystem::is_fifo(existing))) {
        if (auto r = writeIntoStream(name, bytes); !r.ok()) {
            return r.error();
        }
        return StagedFile{name, {}};
    }
    if (!ec && std::filesystem::exists(existing) && !std::filesystem::is_regular_file(existing)) {
        return makeError(name, "cannot write: not a regular file (a block device or socket); "
                               "choose a file name");
    }
    // A file the user may not write stays as it is: renaming over it in a writable folder
    // would replace it all the same (and take it from its owner).
    if (!ec && std::filesystem::is_regular_file(existing) && ::access(name.c_str(), W_OK) != 0) {
        return makeError(name, "cannot write: " + reason(errno) + "; the old file is kept");
    }
    // The temporary sits beside the target so that the rename stays in one file system; its
    // name carries the target's unless that would pass the file-name limit.
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    std::string tmp;
    int raw = -1;
    for (int attempt = 0; attempt < 100 && raw < 0; ++attempt) {
        const std::string suffix =
            ".hostplan-" + std::to_string(::getpid()) + "-" + std::to_string(attempt) + ".tmp";
        std::string base = "." + path.filename().string() + suffix;
        if (base.size() > kMaxFileNameBytes) {
            base = suffix;
        }
        tmp = (folder / base).string();
        raw = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
        if (raw < 0 && errno != EEXIST) {
            break;
        }
    }
    if (raw < 0) {
        return makeError(name, "cannot create a temporary file in " + folder.string() + ": " +
                                   reason(errno));
    }
    Fd fd(raw);
    auto failWith = [&](const std::string &what, int error) -> Error {
        fd.close();
        ::unlink(tmp.c_str());
        return makeError(name, what + ": " + reason(error) + "; the old file, if any, is kept");
    };
    if (std::filesystem::is_regular_file(existing)) {
        // Keep the permissions of the file being replaced.
        ::fchmod(fd.get(), existing.permissions() != std::filesystem::perms::unknown
                               ? mode_t(existing.permissions()) & 07777
                               : 0644);
    }
    if (const int e = writeAll(fd.get(), bytes)) {
        return failWith("write failed", e);
    }
    if (::fsync(fd.get()) != 0) {
        return failWith("write failed (fsync)", errno);
    }
    if (const int e = fd.close()) {
        ::unlink(tmp.c_str());
        return makeError(name,
                         "write failed (close): " + reason(e) + "; the old file, if any, is kept");
    }
    return StagedFile{name, tmp};
}

/// Second half: renames the temporary over its target and makes the rename durable (fsync of
/// the folder, best effort: some file systems refuse it). On failure the temporary is removed.
Result<bool> commitFile(const StagedFile &staged) {
    if (staged.tmp.empty()) {
        return true; // written directly
    }
    if (::rename(staged.tmp.c_str(), staged.target.c_str()) != 0) {
        const int e = errno;
        ::unlink(staged.tmp.c_str());
        return makeError(staged.target, "cannot replace the file: " + reason(e) +
                                            "; the old file, if any, is kept");
    }
    const std::filesystem::path target(staged.target);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return true;
}

} // namespace

Result<bool> writeFileAtomically(const std::filesystem::path &path, std::string_view bytes) {
    HOSTPLAN_TRY(staged, stageFile(path, bytes));
    return commitFile(staged);
}

Result<bool>
writeFilesAtomically(const std::vector<std::pair<std::filesystem::path, std::string>> &files) {
    std::vector<StagedFile> staged;
    staged.reserve(files.size());
    for (const auto &[path, bytes] : files) {
        auto r = stageFile(path, bytes);
        if (!r.ok()) {
            for (const StagedFile &s : staged) {
                if (!s.tmp.empty()) {
                    ::unlink(s.tmp.c_str());
                }
            }
            Error e = r.error();
            e.message += staged.empty() ? "" : "; none of the other files was replaced";
            return e;
        }
        staged.push_back(std::move(r.value()));
    }
    for (std::size_t i = 0; i < staged.size(); ++i) {
        if (auto r = commitFile(staged[i]); !r.ok()) {
            for (std::size_t j = i + 1; j < staged.size(); ++j) {
                if (!staged[j].tmp.empty()) {
                    ::unlink(staged[j].tmp.c_str());
                }
            }
            Error e = r.error();
            if (i > 0) {
                e.message += "; the " + std::to_string(i) + " file(s) before it were replaced";
            }
            return e;
        }
    }
    return true;
}

} // namespace hostplan
