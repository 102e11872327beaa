// tests/engine/refusal_test.cpp — nothing fails silently: every refused call is a Status
// with a level-1 debug line saying what to do and a call of the refusal hook;
// misaligned and never-zeroed blocks say so; ResetMemory for a restarted clock;
// saving and restoring blocks as bytes; a tree that takes no agent ticks with none.
#include <catch2/catch.hpp>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/engine/save.h"

using bt::Result;
using bt::Status;
using Lines = std::vector<std::string>;

namespace refusal {

struct Creature {
  int hunger = 0;
  std::vector<std::string> events;
  std::span<std::byte> self;  // ticked again from WANDER's Tick when reenter
  bool reenter = false;
  Status nested = Status::Running;
  bool saveSelf = false;  // WANDER's Tick saves its own block
  Status saved = Status::Running;
};
struct Other {};

struct Steps {
  int count = 0;
};

float IsHungry(Creature& c) { return c.hunger >= 3 ? 1.0f : 0.0f; }
bool ActivateEat(Creature& c, Steps&) {
  c.events.push_back("activate EAT_B");
  return true;
}
Result Eat(Creature& c, Steps& s) {
  c.events.push_back("tick EAT_B " + std::to_string(++s.count));
  c.hunger -= 1;
  return c.hunger > 0 ? Result::Running : Result::Done;
}
void DeactivateEat(Creature& c, Steps&) { c.events.push_back("deactivate EAT_B"); }
Result Wander(Creature& c, Steps& s);

BT_DEFINE_BEHAVIOR__MEMORY(EAT_B, Steps, ActivateEat, Eat, DeactivateEat);
BT_DEFINE_BEHAVIOR__MEMORY(WANDER_B, Steps, nullptr, Wander, nullptr);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(WANDER);
BT_DEFINE_DECIDER_GROUP(ROOT, Random, nullptr, EAT, WANDER);  // Random: the block's RNG matters
BT_DEFINE_DECIDER_BEHAVIOR(EAT, EAT_B, IsHungry);
BT_DEFINE_DECIDER_BEHAVIOR(WANDER, WANDER_B, nullptr);
BT_CHECK_TREE_SAVEABLE(ROOT);

Result Wander(Creature& c, Steps& s) {
  c.events.push_back("tick WANDER_B " + std::to_string(++s.count));
  ++c.hunger;
  if (c.reenter) c.nested = bt::TickBehaviorTree(ROOT, c, c.self, 100.0, 0.1f).status;
  if (c.saveSelf) {
    std::byte buffer[512];
    c.saved = bt::SaveMemory(ROOT, c.self, buffer).status;
  }
  return Result::Running;
}

// A behavior memory struct that is not trivially copyable: the tree cannot be saved.
struct Held {
  Held() = default;
  Held(const Held&) {}
  int x = 0;
};
Result Hold(Creature&, Held&) { return Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(HOLD_B, Held, nullptr, Hold, nullptr);
BT_DECLARE_DECIDER(HOLD);
BT_DEFINE_DECIDER_GROUP(HOLD_ROOT, PrioritizedList, nullptr, WANDER, HOLD);
BT_DEFINE_DECIDER_BEHAVIOR(HOLD, HOLD_B, nullptr);

// A tree whose functions take no agent (Spore S01: the agent "could just be null").
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, nullptr);
BT_DECLARE_DECIDER(IDLE);
BT_DEFINE_DECIDER_GROUP(IDLE_ROOT, PrioritizedList, nullptr, IDLE);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);

// A decider that was never defined with a macro: no DeciderData.
const bt::DeciderDef kNoData{};

struct Capture {
  Lines lines;
  std::vector<bt::Refusal> refusals;
  std::vector<std::string> messages;
  static void Line(const bt::DebugLine& line, void* user) { static_cast<Capture*>(user)->lines.push_back(line.text); }
  static void Refused(const bt::Refusal& r, void* user) {
    auto& self = *static_cast<Capture*>(user);
    self.refusals.push_back(r);
    self.messages.push_back(r.message);
  }
  Lines Take() {
    Lines taken;
    taken.swap(lines);
    return taken;
  }
};

