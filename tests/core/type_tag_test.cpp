// tests/core/type_tag_test.cpp — type identity within one file: tags compared in
// constant expressions and at run time, a DBlock checked by type and size, the
// key stimulus data is saved under, and derived agents (BT_AGENT_BASE) on the
// interpreted tick. The two-file cases are in tests/core/type_identity_b_test.cpp.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "bt/bt.h"
#include "tests/core/derived_agents.h"

namespace tags {

using derived::Creature;
using derived::Flying;
using derived::HungryDragon;
using derived::Wyrm;
struct Stray : Flying, Creature {};  // declares no base
struct Hybrid : Flying, Creature {};  // declares both, Flying first

bt::Result Live(Creature& creature) {
  ++creature.ticks;
  creature.hunger += 2;
  return bt::Result::Running;
}
bt::Result Breathe(HungryDragon& dragon) {
  --dragon.fire;
  return bt::Result::Running;
}

BT_DEFINE_BEHAVIOR__TICK(LIVE_B, Live);
BT_DEFINE_BEHAVIOR__TICK(BREATHE_B, Breathe);
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, nullptr);  // takes any agent
BT_DECLARE_DECIDER(LIVE);
BT_DECLARE_DECIDER(BREATHE);
BT_DECLARE_DECIDER(IDLE);
BT_DEFINE_DECIDER_GROUP(CREATURE_ROOT, PrioritizedList, nullptr, LIVE);
BT_DEFINE_DECIDER_GROUP(DRAGON_ROOT, PrioritizedList, nullptr, BREATHE);
BT_DEFINE_DECIDER_GROUP(ANY_ROOT, PrioritizedList, nullptr, IDLE);
BT_DEFINE_DECIDER_BEHAVIOR(LIVE, LIVE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(BREATHE, BREATHE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);

// A behavior whose Deactivate marks the Creature it is given.
void Leave(Creature& creature) { creature.hunger = -1; }
BT_DEFINE_BEHAVIOR(LEAVE_B, nullptr, nullptr, Leave);
BT_DECLARE_DECIDER(LEAVE);
BT_DEFINE_DECIDER_GROUP(LEAVE_ROOT, PrioritizedList, nullptr, LEAVE);
BT_DEFINE_DECIDER_BEHAVIOR(LEAVE, LEAVE_B, nullptr);

struct Note {
  int from;
};

}  // namespace tags

namespace {
struct Hidden {  // spelled alike in any file: no name to save data under
  int x;
};
}  // namespace

BT_AGENT_BASE(tags::Hybrid, tags::Flying, tags::Creature);

using namespace tags;

// ---------------------------------------------------------------- tags
// Compared in constant expressions, as the tree checks do (also under GCC's
// -fsanitize=null, which the ASan+UBSan build of this file uses).
static_assert(bt::TypeTagOf<Creature>() == bt::TypeTagOf<const Creature&>());
static_assert(bt::TypeTagOf<Creature>() != bt::TypeTagOf<Flying>());
static_assert(bt::TypeTagOf<Creature>() != bt::kNoType && bt::kNoType != bt::TypeTagOf<Creature>());
static_assert(bt::TypeTagOf<void>() == bt::kNoType);
static_assert(LIVE_B.agentType == bt::TypeTagOf<Creature>() && BREATHE_B.agentType != bt::TypeTagOf<Creature>());
static_assert(IDLE_B.agentType == bt::kNoType);
static_assert(bt::detail::CheckedTree<CREATURE_ROOT>::analysis.agentType == bt::TypeTagOf<Creature>());
// What the compiled tick finds for a derived agent.
static_assert(bt::detail::ReachesAgentType<Wyrm>(bt::TypeTagOf<Creature>()));
static_assert(bt::detail::ReachesAgentType<Wyrm>(bt::TypeTagOf<HungryDragon>()));
static_assert(!bt::detail::ReachesAgentType<Stray>(bt::TypeTagOf<Creature>()));
static_assert(!bt::detail::ReachesAgentType<Creature>(bt::TypeTagOf<HungryDragon>()));
// A type only declared has a tag too: a tree may be defined where its agent is.
struct Declared;
static_assert(bt::TypeTagOf<Declared>() != bt::kNoType && bt::TypeTagOf<Declared>() != bt::TypeTagOf<Creature>());
// A tag is a constant: it sits in file-scope aggregates without a dynamic initializer.
constinit const bt::TypeTag kCreatureTag = bt::TypeTagOf<Creature>();

