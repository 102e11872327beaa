// tests/loaders/typed_variables_test.cpp — typed per-agent variables (bt/core/variables.h):
// 32/64-bit integers, enums by name and float vectors, declared in the two
// formats that have variables (MBT XML and CryEngine selection trees), typed in
// their conditions (a mismatch is a load error at its file:line:column), held in
// the agent's block (set, ticked, saved and restored as bytes) and printed by
// DebugPrintState.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "bt/bt.h"
#include "bt/data/stubs.h"
#include "bt/debug/print.h"
#include "bt/engine/compiled_tick.h"
#include "bt/engine/save.h"
#include "bt/loaders/mbt/modular_behavior_tree.h"
#include "bt/loaders/selection_tree/selection_tree.h"

namespace typed_variables_test {

bt::loaders::LoadOptions Stubbed() {
  bt::loaders::LoadOptions options;
  options.build.stubUnknownNames = true;
  return options;
}

const bt::data::Registry& Game() {
  static const bt::data::Registry registry = [] {
    bt::data::Registry r;
    bt::data::RegisterBuiltinBehaviors(r);
    r.AddEnum("Weapon", {"Pistol", "Rifle", "Rocket"});
    return r;
  }();
  return registry;
}

std::string Errors(const bt::data::BuildResult& build) {
  std::string text;
  for (const bt::data::BuildError& e : build.errors) text += (text.empty() ? "" : "\n") + e.message;
  return text;
}

std::string Print(const bt::DeciderDef& root, std::span<const std::byte> memory) {
  char text[4096];
  const std::size_t length = bt::DebugPrintState(root, memory, 1.0, text);
  const std::string all(text, std::min(length, sizeof text));
  return all.substr(0, all.find('\n'));  // the variables line
}

// A selection tree choosing by an entity id, an enum and a registered enum.
const char* const kScout = R"(<SelectionTrees>
  <SelectionTree name="Scout" type="BehaviorSelectionTree">
    <Variables>
      <Enum name="Stance" values="Idle Crouch Prone"/>
      <Variable name="Hurt" default="false"/>
      <Variable name="Target" type="int64" default="0"/>
      <Variable name="Stance" type="Stance" default="Idle"/>
      <Variable name="Gun" type="Weapon" default="Rifle"/>
      <Variable name="Ammo" type="int32" default="-3"/>
      <Variable name="Home" type="float3" default="1 2.5 -4"/>
    </Variables>
    <SignalVariables>
      <Signal name="OnCrouch" variable="Stance" value="Crouch"/>
      <Signal name="OnHurt" variable="Hurt" value="true"/>
    </SignalVariables>
    <Priority name="Root">
      <Leaf name="Hide" condition="Stance == Crouch and Target != 0"/>
      <Leaf name="Fire" condition="Gun == Rocket or Target == 9007199254740993"/>
      <Leaf name="Idle"/>
    </Priority>
  </SelectionTree>
</SelectionTrees>
)";

