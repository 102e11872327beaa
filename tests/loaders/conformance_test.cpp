// tests/loaders/conformance_test.cpp — the four seed systems' rules, as each engine runs its trees,
// that the loaders' own tests leave out, each shown on a small file run as
// `bt_import --run` runs it: exact tick lines (actions called, status; or the
// selected leaf). The files are given in memory through LoadOptions::read.
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <string>

#include "tools/bt_import/run_script.h"

namespace {

using Files = std::map<std::string, std::string>;

// Runs `script` on the file `main` of `files`; the files it names are read from `files` too.
std::string Run(const Files& files, const std::string& main, const std::string& script, bool lifecycle = false) {
  const bt_import::ScriptParse parse = bt_import::ParseScript(script, "s.txt");
  REQUIRE(parse.Ok());
  bt_import::RunOptions options;
  options.lifecycle = lifecycle;
  options.load.read = [files](const std::string& path) -> std::optional<std::string> {
    const auto found = files.find(path);
    if (found == files.end()) return std::nullopt;
    return found->second;
  };
  return bt_import::RunScript(main, parse.ticks, options).output;
}

std::string Run(const std::string& main, const std::string& text, const std::string& script, bool lifecycle = false) {
  return Run(Files{{main, text}}, main, script, lifecycle);
}

// `sequence { action a  sequence { ... n levels ... { action b } } }`.
std::string NestedSequences(int levels) {
  std::string text = "sequence {\n  action a\n";
  for (int i = 0; i < levels; ++i) text += "  sequence {\n";
  text += "  action b\n";
  for (int i = 0; i < levels; ++i) text += "  }\n";
  return text + "}\n";
}

}  // namespace

// =============================================================== Unvanquished

TEST_CASE("Unvanquished running path: at most 20 nodes; a group whose running child was the 21st starts at child 0",
          "[conformance][unvanquished]") {
  const std::string script = "tick 1: a=S; b=R\ntick 2: a=S; b=R\n";
  // b and 19 sequences above it: the outer sequence's running child is the 20th, noted.
  CHECK(Run("deep.bt", NestedSequences(19), script) == "a b | R\nb | R\n");
  // b and 20 sequences: the outer sequence's running child would be the 21st.
  CHECK(Run("deep.bt", NestedSequences(20), script) == "a b | R\na b | R\n");
}

TEST_CASE("Unvanquished fallback: a higher selector's running leaf replaces the path; its success clears it",
          "[conformance][unvanquished]") {
  const std::string tree =
      "selector {\n"
      "  condition danger { action flee }\n"
      "  fallback {\n"
      "    action a\n"
      "    sequence { action b action c }\n"
      "  }\n"
      "}\n";
  CHECK(Run("fb.bt", tree,
            "tick 1: a=F; b=S; c=R\n"
            "tick 2: cond danger=1; flee=R\n"           // flee runs: the path is flee's alone
            "tick 3: cond danger=0; a=F; b=S; c=R\n"    // so the fallback starts at a again
            "tick 4: cond danger=1; flee=F; c=R\n"      // flee fails: the path still holds c
            "tick 5: flee=S\n"                          // the root, on the path, succeeds: cleared
            "tick 6: cond danger=0; a=F; b=S; c=R\n") ==
        "a b c | R\n"
        "flee | R\n"
        "a b c | R\n"
        "flee c | R\n"
        "flee | S\n"
        "a b c | R\n");
}

TEST_CASE("Unvanquished condition without a child inside a sequence: success when true, not re-read on resume",
          "[conformance][unvanquished]") {
  const std::string tree = "sequence {\n  condition x\n  action a\n  action b\n}\n";
  CHECK(Run("c.bt", tree,
            "tick 1: cond x=1; a=S; b=R\n"
            "tick 2: cond x=0; b=R\n"  // resumes at b: the condition before it is not read
            "tick 3: b=S\n"            // b succeeds: the path is cleared
            "tick 4: a=S; b=S\n"       // from the first child: x is false
            "tick 5: cond x=2; a=S; b=S\n") ==
        "a b | R\n"
        "b | R\n"
        "b | S\n"
        "- | F\n"
        "a b | S\n");
}

