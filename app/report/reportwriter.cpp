// SPDX-License-Identifier: MIT
#include "report/reportwriter.h"

#include "charts/charttheme.h"
#include "charts/breakevenchart.h"
#include "charts/gputypeschart.h"
#include "charts/kvchart.h"
#include "charts/memorychart.h"
#include "charts/tornadochart.h"
#include "report/reportoptionschart.h"
#include "document/savefile.h"
#include "document/scenariodocument.h"

#include <QApplication>
#include <QChart>
#include <QCoreApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QTextLayout>

#include <algorithm>
#include <iterator>
#include <functional>
#include <memory>

namespace hostplan::ui {

namespace {

/// Whether the report's options charts draw `r`: a type that serves the workload, or the
/// scenario's own (the options table above them lists every type, with why the others do not).
bool charted(const GpuOptionRow &r) {
    return r.practicalFound || r.isScenarioGpu;
}

// Page geometry in points (1/72 inch); converted to device units by Page::pt().
constexpr double kMarginLeftPt = 48;
constexpr double kMarginRightPt = 48;
constexpr double kMarginTopPt = 46;
constexpr double kMarginBottomPt = 58; // the footer sits inside the bottom margin
constexpr double kBodyPt = 9.5;
constexpr double kTablePt = 7.6;
constexpr double kCellPadPt = 2.6;
// Widget pixels per point when rendering a chart view. 1.6 (rather than the screen's 96 / 72)
// prints the charts' fonts at about 80 % of their screen size, so that legends and category
// labels of the GUI's charts fit the page width without being elided.
constexpr double kChartPxPerPt = 1.6;

const QColor kInk(0x1a, 0x1a, 0x1a);
const QColor kMuted(0x55, 0x5b, 0x61);
const QColor kRule(0xb8, 0xbe, 0xc4);
const QColor kHeaderFill(0xe6, 0xea, 0xee);
const QColor kStripe(0xf5, 0xf7, 0xf9);
const QColor kAccent(0x1f, 0x4e, 0x79);

QFont reportFont(double pointSize, bool bold = false) {
    QFont f;
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Liberation Sans"),
                   QStringLiteral("Arial")});
    f.setStyleHint(QFont::SansSerif);
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    // Any letter spacing makes Qt shape without ligatures (Qt 6.4 has no QFont::setFeature), so
    // "fit" stays three letters in the PDF's text layer: searchable and copyable. 1/64 device
    // pixel at 1200 dpi is invisible.
    f.setLetterSpacing(QFont::AbsoluteSpacing, 1.0 / 64.0);
    return f;
}

/// The report's monospace font, for shell commands.
QFont monoFont(double pointSize) {
    QFont f;
    f.setFamilies({QStringLiteral("DejaVu Sans Mono"), QStringLiteral("Liberation Mono"),
                   QStringLiteral("Courier New")});
    f.setStyleHint(QFont::Monospace);
    f.setPointSizeF(pointSize);
    return f;
}

/// A paragraph laid out for a width: draw it at any position later.
struct Laid {
    std::shared_ptr<QTextLayout> layout;
    double height = 0;
};

/// The report's pages: a cursor that flows text, boxes, tables and charts down the page and
/// starts a new page when the next block does not fit. Runs twice: with painter == nullptr to
/// count the pages, then painting with the known total for the footers.
class Pages {
  public:
    Pages(QPdfWriter &writer, QPainter *painter, const ReportContent &content, int totalPages)
        : m_writer(writer), m_painter(painter), m_content(content), m_total(totalPages) {
        m_dpi = writer.resolution();
        m_width = writer.width();
        m_height = writer.height();
        m_left = pt(kMarginLeftPt);
        m_right = m_width - pt(kMarginRightPt);
        m_top = pt(kMarginTopPt);
        m_bottom = m_height - pt(kMarginBottomPt);
        m_y = m_top;
    }

    double pt(double points) const { return points * m_dpi / 72.0; }
    double contentWidth() const { return m_right - m_left; }
    /// Points left on the current page.
    double remainingPt() const { return (m_bottom - m_y) * 72.0 / m_dpi; }
    /// Points of a whole page's content area (from the top margin to the footer).
    double pagePt() const { return (m_bottom - m_top) * 72.0 / m_dpi; }
    int pageCount() const { return m_page; }
    double remaining() const { return m_bottom - m_y; }

