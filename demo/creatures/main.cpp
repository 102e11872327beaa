// demo/creatures/main.cpp — the creatures sandbox that `make demo` runs.
//
// Creatures with the tree of Figure 1 of the Spore document (or, with --tree,
// the tree of an Unvanquished .bt file, reloaded as it is edited) live in a
// small world with food, a nest and threats. On a terminal it runs live with the
// selected creature's mind shown over the world; piped, or with --ticks, it
// prints the behavior transitions and overlays as plain text and exits, so it
// serves CI and scripts. Run with --help for the options.
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string_view>

#include "bt/debug/dot.h"
#include "crowd_run.h"
#include "options.h"
#include "sandbox.h"
#include "text_run.h"
#include "timeline.h"
#include "tree.h"
#include "tree_file.h"
#include "view.h"

namespace {

// The tree as it stands at the end of the run, the selected creature's active
// path in bold: DOT text, or SVG through graphviz when the name ends in .svg.
bool WriteTreePicture(const creatures::Sandbox& sandbox, const creatures::Options& options) {
  const bt::DeciderDef& root = creatures::MindRoot(sandbox, options.selected);
  const auto mind = creatures::MindBytes(sandbox, options.selected);
  const std::string_view path = options.dotPath;
  bool written = false;
  if (path.ends_with(".svg")) {
    written = bt::WriteTreeSvg(root, mind, options.dotPath);
  } else if (std::FILE* file = std::fopen(options.dotPath, "w")) {
    written = bt::WriteTreeDot(root, mind, file);
    written = std::fclose(file) == 0 && written;
  }
  if (!written) std::fprintf(stderr, "creatures: could not write %s\n", options.dotPath);
  return written;
}

}  // namespace

int main(int argc, char** argv) {
  creatures::Options options;
  int exitCode = 0;
  if (!creatures::ParseOptions(argc, argv, options, &exitCode)) return exitCode;

  if (!creatures::CheckTree(stderr)) return 1;
  if (options.crowd > 0) return creatures::RunCrowd(options);
  // --tree: the file's tree instead of the built-in one, loaded again when the file changes.
  std::unique_ptr<creatures::TreeFile> treeFile;
  if (options.treePath) {
    treeFile = std::make_unique<creatures::TreeFile>(options.treePath);
    if (!treeFile->Ok()) {
      std::fprintf(stderr, "creatures: %s\n", treeFile->Status().c_str());
      return 1;
    }
  }
  creatures::Sandbox sandbox;
  creatures::ResetSandbox(sandbox, options.world, treeFile ? &treeFile->Tree() : nullptr);

  std::unique_ptr<creatures::TimelineWriter> timeline;
  if (options.timelinePath) {
    timeline = std::make_unique<creatures::TimelineWriter>(options.timelinePath);
    if (!timeline->Ok()) {
      std::perror(options.timelinePath);
      return 1;
    }
  }

  // Interaction needs a terminal on both ends; anything else gets the bounded plain-text run.
  const bool interactive =
      !options.ticksGiven && !options.timelineToStdout && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);
  const int result = interactive ? creatures::RunInteractive(sandbox, options, timeline.get(), treeFile.get())
                                 : creatures::RunPlainText(sandbox, options, timeline.get(), treeFile.get());
  if (result == 0 && options.dotPath && !WriteTreePicture(sandbox, options)) return 1;
  return result;
}