// =============================================================== Drag[en]gine

TEST_CASE("Drag[en]gine choice loop: a child's success with the conditions false at the loop fails it",
          "[conformance][dragengine]") {
  const std::string tree =
      "<behaviorTree>\n"
      "  <choice id='c' loop='true'%s>\n"
      "    <condition>ready</condition>\n"
      "    <action id='a' name='a'/>\n"
      "    <action id='b' name='b'/>\n"
      "  </choice>\n"
      "</behaviorTree>\n";
  const std::string script =
      "tick 1: cond ready=true; a=R\n"
      "tick 2: cond ready=false; a=S\n"       // a succeeds; the loop asks the conditions: false
      "tick 3: cond ready=true; a=F; b=S,R\n" // a fails, b succeeds, the loop starts a again
      "tick 4: b=R\n"
      "tick 5: cond ready=false; b=S\n";
  const auto with = [&](const std::string& attributes) {
    std::string text = tree;
    text.replace(text.find("%s"), 2, attributes);
    return text;
  };
  CHECK(Run("c.xml", with(""), script) == "a | R\na | F\na b a b | R\nb | R\nb | F\n");
  CHECK(Run("c.xml", with(" doNotFail='true'"), script) == "a | R\na | S\na b a b | R\nb | R\nb | S\n");
}

// =============================================================== MBT

TEST_CASE("MBT Priority under a Loop without count: no true case fails it, the Loop and the tree; unknown attributes",
          "[conformance][mbt]") {
  const std::string tree =
      "<BehaviorTree>\n"
      "  <Variables>\n    <Variable name=\"A\"/>\n    <Variable name=\"B\" default=\"true\"/>\n  </Variables>\n"
      "  <Root>\n"
      "    <Loop unknownAttribute=\"x\">\n"
      "      <Priority>\n"
      "        <Case condition=\"A\"><Move/></Case>\n"
      "        <Case condition=\"B\"><Shoot/></Case>\n"
      "      </Priority>\n"
      "    </Loop>\n"
      "  </Root>\n"
      "</BehaviorTree>\n";
  // No count: forever. The case switches only when a variable changed; a change
  // undone in the same tick picks the same case.
  CHECK(Run("p.xml", tree,
            "tick 1:\ntick 2: Shoot=S,R\ntick 3: cond A=true\ntick 4: cond B=false; cond B=true\n"
            "tick 5: cond A=false; cond B=false\ntick 6:\n",
            true) ==
        "Shoot | R\nlifecycle: enter:Shoot\n"
        "Shoot Shoot | R\nlifecycle: exit:Shoot enter:Shoot\n"
        "Move | R\nlifecycle: exit:Shoot enter:Move\n"
        "Move | R\nlifecycle: -\n"
        "- | F\nlifecycle: exit:Move\n"
        "- | -\nlifecycle: -\n");
}

