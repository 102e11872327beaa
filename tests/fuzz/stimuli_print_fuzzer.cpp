// tests/fuzz/stimuli_print_fuzzer.cpp — libFuzzer harness over the stimuli
// store and over what reads an agent's block without ticking it.
//
// An input is two scripts. The first drives a bt::Stimuli store: adds (with and
// without data, bad tokens, timeouts and sizes), removes, updates with any dt,
// queries, repairs, save-and-restore, and raw damage to any of its bytes.
// Checked after every step: a step that writes leaves the store consistent
// (Stimuli::Consistent); the queries agree with one another; an Invalid add
// changes nothing; and while the store is undamaged, every answer is the one a
// plain model of the rules in bt/engine/stimuli.h gives (which token is present, its
// time left to the bit, its data, what Add returns and which token it evicts).
//
// The second picks one of a few trees declared with the macros (every policy,
// DBlocks, memory structs, preconditions, a group behavior, a DAG, a deep
// chain), ticks it a few times with scripted Decides, results, times and flags
// (on the interpreted or the compiled tick), damages the block's bytes, then
// reads it with DebugPrintState (active path and whole tree), WriteTreeDot (to
// a buffer and to a memory stream), ActivePath, ActiveBehaviorDecider and
// ActivatedAt, with buffer sizes from the input (0 to 32 mostly), a block too
// short, another tree's block and any time; then ticks and stops it again.
// Checked: the text is NUL-terminated within its buffer and as long as reported,
// the buffer and stream texts agree, an active path runs from the root down
// through children. Every block and buffer is allocated on the heap at its exact
// size, so ASan sees a read or write one byte past it.
//
// Index
//   [SECTION] part 1: stimuli — stimuli sent, read and damaged
//   [SECTION] part 2: trees and their readers — DebugPrintState and the other readers of a block
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/debug/dot.h"
#include "bt/debug/print.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// A byte on the heap per element, exactly: ASan flags one past the end.
template <class T>
struct Exact {
  explicit Exact(std::size_t n) : n(n), p(static_cast<T*>(std::malloc(n * sizeof(T) + (n == 0)))) {}
  ~Exact() { std::free(p); }
  Exact(const Exact&) = delete;
  Exact& operator=(const Exact&) = delete;
  std::span<T> Span() { return {p, n}; }
  std::size_t n;
  T* p;
};

}  // namespace

// =============================================================== [SECTION] part 1: stimuli

namespace stim {

struct Hit {
  float damage;
  int from;
};
struct Report {
  std::uint8_t bytes[bt::kStimulusDataBytes];
};

// The rules of bt/engine/stimuli.h, plainly: per token, present or not.
struct Model {
  bool present[bt::kStimulusTokens] = {};
  float timeLeft[bt::kStimulusTokens] = {};
  std::uint8_t size[bt::kStimulusTokens] = {};
  std::uint64_t key[bt::kStimulusTokens] = {};
  std::uint8_t data[bt::kStimulusTokens][bt::kStimulusDataBytes] = {};

