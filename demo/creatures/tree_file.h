// demo/creatures/tree_file.h — the creatures' tree loaded from an Unvanquished
// .bt file (--tree), and loaded again whenever the file changes (hot reload).
//
// Poll, once a tick, compares the file's modification time and size with
// those of the last load; on a change it loads the file again and hands the new
// tree to the ReloadableTree (bt/data/reloadable_tree.h): at their next tick
// the creatures whose block still fits (the same tree stamp: the same nodes at
// the same places; a changed number in a condition keeps it) go on where they
// were, the others are stopped by the old tree and start afresh. A file that
// fails to load (or needs more than the blocks hold) changes nothing: the old
// tree runs on, and Status() says why, "file:line:column: message".
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bt/data/registry.h"
#include "bt/data/reloadable_tree.h"

namespace creatures {

// [bytes] of each creature's block for a tree from a file: later versions of the file may grow up to it.
inline constexpr std::size_t kTreeBlockBytes = 1024;

class TreeFile {
 public:
  // Loads `name`: as given, else under demo/creatures/ (so `--tree bots/defend.bt`
  // works from the repository). Ok() says whether it loaded; if not, Status() says why.
  explicit TreeFile(const std::string& name);

  bool Ok() const { return tree_ != nullptr; }
  bt::data::ReloadableTree& Tree() { return *tree_; }
  const std::string& Path() const { return path_; }
  // What the last load or reload did (the view's status line), without a tick number.
  const std::string& Status() const { return status_; }

  // At tick `tick`: loads the file again if it changed. True when it did
  // something worth a line (Status() then tells it, preceded by the tick).
  bool Poll(int tick);

  // For tests: replaces the file's text with `from`'s as an editor saving it
  // would, its modification time a second later than the last load's (a save
  // within the file system's clock granularity could otherwise go unseen).
  bool Rewrite(const std::string& from, std::string& error);

 private:
  struct Version {
    std::filesystem::file_time_type time{};
    std::uintmax_t size = 0;
    bool operator==(const Version&) const = default;
  };
  std::optional<Version> Stat() const;
  // Builds the file; null and the status set on failure.
  std::shared_ptr<const bt::data::BuiltTree> Load();

  bt::data::Registry registry_;
  std::string path_;
  std::optional<Version> loaded_;  // of the file as last read (loaded or not)
  int treeTick_ = 0;               // when the running tree was loaded
  std::unique_ptr<bt::data::ReloadableTree> tree_;
  // Every tree loaded in the run: the sandbox's transitions and why-records name
  // deciders of earlier trees after the creatures have moved on.
  std::vector<std::shared_ptr<const bt::data::BuiltTree>> kept_;
  std::string status_;
};

}  // namespace creatures
