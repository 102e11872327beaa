// tests/engine/variables_test.cpp — per-agent variables (bt/core/variables.h) in the memory
// block: layout, start, Set and Changes, the game's access, both ticks' contexts,
// save/restore and reset, damage, signals mapped to variables, the tree stamp,
// every tree problem; and how parameters and variables are shown.
//
// Index
//   [SECTION] a macro tree with variables — layout, Set, Changes, both ticks, saving, damage, signals, problems
//   [SECTION] showing parameters and variables — how DebugPrintState and the debugger show them
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/engine/signal_variables.h"

using bt::Status;
using bt::VariableType;

// =============================================================== [SECTION] a macro tree with variables
// ROOT is GUARD (ATTACK over PATROL) declaring HasTarget, Ammo and Alert.
// ATTACK's Decide reads HasTarget; its Tick spends Ammo and, out of it, clears
// HasTarget and is done. PATROL's Tick sets HasTarget when the soldier sees an
// enemy. Each records the variables pointer its context handed it.
namespace vars_tree {

struct Soldier {
  bool seesEnemy = false;
  std::vector<std::string> events;
  std::vector<const bt::VariableBlock*> seen;  // ctx.variables of each call, in order
};

constexpr int kHasTarget = 0, kAmmo = 1, kAlert = 2;
constexpr bt::VariableDecl kVariables[] = {
    {"HasTarget", VariableType::Bool, 0}, {"Ammo", VariableType::Number, 3}, {"Alert", VariableType::Bool, 1}};

float AttackDecide(Soldier& s, const bt::DecideContext& ctx) {
  s.seen.push_back(ctx.variables);
  s.events.push_back("decide ATTACK");
  return ctx.variables != nullptr && ctx.variables->GetBool(kHasTarget) ? 1.0f : 0.0f;
}

bt::Result AttackTick(Soldier& s, const bt::Context& ctx) {
  s.seen.push_back(ctx.variables);
  s.events.push_back("tick ATTACK_B");
  if (ctx.variables == nullptr) return bt::Result::Failed;
  const double ammo = ctx.variables->Get(kAmmo) - 1;
  ctx.variables->Set(kAmmo, ammo);
  if (ammo > 0) return bt::Result::Running;
  ctx.variables->SetBool(kHasTarget, false);
  return bt::Result::Done;
}

bt::Result PatrolTick(Soldier& s, const bt::Context& ctx) {
  s.seen.push_back(ctx.variables);
  s.events.push_back("tick PATROL_B");
  if (s.seesEnemy && ctx.variables != nullptr) ctx.variables->SetBool(kHasTarget, true);
  return bt::Result::Running;
}

BT_DEFINE_BEHAVIOR__TICK(ATTACK_B, AttackTick);
BT_DEFINE_BEHAVIOR__TICK(PATROL_B, PatrolTick);
BT_DECLARE_DECIDER(ATTACK);
BT_DECLARE_DECIDER(PATROL);
BT_DEFINE_DECIDER_GROUP(GUARD, PrioritizedList, nullptr, ATTACK, PATROL);
BT_DEFINE_DECIDER_BEHAVIOR(ATTACK, ATTACK_B, AttackDecide);
BT_DEFINE_DECIDER_BEHAVIOR(PATROL, PATROL_B, nullptr);
BT_DEFINE_DECIDER_ROOT__VARIABLES(ROOT, GUARD, kVariables);

using Block = bt::MemoryFor<ROOT>;

}  // namespace vars_tree

// The same tree with its variables given as an option of its root (BT_VARIABLES).
namespace vars_option_tree {
using vars_tree::AttackDecide;
using vars_tree::kVariables;
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(ATTACK, PATROL), BT_DEBUG_NAME("GUARD"), BT_VARIABLES(kVariables));
BT_DEFINE_DECIDER(ATTACK, vars_tree::ATTACK_B, BT_DECIDE(AttackDecide));
BT_DEFINE_DECIDER(PATROL, vars_tree::PATROL_B);
BT_CHECK_TREE(ROOT);
}  // namespace vars_option_tree

