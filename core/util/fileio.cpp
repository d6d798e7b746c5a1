// SPDX-License-Identifier: MIT
#include "util/fileio.h"

#include <fstream>
#include <iterator>
#include <system_error>

namespace hostplan {

Result<std::string> readRegularFile(const std::filesystem::path &path, std::uint64_t maxBytes) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        return makeError(path.string(), "not found" + (ec ? " (" + ec.message() + ")" : ""));
    }
    if (!std::filesystem::is_regular_file(status)) {
        return makeError(path.string(), std::filesystem::is_directory(status)
                                            ? "is a folder, not a file"
                                            : "is not a regular file (a pipe or a device)");
    }
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        return makeError(path.string(), "cannot read: " + ec.message());
    }
    if (size > maxBytes) {
        return makeError(path.string(), "too large (" + std::to_string(size) +
                                            " bytes; the limit is " + std::to_string(maxBytes) +
                                            ")");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(path.string(), "cannot open: " +
                                            std::error_code(errno, std::generic_category()).message());
    }
    std::string text;
    text.resize(std::size_t(size));
    in.read(text.data(), std::streamsize(size));
    if (std::uint64_t(in.gcount()) != size) {
        return makeError(path.string(), "cannot read the whole file");
    }
    return text;
}

} // namespace hostplan
