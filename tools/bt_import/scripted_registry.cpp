// tools/bt_import/scripted_registry.cpp — made-up game functions (see the header).
#include "tools/bt_import/scripted_registry.h"

#include <algorithm>
#include <utility>

#include "bt/data/write_cpp.h"
#include "bt/loaders/lua/lua_nodes.h"

namespace bt_import {

namespace {

using bt::data::BindingKind;
using bt::data::CppSpelling;
using bt::data::Registry;
using bt::data::SignatureSetter;

// ---------------------------------------------------------------- actions
const char* ActionName(const bt::Context& context) {
  const bt::DeciderDef* decider = context.decider;
  if (decider == nullptr || decider->behavior == nullptr || decider->behavior->name == nullptr) return "?";
  return decider->behavior->name;
}

// A missing action cannot start (Drag[en]gine: "missing -> failure"): not called, no markers.
bool ScriptedActivate(ScriptWorld& world, const bt::Context& context) {
  const char* name = ActionName(context);
  if (world.missing.count(name) != 0) return false;
  if (world.recordEnter && !world.firstEntry) world.lifecycle.push_back(std::string("enter:") + name);
  return true;
}

// Unvanquished's first entry: an action whose node is not the
// bot's currentNode enters it; the node is forgotten when it succeeds or fails.
bt::Result FirstEntry(ScriptWorld& world, const bt::Context& context, const char* name, bt::Result result) {
  if (!world.firstEntry) return result;
  if (world.currentNode != context.decider && world.recordEnter)
    world.lifecycle.push_back(std::string("enter:") + name);
  world.currentNode = result == bt::Result::Running ? context.decider : nullptr;
  return result;
}

bt::Result ScriptedTick(ScriptWorld& world, const bt::Context& context) {
  const char* name = ActionName(context);
  if (world.missing.count(name) != 0) return bt::Result::Failed;
  world.called.emplace_back(name);
  const std::uint64_t call = world.calls[name]++;
  if (world.results != nullptr)
    for (const ActionResults& results : *world.results)
      if (results.name == name) return FirstEntry(world, context, name, results.ResultOfCall(call));
  return FirstEntry(world, context, name, bt::Result::Running);
}

void ScriptedDeactivate(ScriptWorld& world, const bt::Context& context) {
  const char* name = ActionName(context);
  if (world.recordExit && world.missing.count(name) == 0) world.lifecycle.push_back(std::string("exit:") + name);
}

// ---------------------------------------------------------------- the slot pools
template <std::size_t I>
bool ConditionSlot(ScriptWorld& world) {
  return world.slots[I] != 0;
}
template <std::size_t I>
float DecideSlot(ScriptWorld& world) {
  return static_cast<float>(world.slots[I]);
}
template <std::size_t I>
double ValueSlot(ScriptWorld& world, std::span<const bt::Param>) {
  return world.slots[I];
}

std::uint32_t ScriptedRandom(ScriptWorld& world) {
  world.random = world.random * 1664525u + 1013904223u;
  return world.random;
}

using Registrar = SignatureSetter (*)(Registry&, std::string_view, CppSpelling);

template <std::size_t I>
SignatureSetter RegisterCondition(Registry& registry, std::string_view name, CppSpelling cpp) {
  return registry.AddCondition<&ConditionSlot<I>>(name, std::move(cpp));
}
template <std::size_t I>
SignatureSetter RegisterDecide(Registry& registry, std::string_view name, CppSpelling cpp) {
  return registry.AddDecide<void, &DecideSlot<I>>(name, std::move(cpp));
}
template <std::size_t I>
SignatureSetter RegisterValue(Registry& registry, std::string_view name, CppSpelling cpp) {
  return registry.AddValue<&ValueSlot<I>>(name, std::move(cpp));
}

template <std::size_t... I>
constexpr std::array<Registrar, sizeof...(I)> Registrars(BindingKind kind, std::index_sequence<I...>) {
  if (kind == BindingKind::Condition) return {&RegisterCondition<I>...};
  if (kind == BindingKind::Decide) return {&RegisterDecide<I>...};
  return {&RegisterValue<I>...};
}
constexpr auto kSlots = std::make_index_sequence<kMaxScriptedSlots>();
constexpr std::array<Registrar, kMaxScriptedSlots> kConditionRegistrars = Registrars(BindingKind::Condition, kSlots);
constexpr std::array<Registrar, kMaxScriptedSlots> kDecideRegistrars = Registrars(BindingKind::Decide, kSlots);
constexpr std::array<Registrar, kMaxScriptedSlots> kValueRegistrars = Registrars(BindingKind::Value, kSlots);

// ---------------------------------------------------------------- argument types
// What the deciders running `action` give it: the positional parameters of its
// longest call (their types), and how many of them a shorter call leaves out
// (Unvanquished actions take a minimum and a maximum count).
struct ActionArguments {
  bt::data::Signature params;
  std::size_t optional = 0;
};
ActionArguments ActionArgumentsOf(const bt::data::BuiltTree& tree, const std::string& action, std::size_t arity) {
  ActionArguments found;
  std::size_t fewest = arity;
  bool seen = false;
  for (const bt::DeciderDef& decider : tree.Deciders()) {
    if (decider.behavior == nullptr || decider.behavior->name == nullptr || action != decider.behavior->name) continue;
    bt::data::Signature params;
    for (const bt::Param& param : decider.Params())
      if (param.name == nullptr) params.push_back(param.type);
    if (!seen || params.size() > found.params.size()) found.params = params;
    fewest = seen ? std::min(fewest, params.size()) : params.size();
    seen = true;
  }
  if (!seen) return {bt::data::Signature(arity, bt::ParamType::Number), 0};
  found.optional = found.params.size() - fewest;
  return found;
}

const char* Prefix(BindingKind kind) {
  switch (kind) {
    case BindingKind::Action:
      return "action_";
    case BindingKind::Condition:
      return "condition_";
    case BindingKind::Decide:
      return "decide_";
    case BindingKind::Random:
      return "random_";
    case BindingKind::Value:
      return "value_";
    case BindingKind::Constant:
      return "constant_";
  }
  return "name_";
}

}  // namespace

void ScriptWorld::StartTick(const std::vector<ActionResults>& tickResults) {
  results = &tickResults;
  calls.clear();
  called.clear();
  lifecycle.clear();
}

bt::Scope* FindScriptScope(void* world, const char* name) {
  if (world == nullptr || name == nullptr) return nullptr;
  return &static_cast<ScriptWorld*>(world)->scopes.try_emplace(name).first->second;
}

std::vector<int> ScriptedRegistry::SlotsOf(std::string_view name) const {
  std::vector<int> slots;
  for (const ScriptedName& scripted : names)
    if (scripted.slot >= 0 && scripted.name == name) slots.push_back(scripted.slot);
  return slots;
}

bool ScriptedRegistry::IsAction(std::string_view name) const {
  for (const ScriptedName& scripted : names)
    if (scripted.kind == BindingKind::Action && scripted.name == name) return true;
  return false;
}

void RegisterFileNodes(bt::data::Registry& registry, bt::loaders::LuaScripts* lua) {
  bt::data::RegisterBuiltinBehaviors(registry);
  if (lua != nullptr) bt::loaders::RegisterLuaCodeNodes<ScriptWorld>(registry, *lua);
}

bt::data::Registry BuiltinRegistry(bt::loaders::LuaScripts* lua) {
  bt::data::Registry registry;
  RegisterFileNodes(registry, lua);
  return registry;
}

ScriptedRegistry MakeScriptedRegistry(const bt::data::BuildResult& stubBuild, bt::loaders::LuaScripts* lua) {
  ScriptedRegistry scripted;
  RegisterFileNodes(scripted.registry, lua);
  std::set<std::string> taken;
  int nextSlot = 0;
  for (const bt::data::Binding& binding : stubBuild.bindings) {
    if (!binding.stubbed) continue;  // the file's own built-in nodes run for real
    ScriptedName name{binding.kind, binding.name, {}, {}, -1};
    // A C++ identifier of its own: the kind's prefix keeps a name apart from C++'s words.
    const std::string base = bt::data::CppIdentifier(Prefix(binding.kind) + binding.name);
    name.cpp = base;
    for (int n = 2; !taken.insert(name.cpp).second; ++n) name.cpp = base + "_" + std::to_string(n);
    const std::string spelled = "bt_import_stubs::" + name.cpp;
    switch (binding.kind) {
      case BindingKind::Action: {
        const ActionArguments arguments =
            stubBuild.tree != nullptr ? ActionArgumentsOf(*stubBuild.tree, binding.name, binding.arity)
                                      : ActionArguments{bt::data::Signature(binding.arity, bt::ParamType::Number), 0};
        name.params = arguments.params;
        scripted.registry
            .AddAction<void, &ScriptedActivate, &ScriptedTick, &ScriptedDeactivate>(
                binding.name, {"void", "nullptr", spelled, "nullptr", ""})
            .Params(name.params);
        scripted.registry.OptionalParams(binding.name, arguments.optional);
        break;
      }
      case BindingKind::Condition:
      case BindingKind::Decide:
      case BindingKind::Value: {
        if (nextSlot >= static_cast<int>(kMaxScriptedSlots)) {
          scripted.errors.push_back(std::string(bt::data::BindingKindName(binding.kind)) + " '" + binding.name +
                                    "': more than " + std::to_string(kMaxScriptedSlots) +
                                    " conditions and value functions to script");
          continue;
        }
        name.slot = nextSlot++;
        name.params.assign(binding.arity, bt::ParamType::Number);
        const auto& registrars = binding.kind == BindingKind::Condition ? kConditionRegistrars
                                 : binding.kind == BindingKind::Decide  ? kDecideRegistrars
                                                                        : kValueRegistrars;
        registrars[static_cast<std::size_t>(name.slot)](scripted.registry, binding.name, {"void", "", "", "", spelled})
            .Params(name.params);
        break;
      }
      case BindingKind::Random:
        scripted.registry.AddRandom<&ScriptedRandom>(binding.name, {"", "", "", "", spelled});
        break;
      case BindingKind::Constant:
        scripted.registry.AddConstant(binding.name, 0, {"", "", "", "", spelled});
        break;
    }
    scripted.names.push_back(std::move(name));
  }
  return scripted;
}

}  // namespace bt_import