// Debug output at level 1 into a Capture, and the refusal hook too; restored after.
struct Scoped {
  bt::DebugOutputSettings saved = bt::GetDebugOutput();
  Capture capture;
  explicit Scoped(int level = 1, bool hook = true) {
    bt::SetDebugOutput({level, nullptr, &Capture::Line, &capture});
    if (hook) bt::SetRefusalHook(&Capture::Refused, &capture);
  }
  ~Scoped() {
    bt::SetDebugOutput(saved);
    bt::SetRefusalHook(nullptr, nullptr);
  }
};

std::string Line(const void* agent, double time, const std::string& message) {
  char head[64];
  std::snprintf(head, sizeof head, "BTDBO(1) %p @ %.3f: ", agent, time);
  return head + message;
}

std::string Hex(std::uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

}  // namespace refusal

using namespace refusal;

// As bt/engine/README.md says: the level is 0 until the game raises it, and the
// one call it shows, bt::SetDebugOutput({.level = 1}), writes the line to the spdlog logger "bt".
TEST_CASE("A refused tick's line is not written at the default level 0; SetDebugOutput({.level = 1}) shows it",
          "[refusal]") {
  CHECK(bt::DebugOutputSettings{}.level == 0);
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  std::ostringstream stream;
  auto previous = spdlog::get("bt");
  spdlog::drop("bt");
  auto logger = std::make_shared<spdlog::logger>("bt", std::make_shared<spdlog::sinks::ostream_sink_st>(stream));
  logger->set_pattern("%v");
  spdlog::register_logger(logger);
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  const std::size_t need = bt::MemoryBytesFor(ROOT);

  bt::SetDebugOutput({});  // the default: level 0
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory.Span().first(32), 1.0, 0.1f).status == Status::MemoryTooSmall);
  CHECK(stream.str().empty());

  bt::SetDebugOutput({.level = 1});
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory.Span().first(32), 1.0, 0.1f).status == Status::MemoryTooSmall);
  CHECK(stream.str() == Line(&creature, 1.0,
                             "refused: MemoryTooSmall: the block has 32 bytes, the tree needs " + std::to_string(need) +
                                 " (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)\n"));

  bt::SetDebugOutput(saved);
  spdlog::drop("bt");
  if (previous) spdlog::register_logger(previous);
}

