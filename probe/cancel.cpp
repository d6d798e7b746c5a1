// SPDX-License-Identifier: MIT
#include "cancel.h"

#include <csignal>
#include <cstdio>

namespace hostplan::probe {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
std::atomic<bool> g_installed{false};

extern "C" void hostplanProbeOnSignal(int sig) {
    if (g_interrupted) {
        // Second signal: give up politely waiting and let the default action end the process.
        std::signal(sig, SIG_DFL);
        std::raise(sig);
        return;
    }
    g_interrupted = 1;
}

} // namespace

void installInterruptHandlers() {
    if (g_installed.exchange(true)) {
        return;
    }
    struct sigaction sa {};
    sa.sa_handler = hostplanProbeOnSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocking read or sleep returns early
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    struct sigaction ign {};
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, nullptr);
}

bool interruptRequested() {
    return g_interrupted != 0;
}

void requestInterrupt() {
    g_interrupted = 1;
}

void clearInterrupt() {
    g_interrupted = 0;
}

CancelToken::CancelToken(double timeoutSeconds) {
    if (timeoutSeconds > 0) {
        m_hasDeadline = true;
        m_timeoutSeconds = timeoutSeconds;
        m_deadline = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(timeoutSeconds));
    }
}

CancelReason CancelToken::reason() const {
    if (interruptRequested()) {
        return CancelReason::Interrupted;
    }
    if (m_requested.load()) {
        return CancelReason::Requested;
    }
    if (m_hasDeadline && std::chrono::steady_clock::now() >= m_deadline) {
        return CancelReason::TimedOut;
    }
    return CancelReason::None;
}

std::string CancelToken::reasonText() const {
    switch (reason()) {
    case CancelReason::Interrupted:
        return "interrupted";
    case CancelReason::TimedOut: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "timed out after %g s", m_timeoutSeconds);
        return buf;
    }
    case CancelReason::Requested:
        return "cancelled";
    case CancelReason::None:
        break;
    }
    return {};
}

} // namespace hostplan::probe
