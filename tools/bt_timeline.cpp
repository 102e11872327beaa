// tools/bt_timeline.cpp — a recorded run as a timeline picture (plain SVG).
//
// Reads CSV rows `tick,agent,behavior` (a header line is skipped; an empty
// behavior is a tick with nothing running) and draws one lane per agent, in the
// order they first appear, with a bar per stretch of ticks spent in the same
// behavior, colored by behavior, and a legend. The creatures demo records such
// a file with --timeline.
//
//   build/tools/bt_timeline run.csv -o run.svg
//   build/demo/creatures --ticks 300 --timeline /dev/stdout | build/tools/bt_timeline > run.svg
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Row {
  long tick;
  std::string agent, behavior;
};

struct Run {  // ticks [first, last] in one behavior
  long first, last;
  std::string behavior;
};

struct Lane {
  std::string agent;
  std::vector<Run> runs;
};

// Distinct, readable fills; behaviors take them in order of first appearance.
constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
                                    "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295"};

std::string Escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Trim(std::string s) {
  const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), notSpace));
  s.erase(std::find_if(s.rbegin(), s.rend(), notSpace).base(), s.end());
  return s;
}

bool ParseRow(const std::string& line, Row& row) {
  std::stringstream fields(line);
  std::string tick, agent, behavior;
  if (!std::getline(fields, tick, ',') || !std::getline(fields, agent, ',')) return false;
  std::getline(fields, behavior);
  char* end = nullptr;
  tick = Trim(tick);
  row.tick = std::strtol(tick.c_str(), &end, 10);
  if (tick.empty() || *end != '\0') return false;
  row.agent = Trim(agent);
  row.behavior = Trim(behavior);
  return true;
}

void WriteSvg(const std::vector<Lane>& lanes, const std::vector<std::string>& behaviors, long firstTick, long lastTick,
              double tickWidth, std::ostream& out) {
  const double left = 60, top = 30, laneHeight = 26, laneGap = 6, legendRow = 18;
  const double width = left + (lastTick - firstTick + 1) * tickWidth + 20;
  const double lanesBottom = top + lanes.size() * (laneHeight + laneGap);
  const double height = lanesBottom + 30 + behaviors.size() * legendRow + 10;
  std::map<std::string, const char*> color;
  for (std::size_t i = 0; i < behaviors.size(); ++i)
    color[behaviors[i]] = kPalette[i % (sizeof kPalette / sizeof kPalette[0])];

  char number[64];
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n";
  out << "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  // Tick marks: about every 60 pixels, on round numbers.
  long step = 1;
  for (long scale = 1; step * tickWidth < 60; scale *= 10)
    for (long n : {1, 2, 5})
      if ((step = n * scale) * tickWidth >= 60) break;
  for (long t = firstTick - firstTick % step; t <= lastTick; t += step) {
    if (t < firstTick) continue;
    const double x = left + (t - firstTick) * tickWidth;
    out << "  <line x1=\"" << x << "\" y1=\"" << top - 6 << "\" x2=\"" << x << "\" y2=\"" << lanesBottom
        << "\" stroke=\"#dddddd\"/>\n";
    std::snprintf(number, sizeof number, "%ld", t);
    out << "  <text x=\"" << x << "\" y=\"" << top - 10 << "\" text-anchor=\"middle\" fill=\"#666666\">" << number
        << "</text>\n";
  }
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    const double y = top + i * (laneHeight + laneGap);
    out << "  <text x=\"" << left - 8 << "\" y=\"" << y + laneHeight / 2 + 4 << "\" text-anchor=\"end\">"
        << Escape(lanes[i].agent) << "</text>\n";
    for (const Run& run : lanes[i].runs) {
      const double x = left + (run.first - firstTick) * tickWidth;
      const double w = (run.last - run.first + 1) * tickWidth;
      out << "  <rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << laneHeight << "\" fill=\""
          << color[run.behavior] << "\"><title>" << Escape(lanes[i].agent) << ": " << Escape(run.behavior);
      if (run.first == run.last)
        out << ", tick " << run.first << "</title></rect>\n";
      else
        out << ", ticks " << run.first << "-" << run.last << "</title></rect>\n";
      if (w >= 7.0 * run.behavior.size())  // the name fits inside the bar
        out << "  <text x=\"" << x + 3 << "\" y=\"" << y + laneHeight / 2 + 4 << "\" fill=\"#ffffff\">"
            << Escape(run.behavior) << "</text>\n";
    }
  }
  for (std::size_t i = 0; i < behaviors.size(); ++i) {
    const double y = lanesBottom + 20 + i * legendRow;
    out << "  <rect x=\"" << left << "\" y=\"" << y << "\" width=\"12\" height=\"12\" fill=\"" << color[behaviors[i]]
        << "\"/>\n";
    out << "  <text x=\"" << left + 18 << "\" y=\"" << y + 10 << "\">" << Escape(behaviors[i]) << "</text>\n";
  }
  out << "</svg>\n";
}

