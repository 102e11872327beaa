// demo/creatures/view.cpp — drawing the sandbox with ncurses, and its keys.
//
// The screen, top to bottom: a status line; the map in a frame, with the
// creature list beside it; the recent transitions; the keys. The overlay is a
// framed box drawn last, next to the selected creature, like a game's tooltip.
// With the heat map on ('h'), the ground under the creatures is coloured by the
// behavior most of them run in each cell of kHeatCell world cells, its legend
// above the transitions.
#include "view.h"

#include <ncurses.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <string>

#include "bt/engine/why.h"
#include "heat_map.h"
#include "map.h"
#include "overlay.h"

namespace creatures {
namespace {

enum ColorPair : short { kNestColor = 1, kFoodColor, kThreatColor, kPoseColor, kOverlayColor, kSelectedColor, kHeatColor };
// The heat map's letters A, B, ... take these backgrounds in turn.
constexpr short kHeatBackgrounds[] = {COLOR_BLUE, COLOR_GREEN, COLOR_MAGENTA, COLOR_CYAN, COLOR_YELLOW, COLOR_RED};
constexpr int kHeatColors = static_cast<int>(std::size(kHeatBackgrounds));
constexpr Point kHeatCell = {4, 2};  // [world cells] per heat-map cell: wide and low, as text cells are tall

constexpr int kMapTop = 1;
constexpr int kMapLeft = 0;
constexpr std::size_t kLogLines = 20;  // kept; as many as fit are shown

struct ViewState {
  int selected = 0;
  bool paused = false;
  bool wholeTree = false;
  bool why = false;  // the overlay shows the why-record instead of the active path
  bool heat = false;  // the heat map of behaviors under the creatures
  HeatMap heatMap{1};  // sized to the world by RunInteractive; keeps its letters between frames
  int delayMs = 150;
  std::deque<std::string> log;   // the latest transitions, newest last
  TreeFile* treeFile = nullptr;  // --tree: polled every frame
  std::string treeStatus;        // what its last load did, shown above the keys
};

void StartColors() {
  if (!has_colors()) return;
  start_color();
  use_default_colors();
  init_pair(kNestColor, COLOR_YELLOW, -1);
  init_pair(kFoodColor, COLOR_GREEN, -1);
  init_pair(kThreatColor, COLOR_RED, -1);
  init_pair(kPoseColor, COLOR_MAGENTA, -1);
  init_pair(kOverlayColor, COLOR_CYAN, -1);
  init_pair(kSelectedColor, COLOR_BLACK, COLOR_CYAN);
  for (short k = 0; k < kHeatColors; ++k) init_pair(static_cast<short>(kHeatColor + k), COLOR_BLACK, kHeatBackgrounds[k]);
}

// A heat-map letter's colours: 'A' the first pair, and so on round; 0 for none.
chtype HeatStyle(char letter) {
  if (letter < 'A' || letter > 'Z') return 0;
  return COLOR_PAIR(kHeatColor + (letter - 'A') % kHeatColors);
}

chtype Styled(char glyph, bool selected) {
  const chtype ch = static_cast<unsigned char>(glyph);
  if (selected) return ch | COLOR_PAIR(kSelectedColor) | A_BOLD;
  switch (glyph) {
    case kNestGlyph:
      return ch | COLOR_PAIR(kNestColor);
    case kFoodGlyph:
      return ch | COLOR_PAIR(kFoodColor) | A_BOLD;
    case kThreatGlyph:
      return ch | COLOR_PAIR(kThreatColor) | A_BOLD;
    case kGroundGlyph:
      return ch | A_DIM;
    default:
      break;
  }
  if (glyph >= 'a' && glyph <= 'z') return ch | A_BOLD;
  return ch | COLOR_PAIR(kPoseColor) | A_BOLD;
}

void DrawWorld(const Sandbox& sandbox, ViewState& view) {
  const World& world = sandbox.world;
  const Creature& sel = world.creatures[static_cast<std::size_t>(view.selected)];
  // A frame, so the world's edge (where threats come from) is visible. Plain
  // ASCII, so it reads the same in any terminal and in a captured screen.
  const int right = kMapLeft + world.width + 1, bottom = kMapTop + world.height + 1;
  mvhline(kMapTop, kMapLeft, '-', world.width + 2);
  mvhline(bottom, kMapLeft, '-', world.width + 2);
  mvvline(kMapTop, kMapLeft, '|', world.height + 2);
  mvvline(kMapTop, right, '|', world.height + 2);
  for (int x : {kMapLeft, right})
    for (int y : {kMapTop, bottom}) mvaddch(y, x, '+');
  const std::vector<std::string> rows = DrawMap(world, view.selected);
  std::vector<std::string> heat;  // the heat map's lines, then its legend
  if (view.heat) heat = view.heatMap.Draw(world, sandbox.running);
  for (int y = 0; y < world.height; ++y)
    for (int x = 0; x < world.width; ++x) {
      chtype ch = Styled(rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)], sel.at == Point{x, y});
      if (view.heat && sel.at != Point{x, y}) {
        const Point cell = view.heatMap.CellOf(world, {x, y});
        const std::string& line = heat[static_cast<std::size_t>(cell.y)];  // Draw drops a line's trailing blanks
        const chtype style = static_cast<std::size_t>(cell.x) < line.size() ? HeatStyle(line[static_cast<std::size_t>(cell.x)]) : 0;
        if (style != 0) ch = (ch & (A_CHARTEXT | A_BOLD)) | style;
      }
      mvaddch(kMapTop + 1 + y, kMapLeft + 1 + x, ch);
    }
  if (!view.heat) return;
  // The legend, each letter in its colours, on the frame's bottom edge.
  int x = kMapLeft + 2;
  mvaddstr(bottom, x, " heat map:");
  x += 10;
  const std::string& legend = heat.back();
  for (std::size_t i = 0; i < legend.size() && x < COLS; ++i, ++x) {
    const bool letter = i == 0 || (i >= 2 && legend[i - 1] == ' ' && legend[i - 2] == ' ');  // "A DANCE  B FLIP"
    mvaddch(bottom, x, static_cast<unsigned char>(legend[i]) | (letter ? HeatStyle(legend[i]) : 0));
  }
  if (x < COLS) mvaddch(bottom, x, ' ');
}

