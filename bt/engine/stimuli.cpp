// bt/engine/stimuli.cpp — the stimuli store; its rules are in bt/engine/stimuli.h.
//
// The store comes from a save and may hold any bytes: nothing here trusts count,
// flags, a token or a data size before checking it, and every loop is bounded by
// kMaxStimuli.
#include "bt/engine/stimuli.h"

#include <bit>
#include <cstring>

namespace bt {
namespace {

// The items a damaged count may claim, at most all of them.
int Claimed(std::uint8_t count) {
  return count <= kMaxStimuli ? count : kMaxStimuli;
}

// An item a consistent store may hold (its token not yet checked against the others').
bool Usable(const Stimulus& s) {
  return s.token < kStimulusTokens && s.dataSize <= kStimulusDataBytes && s.timeLeft > 0;
}

// Whether the bytes a usable item does not use are 0, as Add leaves them.
bool Canonical(const Stimulus& s) {
  if (s.reserved[0] != 0 || s.reserved[1] != 0 || (s.dataSize == 0 && s.dataKey != 0)) return false;
  for (std::size_t i = s.dataSize; i < kStimulusDataBytes; ++i)
    if (s.data[i] != std::byte{0}) return false;
  return true;
}

bool IsZero(const Stimulus& s) {
  return std::bit_cast<std::uint32_t>(s.timeLeft) == 0 && s.token == 0 && s.dataSize == 0 && s.dataKey == 0 &&
         Canonical(s);
}

}  // namespace

int Stimuli::IndexOf(StimulusToken token) const {
  if (token >= kStimulusTokens) return -1;
  // The first usable item of the token: the one Repair keeps.
  for (int i = 0; i < Claimed(count); ++i)
    if (items[i].token == token && Usable(items[i])) return i;
  return -1;
}

std::uint32_t Stimuli::Flags() const {
  std::uint32_t present = 0;
  for (int i = 0; i < Claimed(count); ++i)
    if (Usable(items[i])) present |= 1u << items[i].token;
  return present;
}

bool Stimuli::Repair() {
  bool damaged = count > kMaxStimuli;
  const int claimed = Claimed(count);
  std::uint32_t present = 0;
  int kept = 0;
  for (int i = 0; i < claimed; ++i) {
    Stimulus& s = items[i];
    if (!Usable(s) || ((present >> s.token) & 1u) != 0) {
      damaged = true;
      continue;
    }
    present |= 1u << s.token;
    if (!Canonical(s)) {
      damaged = true;
      s.reserved[0] = s.reserved[1] = 0;
      if (s.dataSize == 0) s.dataKey = 0;
      std::memset(s.data + s.dataSize, 0, kStimulusDataBytes - s.dataSize);
    }
    if (kept != i) items[kept] = s;  // an earlier one was dropped: close the gap
    ++kept;
  }
  for (int i = kept; i < kMaxStimuli; ++i) {
    if (!IsZero(items[i])) damaged = true;
    items[i] = Stimulus{};
  }
  if (flags != present) damaged = true;
  flags = present;
  count = static_cast<std::uint8_t>(kept);
  return damaged;
}

bool Stimuli::Consistent() const {
  if (count > kMaxStimuli) return false;
  std::uint32_t present = 0;
  for (int i = 0; i < count; ++i) {
    const Stimulus& s = items[i];
    if (!Usable(s) || ((present >> s.token) & 1u) != 0 || !Canonical(s)) return false;
    present |= 1u << s.token;
  }
  for (int i = count; i < kMaxStimuli; ++i)
    if (!IsZero(items[i])) return false;
  return flags == present;
}

StimulusAdd Stimuli::AddBytes(StimulusToken token, float timeout, const void* data, std::size_t size, TypeTag type,
                              StimulusToken* evicted) {
  if (token >= kStimulusTokens || !(timeout > 0) || size > kStimulusDataBytes || (size != 0 && data == nullptr))
    return StimulusAdd::Invalid;
  const std::uint64_t key = type.info != nullptr ? type.info->nameKey : 0;
  if (size != 0 && type.info != nullptr && key == 0) return StimulusAdd::Invalid;  // a type without a name
  Repair();
  StimulusAdd result = StimulusAdd::Added;
  Stimulus* slot = nullptr;
  if (const int present = IndexOf(token); present >= 0) {
    slot = &items[present];
    result = StimulusAdd::Refreshed;
  } else if (count < kMaxStimuli) {
    slot = &items[count++];
  } else {
    slot = &items[0];
    for (int i = 1; i < count; ++i)
      if (items[i].timeLeft < slot->timeLeft) slot = &items[i];
    if (!(timeout > slot->timeLeft)) return StimulusAdd::Full;
    if (evicted != nullptr) *evicted = slot->token;
    flags &= ~(1u << slot->token);
    result = StimulusAdd::Evicted;
  }
  *slot = Stimulus{};
  slot->timeLeft = timeout;
  slot->token = token;
  slot->dataSize = static_cast<std::uint8_t>(size);
  slot->dataKey = size != 0 ? key : 0;
  if (size != 0) std::memcpy(slot->data, data, size);
  flags |= 1u << token;
  return result;
}

void Stimuli::RemoveAt(int i) {
  flags &= ~(1u << items[i].token);
  items[i] = items[--count];  // the last takes its place: order does not matter
  items[count] = Stimulus{};
}

bool Stimuli::Remove(StimulusToken token) {
  Repair();
  const int i = IndexOf(token);
  if (i < 0) return false;
  RemoveAt(i);
  return true;
}

std::uint32_t Stimuli::Update(float dt) {
  Repair();
  if (!(dt > 0)) dt = 0;
  // Each pass either moves on or removes one: at most kMaxStimuli passes.
  for (int i = 0; i < count;) {
    Stimulus& s = items[i];
    if (s.timeLeft != kForever) s.timeLeft -= dt;  // kForever - infinity would be NaN
    if (s.timeLeft > 0) {
      ++i;
    } else {
      RemoveAt(i);  // moves an unvisited one into i, visited next
    }
  }
  return flags;
}

}  // namespace bt
