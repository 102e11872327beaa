// demo/creatures/options.cpp — command-line parsing, by hand: a handful of flags.
#include "options.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace creatures {
namespace {

const char kUsage[] =
    "usage: creatures [options]\n"
    "  On a terminal: the live sandbox (keys: tab/n next creature, p previous,\n"
    "  space pause, s single step, w whole tree, y why, h heat map of behaviors,\n"
    "  +/- speed, q quit).\n"
    "  Otherwise, or with --ticks: a plain-text run.\n"
    "  --ticks N       run N ticks without interaction (default 300)\n"
    "  --seed S        the world's seed; the same seed gives the same run (default 1)\n"
    "  --every K       print the selected creature's overlay every K ticks (default 50; 0 never)\n"
    "  --creature C    select creature C (a letter, default a)\n"
    "  --creatures N   how many creatures (1-26, default 6)\n"
    "  --threats N     how many threats (default 2)\n"
    "  --whole-tree    the overlay shows every decider, not only the active ones\n"
    "  --why C         after the last tick, print why creature C (a letter) did what it did:\n"
    "                  its last tick's decisions and its last transitions (bt::FormatWhy)\n"
    "  --delay MS      interactive: milliseconds between ticks (default 150)\n"
    "  --dot FILE      at the end, write the tree with the selected creature's active path\n"
    "                  as Graphviz DOT (SVG through dot when FILE ends in .svg)\n"
    "  --timeline FILE write (tick, creature, behavior) as CSV, for tools/bt_timeline;\n"
    "                  FILE - writes it to stdout and the report to stderr\n"
    "  --crowd N       crowd mode: N creatures over a large world, ticked as a bt::Crowd with a\n"
    "                  level of detail by distance to the nest; prints each K-th frame's cost\n"
    "                  (--every) and the LOD histogram\n"
    "  --budget B      crowd mode: at most B tree ticks a frame, the rest the next frame\n"
    "  --heatmap W     crowd mode: with each printed frame, a map W cells wide of the behavior\n"
    "                  most creatures run in each cell (a letter; '.' none runs one)\n"
    "  --tree FILE     the creatures run the tree of FILE (an Unvanquished .bt file; found as\n"
    "                  given or under demo/creatures/, e.g. bots/defend.bt) instead of the\n"
    "                  built-in one; the file is loaded again whenever it changes\n"
    "  --rewrite T:F   with --tree, for tests: at tick T, copy file F over the tree file\n";

bool ParseInt(const char* text, long low, long high, int* out) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < low || value > high) return false;
  *out = static_cast<int>(value);
  return true;
}

}  // namespace

bool ParseOptions(int argc, char** argv, Options& options, int* exitCode) {
  *exitCode = 0;
  for (int i = 1; i < argc; ++i) {
    const char* flag = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    auto takes = [&](bool ok) {
      if (!value || !ok) {
        std::fprintf(stderr, "creatures: bad or missing value for %s\n%s", flag, kUsage);
        *exitCode = 2;
        return false;
      }
      ++i;
      return true;
    };
    int seed = 0;
    bool ok = true;
    if (!std::strcmp(flag, "--ticks")) {
      ok = takes(value && ParseInt(value, 0, 10'000'000, &options.ticks));
      options.ticksGiven = true;
    } else if (!std::strcmp(flag, "--seed")) {
      ok = takes(value && ParseInt(value, 0, 2'000'000'000, &seed));
      options.world.seed = static_cast<std::uint32_t>(seed);
    } else if (!std::strcmp(flag, "--every")) {
      ok = takes(value && ParseInt(value, 0, 10'000'000, &options.overlayEvery));
    } else if (!std::strcmp(flag, "--creature")) {
      ok = takes(value && value[0] >= 'a' && value[0] <= 'z' && value[1] == '\0');
      if (ok) options.selected = value[0] - 'a';
    } else if (!std::strcmp(flag, "--why")) {
      ok = takes(value && value[0] >= 'a' && value[0] <= 'z' && value[1] == '\0');
      if (ok) options.whyCreature = value[0] - 'a';
    } else if (!std::strcmp(flag, "--creatures")) {
      ok = takes(value && ParseInt(value, 1, 26, &options.world.creatures));
    } else if (!std::strcmp(flag, "--threats")) {
      ok = takes(value && ParseInt(value, 0, 20, &options.world.threats));
    } else if (!std::strcmp(flag, "--delay")) {
      ok = takes(value && ParseInt(value, 0, 10'000, &options.delayMs));
    } else if (!std::strcmp(flag, "--dot")) {
      ok = takes(true);
      options.dotPath = value;
    } else if (!std::strcmp(flag, "--timeline")) {
      ok = takes(true);
      options.timelinePath = value;
      options.timelineToStdout = ok && (!std::strcmp(value, "-") || !std::strcmp(value, "/dev/stdout"));
    } else if (!std::strcmp(flag, "--crowd")) {
      ok = takes(value && ParseInt(value, 1, 10'000'000, &options.crowd));
    } else if (!std::strcmp(flag, "--heatmap")) {
      ok = takes(value && ParseInt(value, 1, 1000, &options.heatMapColumns));
    } else if (!std::strcmp(flag, "--budget")) {
      ok = takes(value && ParseInt(value, 0, 2'000'000'000, &options.crowdBudget));
    } else if (!std::strcmp(flag, "--tree")) {
      ok = takes(true);
      options.treePath = value;
    } else if (!std::strcmp(flag, "--rewrite")) {
      const char* colon = value ? std::strchr(value, ':') : nullptr;
      Options::Rewrite rewrite;
      const std::string tick = colon ? std::string(value, colon) : std::string();
      ok = takes(colon && colon[1] != '\0' && ParseInt(tick.c_str(), 0, 10'000'000, &rewrite.tick));
      rewrite.from = ok ? colon + 1 : nullptr;
      if (ok) options.rewrites.push_back(rewrite);
    } else if (!std::strcmp(flag, "--whole-tree")) {
      options.wholeTree = true;
    } else {
      const bool help = !std::strcmp(flag, "--help") || !std::strcmp(flag, "-h");
      std::fputs(kUsage, help ? stdout : stderr);
      *exitCode = help ? 0 : 2;
      return false;
    }
    if (!ok) return false;
  }
  if (options.selected >= options.world.creatures) options.selected = 0;
  if ((options.treePath && options.crowd > 0) || (!options.rewrites.empty() && !options.treePath)) {
    std::fprintf(stderr, "creatures: %s\n%s",
                 options.crowd > 0 ? "--tree is not available in crowd mode" : "--rewrite needs --tree", kUsage);
    *exitCode = 2;
    return false;
  }
  if (options.whyCreature >= options.world.creatures) {
    std::fprintf(stderr, "creatures: --why names no creature (there are %d)\n%s", options.world.creatures, kUsage);
    *exitCode = 2;
    return false;
  }
  return true;
}

}  // namespace creatures