    /// `text` laid out in `width`; words longer than the width break anywhere unless
    /// `wordsOnly` (table headers, whose columns are made wide enough for their words).
    Laid lay(const QString &text, const QFont &font, double width,
             Qt::Alignment align = Qt::AlignLeft, bool wordsOnly = false) const {
        QString t = text;
        t.replace(QLatin1Char('\n'), QChar::LineSeparator);
        auto layout = std::make_shared<QTextLayout>(t, font, &m_writer);
        QTextOption option(align);
        option.setWrapMode(wordsOnly ? QTextOption::WordWrap
                                     : QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout->setTextOption(option);
        layout->beginLayout();
        double h = 0;
        for (;;) {
            QTextLine line = layout->createLine();
            if (!line.isValid()) {
                break;
            }
            line.setLineWidth(std::max(width, 1.0));
            line.setPosition(QPointF(0, h));
            h += line.height();
        }
        layout->endLayout();
        return {layout, h};
    }

    void draw(const Laid &laid, double x, double y, const QColor &colour = kInk) {
        if (m_painter) {
            m_painter->setPen(colour);
            laid.layout->draw(m_painter, QPointF(x, y));
        }
    }

    /// Start a new page unless `height` still fits on this one.
    void ensure(double height) {
        if (m_y + height > m_bottom && m_y > m_top) {
            newPage();
        }
    }

    void newPage() {
        footer();
        if (m_painter) {
            m_writer.newPage();
        }
        ++m_page;
        m_y = m_top;
    }

    void finish() { footer(); }

    void space(double points) { m_y = std::min(m_y + pt(points), m_bottom); }

    void title(const QString &title, const QString &subtitle, const QString &meta) {
        const Laid t = lay(title, reportFont(20, true), contentWidth());
        draw(t, m_left, m_y, kAccent);
        m_y += t.height + pt(2);
        const Laid s = lay(subtitle, reportFont(14, true), contentWidth());
        draw(s, m_left, m_y);
        m_y += s.height + pt(3);
        const Laid m = lay(meta, reportFont(8.5), contentWidth());
        draw(m, m_left, m_y, kMuted);
        m_y += m.height + pt(6);
        rule(kAccent, 1.2);
        space(8);
    }

    /// The height heading() takes for `text` at `level` (device units), with its space above.
    double headingHeight(const QString &text, int level) {
        const Laid l = lay(text, reportFont(level == 1 ? 13.5 : 10.5, true), contentWidth());
        return pt(level == 1 ? 10 : 7) + l.height + pt(4);
    }

    /// A section heading; `keepWithNext` is the height (device units) that must follow it on
    /// the same page.
    void heading(const QString &text, int level, double keepWithNext = 0) {
        const QFont f = reportFont(level == 1 ? 13.5 : 10.5, true);
        const Laid l = lay(text, f, contentWidth());
        const double before = pt(level == 1 ? 10 : 7);
        ensure(headingHeight(text, level) + keepWithNext);
        if (m_y > m_top) {
            m_y += before;
        }
        draw(l, m_left, m_y, level == 1 ? kAccent : kInk);
        m_y += l.height + pt(level == 1 ? 2 : 3);
        if (level == 1) {
            rule(kRule, 0.6);
            space(4);
        }
    }

    void paragraph(const QString &text, const QFont &font, const QColor &colour = kInk,
                   double indentPt = 0) {
        const double indent = pt(indentPt);
        const Laid l = lay(text, font, contentWidth() - indent);
        ensure(l.height);
        draw(l, m_left + indent, m_y, colour);
        m_y += l.height + pt(3);
    }

    void bullet(const QString &text, const QFont &font) {
        const double indent = pt(12);
        const Laid l = lay(text, font, contentWidth() - indent);
        ensure(l.height);
        const Laid dot = lay(QStringLiteral("\u2022"), font, indent);
        draw(dot, m_left + pt(2), m_y);
        draw(l, m_left + indent, m_y);
        m_y += l.height + pt(2.5);
    }

    /// Text in a filled, outlined box (the verdict and the recommendation).
    void box(const QStringList &lines, const QColor &fill, const QColor &border,
             const QFont &firstFont, const QFont &font) {
        const double pad = pt(7);
        const double w = contentWidth() - 2 * pad;
        std::vector<Laid> laid;
        double h = 2 * pad;
        for (int i = 0; i < lines.size(); ++i) {
            laid.push_back(lay(lines[i], i == 0 ? firstFont : font, w));
            h += laid.back().height + (i ? pt(2) : 0);
        }
        ensure(h);
        if (m_painter) {
            m_painter->save();
            m_painter->setPen(QPen(border, pt(1)));
            m_painter->setBrush(fill);
            m_painter->drawRect(QRectF(m_left, m_y, contentWidth(), h));
            m_painter->restore();
        }
        double y = m_y + pad;
        for (std::size_t i = 0; i < laid.size(); ++i) {
            y += i ? pt(2) : 0;
            draw(laid[i], m_left + pad, y);
            y += laid[i].height;
        }
        m_y += h + pt(6);
    }

    /// The height that must follow a heading placed right before table `t` on the same page:
    /// the table's own title heading, its header and the rows table() keeps with them (0 for
    /// an empty table).
    double tableLead(const ReportTable &t) { return table(t, true); }

    /// A table with a repeated header row on every page it spans; with `measureOnly`, nothing
    /// is drawn and the result is tableLead's.
    double table(const ReportTable &t, bool measureOnly = false) {
        if (t.rows.isEmpty()) {
            return 0;
        }
        const QFont f = reportFont(kTablePt);
        const QFont fb = reportFont(kTablePt, true);
        const int n = int(t.headers.size());
        double weightSum = 0;
        for (int i = 0; i < n; ++i) {
            weightSum += t.columnWeights.value(i, 1.0);
        }
        QList<double> widths;
        for (int i = 0; i < n; ++i) {
            widths << contentWidth() * t.columnWeights.value(i, 1.0) / weightSum;
        }
        const double pad = pt(kCellPadPt);
        // Headers wrap at spaces only ("Catalogue", not "Catalogu / e"): a column narrower than
        // its header's longest word takes the width from columns that have some to spare.
        const bool wordsOnly =
            fitHeaderWords(t.headers, QFontMetricsF(fb, &m_writer), 2 * pad + pt(0.5), widths);
        auto layRow = [&](const QStringList &cells, const QFont &font, double &height,
                          bool header = false) {
            std::vector<Laid> out;
            height = 0;
            for (int i = 0; i < n; ++i) {
                const Qt::Alignment a = t.rightAligned.value(i) ? Qt::AlignRight : Qt::AlignLeft;
                out.push_back(
                    lay(cells.value(i), font, widths[i] - 2 * pad, a, header && wordsOnly));
                height = std::max(height, out.back().height);
            }
            height += 2 * pad;
            return out;
        };
        auto drawRow = [&](const std::vector<Laid> &cells, double height, const QColor *fill) {
            if (m_painter && fill) {
                m_painter->fillRect(QRectF(m_left, m_y, contentWidth(), height), *fill);
            }
            double x = m_left;
            for (int i = 0; i < n; ++i) {
                draw(cells[std::size_t(i)], x + pad, m_y + pad);
                x += widths[i];
            }
            m_y += height;
            if (m_painter) {
                m_painter->setPen(QPen(kRule, pt(0.4)));
                m_painter->drawLine(QPointF(m_left, m_y), QPointF(m_right, m_y));
            }
        };
        double headerHeight = 0;
        const std::vector<Laid> header = layRow(t.headers, fb, headerHeight, true);
        // Keep a short table on one page; a long one starts with at least three rows.
        double allRows = 0;
        double firstRows = 0;
        for (int r = 0; r < t.rows.size(); ++r) {
            double h = 0;
            layRow(t.rows[r], t.boldRows.contains(r) ? fb : f, h);
            allRows += h;
            if (r < 3) {
                firstRows += h;
            }
        }
        const bool shortTable = headerHeight + allRows <= 0.45 * (m_bottom - m_top);
        const double keep = headerHeight + (shortTable ? allRows : firstRows);
        if (measureOnly) {
            return headingHeight(t.title, 2) + keep;
        }
        heading(t.title, 2, keep);
        drawRow(header, headerHeight, &kHeaderFill);
        for (int r = 0; r < t.rows.size(); ++r) {
            const bool bold = t.boldRows.contains(r);
            double h = 0;
            const std::vector<Laid> cells = layRow(t.rows[r], bold ? fb : f, h);
            if (m_y + h > m_bottom) {
                newPage();
                const Laid cont = lay(Report::tr("%1 (continued)").arg(t.title),
                                      reportFont(kTablePt, true), contentWidth());
                draw(cont, m_left, m_y, kMuted);
                m_y += cont.height + pt(3);
                drawRow(header, headerHeight, &kHeaderFill);
            }
            drawRow(cells, h, r % 2 ? &kStripe : nullptr);
        }
        m_y += pt(3);
        if (!t.note.isEmpty()) {
            paragraph(t.note, reportFont(7.8), kMuted);
        }
        space(3);
        return 0;
    }

    /// A chart view rendered as vector graphics, full content width, `heightPt` points high.
    void chart(QChartView *view, double heightPt) {
        const double h = std::min(pt(heightPt), m_bottom - m_top); // never past a page's foot
        ensure(h);
        if (m_painter) {
            const QSize px(int(contentWidth() / m_dpi * 72.0 * kChartPxPerPt),
                           int(heightPt * kChartPxPerPt));
            view->setFrameShape(QFrame::NoFrame);
            view->setAttribute(Qt::WA_DontShowOnScreen);
            view->resize(px);
            view->show();
            QCoreApplication::sendPostedEvents();
            view->chart()->setAnimationOptions(QChart::NoAnimation);
            view->render(m_painter, QRectF(m_left, m_y, contentWidth(), h), QRect(QPoint(), px));
            view->hide();
        }
        m_y += h + pt(6);
    }

  private:
    void rule(const QColor &colour, double widthPt) {
        if (m_painter) {
            m_painter->setPen(QPen(colour, pt(widthPt)));
            m_painter->drawLine(QPointF(m_left, m_y), QPointF(m_right, m_y));
        }
        m_y += pt(widthPt);
    }

    void footer() {
        if (!m_painter) {
            return;
        }
        const QFont f = reportFont(7.5);
        const double y = m_height - pt(kMarginBottomPt) + pt(18);
        m_painter->setPen(QPen(kRule, pt(0.5)));
        m_painter->drawLine(QPointF(m_left, y), QPointF(m_right, y));
        const QString right = Report::tr("Page %1 of %2").arg(m_page).arg(m_total);
        const Laid r = lay(right, f, contentWidth() * 0.25, Qt::AlignRight);
        draw(r, m_left + contentWidth() * 0.75, y + pt(4), kMuted);
        const QFontMetricsF fm(f, &m_writer);
        const QString left =
            fm.elidedText(Report::tr("HostPlan budget report \u00b7 %1 \u00b7 %2")
                              .arg(m_content.scenarioName, m_content.date.toString(Qt::ISODate)),
                          Qt::ElideMiddle, contentWidth() * 0.72);
        draw(lay(left, f, contentWidth() * 0.74), m_left, y + pt(4), kMuted);
    }

    QPdfWriter &m_writer;
    QPainter *m_painter;
    const ReportContent &m_content;
    int m_total;
    int m_page = 1;
    double m_dpi = 72;
    double m_width = 0;
    double m_height = 0;
    double m_left = 0;
    double m_right = 0;
    double m_top = 0;
    double m_bottom = 0;
    double m_y = 0;
};

/// Chart views used by one report, created once and shared by both passes.
struct ReportCharts {
    std::unique_ptr<MemoryChart> memory;
    std::unique_ptr<ReportOptionsChart> options;
    std::vector<std::unique_ptr<QChartView>> cost;         ///< after the cost table
    std::vector<std::unique_ptr<QChartView>> memoryExtra;  ///< after the memory chart
    std::vector<std::unique_ptr<QChartView>> optionsExtra; ///< after the options chart
    std::vector<std::unique_ptr<QChartView>> sensitivity;  ///< the Sensitivity view's tornadoes
};

/// The report's flow, the same in both passes.
void layoutReport(Pages &pg, const ReportContent &c, ReportCharts &charts) {
    const PlanResult &p = c.plan;
    const QFont body = reportFont(kBodyPt);
    const QFont bodyBold = reportFont(kBodyPt, true);

    QString meta =
        Report::tr("Date %1 \u00b7 model %2 \u00b7 %3 x %4")
            .arg(c.date.toString(Qt::ISODate), QString::fromStdString(p.model.displayName))
            .arg(p.rentedGpus())
            .arg(QString::fromStdString(p.gpu.name));
    if (!c.scenarioFile.isEmpty()) {
        meta += Report::tr(" \u00b7 scenario file %1").arg(QFileInfo(c.scenarioFile).fileName());
    }
    pg.title(c.title, c.scenarioName, meta);

    // 1. Executive summary.
    pg.heading(Report::tr("1. Executive summary"), 1);
    QStringList verdict = {c.verdict};
    verdict << c.summary;
    // Green: fits; amber: starts and queues part of the workload; red: does not fit.
    pg.box(verdict,
           p.fit.fits          ? QColor(0xe4, 0xf3, 0xe4)
           : p.fit.startsShort ? QColor(0xfb, 0xf0, 0xd9)
                               : QColor(0xf8, 0xe1, 0xe1),
           p.fit.fits          ? QColor(0x2e, 0x7d, 0x32)
           : p.fit.startsShort ? QColor(0x8a, 0x5a, 0x00)
                               : QColor(0xb0, 0x00, 0x20),
           reportFont(11, true), body);
    pg.box({Report::tr("Recommendation"), c.recommendationLine}, QColor(0xe8, 0xf0, 0xf8), kAccent,
           reportFont(kBodyPt, true), body);
    pg.table(c.keyFigures);
    for (const QString &n : c.notes) {
        pg.paragraph(n, reportFont(8.5), kMuted);
    }

    // 2. Cost.
    // A section heading keeps the first table's title, header and first rows with it.
    pg.heading(Report::tr("2. Cost"), 1, std::max(pg.pt(60), pg.tableLead(c.cost)));
    pg.table(c.cost);
    for (const auto &view : charts.cost) {
        pg.chart(view.get(), 260);
    }
    // How sure: the Sensitivity view's call, ranges, ranking and tornado charts.
    pg.heading(Report::tr("How sure the decision is"), 2, pg.pt(120));
    pg.paragraph(c.rangeCall, body);
    pg.table(c.ranges);
    if (!c.sensitivity.rows.isEmpty()) {
        pg.table(c.sensitivity);
        for (const auto &view : charts.sensitivity) {
            pg.chart(view.get(), 230);
        }
    }

    // 3. Memory.
    pg.heading(Report::tr("3. Memory"), 1, std::max(pg.pt(60), pg.tableLead(c.memory)));
    pg.table(c.memory);
    pg.heading(Report::tr("Memory per GPU by weight precision"), 2, pg.pt(250));
    pg.chart(charts.memory.get(), 250);
    for (const auto &view : charts.memoryExtra) {
        pg.chart(view.get(), 240);
    }
    pg.table(c.groups);

    // 4. Options across GPU types.
    pg.heading(Report::tr("4. Options across GPU types"), 1,
               std::max(pg.pt(60), pg.tableLead(c.options)));
    pg.table(c.options);
    // One bar row per charted GPU type: about 18 pt each, so that no category label is taller
    // than its row (Qt Charts elides such a label to "..."), and never taller than a page less
    // its heading (a taller one ran off the page).
    const auto chartRows = double(std::count_if(c.gpuOptions.begin(), c.gpuOptions.end(), charted));
    const double rowsPt = std::min(18.0 * chartRows + 100.0, pg.pagePt() - 40.0);
    double optionsPt = std::max(300.0, rowsPt);
    // Where the table's last lines leave most of a page, the chart takes the rest of it, down
    // to 15 pt a row, rather than leaving that page nearly blank (40 pt for the heading).
    const double leftPt = pg.remainingPt() - 40.0;
    if (leftPt < optionsPt && leftPt >= std::max(300.0, 15.0 * chartRows + 100)) {
        optionsPt = leftPt;
    }
    pg.heading(Report::tr("Monthly rental per GPU type"), 2, pg.pt(optionsPt));
    pg.chart(charts.options.get(), optionsPt);
    for (const auto &view : charts.optionsExtra) {
        pg.chart(view.get(), std::max(280.0, rowsPt));
    }

    // 5. Serving commands.
    pg.heading(Report::tr("5. Serving commands"), 1, pg.pt(120));
    pg.paragraph(
        Report::tr("The launch commands for this plan, the same text as hostplan-cli serve-cmd "
                   "and the Deploy tab; the table under each command says where each value comes "
                   "from. Names such as ${HEAD_IP} are shell variables to set on each node."),
        reportFont(8.5), kMuted);
    const QColor codeFill(0xf3, 0xf4, 0xf6);
    for (std::size_t i = 0; i < c.serving.size(); ++i) {
        const ServeCommand &command = c.serving[i];
        // The title stays with the whole command box (7.5 pt mono lines, about 9 pt apart).
        const QString shell = QString::fromStdString(command.shellText()).trimmed();
        pg.heading(QString::fromStdString(command.title), 2,
                   pg.pt(20 + 9.5 * double(shell.count(QLatin1Char('\n')) + 1)));
        if (!command.unavailable.empty()) {
            pg.paragraph(QString::fromStdString(command.unavailable), body);
            continue;
        }
        if (!command.setup.empty()) {
            pg.paragraph(Report::tr("First, on the nodes:"), body);
            QString setup;
            for (const auto &line : command.setup) {
                setup += (setup.isEmpty() ? QString() : QStringLiteral("\n")) +
                         QString::fromStdString(line);
            }
            pg.box({setup}, codeFill, kRule, monoFont(7.5), monoFont(7.5));
        }
        pg.box({shell}, codeFill, kRule, monoFont(7.5), monoFont(7.5));
        pg.table(c.servingFlags.value(int(i)));
        for (const auto &note : command.notes) {
            pg.paragraph(Report::tr("Note: %1").arg(QString::fromStdString(note)), reportFont(8),
                         kMuted);
        }
    }

    // 6. Probe results.
    pg.heading(Report::tr("6. Probe results"), 1, pg.pt(40));
    for (const QString &s : c.probeSummary) {
        pg.paragraph(s, body);
    }
    pg.table(c.probe);

    // 7. Assumptions.
    pg.heading(Report::tr("7. Assumptions"), 1, pg.pt(60));
    pg.paragraph(
        Report::tr("Every input of the scenario and every catalogue figure the plan used, with "
                   "its source and date. Replace an assumption by editing the scenario (or the "
                   "catalogue files) and export the report again."),
        reportFont(8.5), kMuted);
    pg.table(c.assumptions);

    // 8. Method.
    pg.heading(Report::tr("8. How the figures are derived"), 1, pg.pt(40));
    for (const QString &r : c.rules) {
        pg.bullet(r, reportFont(8.5));
    }
    pg.paragraph(
        Report::tr("All figures come from HostPlan's core (the same numbers as hostplan-cli plan "
                   "--json and the GUI). Bytes are decimal GB (10^9) with binary GiB (2^30) in "
                   "brackets; money is USD."),
        reportFont(8.5), kMuted);
    pg.finish();
}

} // namespace

