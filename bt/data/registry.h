// bt/data/registry.h — the names a tree from data may use, bound to the game's
// typed functions.
//
// A data tree says `action Shoot(10, "head")` or `condition IsHungry`; the
// registry maps each name to the C++ function behind it, with its parameter
// signature, so the builder (bt/data/tree_builder.h) can check every call at
// build time. Functions are registered as template arguments, so they go
// through the very thunks the BT_DEFINE_* macros use (bt/core/thunks.h): a
// tree built from data calls them exactly as its macro twin would. Each entry
// also keeps the C++ spelling of its functions (captured by the BT_REGISTER_*
// macros), for writing a built tree back out as BT_DEFINE_* source.
//
//   bt::data::Registry registry;
//   BT_REGISTER_ACTION(registry, "Shoot", ShootMem, ShootActivate, ShootTick, nullptr)
//       .Params({bt::ParamType::Number, bt::ParamType::Text});
//   BT_REGISTER_CONDITION(registry, "IsHungry", IsHungry);
//   BT_REGISTER_CONSTANT(registry, E_H_REACTOR);
//
// Registering a name again replaces the earlier entry of that kind (a game that
// reloads its code registers afresh). The registry is read, never written, while
// trees are built, so several threads may build from one registry at once.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bt/core/behavior.h"
#include "bt/data/expression.h"
#include "bt/core/decider.h"
#include "bt/core/thunks.h"
#include "bt/core/param.h"

namespace bt::data {

// What a name is registered as (and, in a tree, what a call site asks for).
enum class BindingKind : std::uint8_t { Action, Condition, Decide, Random, Value, Constant };
const char* BindingKindName(BindingKind kind);  // "action", "condition", ...

// The parameters a function reads, positional, in order.
using Signature = std::vector<ParamType>;

// A parameter a function reads by name (ctx.Params(), bt::FindParam): what a
// loader of attribute formats (MBT XML: `<Move to="Cover" speed="2"/>`) turns
// each attribute into, with its type; `required`: a tree must give it.
struct NamedParam {
  std::string name;
  ParamType type = ParamType::Text;
  bool required = false;
};
using NamedSignature = std::vector<NamedParam>;

// The C++ spelling of a registered entry's parts, as written at the registration
// ("ShootMem", "ShootTick", "nullptr", "void"), for the C++ writer.
struct CppSpelling {
  std::string memory;      // actions: the memory struct; Decides: the DBlock ("void": none)
  std::string activate;    // actions
  std::string tick;        // actions
  std::string deactivate;  // actions
  std::string function;    // conditions, Decides, random sources, value functions, constants
};

struct ActionEntry {
  std::string name;
  BehaviorDef behavior;  // its name is the entry's; the builder copies it into the tree
  Signature params;
  CppSpelling cpp;
  NamedSignature named = {};  // parameters read by name (SignatureSetter::Named)
  // How many of the last params a call may leave out (Unvanquished actions take
  // between a minimum and a maximum count of arguments); Registry::OptionalParams.
  std::size_t optionalParams = 0;
};

// Conditions (bool) and Decides (float) both become a DecideFn; a condition's true is 1.0.
struct DecideEntry {
  std::string name;
  BindingKind kind = BindingKind::Decide;  // Condition or Decide
  DecideFn decide = nullptr;
  BlockType dblock{};
  TypeTag agentType = kNoType;
  Signature params;
  CppSpelling cpp;
  NamedSignature named = {};  // parameters read by name (SignatureSetter::Named)
};

struct RandomEntry {
  std::string name;
  RandomFn random = nullptr;
  TypeTag agentType = kNoType;
  CppSpelling cpp;
};

struct ValueEntry {
  std::string name;
  ValueFn value = nullptr;
  TypeTag agentType = kNoType;
  Signature params;
  CppSpelling cpp;
};

struct ConstantEntry {
  std::string name;
  double value = 0;
  CppSpelling cpp;
};

namespace detail {
template <auto F>
double ValueThunk(void* agent, std::span<const Param> args) {
  using Fn = decltype(F);
  return static_cast<double>(F(*static_cast<bt::detail::AgentOf<Fn>*>(agent), args));
}
template <class F>
constexpr bool IsValueFn() {
  if constexpr (!bt::detail::TakesAgentFirst<F>() || bt::detail::FnTraits<F>::kArity != 2) return false;
  else
    return std::is_arithmetic_v<typename bt::detail::FnTraits<F>::Return> &&
           std::is_same_v<std::remove_cvref_t<bt::detail::ArgOf<F, 1>>, std::span<const Param>>;
}
}  // namespace detail

// Sets the signature of the entry just registered: `.Params({ParamType::Number})`;
// for an action, condition or Decide, also the parameters it reads by name:
// `.Named({{"to", ParamType::Text, true}, {"speed", ParamType::Number}})`.
class SignatureSetter {
 public:
  explicit SignatureSetter(Signature& params, NamedSignature* named = nullptr) : params_(&params), named_(named) {}
  SignatureSetter& Params(std::initializer_list<ParamType> types) {
    params_->assign(types.begin(), types.end());
    return *this;
  }
  // Value functions take no named parameters: there it changes nothing.
  SignatureSetter& Named(std::initializer_list<NamedParam> params) {
    if (named_ != nullptr) named_->assign(params.begin(), params.end());
    return *this;
  }
  // The same from a signature known only at run time (a tool registering what a file names).
  SignatureSetter& Params(const Signature& types) {
    *params_ = types;
    return *this;
  }

