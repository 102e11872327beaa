// tests/inspector/recorder_test.cpp — the recorder rebuilds every block of its
// window exactly, keeps to its memory bound, and its file round-trips.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/inspector/recorder.h"
#include "tests/inspector/walkers.h"

namespace {

using bt::inspector::BlockCopy;
using bt::inspector::Recorder;
using bt::inspector::RecorderOptions;
using walkers::Walkers;

// Every block of every frame, as the tick left it: what Rebuild must give back.
struct Truth {
  std::vector<std::vector<std::vector<std::byte>>> blocks;  // [frame][agent]
  std::vector<std::vector<const bt::DeciderDef*>> running;  // [frame][agent]
};

Truth Run(Walkers& walkers, Recorder& recorder, int frames) {
  Truth truth;
  for (int frame = 0; frame < frames; ++frame) {
    walkers.Tick(frame);
    recorder.Record(walkers, frame, walkers.TimeOf(frame));
    recorder.Record(walkers, frame, walkers.TimeOf(frame));  // a paused game calls again: not recorded twice
    auto& blocks = truth.blocks.emplace_back();
    auto& running = truth.running.emplace_back();
    for (std::size_t i = 0; i < walkers.Count(); ++i) {
      const auto bytes = walkers.Block(i);
      blocks.emplace_back(bytes.begin(), bytes.end());
      running.push_back(bt::ActiveBehaviorDecider(walkers.Root(i), bytes));
    }
  }
  return truth;
}

void RequireExact(const Recorder& recorder, const Truth& truth, std::mt19937& random, int samples) {
  const auto lock = recorder.Lock();
  const std::int64_t first = recorder.FirstFrame(), last = recorder.LastFrame();
  REQUIRE(last == static_cast<std::int64_t>(truth.blocks.size()) - 1);
  BlockCopy block;
  for (int s = 0; s < samples; ++s) {
    const std::int64_t frame = first + static_cast<std::int64_t>(random() % static_cast<std::uint32_t>(last - first + 1));
    const std::size_t agent = random() % truth.blocks[0].size();
    REQUIRE(recorder.Rebuild(frame, agent, block));
    const auto& expected = truth.blocks[static_cast<std::size_t>(frame)][agent];
    REQUIRE(block.Bytes().size() == expected.size());
    REQUIRE(std::memcmp(block.Bytes().data(), expected.data(), expected.size()) == 0);
    REQUIRE(reinterpret_cast<std::uintptr_t>(block.Bytes().data()) % bt::kMaxAlignment == 0);
  }
  if (first > 0) REQUIRE_FALSE(recorder.Rebuild(first - 1, 0, block));
  REQUIRE_FALSE(recorder.Rebuild(last + 1, 0, block));
}

// The transitions the recorder kept are exactly the running decider's changes in its window.
void RequireTransitions(const Recorder& recorder, const Truth& truth) {
  const auto lock = recorder.Lock();
  std::vector<std::string> expected, got;
  for (std::size_t frame = 1; frame < truth.running.size(); ++frame)
    for (std::size_t i = 0; i < truth.running[frame].size(); ++i)
      if (truth.running[frame][i] != truth.running[frame - 1][i] &&
          static_cast<std::int64_t>(frame) >= recorder.FirstFrame())
        expected.push_back(std::to_string(frame) + " " + std::to_string(i) + " " + truth.running[frame][i]->name);
  for (const auto& t : recorder.Transitions())
    if (t.frame >= 1) got.push_back(std::to_string(t.frame) + " " + std::to_string(t.agent) + " " + recorder.Names()[t.to]);
  REQUIRE(got == expected);
}

}  // namespace

TEST_CASE("the recorder rebuilds any agent's block at any frame of its window exactly", "[inspector]") {
  Walkers walkers(40);
  Recorder recorder(RecorderOptions{64u << 20, 16});
  const Truth truth = Run(walkers, recorder, 300);
  std::mt19937 random(7);
  {
    const auto lock = recorder.Lock();
    REQUIRE(recorder.FirstFrame() == 0);
  }
  RequireExact(recorder, truth, random, 3000);
  RequireTransitions(recorder, truth);
}