TEST_CASE("BT_VARIABLES declares a root's variables as BT_DEFINE_DECIDER_ROOT__VARIABLES does", "[variables]") {
  REQUIRE(vars_option_tree::ROOT.variables == vars_tree::kVariables);
  REQUIRE(vars_option_tree::ROOT.variableCount == 3);
  REQUIRE(bt::InitializeTreeData(vars_tree::ROOT));
  REQUIRE(bt::InitializeTreeData(vars_option_tree::ROOT));
  CHECK(vars_option_tree::ROOT.data->tree.stamp == vars_tree::ROOT.data->tree.stamp);
  vars_tree::Soldier a, b;
  bt::MemoryFor<vars_tree::ROOT> memoryA{};
  bt::MemoryFor<vars_option_tree::ROOT> memoryB{};
  for (int tick = 0; tick < 6; ++tick) {
    a.seesEnemy = b.seesEnemy = tick == 1;
    const bt::TickResult ra = bt::TickBehaviorTree(vars_tree::ROOT, a, memoryA, tick * 0.1, 0.1f);
    const bt::TickResult rb = bt::TickBehaviorTreeCompiled<vars_option_tree::ROOT>(b, memoryB, tick * 0.1, 0.1f);
    REQUIRE(ra.status == Status::Running);
    REQUIRE(rb.status == ra.status);
  }
  // PATROL sets HasTarget at tick 1; ATTACK spends the 3 ammo, clears it and is done at tick 4.
  CHECK(a.events == std::vector<std::string>{"decide ATTACK", "tick PATROL_B", "decide ATTACK", "tick PATROL_B",
                                             "decide ATTACK", "tick ATTACK_B", "tick ATTACK_B", "tick ATTACK_B",
                                             "tick PATROL_B", "decide ATTACK", "tick PATROL_B"});
  CHECK(b.events == a.events);
  CHECK(std::memcmp(memoryA.bytes, memoryB.bytes, sizeof memoryA.bytes) == 0);
}

namespace {

// A hand-built tree, as a loader fills one: ROOT over LEAF (a behavior without
// functions), with the given variables on the root (or on LEAF) and an optional timer.
struct HandTree {
  bt::BehaviorDef leafB{.name = "LEAF_B"};
  bt::DeciderData rootData{}, leafData{};
  bt::DeciderDef leaf;
  const bt::DeciderDef* children[1] = {&leaf};
  bt::DeciderDef root;
  explicit HandTree(std::vector<bt::VariableDecl> decls, float timer = 0, bool onLeaf = false)
      : leaf{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &leafB,
             .preconditions = bt::Preconditions{}.Every(timer), .data = &leafData},
        root{.name = "ROOT", .kind = bt::DeciderKind::Group, .children = children, .childCount = 1,
             .data = &rootData},
        variables(std::move(decls)) {
    bt::DeciderDef& owner = onLeaf ? leaf : root;
    owner.variables = variables.data();
    owner.variableCount = static_cast<std::uint16_t>(variables.size());
  }
  HandTree(const HandTree&) = delete;
  std::vector<bt::VariableDecl> variables;
  std::uint32_t Stamp() const { return root.data->tree.stamp; }
};

bt::TickResult Tick(const bt::DeciderDef& root, std::span<std::byte> memory, double time) {
  return bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, time, 0.1f, 0, 0, {});
}

std::vector<std::string> Take(vars_tree::Soldier& s) {
  std::vector<std::string> taken;
  taken.swap(s.events);
  return taken;
}

}  // namespace

TEST_CASE("The variables region lies after the timers, one double per variable", "[variables]") {
  SECTION("a macro tree: the block grows by the region, and the compile-time size agrees") {
    REQUIRE(bt::InitializeTreeData(vars_tree::ROOT));
    REQUIRE(bt::InitializeTreeData(vars_tree::GUARD));
    const bt::TreeData& tree = vars_tree::ROOT.data->tree;
    // [header 32][deciders 16][no timers][VariableBlock 16 + 3 doubles] = 88, aligned to 16.
    CHECK(bt::MemoryBytesFor(vars_tree::GUARD) == 48);
    CHECK(tree.timersOffset == 48);
    CHECK(tree.variablesOffset == 48);
    CHECK(tree.numVariables == 3);
    CHECK(tree.variableBools == 0b101);
    CHECK(bt::MemoryBytesFor(vars_tree::ROOT) == 96);
    CHECK(sizeof(vars_tree::Block) == 96);
    CHECK(vars_tree::GUARD.data->tree.variablesOffset == 0);
  }
  SECTION("after a timer, at the next multiple of 16") {
    HandTree timed({{"A", VariableType::Number, 0}}, 1.0f);
    REQUIRE(bt::InitializeTreeData(timed.root));
    CHECK(timed.root.data->tree.timersOffset == 48);
    CHECK(timed.root.data->tree.variablesOffset == 64);
    CHECK(bt::MemoryBytesFor(timed.root) == 96);  // 64 + 16 + 8, aligned
  }
  SECTION("a tree without variables has no region") {
    HandTree plain({});
    REQUIRE(bt::InitializeTreeData(plain.root));
    CHECK(plain.root.data->tree.variablesOffset == 0);
    CHECK(plain.root.data->tree.numVariables == 0);
    CHECK(bt::MemoryBytesFor(plain.root) == 48);
  }
}

