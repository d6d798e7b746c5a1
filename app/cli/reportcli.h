// SPDX-License-Identifier: MIT
// The CLI's Qt sub-commands, registered by hostplan-cli when it is built with the GUI library:
//
//   hostplan-cli report     [plan options] -o OUT.pdf [--page-size a4|letter]
//                           [--probe-report FILE] [--date YYYY-MM-DD]
//   hostplan-cli export-csv [plan options] -o BASE[.csv] [--probe-report FILE]
//
// Plan options are those of `plan` (--scenario FILE first, then overrides). `report` writes the
// same PDF as the GUI's File > Export report...; it needs no display (it runs Qt on the
// "offscreen" platform unless QT_QPA_PLATFORM says otherwise). `export-csv` writes one CSV per
// table, BASE-<table>.csv. The plan as JSON stays `hostplan-cli plan --json`.
#pragma once

#include "cli/cli.h"

#include <map>
#include <string>

namespace hostplan::ui {

/// {"report", ...} and {"export-csv", ...} for hostplan::cli::run's `extra`. Exit codes: 0 ok,
/// 2 bad arguments, unreadable input or an unwritable output (one line on stderr).
std::map<std::string, cli::Command> reportCliCommands();

/// `report` with the arguments after its name. Creates a QApplication when none exists.
int runReportCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

/// `export-csv` with the arguments after its name.
int runExportCsvCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace hostplan::ui
