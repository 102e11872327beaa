// tests/loaders/mbt/mbt_test_support.h — what the MBT loader tests share: a game's registry
// of trace actions (Move, Shoot, ... with their attributes typed), a fake script
// engine, the corpus reader, and Log lines recorded beside the trace.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "bt/data/registry.h"
#include "bt/core/debug_output.h"
#include "bt/loaders/mbt/modular_behavior_tree.h"
#include "tests/support/trace_agent.h"

namespace mbt_test {

inline std::string ReadData(const std::string& name) {
  std::ifstream in("tests/data/mbt/" + name, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The game: its AI nodes, each reading its attributes by name.
inline bt::data::Registry GameRegistry() {
  using bt::ParamType;
  bt::data::Registry registry;
#define MBT_TEST_ACTION(NAME) \
  BT_REGISTER_ACTION(registry, NAME, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate)
  MBT_TEST_ACTION("Move").Named({{"to", ParamType::Text, true}, {"speed", ParamType::Number}});
  MBT_TEST_ACTION("Shoot").Named({{"target", ParamType::Text, true}});
  for (const char* named : {"Animate", "Communicate", "Signal", "QueryTPS"})
    MBT_TEST_ACTION(named).Named({{"name", ParamType::Text, true}});
  for (const char* at : {"Look", "Aim"}) MBT_TEST_ACTION(at).Named({{"at", ParamType::Text, true}});
  MBT_TEST_ACTION("Stance").Named({{"stance", ParamType::Text, true}});
  for (const char* plain : {"OpenDoor", "MoveCautiouslyTowardsTarget", "MoveConfidentlyTowardsTarget", "Graft",
                            "ExecuteLua", "AssertLua", "LuaWrapper", "LuaBehavior"})
    MBT_TEST_ACTION(plain);
#undef MBT_TEST_ACTION
  BT_REGISTER_DECIDE(registry, "LuaGate", test::TraceDecide);
  return registry;
}

// A script engine that compiles anything but code saying "syntax error".
struct FakeScripts final : bt::loaders::ScriptCompiler {
  std::vector<std::string> compiled;  // "chunk: code", in compiling order; the handle is the index
  std::int64_t Compile(std::string_view code, std::string_view chunkName, std::string& error) override {
    if (code.find("syntax error") != std::string_view::npos) {
      error = std::string(chunkName) + ": unexpected symbol near 'error'";
      return -1;
    }
    compiled.push_back(std::string(chunkName) + ": " + std::string(code));
    return static_cast<std::int64_t>(compiled.size() - 1);
  }
};

// Log and Breakpoint lines (level 1, depth 0) into the agent's events, in order with the trace.
class LogLines {
 public:
  explicit LogLines(test::TraceAgent& agent) { bt::SetDebugOutput({1, nullptr, &Hook, &agent}); }
  ~LogLines() { bt::SetDebugOutput(saved_); }
  LogLines(const LogLines&) = delete;
  LogLines& operator=(const LogLines&) = delete;

 private:
  static void Hook(const bt::DebugLine& line, void* user) {
    if (line.level == 1 && line.depth == 0) static_cast<test::TraceAgent*>(user)->events.push_back(line.message);
  }
  bt::DebugOutputSettings saved_ = bt::GetDebugOutput();
};

}  // namespace mbt_test
