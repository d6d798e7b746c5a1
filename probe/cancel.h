// SPDX-License-Identifier: MIT
// Cancellation for long probe steps: Ctrl-C (SIGINT), SIGTERM and SIGHUP set a process-wide
// flag, a deadline turns into a timeout, and a caller (the GUI worker, a test) can ask directly.
// Device code checks the token between chunks and unwinds through RAII, so no allocation is left
// behind. A second signal while the first is being handled ends the process with the default
// action (the driver then frees its memory when the process exits).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace hostplan::probe {

/// Install handlers for SIGINT, SIGTERM and SIGHUP that set the interrupt flag, and ignore
/// SIGPIPE (a closed progress pipe is noticed by the writer instead). Idempotent.
void installInterruptHandlers();

/// True once one of the handled signals arrived (or requestInterrupt() was called).
bool interruptRequested();

/// Set the process-wide interrupt flag (used when the progress pipe closes: the remote side
/// has gone away).
void requestInterrupt();

/// Clear the process-wide flag (tests).
void clearInterrupt();

/// Why a token is cancelled.
enum class CancelReason { None, Interrupted, TimedOut, Requested };

/// A cancellation token: the process-wide interrupt flag, an optional deadline and a local flag.
/// Thread-safe to query and to cancel.
class CancelToken {
  public:
    /// No deadline when timeoutSeconds <= 0.
    explicit CancelToken(double timeoutSeconds = 0);
    /// True when interrupted, past the deadline or cancel() was called.
    bool cancelled() const { return reason() != CancelReason::None; }
    /// The first reason that applies, or None.
    CancelReason reason() const;
    /// Cancel this token (not the process).
    void cancel() { m_requested.store(true); }
    /// "interrupted", "timed out after N s", "cancelled", or "".
    std::string reasonText() const;
    /// The deadline of --timeout, or nullopt when none.
    std::optional<std::chrono::steady_clock::time_point> deadline() const {
        return m_hasDeadline ? std::optional(m_deadline) : std::nullopt;
    }

  private:
    std::atomic<bool> m_requested{false};
    bool m_hasDeadline = false;
    double m_timeoutSeconds = 0;
    std::chrono::steady_clock::time_point m_deadline;
};

/// Progress of a step: fraction done in [0, 1] and a short line of what is happening.
using ProgressFn = std::function<void(double fraction, const std::string &message)>;

} // namespace hostplan::probe
