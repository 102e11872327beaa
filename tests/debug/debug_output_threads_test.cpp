// tests/debug/debug_output_threads_test.cpp — SetDebugOutput from one thread while
// another ticks: every line reaches one consistent set of settings (its hook
// with that hook's user pointer and filters). Also built under ThreadSanitizer
// (make tsan).
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "bt/core/debug_output.h"
#include "tests/support/figure1_tree.h"

namespace {

// Settings that switch under a ticking thread. Each has its own hook and user;
// a hook counts the calls that came with another setting's user pointer, or
// with a line its own level or agent filter would not want.
constexpr int kSettings = 4;
struct Expected {
  int level;
  const void* agent;  // null: any
  long calls = 0;
  long wrong = 0;
};
Expected gExpected[kSettings];

template <int I>
void Hook(const bt::DebugLine& line, void* user) {
  Expected& e = gExpected[I];
  ++e.calls;
  if (user != &e || line.level > e.level || (e.agent != nullptr && e.agent != line.agent)) ++e.wrong;
}

constexpr bt::DebugOutputFn kHooks[kSettings] = {Hook<0>, Hook<1>, Hook<2>, Hook<3>};

}  // namespace

TEST_CASE("A hook is only called with its own user pointer and filter while settings change",
          "[debug][debug_output][threads]") {
  using namespace figure1;
  test::TraceAgent agent;
  const int elsewhere = 0;  // an agent that never ticks
  // Every line; only this agent; another agent (never called); level 2 (no line of a steady tick).
  gExpected[0] = {5, nullptr};
  gExpected[1] = {5, &agent};
  gExpected[2] = {5, &elsewhere};
  gExpected[3] = {2, nullptr};
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();

  std::atomic<bool> ticking{true};
  std::thread switcher([&] {
    for (int i = 0; ticking; i = (i + 1) % kSettings)
      bt::SetDebugOutput({gExpected[i].level, gExpected[i].agent, kHooks[i], &gExpected[i]});
  });
  // Ticks until enough lines went through hooks 0 and 1, or for at most 20 s.
  Memory memory{};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  double time = 0;
  while (gExpected[0].calls + gExpected[1].calls < 200000 && std::chrono::steady_clock::now() < deadline)
    test::Tick(ROOT, agent, memory, time += 0.1);
  ticking = false;
  switcher.join();
  bt::SetDebugOutput(saved);
  for (int i = 0; i < kSettings; ++i) {
    INFO("setting " << i << ": " << gExpected[i].calls << " calls");
    CHECK(gExpected[i].wrong == 0);
  }
  CHECK(gExpected[2].calls == 0);
  CHECK(gExpected[0].calls + gExpected[1].calls > 0);
}

