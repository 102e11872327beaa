// tests/fuzz/inspector_fuzzer.cpp — libFuzzer harness over the inspector's
// request handling and its recording reader (bt/inspector/).
//
// The first byte picks the part; the rest is its input.
//  - Even: a request. The input is "METHOD\nTARGET\n" and a body whose length
//    is passed on; bits 1 and 2 of the first byte enable control and the
//    offline mode. HandleRequest answers it from a fresh session over three
//    ticked agents and a recording of their first frames. Checked: the status
//    is one HTTP knows, a JSON answer parses, an answer of 200 to /api/state
//    names the agent asked for.
//  - Odd: a recording file. Recorder::LoadBytes reads it against the
//    harness's tree; when it loads, every agent's block at the first and last
//    frames is rebuilt and printed with DebugPrintState. Checked: a loaded
//    recording's window is ordered and its rebuilt blocks have the size it
//    recorded.
// Set INSPECTOR_FUZZ_SEED=FILE to write the harness's own recording to FILE
// (how tests/fuzz/corpus_inspector/recording was made).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "bt/bt.h"
#include "bt/debug/print.h"
#include "bt/inspector/recorder.h"
#include "bt/inspector/requests.h"

namespace {

struct Bot {
  int steps = 0;
  int mood = 0;
};

float Restless(const Bot& bot) { return bot.mood % 3 == 0 ? 1.0f : 0.0f; }
bt::Result Go(Bot& bot) { return ++bot.steps % 4 ? bt::Result::Running : bt::Result::Done; }
bt::Result Rest(Bot& bot) {
  ++bot.mood;
  return bt::Result::Running;
}

BT_DEFINE_BEHAVIOR__TICK(GO_B, Go);
BT_DEFINE_BEHAVIOR__TICK(REST_B, Rest);
BT_DEFINE_GROUP(FUZZ_ROOT, PrioritizedList, BT_CHILDREN(GO, REST));
BT_DEFINE_DECIDER(GO, GO_B, BT_DECIDE(Restless));
BT_DEFINE_DECIDER(REST, REST_B);

constexpr std::size_t kBots = 3;

struct World {
  Bot bots[kBots];
  bt::MemoryFor<FUZZ_ROOT> minds[kBots]{};
  bt::WhyRecord why[kBots]{};
};

class BotAgents : public bt::inspector::Agents {
 public:
  explicit BotAgents(const World& world) : world_(world) {}
  std::size_t Count() const override { return kBots; }
  const bt::DeciderDef& Root(std::size_t) const override { return FUZZ_ROOT; }
  std::span<const std::byte> Block(std::size_t agent) const override { return world_.minds[agent].Span(); }
  const bt::WhyRecord* Why(std::size_t agent) const override { return &world_.why[agent]; }

 private:
  const World& world_;
};

struct Fixture {
  World world;
  bt::inspector::Recorder recorder{bt::inspector::RecorderOptions{1 << 20, 4}};
  Fixture() {
    const BotAgents agents(world);
    for (int frame = 0; frame < 12; ++frame) {
      for (std::size_t i = 0; i < kBots; ++i) {
        bt::TickOptions options;
        options.why = &world.why[i];
        (void)bt::TickBehaviorTree(FUZZ_ROOT, world.bots[i], world.minds[i], frame / 30.0, 1 / 30.0f, 0, 0, options);
      }
      recorder.Record(agents, frame, frame / 30.0);
    }
    if (const char* path = std::getenv("INSPECTOR_FUZZ_SEED")) recorder.Save(path, nullptr);
  }
};

Fixture& TheFixture() {
  static Fixture fixture;
  return fixture;
}

void Check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "inspector fuzzer: invariant broken: %s\n", what);
  std::abort();
}

void FuzzRequest(std::uint8_t flags, std::string_view input) {
  Fixture& fixture = TheFixture();
  bt::inspector::Session session;
  session.limits.perSecond = (flags & 8) ? 2 : 0;
  session.control = flags & 2;
  session.offline = flags & 4;
  session.recorder = &fixture.recorder;
  session.frame = 11;
  session.time = 11 / 30.0;
  for (std::size_t i = 0; i < kBots; ++i) session.names.push_back("bot " + std::to_string(i));
  bt::inspector::WatchedCopy& watched = session.watched.emplace_back();
  watched.agent = 1;
  watched.askedAt = bt::inspector::Clock::now();
  watched.copied = true;
  watched.root = &FUZZ_ROOT;
  watched.block.Assign(fixture.world.minds[1].Span());
  watched.hasWhy = true;
  *watched.why = fixture.world.why[1];

  const std::size_t firstLine = input.find('\n');
  const std::string_view method = input.substr(0, firstLine);
  input = firstLine == std::string_view::npos ? std::string_view{} : input.substr(firstLine + 1);
  const std::size_t secondLine = input.find('\n');
  const std::string_view target = input.substr(0, secondLine);
  const std::size_t body = secondLine == std::string_view::npos ? 0 : input.size() - secondLine - 1;
  // Several requests in a row on one session, as a page makes them.
  for (int round = 0; round < 3; ++round) {
    const bt::inspector::Response response =
        bt::inspector::HandleRequest(session, method, target, body, bt::inspector::Clock::now());
    Check(response.status >= 200 && response.status < 600, "an HTTP status");
    if (response.contentType == "application/json") {
      const auto json = nlohmann::json::parse(response.body, nullptr, false);
      Check(!json.is_discarded(), "the answer is JSON");
      if (response.status == 200 && target.starts_with("/api/state?") && json.contains("agent"))
        Check(json["agent"].is_number_unsigned() && json["agent"].get<std::size_t>() < kBots, "the agent asked for");
    }
  }
}

void FuzzRecording(std::string_view input) {
  bt::inspector::Recorder recorder;
  const bt::DeciderDef* roots[] = {&FUZZ_ROOT};
  std::string error;
  if (!recorder.LoadBytes(std::as_bytes(std::span<const char>(input.data(), input.size())), roots, &error)) {
    Check(!error.empty(), "a refused recording says why");
    return;
  }
  const auto lock = recorder.Lock();
  if (recorder.Empty()) return;
  Check(recorder.FirstFrame() <= recorder.LastFrame(), "the window is ordered");
  for (std::int64_t frame : {recorder.FirstFrame(), recorder.LastFrame()}) {
    for (std::size_t agent = 0; agent < std::min<std::size_t>(recorder.AgentCount(), 4); ++agent) {
      bt::inspector::BlockCopy block;
      double time = 0;
      Check(recorder.TimeOf(frame, &time), "a frame of the window has a time");
      Check(recorder.Rebuild(frame, agent, block), "a frame of the window rebuilds");
      if (const bt::DeciderDef* root = recorder.AgentRoot(agent)) {
        char text[2048];
        bt::DebugPrintState(*root, block.Bytes(), time, text);
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] & 1)
    FuzzRecording(input);
  else
    FuzzRequest(data[0], input);
  return 0;
}
