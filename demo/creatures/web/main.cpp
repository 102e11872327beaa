// demo/creatures/web/main.cpp — the creatures sandbox served to a browser by
// the inspector (bt/inspector/): `make demo-web` runs it and prints the address.
//
// It runs the same world and tree as the sandbox (a seed gives the same run as
// `creatures --ticks N --seed S`), without a terminal, a tick every --delay ms,
// and calls the inspector once per tick; the page pauses, steps and scrubs it.
// With --record FILE the recording is written when it is stopped (Ctrl-C or
// SIGTERM); --open FILE serves such a recording with no world running.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include "bt/inspector/inspector.h"
#include "demo/creatures/overlay.h"
#include "demo/creatures/sandbox.h"
#include "demo/creatures/tree.h"

namespace {

const char kUsage[] =
    "usage: creatures_web [options]\n"
    "  --port N        listen on 127.0.0.1:N (default 0: any free port; the address is printed)\n"
    "  --seed S        the world's seed (default 1)\n"
    "  --creatures N   how many creatures (1-26, default 6)\n"
    "  --delay MS      milliseconds between ticks (default 100)\n"
    "  --control       let the page pause, step, resume and set breakpoints\n"
    "  --record FILE   keep a recording (--record-mb, default 16) and write it to FILE on exit\n"
    "  --record-mb N   the recording's memory bound in MiB\n"
    "  --open FILE     serve a recording written by --record, with no world running\n";

volatile std::sig_atomic_t gStop = 0;
void OnSignal(int) { gStop = 1; }

// The sandbox's creatures as the inspector reads them (bt/inspector/agents.h).
class CreatureAgents : public bt::inspector::Agents {
 public:
  explicit CreatureAgents(const creatures::Sandbox& sandbox) : sandbox_(sandbox) {}
  std::size_t Count() const override { return sandbox_.world.creatures.size(); }
  const bt::DeciderDef& Root(std::size_t agent) const override {
    return creatures::MindRoot(sandbox_, static_cast<int>(agent));
  }
  std::span<const std::byte> Block(std::size_t agent) const override {
    return creatures::MindBytes(sandbox_, static_cast<int>(agent));
  }
  const bt::WhyRecord* Why(std::size_t agent) const override { return &sandbox_.why[agent]; }
  void Name(std::size_t agent, std::string& out) const override {
    out = std::string("creature ") + sandbox_.world.creatures[agent].name;
  }
  void Describe(std::size_t agent, std::string& out) const override {
    // The first line of the sandbox's own overlay: where it is and what it senses.
    char text[4096];
    creatures::FormatOverlay(sandbox_, static_cast<int>(agent), false, text);
    out.assign(text, std::strcspn(text, "\n"));
  }

 private:
  const creatures::Sandbox& sandbox_;
};

bool Whole(const char* text, long low, long high, int* out) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < low || value > high) return false;
  *out = static_cast<int>(value);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bt::inspector::InspectorOptions options;
  creatures::WorldConfig world;
  int delayMs = 100, recordMb = 16, seed = 1;
  const char* recordPath = nullptr;
  const char* openPath = nullptr;
  for (int i = 1; i < argc; ++i) {
    const char* flag = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    bool ok = true;
    if (!std::strcmp(flag, "--control")) {
      options.control = true;
      continue;
    }
    if (!value) ok = false;
    else if (!std::strcmp(flag, "--port")) ok = Whole(value, 0, 65535, &options.port);
    else if (!std::strcmp(flag, "--seed")) ok = Whole(value, 0, 2'000'000'000, &seed);
    else if (!std::strcmp(flag, "--creatures")) ok = Whole(value, 1, 26, &world.creatures);
    else if (!std::strcmp(flag, "--delay")) ok = Whole(value, 0, 10'000, &delayMs);
    else if (!std::strcmp(flag, "--record-mb")) ok = Whole(value, 1, 4096, &recordMb);
    else if (!std::strcmp(flag, "--record")) recordPath = value;
    else if (!std::strcmp(flag, "--open")) openPath = value;
    else ok = false;
    if (!ok) {
      std::fputs(kUsage, !std::strcmp(flag, "--help") ? stdout : stderr);
      return std::strcmp(flag, "--help") ? 2 : 0;
    }
    ++i;
  }
  world.seed = static_cast<std::uint32_t>(seed);
  if (!creatures::CheckTree(stderr)) return 1;
  if (recordPath) options.recorderBytes = static_cast<std::size_t>(recordMb) << 20;
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);

  bt::inspector::Inspector inspector(options);
  std::string error;
  if (openPath) {
    const bt::DeciderDef* roots[] = {&creatures::ROOT};
    if (!inspector.OpenRecording(openPath, roots, &error)) {
      std::fprintf(stderr, "creatures_web: %s\n", error.c_str());
      return 1;
    }
  }
  if (!inspector.Start(&error)) {
    std::fprintf(stderr, "creatures_web: %s\n", error.c_str());
    return 1;
  }
  std::printf("inspector: http://127.0.0.1:%d/ %s\n", inspector.Port(),
              openPath ? "(a recording, offline)" : options.control ? "(control on)" : "(control off)");
  std::fflush(stdout);
  if (openPath) {
    while (!gStop) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return 0;
  }

  creatures::Sandbox sandbox;
  creatures::ResetSandbox(sandbox, world);
  const CreatureAgents agents(sandbox);
  std::vector<creatures::Transition> transitions;
  bool run = true;
  while (!gStop) {
    if (run) {
      transitions.clear();
      creatures::StepSandbox(sandbox, transitions);
    }
    const int frame = sandbox.tick - 1;
    run = inspector.Frame(agents, frame, creatures::TimeOfTick(frame));
    std::this_thread::sleep_for(std::chrono::milliseconds(run ? delayMs : 20));
  }
  inspector.Stop();
  if (recordPath && !inspector.SaveRecording(recordPath, &error)) {
    std::fprintf(stderr, "creatures_web: %s\n", error.c_str());
    return 1;
  }
  if (recordPath) std::printf("recording written to %s\n", recordPath);
  return 0;
}