TEST_CASE("Variables start at their declared values on the first tick", "[variables]") {
  using namespace vars_tree;
  Soldier soldier;
  Block memory{};
  CHECK(bt::ReadVariables(ROOT, memory.Span()) == nullptr);  // never ticked, not started
  REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
  const bt::VariableBlock* v = bt::ReadVariables(ROOT, memory.Span());
  REQUIRE(v != nullptr);
  CHECK(v == reinterpret_cast<const bt::VariableBlock*>(memory.bytes + 48));
  CHECK(v->Count() == 3);
  CHECK(v->Get(kHasTarget) == 0);
  CHECK(v->Get(kAmmo) == 3);
  CHECK(v->Get(kAlert) == 1);
  CHECK(v->GetBool(kAlert));
  CHECK(v->Changes() == 0);
  CHECK(bt::FindVariable(ROOT, "Ammo") == kAmmo);
  CHECK(bt::FindVariable(ROOT, "Alert") == kAlert);
  CHECK(bt::FindVariable(ROOT, "ammo") == -1);
  CHECK(bt::FindVariable(GUARD, "Ammo") == -1);
}

TEST_CASE("Set counts a change only when the value differs", "[variables]") {
  using namespace vars_tree;
  Block memory{};
  bt::VariableBlock* v = bt::VariablesOf(ROOT, memory.Span());
  REQUIRE(v != nullptr);
  CHECK(v->Set(kAmmo, 3));  // as it was
  CHECK(v->Changes() == 0);
  CHECK(v->Set(kAmmo, 2.5));
  CHECK(v->Get(kAmmo) == 2.5);
  CHECK(v->Changes() == 1);
  CHECK(v->Set(kAmmo, -std::numeric_limits<double>::infinity()));
  CHECK(v->Changes() == 2);
  SECTION("NaN and indices out of range are refused, changing nothing") {
    CHECK_FALSE(v->Set(kAmmo, std::nan("")));
    CHECK_FALSE(v->Set(-1, 1));
    CHECK_FALSE(v->Set(3, 1));
    CHECK_FALSE(v->SetBool(3, true));
    CHECK(v->Get(kAmmo) == -std::numeric_limits<double>::infinity());
    CHECK(v->Get(3) == 0);
    CHECK(v->Get(-1) == 0);
    CHECK_FALSE(v->GetBool(3));
    CHECK(v->Changes() == 2);
  }
  SECTION("a Bool takes any value as C++ converts it to bool, stored as 0 or 1") {
    CHECK(v->Set(kHasTarget, 5));
    CHECK(v->Get(kHasTarget) == 1);
    CHECK(v->Changes() == 3);
    CHECK(v->Set(kHasTarget, -0.25));  // still true: no change
    CHECK(v->Get(kHasTarget) == 1);
    CHECK(v->Changes() == 3);
    CHECK(v->SetBool(kHasTarget, false));
    CHECK(v->Get(kHasTarget) == 0);
    CHECK(v->Changes() == 4);
    CHECK_FALSE(v->Set(kHasTarget, std::nan("")));
  }
}

TEST_CASE("The game sets variables before the first tick, which keeps them", "[variables]") {
  using namespace vars_tree;
  Soldier soldier;
  Block memory{};
  bt::VariableBlock* v = bt::VariablesOf(ROOT, memory.Span());
  REQUIRE(v != nullptr);
  CHECK(v->Get(kAmmo) == 3);  // started at the declared values
  CHECK(reinterpret_cast<const bt::MemoryHeader*>(memory.bytes)->treeStamp == 0);  // nothing else written
  CHECK(bt::VariablesOf(ROOT, memory.Span()) == v);
  v->SetBool(kHasTarget, true);
  CHECK(bt::ReadVariables(ROOT, memory.Span()) == v);
  REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
  CHECK(Take(soldier) == std::vector<std::string>{"decide ATTACK", "tick ATTACK_B"});
  CHECK(v->Get(kAmmo) == 2);
  CHECK(v->Changes() == 2);
}

