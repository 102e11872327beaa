// tools/bench/inspector/main.cpp — what the inspector (bt/inspector/) adds to a
// frame, on the creatures workload (10,000 agents, the compiled tick):
//   - no inspector at all;
//   - the inspector linked, started, Frame called, no page open;
//   - one page watching one agent (a client thread asks its state four times
//     a second, as the page does);
//   - the recorder on for every agent, no page;
// and the recorder's bytes per agent per second of game (30 frames a second).
// Each side is the fastest of several repeats, in nanoseconds per frame.
// `--profile SIDE FRAMES` (none, nopage, onepage, recorder) runs one side once,
// untimed, for valgrind --tool=callgrind: two frame counts' difference is the
// instructions of that many frames, set-up cancelled.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>

#include "bt/inspector/inspector.h"
#include "tools/bench/bt_creatures.h"

namespace {

constexpr std::size_t kAgents = 10'000;
constexpr int kWarmup = 100;
int gFrames = 300;  // --profile sets both
int gRepeats = 5;
constexpr double kFramesPerSecond = 30;

class BenchAgents : public bt::inspector::Agents {
 public:
  explicit BenchAgents(std::size_t n) : memory(n) {
    for (std::size_t i = 0; i < n; ++i) creatures.push_back(bench::MakeCreature(static_cast<std::uint32_t>(i)));
  }
  std::size_t Count() const override { return creatures.size(); }
  const bt::DeciderDef& Root(std::size_t) const override { return bench::BtRoot(); }
  std::span<const std::byte> Block(std::size_t agent) const override { return memory[agent].Span(); }

  std::vector<bench::Creature> creatures;
  std::vector<bench::BtMemory> memory;
};

enum class Side { None, NoPage, OnePage, Recorder };

struct Result {
  double nsPerFrame = 0;
  std::size_t recordedBytes = 0;
};

Result Run(Side side) {
  Result best{1e300, 0};
  for (int repeat = 0; repeat < gRepeats; ++repeat) {
    BenchAgents agents(kAgents);
    for (int t = 0; t < kWarmup; ++t) bench::BtTickCompiled(agents.creatures.data(), agents.memory.data(), kAgents, t);
    bt::inspector::InspectorOptions options;
    if (side == Side::Recorder) options.recorderBytes = std::size_t{1} << 30;
    bt::inspector::Inspector inspector(options);
    std::string error;
    if (side != Side::None && !inspector.Start(&error)) {
      std::fprintf(stderr, "inspector bench: %s\n", error.c_str());
      std::exit(1);
    }
    std::atomic<bool> done{false};
    std::thread page;
    if (side == Side::OnePage) {
      page = std::thread([&] {
        httplib::Client client("127.0.0.1", inspector.Port());
        while (!done) {
          client.Get("/api/state?agent=17");
          std::this_thread::sleep_for(std::chrono::milliseconds(250));
        }
      });
      for (int t = 0; t < 50; ++t) {  // the page has asked and been answered
        inspector.Frame(agents, kWarmup - 1, (kWarmup - 1) / kFramesPerSecond);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    }
    const auto start = std::chrono::steady_clock::now();
    for (int t = kWarmup; t < kWarmup + gFrames; ++t) {
      bench::BtTickCompiled(agents.creatures.data(), agents.memory.data(), kAgents, t);
      if (side != Side::None) inspector.Frame(agents, t, t / kFramesPerSecond);
    }
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / gFrames;
    done = true;
    if (page.joinable()) page.join();
    best.nsPerFrame = std::min(best.nsPerFrame, ns);
    if (side == Side::Recorder) {
      std::string path = "/tmp/bt-inspector-bench.btrec";
      inspector.SaveRecording(path.c_str(), &error);
      if (std::FILE* file = std::fopen(path.c_str(), "rb")) {
        std::fseek(file, 0, SEEK_END);
        best.recordedBytes = static_cast<std::size_t>(std::ftell(file));
        std::fclose(file);
      }
      std::remove(path.c_str());
    }
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (!bench::BtInitialize()) return 1;
  if (argc == 4 && std::string(argv[1]) == "--profile") {
    const std::string side = argv[2];
    gFrames = std::atoi(argv[3]);
    gRepeats = 1;
    Run(side == "none" ? Side::None : side == "nopage" ? Side::NoPage : side == "onepage" ? Side::OnePage : Side::Recorder);
    return 0;
  }
  const Result none = Run(Side::None);
  const Result noPage = Run(Side::NoPage);
  const Result onePage = Run(Side::OnePage);
  const Result recorder = Run(Side::Recorder);
  std::printf("inspector: %zu agents, %d frames, compiled tick; microseconds per frame (fastest of %d)\n", kAgents,
              gFrames, gRepeats);
  std::printf("  no inspector                   %9.1f\n", none.nsPerFrame / 1000);
  std::printf("  inspector linked, no page      %9.1f  %.3fx  (target: within 1%%)\n", noPage.nsPerFrame / 1000,
              noPage.nsPerFrame / none.nsPerFrame);
  std::printf("  one page watching one agent    %9.1f  %.3fx\n", onePage.nsPerFrame / 1000,
              onePage.nsPerFrame / none.nsPerFrame);
  std::printf("  recorder on, every agent       %9.1f  %.3fx  (target: within 1.25x)\n", recorder.nsPerFrame / 1000,
              recorder.nsPerFrame / none.nsPerFrame);
  const double seconds = gFrames / kFramesPerSecond;
  std::printf("  recorder: %.0f bytes per agent per second of game (%zu bytes for %d frames at %.0f a second)\n",
              static_cast<double>(recorder.recordedBytes) / static_cast<double>(kAgents) / seconds,
              recorder.recordedBytes, gFrames, kFramesPerSecond);
}