TEST_CASE("Every refused tick says what is wrong and what to do at level 1", "[refusal]") {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  const std::size_t need = bt::MemoryBytesFor(ROOT);
  REQUIRE(need == sizeof memory);
  Scoped scoped;

  SECTION("a block too small") {
    const auto result = bt::TickBehaviorTree(ROOT, creature, memory.Span().first(32), 1.0, 0.1f);
    CHECK(result.status == Status::MemoryTooSmall);
    CHECK(result.decider == &ROOT);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 1.0,
                     "refused: MemoryTooSmall: the block has 32 bytes, the tree needs " + std::to_string(need) +
                         " (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)")});
  }
  SECTION("a misaligned block is MemoryMisaligned, not MemoryTooSmall") {
    bt::Memory<sizeof memory + 16> larger{};
    const auto span = larger.Span().subspan(4, need);
    CHECK(bt::TickBehaviorTree(ROOT, creature, span, 1.0, 0.1f).status == Status::MemoryMisaligned);
    char at[32];
    std::snprintf(at, sizeof at, "%p", static_cast<void*>(span.data()));
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 1.0,
                     std::string("refused: MemoryMisaligned: the block at ") + at +
                         " is not aligned to 16 bytes (align it to bt::kMaxAlignment: use bt::Memory<N> / "
                         "bt::MemoryFor<ROOT>)")});
    CHECK(std::string(bt::StatusName(Status::MemoryMisaligned)) == "MemoryMisaligned");
  }
  SECTION("a block never zeroed is MemoryFromOtherTree, and says it may be garbage") {
    bt::MemoryFor<ROOT> garbage;
    std::memset(garbage.bytes, 0xAB, sizeof garbage.bytes);
    CHECK(bt::TickBehaviorTree(ROOT, creature, garbage, 1.0, 0.1f).status == Status::MemoryFromOtherTree);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 1.0,
                     "refused: MemoryFromOtherTree: the block has tree stamp 0xabababab, this tree's is " +
                         Hex(ROOT.data->tree.stamp) +
                         ": it was started with a different tree (or another version of this one), or was never "
                         "zeroed: value-initialize it (bt::MemoryFor<ROOT> memory{})")});
    CHECK(std::string(bt::StatusDescription(Status::MemoryFromOtherTree)) ==
          "the memory block was started with a different tree, or was never zeroed: value-initialize it "
          "(bt::MemoryFor<ROOT> memory{})");
  }
  SECTION("a bad dt") {
    CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 1.0, -1.0f).status == Status::BadTime);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 1.0,
                     "refused: BadTime: time 1 or dt -1 is not acceptable (time finite and within +-1e15 s, dt "
                     "finite and >= 0)")});
  }
  SECTION("time going backwards names ResetMemory") {
    CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 5.0, 0.1f).status == Status::Running);
    scoped.capture.Take();
    CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 1.0, 0.1f).status == Status::BadTime);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 1.0,
                     "refused: BadTime: time 1.000 is before the block's last tick at 5.000: time went backwards (a "
                     "level's clock restarted? call bt::ResetMemory)")});
  }
  SECTION("a null agent, an agent of another type, a tree rejected") {
    Creature* none = nullptr;
    CHECK(bt::TickBehaviorTree(ROOT, none, memory.Span(), 1.0, 0.1f).status == Status::NullAgent);
    Other other;
    // As a span: given the block of bt::MemoryFor<ROOT> itself, the wrong type does not compile.
    CHECK(bt::TickBehaviorTree(ROOT, other, memory.Span(), 1.0, 0.1f).status == Status::AgentTypeMismatch);
    const auto invalid = bt::TickBehaviorTree(kNoData, creature, memory, 1.0, 0.1f);
    CHECK(invalid.status == Status::InvalidTree);
    bt::TreeError error;
    CHECK_FALSE(bt::InitializeTreeData(kNoData, &error));
    CHECK(scoped.capture.Take() ==
          Lines{Line(nullptr, 1.0,
                     "refused: NullAgent: the agent is null, and the tree's functions take an agent (pass the "
                     "agent)"),
                Line(&other, 1.0,
                     "refused: AgentTypeMismatch: the agent is not of the type the tree's functions take (pass that "
                     "type; for a derived class declare BT_AGENT_BASE(Derived, Base))"),
                Line(&creature, 1.0, std::string("refused: InvalidTree: ") + error.message)});
  }
  SECTION("a tick of its own block from a callback") {
    CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 1.0, 0.1f).status == Status::Running);
    REQUIRE(creature.events == std::vector<std::string>{"tick WANDER_B 1"});
    scoped.capture.Take();
    creature.self = memory.Span();
    creature.reenter = true;
    CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 2.0, 0.1f).status == Status::Running);
    CHECK(creature.nested == Status::Reentered);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 100.0,
                     "refused: Reentered: the block is already being ticked or stopped on this thread (a callback "
                     "ticked or saved its own agent), or calls are nested deeper than bt::kMaxNestedTicks")});
  }
  SECTION("a refused Stop says so") {
    bt::StopBehaviorTree(ROOT, creature, memory.Span().first(16), 3.0);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&creature, 3.0,
                     "stop refused: MemoryTooSmall: the block has 16 bytes, the tree needs " + std::to_string(need) +
                         " (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)")});
  }
  SECTION("the compiled tick falls back on a misaligned span and reports the same") {
    bt::Memory<sizeof memory + 16> larger{};
    CHECK(bt::TickBehaviorTreeCompiled<ROOT>(creature, larger.Span().subspan(8, need), 1.0, 0.1f).status ==
          Status::MemoryMisaligned);
    CHECK(scoped.capture.Take().size() == 1);
  }
}