bool fitHeaderWords(const QStringList &headers, const QFontMetricsF &fm, double padding,
                    QList<double> &widths) {
    QList<double> need;
    double deficit = 0;
    double spare = 0;
    for (int i = 0; i < widths.size(); ++i) {
        double longest = 0;
        const QStringList words = headers.value(i).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (const QString &word : words) {
            longest = std::max(longest, fm.horizontalAdvance(word));
        }
        need << longest + padding;
        deficit += std::max(0.0, need[i] - widths[i]);
        spare += std::max(0.0, widths[i] - need[i]);
    }
    if (deficit <= 0) {
        return true;
    }
    if (deficit > spare) {
        return false;
    }
    for (int i = 0; i < widths.size(); ++i) {
        widths[i] =
            widths[i] < need[i] ? need[i] : widths[i] - (widths[i] - need[i]) * deficit / spare;
    }
    return true;
}

QPageSize defaultReportPageSize(const QLocale &locale) {
    // The UK measures in imperial units but prints on A4.
    return QPageSize(locale.measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter
                                                                             : QPageSize::A4);
}

std::optional<QPageSize> parseReportPageSize(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("a4")) {
        return QPageSize(QPageSize::A4);
    }
    if (n == QLatin1String("letter")) {
        return QPageSize(QPageSize::Letter);
    }
    return std::nullopt;
}