  int Count() const {
    int n = 0;
    for (bool p : present) n += p;
    return n;
  }
  std::uint32_t Flags() const {
    std::uint32_t flags = 0;
    for (int t = 0; t < bt::kStimulusTokens; ++t)
      if (present[t]) flags |= 1u << t;
    return flags;
  }
  // From a consistent store, after damage was repaired.
  void From(const bt::Stimuli& s) {
    *this = Model{};
    for (int i = 0; i < s.count; ++i) {
      const bt::Stimulus& item = s.items[i];
      present[item.token] = true;
      timeLeft[item.token] = item.timeLeft;
      size[item.token] = item.dataSize;
      key[item.token] = item.dataKey;
      std::memcpy(data[item.token], item.data, item.dataSize);
    }
  }
};

bool SameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool SameStore(const bt::Stimuli& a, const bt::Stimuli& b) {
  if (a.flags != b.flags || a.count != b.count) return false;
  for (int i = 0; i < bt::kMaxStimuli; ++i) {
    const bt::Stimulus& x = a.items[i];
    const bt::Stimulus& y = b.items[i];
    if (!SameBits(x.timeLeft, y.timeLeft) || x.token != y.token || x.dataSize != y.dataSize ||
        x.reserved[0] != y.reserved[0] || x.reserved[1] != y.reserved[1] || x.dataKey != y.dataKey ||
        std::memcmp(x.data, y.data, sizeof x.data) != 0)
      return false;
  }
  return true;
}

// The queries agree with one another (on any bytes), and with the model.
void CheckQueries(const bt::Stimuli& s, const Model* model) {
  const std::uint32_t flags = s.Flags();
  for (int token = 0; token < 48; ++token) {
    const auto t = static_cast<bt::StimulusToken>(token);
    const int index = s.IndexOf(t);
    const bt::Stimulus* found = s.Find(t);
    FUZZ_CHECK(index >= -1 && index < bt::kMaxStimuli);
    FUZZ_CHECK(s.Has(t) == (index >= 0));
    FUZZ_CHECK(found == (index >= 0 ? &s.items[index] : nullptr));
    FUZZ_CHECK((token < 32 && ((flags >> token) & 1u)) == (index >= 0));
    const float left = s.TimeLeft(t);
    FUZZ_CHECK(index >= 0 ? left > 0 : left == -1.0f);
    if (const Hit* hit = s.Data<Hit>(t)) {
      FUZZ_CHECK(found != nullptr && found->dataSize == sizeof(Hit) && found->dataKey == bt::detail::NameKey<Hit>());
      FUZZ_CHECK(reinterpret_cast<const std::byte*>(hit) == found->data);
    }
    if (model == nullptr) continue;
    const bool present = token < 32 && model->present[token];
    FUZZ_CHECK(s.Has(t) == present);
    if (!present) continue;
    FUZZ_CHECK(SameBits(left, model->timeLeft[token]));
    FUZZ_CHECK(found->dataSize == model->size[token] && found->dataKey == model->key[token]);
    FUZZ_CHECK(std::memcmp(found->data, model->data[token], found->dataSize) == 0);
  }
  if (model != nullptr) FUZZ_CHECK(flags == model->Flags());
}

const float kTimeouts[12] = {1, 0.5f, 2.5f, 1e-6f, 1e30f, kInf, 0, -1, kNaN, -kInf, 3, 0.25f};
const float kDts[10] = {0.1f, 0.5f, 1, 0, -1, kNaN, kInf, 1e-7f, 1e30f, 0.25f};

void Run(FuzzedDataProvider& in) {
  // The store on the heap at its exact size.
  auto store = std::make_unique<bt::Stimuli>();
  bt::Stimuli& s = *store;
  Model model;
  bool modelValid = true;
  for (int step = 0; step < 96 && in.remaining_bytes() > 0; ++step) {
    const std::uint8_t op = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t arg = in.ConsumeIntegral<std::uint8_t>();
    const auto token = static_cast<bt::StimulusToken>(arg % 40);
    bool writes = true;
    switch (op % 10) {
      case 0:
      case 1: {  // Add, with or without data
        const float timeout = kTimeouts[(op >> 4) % 12];
        std::uint8_t raw[bt::kStimulusDataBytes] = {};
        const std::uint8_t kind = (op >> 1) % 3;
        const std::size_t size = kind == 0 ? 0 : kind == 1 ? sizeof(Hit) : sizeof(Report);
        for (std::size_t i = 0; i < size; ++i) raw[i] = in.ConsumeIntegral<std::uint8_t>();
        Hit hit;
        std::memcpy(&hit, raw, sizeof hit);
        Report report;
        std::memcpy(&report, raw, sizeof report);
        const bt::Stimuli before = s;
        bt::StimulusToken evicted = 0xEE;
        const bt::StimulusAdd added = kind == 0   ? s.Add(token, timeout, &evicted)
                                      : kind == 1 ? s.Add(token, timeout, hit, &evicted)
                                                  : s.Add(token, timeout, report, &evicted);
        const bool invalid = token >= 32 || !(timeout > 0);
        FUZZ_CHECK(invalid == (added == bt::StimulusAdd::Invalid));
        if (invalid) {
          FUZZ_CHECK(SameStore(s, before) && evicted == 0xEE);
          writes = false;
          break;
        }
        if (added != bt::StimulusAdd::Evicted) FUZZ_CHECK(evicted == 0xEE);
        if (!modelValid) break;
        // The model: refresh, add, evict the one with the least time left, or drop.
        float least = kInf;
        for (int t = 0; t < 32; ++t)
          if (model.present[t] && model.timeLeft[t] < least) least = model.timeLeft[t];
        if (model.present[token]) {
          FUZZ_CHECK(added == bt::StimulusAdd::Refreshed);
        } else if (model.Count() < bt::kMaxStimuli) {
          FUZZ_CHECK(added == bt::StimulusAdd::Added);
        } else if (timeout > least) {
          FUZZ_CHECK(added == bt::StimulusAdd::Evicted);
          FUZZ_CHECK(evicted < 32 && model.present[evicted] && SameBits(model.timeLeft[evicted], least));
          model.present[evicted] = false;
        } else {
          FUZZ_CHECK(added == bt::StimulusAdd::Full && SameStore(s, before));
          break;
        }
        model.present[token] = true;
        model.timeLeft[token] = timeout;
        model.size[token] = static_cast<std::uint8_t>(size);
        model.key[token] = kind == 0 ? 0 : kind == 1 ? bt::detail::NameKey<Hit>() : bt::detail::NameKey<Report>();
        std::memset(model.data[token], 0, sizeof model.data[token]);
        std::memcpy(model.data[token], raw, size);
        break;
      }
      case 2: {  // AddBytes: any size, no type, or a type without a name
        const std::size_t size = in.ConsumeIntegralInRange<std::size_t>(0, bt::kStimulusDataBytes + 4);
        std::vector<std::uint8_t> raw = in.ConsumeBytes<std::uint8_t>(size);
        raw.resize(size);
        struct Local {};
        const bt::TypeTag type = (op >> 4) & 1 ? bt::TypeTagOf<Local>() : bt::kNoType;
        const bt::Stimuli before = s;
        const bt::StimulusAdd added = s.AddBytes(token, kTimeouts[(op >> 5) % 12], raw.data(), size, type);
        if (size > bt::kStimulusDataBytes || token >= 32) FUZZ_CHECK(added == bt::StimulusAdd::Invalid);
        if (added == bt::StimulusAdd::Invalid) {
          FUZZ_CHECK(SameStore(s, before));
          writes = false;
        } else if (added != bt::StimulusAdd::Full) {
          const bt::Stimulus* found = s.Find(token);
          FUZZ_CHECK(found != nullptr && found->dataSize == size &&
                     found->dataKey == (size != 0 && type.info != nullptr ? type.info->nameKey : 0));
          FUZZ_CHECK(size == 0 || std::memcmp(found->data, raw.data(), size) == 0);
        }
        modelValid = false;  // the model is rebuilt from the store below
        break;
      }
      case 3: {  // Remove
        const bool removed = s.Remove(token);
        FUZZ_CHECK(!s.Has(token));
        if (modelValid) {
          FUZZ_CHECK(removed == (token < 32 && model.present[token]));
          if (token < 32) model.present[token] = false;
        }
        break;
      }
      case 4: {  // Update
        const float dt = kDts[(op >> 4) % 10];
        const std::uint32_t flags = s.Update(dt);
        FUZZ_CHECK(flags == s.flags);
        if (modelValid) {
          const float aged = dt > 0 ? dt : 0;
          for (int t = 0; t < 32; ++t) {
            if (!model.present[t]) continue;
            if (model.timeLeft[t] != kInf) model.timeLeft[t] -= aged;
            if (!(model.timeLeft[t] > 0)) model.present[t] = false;
          }
          FUZZ_CHECK(flags == model.Flags());
        }
        break;
      }
      case 5: {  // damage: a few bytes anywhere in the store
        const int writesCount = 1 + (op >> 4) % 4;
        auto* bytes = reinterpret_cast<std::uint8_t*>(&s);
        for (int k = 0; k < writesCount; ++k) {
          const std::size_t at = in.ConsumeIntegralInRange<std::size_t>(0, sizeof(bt::Stimuli) - 1);
          const std::uint8_t value = in.ConsumeIntegral<std::uint8_t>();
          if (op & 0x40) bytes[at] = value;
          else bytes[at] ^= value;
        }
        modelValid = false;
        writes = false;
        break;
      }
      case 6: {  // Repair
        const bool wasConsistent = s.Consistent();
        FUZZ_CHECK(s.Repair() == !wasConsistent);
        FUZZ_CHECK(!s.Repair());
        break;
      }
      case 7:  // Clear
        s.Clear();
        model = Model{};
        modelValid = true;
        break;
      case 8: {  // saved and restored by its bytes
        std::vector<std::uint8_t> saved(sizeof(bt::Stimuli));
        std::memcpy(saved.data(), &s, saved.size());
        auto restored = std::make_unique<bt::Stimuli>();
        std::memcpy(restored.get(), saved.data(), saved.size());
        FUZZ_CHECK(SameStore(*restored, s));
        writes = false;
        break;
      }
      default:  // only the queries below
        writes = false;
        break;
    }
    CheckQueries(s, modelValid ? &model : nullptr);
    if (writes) {
      FUZZ_CHECK(s.Consistent());
      if (!modelValid) {
        model.From(s);
        modelValid = true;
      }
    }
  }
}

}  // namespace stim

