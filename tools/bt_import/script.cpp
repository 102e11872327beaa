// tools/bt_import/script.cpp — reading a `bt_import --run` script (see the header).
#include "tools/bt_import/script.h"

#include <charconv>
#include <cmath>
#include <set>

namespace bt_import {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

// The whole of `text` as a finite number, or false.
bool ParseNumber(std::string_view text, double& value) {
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && std::isfinite(value);
}

bool ParseCount(std::string_view text, std::uint64_t& value) {
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

std::string Quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

// `keyword REST` (one space or more): REST trimmed; false when `item` is not that keyword.
bool Keyword(std::string_view item, std::string_view keyword, std::string_view& rest) {
  if (item.substr(0, keyword.size()) != keyword) return false;
  const std::string_view after = item.substr(keyword.size());
  if (after.empty()) {
    rest = {};
    return true;
  }
  if (!IsSpace(after.front())) return false;
  rest = Trim(after);
  return true;
}

// A name: not empty, without spaces, '=' or ';'.
bool IsName(std::string_view name) {
  if (name.empty()) return false;
  for (const char c : name)
    if (IsSpace(c) || c == '=' || c == ';') return false;
  return true;
}

class LineParser {
 public:
  LineParser(ScriptTick& tick, double previousTime, std::string& error)
      : tick_(tick), previousTime_(previousTime), error_(error) {}

  bool Item(std::string_view item) {
    if (item.empty()) return Fail("an empty item (two ';' in a row, or one at the end of the line)");
    std::string_view rest;
    if (Keyword(item, "time", rest)) return Time(rest);
    if (Keyword(item, "cond", rest)) return Cond(rest);
    if (Keyword(item, "event", rest)) return Named("event", rest, tick_.events);
    if (Keyword(item, "missing", rest)) return Named("missing", rest, tick_.missing);
    return Action(item);
  }

  bool Finish() {
    if (timeGiven_) return true;
    tick_.time = static_cast<double>(tick_.number);
    if (tick_.time < previousTime_)
      return Fail("the default time " + Number(tick_.time) + " is before the previous tick's time " +
                  Number(previousTime_) + ": give this tick a time");
    return true;
  }

 private:
  static std::string Number(double value) {
    char text[32];
    const auto [end, error] = std::to_chars(text, text + sizeof text, value);
    return error == std::errc() ? std::string(text, end) : std::string("?");
  }

  bool Fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  bool Time(std::string_view rest) {
    if (timeGiven_) return Fail("time given twice");
    double time = 0;
    if (!ParseNumber(rest, time)) return Fail("time: expected a number, found " + Quoted(rest));
    if (time < previousTime_)
      return Fail("time " + Number(time) + " is before the previous tick's time " + Number(previousTime_));
    timeGiven_ = true;
    tick_.time = time;
    return true;
  }

  bool Cond(std::string_view rest) {
    const std::size_t equals = rest.find('=');
    if (equals == std::string_view::npos) return Fail("cond: expected NAME=VALUE, found " + Quoted(rest));
    const std::string_view name = Trim(rest.substr(0, equals));
    const std::string_view value = Trim(rest.substr(equals + 1));
    if (!IsName(name)) return Fail("cond: expected a name before '=', found " + Quoted(name));
    double number = 0;
    if (value == "true")
      number = 1;
    else if (value == "false")
      number = 0;
    else if (!ParseNumber(value, number))
      return Fail("cond " + std::string(name) + ": expected true, false or a number, found " + Quoted(value));
    tick_.conds.push_back({std::string(name), number});
    return true;
  }

  bool Named(const char* what, std::string_view name, std::vector<std::string>& into) {
    if (!IsName(name)) return Fail(std::string(what) + ": expected a name, found " + Quoted(name));
    into.emplace_back(name);
    return true;
  }

  bool Action(std::string_view item) {
    const std::size_t equals = item.find('=');
    const std::string_view name = Trim(item.substr(0, equals));
    if (equals == std::string_view::npos || !IsName(name))
      return Fail("expected NAME=STATUSES, time T, cond NAME=VALUE, event NAME or missing NAME, found " + Quoted(item));
    if (!named_.insert(std::string(name)).second) return Fail(std::string(name) + " given twice in this tick");
    ActionResults results{std::string(name), {}};
    std::string_view statuses = item.substr(equals + 1);
    for (;;) {
      const std::size_t comma = statuses.find(',');
      if (!Status(results, Trim(statuses.substr(0, comma)))) return false;
      if (comma == std::string_view::npos) break;
      statuses = statuses.substr(comma + 1);
    }
    tick_.actions.push_back(std::move(results));
    return true;
  }

  // `S`, `F` or `R`, with an optional `*K`.
  bool Status(ActionResults& results, std::string_view text) {
    const std::size_t star = text.find('*');
    const std::string_view letter = Trim(text.substr(0, star));
    StatusRun run;
    if (letter == "S")
      run.result = bt::Result::Done;
    else if (letter == "F")
      run.result = bt::Result::Failed;
    else if (letter == "R")
      run.result = bt::Result::Running;
    else
      return Fail(results.name + ": expected S, F or R, found " + Quoted(letter));
    if (star != std::string_view::npos) {
      const std::string_view count = Trim(text.substr(star + 1));
      if (!ParseCount(count, run.count) || run.count < 1 || run.count > kMaxStatusRepeat)
        return Fail(results.name + ": expected a count from 1 to " + std::to_string(kMaxStatusRepeat) +
                    " after '*', found " + Quoted(count));
    }
    results.runs.push_back(run);
    return true;
  }

  ScriptTick& tick_;
  double previousTime_;
  std::string& error_;
  bool timeGiven_ = false;
  std::set<std::string> named_;
};

}  // namespace

bt::Result ActionResults::ResultOfCall(std::uint64_t call) const {
  for (const StatusRun& run : runs) {
    if (call < run.count) return run.result;
    call -= run.count;
  }
  return runs.empty() ? bt::Result::Running : runs.back().result;
}

ScriptParse ParseScript(std::string_view text, std::string_view file) {
  ScriptParse parse;
  double previousTime = 0;
  int lineNumber = 0;
  while (!text.empty()) {
    ++lineNumber;
    const std::size_t newline = text.find('\n');
    const std::string_view line = Trim(text.substr(0, newline));
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    if (line.empty() || line.front() == '#') continue;

    const auto fail = [&](const std::string& message) {
      parse.error = std::string(file) + ":" + std::to_string(lineNumber) + ": " + message;
      return parse;
    };
    const int expected = static_cast<int>(parse.ticks.size()) + 1;
    std::string_view rest;
    if (!Keyword(line, "tick", rest)) return fail("expected 'tick " + std::to_string(expected) + ":' or a comment");
    const std::size_t colon = rest.find(':');
    if (colon == std::string_view::npos) return fail("expected ':' after the tick's number");
    const std::string_view numberText = Trim(rest.substr(0, colon));
    std::uint64_t number = 0;
    if (!ParseCount(numberText, number)) return fail("expected the tick's number, found " + Quoted(numberText));
    if (number != static_cast<std::uint64_t>(expected))
      return fail("expected tick " + std::to_string(expected) + ", found tick " + std::string(numberText));

    ScriptTick tick;
    tick.number = expected;
    tick.line = lineNumber;
    std::string error;
    LineParser items(tick, previousTime, error);
    const std::string_view body = Trim(rest.substr(colon + 1));
    if (!body.empty()) {
      std::string_view remaining = body;
      for (;;) {
        const std::size_t semicolon = remaining.find(';');
        if (!items.Item(Trim(remaining.substr(0, semicolon)))) return fail(error);
        if (semicolon == std::string_view::npos) break;
        remaining = remaining.substr(semicolon + 1);
      }
    }
    if (!items.Finish()) return fail(error);
    previousTime = tick.time;
    parse.ticks.push_back(std::move(tick));
  }
  return parse;
}

}  // namespace bt_import