TEST_CASE("VariablesOf refuses what the tick refuses", "[variables]") {
  using namespace vars_tree;
  Soldier soldier;
  SECTION("a tree without variables") {
    bt::MemoryFor<GUARD> memory{};
    CHECK(bt::VariablesOf(GUARD, memory.Span()) == nullptr);
    CHECK(bt::ReadVariables(GUARD, memory.Span()) == nullptr);
  }
  SECTION("a block too small or misaligned") {
    alignas(16) std::byte bytes[128] = {};
    CHECK(bt::VariablesOf(ROOT, std::span<std::byte>(bytes, 95)) == nullptr);
    CHECK(bt::VariablesOf(ROOT, std::span<std::byte>(bytes + 8, 100)) == nullptr);
    CHECK(bt::VariablesOf(ROOT, std::span<std::byte>(bytes, 96)) != nullptr);
  }
  SECTION("a block another tree started") {
    Block memory{};
    REQUIRE(bt::TickBehaviorTree(GUARD, soldier, memory, 0.0, 0.1f).status == Status::Running);
    CHECK(bt::VariablesOf(ROOT, memory.Span()) == nullptr);
    CHECK(bt::ReadVariables(ROOT, memory.Span()) == nullptr);
  }
  SECTION("a tree InitializeTreeData rejects") {
    HandTree bad({{"A", VariableType::Bool, 2}});
    alignas(16) std::byte bytes[128] = {};
    CHECK(bt::VariablesOf(bad.root, bytes) == nullptr);
    CHECK(bt::FindVariable(bad.root, "A") == -1);
  }
}

TEST_CASE("Behaviors and Decides get the variables through their context, in both ticks", "[variables]") {
  using namespace vars_tree;
  Soldier reference, compiled;
  Block referenceMemory{}, compiledMemory{};
  const auto tickBoth = [&](double time) {
    const bt::TickResult r = bt::TickBehaviorTree(ROOT, reference, referenceMemory, time, 0.1f);
    const bt::TickResult c = bt::TickBehaviorTreeCompiled<ROOT>(compiled, compiledMemory, time, 0.1f);
    CHECK(r.status == c.status);
    CHECK(r.decider == c.decider);
    CHECK(reference.events == compiled.events);
    CHECK(std::memcmp(referenceMemory.bytes, compiledMemory.bytes, sizeof referenceMemory.bytes) == 0);
    const auto* rv = bt::ReadVariables(ROOT, referenceMemory.Span());
    const auto* cv = bt::ReadVariables(ROOT, compiledMemory.Span());
    REQUIRE(rv != nullptr);
    REQUIRE(cv != nullptr);
    for (const bt::VariableBlock* seen : reference.seen) CHECK(seen == rv);
    for (const bt::VariableBlock* seen : compiled.seen) CHECK(seen == cv);
    CHECK(reference.seen.size() == compiled.seen.size());
    reference.seen.clear();
    compiled.seen.clear();
    compiled.events.clear();
    return r.status;
  };
  CHECK(tickBoth(0.0) == Status::Running);
  CHECK(Take(reference) == std::vector<std::string>{"decide ATTACK", "tick PATROL_B"});
  CHECK(tickBoth(0.1) == Status::Running);  // the steady state: the compiled walk's own contexts
  CHECK(Take(reference) == std::vector<std::string>{"decide ATTACK", "tick PATROL_B"});
  reference.seesEnemy = compiled.seesEnemy = true;
  CHECK(tickBoth(0.2) == Status::Running);  // PATROL sets HasTarget
  CHECK(Take(reference) == std::vector<std::string>{"decide ATTACK", "tick PATROL_B"});
  reference.seesEnemy = compiled.seesEnemy = false;
  CHECK(tickBoth(0.3) == Status::Running);  // ATTACK's Decide sees it and interrupts
  CHECK(Take(reference) == std::vector<std::string>{"decide ATTACK", "tick ATTACK_B"});
  CHECK(tickBoth(0.4) == Status::Running);
  CHECK(Take(reference) == std::vector<std::string>{"tick ATTACK_B"});
  CHECK(tickBoth(0.5) == Status::Running);  // out of ammo: HasTarget cleared, done, PATROL again
  CHECK(Take(reference) == std::vector<std::string>{"tick ATTACK_B", "tick PATROL_B"});
  const bt::VariableBlock* v = bt::ReadVariables(ROOT, compiledMemory.Span());
  CHECK(v->Get(kAmmo) == 0);
  CHECK_FALSE(v->GetBool(kHasTarget));
  CHECK(v->Changes() == 5);  // HasTarget on, Ammo 2, 1, 0, HasTarget off
}

TEST_CASE("A tree without variables hands null variables in both ticks", "[variables]") {
  using namespace vars_tree;
  Soldier reference, compiled;
  bt::MemoryFor<GUARD> referenceMemory{}, compiledMemory{};
  for (double time : {0.0, 0.1}) {
    REQUIRE(bt::TickBehaviorTree(GUARD, reference, referenceMemory, time, 0.1f).status == Status::Running);
    REQUIRE(bt::TickBehaviorTreeCompiled<GUARD>(compiled, compiledMemory, time, 0.1f).status == Status::Running);
  }
  CHECK(reference.seen == std::vector<const bt::VariableBlock*>(4, nullptr));
  CHECK(compiled.seen == std::vector<const bt::VariableBlock*>(4, nullptr));
}

