// tests/debug/debug_hardening_test.cpp — the debugging aids on hostile input: the
// default debug output after spdlog's registry is torn down or raced, trees
// InitializeTreeData rejects, misaligned, short and damaged blocks, tiny buffers
// and null names. Settings changed while another thread ticks: debug_output_threads_test.cpp.
#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "bt/debug/dot.h"
#include "bt/core/debug_output.h"
#include "bt/debug/print.h"
#include "tests/support/figure1_tree.h"

namespace {

// Restores the debug output settings of the process.
struct ScopedDebugOutput {
  bt::DebugOutputSettings saved = bt::GetDebugOutput();
  explicit ScopedDebugOutput(const bt::DebugOutputSettings& settings) { bt::SetDebugOutput(settings); }
  ~ScopedDebugOutput() { bt::SetDebugOutput(saved); }
};

// Restores spdlog's default logger and "bt" after a test tore the registry down.
struct ScopedSpdlogRegistry {
  std::shared_ptr<spdlog::logger> defaultLogger = spdlog::default_logger();
  std::shared_ptr<spdlog::logger> bt = spdlog::get("bt");
  ~ScopedSpdlogRegistry() {
    spdlog::drop_all();
    spdlog::set_default_logger(defaultLogger);
    if (bt) spdlog::register_logger(bt);
  }
};

// What the process writes to file descriptor 2 while it lives.
class StderrCapture {
 public:
  StderrCapture() {
    std::fflush(stderr);
    file_ = std::tmpfile();
    saved_ = dup(2);
    dup2(fileno(file_), 2);
  }
  ~StderrCapture() { Take(); }
  std::string Take() {
    if (file_ == nullptr) return {};
    std::fflush(stderr);
    dup2(saved_, 2);
    close(saved_);
    std::rewind(file_);
    std::string text;
    for (int c; (c = std::fgetc(file_)) != EOF;) text.push_back(static_cast<char>(c));
    std::fclose(file_);
    file_ = nullptr;
    return text;
  }