 private:
  Signature* params_;
  NamedSignature* named_;
};

class Registry {
 public:
  // ------------------------------------------------------------ registering
  // Prefer the BT_REGISTER_* macros below, which also record the C++ spelling.
  template <class Mem, auto Activate, auto Tick, auto Deactivate>
  SignatureSetter AddAction(std::string_view name, CppSpelling cpp = {}) {
    using namespace bt::detail;
    static_assert(kIsActivateFn<std::decay_t<decltype(Activate)>, Mem>,
                  "bt: the Activate of a registered action must be bool or void (Agent&[, Mem&][, const bt::Context&]), or nullptr");
    static_assert(kIsTickFn<std::decay_t<decltype(Tick)>, Mem>,
                  "bt: the Tick of a registered action must be bt::Result or bool (Agent&[, Mem&][, const bt::Context&]), or nullptr");
    static_assert(kIsDeactivateFn<std::decay_t<decltype(Deactivate)>, Mem>,
                  "bt: the Deactivate of a registered action must be void (Agent&[, Mem&][, const bt::Context&]), or nullptr");
    static_assert(AgentTagsAgree({AgentTagOf<Activate>(), AgentTagOf<Tick>(), AgentTagOf<Deactivate>()}),
                  "bt: the functions of a registered action take different agent types: use one");
    static_assert(BehaviorDBlock<Activate, Tick, Deactivate>::agree,
                  "bt: the functions of a registered action take different DBlock types: use one");
    ActionEntry& entry = actions_[std::string(name)];
    entry = ActionEntry{std::string(name), MakeBehaviorDef<Activate, Tick, Deactivate, Mem>(nullptr, cpp.memory.c_str()),
                        {}, std::move(cpp)};
    // The strings moved into the entry: point at its own copies. A memory struct
    // is named as the macros name it (#MEM), so a built tree stamps as its twin.
    entry.behavior.name = entry.name.c_str();
    if (entry.behavior.memory.size != 0) entry.behavior.memory.name = entry.cpp.memory.c_str();
    return SignatureSetter(entry.params, &entry.named);
  }

  // A ready-made behavior whose functions take any agent (bt/engine/builtin_behaviors.h).
  // cpp.function: the C++ name of its BehaviorDef, which WriteTreeAsCpp refers to.
  SignatureSetter AddBehavior(std::string_view name, const BehaviorDef& behavior, CppSpelling cpp = {}) {
    ActionEntry& entry = actions_[std::string(name)];
    entry = ActionEntry{std::string(name), behavior, {}, std::move(cpp)};
    entry.behavior.name = entry.name.c_str();
    if (entry.behavior.memory.size != 0) entry.behavior.memory.name = entry.cpp.memory.c_str();
    return SignatureSetter(entry.params, &entry.named);
  }

  // A ready-made Decide whose function takes any agent (bt::IfTime,
  // bt/core/timestamps.h), without a DBlock. cpp.function: its C++ name.
  SignatureSetter AddDecideFunction(std::string_view name, DecideFn decide, CppSpelling cpp = {}) {
    DecideEntry& entry = decides_[std::string(name)];
    entry = DecideEntry{std::string(name), BindingKind::Decide, decide, BlockType{}, kNoType, {}, std::move(cpp)};
    return SignatureSetter(entry.params, &entry.named);
  }