TEST_CASE("Typed variables load from a selection tree, tick, save, restore and print", "[typed-variables]") {
  const bt::loaders::SelectionTreeLoad load = bt::loaders::LoadSelectionTree(kScout, "scout.xml", Game(), Stubbed());
  INFO(Errors(load.build));
  REQUIRE(load.Ok());
  const bt::DeciderDef& root = load.build.tree->Root();
  alignas(16) std::array<std::byte, 4096> memory{};
  REQUIRE(bt::MemoryBytesFor(root) <= memory.size());
  CHECK(Print(root, memory) ==
        "variables (initial): Hurt=false Target=0 Stance=Idle Gun=Rifle Ammo=-3 Home=(1,2.5,-4)");

  const auto tick = [&](double time) {
    (void)bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, time, 1.0f, 0, 0, {});
    const char* leaf = bt::loaders::SelectedLeaf(root, memory);
    return std::string(leaf != nullptr ? leaf : "-");
  };
  CHECK(tick(1) == "Idle");
  bt::VariableBlock* v = bt::VariablesOf(root, memory);
  REQUIRE(v != nullptr);
  const int target = bt::FindVariable(root, "Target");
  const int stance = bt::FindVariable(root, "Stance");
  const int gun = bt::FindVariable(root, "Gun");
  const int ammo = bt::FindVariable(root, "Ammo");
  const int home = bt::FindVariable(root, "Home");
  CHECK(v->TypeOf(target) == bt::VariableType::Int64);
  CHECK(v->TypeOf(home) == bt::VariableType::Floats);

  // An entity id beyond 2^53 is kept and compared exactly.
  REQUIRE(v->SetInteger(target, 9007199254740993));
  CHECK(v->GetInteger(target) == 9007199254740993);
  CHECK(tick(2) == "Fire");
  REQUIRE(v->SetInteger(target, 9007199254740992));  // the same as a double: not the same entity
  CHECK(tick(3) == "Idle");
  // A signal names the enum's value; the Priority picks again on the change.
  CHECK(load.signals.Apply(root, memory, "OnCrouch") == 1);
  CHECK(v->GetInteger(stance) == 1);
  CHECK(tick(4) == "Hide");

  // Bad input is refused, nothing changed.
  const std::uint32_t changes = v->Changes();
  CHECK_FALSE(v->SetInteger(stance, 3));           // past the enum's names
  CHECK_FALSE(v->SetInteger(ammo, std::int64_t{1} << 40));  // past int32
  CHECK_FALSE(v->Set(ammo, 2.5));                  // not whole
  CHECK_FALSE(v->Set(home, 1.0));                  // a vector takes floats
  const float two[] = {1, 2};
  CHECK_FALSE(v->SetFloats(home, two));            // not 3 of them
  CHECK(v->GetFloats(target).empty());
  CHECK(v->Changes() == changes);

  const float away[] = {10, 20, 30};
  REQUIRE(v->SetFloats(home, away));
  REQUIRE(v->SetInteger(gun, 2));
  CHECK(Print(root, memory) ==
        "variables: Hurt=false Target=9007199254740992 Stance=Crouch Gun=Rocket Ammo=-3 Home=(10,20,30)");

  // Saved as bytes and restored into another block: every value comes back.
  std::array<std::byte, 4096> saved{};
  const bt::SaveResult save = bt::SaveMemory(root, memory, saved);
  REQUIRE(save.status == bt::Status::Done);
  alignas(16) std::array<std::byte, 4096> other{};
  REQUIRE(bt::RestoreMemory(root, std::span(saved).first(save.bytes), other) == bt::Status::Done);
  CHECK(Print(root, other) ==
        "variables: Hurt=false Target=9007199254740992 Stance=Crouch Gun=Rocket Ammo=-3 Home=(10,20,30)");
  const bt::VariableBlock* restored = bt::ReadVariables(root, other);
  REQUIRE(restored != nullptr);
  CHECK(restored->GetFloats(home)[2] == 30.0f);

  // A damaged type table is refused, never read.
  const std::size_t at = root.data->tree.variablesOffset + sizeof(bt::VariableBlock) + 8 * 6 + 2 * 2;  // Stance's type
  other[at] = std::byte{static_cast<unsigned char>(bt::VariableType::Floats)};
  CHECK(bt::ReadVariables(root, other) == nullptr);
}

// Where tests/tools/gdb_printers_test.sh stops to print a block of typed variables.
[[gnu::noinline]] void TypedVariablesGdbStop(const bt::DeciderDef& root, std::span<const std::byte> memory) {
  asm volatile("" : : "r"(&root), "r"(memory.data()) : "memory");
}

TEST_CASE("A block of typed variables for the gdb printers' test", "[.gdbtyped][typed-variables]") {
  const bt::loaders::SelectionTreeLoad load = bt::loaders::LoadSelectionTree(kScout, "scout.xml", Game(), Stubbed());
  REQUIRE(load.Ok());
  const bt::DeciderDef& root = load.build.tree->Root();
  alignas(16) std::array<std::byte, 4096> memory{};
  (void)bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, 1.0, 1.0f, 0, 0, {});
  bt::VariableBlock* v = bt::VariablesOf(root, memory);
  REQUIRE(v != nullptr);
  REQUIRE(v->SetInteger(bt::FindVariable(root, "Target"), 9007199254740993));
  REQUIRE(v->SetInteger(bt::FindVariable(root, "Stance"), 1));
  const float away[] = {10, 20.5f, -30};
  REQUIRE(v->SetFloats(bt::FindVariable(root, "Home"), away));
  const std::string printed = Print(root, memory);
  CHECK(printed == "variables: Hurt=false Target=9007199254740993 Stance=Crouch Gun=Rifle Ammo=-3 Home=(10,20.5,-30)");
  TypedVariablesGdbStop(root, memory);
}

