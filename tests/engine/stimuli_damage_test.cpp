// tests/engine/stimuli_damage_test.cpp — a stimuli store restored damaged: each kind
// of damage, then every single-bit flip of a valid store. Every operation must
// end and stay in bounds, the queries must answer as the repair will, and the
// store must be consistent after any operation that writes it.
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

#include "bt/bt.h"

namespace damage {

struct Hit {
  float damage;
  int from;
};

enum : bt::StimulusToken { kHit = 1, kInvited = 4, kGreeted = 31 };

// A valid store: three stimuli, one with data, one forever.
bt::Stimuli ValidStore() {
  bt::Stimuli stimuli{};
  stimuli.Add(kHit, 2.0f, Hit{3.5f, 7});
  stimuli.Add(kInvited, 5.0f);
  stimuli.Add(kGreeted, bt::kForever);
  return stimuli;
}

// What the queries say of every token, and a few beyond; `agree` whether Has
// and Flags agree with IndexOf.
struct Answers {
  std::uint32_t flags = 0;
  std::vector<bool> present;  // not the index: a repair closes gaps
  std::vector<float> timeLeft;
  std::vector<bool> hasData;
  bool agree = true;
  bool operator==(const Answers&) const = default;
};
Answers Ask(const bt::Stimuli& stimuli) {
  Answers answers;
  answers.flags = stimuli.Flags();
  for (int token = 0; token < 40; ++token) {
    const auto t = static_cast<bt::StimulusToken>(token);
    const int index = stimuli.IndexOf(t);
    answers.present.push_back(index >= 0);
    answers.timeLeft.push_back(stimuli.TimeLeft(t));
    answers.hasData.push_back(stimuli.Data<Hit>(t) != nullptr);
    const bool flagged = token < 32 && ((answers.flags >> token) & 1u) != 0;
    if (stimuli.Has(t) != (index >= 0) || flagged != (index >= 0)) answers.agree = false;
  }
  return answers;
}

// Field by field: a store's padding is no part of it.
bool Same(const bt::Stimuli& a, const bt::Stimuli& b) {
  if (a.flags != b.flags || a.count != b.count) return false;
  for (int i = 0; i < bt::kMaxStimuli; ++i) {
    const bt::Stimulus& x = a.items[i];
    const bt::Stimulus& y = b.items[i];
    if (std::memcmp(&x.timeLeft, &y.timeLeft, sizeof x.timeLeft) != 0 || x.token != y.token ||
        x.dataSize != y.dataSize || x.reserved[0] != y.reserved[0] || x.reserved[1] != y.reserved[1] ||
        x.dataKey != y.dataKey || std::memcmp(x.data, y.data, sizeof x.data) != 0)
      return false;
  }
  return true;
}

// Runs every operation on copies of a damaged store: the queries answer as the
// repaired store does, and each operation that writes leaves it consistent.
void CheckEveryOperation(const bt::Stimuli& damaged) {
  bt::Stimuli repaired = damaged;
  const Answers before = Ask(damaged);
  CHECK(before.agree);
  CHECK(repaired.Repair() == !damaged.Consistent());
  CHECK(repaired.Consistent());
  CHECK(Ask(repaired) == before);
  CHECK_FALSE(repaired.Repair());  // once is enough

  bt::Stimuli s = damaged;
  const std::uint32_t updated = s.Update(0.5f);
  CHECK(updated == s.Flags());
  CHECK(s.Consistent());
  s = damaged;
  s.Update(bt::kForever);
  CHECK(s.Consistent());
  bool addsHold = true;
  bool removesHold = true;
  for (int token = 0; token < 34; ++token) {
    const auto t = static_cast<bt::StimulusToken>(token);
    s = damaged;
    const bt::StimulusAdd added = s.Add(t, 3.0f, Hit{1, 2});
    // Invalid changes nothing, not even the damage.
    if (added == bt::StimulusAdd::Invalid ? token < 32 || !Same(s, damaged) : !s.Consistent()) addsHold = false;
    if (added == bt::StimulusAdd::Added || added == bt::StimulusAdd::Refreshed || added == bt::StimulusAdd::Evicted)
      if (s.Data<Hit>(t) == nullptr || s.Data<Hit>(t)->from != 2) addsHold = false;
    s = damaged;
    if (s.Remove(t) != before.present[token] || !s.Consistent() || s.Has(t)) removesHold = false;
  }
  CHECK(addsHold);
  CHECK(removesHold);
}

}  // namespace damage

using namespace damage;

TEST_CASE("A valid store is consistent, and Repair leaves it alone", "[stimuli][damage]") {
  bt::Stimuli stimuli = ValidStore();
  CHECK(stimuli.Consistent());
  const bt::Stimuli copy = stimuli;
  CHECK_FALSE(stimuli.Repair());
  CHECK(Same(stimuli, copy));
  CHECK(bt::Stimuli{}.Consistent());
}

TEST_CASE("A flag without its item: the flag goes", "[stimuli][damage]") {
  bt::Stimuli stimuli = ValidStore();
  stimuli.flags |= 1u << 9;
  CHECK_FALSE(stimuli.Consistent());
  CHECK_FALSE(stimuli.Has(9));
  CHECK(stimuli.Flags() == ((1u << kHit) | (1u << kInvited) | (1u << kGreeted)));
  CHECK(stimuli.Update(0.5f) == ((1u << kHit) | (1u << kInvited) | (1u << kGreeted)));
  CHECK(stimuli.flags == stimuli.Flags());
  CHECK(stimuli.Consistent());
  CheckEveryOperation(ValidStore());
}