void DrawCreatureList(const Sandbox& sandbox, const ViewState& view) {
  const World& world = sandbox.world;
  const int left = kMapLeft + world.width + 3;
  const int room = COLS - left;  // clipped rather than wrapped on a narrow terminal
  if (room <= 0) return;
  mvaddnstr(kMapTop, left, "creature hunger energy behavior", room);
  for (std::size_t i = 0; i < world.creatures.size(); ++i) {
    const Creature& c = world.creatures[i];
    const bool selected = static_cast<int>(i) == view.selected;
    char line[64];
    std::snprintf(line, sizeof line, "%c %c      %3d    %3d    %-14s", selected ? '>' : ' ', c.name, c.hunger, c.energy,
                  NameOf(sandbox.running[i]).c_str());
    if (selected) attron(A_REVERSE);
    mvaddnstr(kMapTop + 1 + static_cast<int>(i), left, line, room);
    if (selected) attroff(A_REVERSE);
  }
}

void DrawLog(const Sandbox& sandbox, const ViewState& view) {
  const int top = kMapTop + sandbox.world.height + 2;
  mvprintw(top, 0, "recent transitions (tick creature from -> to):");
  const int statusLines = view.treeFile ? 1 : 0;
  const std::size_t fit = static_cast<std::size_t>(std::max(0, LINES - top - 2 - statusLines));
  const std::size_t skip = view.log.size() > fit ? view.log.size() - fit : 0;
  int line = top + 1;
  for (std::size_t i = skip; i < view.log.size(); ++i) mvprintw(line++, 2, "%s", view.log[i].c_str());
  if (view.treeFile) {
    attron(A_BOLD);
    mvaddnstr(LINES - 2, 0, ("tree " + view.treeStatus).c_str(), COLS);
    attroff(A_BOLD);
  }
  mvprintw(LINES - 1, 0, "tab/n next  p previous  space pause  s step  w whole tree  y why  h heat map  +/- speed  q quit");
}

// The overlay box: beside the creature, kept on screen, over whatever is there.
void DrawOverlay(const Sandbox& sandbox, const ViewState& view) {
  char text[16384];
  if (view.why) bt::FormatWhy(sandbox.why[static_cast<std::size_t>(view.selected)], text);
  else FormatOverlay(sandbox, view.selected, view.wholeTree, text);
  std::vector<std::string> lines;
  int width = 0;
  for (const char* p = text; *p;) {
    const char* end = std::strchr(p, '\n');
    if (!end) end = p + std::strlen(p);
    lines.emplace_back(p, end);
    width = std::max(width, static_cast<int>(end - p));
    p = *end ? end + 1 : end;
  }
  width = std::min(width + 2, COLS);
  const int height = std::min(static_cast<int>(lines.size()) + 2, LINES - 1);
  const Point at = sandbox.world.creatures[static_cast<std::size_t>(view.selected)].at;
  const int screenX = kMapLeft + 1 + at.x, screenY = kMapTop + 1 + at.y;
  int left = screenX + 2;
  if (left + width > COLS) left = std::max(0, screenX - 1 - width);
  int top = std::clamp(screenY + 1, 1, std::max(1, LINES - 1 - height));
  WINDOW* box = newwin(height, width, top, left);
  if (!box) return;
  wattron(box, COLOR_PAIR(kOverlayColor));
  wborder(box, '|', '|', '-', '-', '+', '+', '+', '+');
  wattroff(box, COLOR_PAIR(kOverlayColor));
  for (int i = 0; i + 2 < height; ++i) mvwaddnstr(box, 1 + i, 1, lines[static_cast<std::size_t>(i)].c_str(), width - 2);
  wnoutrefresh(box);
  delwin(box);
}

