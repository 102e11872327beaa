// bt/core/name_id.h — the stable id of a decider's or behavior's name.
#pragma once

#include <cstdint>

namespace bt {

// The stable id of a name: its 32-bit FNV-1a hash; 0 for a null name. Debug
// output prints names as NAME/0x<id> pairs (Spore S11: GROWL/0x2c20c22), and
// exported saves may name the running node by it (ActiveNodeId).
constexpr std::uint32_t NameId(const char* name) {
  if (name == nullptr) return 0;
  std::uint32_t hash = 2166136261u;
  for (; *name != '\0'; ++name) hash = (hash ^ static_cast<unsigned char>(*name)) * 16777619u;
  return hash;
}

}  // namespace bt