TEST_CASE("MBT IfTime, AssertTime, WaitUntilTime: a timestamp never set, then set by an event",
          "[conformance][mbt]") {
  const std::string tree =
      "<BehaviorTree>\n"
      "  <Timestamps>\n    <Timestamp name=\"Seen\" setOnEvent=\"OnSeen\"/>\n  </Timestamps>\n"
      "  <Root>\n"
      "    <Loop>\n"
      "      <Selector>\n"
      "        <IfTime since=\"Seen\" isMoreThan=\"2\"><Move/></IfTime>\n"
      "        <Sequence>\n          <AssertTime since=\"Seen\" isLessThan=\"2\"/>\n          <Shoot/>\n        </Sequence>\n"
      "        <Sequence>\n          <WaitUntilTime since=\"Seen\" isMoreThan=\"5\"/>\n          <Look/>\n        </Sequence>\n"
      "      </Selector>\n"
      "    </Loop>\n"
      "  </Root>\n"
      "</BehaviorTree>\n";
  // Never set: IfTime and AssertTime fail, WaitUntilTime waits (the Selector stays at it).
  CHECK(Run("t.xml", tree,
            "tick 1:\ntick 2: event OnSeen\ntick 3:\ntick 4:\ntick 5:\ntick 6:\ntick 7:\ntick 8: Look=S\n"
            "tick 9: event OnSeen\ntick 10: Shoot=S; Move=S\ntick 11: time 12.5; Move=S\n",
            true) ==
        "- | R\nlifecycle: -\n"
        "- | R\nlifecycle: -\n"
        "- | R\nlifecycle: -\n"
        "- | R\nlifecycle: -\n"
        "- | R\nlifecycle: -\n"
        "- | R\nlifecycle: -\n"
        "- | R\nlifecycle: -\n"  // 5 s since: not more than 5
        "Look Move | R\nlifecycle: enter:Look exit:Look enter:Move\n"
        "Move | R\nlifecycle: -\n"
        "Move Shoot | R\nlifecycle: exit:Move enter:Shoot exit:Shoot\n"  // 1 s since: AssertTime holds
        "Move | R\nlifecycle: enter:Move exit:Move\n");                  // 3.5 s since: IfTime opens
  // orNeverBeenSet / succeedIfNeverBeenSet: each passes while the timestamp was never set.
  const std::string never =
      "<BehaviorTree>\n"
      "  <Timestamps>\n    <Timestamp name=\"Seen\" setOnEvent=\"OnSeen\"/>\n  </Timestamps>\n"
      "  <Root>\n"
      "    <Sequence>\n"
      "      <IfTime since=\"Seen\" isMoreThan=\"2\" orNeverBeenSet=\"true\"><Move/></IfTime>\n"
      "      <AssertTime since=\"Seen\" isLessThan=\"5\" orNeverBeenSet=\"true\"/>\n"
      "      <WaitUntilTime since=\"Seen\" isMoreThan=\"1\" succeedIfNeverBeenSet=\"true\"/>\n"
      "      <Shoot/>\n"
      "    </Sequence>\n"
      "  </Root>\n"
      "</BehaviorTree>\n";
  CHECK(Run("n.xml", never, "tick 1: Move=S\n") == "Move Shoot | R\n");
}

// =============================================================== selection trees

TEST_CASE("Selection tree: a StateMachine in a Priority keeps its state while selected, starts at its first "
          "state when selection comes back, and a state yielding no leaf passes to the next child",
          "[conformance][selection]") {
  const std::string tree =
      "<SelectionTree name=\"T\" type=\"BehaviorSelectionTree\">\n"
      "  <Variables>\n"
      "    <Variable name=\"Danger\"/>\n    <Variable name=\"Go\"/>\n"
      "    <Variable name=\"Back\"/>\n    <Variable name=\"Empty\"/>\n"
      "  </Variables>\n"
      "  <Priority name=\"Root\">\n"
      "    <Leaf name=\"Flee\" condition=\"Danger\"/>\n"
      "    <StateMachine name=\"SM\">\n"
      "      <State name=\"One\">\n"
      "        <Transition state=\"Two\" condition=\"Go\"/>\n"
      "        <Leaf name=\"A\"/>\n"
      "      </State>\n"
      "      <State name=\"Two\">\n"
      "        <Transition state=\"One\" condition=\"Back\"/>\n"
      "        <Priority name=\"P\">\n          <Leaf name=\"B\" condition=\"!Empty\"/>\n        </Priority>\n"
      "      </State>\n"
      "    </StateMachine>\n"
      "    <Leaf name=\"Idle\"/>\n"
      "  </Priority>\n"
      "</SelectionTree>\n";
  CHECK(Run("sm.xml", tree,
            "tick 1:\n"
            "tick 2: cond Go=true\n"                 // One -> Two
            "tick 3: cond Go=false\n"                // kept in Two
            "tick 4: cond Danger=true\n"             // the Priority's first child
            "tick 5: cond Danger=false\n"            // back: from One, Go false
            "tick 6: cond Go=true\n"                 // One -> Two
            "tick 7: cond Empty=true\n"              // Two yields no leaf: on to Idle
            "tick 8: cond Empty=false\n"             // from One again: One -> Two
            "tick 9: cond Go=false\n"
            "tick 10: cond Back=true\n"              // Two -> One
            "tick 11: cond Go=true\n") ==            // One -> Two -> One would loop: stays in One
        "A\nB\nB\nFlee\nA\nB\nIdle\nB\nB\nA\nA\n");
}
