// SPDX-License-Identifier: MIT
#include "catalogue/pricelist.h"

#include "catalogue/apipricekeys.h"

#include "util/fileio.h"
#include "util/jsonutil.h"
#include "util/textutil.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <set>

namespace hostplan {

namespace {

/// RFC 4180 records of `text` (CRLF or LF line ends; quoted fields may hold separators, line
/// breaks and "" for a quote). Errors name the row of an unterminated quote.
Result<std::vector<std::vector<std::string>>> csvRecords(std::string_view text,
                                                         const std::string &what) {
    // Excel's "CSV UTF-8" starts with a byte-order mark; UTF-16 cannot be read as UTF-8.
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3);
    } else if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
        return makeError(what, "UTF-16 text: save the price list as UTF-8");
    }
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    bool fieldStarted = false;
    std::size_t line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field.push_back('"');
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                line += c == '\n';
                field.push_back(c);
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            quoted = true;
            fieldStarted = true;
        } else if (c == ',') {
            row.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
                ++i;
            }
            row.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
            if (!(row.size() == 1 && row.front().empty())) {
                rows.push_back(std::move(row));
            }
            row.clear();
            ++line;
        } else {
            field.push_back(c);
            fieldStarted = true;
        }
    }
    if (quoted) {
        return makeError(what + ": line " + std::to_string(line), "unterminated quoted field");
    }
    if (fieldStarted || !row.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

/// CSV rows as JSON objects keyed by the header (numbers parsed; empty cells dropped).
Result<nlohmann::json> csvToJson(std::string_view text, const std::string &what) {
    HOSTPLAN_TRY(rows, csvRecords(text, what));
    if (rows.empty()) {
        return makeError(what, "empty price list");
    }
    if (rows.size() - 1 > kMaxPriceListEntries) {
        return makeError(what, std::to_string(rows.size() - 1) +
                                   " rows; a price list holds at most " +
                                   std::to_string(kMaxPriceListEntries) + " entries");
    }
    const std::vector<std::string> &header = rows.front();
    std::set<std::string> seen;
    nlohmann::json columns = nlohmann::json::object();
    for (const std::string &h : header) {
        if (!seen.insert(h).second) {
            return makeError(what + ": header", "column '" + h + "' appears twice");
        }
        columns[h] = nullptr;
    }
    // Every row has the header's columns: an unknown one is the header's error, not a row's.
    if (auto known = jsonfield::checkKeys(columns, "", kApiPriceKeys); !known) {
        return makeError(what + ": header", "unknown column '" + known.error().field + "' (" +
                                                known.error().message + ")");
    }
    static const std::set<std::string> numeric = {
        "input_usd_per_mtok",      "output_usd_per_mtok",     "cached_input_usd_per_mtok",
        "batch_discount",          "input_usd_per_mtok_low",  "input_usd_per_mtok_high",
        "output_usd_per_mtok_low", "output_usd_per_mtok_high"};
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const std::string rowPath = what + ": row " + std::to_string(r + 1);
        if (rows[r].size() != header.size()) {
            return makeError(rowPath, "has " + std::to_string(rows[r].size()) +
                                          " fields, the header " + std::to_string(header.size()));
        }
        nlohmann::json o = nlohmann::json::object();
        for (std::size_t c = 0; c < header.size(); ++c) {
            const std::string &cell = rows[r][c];
            if (cell.empty()) {
                o[header[c]] = nullptr; // absent, but its column still named (a misspelt one)
                continue;
            }
            if (numeric.count(header[c])) {
                // Decimal only (strtod would also take hexadecimal, "0x10" = 16); spaces around
                // the number and a leading '+' are a spreadsheet's and are taken.
                std::string_view text = cell;
                while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
                    text.remove_prefix(1);
                }
                while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
                    text.remove_suffix(1);
                }
                if (text.size() > 1 && text.front() == '+') {
                    text.remove_prefix(1);
                }
                double v = 0;
                const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
                if (ec == std::errc::invalid_argument || end != text.data() + text.size()) {
                    return makeError(rowPath + "." + header[c], "'" + cell + "' is not a number");
                }
                if (ec == std::errc::result_out_of_range || !std::isfinite(v)) {
                    // JSON has no NaN / inf: refused here, by their text
                    return makeError(rowPath + "." + header[c],
                                     "'" + cell + "' is not a finite number");
                }
                o[header[c]] = v;
            } else if (header[c] == "tiers") {
                // The JSON list of the JSON schema, in one (quoted) cell.
                auto tiers = jsonfield::parse(cell, rowPath + ".tiers");
                if (!tiers.ok()) {
                    return makeError(rowPath + ".tiers",
                                     "is not a JSON list of tiers: " + tiers.error().message);
                }
                o["tiers"] = *tiers;
            } else {
                o[header[c]] = cell;
            }
        }
        out.push_back(std::move(o));
    }
    return out;
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil via <chrono>).
std::optional<int> daysOf(std::string_view date) {
    if (!isPriceDate(date)) {
        return std::nullopt;
    }
    const int y = std::stoi(std::string(date.substr(0, 4)));
    const unsigned m = unsigned(std::stoi(std::string(date.substr(5, 2))));
    const unsigned d = date.size() == 10 ? unsigned(std::stoi(std::string(date.substr(8, 2)))) : 1;
    const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{m},
                                          std::chrono::day{d}};
    if (!ymd.ok()) {
        return std::nullopt;
    }
    return int(std::chrono::sys_days{ymd}.time_since_epoch().count());
}

} // namespace