  // `bool (Agent&[, const bt::DecideContext&])`: accepts when true.
  template <auto Condition>
  SignatureSetter AddCondition(std::string_view name, CppSpelling cpp = {}) {
    static_assert(std::is_same_v<typename bt::detail::FnTraits<std::decay_t<decltype(Condition)>>::Return, bool>,
                  "bt: a registered condition must return bool (register a float-valued function as a Decide)");
    return AddDecideEntry<Condition, void>(name, BindingKind::Condition, std::move(cpp));
  }
  // `float (Agent&[, DBlock&][, const bt::DecideContext&])`: > 0 accepts. DBlock may be void.
  template <class DBlock, auto Decide>
  SignatureSetter AddDecide(std::string_view name, CppSpelling cpp = {}) {
    return AddDecideEntry<Decide, DBlock>(name, BindingKind::Decide, std::move(cpp));
  }
  // `std::uint32_t (Agent&)`: the random source of Random and Shuffle groups.
  template <auto Random>
  void AddRandom(std::string_view name, CppSpelling cpp = {}) {
    static_assert(bt::detail::IsRandomFn<std::decay_t<decltype(Random)>>() && !bt::detail::kIsNull<decltype(Random)>,
                  "bt: a registered random source must be std::uint32_t (Agent&)");
    randoms_[std::string(name)] = RandomEntry{std::string(name), bt::detail::MakeRandom<Random>(),
                                             bt::detail::AgentTagOf<Random>(), std::move(cpp)};
  }
  // `double (Agent&, std::span<const bt::Param>)` (any arithmetic return): for expressions.
  template <auto Value>
  SignatureSetter AddValue(std::string_view name, CppSpelling cpp = {}) {
    static_assert(detail::IsValueFn<std::decay_t<decltype(Value)>>(),
                  "bt: a registered value function must be double (Agent&, std::span<const bt::Param>)");
    ValueEntry& entry = values_[std::string(name)];
    entry = ValueEntry{std::string(name), &detail::ValueThunk<Value>, bt::detail::AgentTagOf<Value>(), {}, std::move(cpp)};
    return SignatureSetter(entry.params);
  }
  // A named constant (E_H_REACTOR, an enum value): a Symbol parameter's value.
  void AddConstant(std::string_view name, double value, CppSpelling cpp = {}) {
    constants_[std::string(name)] = ConstantEntry{std::string(name), value, std::move(cpp)};
  }

  // An enum type a file's variables may take by name (`<Variable name="Stance"
  // type="Stance" default="Idle"/>`): its names in value order, the first 0, as a
  // C++ enum without explicit values numbers them. A file's own `<Enum>` of the
  // same name takes precedence in that file.
  void AddEnum(std::string_view name, std::vector<std::string> names) { enums_[std::string(name)] = std::move(names); }
  const std::vector<std::string>* FindEnum(std::string_view name) const { return Find(enums_, name); }

  // Lets calls of the action `name` leave out its last `count` params. False when
  // no such action is registered or it has fewer params.
  bool OptionalParams(std::string_view name, std::size_t count) {
    const auto found = actions_.find(name);
    if (found == actions_.end() || count > found->second.params.size()) return false;
    found->second.optionalParams = count;
    return true;
  }

  // ------------------------------------------------------------ looking up
  const ActionEntry* FindAction(std::string_view name) const { return Find(actions_, name); }
  const DecideEntry* FindDecide(std::string_view name) const { return Find(decides_, name); }  // conditions too
  const RandomEntry* FindRandom(std::string_view name) const { return Find(randoms_, name); }
  const ValueEntry* FindValue(std::string_view name) const { return Find(values_, name); }
  const ConstantEntry* FindConstant(std::string_view name) const { return Find(constants_, name); }

  // Every name registered as `kind` (conditions and Decides share one table), sorted.
  std::vector<std::string> Names(BindingKind kind) const;

 private:
  template <auto F, class DBlock>
  SignatureSetter AddDecideEntry(std::string_view name, BindingKind kind, CppSpelling cpp) {
    static_assert(bt::detail::IsDecideFn<std::decay_t<decltype(F)>, DBlock>() && !bt::detail::kIsNull<decltype(F)>,
                  "bt: a registered Decide must be float (Agent&[, DBlock&][, const bt::DecideContext&])");
    DecideEntry& entry = decides_[std::string(name)];
    entry = DecideEntry{std::string(name), kind, bt::detail::MakeDecide<F, DBlock>(),
                        BlockTypeOf<DBlock>(nullptr), bt::detail::AgentTagOf<F>(), {}, std::move(cpp)};
    if (entry.dblock.size != 0) entry.dblock.name = entry.cpp.memory.c_str();
    return SignatureSetter(entry.params, &entry.named);
  }
  template <class Map>
  static const typename Map::mapped_type* Find(const Map& map, std::string_view name) {
    const auto found = map.find(name);
    return found == map.end() ? nullptr : &found->second;
  }