int Usage() {
  std::fprintf(stderr, "usage: bt_timeline [IN.csv] [-o OUT.svg] [--tick-width PIXELS]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const char* inPath = nullptr;
  const char* outPath = nullptr;
  double tickWidth = 0;  // 0: fit about 1000 pixels
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-o") == 0 && i + 1 < argc)
      outPath = argv[++i];
    else if (std::strcmp(argv[i], "--tick-width") == 0 && i + 1 < argc)
      tickWidth = std::atof(argv[++i]);
    else if (argv[i][0] != '-' && inPath == nullptr)
      inPath = argv[i];
    else
      return Usage();
  }
  std::ifstream file;
  if (inPath != nullptr) {
    file.open(inPath);
    if (!file) return std::perror(inPath), 1;
  }
  std::istream& in = inPath != nullptr ? static_cast<std::istream&>(file) : std::cin;

  std::vector<Lane> lanes;
  std::map<std::string, std::size_t> laneOf;
  std::vector<std::string> behaviors;
  long firstTick = 0, lastTick = -1;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    Row row;
    if (Trim(line).empty()) continue;
    if (!ParseRow(line, row)) {
      if (number == 1) continue;  // the header
      std::fprintf(stderr, "bt_timeline: line %d is not `tick,agent,behavior`: %s\n", number, line.c_str());
      return 1;
    }
    if (lastTick < firstTick) firstTick = lastTick = row.tick;
    firstTick = std::min(firstTick, row.tick);
    lastTick = std::max(lastTick, row.tick);
    auto [at, added] = laneOf.try_emplace(row.agent, lanes.size());
    if (added) lanes.push_back({row.agent, {}});
    if (row.behavior.empty()) continue;
    if (std::find(behaviors.begin(), behaviors.end(), row.behavior) == behaviors.end())
      behaviors.push_back(row.behavior);
    std::vector<Run>& runs = lanes[at->second].runs;
    if (!runs.empty() && runs.back().behavior == row.behavior && runs.back().last + 1 == row.tick)
      runs.back().last = row.tick;
    else
      runs.push_back({row.tick, row.tick, row.behavior});
  }
  if (lanes.empty()) {
    std::fprintf(stderr, "bt_timeline: no rows\n");
    return 1;
  }
  if (tickWidth <= 0) tickWidth = std::clamp(1000.0 / static_cast<double>(lastTick - firstTick + 1), 1.0, 40.0);

  if (outPath == nullptr) {
    WriteSvg(lanes, behaviors, firstTick, lastTick, tickWidth, std::cout);
    return std::cout.good() ? 0 : 1;
  }
  std::ofstream out(outPath);
  WriteSvg(lanes, behaviors, firstTick, lastTick, tickWidth, out);
  out.close();
  if (!out) return std::perror(outPath), 1;
  return 0;
}
