// demo/figure1/tree.h — the tree of Figure 1 of the Spore document, declared once
// for every program that runs it: the creatures demo and its benchmark (each
// deciding over its world), bt_dot (which draws it) and the tests (which trace it).
//
//   ROOT
//     FLEE                                    -> flee
//     GUARD (asks again on redecide)
//       GUARD_YELL                            -> yell
//       GUARD_FIGHT                           -> fight (the same behavior as FIGHT)
//       GUARD_PATROL                          -> patrol
//     FIGHT                                   -> fight
//     EAT (asks again on redecide)
//       FIND_FOOD                             -> findFood
//       EAT_FOOD                              -> eatFood
//     IDLE (no Decide: always accepts)
//       PLAY (Random)
//         FLIP, ROLL, DANCE                   -> flip, roll, dance
//       REST (no Decide)                      -> rest
//
// FIGURE1_DECLARE() declares the deciders, for a header; FIGURE1_DEFINE(F)
// defines them, in the namespace it is written in, from a struct F that names
// what each program gives the tree: the Decide of each decider that has one
// (F::decideFlee ... F::decideDance, each a function or nullptr), the behaviors
// (F::flee ... F::rest, references to bt::BehaviorDef), and PLAY's own flags and
// random source (F::playFlags, F::playRandom, or 0 and nullptr).
#pragma once

#include "bt/core/macros.h"

// A program whose every Decide is one function (the tests trace each call,
// bt_dot only draws the tree) derives its F from Figure1EveryDecide<ThatFunction>.
template <auto kDecide>
struct Figure1EveryDecide {
  static constexpr auto decideFlee = kDecide;
  static constexpr auto decideGuard = kDecide;
  static constexpr auto decideGuardYell = kDecide;
  static constexpr auto decideGuardFight = kDecide;
  static constexpr auto decideGuardPatrol = kDecide;
  static constexpr auto decideFight = kDecide;
  static constexpr auto decideEat = kDecide;
  static constexpr auto decideFindFood = kDecide;
  static constexpr auto decideEatFood = kDecide;
  static constexpr auto decidePlay = kDecide;
  static constexpr auto decideFlip = kDecide;
  static constexpr auto decideRoll = kDecide;
  static constexpr auto decideDance = kDecide;
};

// Inside F: the ten behaviors, in the order of the picture above.
#define FIGURE1_BEHAVIORS(FLEE_B, YELL_B, FIGHT_B, PATROL_B, FIND_FOOD_B, EAT_FOOD_B, FLIP_B, ROLL_B, DANCE_B, REST_B) \
  static constexpr const bt::BehaviorDef& flee = FLEE_B;                                                              \
  static constexpr const bt::BehaviorDef& yell = YELL_B;                                                              \
  static constexpr const bt::BehaviorDef& fight = FIGHT_B;                                                            \
  static constexpr const bt::BehaviorDef& patrol = PATROL_B;                                                          \
  static constexpr const bt::BehaviorDef& findFood = FIND_FOOD_B;                                                     \
  static constexpr const bt::BehaviorDef& eatFood = EAT_FOOD_B;                                                       \
  static constexpr const bt::BehaviorDef& flip = FLIP_B;                                                              \
  static constexpr const bt::BehaviorDef& roll = ROLL_B;                                                              \
  static constexpr const bt::BehaviorDef& dance = DANCE_B;                                                            \
  static constexpr const bt::BehaviorDef& rest = REST_B

#define FIGURE1_DECLARE()        \
  BT_DECLARE_DECIDER(ROOT);      \
  BT_DECLARE_DECIDER(FLEE);      \
  BT_DECLARE_DECIDER(GUARD);     \
  BT_DECLARE_DECIDER(GUARD_YELL);  \
  BT_DECLARE_DECIDER(GUARD_FIGHT); \
  BT_DECLARE_DECIDER(GUARD_PATROL); \
  BT_DECLARE_DECIDER(FIGHT);     \
  BT_DECLARE_DECIDER(EAT);       \
  BT_DECLARE_DECIDER(FIND_FOOD); \
  BT_DECLARE_DECIDER(EAT_FOOD);  \
  BT_DECLARE_DECIDER(IDLE);      \
  BT_DECLARE_DECIDER(PLAY);      \
  BT_DECLARE_DECIDER(FLIP);      \
  BT_DECLARE_DECIDER(ROLL);      \
  BT_DECLARE_DECIDER(DANCE);     \
  BT_DECLARE_DECIDER(REST)

#define FIGURE1_DEFINE(F)                                                                                          \
  FIGURE1_DECLARE();                                                                                               \
  BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, FLEE, GUARD, FIGHT, EAT, IDLE);                          \
  BT_DEFINE_DECIDER_BEHAVIOR(FLEE, F::flee, F::decideFlee);                                                        \
  /* GUARD and EAT ask their own Decide again when a child ends: a creature whose */                              \
  /* nest is safe again (or who is fed) leaves the group. */                                                       \
  BT_DEFINE_DECIDER_GROUP__FLAGS(GUARD, PrioritizedList, bt::kCallDecideOnRedecide, F::decideGuard, GUARD_YELL,    \
                                 GUARD_FIGHT, GUARD_PATROL);                                                       \
  BT_DEFINE_DECIDER_BEHAVIOR(GUARD_YELL, F::yell, F::decideGuardYell);                                             \
  BT_DEFINE_DECIDER_BEHAVIOR(GUARD_FIGHT, F::fight, F::decideGuardFight);                                          \
  BT_DEFINE_DECIDER_BEHAVIOR(GUARD_PATROL, F::patrol, F::decideGuardPatrol);                                       \
  BT_DEFINE_DECIDER_BEHAVIOR(FIGHT, F::fight, F::decideFight);                                                     \
  BT_DEFINE_DECIDER_GROUP__FLAGS(EAT, PrioritizedList, bt::kCallDecideOnRedecide, F::decideEat, FIND_FOOD,         \
                                 EAT_FOOD);                                                                        \
  BT_DEFINE_DECIDER_BEHAVIOR(FIND_FOOD, F::findFood, F::decideFindFood);                                           \
  BT_DEFINE_DECIDER_BEHAVIOR(EAT_FOOD, F::eatFood, F::decideEatFood);                                              \
  BT_DEFINE_DECIDER_GROUP(IDLE, PrioritizedList, nullptr, PLAY, REST);                                             \
  BT_DEFINE_DECIDER_GROUP__RANDOM(PLAY, Random, F::playFlags, F::decidePlay, F::playRandom, FLIP, ROLL, DANCE);    \
  BT_DEFINE_DECIDER_BEHAVIOR(FLIP, F::flip, F::decideFlip);                                                        \
  BT_DEFINE_DECIDER_BEHAVIOR(ROLL, F::roll, F::decideRoll);                                                        \
  BT_DEFINE_DECIDER_BEHAVIOR(DANCE, F::dance, F::decideDance);                                                     \
  BT_DEFINE_DECIDER_BEHAVIOR(REST, F::rest, nullptr)