// The errors each selection tree gives, exactly, at file:line:column.
std::string LoadError(const std::string& variables, const std::string& condition) {
  const std::string text = "<SelectionTrees>\n<SelectionTree name=\"T\" type=\"BehaviorSelectionTree\">\n<Variables>\n" +
                           variables + "</Variables>\n<Priority name=\"Root\">\n<Leaf name=\"A\" condition=\"" +
                           condition + "\"/>\n</Priority>\n</SelectionTree>\n</SelectionTrees>\n";
  const bt::loaders::SelectionTreeLoad load = bt::loaders::LoadSelectionTree(text, "t.xml", Game(), Stubbed());
  return load.Ok() ? "ok" : Errors(load.build);
}

TEST_CASE("Typed variables: a type mismatch is a load error at its place", "[typed-variables]") {
  const std::string declared =
      "<Enum name=\"Stance\" values=\"Idle Crouch Prone\"/>\n<Variable name=\"Hurt\"/>\n"
      "<Variable name=\"Target\" type=\"int64\"/>\n<Variable name=\"Stance\" type=\"Stance\"/>\n"
      "<Variable name=\"Gun\" type=\"Weapon\"/>\n<Variable name=\"Home\" type=\"float3\"/>\n";
  CHECK(LoadError(declared, "Target") ==
        "t.xml:12:27: decider A@12: condition: 'Target' is an int64 variable, not a boolean: compare it with '==' or '!='");
  CHECK(LoadError(declared, "Hurt and Target == Hurt") ==
        "t.xml:12:43: decider A@12: condition: '==' compares int64 'Target' with a boolean: compare values of one type");
  CHECK(LoadError(declared, "Stance == Sprint") ==
        "t.xml:12:37: decider A@12: condition: 'Sprint' is not a name of enum Stance");
  CHECK(LoadError(declared, "Stance == Gun") ==
        "t.xml:12:34: decider A@12: condition: '==' compares enum Stance 'Stance' with enum Weapon 'Gun': compare values "
        "of one type");
  CHECK(LoadError(declared, "Stance == 1") ==
        "t.xml:12:34: decider A@12: condition: '==' compares enum Stance 'Stance' with the number 1: compare values of "
        "one type");
  CHECK(LoadError(declared, "Home == Home") ==
        "t.xml:12:27: decider A@12: condition: 'Home' is a float3 variable: a condition does not compare vectors");
  CHECK(LoadError(declared, "!Crouch") ==
        "t.xml:12:28: decider A@12: condition: 'Crouch' is a name of enum Stance, not a boolean: compare a variable of "
        "that enum with it");
  CHECK(LoadError(declared, "Gun != Pistol and Target != -7") == "ok");

  CHECK(LoadError("<Variable name=\"X\" type=\"int16\"/>\n", "true") ==
        "t.xml:4:1: variable 'X': unknown type 'int16' (a type is bool, int32, int64, float1 to float16, or an enum's "
        "name)");
  CHECK(LoadError("<Variable name=\"X\" type=\"int32\" default=\"4294967296\"/>\n", "true") ==
        "t.xml:4:1: variable 'X': default must be an int32, not '4294967296'");
  CHECK(LoadError("<Variable name=\"X\" type=\"Weapon\" default=\"Sword\"/>\n", "true") ==
        "t.xml:4:1: variable 'X': default 'Sword' is not a name of enum 'Weapon'");
  CHECK(LoadError("<Variable name=\"X\" type=\"float2\" default=\"1\"/>\n", "true") ==
        "t.xml:4:1: variable 'X': default must be 2 numbers (a float2), not '1'");
  CHECK(LoadError("<Enum name=\"E\" values=\"A A\"/>\n", "true") == "t.xml:4:1: enum 'E': enum name 'A' given twice");
}

