// bt/engine/stimuli.h — an agent's stimuli (Spore's behavior_stimuli, S06 and S09).
//
// A stimulus is a token with a little optional data and a timeout: "invited to
// play by agent 7", "took a hit", "greeted someone a moment ago". Each token is
// one bit of the 32-bit StimuliFlags word. Every frame, call Update(dt) and pass
// what it returns to TickBehaviorTree as stimuliFlags, where StimuliFlags
// preconditions test it without calling any Decide; Decides and behaviors read
// a stimulus's data with Data<T>().
//
// The store is a plain fixed-size struct with no pointers, trivially copyable,
// so it is saved and restored with the agent. Nothing here allocates or throws.
// Value-initialize it (`bt::Stimuli stimuli{};`): all zero is empty.
//
// The rules, each returned as a StimulusAdd:
// - Added: the token was absent and there was room.
// - Refreshed: one stimulus per token; adding a token already present replaces
//   its data and its timeout (the latest Add wins, even with a shorter timeout).
// - Evicted / Full: when kMaxStimuli tokens are present, the new stimulus takes
//   the place of the one with the least time left if it would outlive it (that
//   one would have expired first anyway; its token goes to *evicted); otherwise
//   the new one is dropped and nothing changes.
// - Invalid: a token above 31, a timeout that is not > 0, or (AddBytes) more
//   data than kStimulusDataBytes or data of a type that has no name (below);
//   nothing changes.
// Expiry: each Update(dt) takes dt from every stimulus's time left and removes
// those at 0 or below, so a stimulus added with timeout T is gone from the first
// Update at which the dts since its Add reach T (the Update right after the Add
// counts). kForever never expires, whatever the dt; Remove it.
//
// Data<T> reads data added as a T: the same type name (TypeInfo::nameKey) and
// size. A name, not the type's address as elsewhere in bt, because the store is
// saved and the key must mean the same type in the run that restores it. So the
// type must have a name that means one type in the whole program: not a type in
// an anonymous namespace, a lambda or a local class. The compiler refuses them
// (a local class only on GCC: clang spells it like a namespace-scope class), and
// AddBytes finds them Invalid.
//
// A damaged store. The store may come back from a save damaged: a flipped flag,
// token or count byte. It is consistent when count <= kMaxStimuli; each of the
// first count items has a token below 32 that no other has, a data size up to
// kStimulusDataBytes and a time left > 0 (kForever included); flags has exactly
// their bits; and every other byte (unused items, data past its size, reserved)
// is 0, so equal stores save equal bytes. On any bytes at all every operation
// ends and stays in bounds. Add, Remove and Update first Repair the store: an
// item that is not as above, or repeats the token of an earlier one, is dropped;
// the count is cut to kMaxStimuli; flags are set from the items kept (an item
// carries its data and time, a flag only says it is there); the rest is zeroed.
// The queries (Has, Flags, Find, IndexOf, Data, TimeLeft) answer as if it had been.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "bt/core/block_type.h"
#include "bt/core/config.h"

namespace bt {

static_assert(kMaxStimuli >= 1 && kMaxStimuli <= 32, "bt: BT_MAX_STIMULI must be 1 to 32 (one flag bit per token)");

using StimulusToken = std::uint8_t;  // [0, 31]: its bit in the StimuliFlags word
inline constexpr int kStimulusTokens = 32;
inline constexpr float kForever = std::numeric_limits<float>::infinity();  // a timeout that never expires

enum class StimulusAdd : std::uint8_t { Added, Refreshed, Evicted, Full, Invalid };

struct Stimulus {
  float timeLeft;  // [seconds] until it expires; kForever: never
  StimulusToken token;
  std::uint8_t dataSize;  // [bytes] of data used
  std::uint8_t reserved[2];
  std::uint64_t dataKey;  // the data's type, its TypeInfo::nameKey; 0: none
  alignas(8) std::byte data[kStimulusDataBytes];
};

struct Stimuli {
  Stimulus items[kMaxStimuli] = {};  // the first `count` are present, in no particular order
  std::uint32_t flags = 0;           // bit t set while token t is present (Spore's StimuliAllFlags)
  std::uint8_t count = 0;

  // Adds a stimulus without data. `evicted`, when given, receives the token an Evicted add removed.
  StimulusAdd Add(StimulusToken token, float timeout, StimulusToken* evicted = nullptr) {
    return AddBytes(token, timeout, nullptr, 0, kNoType, evicted);
  }
  // Adds a stimulus carrying a copy of `data`, read back with Data<T>().
  template <class T>
  StimulusAdd Add(StimulusToken token, float timeout, const T& data, StimulusToken* evicted = nullptr) {
    CheckDataType<T>();
    return AddBytes(token, timeout, &data, sizeof(T), TypeTagOf<T>(), evicted);
  }
  // The lower-level Add: `size` bytes of `data` of the type `type` (kNoType: data
  // no Data<T> reads).
  StimulusAdd AddBytes(StimulusToken token, float timeout, const void* data, std::size_t size, TypeTag type,
                       StimulusToken* evicted = nullptr);

  bool Has(StimulusToken token) const { return IndexOf(token) >= 0; }
  // The data of a present token, or null when it is absent or its data is not a T.
  template <class T>
  const T* Data(StimulusToken token) const {
    CheckDataType<T>();
    const Stimulus* s = Find(token);
    return s != nullptr && s->dataSize == sizeof(T) && s->dataKey == detail::NameKey<T>()
               ? reinterpret_cast<const T*>(s->data)
               : nullptr;
  }
  // [seconds] until the token expires; negative when it is absent.
  float TimeLeft(StimulusToken token) const {
    const Stimulus* s = Find(token);
    return s != nullptr ? s->timeLeft : -1.0f;
  }
  // Removes the token; false if it was absent.
  bool Remove(StimulusToken token);
  void Clear() { *this = Stimuli{}; }

  // Ages every stimulus by dt [seconds] (a negative or NaN dt ages nothing),
  // removes the expired ones, and returns the flags word for the tick.
  std::uint32_t Update(float dt);
  // The flags word: bit t set while token t is present.
  std::uint32_t Flags() const;

  // The present stimulus of a token, or null; IndexOf gives its place in items, or -1.
  const Stimulus* Find(StimulusToken token) const {
    const int i = IndexOf(token);
    return i >= 0 ? &items[i] : nullptr;
  }
  int IndexOf(StimulusToken token) const;

  // Makes a damaged store consistent (see the top of this file); true if it was
  // not. For a loader that wants to know; Add, Remove and Update do it anyway.
  bool Repair();
  bool Consistent() const;

 private:
  template <class T>
  static constexpr void CheckDataType() {
    static_assert(std::is_trivially_copyable_v<T>, "bt: stimulus data must be trivially copyable");
    static_assert(sizeof(T) <= kStimulusDataBytes, "bt: stimulus data is larger than BT_STIMULUS_DATA_BYTES");
    static_assert(alignof(T) <= 8, "bt: stimulus data may be aligned to at most 8 bytes");
    static_assert(detail::NameKey<T>() != 0,
                  "bt: stimulus data is saved by its type's name, which must mean one type in the whole program: "
                  "not a type in an anonymous namespace, a local class or a lambda");
  }
  void RemoveAt(int i);
};

static_assert(std::is_trivially_copyable_v<Stimuli>, "bt: Stimuli is saved with the agent by copying bytes");

}  // namespace bt