TEST_CASE("The refusal hook is handed every refusal, with or without debug output", "[refusal]") {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  Scoped scoped(0);
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory.Span().first(8), 2.5, 0.1f).status == Status::MemoryTooSmall);
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 2.5, 0.1f).status == Status::Running);  // not a refusal
  CHECK(scoped.capture.lines.empty());
  REQUIRE(scoped.capture.refusals.size() == 1);
  const bt::Refusal& r = scoped.capture.refusals[0];
  CHECK(r.status == Status::MemoryTooSmall);
  CHECK(std::string(r.operation) == "tick");
  CHECK(r.root == &ROOT);
  CHECK(r.decider == &ROOT);
  CHECK(r.agent == &creature);
  CHECK(r.time == 2.5);
  CHECK(scoped.capture.messages[0] == "MemoryTooSmall: the block has 8 bytes, the tree needs " +
                                          std::to_string(sizeof memory) +
                                          " (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)");
  bt::SetRefusalHook(nullptr);
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory.Span().first(8), 2.5, 0.1f).status == Status::MemoryTooSmall);
  CHECK(scoped.capture.refusals.size() == 1);
}

TEST_CASE("ResetMemory stops the block and restarts its clock, keeping its RNG seed", "[refusal][reset]") {
  Creature creature;
  creature.hunger = 3;
  bt::MemoryFor<ROOT> memory{};
  bt::SeedMemory(memory.Span(), 7);
  const auto* header = reinterpret_cast<const bt::MemoryHeader*>(memory.bytes);
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 50.0, 0.1f).status == Status::Running);
  CHECK(creature.events == std::vector<std::string>{"activate EAT_B", "tick EAT_B 1"});
  creature.events.clear();
  const std::uint32_t rng = header->rng;
  // The level restarts: its clock is back at 0.
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 0.0, 0.1f).status == Status::BadTime);
  CHECK(bt::ResetMemory(ROOT, creature, memory, 0.0) == Status::NoBehavior);
  CHECK(creature.events == std::vector<std::string>{"deactivate EAT_B"});
  CHECK(header->rng == rng);
  CHECK(header->treeStamp == 0);
  CHECK(header->rootActive == 0);
  creature.events.clear();
  CHECK(bt::TickBehaviorTree(ROOT, creature, memory, 0.0, 0.1f).status == Status::Running);
  CHECK(creature.events == std::vector<std::string>{"tick WANDER_B 1"});  // no longer hungry; a fresh Steps
  SECTION("refused like a Stop, changing nothing") {
    Scoped scoped;
    Other other;
    bt::MemoryFor<ROOT> before = memory;
    CHECK(bt::ResetMemory(ROOT, other, memory, 0.0) == Status::AgentTypeMismatch);
    CHECK(std::memcmp(before.bytes, memory.bytes, sizeof memory) == 0);
    CHECK(scoped.capture.Take() ==
          Lines{Line(&other, 0.0,
                     "reset refused: AgentTypeMismatch: the agent is not of the type the tree's functions take "
                     "(pass that type; for a derived class declare BT_AGENT_BASE(Derived, Base))")});
  }
}

TEST_CASE("A tree whose functions take no agent ticks with a null agent", "[refusal][null-agent]") {
  bt::MemoryFor<IDLE_ROOT> memory{};
  REQUIRE(bt::InitializeTreeData(IDLE_ROOT));
  CHECK(IDLE_ROOT.data->tree.agentType == bt::kNoType);
  const auto untyped =
      bt::TickBehaviorTree(IDLE_ROOT, static_cast<void*>(nullptr), bt::kNoType, memory.Span(), 1.0, 0.1f, 0, 0, {});
  CHECK(untyped.status == Status::Running);
  CHECK(untyped.decider == &IDLE);
  Creature* none = nullptr;
  const auto typed = bt::TickBehaviorTree(IDLE_ROOT, none, memory.Span(), 2.0, 0.1f);
  CHECK(typed.status == Status::Running);
  CHECK(typed.decider == &IDLE);
  bt::StopBehaviorTree(IDLE_ROOT, static_cast<void*>(nullptr), memory.Span(), 3.0);
  CHECK(bt::ActiveBehaviorDecider(IDLE_ROOT, memory.Span()) == nullptr);
  // A tree whose functions take an agent still refuses a null one.
  bt::MemoryFor<ROOT> other{};
  CHECK(bt::TickBehaviorTree(ROOT, none, other.Span(), 1.0, 0.1f).status == Status::NullAgent);
}