// The same in an MBT file, with its Lua-free conditions.
const char* const kGuard = R"(<BehaviorTree>
  <Variables>
    <Variable name="Alert" default="false"/>
    <Enum name="Mode" values="Patrol Chase Flee"/>
    <Variable name="Mode" type="Mode" default="Patrol"/>
    <Variable name="Leader" type="int32" default="7"/>
  </Variables>
  <SignalVariables>
    <Signal name="OnScared" variable="Mode" value="Flee"/>
    <Signal name="OnNewLeader" variable="Leader" value="12"/>
  </SignalVariables>
  <Root>
    <Selector>
      <IfCondition condition="Mode == Flee">
        <Wait duration="1"/>
      </IfCondition>
      <Wait duration="2"/>
    </Selector>
  </Root>
</BehaviorTree>
)";

TEST_CASE("Typed variables load from an MBT file, take signals and print", "[typed-variables]") {
  const bt::loaders::ModularBehaviorTree loaded =
      bt::loaders::LoadModularBehaviorTree(kGuard, "guard.xml", Game(), Stubbed());
  INFO(loaded.build.ErrorText());
  REQUIRE(loaded.build.Ok());
  const bt::DeciderDef& root = loaded.build.tree->Root();
  alignas(16) std::array<std::byte, 4096> memory{};
  (void)bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, 1.0, 1.0f, 0, 0, {});
  CHECK(Print(root, memory) == "variables: Alert=false Mode=Patrol Leader=7");
  CHECK(loaded.signals.Apply(root, memory, "OnScared") == 1);
  CHECK(loaded.signals.Apply(root, memory, "OnNewLeader") == 1);
  CHECK(Print(root, memory) == "variables: Alert=false Mode=Flee Leader=12");

  const std::string bad = std::string(kGuard).replace(std::string(kGuard).find("Mode == Flee"), 12, "Mode == Fled");
  const bt::loaders::ModularBehaviorTree refused = bt::loaders::LoadModularBehaviorTree(bad, "guard.xml", Game(), Stubbed());
  CHECK(refused.build.ErrorText() ==
        "guard.xml:14:39: decider IfCondition@14: condition: 'Fled' is not a name of enum Mode (closest: 'Flee')\n");
  const std::string badSignal = std::string(kGuard).replace(std::string(kGuard).find("value=\"12\""), 10, "value=\"x\"");
  CHECK(bt::loaders::LoadModularBehaviorTree(badSignal, "guard.xml", Game(), Stubbed()).build.ErrorText() ==
        "guard.xml:10:5: Signal 'OnNewLeader': variable 'Leader' is an int32: a signal's value must be a whole number, "
        "not 'x'\n");
}

// The macro side: a typed declaration in C++, checked like any other.
constexpr const char* kLightNames[] = {"Off", "Dim", "Bright"};
constexpr bt::VariableEnum kLight{"Light", kLightNames, 3};
constexpr float kOrigin[] = {0.5f, 0, 0};
constexpr bt::VariableDecl kTyped[] = {
    {.name = "Id", .type = bt::VariableType::Int64, .initialInteger = 5000000000},
    {.name = "Light", .type = bt::VariableType::Enum, .initialInteger = 2, .enumType = &kLight},
    {.name = "At", .type = bt::VariableType::Floats, .floatCount = 3, .initialFloats = kOrigin},
};
constexpr bt::VariableDecl kBadEnum[] = {
    {.name = "Light", .type = bt::VariableType::Enum, .initialInteger = 3, .enumType = &kLight},
};

TEST_CASE("Typed comparisons compile to one exact instruction", "[typed-variables]") {
  const bt::data::Registry registry;
  const bt::data::RegistryNames names(registry, kTyped);
  bt::data::ExpressionError error;
  const auto e = bt::data::CompileExpression("Light != Dim and Id == 5000000000 and Id == Id", bt::data::Dialect::Cry,
                                             names, &error);
  INFO(error.message);
  REQUIRE(e.has_value());
  CHECK(e->Disassemble() ==
        "0: equal-integers 1 Light == 1 Dim\n1: not\n2: jump-if-false 5\n3: equal-integers 0 Id == 5000000000\n"
        "4: to-bool\n5: jump-if-false 8\n6: equal-integers 0 Id == 0 Id\n7: to-bool\n");
  CHECK(e->Evaluate(nullptr, nullptr) == 0.0);  // no block: every integer reads 0
  CHECK_FALSE(bt::data::CompileExpression("At", bt::data::Dialect::Cry, names, &error).has_value());
  CHECK(bt::data::FormatExpressionError(error) == "column 1: 'At' is a float3 variable: a condition does not read vectors");
}