  std::map<std::string, ActionEntry, std::less<>> actions_;
  std::map<std::string, DecideEntry, std::less<>> decides_;
  std::map<std::string, RandomEntry, std::less<>> randoms_;
  std::map<std::string, ValueEntry, std::less<>> values_;
  std::map<std::string, ConstantEntry, std::less<>> constants_;
  std::map<std::string, std::vector<std::string>, std::less<>> enums_;
};

// Registers the built-in leaves (bt/engine/builtin_behaviors.h) as actions under their
// names, "Succeed", "Fail", "Halt", "Yield", "Wait", "Timeout", "Log" and
// "Breakpoint": MBT's node names, which the other systems' leaves map to. They
// take no positional arguments: their parameters are named (`Wait(duration = 2)`,
// an MBT attribute). Call it before registering the game's actions: a game's
// action of the same name then replaces the built-in one.
void RegisterBuiltinBehaviors(Registry& registry);

// The registry a loader builds against: `game` itself when it holds every
// built-in leaf, else a copy of it with the missing ones added (a game's own
// action of a built-in's name stays), so a file that needs `Succeed` (an
// Unvanquished condition without a child) loads whether or not the game called
// RegisterBuiltinBehaviors. Keep `game` alive while it is used.
class WithBuiltinBehaviors {
 public:
  explicit WithBuiltinBehaviors(const Registry& game);
  const Registry& Get() const { return copy_ ? *copy_ : game_; }

 private:
  const Registry& game_;
  std::optional<Registry> copy_;  // only when the game lacked a built-in
};

// The registry as the names an expression may use (bt/data/expression.h): its
// value functions (checked for arity) and constants, and the variables a tree
// declares. It refers to both; keep them alive while compiling.
class RegistryNames final : public ExpressionNames {
 public:
  explicit RegistryNames(const Registry& registry, std::span<const VariableDecl> variables = {})
      : registry_(registry), variables_(variables) {}

  int FindVariable(std::string_view name) const override;
  const VariableDecl* VariableDeclaration(int index) const override;
  bool FindConstant(std::string_view name, double& value) const override;
  ValueFn FindFunction(std::string_view name, int arity, std::string& error) const override;
  std::vector<std::string> VariableNames() const override;
  std::vector<std::string> ConstantNames() const override { return registry_.Names(BindingKind::Constant); }
  std::vector<std::string> FunctionNames() const override { return registry_.Names(BindingKind::Value); }

 private:
  const Registry& registry_;
  std::span<const VariableDecl> variables_;
};

}  // namespace bt::data

// ---------------------------------------------------------------- registration macros
// Each records the C++ spelling of what it registers; each returns what
// .Params({...}) is called on where the function reads parameters.
//   MEM: the memory struct, or void. ACTIVATE/TICK/DEACTIVATE: functions or nullptr,
//   in the shapes BT_DEFINE_BEHAVIOR__MEMORY takes (bt/core/macros.h).
#define BT_REGISTER_ACTION(REGISTRY, NAME, MEM, ACTIVATE, TICK, DEACTIVATE) \
  (REGISTRY).AddAction<MEM, ACTIVATE, TICK, DEACTIVATE>(NAME, {#MEM, #ACTIVATE, #TICK, #DEACTIVATE, ""})
#define BT_REGISTER_ACTION__TICK(REGISTRY, NAME, TICK) BT_REGISTER_ACTION(REGISTRY, NAME, void, nullptr, TICK, nullptr)
#define BT_REGISTER_CONDITION(REGISTRY, NAME, FN) (REGISTRY).AddCondition<FN>(NAME, {"void", "", "", "", #FN})
#define BT_REGISTER_DECIDE(REGISTRY, NAME, FN) (REGISTRY).AddDecide<void, FN>(NAME, {"void", "", "", "", #FN})
#define BT_REGISTER_DECIDE__DBLOCK(REGISTRY, NAME, DBLOCK, FN) \
  (REGISTRY).AddDecide<DBLOCK, FN>(NAME, {#DBLOCK, "", "", "", #FN})
#define BT_REGISTER_RANDOM(REGISTRY, NAME, FN) (REGISTRY).AddRandom<FN>(NAME, {"", "", "", "", #FN})
#define BT_REGISTER_VALUE(REGISTRY, NAME, FN) (REGISTRY).AddValue<FN>(NAME, {"", "", "", "", #FN})
// A constant registered under its C++ name: BT_REGISTER_CONSTANT(registry, E_H_REACTOR).
#define BT_REGISTER_CONSTANT(REGISTRY, CONSTANT) \
  (REGISTRY).AddConstant(#CONSTANT, static_cast<double>(CONSTANT), {"", "", "", "", #CONSTANT})