TEST_CASE("A block saved mid-behavior and restored into a fresh block ticks on identically", "[refusal][save]") {
  Creature a;
  bt::MemoryFor<ROOT> memory{};
  bt::SeedMemory(memory.Span(), 11);
  for (int i = 0; i < 2; ++i) CHECK(bt::TickBehaviorTree(ROOT, a, memory, i * 0.5, 0.1f).status == Status::Running);
  REQUIRE(a.events == std::vector<std::string>{"tick WANDER_B 1", "tick WANDER_B 2"});

  std::vector<std::byte> saved(sizeof memory + 8);
  const bt::SaveResult result = bt::SaveMemory(ROOT, memory.Span(), saved);
  REQUIRE(result.status == Status::Done);
  REQUIRE(result.bytes == sizeof memory);
  saved.resize(result.bytes);
  CHECK(std::memcmp(saved.data(), memory.bytes, sizeof memory) == 0);

  bt::MemoryFor<ROOT> restored{};
  REQUIRE(bt::RestoreMemory(ROOT, saved, restored.Span()) == Status::Done);
  CHECK(std::memcmp(restored.bytes, memory.bytes, sizeof memory) == 0);  // exactly the saved bytes

  Creature b = a;
  a.events.clear();
  b.events.clear();
  for (int i = 2; i < 12; ++i) {
    const auto ra = bt::TickBehaviorTree(ROOT, a, memory, i * 0.5, 0.1f);
    const auto rb = bt::TickBehaviorTree(ROOT, b, restored, i * 0.5, 0.1f);
    CHECK(ra.status == rb.status);
    CHECK(ra.decider == rb.decider);
  }
  CHECK(a.events == b.events);
  CHECK(a.events.front() == "tick WANDER_B 3");  // the behavior went on where it was saved
  CHECK(a.events.size() >= 10);
  CHECK(std::memcmp(restored.bytes, memory.bytes, sizeof memory) == 0);
}

// A caller may hand a save buffer that overlaps the block (a save kept in
// place, shifted): the copy is defined, and the bytes are the block's.
TEST_CASE("A save or restore whose buffer overlaps the block copies exactly", "[refusal][save]") {
  Creature a;
  constexpr std::size_t kBytes = sizeof(bt::MemoryFor<ROOT>);
  alignas(bt::kMaxAlignment) std::byte buffer[kBytes + 16];
  bt::MemoryFor<ROOT> memory{};
  REQUIRE(bt::TickBehaviorTree(ROOT, a, memory, 0.0, 0.1f).status == Status::Running);
  std::memcpy(buffer, memory.bytes, kBytes);
  const std::span<std::byte> block(buffer, kBytes);  // aligned: a block in place
  std::vector<std::byte> expected(buffer, buffer + kBytes);
  const bt::SaveResult saved = bt::SaveMemory(ROOT, block, std::span(buffer + 8, kBytes));
  REQUIRE(saved.status == Status::Done);
  CHECK(std::memcmp(buffer + 8, expected.data(), kBytes) == 0);
  REQUIRE(bt::RestoreMemory(ROOT, std::span<const std::byte>(buffer + 8, kBytes), block) == Status::Done);
  CHECK(std::memcmp(buffer, expected.data(), kBytes) == 0);
}

