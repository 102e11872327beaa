// tests/tools/bt_import_script_test.cpp — the script of `bt_import --run`
// (tools/bt_import/script.h): every item read as the format says, and every
// malformed line an error naming the file and line.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tools/bt_import/script.h"

namespace {

using bt::Result;
using bt_import::ParseScript;
using bt_import::ScriptParse;

std::string ErrorOf(const std::string& text) { return ParseScript(text, "s.txt").error; }

std::vector<Result> Calls(const bt_import::ActionResults& results, int count) {
  std::vector<Result> calls;
  for (int i = 0; i < count; ++i) calls.push_back(results.ResultOfCall(static_cast<std::uint64_t>(i)));
  return calls;
}

}  // namespace

TEST_CASE("ParseScript reads ticks, comments, and each tick's default time N * 1.0", "[bt_import]") {
  const ScriptParse parse =
      ParseScript("# a comment\n\n  \ntick 1:\r\n   # indented comment\ntick 2:\ntick 3:", "s.txt");
  REQUIRE(parse.Ok());
  REQUIRE(parse.ticks.size() == 3);
  CHECK(parse.ticks[0].number == 1);
  CHECK(parse.ticks[0].line == 4);
  CHECK(parse.ticks[0].time == 1.0);
  CHECK(parse.ticks[1].line == 6);
  CHECK(parse.ticks[1].time == 2.0);
  CHECK(parse.ticks[2].number == 3);
  CHECK(parse.ticks[2].time == 3.0);
  CHECK(ParseScript("", "s.txt").Ok());
  CHECK(ParseScript("", "s.txt").ticks.empty());
}

TEST_CASE("ParseScript reads every item of a tick line", "[bt_import]") {
  const ScriptParse parse = ParseScript(
      "tick 1 : time 0.25 ; cond enemyVisible=true; cond hp = -2.5; cond ready=false; event OnEnemySeen;"
      " missing patrol; fight=S*2,R; event OnHit; look = F",
      "s.txt");
  REQUIRE(parse.Ok());
  REQUIRE(parse.ticks.size() == 1);
  const bt_import::ScriptTick& tick = parse.ticks[0];
  CHECK(tick.time == 0.25);
  REQUIRE(tick.conds.size() == 3);
  CHECK(tick.conds[0].name == "enemyVisible");
  CHECK(tick.conds[0].value == 1.0);
  CHECK(tick.conds[1].name == "hp");
  CHECK(tick.conds[1].value == -2.5);
  CHECK(tick.conds[2].name == "ready");
  CHECK(tick.conds[2].value == 0.0);
  CHECK(tick.events == std::vector<std::string>{"OnEnemySeen", "OnHit"});
  CHECK(tick.missing == std::vector<std::string>{"patrol"});
  REQUIRE(tick.actions.size() == 2);
  CHECK(tick.actions[0].name == "fight");
  CHECK(Calls(tick.actions[0], 4) == std::vector<Result>{Result::Done, Result::Done, Result::Running, Result::Running});
  CHECK(tick.actions[1].name == "look");
  CHECK(Calls(tick.actions[1], 2) == std::vector<Result>{Result::Failed, Result::Failed});
}

TEST_CASE("ParseScript: the i-th call returns the i-th status, the last one repeating", "[bt_import]") {
  const ScriptParse parse = ParseScript("tick 1: a=S*40,R; b=F,S*2,R,F; c=R", "s.txt");
  REQUIRE(parse.Ok());
  const auto& actions = parse.ticks[0].actions;
  CHECK(actions[0].ResultOfCall(0) == Result::Done);
  CHECK(actions[0].ResultOfCall(39) == Result::Done);
  CHECK(actions[0].ResultOfCall(40) == Result::Running);
  CHECK(actions[0].ResultOfCall(1000) == Result::Running);
  CHECK(Calls(actions[1], 7) == std::vector<Result>{Result::Failed, Result::Done, Result::Done, Result::Running,
                                                    Result::Failed, Result::Failed, Result::Failed});
  CHECK(Calls(actions[2], 2) == std::vector<Result>{Result::Running, Result::Running});
}

TEST_CASE("ParseScript: names that look like keywords are actions without the keyword's space", "[bt_import]") {
  const ScriptParse parse = ParseScript("tick 1: time=S; cond=F; event=R; missing=S; tick=S", "s.txt");
  REQUIRE(parse.Ok());
  const auto& actions = parse.ticks[0].actions;
  REQUIRE(actions.size() == 5);
  CHECK(actions[0].name == "time");
  CHECK(actions[4].name == "tick");
  CHECK(parse.ticks[0].time == 1.0);
}

TEST_CASE("ParseScript: time never decreases; an explicit time may stay or move on", "[bt_import]") {
  const ScriptParse parse =
      ParseScript("tick 1: time 0\ntick 2: time 0\ntick 3\t:\ntick 4: time 10\ntick 5: time 10.5", "s.txt");
  REQUIRE(parse.Ok());
  CHECK(parse.ticks[0].time == 0.0);
  CHECK(parse.ticks[1].time == 0.0);
  CHECK(parse.ticks[2].time == 3.0);
  CHECK(parse.ticks[3].time == 10.0);
  CHECK(parse.ticks[4].time == 10.5);
}

