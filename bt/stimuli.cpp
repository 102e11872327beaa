// bt/stimuli.cpp — the stimuli store; its rules are in bt/stimuli.h.
#include "bt/stimuli.h"

#include <cstring>

namespace bt {

int Stimuli::IndexOf(StimulusToken token) const {
  if (!Has(token)) return -1;
  for (int i = 0; i < count; ++i)
    if (items[i].token == token) return i;
  return -1;
}

StimulusAdd Stimuli::AddBytes(StimulusToken token, float timeout, const void* data, std::size_t size, TypeTag type,
                              StimulusToken* evicted) {
  if (token >= kStimulusTokens || !(timeout > 0) || size > kStimulusDataBytes || (size != 0 && data == nullptr))
    return StimulusAdd::Invalid;
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
  slot->dataType = size != 0 ? type : kNoType;
  if (size != 0) std::memcpy(slot->data, data, size);
  flags |= 1u << token;
  return result;
}

bool Stimuli::Remove(StimulusToken token) {
  const int i = IndexOf(token);
  if (i < 0) return false;
  items[i] = items[--count];  // the last takes its place: order does not matter
  items[count] = Stimulus{};
  flags &= ~(1u << token);
  return true;
}

std::uint32_t Stimuli::Update(float dt) {
  if (!(dt > 0)) dt = 0;
  for (int i = 0; i < count;) {
    items[i].timeLeft -= dt;
    if (items[i].timeLeft > 0) {
      ++i;
    } else {
      Remove(items[i].token);  // moves an unvisited one into i, visited next
    }
  }
  return flags;
}

}  // namespace bt
