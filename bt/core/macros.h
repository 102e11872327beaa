// bt/core/macros.h — declaring trees at file scope (Spore S12-S17).
//
// Deciders and groups are BT_DEFINE_DECIDER / BT_DEFINE_GROUP with options by
// name (BT_DECIDE(fn), BT_CHILDREN(...), ...); behaviors are BT_DEFINE_BEHAVIOR,
// with variants after a double underscore. Definitions are constexpr
// aggregates: a tree costs no dynamic initialization, no allocation, and reads
// in a debugger's watch window with its names.
//
//   BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(FLEE, IDLE_REST));
//   BT_DEFINE_BEHAVIOR__TICK(REST, RestTick);
//   BT_DEFINE_DECIDER(IDLE_REST, REST, BT_DECIDE(IsTired));
//
// Function arguments are the user's typed functions, or nullptr. A capture-less
// lambda is one too, given a leading + that converts it to a function pointer:
//   BT_DEFINE_BEHAVIOR__TICK(IDLE, +[](Creature&) { return bt::Result::Running; });
// Children and behaviors are named. Policies are GroupPolicy enumerators without the prefix.
#pragma once

#include <cstdint>
#include <iterator>

#include "bt/core/detail/macros.h"
#include "bt/core/preconditions.h"

// ---------------------------------------------------------------- declarations
#define BT_DECLARE_BEHAVIOR(NAME) extern const ::bt::BehaviorDef NAME
#define BT_DECLARE_DECIDER(NAME) extern const ::bt::DeciderDef NAME

