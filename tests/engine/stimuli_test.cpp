// tests/engine/stimuli_test.cpp — the stimuli store: adding, reading, removing,
// expiring, a token added twice, a full store, and its flags word driving
// StimuliFlags preconditions in a tick.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "tests/support/trace_agent.h"

using bt::StimulusAdd;
using test::Events;
using test::Tick;

namespace stim {
enum Token : bt::StimulusToken { kHit = 0, kInvited = 3, kGreeted = 31 };
struct Invitation {
  int from;
  float x, y;
};
struct Hit {
  float damage;
};

TEST_TRACE_BEHAVIOR(PLAY_B);
TEST_TRACE_BEHAVIOR(IDLE_B);
BT_DECLARE_DECIDER(PLAY);
BT_DECLARE_DECIDER(IDLE);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, PLAY, IDLE);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(PLAY, PLAY_B, test::TraceDecide, bt::Preconditions{}.StimuliAllSet(1u << kInvited));
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
}  // namespace stim

using namespace stim;

TEST_CASE("Stimuli::Add stores a token, its flag and its data", "[stimuli]") {
  bt::Stimuli stimuli{};
  CHECK(stimuli.Flags() == 0);
  CHECK(stimuli.Add(kInvited, 5.0f, Invitation{7, 1.5f, -2.0f}) == StimulusAdd::Added);
  CHECK(stimuli.Add(kGreeted, bt::kForever) == StimulusAdd::Added);
  CHECK(stimuli.Flags() == ((1u << kInvited) | (1u << kGreeted)));
  CHECK(stimuli.count == 2);

  SECTION("Data<T> reads a copy of the data, typed") {
    const Invitation* invitation = stimuli.Data<Invitation>(kInvited);
    REQUIRE(invitation != nullptr);
    CHECK(invitation->from == 7);
    CHECK(invitation->x == 1.5f);
    CHECK(invitation->y == -2.0f);
  }
  SECTION("Data<T> is null for an absent token, a token without data, or another type") {
    CHECK(stimuli.Data<Invitation>(kHit) == nullptr);
    CHECK(stimuli.Data<Invitation>(kGreeted) == nullptr);
    CHECK(stimuli.Data<Hit>(kInvited) == nullptr);
    CHECK(stimuli.Data<Invitation>(200) == nullptr);
  }
  SECTION("Remove takes the token and its flag away; removing it again reports false") {
    CHECK(stimuli.Remove(kInvited));
    CHECK_FALSE(stimuli.Has(kInvited));
    CHECK(stimuli.Data<Invitation>(kInvited) == nullptr);
    CHECK(stimuli.Flags() == (1u << kGreeted));
    CHECK_FALSE(stimuli.Remove(kInvited));
    CHECK(stimuli.Has(kGreeted));
  }
  SECTION("Clear empties the store") {
    stimuli.Clear();
    CHECK(stimuli.Flags() == 0);
    CHECK(stimuli.count == 0);
  }
}

TEST_CASE("Stimuli::Update expires a stimulus when the dts since its Add reach its timeout", "[stimuli][expiry]") {
  bt::Stimuli stimuli{};
  stimuli.Add(kHit, 1.0f, Hit{3});
  stimuli.Add(kGreeted, bt::kForever);
  CHECK(stimuli.Update(0.25f) == ((1u << kHit) | (1u << kGreeted)));  // the Update right after the Add counts
  CHECK(stimuli.TimeLeft(kHit) == 0.75f);
  CHECK(stimuli.Update(0.5f) == ((1u << kHit) | (1u << kGreeted)));
  CHECK(stimuli.Update(0.25f) == (1u << kGreeted));  // 1 s: gone
  CHECK(stimuli.TimeLeft(kHit) < 0);
  CHECK(stimuli.Data<Hit>(kHit) == nullptr);

  SECTION("kForever never expires") {
    CHECK(stimuli.Update(1e30f) == (1u << kGreeted));
    CHECK(stimuli.TimeLeft(kGreeted) == bt::kForever);
  }
  SECTION("a zero, negative or NaN dt ages nothing") {
    stimuli.Add(kHit, 1.0f);
    for (float dt : {0.0f, -5.0f, std::nanf("")}) stimuli.Update(dt);
    CHECK(stimuli.TimeLeft(kHit) == 1.0f);
  }
  SECTION("several expiring in one Update are all removed, the rest kept") {
    for (bt::StimulusToken token : {1, 2, 4, 5}) stimuli.Add(token, token <= 2 ? 0.5f : 2.0f);
    CHECK(stimuli.Update(0.5f) == ((1u << 4) | (1u << 5) | (1u << kGreeted)));
    CHECK(stimuli.count == 3);
  }
}