TEST_CASE("ParseScript: every malformed line is an error with its line", "[bt_import]") {
  // Ticks: numbered from 1 without gaps, each "tick N:".
  CHECK(ErrorOf("tick 2:") == "s.txt:1: expected tick 1, found tick 2");
  CHECK(ErrorOf("tick 1:\n# c\ntick 3:") == "s.txt:3: expected tick 2, found tick 3");
  CHECK(ErrorOf("tick 1:\ntick 1:") == "s.txt:2: expected tick 2, found tick 1");
  CHECK(ErrorOf("tick 1:\nfight=S") == "s.txt:2: expected 'tick 2:' or a comment");
  CHECK(ErrorOf("tick1:") == "s.txt:1: expected 'tick 1:' or a comment");
  CHECK(ErrorOf("tick 1 fight=S") == "s.txt:1: expected ':' after the tick's number");
  CHECK(ErrorOf("tick one:") == "s.txt:1: expected the tick's number, found 'one'");
  CHECK(ErrorOf("tick -1:") == "s.txt:1: expected the tick's number, found '-1'");
  CHECK(ErrorOf("tick :") == "s.txt:1: expected the tick's number, found ''");
  // Items.
  CHECK(ErrorOf("tick 1: fight=S;") == "s.txt:1: an empty item (two ';' in a row, or one at the end of the line)");
  CHECK(ErrorOf("tick 1: fight=S;; look=R") ==
        "s.txt:1: an empty item (two ';' in a row, or one at the end of the line)");
  CHECK(ErrorOf("tick 1: fight") ==
        "s.txt:1: expected NAME=STATUSES, time T, cond NAME=VALUE, event NAME or missing NAME, found 'fight'");
  CHECK(ErrorOf("tick 1: =S") ==
        "s.txt:1: expected NAME=STATUSES, time T, cond NAME=VALUE, event NAME or missing NAME, found '=S'");
  CHECK(ErrorOf("tick 1: big fight=S") ==
        "s.txt:1: expected NAME=STATUSES, time T, cond NAME=VALUE, event NAME or missing NAME, found 'big fight=S'");
  // time
  CHECK(ErrorOf("tick 1: time") == "s.txt:1: time: expected a number, found ''");
  CHECK(ErrorOf("tick 1: time soon") == "s.txt:1: time: expected a number, found 'soon'");
  CHECK(ErrorOf("tick 1: time 1s") == "s.txt:1: time: expected a number, found '1s'");
  CHECK(ErrorOf("tick 1: time inf") == "s.txt:1: time: expected a number, found 'inf'");
  CHECK(ErrorOf("tick 1: time nan") == "s.txt:1: time: expected a number, found 'nan'");
  CHECK(ErrorOf("tick 1: time 1; time 2") == "s.txt:1: time given twice");
  CHECK(ErrorOf("tick 1: time 5\ntick 2: time 4.5") == "s.txt:2: time 4.5 is before the previous tick's time 5");
  CHECK(ErrorOf("tick 1: time 5\ntick 2:") ==
        "s.txt:2: the default time 2 is before the previous tick's time 5: give this tick a time");
  // cond
  CHECK(ErrorOf("tick 1: cond alive") == "s.txt:1: cond: expected NAME=VALUE, found 'alive'");
  CHECK(ErrorOf("tick 1: cond =true") == "s.txt:1: cond: expected a name before '=', found ''");
  CHECK(ErrorOf("tick 1: cond alive=yes") == "s.txt:1: cond alive: expected true, false or a number, found 'yes'");
  CHECK(ErrorOf("tick 1: cond alive=") == "s.txt:1: cond alive: expected true, false or a number, found ''");
  CHECK(ErrorOf("tick 1: cond alive=True") == "s.txt:1: cond alive: expected true, false or a number, found 'True'");
  // event, missing
  CHECK(ErrorOf("tick 1: event") == "s.txt:1: event: expected a name, found ''");
  CHECK(ErrorOf("tick 1: event On Hit") == "s.txt:1: event: expected a name, found 'On Hit'");
  CHECK(ErrorOf("tick 1: missing") == "s.txt:1: missing: expected a name, found ''");
  CHECK(ErrorOf("tick 1: missing a=b") == "s.txt:1: missing: expected a name, found 'a=b'");
  // statuses
  CHECK(ErrorOf("tick 1: fight=") == "s.txt:1: fight: expected S, F or R, found ''");
  CHECK(ErrorOf("tick 1: fight=s") == "s.txt:1: fight: expected S, F or R, found 's'");
  CHECK(ErrorOf("tick 1: fight=Success") == "s.txt:1: fight: expected S, F or R, found 'Success'");
  CHECK(ErrorOf("tick 1: fight=S,") == "s.txt:1: fight: expected S, F or R, found ''");
  CHECK(ErrorOf("tick 1: fight=S*") == "s.txt:1: fight: expected a count from 1 to 1000000000 after '*', found ''");
  CHECK(ErrorOf("tick 1: fight=S*0") == "s.txt:1: fight: expected a count from 1 to 1000000000 after '*', found '0'");
  CHECK(ErrorOf("tick 1: fight=S*-2") == "s.txt:1: fight: expected a count from 1 to 1000000000 after '*', found '-2'");
  CHECK(ErrorOf("tick 1: fight=S*2x") == "s.txt:1: fight: expected a count from 1 to 1000000000 after '*', found '2x'");
  CHECK(ErrorOf("tick 1: fight=S*1000000001") ==
        "s.txt:1: fight: expected a count from 1 to 1000000000 after '*', found '1000000001'");
  CHECK(ErrorOf("tick 1: fight=S*99999999999999999999") ==
        "s.txt:1: fight: expected a count from 1 to 1000000000 after '*', found '99999999999999999999'");
  CHECK(ErrorOf("tick 1: fight=S; fight=F") == "s.txt:1: fight given twice in this tick");
  // The first error ends the parse; the ticks before it are kept.
  const ScriptParse parse = ParseScript("tick 1:\ntick 2: fight=X\ntick 9:", "s.txt");
  CHECK(parse.error == "s.txt:2: fight: expected S, F or R, found 'X'");
  CHECK(parse.ticks.size() == 1);
}
