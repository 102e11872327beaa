// bt/inspector/agents.h — the game's agents as the inspector reads them.
//
// The game implements Agents over its own arrays. The inspector calls it only
// from Inspector::Frame, on the game's thread, between two frames: never from
// its server thread, so nothing here needs a lock. Every tree root it returns
// must outlive the inspector (a macro tree's root is a static; a tree from
// data must be kept while the inspector may draw it).
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "bt/core/decider.h"
#include "bt/engine/why.h"

namespace bt::inspector {

class Agents {
 public:
  virtual ~Agents() = default;
  virtual std::size_t Count() const = 0;
  virtual const DeciderDef& Root(std::size_t agent) const = 0;
  // The agent's memory block as the tick left it.
  virtual std::span<const std::byte> Block(std::size_t agent) const = 0;
  // The agent's why-record of its last tick, when the game keeps one; null: none.
  virtual const WhyRecord* Why(std::size_t /*agent*/) const { return nullptr; }
  // A short name for the list and its search; read when the agent count changes.
  virtual void Name(std::size_t agent, std::string& out) const { out = "#" + std::to_string(agent); }
  // Free text the game adds about a watched agent (where it is, its needs), one or more lines.
  virtual void Describe(std::size_t /*agent*/, std::string& /*out*/) const {}
};

}  // namespace bt::inspector