TEST_CASE("Save and restore keep the variables; ResetMemory starts them again", "[variables]") {
  using namespace vars_tree;
  Soldier soldier;
  Block memory{};
  REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
  bt::VariablesOf(ROOT, memory.Span())->Set(kAmmo, 7);
  SECTION("save and restore") {
    std::vector<std::byte> saved(bt::MemoryBytesFor(ROOT));
    REQUIRE(bt::SaveMemory(ROOT, memory.Span(), saved).status == Status::Done);
    Block restored{};
    REQUIRE(bt::RestoreMemory(ROOT, saved, restored.Span()) == Status::Done);
    const bt::VariableBlock* v = bt::ReadVariables(ROOT, restored.Span());
    REQUIRE(v != nullptr);
    CHECK(v->Get(kAmmo) == 7);
    CHECK(v->Changes() == 1);
  }
  SECTION("reset") {
    REQUIRE(bt::ResetMemory(ROOT, soldier, memory, 1.0) == Status::NoBehavior);
    CHECK(bt::ReadVariables(ROOT, memory.Span()) == nullptr);
    REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
    const bt::VariableBlock* v = bt::ReadVariables(ROOT, memory.Span());
    REQUIRE(v != nullptr);
    CHECK(v->Get(kAmmo) == 3);
    CHECK(v->Changes() == 0);
  }
}

TEST_CASE("A damaged variables region is CorruptMemory, and starts again", "[variables]") {
  using namespace vars_tree;
  Soldier soldier;
  Block memory{};
  REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
  bt::VariablesOf(ROOT, memory.Span())->Set(kAmmo, 7);
  Take(soldier);
  const std::uint32_t damagedCount = 1000;  // would let Set write far past the block
  std::memcpy(memory.bytes + 48 + 4, &damagedCount, sizeof damagedCount);
  CHECK(bt::VariablesOf(ROOT, memory.Span()) == nullptr);
  CHECK(bt::ReadVariables(ROOT, memory.Span()) == nullptr);
  const bool compiled = GENERATE(false, true);
  INFO((compiled ? "compiled tick" : "reference tick"));
  const bt::TickResult result = compiled ? bt::TickBehaviorTreeCompiled<ROOT>(soldier, memory, 0.1, 0.1f)
                                         : bt::TickBehaviorTree(ROOT, soldier, memory, 0.1, 0.1f);
  CHECK(result.status == Status::CorruptMemory);
  CHECK(result.decider == &ROOT);
  CHECK(Take(soldier).empty());  // nothing called; the path goes on at the next tick
  const bt::VariableBlock* v = bt::ReadVariables(ROOT, memory.Span());
  REQUIRE(v != nullptr);
  CHECK(v->Get(kAmmo) == 3);
  CHECK(v->Changes() == 0);
  CHECK(bt::TickBehaviorTree(ROOT, soldier, memory, 0.2, 0.1f).status == Status::Running);
  CHECK(Take(soldier) == std::vector<std::string>{"decide ATTACK", "tick PATROL_B"});
}

TEST_CASE("Signals set the variables their table maps them to", "[variables][signals]") {
  using namespace vars_tree;
  // CryEngine's example (seed 003): OnNoTarget clears two variables.
  const bt::SignalVariable signals[] = {
      {"OnEnemySeen", bt::FindVariable(ROOT, "HasTarget"), 1},
      {"OnNoTarget", bt::FindVariable(ROOT, "HasTarget"), 0},
      {"OnNoTarget", bt::FindVariable(ROOT, "Alert"), 0},
      {"OnReload", bt::FindVariable(ROOT, "Ammo"), 3},
      {"OnBroken", bt::FindVariable(ROOT, "NoSuchVariable"), 1},  // -1: sets nothing
      {"OnBroken", kAmmo, std::nan("")},
  };
  Soldier soldier;
  Block memory{};
  // Before the first tick: the block's variables start, and the tick keeps them.
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "OnEnemySeen") == 1);
  const bt::VariableBlock* v = bt::ReadVariables(ROOT, memory.Span());
  REQUIRE(v != nullptr);
  CHECK(v->GetBool(kHasTarget));
  REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
  CHECK(Take(soldier) == std::vector<std::string>{"decide ATTACK", "tick ATTACK_B"});
  CHECK(v->Changes() == 2);  // HasTarget, then Ammo 2
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "OnNoTarget") == 2);
  CHECK_FALSE(v->GetBool(kHasTarget));
  CHECK_FALSE(v->GetBool(kAlert));
  CHECK(v->Changes() == 4);
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "OnNoTarget") == 2);  // set again, not changed
  CHECK(v->Changes() == 4);
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "OnReload") == 1);
  CHECK(v->Get(kAmmo) == 3);
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "OnBroken") == 0);
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "onnotarget") == 0);  // names are exact
  CHECK(bt::ApplySignal(ROOT, signals, memory.Span(), "") == 0);
  CHECK(v->Changes() == 5);
  bt::MemoryFor<GUARD> other{};
  CHECK(bt::ApplySignal(GUARD, signals, other.Span(), "OnEnemySeen") == 0);  // no variables to set
}