TEST_CASE("Saves and restores that would be misread are refused, exactly", "[refusal][save]") {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  REQUIRE(bt::TickBehaviorTree(ROOT, creature, memory, 1.0, 0.1f).status == Status::Running);
  const std::size_t need = sizeof memory;
  std::vector<std::byte> out(need, std::byte{0x5A});
  const std::vector<std::byte> untouched = out;
  Scoped scoped;

  SECTION("a tree whose memory struct is not trivially copyable") {
    bt::MemoryFor<HOLD_ROOT> held{};
    std::vector<std::byte> buffer(sizeof held);
    const bt::SaveResult save = bt::SaveMemory(HOLD_ROOT, held.Span(), buffer);
    CHECK(save.status == Status::NotSaveable);
    CHECK(save.bytes == 0);
    CHECK(bt::RestoreMemory(HOLD_ROOT, buffer, held.Span()) == Status::NotSaveable);
    REQUIRE(scoped.capture.refusals.size() == 2);
    CHECK(scoped.capture.refusals[0].decider == &HOLD);
    const std::string message =
        "NotSaveable: decider HOLD has a behavior memory struct that is not trivially copyable (keep plain data in "
        "it to save blocks as bytes)";
    CHECK(scoped.capture.Take() ==
          Lines{Line(nullptr, 0.0, "save refused: " + message), Line(nullptr, 0.0, "restore refused: " + message)});
  }
  SECTION("a buffer too small") {
    const bt::SaveResult save = bt::SaveMemory(ROOT, memory.Span(), std::span(out).first(need - 1));
    CHECK(save.status == Status::MemoryTooSmall);
    CHECK(save.bytes == 0);
    CHECK(out == untouched);
    CHECK(scoped.capture.Take() ==
          Lines{Line(nullptr, 0.0,
                     "save refused: MemoryTooSmall: the buffer has " + std::to_string(need - 1) +
                         " bytes, the save needs " + std::to_string(need) + " (use bt::MemoryBytesFor)")});
  }
  SECTION("a block of another tree, or a misaligned one") {
    bt::MemoryFor<ROOT> garbage;
    std::memset(garbage.bytes, 0xAB, sizeof garbage.bytes);
    CHECK(bt::SaveMemory(ROOT, garbage.Span(), out).status == Status::MemoryFromOtherTree);
    bt::Memory<sizeof memory + 16> larger{};
    CHECK(bt::SaveMemory(ROOT, larger.Span().subspan(4, need), out).status == Status::MemoryMisaligned);
    CHECK(out == untouched);
  }
  SECTION("a save from a callback of a tick of the same block: half-way through a change") {
    creature.self = memory.Span();
    creature.saveSelf = true;
    REQUIRE(bt::TickBehaviorTree(ROOT, creature, memory, 2.0, 0.1f).status == Status::Running);
    CHECK(creature.saved == Status::Reentered);
    REQUIRE(scoped.capture.refusals.size() == 1);
    CHECK(std::string(scoped.capture.refusals[0].operation) == "save");
  }
  SECTION("a save of another version of the tree, or of the wrong size") {
    REQUIRE(bt::SaveMemory(ROOT, memory.Span(), out).status == Status::Done);
    bt::MemoryFor<ROOT> target{};
    const bt::MemoryFor<ROOT> before = target;
    std::vector<std::byte> other = out;
    const std::uint32_t stamp = ROOT.data->tree.stamp + 1;  // as an older version of the tree would have
    std::memcpy(other.data(), &stamp, sizeof stamp);
    CHECK(bt::RestoreMemory(ROOT, other, target.Span()) == Status::MemoryFromOtherTree);
    CHECK(bt::RestoreMemory(ROOT, std::span(out).first(need - 16), target.Span()) == Status::BadSave);
    CHECK(bt::RestoreMemory(ROOT, out, target.Span().first(need - 16)) == Status::MemoryTooSmall);
    CHECK(std::memcmp(before.bytes, target.bytes, sizeof target) == 0);
    CHECK(scoped.capture.Take() ==
          Lines{Line(nullptr, 0.0,
                     "restore refused: MemoryFromOtherTree: the save has tree stamp " + Hex(stamp) +
                         ", this tree's is " + Hex(ROOT.data->tree.stamp) +
                         ": it was started with a different tree (or another version of this one), or was never "
                         "zeroed: value-initialize it (bt::MemoryFor<ROOT> memory{})"),
                Line(nullptr, 0.0,
                     "restore refused: BadSave: the save has " + std::to_string(need - 16) +
                         " bytes, a block of this tree has " + std::to_string(need) + " (pass the whole save)"),
                Line(nullptr, 0.0,
                     "restore refused: MemoryTooSmall: the block has " + std::to_string(need - 16) +
                         " bytes, the tree needs " + std::to_string(need) +
                         " (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)")});
  }
}
