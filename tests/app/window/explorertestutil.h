// SPDX-License-Identifier: MIT
// Shared by the what-if explorer tests (tst_explorer, tst_explorer_panels): choosing a combo
// box entry and typing into spin boxes the way a user does (so the panel's signals fire), and
// reading a chart's line series; and each test executable's own settings.
#pragma once

#include "document/appsettings.h"

#include <QCategoryAxis>
#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineSeries>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

namespace hostplan::explorertest {

/// Points QSettings at organisation HostPlanTests, application `app` (one per test executable),
/// in a folder of this process's own (two checkouts' test runs at once, or two runs of one
/// executable, would otherwise share ~/.config and overwrite each other's saved session), and
/// clears them; for initTestCase.
inline void useTestSettings(const QString &app) {
    static QTemporaryDir folder;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder.path());
    QCoreApplication::setOrganizationName(QStringLiteral("HostPlanTests"));
    QCoreApplication::setApplicationName(app);
    ui::AppSettings::clear();
}

/// Chooses the entry of `box` whose item data is `data` and emits activated() as a click does;
/// fails the test when there is no such entry.
inline void pick(QComboBox *box, const QString &data) {
    const int i = box->findData(data);
    QVERIFY2(i >= 0, qPrintable(data));
    box->setCurrentIndex(i);
    emit box->activated(i);
}

/// Sets `spin` to `value` and emits editingFinished() as typing and Enter do.
inline void enter(QSpinBox *spin, int value) {
    spin->setValue(value);
    emit spin->editingFinished();
}

/// Sets `spin` to `value` and emits editingFinished() as typing and Enter do.
inline void enter(QDoubleSpinBox *spin, double value) {
    spin->setValue(value);
    emit spin->editingFinished();
}

/// The labels of the chart's category axes along `orientation`.
inline QStringList axisLabels(QChart *chart, Qt::Orientation orientation) {
    QStringList out;
    for (QAbstractAxis *a : chart->axes(orientation)) {
        if (auto *cat = qobject_cast<QCategoryAxis *>(a)) {
            out << cat->categoriesLabels();
        }
    }
    return out;
}

/// The points of the first line series whose name starts with `prefix`; empty when none.
inline QList<QPointF> linePoints(QChart *chart, const QString &prefix) {
    for (QAbstractSeries *s : chart->series()) {
        if (auto *line = qobject_cast<QLineSeries *>(s); line && line->name().startsWith(prefix)) {
            return line->points();
        }
    }
    return {};
}

} // namespace hostplan::explorertest