TEST_CASE("An item without its flag: the item stays, and its flag comes back", "[stimuli][damage]") {
  bt::Stimuli stimuli = ValidStore();
  stimuli.flags &= ~(1u << kHit);
  CHECK(stimuli.Has(kHit));
  CHECK(stimuli.Data<Hit>(kHit)->from == 7);
  bt::Stimuli updated = stimuli;
  // Before, Update removed the expiring item by its token, which it looked up by
  // its flag: not found, not removed, and the loop never moved on.
  CHECK(updated.Update(2.0f) == ((1u << kInvited) | (1u << kGreeted)));
  CHECK(updated.count == 2);
  CHECK(updated.Consistent());
  CHECK(stimuli.Update(0.5f) == ((1u << kHit) | (1u << kInvited) | (1u << kGreeted)));
  CHECK(stimuli.TimeLeft(kHit) == 1.5f);
  CheckEveryOperation(updated);
}

TEST_CASE("A count beyond the items: cut to what the store holds", "[stimuli][damage]") {
  for (int count : {4, bt::kMaxStimuli, bt::kMaxStimuli + 1, 200, 255}) {
    bt::Stimuli stimuli = ValidStore();
    stimuli.count = static_cast<std::uint8_t>(count);
    CHECK(stimuli.Flags() == ((1u << kHit) | (1u << kInvited) | (1u << kGreeted)));
    CHECK(stimuli.IndexOf(200) == -1);
    CheckEveryOperation(stimuli);
    CHECK(stimuli.Repair());
    CHECK(Same(stimuli, ValidStore()));  // the slots past the three were empty: dropped
  }
}

TEST_CASE("A count below the items: those past it are gone", "[stimuli][damage]") {
  bt::Stimuli stimuli = ValidStore();
  stimuli.count = 1;
  CHECK_FALSE(stimuli.Has(kInvited));
  CHECK(stimuli.Repair());
  CHECK(stimuli.Flags() == (1u << kHit));
  CHECK(stimuli.flags == (1u << kHit));
  CHECK(stimuli.Consistent());
}

TEST_CASE("A token out of range, a repeated token, a bad size or time: the item is dropped", "[stimuli][damage]") {
  bt::Stimuli stimuli = ValidStore();
  SECTION("token 200") {
    stimuli.items[0].token = 200;
    CHECK_FALSE(stimuli.Has(kHit));
    CheckEveryOperation(stimuli);
    CHECK(stimuli.Repair());
    CHECK(stimuli.count == 2);
    CHECK(stimuli.flags == ((1u << kInvited) | (1u << kGreeted)));
  }
  SECTION("a token twice: the first is kept") {
    stimuli.items[1].token = kHit;
    CHECK(stimuli.IndexOf(kHit) == 0);
    CheckEveryOperation(stimuli);
    CHECK(stimuli.Repair());
    CHECK(stimuli.count == 2);
    CHECK(stimuli.Data<Hit>(kHit)->from == 7);
    CHECK(stimuli.flags == ((1u << kHit) | (1u << kGreeted)));
  }
  SECTION("a data size beyond the data") {
    stimuli.items[0].dataSize = 200;
    CHECK(stimuli.Data<Hit>(kHit) == nullptr);
    CheckEveryOperation(stimuli);
  }
  SECTION("a time left that is NaN, 0 or negative") {
    for (float bad : {std::numeric_limits<float>::quiet_NaN(), 0.0f, -1.0f, -bt::kForever}) {
      bt::Stimuli s = ValidStore();
      s.items[2].timeLeft = bad;
      CHECK_FALSE(s.Has(kGreeted));
      CheckEveryOperation(s);
    }
  }
  SECTION("stray bytes in an empty slot, past the data, or in a data-less key") {
    stimuli.items[5].data[3] = std::byte{1};
    stimuli.items[0].data[sizeof(Hit)] = std::byte{1};
    stimuli.items[1].dataKey = 42;
    CHECK_FALSE(stimuli.Consistent());
    CHECK(stimuli.Repair());
    CHECK(Same(stimuli, ValidStore()));
  }
}

TEST_CASE("kForever outlives even an infinite dt", "[stimuli][damage]") {
  bt::Stimuli stimuli = ValidStore();
  CHECK(stimuli.Update(bt::kForever) == (1u << kGreeted));
  CHECK(stimuli.TimeLeft(kGreeted) == bt::kForever);
}

TEST_CASE("Every single-bit flip of a valid store", "[stimuli][damage]") {
  const bt::Stimuli valid = ValidStore();
  // The bytes of what the store holds, field by field (its padding aside).
  for (std::size_t byte = 0; byte < sizeof(bt::Stimuli); ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      bt::Stimuli damaged = valid;
      reinterpret_cast<unsigned char*>(&damaged)[byte] ^= static_cast<unsigned char>(1u << bit);
      CAPTURE(byte, bit);
      CheckEveryOperation(damaged);
      // A flip in the flags, in an empty slot or past an item's data is undone exactly.
      const std::size_t item = byte / sizeof(bt::Stimulus);
      const std::size_t within = byte % sizeof(bt::Stimulus);
      const bool inFlags = byte >= offsetof(bt::Stimuli, flags) && byte < offsetof(bt::Stimuli, flags) + 4;
      const bool inEmptySlot = byte < sizeof damaged.items && item >= valid.count;
      const bool pastData = byte < sizeof damaged.items && item < valid.count &&
                            within >= offsetof(bt::Stimulus, data) + valid.items[item].dataSize;
      if (inFlags || inEmptySlot || pastData) {
        CHECK(damaged.Repair());
        CHECK(Same(damaged, valid));
      }
    }
  }
}