TEST_CASE("The tree stamp covers the variables' names, types and count", "[variables][stamp]") {
  const std::vector<bt::VariableDecl> base = {{"HasTarget", VariableType::Bool, 0}, {"Ammo", VariableType::Number, 3}};
  HandTree first(base);
  REQUIRE(bt::InitializeTreeData(first.root));
  SECTION("the same declarations, other initial values: the same stamp (the bytes mean the same)") {
    HandTree same({{"HasTarget", VariableType::Bool, 1}, {"Ammo", VariableType::Number, 30}});
    REQUIRE(bt::InitializeTreeData(same.root));
    CHECK(same.Stamp() == first.Stamp());
    // Pinned, as the stamp of a tree without variables is (tree_analysis_hardening_test.cpp).
    CHECK(first.Stamp() == 0x47F2C737u);
  }
  SECTION("a tree without variables keeps the stamp it had before variables existed") {
    HandTree none({});
    REQUIRE(bt::InitializeTreeData(none.root));
    CHECK(none.Stamp() != first.Stamp());
  }
  const std::vector<std::vector<bt::VariableDecl>> variants = {
      {{"HasEnemy", VariableType::Bool, 0}, {"Ammo", VariableType::Number, 3}},
      {{"HasTarget", VariableType::Number, 0}, {"Ammo", VariableType::Number, 3}},
      {{"Ammo", VariableType::Number, 3}, {"HasTarget", VariableType::Bool, 0}},
      {{"HasTarget", VariableType::Bool, 0}},
      {{"HasTarget", VariableType::Bool, 0}, {"Ammo", VariableType::Number, 3}, {"Alert", VariableType::Bool, 0}},
  };
  for (std::size_t i = 0; i < variants.size(); ++i) {
    INFO("variant " << i);
    HandTree changed(variants[i]);
    REQUIRE(bt::InitializeTreeData(changed.root));
    CHECK(changed.Stamp() != first.Stamp());
    // A block of one is refused by the other.
    bt::Memory<256> memory{};
    REQUIRE(Tick(first.root, memory.Span(), 0.0).status == Status::Running);
    CHECK(Tick(changed.root, memory.Span(), 1.0).status == Status::MemoryFromOtherTree);
  }
}