TEST_CASE("A type's tag is one object per type, naming it", "[types]") {
  CHECK(kCreatureTag == bt::TypeTagOf<Creature>());
  CHECK(kCreatureTag.info == &bt::detail::TypeIdentity<Creature>::info);
  CHECK(std::string(kCreatureTag.info->name) == "derived::Creature");
  CHECK(std::string(bt::TypeTagOf<HungryDragon>().info->name) == "derived::HungryDragon");
  CHECK(bt::TypeTagOf<Creature>() != bt::TypeTagOf<HungryDragon>());
}

TEST_CASE("Context::DBlock<T> needs the type and the size of the block", "[types][dblock]") {
  struct Pick {
    int id = 5;
    float score = 0;
  } pick;
  bt::Context context;
  context.dblock = &pick;
  context.dblockType = bt::TypeTagOf<Pick>();
  context.dblockSize = sizeof(Pick);
  CHECK(context.DBlock<Pick>() == &pick);
  CHECK(context.DBlock<Creature>() == nullptr);
  // A tree loaded from data that pairs the type with a smaller block.
  context.dblockSize = sizeof(Pick) - 1;
  CHECK(context.DBlock<Pick>() == nullptr);
  context.dblockSize = 0;
  CHECK(context.DBlock<Pick>() == nullptr);
}

// ---------------------------------------------------------------- stimulus data keys

