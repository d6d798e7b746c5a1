// SPDX-License-Identifier: MIT
// Result<T>: a value or an error message that names the offending field. The core never throws
// across its boundary (nlohmann_json exceptions are caught in the parsers); callers test ok().
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hostplan {

/// An error: the field path (e.g. "text_config.hidden_size", "workload.context_tokens") and a
/// human-readable message that includes the bad value.
struct Error {
    std::string field;
    std::string message;
    /// "field: message", or just the message when no field applies.
    std::string toString() const { return field.empty() ? message : field + ": " + message; }
};

/// Either a T or an Error.
template <typename T> class Result {
  public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}
    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return std::get<T>(m_v); }
    T &value() & { return std::get<T>(m_v); }
    T &&value() && { return std::get<T>(std::move(m_v)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }
    const Error &error() const { return std::get<Error>(m_v); }

  private:
    std::variant<T, Error> m_v;
};

/// Convenience constructor for an Error result.
inline Error makeError(std::string field, std::string message) {
    return Error{std::move(field), std::move(message)};
}

} // namespace hostplan

/// Evaluate `expr` (a Result); on error return the error from the enclosing function, else bind
/// the value to `var`.
#define HOSTPLAN_TRY(var, expr)                                                                    \
    auto var##_result_ = (expr);                                                                   \
    if (!var##_result_.ok()) {                                                                     \
        return var##_result_.error();                                                              \
    }                                                                                              \
    auto var = std::move(var##_result_).value()