ReportWriteResult writeReportPdf(ScenarioDocument &doc, const QString &path,
                                 const ReportOptions &options) {
    auto content = buildReportContent(doc, options.date, options.probeReport);
    if (!content.ok()) {
        return {0, Report::tr("Cannot write the report: the scenario has no plan (%1)")
                       .arg(QString::fromStdString(content.error().message))};
    }
    return writeReportPdf(doc, content.value(), path, options.pageSize);
}

ReportWriteResult writeReportPdf(ScenarioDocument &doc, const ReportContent &content,
                                 const QString &path, const QPageSize &pageSize) {
    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        return {0, Report::tr("Cannot write the report: the charts need a QApplication")};
    }
    // The PDF is built in memory and saved in one checked, atomic step: a full disk leaves the
    // old report as it was, never a cut one.
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    QPdfWriter writer(&pdf);
    writer.setPageLayout(QPageLayout(pageSize, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setResolution(1200);
    writer.setTitle(Report::tr("%1: %2").arg(content.title, content.scenarioName));
    writer.setCreator(QStringLiteral("HostPlan"));

    ReportCharts charts;
    charts.memory = std::make_unique<MemoryChart>(&doc);
    std::vector<GpuOptionRow> serving;
    std::copy_if(content.gpuOptions.begin(), content.gpuOptions.end(), std::back_inserter(serving),
                 charted);
    charts.options = std::make_unique<ReportOptionsChart>(serving, content.plan.apiUsdPerMonth,
                                                          content.plan.rental.hoursPerDay);
    charts.cost.push_back(std::make_unique<BreakEvenChart>(&doc));
    charts.memoryExtra.push_back(std::make_unique<KvChart>(&doc));
    auto gpuTypes = std::make_unique<GpuTypesChart>(&doc);
    gpuTypes->showServingOnly();
    charts.optionsExtra.push_back(std::move(gpuTypes));
    charts.sensitivity.push_back(
        std::make_unique<TornadoChart>(&doc, TornadoChart::Measure::CostPerMTok));
    charts.sensitivity.push_back(
        std::make_unique<TornadoChart>(&doc, TornadoChart::Measure::CapacityOverBreakEven));
    for (const auto &view : charts.sensitivity) {
        fixChartTheme(view.get(), QChart::ChartThemeLight);
    }
    // Printed on white paper: the light theme even when the screen's palette is dark.
    for (QChartView *view : {static_cast<QChartView *>(charts.memory.get()), charts.cost[0].get(),
                             charts.memoryExtra[0].get(), charts.optionsExtra[0].get()}) {
        fixChartTheme(view, QChart::ChartThemeLight);
    }

    // Pass 1: count the pages.
    Pages measure(writer, nullptr, content, 0);
    layoutReport(measure, content, charts);
    const int total = measure.pageCount();

    // Pass 2: paint.
    QPainter painter;
    if (!painter.begin(&writer)) {
        return {0, Report::tr("Cannot write %1: the PDF could not be started").arg(path)};
    }
    Pages pages(writer, &painter, content, total);
    layoutReport(pages, content, charts);
    if (!painter.end()) {
        return {0, Report::tr("Cannot write %1: the PDF could not be finished").arg(path)};
    }
    if (const QString error = saveFileAtomically(path, pdf.data()); !error.isEmpty()) {
        return {0, Report::tr("Cannot write %1: %2").arg(path, error), true};
    }
    return {pages.pageCount(), {}};
}

} // namespace hostplan::ui