// =============================================================== [SECTION] part 2: trees and their readers

namespace trees {

// The agent: its functions answer from a script of input bytes.
struct Agent {
  const std::uint8_t* script = nullptr;
  std::size_t length = 0;
  std::size_t at = 0;
  std::uint32_t calls = 0;
  std::uint8_t Next() { return at < length ? script[at++] : 0; }
};

const float kDecides[8] = {0, 1, 0.5f, -1, kNaN, kInf, 3, 1e-30f};

// Memory structs and DBlocks of several sizes and alignments.
struct Count {
  int ticks = 0;
};
struct alignas(16) Wide {
  double values[4] = {1, 2, 3, 4};
};
struct Big {
  std::uint8_t bytes[200] = {};
};
struct Pick {
  int id = -1;
  float score = 0;
};
struct alignas(16) Aim {
  float x[8] = {};  // 32 bytes, kMaxDBlockBytes
};

float Decide(Agent& a) { return kDecides[a.Next() % 8]; }
float DecideFlags(Agent& a, const bt::DecideContext& c) { return (c.stimuliFlags & 1) ? 1.0f : kDecides[a.Next() % 8]; }
float DecidePick(Agent& a, Pick& pick, const bt::DecideContext&) {
  pick.id = a.Next();
  pick.score = kDecides[a.Next() % 8];
  return pick.score;
}
float DecideAim(Agent& a, Aim& aim, const bt::DecideContext&) {
  aim.x[7] = 1;
  return kDecides[a.Next() % 8];
}
std::uint32_t Random(Agent& a) { return a.Next() * 0x01010101u; }

bool Activate(Agent& a, const bt::Context& c) {
  ++a.calls;
  if (const Pick* pick = c.DBlock<Pick>()) FUZZ_CHECK(c.dblockSize == sizeof(Pick) && pick == c.dblock);
  return a.Next() % 8 != 0;
}
bt::Result Tick(Agent& a) {
  ++a.calls;
  const std::uint8_t r = a.Next();
  return r % 5 == 4 ? static_cast<bt::Result>(r) : static_cast<bt::Result>(r % 3);
}
bt::Result TickCount(Agent& a, Count& count, const bt::Context&) {
  ++count.ticks;
  return Tick(a);
}
bt::Result TickWide(Agent& a, Wide& wide) {
  wide.values[3] += 1;
  return Tick(a);
}
bt::Result TickBig(Agent& a, Big& big, const bt::Context& c) {
  big.bytes[199] = static_cast<std::uint8_t>(c.behaviorFlags);
  return Tick(a);
}
void Deactivate(Agent& a) { ++a.calls; }
void DeactivatePick(Agent& a, Wide&, const Pick&) { ++a.calls; }  // FIGHT's DBlock needs a reader

BT_DEFINE_BEHAVIOR(PLAIN_B, Activate, Tick, Deactivate);
BT_DEFINE_BEHAVIOR__MEMORY(COUNT_B, Count, nullptr, TickCount, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(WIDE_B, Wide, nullptr, TickWide, Deactivate);
BT_DEFINE_BEHAVIOR__MEMORY(WIDE_PICK_B, Wide, nullptr, TickWide, DeactivatePick);
BT_DEFINE_BEHAVIOR__MEMORY(BIG_B, Big, nullptr, TickBig, nullptr);
BT_DEFINE_BEHAVIOR(GROUP_B, Activate, Tick, nullptr);

BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(GUARD);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(PLAY);
BT_DECLARE_DECIDER(IDLE);
BT_DECLARE_DECIDER(REST);
BT_DECLARE_DECIDER(YELL);
BT_DECLARE_DECIDER(FIGHT);
BT_DECLARE_DECIDER(PATROL);
BT_DECLARE_DECIDER(EAT_NEAR);
BT_DECLARE_DECIDER(EAT_FAR);
BT_DECLARE_DECIDER(EAT_ANY);
BT_DECLARE_DECIDER(PLAY_A);
BT_DECLARE_DECIDER(PLAY_B);
BT_DECLARE_DECIDER(PLAY_C);
BT_DECLARE_DECIDER(IDLE_A);
BT_DECLARE_DECIDER(IDLE_B);
BT_DECLARE_DECIDER(IDLE_C);
BT_DECLARE_DECIDER(IDLE_D);
BT_DECLARE_DECIDER(DEEP_1);
BT_DECLARE_DECIDER(DEEP_2);
BT_DECLARE_DECIDER(DEEP_3);
BT_DECLARE_DECIDER(DEEP_4);
BT_DECLARE_DECIDER(DEEP_LEAF);
BT_DECLARE_DECIDER(DEEP_OTHER);

// Every policy, flags, DBlocks, memory structs and preconditions in one tree.
BT_DEFINE_DECIDER_GROUP__FLAGS(ROOT, PrioritizedList, bt::kCallDecideOnRedecide, nullptr, FLEE, GUARD, EAT, PLAY,
                               IDLE, REST);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(FLEE, PLAIN_B, Decide, bt::Preconditions{}.StimuliAnySet(1u));
BT_DEFINE_DECIDER_GROUP__PRE(GUARD, Sequential, bt::kCallDecideOnRedecide, DecideFlags,
                             bt::Preconditions{}.DecisionAnyClear(2u), YELL, FIGHT, PATROL);
BT_DEFINE_DECIDER_BEHAVIOR(YELL, COUNT_B, Decide);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(FIGHT, WIDE_PICK_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(PATROL, BIG_B, 0xABCDu, nullptr);
BT_DEFINE_DECIDER_GROUP__FLAGS(EAT, Scored, bt::kDelegateDecideToChildren, nullptr, EAT_NEAR, EAT_FAR, EAT_ANY);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(EAT_NEAR, PLAIN_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(EAT_FAR, COUNT_B, DecideAim, Aim);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(EAT_ANY, PLAIN_B, nullptr, Pick);  // a DBlock no Decide fills
BT_DEFINE_DECIDER_GROUP__FULL(PLAY, "PLAY", Random, 0, Decide, void, bt::Preconditions{}.Every(0.5f), nullptr, 0,
                              Random, PLAY_A, PLAY_B, PLAY_C);
BT_DEFINE_DECIDER_BEHAVIOR(PLAY_A, PLAIN_B, Decide);
BT_DEFINE_DECIDER_BEHAVIOR(PLAY_B, WIDE_B, Decide);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(PLAY_C, COUNT_B, Decide, bt::Preconditions{}.Every(1).DecisionAllSet(4u));
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(IDLE, Shuffle, 0, Decide, GROUP_B, IDLE_A, IDLE_B, IDLE_C, IDLE_D);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE_A, PLAIN_B, Decide);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE_B, COUNT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(IDLE_C, PLAIN_B, Decide, bt::Preconditions{}.StimuliAllClear(2u));
BT_DEFINE_DECIDER_BEHAVIOR(IDLE_D, BIG_B, Decide);
BT_DEFINE_DECIDER_BEHAVIOR(REST, PLAIN_B, nullptr);

// A DAG: SHARED hangs below two groups, at two depths.
BT_DECLARE_DECIDER(DAG_LEFT);
BT_DECLARE_DECIDER(DAG_RIGHT);
BT_DECLARE_DECIDER(DAG_SHARED);
BT_DECLARE_DECIDER(DAG_X);
BT_DECLARE_DECIDER(DAG_Y);
BT_DEFINE_DECIDER_GROUP(DAG_ROOT, Scored, nullptr, DAG_LEFT, DAG_RIGHT, DAG_SHARED);
BT_DEFINE_DECIDER_GROUP(DAG_LEFT, PrioritizedList, Decide, DAG_SHARED, DAG_X);
BT_DEFINE_DECIDER_GROUP__FLAGS(DAG_RIGHT, Sequential, bt::kCallDecideOnRedecide, Decide, DAG_Y, DAG_SHARED);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(DAG_SHARED, COUNT_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR(DAG_X, PLAIN_B, Decide);
BT_DEFINE_DECIDER_BEHAVIOR(DAG_Y, WIDE_B, Decide);

// A deep chain with a sibling at each level.
BT_DEFINE_DECIDER_GROUP(DEEP_ROOT, PrioritizedList, nullptr, DEEP_1, DEEP_OTHER);
BT_DEFINE_DECIDER_GROUP__PRE(DEEP_1, PrioritizedList, 0, Decide, bt::Preconditions{}.DecisionAnySet(1u), DEEP_2,
                             DEEP_OTHER);
BT_DEFINE_DECIDER_GROUP(DEEP_2, Sequential, nullptr, DEEP_3, DEEP_OTHER);
BT_DEFINE_DECIDER_GROUP(DEEP_3, Random, nullptr, DEEP_4, DEEP_OTHER);
BT_DEFINE_DECIDER_GROUP(DEEP_4, Shuffle, Decide, DEEP_LEAF, DEEP_OTHER);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(DEEP_LEAF, BIG_B, DecideAim, Aim);
BT_DEFINE_DECIDER_BEHAVIOR(DEEP_OTHER, PLAIN_B, Decide);

template <const bt::DeciderDef& Root>
bt::TickResult Compiled(Agent& agent, std::span<std::byte> memory, double time, float dt, std::uint32_t decision,
                        std::uint32_t stimuli) {
  return bt::TickBehaviorTreeCompiled<Root>(agent, memory, time, dt, decision, stimuli);
}

struct Tree {
  const bt::DeciderDef* root;
  bt::TickResult (*compiled)(Agent&, std::span<std::byte>, double, float, std::uint32_t, std::uint32_t);
};
const Tree kTrees[3] = {{&ROOT, &Compiled<ROOT>}, {&DAG_ROOT, &Compiled<DAG_ROOT>}, {&DEEP_ROOT, &Compiled<DEEP_ROOT>}};

const bt::DeciderDef* const kDeciders[] = {
    &ROOT,   &FLEE,   &GUARD,  &EAT,    &PLAY,      &IDLE,      &REST,   &YELL,       &FIGHT,  &PATROL,
    &EAT_NEAR, &EAT_FAR, &EAT_ANY, &PLAY_A, &PLAY_B, &PLAY_C, &IDLE_A, &IDLE_B, &IDLE_C, &IDLE_D,
    &DAG_ROOT, &DAG_LEFT, &DAG_RIGHT, &DAG_SHARED, &DAG_X, &DAG_Y, &DEEP_ROOT, &DEEP_1, &DEEP_2, &DEEP_3,
    &DEEP_4, &DEEP_LEAF, &DEEP_OTHER};

// A block on the heap at its exact size, aligned as a memory block must be.
struct Block {
  explicit Block(std::size_t n) : n(n) {
    void* at = nullptr;
    FUZZ_CHECK(posix_memalign(&at, bt::kMaxAlignment, n + (n == 0)) == 0);
    p = static_cast<std::byte*>(at);
    std::memset(p, 0, n);
  }
  ~Block() { std::free(p); }
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  std::span<std::byte> Span() { return {p, n}; }
  std::size_t n;
  std::byte* p;
};

bool IsChild(const bt::DeciderDef& group, const bt::DeciderDef* child) {
  if (group.kind != bt::DeciderKind::Group) return false;
  for (int i = 0; i < group.childCount; ++i)
    if (group.children[i] == child) return true;
  return false;
}

// Everything that reads a block, on one view of it.
void Read(FuzzedDataProvider& in, const bt::DeciderDef& root, std::span<const std::byte> view, double time) {
  const std::uint8_t sizing = in.ConsumeIntegral<std::uint8_t>();
  const std::size_t size = sizing < 224 ? sizing % 33 : in.ConsumeIntegralInRange<std::size_t>(33, 8192);

  Exact<char> text(size);
  std::memset(text.p, 'x', size);
  const bt::DebugPrintOptions options{.wholeTree = (sizing & 0x20) != 0};
  const std::size_t printed = bt::DebugPrintState(root, view, time, text.Span(), options);
  if (size == 0) {
    FUZZ_CHECK(printed == 0);
  } else {
    FUZZ_CHECK(printed < size && text.p[printed] == '\0' && std::strlen(text.p) == printed);
  }

  Exact<char> dot(size);
  std::memset(dot.p, 'x', size);
  const std::size_t dotLength = bt::WriteTreeDot(root, view, dot.Span());
  if (size != 0) {
    const std::size_t kept = dotLength < size ? dotLength : size - 1;
    FUZZ_CHECK(dot.p[kept] == '\0' && std::strlen(dot.p) == kept);
  }
  char* streamed = nullptr;
  std::size_t streamedLength = 0;
  std::FILE* stream = open_memstream(&streamed, &streamedLength);
  FUZZ_CHECK(stream != nullptr);
  FUZZ_CHECK(bt::WriteTreeDot(root, view, stream));
  std::fclose(stream);
  FUZZ_CHECK(streamedLength == dotLength);
  if (dotLength < size) FUZZ_CHECK(std::memcmp(streamed, dot.p, dotLength) == 0);
  std::free(streamed);

  const std::size_t pathSize = in.ConsumeIntegralInRange<std::size_t>(0, 8);
  Exact<const bt::DeciderDef*> path(pathSize);
  const int count = bt::ActivePath(root, view, path.Span());
  FUZZ_CHECK(count >= 0 && count <= bt::kMaxTreeDepth);
  for (int i = 0; i < count && static_cast<std::size_t>(i) < pathSize; ++i)
    FUZZ_CHECK(i == 0 ? path.p[0] == &root : IsChild(*path.p[i - 1], path.p[i]));
  const bt::DeciderDef* deepest = bt::ActiveBehaviorDecider(root, view);
  FUZZ_CHECK((count == 0) == (deepest == nullptr));
  if (count > 0 && static_cast<std::size_t>(count) <= pathSize) FUZZ_CHECK(deepest == path.p[count - 1]);
  // Off the path (known whole when it fitted), a decider was not activated.
  for (const bt::DeciderDef* d : kDeciders) {
    const double at = bt::ActivatedAt(root, view, *d);
    if (static_cast<std::size_t>(count) > pathSize) continue;
    bool onPath = false;
    for (int i = 0; i < count; ++i) onPath = onPath || path.p[i] == d;
    if (!onPath) FUZZ_CHECK(at == -1.0);
  }
}

const double kStarts[4] = {0, -50, 1e6, 3.5};
const float kSteps[10] = {0.1f, 1.0f / 60, 0.5f, 1, 3, 0, 1e-7f, -1, kNaN, kInf};
const double kPrintTimes[8] = {0, 1, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(), 1e300, -5, 7.25};

void Run(FuzzedDataProvider& in) {
  const std::uint8_t pick = in.ConsumeIntegral<std::uint8_t>();
  const Tree& tree = kTrees[pick % 3];
  const bt::DeciderDef& root = *tree.root;
  FUZZ_CHECK(bt::InitializeTreeData(root));
  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes == root.data->tree.memoryBytes && bytes % bt::kMaxAlignment == 0);
  Block block(bytes);
  if (pick & 0x10) bt::SeedMemory(block.Span(), in.ConsumeIntegral<std::uint32_t>());

  auto agent = std::make_unique<Agent>();  // exact size on the heap too
  const std::vector<std::uint8_t> script = in.ConsumeBytes<std::uint8_t>(in.ConsumeIntegralInRange(0, 160));
  agent->script = script.data();
  agent->length = script.size();

  double now = kStarts[(pick >> 2) % 4];
  auto tick = [&](std::uint8_t how) {
    const float dt = kSteps[how % 10];
    if (std::isfinite(dt) && dt >= 0) now += dt;
    const std::uint32_t decision = in.ConsumeIntegral<std::uint8_t>();
    const std::uint32_t stimuli = in.ConsumeIntegral<std::uint8_t>();
    const bt::TickResult result = how & 0x80 ? tree.compiled(*agent, block.Span(), now, dt, decision, stimuli)
                                             : bt::TickBehaviorTree(root, *agent, block.Span(), now, dt, decision,
                                                                    stimuli);
    FUZZ_CHECK(static_cast<unsigned>(result.status) <= static_cast<unsigned>(bt::Status::Stopped));
    if (result.status == bt::Status::Running) FUZZ_CHECK(result.decider && result.decider->kind == bt::DeciderKind::Behavior);
  };
  const int ticks = in.ConsumeIntegralInRange(0, 10);
  for (int k = 0; k < ticks; ++k) tick(in.ConsumeIntegral<std::uint8_t>());

  // Damage from the input: any byte of the block, to any value.
  const int damages = in.ConsumeIntegralInRange(0, 8);
  for (int k = 0; k < damages; ++k) {
    const std::size_t at = in.ConsumeIntegralInRange<std::size_t>(0, bytes - 1);
    block.p[at] = static_cast<std::byte>(in.ConsumeIntegral<std::uint8_t>());
  }

  const int reads = 1 + in.ConsumeIntegralInRange(0, 3);
  for (int r = 0; r < reads; ++r) {
    const std::uint8_t how = in.ConsumeIntegral<std::uint8_t>();
    const bt::DeciderDef& reader = (how & 3) == 3 ? *kTrees[(how >> 2) % 3].root : root;  // sometimes another tree
    const double time = (how & 0x10) ? now : kPrintTimes[(how >> 5) % 8];
    switch ((how >> 4) % 4) {
      case 0:
      case 1:
        Read(in, reader, block.Span(), time);
        break;
      case 2: {  // a block cut short, copied to its exact size
        const std::size_t cut = in.ConsumeIntegralInRange<std::size_t>(0, bytes);
        Block shorter(cut);
        std::memcpy(shorter.p, block.p, cut);
        Read(in, reader, shorter.Span(), time);
        break;
      }
      default:
        if (how & 0x80) {  // the block one byte off its alignment, at its exact size: refused by every reader
          Exact<std::byte> shifted(bytes + 1);
          std::memcpy(shifted.p + 1, block.p, bytes);
          Read(in, reader, shifted.Span().subspan(1), time);
        } else {
          Read(in, reader, {}, time);
        }
        break;
    }
  }

  // Ticking the damaged block, then stopping it: the tick finds the damage.
  for (int k = in.ConsumeIntegralInRange(0, 2); k > 0; --k) tick(in.ConsumeIntegral<std::uint8_t>());
  bt::StopBehaviorTree(root, agent.get(), block.Span(), now);
}

}  // namespace trees

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* input, std::size_t size) {
  FuzzedDataProvider in(input, size);
  // The first part's script, then the second's: two providers, so one part's
  // length does not shift the other's bytes.
  const std::size_t stimuliLength = in.ConsumeIntegralInRange<std::size_t>(0, 512);
  const std::vector<std::uint8_t> stimuliScript = in.ConsumeBytes<std::uint8_t>(stimuliLength);
  FuzzedDataProvider stimuliInput(stimuliScript.data(), stimuliScript.size());
  stim::Run(stimuliInput);
  trees::Run(in);
  return 0;
}