// FNV-1a 64, written out: the key must not change from build to build.
constexpr std::uint64_t Fnv(std::string_view text) {
  std::uint64_t hash = 1469598103934665603ull;
  for (char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return hash;
}

TEST_CASE("Stimulus data is saved under its type's name and read back by name and size", "[types][stimuli]") {
  STATIC_REQUIRE(bt::detail::NameKey<Note>() == Fnv("tags::Note"));
  bt::Stimuli stimuli{};
  REQUIRE(stimuli.Add(3, 1.0f, Note{7}) == bt::StimulusAdd::Added);
  CHECK(stimuli.items[0].dataKey == Fnv("tags::Note"));
  CHECK(stimuli.items[0].dataSize == sizeof(Note));
  REQUIRE(stimuli.Data<Note>(3) != nullptr);
  CHECK(stimuli.Data<Note>(3)->from == 7);
  CHECK(stimuli.Data<Creature>(3) == nullptr);
  SECTION("a saved size that is not the type's reads as no data") {
    stimuli.items[0].dataSize = sizeof(Note) + 4;
    CHECK(stimuli.Data<Note>(3) == nullptr);
  }
  SECTION("AddBytes takes the key from the tag, and refuses a type that has no name") {
    const Hidden hidden{1};
    CHECK(stimuli.AddBytes(5, 1.0f, &hidden, sizeof hidden, bt::TypeTagOf<Hidden>()) == bt::StimulusAdd::Invalid);
    CHECK(bt::TypeTagOf<Hidden>().info->nameKey == 0);
    const Note note{9};
    CHECK(stimuli.AddBytes(4, 1.0f, &note, sizeof note, bt::TypeTagOf<Note>()) == bt::StimulusAdd::Added);
    CHECK(stimuli.Data<Note>(4)->from == 9);
    namespace detail = bt::detail;
    CHECK_FALSE(detail::NamesOneTypeProgramWide("{anonymous}::Hit"));
    CHECK_FALSE(detail::NamesOneTypeProgramWide("(anonymous namespace)::Hit"));
    CHECK_FALSE(detail::NamesOneTypeProgramWide("f()::Hit"));
    CHECK(detail::NamesOneTypeProgramWide("game::Hit"));
    CHECK(detail::NamesOneTypeProgramWide("std::array<int, 3>"));
    CHECK(stimuli.count == 2);
  }
}

// ---------------------------------------------------------------- derived agents

TEST_CASE("A derived agent declared with BT_AGENT_BASE runs its base's tree, as the base", "[types][agentbase]") {
  bt::Memory<128> memory{};
  SECTION("one level: the Creature inside the dragon is ticked, not the dragon's first bytes") {
    HungryDragon dragon;
    const bt::TickResult result = bt::TickBehaviorTree(CREATURE_ROOT, dragon, memory, 0.0, 0.1f);
    CHECK(result.status == bt::Status::Running);
    CHECK(result.decider == &LIVE);
    CHECK(dragon.ticks == 1);
    CHECK(dragon.hunger == 2);
    CHECK(dragon.altitude == 100);
    CHECK(dragon.fire == 3);
  }
  SECTION("two levels: a Wyrm is a HungryDragon is a Creature") {
    Wyrm wyrm;
    CHECK(bt::TickBehaviorTree(CREATURE_ROOT, wyrm, memory, 0.0, 0.1f).status == bt::Status::Running);
    CHECK(wyrm.ticks == 1);
    bt::Memory<128> other{};
    CHECK(bt::TickBehaviorTree(DRAGON_ROOT, wyrm, other, 0.0, 0.1f).status == bt::Status::Running);
    CHECK(wyrm.fire == 2);
    CHECK(wyrm.age == 900);
  }
  SECTION("the bases are tried in order: Flying, then Creature") {
    Hybrid hybrid;
    CHECK(bt::TickBehaviorTree(CREATURE_ROOT, &hybrid, memory.Span(), 0.0, 0.1f).status == bt::Status::Running);
    CHECK(hybrid.ticks == 1);
    CHECK(hybrid.altitude == 100);
  }
  SECTION("the agent's own type first: the dragon's tree gets the dragon") {
    HungryDragon dragon;
    CHECK(bt::TickBehaviorTree(DRAGON_ROOT, dragon, memory, 0.0, 0.1f).status == bt::Status::Running);
    CHECK(dragon.fire == 2);
  }
  SECTION("a tree of any agent type gets it as it is") {
    HungryDragon dragon;
    CHECK(bt::TickBehaviorTree(ANY_ROOT, dragon, memory, 0.0, 0.1f).status == bt::Status::Running);
  }
  SECTION("a null derived agent is still NullAgent") {
    HungryDragon* none = nullptr;
    CHECK(bt::TickBehaviorTree(CREATURE_ROOT, none, memory.Span(), 0.0, 0.1f).status == bt::Status::NullAgent);
  }
  SECTION("a base that is not the tree's is still refused") {
    Creature creature;
    CHECK(bt::TickBehaviorTree(DRAGON_ROOT, creature, memory, 0.0, 0.1f).status == bt::Status::AgentTypeMismatch);
    CHECK(creature.ticks == 0);
  }
}

TEST_CASE("A derived agent without BT_AGENT_BASE is refused, unless the base is named", "[types][agentbase]") {
  bt::Memory<128> memory{};
  Stray stray;
  CHECK(bt::TickBehaviorTree(CREATURE_ROOT, stray, memory, 0.0, 0.1f).status == bt::Status::AgentTypeMismatch);
  CHECK(stray.ticks == 0);
  CHECK(bt::TickBehaviorTree<Creature>(CREATURE_ROOT, stray, memory, 0.0, 0.1f).status == bt::Status::Running);
  CHECK(stray.ticks == 1);
  CHECK(stray.altitude == 100);
}

TEST_CASE("The compiled tick's conversion of a derived agent: the base subobject, by type", "[types][agentbase]") {
  Wyrm wyrm;
  auto& creature = bt::detail::AgentAs<bt::TypeTagOf<Creature>().info>(wyrm);
  STATIC_REQUIRE(std::is_same_v<decltype(creature), Creature&>);
  CHECK(&creature == static_cast<Creature*>(&wyrm));
  CHECK(static_cast<void*>(&creature) != static_cast<void*>(&wyrm));
  auto& itself = bt::detail::AgentAs<nullptr>(wyrm);  // a tree of any agent type
  STATIC_REQUIRE(std::is_same_v<decltype(itself), Wyrm&>);
  auto& dragon = bt::detail::AgentAs<bt::TypeTagOf<HungryDragon>().info>(wyrm);
  STATIC_REQUIRE(std::is_same_v<decltype(dragon), HungryDragon&>);
}

TEST_CASE("StopBehaviorTree converts a derived agent as the tick does, and refuses another type", "[types][agentbase]") {
  bt::Memory<128> memory{};
  HungryDragon dragon;
  REQUIRE(bt::TickBehaviorTree(LEAVE_ROOT, dragon, memory, 0.0, 0.1f).status == bt::Status::Running);
  SECTION("the Deactivate gets the Creature inside the dragon") {
    bt::StopBehaviorTree(LEAVE_ROOT, dragon, memory, 1.0);
    CHECK(dragon.hunger == -1);
    CHECK(dragon.altitude == 100);
    CHECK(bt::ActivePath(LEAVE_ROOT, memory.Span(), {}) == 0);
  }
  SECTION("an agent of another type: nothing happens") {
    Flying bird;
    bt::StopBehaviorTree(LEAVE_ROOT, bird, memory, 1.0);
    CHECK(bird.altitude == 100);
    CHECK(bt::ActivePath(LEAVE_ROOT, memory.Span(), {}) == 2);
    bt::StopBehaviorTree(LEAVE_ROOT, dragon, memory, 1.0);
  }
}