 private:
  std::FILE* file_ = nullptr;
  int saved_ = -1;
};

std::string Address(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

// The first tick of a fresh Figure 1 agent at level 2 through the default output,
// after `tearDown` did something to spdlog's registry: the one line it reports.
template <class TearDown>
std::string FirstLineAfter(TearDown tearDown) {
  using namespace figure1;
  ScopedSpdlogRegistry registry;
  test::TraceAgent agent;
  Memory memory{};
  tearDown();
  std::string text;
  {
    ScopedDebugOutput output({.level = 2});
    StderrCapture capture;
    CHECK(test::Tick(ROOT, agent, memory, 0.0).result.status == bt::Status::Running);
    text = capture.Take();
  }
  CHECK(spdlog::get("bt") != nullptr);  // created and registered for the next lines
  // spdlog's default pattern: "[date time.ms] [bt] [info] " then the line.
  const std::string line = "BTDBO(1) " + Address(&agent) +
                           " @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297\n";
  CHECK(std::regex_match(text.substr(0, 26), std::regex(R"(\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] )")));
  CHECK(text.substr(text.size() < 26 ? 0 : 26) == "[bt] [info] " + line);
  return text;
}

}  // namespace

// -------------------------------------------------------------- the default output and spdlog

TEST_CASE("Debug output after spdlog::drop_all goes to a logger \"bt\" on stderr", "[debug][debug_output][spdlog]") {
  FirstLineAfter([] { spdlog::drop_all(); });
}

TEST_CASE("Debug output after spdlog::shutdown goes to a logger \"bt\" on stderr", "[debug][debug_output][spdlog]") {
  FirstLineAfter([] { spdlog::shutdown(); });
}

// Not tagged [threads]: the system's libspdlog is not built for TSan, which then
// misses the ordering of its shared_ptr releases and reports the loggers' frees.
TEST_CASE("Debug output survives another thread registering \"bt\" while ticks create it",
          "[debug][debug_output][spdlog]") {
  using namespace figure1;
  ScopedSpdlogRegistry registry;
  auto nowhere = std::make_shared<spdlog::sinks::null_sink_mt>();
  // The logger ours are cloned from writes nowhere, so the test is silent.
  spdlog::set_default_logger(std::make_shared<spdlog::logger>("", nowhere));
  spdlog::drop("bt");
  ScopedDebugOutput output({.level = 3});  // three lines a tick, each looking "bt" up

  std::atomic<bool> ticking{true};
  std::atomic<int> escaped{0};
  std::atomic<int> ticks{0};
  auto tick = [&] {
    test::TraceAgent agent;
    Memory memory{};
    for (int i = 0; i < 4000; ++i) {
      try {
        test::Tick(ROOT, agent, memory, i * 0.1);
      } catch (...) {  // the tick promises never to throw
        ++escaped;
      }
      ++ticks;
    }
  };
  std::thread racer([&] {
    while (ticking) {
      spdlog::drop("bt");
      try {
        spdlog::register_logger(std::make_shared<spdlog::logger>("bt", nowhere));
      } catch (const spdlog::spdlog_ex&) {  // a tick registered it first
      }
    }
  });
  std::thread first(tick), second(tick);
  first.join();
  second.join();
  ticking = false;
  racer.join();
  CHECK(ticks == 8000);
  CHECK(escaped == 0);
}

// -------------------------------------------------------------- rejected trees

namespace rejected {
// A group whose children pointer a loader left null: InitializeTreeData rejects it.
constinit bt::DeciderData brokenData{};
constexpr bt::DeciderDef BROKEN{
    .name = "BROKEN", .kind = bt::DeciderKind::Group, .children = nullptr, .childCount = 2, .data = &brokenData};
// A good group above a broken one: the message names the broken one.
constinit bt::DeciderData holderData{};
constexpr const bt::DeciderDef* holderChildren[] = {&BROKEN};
constexpr bt::DeciderDef HOLDER{
    .name = "HOLDER", .kind = bt::DeciderKind::Group, .children = holderChildren, .childCount = 1, .data = &holderData};
// A root without DeciderData.
constexpr bt::DeciderDef NO_DATA{.name = "NO_DATA", .kind = bt::DeciderKind::Group};
}  // namespace rejected

TEST_CASE("DebugPrintState prints why a tree was rejected", "[debug][debug_print][rejected]") {
  using namespace rejected;
  const bool wholeTree = GENERATE(false, true);
  bt::Memory<256> memory{};
  char buffer[512];
  SECTION("a null children pointer") {
    const std::size_t n = bt::DebugPrintState(BROKEN, memory.Span(), 0.0, buffer, {.wholeTree = wholeTree});
    const std::string expected =
        "bt: decider BROKEN: a group decider with no children: give it at least one child\n";
    CHECK(buffer == expected);
    CHECK(n == expected.size());
  }
  SECTION("below the root") {
    bt::DebugPrintState(HOLDER, memory.Span(), 0.0, buffer, {.wholeTree = wholeTree});
    CHECK(std::string(buffer) == "bt: decider BROKEN: a group decider with no children: give it at least one child\n");
  }
  SECTION("no DeciderData") {
    bt::DebugPrintState(NO_DATA, {}, 0.0, buffer, {.wholeTree = wholeTree});
    CHECK(std::string(buffer) ==
          "bt: decider NO_DATA: a decider or child pointer is null, or a decider has no DeciderData: define it "
          "with a BT_DEFINE_DECIDER_* macro\n");
  }
}

TEST_CASE("WriteTreeDot draws a rejected tree as a graph that says why", "[debug][debug_dot][rejected]") {
  using namespace rejected;
  bt::Memory<256> memory{};
  char buffer[512];
  const std::string expected =
      "digraph \"HOLDER\" {\n"
      "  label=\"tree rejected: bt: decider BROKEN: a group decider with no children: give it at least one "
      "child\";\n"
      "}\n";
  CHECK(bt::WriteTreeDot(HOLDER, memory.Span(), buffer) == expected.size());
  CHECK(buffer == expected);
  CHECK(bt::WriteTreeDot(BROKEN, {}, buffer) ==
        std::strlen("digraph \"BROKEN\" {\n  label=\"tree rejected: bt: decider BROKEN: a group decider with no "
                    "children: give it at least one child\";\n}\n"));
}

TEST_CASE("The inspectors find nothing active in a rejected tree", "[debug][inspect][rejected]") {
  using namespace rejected;
  bt::Memory<256> memory{};
  const bt::DeciderDef* path[bt::kMaxTreeDepth];
  for (const bt::DeciderDef* root : {&BROKEN, &HOLDER, &NO_DATA}) {
    CHECK(bt::ActivePath(*root, memory.Span(), path) == 0);
    CHECK(bt::ActiveBehaviorDecider(*root, memory.Span()) == nullptr);
    CHECK(bt::ActivatedAt(*root, memory.Span(), *root) < 0);
  }
}

// -------------------------------------------------------------- misaligned, short and damaged blocks

namespace {

// A copy of a block at `offset` bytes from a kMaxAlignment boundary.
struct Shifted {
  alignas(bt::kMaxAlignment) std::byte bytes[sizeof(figure1::Memory) + bt::kMaxAlignment];
  std::size_t offset;
  Shifted(const figure1::Memory& memory, std::size_t offset) : offset(offset) {
    std::memcpy(bytes + offset, memory.bytes, sizeof memory.bytes);
  }
  std::span<const std::byte> Span() const { return {bytes + offset, sizeof(figure1::Memory)}; }
};

std::string PrintState(std::span<const std::byte> memory, bool wholeTree) {
  char buffer[4096];
  const std::size_t n = bt::DebugPrintState(figure1::ROOT, memory, 1.0, buffer, {.wholeTree = wholeTree});
  CHECK(n == std::strlen(buffer));
  return buffer;
}

}  // namespace

TEST_CASE("The inspectors refuse a misaligned or too small block", "[debug][inspect][debug_print][debug_dot]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  test::Tick(ROOT, agent, memory, 0.0);  // ROOT > IDLE > REST
  REQUIRE(bt::ActivePath(ROOT, memory.Span(), {}) == 3);

  const std::size_t offset = GENERATE(std::size_t{0}, std::size_t{4}, std::size_t{8});
  const Shifted shifted(memory, offset);
  // Misaligned, or aligned but one byte short of MemoryBytesFor(ROOT).
  const std::span<const std::byte> block =
      offset != 0 ? shifted.Span() : shifted.Span().first(bt::MemoryBytesFor(ROOT) - 1);
  const bt::DeciderDef* path[bt::kMaxTreeDepth];
  CHECK(bt::ActivePath(ROOT, block, path) == 0);
  CHECK(bt::ActiveBehaviorDecider(ROOT, block) == nullptr);
  CHECK(bt::ActivatedAt(ROOT, block, ROOT) < 0);

  CHECK(PrintState(block, false) == "(memory block too small or misaligned)\n");
  CHECK(PrintState(block, true) == std::string("(memory block too small or misaligned)\n") + figure1::kWholeTreeText);

  char dot[4096];
  bt::WriteTreeDot(ROOT, block, dot);
  const std::string text = dot;
  CHECK(text.find("fillcolor=\"#ffd966\"") == std::string::npos);  // nothing highlighted
  CHECK(text.find("  edge [fontname=\"Helvetica\", fontsize=9, color=\"#666666\"];\n"
                  "  label=\"memory block too small or misaligned\";\n"
                  "  \"ROOT\" [label=\"ROOT\\nPrioritizedList\"];\n") != std::string::npos);
  // The block itself, aligned and whole, is read as before.
  CHECK(bt::ActivePath(ROOT, memory.Span(), path) == 3);
  CHECK(PrintState(std::span<const std::byte>(), false) == "(no active deciders)\n");  // no block: no note
}

namespace {
template <std::size_t N>
bt::SlotHeader& SlotOf(bt::Memory<N>& memory, const bt::DeciderDef& d) {
  return *reinterpret_cast<bt::SlotHeader*>(memory.bytes + sizeof(bt::MemoryHeader) + d.data->slotOffset);
}
}  // namespace

TEST_CASE("The inspectors stop at a group whose active child is out of range", "[debug][inspect][debug_print]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  test::Tick(ROOT, agent, memory, 0.0);  // ROOT > IDLE > REST
  SlotOf(memory, IDLE).activeChild = GENERATE(std::uint8_t{2}, std::uint8_t{200});
  const int child = SlotOf(memory, IDLE).activeChild;

  const bt::DeciderDef* path[bt::kMaxTreeDepth];
  REQUIRE(bt::ActivePath(ROOT, memory.Span(), path) == 2);
  CHECK(path[1] == &IDLE);
  CHECK(bt::ActiveBehaviorDecider(ROOT, memory.Span()) == &IDLE);
  CHECK(bt::ActivatedAt(ROOT, memory.Span(), REST) < 0);
  CHECK(PrintState(memory.Span(), false) ==
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: 4\n"
        "  *4:IDLE/0xc0f30393 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: " +
            std::to_string(child) + " (corrupt)\n");
  // The whole tree marks nothing below IDLE either.
  const std::string whole = PrintState(memory.Span(), true);
  CHECK(whole.find("  *4:IDLE/0xc0f30393 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: " +
                   std::to_string(child) + " (corrupt)\n"
                   "     0:PLAY/0xac85eb63 (kGroup, kGroupRandom 0x0) [(no group behavior)]\n") != std::string::npos);
  CHECK(whole.find("     1:REST/0x280f7297 (kBehavior 0x0) [REST_B/0x2299026e] (0x00000000)\n") != std::string::npos);
}

// -------------------------------------------------------------- short buffers

TEST_CASE("DebugPrintState into buffers of 0 to 20 bytes", "[debug][debug_print]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  test::Tick(ROOT, agent, memory, 0.0);
  // No line fits (the first is 95 characters): only a marker, the longest that fits.
  for (std::size_t size = 0; size <= 20; ++size) {
    INFO("size " << size);
    std::string expected = size >= 17 ? "[... truncated]\n" : size >= 7 ? "[...]\n" : "";
    char buffer[24];
    std::memset(buffer, 'x', sizeof buffer);
    const std::size_t n = bt::DebugPrintState(ROOT, memory.Span(), 1.0, std::span<char>(buffer, size));
    CHECK(n == expected.size());
    if (size > 0) {
      CHECK(std::string(buffer) == expected);
    }
    // Nothing is written past the buffer (nothing at all into an empty one).
    CHECK(std::string(buffer + size, sizeof buffer - size) == std::string(sizeof buffer - size, 'x'));
  }
}

// -------------------------------------------------------------- null names

namespace unnamed {
// A loader's tree without names: a group over a behavior decider whose behavior has none either.
constexpr bt::BehaviorDef NAMELESS_B{.name = nullptr};
constinit bt::DeciderData leafData{};
constexpr bt::DeciderDef LEAF{.name = nullptr, .kind = bt::DeciderKind::Behavior, .behavior = &NAMELESS_B,
                              .data = &leafData};
constinit bt::DeciderData rootData{};
constexpr const bt::DeciderDef* rootChildren[] = {&LEAF};
constexpr bt::DeciderDef ROOT{
    .name = nullptr, .kind = bt::DeciderKind::Group, .children = rootChildren, .childCount = 1, .data = &rootData};
}  // namespace unnamed

TEST_CASE("Debug output prints null names \"(unnamed)\"", "[debug][debug_output]") {
  using namespace unnamed;
  REQUIRE(bt::InitializeTreeData(ROOT));
  bt::Memory<64> memory{};
  int agent = 0;
  std::vector<std::string> lines;
  ScopedDebugOutput output({.level = 5,
                            .output = [](const bt::DebugLine& line, void* user) {
                              static_cast<std::vector<std::string>*>(user)->push_back(line.message);
                            },
                            .user = &lines});
  CHECK(bt::TickBehaviorTree(ROOT, &agent, memory.Span(), 0.0, 0.1f).status == bt::Status::Running);
  CHECK(lines == std::vector<std::string>{
                     "**************** starting tree (unnamed)/0x0 for " + Address(&agent) + " ****************",
                     "dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
                     "decider (unnamed)/0x0...has no preconditions...no Decide, accepts with 1.000000",
                     "processing decider (unnamed)/0x0, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, "
                     "block id: 0x00000000",
                     "visiting new kGroup decider (unnamed)/0x0, kGroupPrioritizedList, 1 children, active child -1, "
                     "duration 0.000",
                     "child 0 ((unnamed)/0x0)...has no preconditions...no Decide, accepts with 1.000000",
                     "ChildrenDecide returned with RunIdx 0, ShuffleIdx -1",
                     "(unnamed)/0x0 chose child 0 (unnamed)/0x0",
                     "processing decider (unnamed)/0x0, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, "
                     "block id: 0x00000000",
                     "visiting new kBehavior decider (unnamed)/0x0, duration 0.000",
                     "activating behavior (unnamed)/0x0 with flags 0x0, in decider (unnamed)/0x0",
                     "ticking behavior (unnamed)/0x0 @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                     "current behavior (unnamed)/0x0 with flags 0x0, in decider (unnamed)/0x0",
                     "**************** finished tree for " + Address(&agent) +
                         ", depth 2: (unnamed)/0x0 Running in (unnamed)/0x0 ****************",
                 });
}

TEST_CASE("DebugPrintState and WriteTreeDot print null names \"(unnamed)\"", "[debug][debug_print][debug_dot]") {
  using namespace unnamed;
  REQUIRE(bt::InitializeTreeData(ROOT));
  bt::Memory<64> memory{};
  int agent = 0;
  (void)bt::TickBehaviorTree(ROOT, &agent, memory.Span(), 0.0, 0.1f);  // the names printed are the point

  char print[512];
  bt::DebugPrintState(ROOT, memory.Span(), 1.0, print);
  CHECK(std::string(print) ==
        "*0:(unnamed)/0x0 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: 0\n"
        "  *0:(unnamed)/0x0 (kBehavior 0x0) time: 1.00 [(unnamed)/0x0] (0x00000000)\n");

  // One node per decider: two unnamed ones are not merged into one.
  char dot[2048];
  bt::WriteTreeDot(ROOT, {}, dot, {.leftToRight = false});
  const std::string root = "\"(unnamed) " + Address(&ROOT) + "\"";
  const std::string leaf = "\"(unnamed) " + Address(&LEAF) + "\"";
  CHECK(std::string(dot) ==
        "digraph \"(unnamed)\" {\n"
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", "
        "fontsize=11];\n"
        "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#666666\"];\n"
        "  " + root + " [label=\"(unnamed)\\nPrioritizedList\"];\n"
        "  " + root + " -> " + leaf + " [label=\"0\"];\n"
        "  " + leaf + " [label=\"(unnamed)\\n[(unnamed)]\", shape=ellipse];\n"
        "}\n");
}