// A macro tree (BT_VARIABLES) whose behavior moves an entity id and a position:
// the interpreted and the compiled tick leave the same bytes.
struct Mover {
  int ticks = 0;
};
bt::Result MoveTick(Mover& m, const bt::Context& ctx) {
  ++m.ticks;
  if (ctx.variables != nullptr) {
    (void)ctx.variables->SetInteger(0, ctx.variables->GetInteger(0) + 1);
    const float at[] = {static_cast<float>(m.ticks), 0, 0};
    (void)ctx.variables->SetFloats(2, at);
  }
  return bt::Result::Running;
}
namespace typed_macro_tree {
BT_DEFINE_BEHAVIOR__TICK(MOVE_B, MoveTick);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(MOVE), BT_VARIABLES(kTyped));
BT_DEFINE_DECIDER(MOVE, MOVE_B);
BT_CHECK_TREE(ROOT);
}  // namespace typed_macro_tree

TEST_CASE("Typed variables of a macro tree: both ticks agree byte for byte", "[typed-variables]") {
  Mover a, b;
  bt::MemoryFor<typed_macro_tree::ROOT> interpreted{}, compiled{};
  for (const double time : {0.0, 1.0, 2.0}) {
    CHECK(bt::TickBehaviorTree(typed_macro_tree::ROOT, a, interpreted, time, 0.1f).status == bt::Status::Running);
    CHECK(bt::TickBehaviorTreeCompiled<typed_macro_tree::ROOT>(b, compiled, time, 0.1f).status == bt::Status::Running);
  }
  CHECK(std::memcmp(interpreted.bytes, compiled.bytes, sizeof interpreted.bytes) == 0);
  CHECK(Print(typed_macro_tree::ROOT, interpreted.Span()) == "variables: Id=5000000003 Light=Bright At=(3,0,0)");
}

// A root over one leaf, declaring `decls`.
struct HandTree {
  bt::BehaviorDef leafB{.name = "LEAF_B"};
  bt::DeciderData rootData{}, leafData{};
  bt::DeciderDef leaf{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &leafB, .data = &leafData};
  const bt::DeciderDef* children[1] = {&leaf};
  bt::DeciderDef root{.name = "ROOT", .kind = bt::DeciderKind::Group, .children = children, .childCount = 1,
                      .data = &rootData};
  explicit HandTree(std::span<const bt::VariableDecl> decls) {
    root.variables = decls.data();
    root.variableCount = static_cast<std::uint16_t>(decls.size());
  }
};

TEST_CASE("Typed variables declared in C++ size the block and are checked", "[typed-variables]") {
  HandTree tree(kTyped);
  REQUIRE(bt::InitializeTreeData(tree.root));
  const bt::TreeData& data = tree.root.data->tree;
  // The header, 3 slots, the type table (one word), At's 3 floats (two words).
  CHECK(data.variableExtraWords == 3);
  alignas(16) std::array<std::byte, 1024> memory{};
  CHECK(Print(tree.root, memory) == "variables (initial): Id=5000000000 Light=Bright At=(0.5,0,0)");
  REQUIRE(bt::VariablesOf(tree.root, memory) != nullptr);
  CHECK(Print(tree.root, memory) == "variables: Id=5000000000 Light=Bright At=(0.5,0,0)");
  HandTree bad(kBadEnum);
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(bad.root, &error));
  CHECK(std::string(error.message) ==
        "bt: decider ROOT: a declared variable with no name, an unknown type, a NaN initial value, or an initial value "
        "its type cannot hold (a Bool's not 0 or 1)");
}

}  // namespace typed_variables_test
