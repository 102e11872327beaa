// tests/inspector/walkers.h — agents for the inspector's tests: walkers that
// switch between walking, looking about and resting, so their blocks and
// running deciders change from frame to frame, each at its own pace.
#pragma once

#include <string>
#include <vector>

#include "bt/core/macros.h"
#include "bt/core/memory.h"
#include "bt/inspector/agents.h"

namespace walkers {

struct Walker {
  int steps = 0;
  int pace = 3;
};

// REST (when tired) over BUSY: LOOK (now and then) over WALK. In walkers.cpp.
BT_DECLARE_DECIDER(WALK_ROOT);

class Walkers : public bt::inspector::Agents {
 public:
  explicit Walkers(std::size_t count) : walkers_(count), minds_(count), why_(count) {
    for (std::size_t i = 0; i < count; ++i) walkers_[i].pace = 2 + static_cast<int>(i % 5);
  }
  static double TimeOf(std::int64_t frame) { return static_cast<double>(frame) / 30.0; }
  void Tick(std::int64_t frame);
  std::size_t Count() const override { return walkers_.size(); }
  const bt::DeciderDef& Root(std::size_t) const override { return WALK_ROOT; }
  std::span<const std::byte> Block(std::size_t agent) const override {
    ++blockReads;
    return minds_[agent].Span();
  }
  const bt::WhyRecord* Why(std::size_t agent) const override { return &why_[agent]; }
  void Name(std::size_t agent, std::string& out) const override { out = "walker " + std::to_string(agent); }
  void Describe(std::size_t agent, std::string& out) const override {
    out = "steps " + std::to_string(walkers_[agent].steps);
  }

  mutable std::size_t blockReads = 0;

 private:
  std::vector<Walker> walkers_;
  std::vector<bt::Memory<256>> minds_;
  std::vector<bt::WhyRecord> why_;
};

}  // namespace walkers