Result<std::vector<ApiPrice>> parsePriceList(std::string_view text, const std::string &what) {
    std::size_t first = 0;
    while (first < text.size() && std::isspace(static_cast<unsigned char>(text[first]))) {
        ++first;
    }
    nlohmann::json entries;
    std::string base = what;
    if (first < text.size() && (text[first] == '{' || text[first] == '[')) {
        HOSTPLAN_TRY(doc, jsonfield::parse(text, what));
        if (doc.is_object() && doc.contains("api") && doc.contains("prices")) {
            // One list is read: the other would be dropped without a word.
            return makeError(what, "holds both an \"api\" and a \"prices\" list; put the "
                                   "entries in one of them");
        }
        if (doc.is_array()) {
            entries = doc;
        } else if (doc.contains("api") && doc["api"].is_array()) {
            entries = doc["api"];
            base += ": api";
        } else if (doc.contains("prices") && doc["prices"].is_array()) {
            entries = doc["prices"];
            base += ": prices";
        } else {
            return makeError(what, "expected a list of prices, or an object with an \"api\" or "
                                   "\"prices\" list");
        }
    } else {
        HOSTPLAN_TRY(rows, csvToJson(text, what));
        entries = rows;
        base += ": row";
    }
    if (entries.empty()) {
        return makeError(what, "the price list holds no entries");
    }
    if (entries.size() > kMaxPriceListEntries) {
        return makeError(what, std::to_string(entries.size()) +
                                   " entries; a price list holds at most " +
                                   std::to_string(kMaxPriceListEntries));
    }
    const bool csv = base == what + ": row";
    std::vector<ApiPrice> out;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string path =
            csv ? base + " " + std::to_string(i + 2) : base + "[" + std::to_string(i) + "]";
        HOSTPLAN_TRY(p, parseApiPrice(entries[i], path));
        if (!ids.insert(asciiLower(p.id)).second) {
            return makeError(path + ".id", "duplicate id '" + p.id + "'");
        }
        out.push_back(std::move(p));
    }
    return out;
}

Result<std::vector<ApiPrice>> loadPriceListFile(const std::filesystem::path &path) {
    HOSTPLAN_TRY(text, readRegularFile(path, kMaxPriceListBytes));
    return parsePriceList(text, path.string());
}

std::optional<int> priceAgeDays(std::string_view asOf, std::string_view today) {
    const auto a = daysOf(asOf);
    const auto t = daysOf(today);
    if (!a || !t || today.size() != 10) {
        return std::nullopt;
    }
    return *t - *a;
}

std::string todayIsoDate() {
    const auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
    const std::chrono::year_month_day ymd{today};
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()));
    return buf;
}

} // namespace hostplan