TEST_CASE("Bad variable declarations are tree problems naming the root", "[variables]") {
  const double nan = std::nan("");
  struct Case {
    const char* what;
    std::vector<bt::VariableDecl> decls;
    bool onLeaf;
    bt::TreeProblem problem;
    const char* message;
  };
  std::vector<bt::VariableDecl> tooMany(bt::kMaxVariables + 1);
  std::vector<std::string> names(tooMany.size());
  for (std::size_t i = 0; i < tooMany.size(); ++i) {
    names[i] = "V" + std::to_string(i);
    tooMany[i] = {names[i].c_str(), VariableType::Number, 0};
  }
  const std::vector<Case> cases = {
      {"too many", tooMany, false, bt::TreeProblem::TooManyVariables,
       "bt: decider ROOT: more declared variables than bt::kMaxVariables (BT_MAX_VARIABLES): declare fewer or raise "
       "the limit"},
      {"no name", {{"A", VariableType::Bool, 0}, {nullptr, VariableType::Bool, 0}}, false,
       bt::TreeProblem::BadVariable,
       "bt: decider ROOT: a declared variable with no name, an unknown type, a NaN initial value, or an initial "
       "value its type cannot hold (a Bool's not 0 or 1)"},
      {"NaN initial", {{"A", VariableType::Number, nan}}, false, bt::TreeProblem::BadVariable, nullptr},
      {"a Bool of 2", {{"A", VariableType::Bool, 2}}, false, bt::TreeProblem::BadVariable, nullptr},
      {"a Bool of 0.5", {{"A", VariableType::Bool, 0.5}}, false, bt::TreeProblem::BadVariable, nullptr},
      {"an unknown type", {{"A", static_cast<VariableType>(7), 0}}, false, bt::TreeProblem::BadVariable, nullptr},
      {"a duplicate name", {{"A", VariableType::Bool, 0}, {"B", VariableType::Number, 0}, {"A", VariableType::Number, 1}},
       false, bt::TreeProblem::DuplicateVariable,
       "bt: decider ROOT: two declared variables with the same name: rename one"},
      {"below the root", {{"A", VariableType::Bool, 0}}, true, bt::TreeProblem::VariablesNotOnRoot,
       "bt: decider LEAF: variables declared on a decider below the root: declare a tree's variables on its root"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    HandTree tree(c.decls, 0, c.onLeaf);
    bt::TreeError error;
    CHECK_FALSE(bt::InitializeTreeData(tree.root, &error));
    CHECK(error.problem == c.problem);
    CHECK(error.decider == (c.onLeaf ? &tree.leaf : &tree.root));
    if (c.message != nullptr) CHECK(std::string(error.message) == c.message);
    bt::Memory<1024> memory{};
    CHECK(Tick(tree.root, memory.Span(), 0.0).status == Status::InvalidTree);
  }
  SECTION("a count without declarations") {
    HandTree tree({});
    tree.root.variableCount = 2;
    bt::TreeError error;
    CHECK_FALSE(bt::InitializeTreeData(tree.root, &error));
    CHECK(error.problem == bt::TreeProblem::BadVariable);
  }
  SECTION("exactly kMaxVariables is fine") {
    tooMany.pop_back();
    HandTree tree(tooMany);
    REQUIRE(bt::InitializeTreeData(tree.root));
    CHECK(bt::MemoryBytesFor(tree.root) == 48 + 16 + 8 * bt::kMaxVariables);
  }
}

// =============================================================== [SECTION] showing parameters and variables
namespace vars_print_tree {
constexpr bt::Param kShootParams[] = {bt::NumberParam("range", 10), bt::TextParam(nullptr, "he said \"go\""),
                                      bt::BoolParam("burst", true)};
constexpr bt::Param kAimParams[] = {bt::SymbolParam(nullptr, "E_H_REACTOR", 7), bt::NumberParam("spread", 0.25),
                                    {"when", bt::ParamType::Expression, 0, "HasTarget and !Hurt", nullptr}};
constexpr bt::VariableDecl kVariables[] = {{"HasTarget", VariableType::Bool, 1}, {"Range", VariableType::Number, 12.5}};

struct Gun {};
BT_DEFINE_BEHAVIOR__TICK(SHOOT_B, +[](Gun&) { return bt::Result::Running; });
BT_DECLARE_DECIDER(SHOOT);
BT_DECLARE_DECIDER(AIM);
BT_DEFINE_DECIDER_GROUP(COMBAT, PrioritizedList, nullptr, SHOOT, AIM);
BT_DEFINE_DECIDER_BEHAVIOR(SHOOT_PLAIN, SHOOT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(AIM_PLAIN, SHOOT_B, nullptr);
constinit bt::DeciderData shootData{}, aimData{};
constexpr bt::DeciderDef SHOOT = [] {
  bt::DeciderDef d = SHOOT_PLAIN;
  d.name = "SHOOT";
  d.data = &shootData;
  d.params = kShootParams;
  d.paramCount = 3;
  return d;
}();
constexpr bt::DeciderDef AIM = [] {
  bt::DeciderDef d = AIM_PLAIN;
  d.name = "AIM";
  d.data = &aimData;
  d.params = kAimParams;
  d.paramCount = 3;
  return d;
}();
BT_DEFINE_DECIDER_ROOT__VARIABLES(ROOT, COMBAT, kVariables);
}  // namespace vars_print_tree

TEST_CASE("FormatParams writes each kind of parameter", "[variables][params]") {
  using namespace vars_print_tree;
  char text[128];
  CHECK(bt::FormatParams(kShootParams, text) == 38);
  CHECK(std::string(text) == "range=10, \"he said \\\"go\\\"\", burst=true");
  const std::size_t length = bt::FormatParams(kAimParams, text);
  CHECK(length == std::strlen(text));
  CHECK(std::string(text) == "E_H_REACTOR, spread=0.25, when={HasTarget and !Hurt}");
  SECTION("cut to fit, always terminated, the whole length returned") {
    char small[8];
    CHECK(bt::FormatParams(kShootParams, small) == 38);
    CHECK(std::string(small) == "range=1");
  }
  SECTION("nothing") {
    CHECK(bt::FormatParams({}, text) == 0);
    CHECK(std::string(text).empty());
  }
}

TEST_CASE("DebugPrintState shows parameters after names, and the variables first", "[variables][debug_print]") {
  using namespace vars_print_tree;
  bt::MemoryFor<ROOT> memory{};
  char buffer[2048];
  SECTION("never ticked: the declared values") {
    bt::DebugPrintState(ROOT, memory.Span(), 0.0, buffer, {.wholeTree = true});
    CHECK(std::string(buffer) ==
          "variables (initial): HasTarget=true Range=12.5\n"
          " 0:COMBAT/0xfb2b7c61 (kGroup, kGroupPrioritizedList 0x0) [(no group behavior)]\n"
          "   0:SHOOT/0x5bdfd410(range=10, \"he said \\\"go\\\"\", burst=true) (kBehavior 0x0) [SHOOT_B/0x7e9958cd] (0x00000000)\n"
          "   1:AIM/0x7a6d0556(E_H_REACTOR, spread=0.25, when={HasTarget and !Hurt}) (kBehavior 0x0) [SHOOT_B/0x7e9958cd] (0x00000000)\n");
  }
  SECTION("ticked, with values the game set") {
    Gun gun;
    REQUIRE(bt::TickBehaviorTree(ROOT, gun, memory, 1.0, 0.1f).status == Status::Running);
    bt::VariableBlock* v = bt::VariablesOf(ROOT, memory.Span());
    v->SetBool(0, false);
    v->Set(1, -3);
    bt::DebugPrintState(ROOT, memory.Span(), 1.5, buffer);
    CHECK(std::string(buffer) ==
          "variables: HasTarget=false Range=-3\n"
          "*0:COMBAT/0xfb2b7c61 (kGroup, kGroupPrioritizedList 0x0) time: 0.50 [(no group behavior)] idx: 0\n"
          "  *0:SHOOT/0x5bdfd410(range=10, \"he said \\\"go\\\"\", burst=true) (kBehavior 0x0) time: 0.50 [SHOOT_B/0x7e9958cd] "
          "(0x00000000)\n");
  }
  SECTION("a damaged variables region: the declared values, marked as such") {
    Gun gun;
    REQUIRE(bt::TickBehaviorTree(ROOT, gun, memory, 1.0, 0.1f).status == Status::Running);
    bt::VariablesOf(ROOT, memory.Span())->Set(1, -3);
    memory.bytes[ROOT.data->tree.variablesOffset + 4] = std::byte{9};  // the VariableBlock's count
    bt::DebugPrintState(ROOT, memory.Span(), 1.5, buffer);
    CHECK(std::string(buffer) ==
          "variables (initial): HasTarget=true Range=12.5\n"
          "*0:COMBAT/0xfb2b7c61 (kGroup, kGroupPrioritizedList 0x0) time: 0.50 [(no group behavior)] idx: 0\n"
          "  *0:SHOOT/0x5bdfd410(range=10, \"he said \\\"go\\\"\", burst=true) (kBehavior 0x0) time: 0.50 [SHOOT_B/0x7e9958cd] "
          "(0x00000000)\n");
  }
  SECTION("a refused block: the declared values") {
    bt::DebugPrintState(ROOT, memory.Span().subspan(0, 16), 0.0, buffer);
    CHECK(std::string(buffer) ==
          "variables (initial): HasTarget=true Range=12.5\n"
          "(memory block too small or misaligned)\n");
  }
}

TEST_CASE("WriteTreeDot shows parameters in node labels", "[variables][debug_dot]") {
  using namespace vars_print_tree;
  char buffer[4096];
  bt::WriteTreeDot(ROOT, {}, buffer);
  const std::string dot = buffer;
  CHECK(dot.find("  \"SHOOT\" [label=\"SHOOT(range=10, \\\"he said \\\\\\\"go\\\\\\\"\\\", burst=true)\\n[SHOOT_B]\", "
                 "shape=ellipse];\n") != std::string::npos);
  CHECK(dot.find("  \"AIM\" [label=\"AIM(E_H_REACTOR, spread=0.25, when={HasTarget and !Hurt})\\n[SHOOT_B]\", "
                 "shape=ellipse];\n") != std::string::npos);
  CHECK(dot.find("  \"COMBAT\" [label=\"COMBAT\\nPrioritizedList\"];\n") != std::string::npos);
}

// Where tests/tools/gdb_printers_test.sh stops to print the trees above and a block.
[[gnu::noinline]] void VariablesGdbStop(const bt::DeciderDef& root, std::span<const std::byte> memory) {
  asm volatile("" : : "r"(&root), "r"(memory.data()) : "memory");
}

TEST_CASE("A block for the gdb printers' test", "[.gdb][variables]") {
  using namespace vars_tree;
  Soldier soldier;
  Block memory{};
  REQUIRE(bt::TickBehaviorTree(ROOT, soldier, memory, 0.0, 0.1f).status == Status::Running);
  bt::VariablesOf(ROOT, memory.Span())->Set(kAmmo, 2.5);
  bt::MemoryFor<vars_print_tree::ROOT> printMemory{};
  vars_print_tree::Gun gun;
  REQUIRE(bt::TickBehaviorTree(vars_print_tree::ROOT, gun, printMemory, 0.0, 0.1f).status == Status::Running);
  VariablesGdbStop(ROOT, memory.Span());
  VariablesGdbStop(vars_print_tree::ROOT, printMemory.Span());
}