void Draw(const Sandbox& sandbox, ViewState& view, std::uint32_t seed) {
  erase();
  attron(A_BOLD);
  mvprintw(0, 0, "bt creatures sandbox  tick %d  seed %u  %s  (%d ms/tick)", sandbox.tick - 1, seed,
           view.paused ? "PAUSED" : "running", view.delayMs);
  attroff(A_BOLD);
  DrawWorld(sandbox, view);
  DrawCreatureList(sandbox, view);
  DrawLog(sandbox, view);
  wnoutrefresh(stdscr);
  DrawOverlay(sandbox, view);
  doupdate();
}

void PollTree(const Sandbox& sandbox, ViewState& view) {
  if (view.treeFile && view.treeFile->Poll(sandbox.tick))
    view.treeStatus = "at tick " + std::to_string(sandbox.tick) + ": " + view.treeFile->Status();
}

void Step(Sandbox& sandbox, ViewState& view, TimelineWriter* timeline) {
  PollTree(sandbox, view);
  std::vector<Transition> transitions;
  StepSandbox(sandbox, transitions);
  if (timeline) timeline->Record(sandbox);
  for (const Transition& t : transitions) {
    char line[96];
    std::snprintf(line, sizeof line, "%5d %c %s -> %s", t.tick,
                  sandbox.world.creatures[static_cast<std::size_t>(t.creature)].name, NameOf(t.from).c_str(),
                  NameOf(t.to).c_str());
    view.log.emplace_back(line);
    if (view.log.size() > kLogLines) view.log.pop_front();
  }
}

}  // namespace

int RunInteractive(Sandbox& sandbox, const Options& options, TimelineWriter* timeline, TreeFile* treeFile) {
  ViewState view;
  view.treeFile = treeFile;
  if (treeFile) view.treeStatus = treeFile->Status();
  view.selected = options.selected;
  view.wholeTree = options.wholeTree;
  view.delayMs = options.delayMs;
  view.heatMap = HeatMap(sandbox.world.width / kHeatCell.x, sandbox.world.height / kHeatCell.y);
  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  StartColors();
  const int creatureCount = static_cast<int>(sandbox.world.creatures.size());
  Step(sandbox, view, timeline);  // the first tick, so the overlay has a mind to show
  for (bool running = true; running;) {
    Draw(sandbox, view, options.world.seed);
    // Paused with a tree file: wake now and then to see whether it was saved.
    timeout(view.paused ? (treeFile ? 250 : -1) : view.delayMs);
    switch (getch()) {
      case ERR:  // the delay passed without a key
        if (view.paused) PollTree(sandbox, view);
        else
          Step(sandbox, view, timeline);
        break;
      case 'q':
      case 'Q':
        running = false;
        break;
      case ' ':
        view.paused = !view.paused;
        break;
      case 's':
      case '.':
        view.paused = true;
        Step(sandbox, view, timeline);
        break;
      case '\t':
      case 'n':
      case KEY_RIGHT:
      case KEY_DOWN:
        view.selected = (view.selected + 1) % creatureCount;
        break;
      case KEY_BTAB:
      case 'p':
      case KEY_LEFT:
      case KEY_UP:
        view.selected = (view.selected + creatureCount - 1) % creatureCount;
        break;
      case 'w':
        view.wholeTree = !view.wholeTree;
        break;
      case 'y':
        view.why = !view.why;
        break;
      case 'h':
        view.heat = !view.heat;
        break;
      case '+':
      case '=':
        view.delayMs = std::max(10, view.delayMs / 2);
        break;
      case '-':
        view.delayMs = std::min(2000, view.delayMs * 2);
        break;
      default:
        break;
    }
  }
  endwin();
  return 0;
}

}  // namespace creatures