TEST_CASE("the recorder keeps to its memory bound by dropping its oldest segments", "[inspector]") {
  Walkers walkers(40);
  const std::size_t bound = 48 * 1024;
  Recorder recorder(RecorderOptions{bound, 8});
  const Truth truth = Run(walkers, recorder, 400);
  std::mt19937 random(11);
  {
    const auto lock = recorder.Lock();
    REQUIRE(recorder.FirstFrame() > 0);  // the start fell out of the window
    REQUIRE(recorder.LastFrame() - recorder.FirstFrame() >= 8);
    REQUIRE(recorder.BytesHeld() <= bound);
  }
  RequireExact(recorder, truth, random, 2000);
  RequireTransitions(recorder, truth);
}

TEST_CASE("a saved recording opens again, the same, and a damaged one is refused", "[inspector]") {
  Walkers walkers(12);
  Recorder recorder(RecorderOptions{64u << 20, 10});
  const Truth truth = Run(walkers, recorder, 60);
  recorder.RecordWhy(59, 3, "why text of agent 3");
  char path[] = "/tmp/bt-recorder-test-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  std::string error;
  REQUIRE(recorder.Save(path, &error));

  const bt::DeciderDef* roots[] = {&walkers::WALK_ROOT};
  Recorder loaded;
  REQUIRE(loaded.Load(path, roots, &error));
  std::mt19937 random(3);
  RequireExact(loaded, truth, random, 500);
  RequireTransitions(loaded, truth);
  {
    const auto lock = loaded.Lock();
    REQUIRE(loaded.AgentRoot(0) == &walkers::WALK_ROOT);
    REQUIRE(loaded.AgentName(5) == "walker 5");
    REQUIRE(loaded.WhyAt(59, 3) != nullptr);
    REQUIRE(*loaded.WhyAt(59, 3) == "why text of agent 3");
    REQUIRE(loaded.WhyAt(58, 3) == nullptr);
  }

  // A program without the tree still opens it: the blocks, not their meaning.
  Recorder withoutTree;
  REQUIRE(withoutTree.Load(path, {}, &error));
  {
    const auto lock = withoutTree.Lock();
    REQUIRE(withoutTree.AgentRoot(0) == nullptr);
  }

  std::FILE* file = std::fopen(path, "rb");
  std::vector<std::byte> bytes(1 << 20);
  bytes.resize(std::fread(bytes.data(), 1, bytes.size(), file));
  std::fclose(file);
  std::remove(path);
  // Every cut short is refused, with a message.
  for (std::size_t cut = 0; cut < bytes.size(); cut += 7) {
    Recorder damaged;
    error.clear();
    REQUIRE_FALSE(damaged.LoadBytes(std::span(bytes).first(cut), roots, &error));
    REQUIRE_FALSE(error.empty());
  }
  // Every byte changed: refused, or a recording whose window still rebuilds.
  for (std::size_t at = 0; at < bytes.size(); at += 3) {
    std::vector<std::byte> damagedBytes = bytes;
    damagedBytes[at] ^= std::byte{0x5a};
    Recorder damaged;
    if (!damaged.LoadBytes(damagedBytes, roots, &error)) continue;
    const auto lock = damaged.Lock();
    BlockCopy block;
    for (std::size_t agent = 0; agent < damaged.AgentCount(); ++agent)
      REQUIRE(damaged.Rebuild(damaged.LastFrame(), agent, block));
  }
}

TEST_CASE("a recording starts afresh when the agents change", "[inspector]") {
  Walkers walkers(5);
  Recorder recorder(RecorderOptions{64u << 20, 10});
  Run(walkers, recorder, 20);
  Walkers more(7);
  more.Tick(0);
  recorder.Record(more, 20, 1.0);
  const auto lock = recorder.Lock();
  REQUIRE(recorder.AgentCount() == 7);
  REQUIRE(recorder.FirstFrame() == 20);
  REQUIRE(recorder.LastFrame() == 20);
}
