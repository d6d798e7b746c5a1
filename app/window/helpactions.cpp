// SPDX-License-Identifier: MIT
#include "window/helpactions.h"

#include "charts/breakevenchart.h"
#include "charts/gputypeschart.h"
#include "charts/kvchart.h"
#include "charts/memorychart.h"
#include "help/helpwindow.h"
#include "panels/hardwarepanel.h"
#include "panels/modelpanel.h"
#include "panels/pricingpanel.h"
#include "panels/probepanel.h"
#include "panels/workloadpanel.h"
#include "views/cardfitview.h"
#include "views/compareview.h"
#include "views/deployview.h"
#include "views/sensitivityview.h"
#include "views/summaryview.h"
#include "views/throughputview.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QTabWidget>
#include <QWhatsThis>

namespace hostplan::ui {

namespace {

/// The manual's anchor for one panel or view (manual.html), "" for anything else.
QString sectionOf(const QObject *o) {
    if (qobject_cast<const ModelPanel *>(o)) {
        return QStringLiteral("model");
    }
    if (qobject_cast<const HardwarePanel *>(o)) {
        return QStringLiteral("hardware");
    }
    if (qobject_cast<const WorkloadPanel *>(o)) {
        return QStringLiteral("workload");
    }
    if (qobject_cast<const PricingPanel *>(o)) {
        return QStringLiteral("pricing");
    }
    if (qobject_cast<const ProbePanel *>(o)) {
        return QStringLiteral("probe-panel");
    }
    if (qobject_cast<const SummaryView *>(o)) {
        return QStringLiteral("summary");
    }
    if (qobject_cast<const MemoryChart *>(o)) {
        return QStringLiteral("memory");
    }
    if (qobject_cast<const GpuTypesChart *>(o)) {
        return QStringLiteral("gpu-types");
    }
    if (qobject_cast<const KvChart *>(o)) {
        return QStringLiteral("kv-cache");
    }
    if (qobject_cast<const BreakEvenChart *>(o)) {
        return QStringLiteral("break-even");
    }
    if (qobject_cast<const ThroughputView *>(o)) {
        return QStringLiteral("throughput");
    }
    if (qobject_cast<const SensitivityView *>(o)) {
        return QStringLiteral("sensitivity");
    }
    if (qobject_cast<const CompareView *>(o)) {
        return QStringLiteral("compare");
    }
    if (qobject_cast<const DeployView *>(o)) {
        return QStringLiteral("deploy");
    }
    if (qobject_cast<const CardFitView *>(o)) {
        return QStringLiteral("this-card");
    }
    return {};
}

} // namespace

HelpActions::HelpActions(QWidget *window, QTabWidget *tabs, QMenu *helpMenu)
    : QObject(window), m_window(window), m_tabs(tabs) {
    setObjectName(QStringLiteral("helpActions"));
    m_manual =
        helpMenu->addAction(tr("HostPlan &Manual"), this, [this] { showManual(currentSection()); });
    m_manual->setObjectName(QStringLiteral("actionHelpManual"));
    m_manual->setShortcut(QKeySequence::HelpContents);
    m_whatsThis = QWhatsThis::createAction(helpMenu);
    m_whatsThis->setObjectName(QStringLiteral("actionWhatsThis"));
    helpMenu->addAction(m_whatsThis);
    helpMenu->addSeparator();
}

HelpWindow *HelpActions::helpWindow() const {
    return m_help;
}

QString HelpActions::sectionFor(const QWidget *widget) const {
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        QString section = sectionOf(w);
        if (!section.isEmpty()) {
            return section;
        }
        // A tab page that holds a view (the Memory tab: scope buttons above the chart).
        if (w->parentWidget() && m_tabs->indexOf(const_cast<QWidget *>(w)) >= 0) {
            for (const QObject *child : w->children()) {
                section = sectionOf(child);
                if (!section.isEmpty()) {
                    return section;
                }
            }
        }
        if (w == m_window || w->isWindow()) {
            break;
        }
    }
    return {};
}

QString HelpActions::currentSection() const {
    const QString focused = sectionFor(QApplication::focusWidget());
    if (!focused.isEmpty()) {
        return focused;
    }
    return sectionFor(m_tabs->currentWidget());
}

void HelpActions::showManual(const QString &section) {
    if (!m_help) {
        m_help = new HelpWindow(m_window);
    }
    m_help->showSection(section);
}

} // namespace hostplan::ui