// ---------------------------------------------------------------- behaviors
// Functions, any of which may be nullptr:
//   Activate:   bool or void (Agent&[, Mem&][, const DBlock&][, const bt::Context&])   false fails at once
//   Tick:       bt::Result or bool (Agent&[, Mem&][, const DBlock&][, const bt::Context&])
//               bool: true = Running, false = Failed
//   Deactivate: void (Agent&[, Mem&][, const DBlock&][, const bt::Context&])
// DBlock is what the decider's Decide filled, taken by const reference; the
// functions that take one take the same type. A tree is checked (BT_CHECK_TREE,
// bt::MemoryFor, InitializeTreeData) so that every decider of the behavior has a
// DBlock of exactly that type (TreeProblem::DBlockMismatch), and the function is
// never handed a null or another type: prefer it to Context::DBlock<T>(), which
// returns null for another type. A decider's DBlock reaches only its own
// behavior (a group's, only its group behavior, never its children): one that
// no function can read, taking neither it nor a bt::Context, is refused
// (TreeProblem::DBlockUnread).
#define BT_DEFINE_BEHAVIOR(NAME, ACTIVATE, TICK, DEACTIVATE) \
  BT_DETAIL_DEFINE_BEHAVIOR(NAME, #NAME, void, ACTIVATE, TICK, DEACTIVATE)
#define BT_DEFINE_BEHAVIOR__TICK(NAME, TICK) BT_DETAIL_DEFINE_BEHAVIOR(NAME, #NAME, void, nullptr, TICK, nullptr)
// MEM is constructed in the agent's memory block before Activate and destroyed after Deactivate.
#define BT_DEFINE_BEHAVIOR__MEMORY(NAME, MEM, ACTIVATE, TICK, DEACTIVATE) \
  BT_DETAIL_DEFINE_BEHAVIOR(NAME, #NAME, MEM, ACTIVATE, TICK, DEACTIVATE)
// MEM may be void.
#define BT_DEFINE_BEHAVIOR__FULL(NAME, DEBUGNAME, MEM, ACTIVATE, TICK, DEACTIVATE) \
  BT_DETAIL_DEFINE_BEHAVIOR(NAME, DEBUGNAME, MEM, ACTIVATE, TICK, DEACTIVATE)

// ---------------------------------------------------------------- deciders
// One form for both kinds of decider: the name, what it runs, then options by
// name, in any order, each at most once:
//   BT_DEFINE_DECIDER(FLEE, FLEE_B, BT_DECIDE(IsScared), BT_PRE(bt::Preconditions{}.Every(0.5f)));
//   BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(FLEE, IDLE), BT_FLAGS(bt::kCallDecideOnRedecide));
// BT_CHILDREN declares a group's children in the group's namespace, so that
// they may be defined further down or in another file: a tree reads top-down. A
// child from another namespace, enclosing ones included, is written qualified and
// in parentheses, BT_CHILDREN(FLEE, (common::IDLE)), and declared by its own file.
// A behavior is defined before the deciders that run it, beside its functions.
#define BT_DEFINE_DECIDER(NAME, BEHAVIOR, ...) BT_DETAIL_DEFINE_DECIDER(NAME, &BEHAVIOR, __VA_ARGS__)
// POLICY is a GroupPolicy enumerator without the prefix.
#define BT_DEFINE_GROUP(NAME, POLICY, ...) BT_DETAIL_DEFINE_GROUP(NAME, POLICY, __VA_ARGS__)
// A condition that is no node of the tree: a Decide with its own options
// (BT_DECIDE, BT_PARAMS, BT_DEBUG_NAME), never activated, as a
// SelectionStateMachine's transitions ask them (BT_TRANSITIONS).
#define BT_DEFINE_CONDITION(NAME, ...) BT_DETAIL_DEFINE_DECIDER(NAME, nullptr, __VA_ARGS__)

// The options. Functions are the user's typed functions, or nullptr.
// Decide: float (Agent&[, DBlock&], const bt::DecideContext&) or float (Agent&); > 0 accepts.
#define BT_DECIDE(...) (BT_OPTION_DECIDE, __COUNTER__, __VA_ARGS__)
// bt::DeciderFlags, e.g. bt::kCallDecideOnRedecide.
#define BT_FLAGS(...) (BT_OPTION_FLAGS, __COUNTER__, __VA_ARGS__)
// When Decide is asked: a bt::Preconditions, e.g. bt::Preconditions{}.Every(2).DecisionAllSet(kDay).
#define BT_PRE(...) (BT_OPTION_PRE, __COUNTER__, __VA_ARGS__)
// The type T Decide fills (its DBlock& argument) and the behavior reads (ctx.DBlock<T>()).
#define BT_DBLOCK(...) (BT_OPTION_DBLOCK, __COUNTER__, __VA_ARGS__)
// Constant parameters its functions read through ctx.Params(): bt::NumberParam("range", 10), ... (bt/core/param.h).
#define BT_PARAMS(...) (BT_OPTION_PARAMS, __COUNTER__, __VA_ARGS__)
// Bits handed to the behavior as Context::behaviorFlags (Spore S15).
#define BT_BEHAVIOR_FLAGS(...) (BT_OPTION_BEHAVIOR_FLAGS, __COUNTER__, __VA_ARGS__)
// The name the debugger and debug output show, if not the decider's own.
#define BT_DEBUG_NAME(...) (BT_OPTION_DEBUG_NAME, __COUNTER__, __VA_ARGS__)
// Groups only: their children (required), highest priority first.
#define BT_CHILDREN(...) (BT_OPTION_CHILDREN, __COUNTER__, __VA_ARGS__)
// Groups only: a behavior that activates, ticks and deactivates with the group; its failure fails the group.
#define BT_GROUP_BEHAVIOR(BEHAVIOR) (BT_OPTION_GROUP_BEHAVIOR, __COUNTER__, BEHAVIOR)
// Groups only: std::uint32_t (Agent&), the source Random and Shuffle groups draw from.
#define BT_RANDOM(...) (BT_OPTION_RANDOM, __COUNTER__, __VA_ARGS__)
// Roots only: the per-agent variables the tree declares (bt/core/variables.h), an
// array of bt::VariableDecl with static storage: BT_VARIABLES(kGuardVariables).
#define BT_VARIABLES(...) (BT_OPTION_VARIABLES, __COUNTER__, __VA_ARGS__)
// Classic groups only (bt/core/classic.h), each a field of their NodeConfig, given only
// to a group whose policy reads it:
//   BT_DEFINE_GROUP(NOT_SEEN, Decorator, BT_CHILDREN(SEEN), BT_RESULTS(bt::kInvertResult));
//   BT_DEFINE_GROUP(TRY_3, LoopUntilSuccess, BT_CHILDREN(OPEN_DOOR), BT_COUNT(3));
// Decorator: what it returns for its child's done, failed and running: a
// bt::ResultMap (bt::kInvertResult, bt::kSuppressFailure, bt::AlwaysResult(r)) or
// the three results, BT_RESULTS(bt::Result::Done, bt::Result::Done, bt::Result::Running).
#define BT_RESULTS(...) (BT_OPTION_RESULTS, __COUNTER__, __VA_ARGS__)
// Loop: times its child is done; LoopUntilSuccess: attempts (0, the default: forever).
#define BT_COUNT(...) (BT_OPTION_COUNT, __COUNTER__, __VA_ARGS__)
// Cooldown: [seconds] after its child's last failure before it is ticked again.
#define BT_SECONDS(...) (BT_OPTION_SECONDS, __COUNTER__, __VA_ARGS__)
// RandomGate: the probability, in [0, 1], that the gate opens on entry (default 1).
#define BT_CHANCE(...) (BT_OPTION_CHANCE, __COUNTER__, __VA_ARGS__)
// SelectionStateMachine: its transitions, bt::SelectionTransition {from, to,
// &CONDITION} between its states (children) by index, each state's tried in
// order; a condition is a BT_DEFINE_CONDITION:
//   BT_DEFINE_CONDITION(SEES, BT_DECIDE(SeesEnemy));
//   BT_DEFINE_GROUP(ALERT, SelectionStateMachine, BT_CHILDREN(SEARCH, ATTACK),
//                   BT_TRANSITIONS({0, 1, &SEES}, {1, 0, &LOST}));
#define BT_TRANSITIONS(...) (BT_OPTION_TRANSITIONS, __COUNTER__, __VA_ARGS__)
// GroupScope: the game's scope NAME (text), how many agents may be inside at once,
// and the bt::ScopeFinder that finds an agent's scope of that name (bt/engine/scope.h):
//   BT_DEFINE_GROUP(INVESTIGATE, GroupScope, BT_CHILDREN(LOOK), BT_SCOPE("DeadBodyInvestigator", 1, FindScope));
#define BT_SCOPE(NAME, ALLOWED_USERS, FINDER) (BT_OPTION_SCOPE, __COUNTER__, NAME, ALLOWED_USERS, FINDER)
// Any decider that is a StateMachine's state (a group or a behavior decider): its
// transitions on events, bt::OnEvent("event", to), `to` the index of the target
// state among the machine's children (the debug views show the event by name;
// bt::Transition {bt::NameId("event"), to}, without the name, by its id):
//   BT_DEFINE_GROUP(IDLE, Decorator, BT_CHILDREN(IDLE_TREE),
//                   BT_EVENT_TRANSITIONS(bt::OnEvent("OnEnemySeen", 1)));
#define BT_EVENT_TRANSITIONS(...) (BT_OPTION_EVENT_TRANSITIONS, __COUNTER__, __VA_ARGS__)

// ---------------------------------------------------------------- positional forms
// The earlier macros, kept for existing trees: each is one BT_DEFINE_DECIDER or
// BT_DEFINE_GROUP, and, unlike them, declares nothing (children and behaviors
// defined further down need BT_DECLARE_DECIDER / BT_DECLARE_BEHAVIOR first).
#define BT_DEFINE_DECIDER_BEHAVIOR(NAME, BEHAVIOR, DECIDE) BT_DETAIL_DEFINE_DECIDER(NAME, &BEHAVIOR, BT_DECIDE(DECIDE))
#define BT_DEFINE_DECIDER_BEHAVIOR__PRE(NAME, BEHAVIOR, DECIDE, PRE) \
  BT_DETAIL_DEFINE_DECIDER(NAME, &BEHAVIOR, BT_DECIDE(DECIDE), BT_PRE(PRE))
#define BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(NAME, BEHAVIOR, BEHAVIOR_FLAGS, DECIDE) \
  BT_DETAIL_DEFINE_DECIDER(NAME, &BEHAVIOR, BT_BEHAVIOR_FLAGS(BEHAVIOR_FLAGS), BT_DECIDE(DECIDE))
#define BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(NAME, BEHAVIOR, DECIDE, DBLOCK) \
  BT_DETAIL_DEFINE_DECIDER(NAME, &BEHAVIOR, BT_DECIDE(DECIDE), BT_DBLOCK(DBLOCK))
// BEHAVIOR_PTR is &BEHAVIOR; DBLOCK may be void; FLAGS are bt::DeciderFlags.
#define BT_DEFINE_DECIDER_BEHAVIOR__FULL(NAME, DEBUGNAME, BEHAVIOR_PTR, BEHAVIOR_FLAGS, FLAGS, DECIDE, DBLOCK, PRE) \
  BT_DETAIL_DEFINE_DECIDER(NAME, BEHAVIOR_PTR, BT_DEBUG_NAME(DEBUGNAME), BT_BEHAVIOR_FLAGS(BEHAVIOR_FLAGS),      \
                           BT_FLAGS(FLAGS), BT_DECIDE(DECIDE), BT_DBLOCK(DBLOCK), BT_PRE(PRE))

// The children follow as the last arguments, highest priority first.
#define BT_DEFINE_DECIDER_GROUP(NAME, POLICY, DECIDE, ...) \
  BT_DETAIL_DEFINE_GROUP(NAME, POLICY, BT_DECIDE(DECIDE), BT_DETAIL_CHILDREN_AS_GIVEN(__VA_ARGS__))
#define BT_DEFINE_DECIDER_GROUP__FLAGS(NAME, POLICY, FLAGS, DECIDE, ...) \
  BT_DETAIL_DEFINE_GROUP(NAME, POLICY, BT_FLAGS(FLAGS), BT_DECIDE(DECIDE), BT_DETAIL_CHILDREN_AS_GIVEN(__VA_ARGS__))
#define BT_DEFINE_DECIDER_GROUP__PRE(NAME, POLICY, FLAGS, DECIDE, PRE, ...)                          \
  BT_DETAIL_DEFINE_GROUP(NAME, POLICY, BT_FLAGS(FLAGS), BT_DECIDE(DECIDE), BT_PRE(PRE),             \
                         BT_DETAIL_CHILDREN_AS_GIVEN(__VA_ARGS__))
#define BT_DEFINE_DECIDER_GROUP__BEHAVIOR(NAME, POLICY, FLAGS, DECIDE, GROUP_BEHAVIOR, ...)             \
  BT_DETAIL_DEFINE_GROUP(NAME, POLICY, BT_FLAGS(FLAGS), BT_DECIDE(DECIDE),                            \
                         BT_DETAIL_GROUP_BEHAVIOR_PTR(&GROUP_BEHAVIOR), BT_DETAIL_CHILDREN_AS_GIVEN(__VA_ARGS__))
#define BT_DEFINE_DECIDER_GROUP__RANDOM(NAME, POLICY, FLAGS, DECIDE, RANDOM, ...)                          \
  BT_DETAIL_DEFINE_GROUP(NAME, POLICY, BT_FLAGS(FLAGS), BT_DECIDE(DECIDE), BT_RANDOM(RANDOM),             \
                         BT_DETAIL_CHILDREN_AS_GIVEN(__VA_ARGS__))
// GROUP_BEHAVIOR_PTR is &BEHAVIOR or nullptr.
#define BT_DEFINE_DECIDER_GROUP__FULL(NAME, DEBUGNAME, POLICY, FLAGS, DECIDE, DBLOCK, PRE, GROUP_BEHAVIOR_PTR,    \
                                      BEHAVIOR_FLAGS, RANDOM, ...)                                              \
  BT_DETAIL_DEFINE_GROUP(NAME, POLICY, BT_DEBUG_NAME(DEBUGNAME), BT_FLAGS(FLAGS), BT_DECIDE(DECIDE),             \
                         BT_DBLOCK(DBLOCK), BT_PRE(PRE), BT_DETAIL_GROUP_BEHAVIOR_PTR(GROUP_BEHAVIOR_PTR),      \
                         BT_BEHAVIOR_FLAGS(BEHAVIOR_FLAGS), BT_RANDOM(RANDOM), BT_DETAIL_CHILDREN_AS_GIVEN(__VA_ARGS__))

// ---------------------------------------------------------------- tree variables
// Kept for a root defined elsewhere or shared by several trees; a root defined
// for one tree takes BT_VARIABLES(VARIABLES) instead.
// NAME is the root decider ROOT (defined above with any BT_DEFINE_DECIDER_*
// macro) declaring the per-agent variables VARIABLES, a constexpr array of
// bt::VariableDecl (bt/core/variables.h); tick NAME, which shows ROOT's name:
//   constexpr bt::VariableDecl kGuardVariables[] = {{"HasTarget", bt::VariableType::Bool, 0}};
//   BT_DEFINE_DECIDER_ROOT__VARIABLES(GUARD_TREE, GUARD, kGuardVariables);
#define BT_DEFINE_DECIDER_ROOT__VARIABLES(NAME, ROOT, VARIABLES)                                              \
  static_assert(std::size(VARIABLES) <= ::bt::kMaxVariables,                                                 \
                "bt: tree " #NAME " declares more variables than bt::kMaxVariables (BT_MAX_VARIABLES)");     \
  constinit ::bt::DeciderData NAME##_btData{};                                                               \
  extern const ::bt::DeciderDef NAME;                                                                        \
  constexpr ::bt::DeciderDef NAME = [] {                                                                     \
    ::bt::DeciderDef root = ROOT;                                                                            \
    root.data = &NAME##_btData;                                                                              \
    root.variables = std::data(VARIABLES);                                                                   \
    root.variableCount = static_cast<std::uint16_t>(std::size(VARIABLES));                                   \
    return root;                                                                                             \
  }()

// ---------------------------------------------------------------- derived agents
// Declares, at global scope and before the agent is ticked (beside the class,
// in its header), that an agent of class AGENT may run trees whose functions
// take one of its public base classes, listed in the order they are tried:
//   struct HungryDragon : Flying, Creature { ... };
//   BT_AGENT_BASE(HungryDragon, Creature);
//   bt::TickBehaviorTree(CREATURE_ROOT, dragon, memory, time, dt);  // runs as Creature&
// A declared base's own declared bases are tried after it. See bt::AgentBase.
#define BT_AGENT_BASE(AGENT, ...)                                                                 \
  template <>                                                                                     \
  struct bt::AgentBase<AGENT> {                                                                   \
    static_assert(::bt::detail::AreAgentBases<AGENT, __VA_ARGS__>(),                              \
                  "bt: BT_AGENT_BASE(" #AGENT ", " #__VA_ARGS__ "): each must be a public, unambiguous " \
                  "base class of " #AGENT);                                                        \
    using Bases = ::bt::AgentBaseList<__VA_ARGS__>;                                                \
  }

// ---------------------------------------------------------------- whole trees
// Checks the tree below ROOT at compile time (cycles, depth, limits). A problem
// is one static_assert that says what to change, in the instantiation of
// bt::detail::TreeProblemAt<bt::TreeProblem::..., CULPRIT>, which names the
// decider at fault. bt::MemoryFor<ROOT> does the same; code sized by a rejected
// tree (the block, the compiled tick) adds no errors of its own.
#define BT_CHECK_TREE(ROOT) static_assert(::bt::detail::CheckedTree<ROOT>::memoryBytes > 0, "bt: tree " #ROOT)
// For a tree used from other files, whose block type must be named where the
// tree is not visible: checks in the defining file that BYTES are enough.
#define BT_CHECK_TREE_MEMORY(ROOT, BYTES)                                                 \
  static_assert(::bt::detail::CheckedTree<ROOT>::memoryBytes <= (BYTES),                  \
                "bt: tree " #ROOT " needs a larger memory block than " #BYTES " bytes: " \
                "enlarge it to sizeof(bt::MemoryFor<" #ROOT ">)")
