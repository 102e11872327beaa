// tests/fuzz/lua_fuzzer.cpp — libFuzzer harness over LuaScripts::Compile
// (bt/loaders/lua/lua_scripts.h): the path a tree file's Lua code takes at load.
//
// An input is a chunk of code, compiled in a fresh engine (with a small memory
// limit), then a known chunk after it. Checked: a chunk compiles to a handle of
// this engine numbered in order, or fails with an error and no handle; the
// error is Lua's message after the chunk's name, with a line within the input
// or without one (a binary chunk, nesting too deep, memory); the engine
// still compiles and runs afterwards. Running the fuzzed code is not part of it:
// a Lua pattern may take long in C (a limit lua_scripts.h documents).
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "bt/loaders/lua/lua_scripts.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view code(reinterpret_cast<const char*>(data), size);
  std::size_t lines = 1;  // at most: Lua breaks lines at \n, \r and their pairs
  for (const char c : code) lines += c == '\n' || c == '\r';
  bt::loaders::LuaScripts scripts(bt::loaders::LuaLimits{.instructionBudget = 10'000, .memoryBytes = 4u << 20});
  std::string error;
  const std::int64_t handle = scripts.Compile(code, "fuzz.lua:7", error);
  std::uint32_t chunk = 99;
  if (handle >= 0) {
    FUZZ_CHECK(error.empty());
    FUZZ_CHECK(bt::loaders::LuaScripts::FromHandle(static_cast<double>(handle), chunk) == &scripts);
    FUZZ_CHECK(chunk == 0);
  } else {
    FUZZ_CHECK(handle == -1);
    FUZZ_CHECK(!error.empty());
    // Lua's message after the file's name and line: the chunk starts at line 7,
    // so its line N is the file's 7 + N - 1 ("fuzz.lua:9: ..."); one without a
    // line (a binary chunk, nesting too deep, memory) names line 7.
    constexpr std::string_view kPrefix = "fuzz.lua:";
    FUZZ_CHECK(error.compare(0, kPrefix.size(), kPrefix) == 0);
    unsigned long line = 0;
    FUZZ_CHECK(std::sscanf(error.c_str() + kPrefix.size(), "%lu:", &line) == 1);
    FUZZ_CHECK(line >= 7 && line <= lines + 6);
  }
  const std::int64_t after = scripts.Compile("return 1 + 1 == 2", "after", error);
  FUZZ_CHECK(after >= 0);
  FUZZ_CHECK(bt::loaders::LuaScripts::FromHandle(static_cast<double>(after), chunk) == &scripts);
  FUZZ_CHECK(chunk == (handle >= 0 ? 1u : 0u));
  bool truth = false;
  FUZZ_CHECK(scripts.Run(chunk, bt::loaders::LuaRun{}, truth));
  FUZZ_CHECK(truth);
  return 0;
}