TEST_CASE("Stimuli::Add of a token already present replaces its data and timeout", "[stimuli][refresh]") {
  bt::Stimuli stimuli{};
  stimuli.Add(kHit, 2.0f, Hit{1});
  stimuli.Update(1.5f);
  CHECK(stimuli.Add(kHit, 1.0f, Hit{9}) == StimulusAdd::Refreshed);
  CHECK(stimuli.count == 1);
  CHECK(stimuli.Data<Hit>(kHit)->damage == 9);
  CHECK(stimuli.TimeLeft(kHit) == 1.0f);  // the latest timeout, though it is the shorter
  SECTION("re-adding without data drops the old data") {
    CHECK(stimuli.Add(kHit, 3.0f) == StimulusAdd::Refreshed);
    CHECK(stimuli.Data<Hit>(kHit) == nullptr);
  }
}

TEST_CASE("Stimuli::Add to a full store evicts the stimulus with the least time left, if the new one outlives it",
          "[stimuli][full]") {
  bt::Stimuli stimuli{};
  for (int token = 0; token < bt::kMaxStimuli; ++token)
    REQUIRE(stimuli.Add(static_cast<bt::StimulusToken>(token), 10.0f + token) == StimulusAdd::Added);
  stimuli.Update(1.0f);  // time left: 9, 10, 11, ...
  const std::uint32_t full = stimuli.Flags();
  const bt::StimulusToken newcomer = kGreeted;

  SECTION("a newcomer that would outlive the shortest takes its place") {
    bt::StimulusToken evicted = 99;
    CHECK(stimuli.Add(newcomer, 9.5f, Hit{4}, &evicted) == StimulusAdd::Evicted);
    CHECK(evicted == 0);
    CHECK(stimuli.Flags() == ((full & ~1u) | (1u << newcomer)));
    CHECK(stimuli.Data<Hit>(newcomer)->damage == 4);
    CHECK(stimuli.count == bt::kMaxStimuli);
  }
  SECTION("a newcomer that would not outlive any is dropped, and nothing changes") {
    bt::StimulusToken evicted = 99;
    CHECK(stimuli.Add(newcomer, 9.0f, &evicted) == StimulusAdd::Full);
    CHECK(evicted == 99);
    CHECK(stimuli.Flags() == full);
    CHECK_FALSE(stimuli.Has(newcomer));
  }
  SECTION("a token already present is refreshed even when the store is full") {
    CHECK(stimuli.Add(0, 1.0f) == StimulusAdd::Refreshed);
    CHECK(stimuli.Flags() == full);
  }
}

TEST_CASE("Stimuli::Add rejects a bad token, timeout or data size, changing nothing", "[stimuli][invalid]") {
  bt::Stimuli stimuli{};
  const char big[bt::kStimulusDataBytes + 1] = {};
  CHECK(stimuli.Add(32, 1.0f) == StimulusAdd::Invalid);
  CHECK(stimuli.Add(kHit, 0.0f) == StimulusAdd::Invalid);
  CHECK(stimuli.Add(kHit, -1.0f) == StimulusAdd::Invalid);
  CHECK(stimuli.Add(kHit, std::nanf("")) == StimulusAdd::Invalid);
  CHECK(stimuli.AddBytes(kHit, 1.0f, big, sizeof big, bt::kNoType) == StimulusAdd::Invalid);
  CHECK(stimuli.count == 0);
  CHECK(stimuli.Flags() == 0);
}

TEST_CASE("Stimuli is plain data, saved and restored by copying its bytes", "[stimuli][save]") {
  STATIC_REQUIRE(std::is_trivially_copyable_v<bt::Stimuli>);
  bt::Stimuli stimuli{};
  stimuli.Add(kInvited, 4.0f, Invitation{3, 0, 0});
  unsigned char saved[sizeof(bt::Stimuli)];
  std::memcpy(saved, &stimuli, sizeof saved);
  bt::Stimuli restored;
  std::memcpy(&restored, saved, sizeof saved);
  CHECK(restored.Data<Invitation>(kInvited)->from == 3);
  CHECK(restored.Update(4.0f) == 0);
}

TEST_CASE("Stimuli::Update's word drives StimuliFlags preconditions in the tick", "[stimuli][tick]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  bt::Stimuli stimuli{};
  agent.decide["PLAY"] = 1;
  auto tick = [&](double time) { return Tick(ROOT, agent, memory, time, 0, stimuli.Update(0.5f)).events; };
  CHECK(tick(0.0) == Events{"activate IDLE_B", "tick IDLE_B"});  // no invitation: PLAY's Decide is not called
  stimuli.Add(kInvited, 1.0f, Invitation{2, 0, 0});
  CHECK(tick(0.5) == Events{"decide PLAY", "deactivate IDLE_B", "activate PLAY_B", "tick PLAY_B"});
  agent.tick["PLAY_B"] = bt::Result::Done;
  CHECK(tick(1.0) == Events{"tick PLAY_B", "deactivate PLAY_B", "activate IDLE_B", "tick IDLE_B"});
  CHECK(tick(1.5) == Events{"tick IDLE_B"});  // the invitation expired at 1.0: PLAY is not asked
}
