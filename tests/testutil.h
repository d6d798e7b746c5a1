// SPDX-License-Identifier: MIT
// Helpers shared by HostPlan's Qt Test suites.
#pragma once

#include <QFile>
#include <QString>
#include <QTest>

#include <cmath>
#include <string>

/// Passes when |actual - expected| <= absTol or <= relTol * |expected| (llm.c's
/// validate_result, QGIS's QGSCOMPARENEAR); prints both values otherwise.
#define COMPARE_NEAR(actual, expected, absTol, relTol)                                             \
    do {                                                                                           \
        const double a_ = double(actual);                                                          \
        const double e_ = double(expected);                                                        \
        const double d_ = std::abs(a_ - e_);                                                       \
        if (!(d_ <= double(absTol) || d_ <= double(relTol) * std::abs(e_))) {                      \
            QFAIL(qPrintable(QStringLiteral("%1 = %2, expected %3 (abs tol %4, rel tol %5)")       \
                                 .arg(QStringLiteral(#actual))                                     \
                                 .arg(a_, 0, 'g', 17)                                              \
                                 .arg(e_, 0, 'g', 17)                                              \
                                 .arg(double(absTol))                                              \
                                 .arg(double(relTol))));                                           \
        }                                                                                          \
    } while (false)

/// Reads a file under resources/ (e.g. "models/Kimi-K3.json") as a std::string.
inline std::string readResource(const QString &relative) {
    QFile f(QStringLiteral(HOSTPLAN_RESOURCES_DIR "/") + relative);
    if (!f.open(QIODevice::ReadOnly)) {
        qFatal("cannot read resource %s", qPrintable(relative));
    }
    return f.readAll().toStdString();
}
