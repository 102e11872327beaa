// demo/creatures/tree_file.cpp — loading and reloading the tree file (see the header).
#include "tree_file.h"

#include <fstream>
#include <sstream>
#include <system_error>

#include "bt/loaders/load_tree_file.h"
#include "registry.h"

namespace creatures {
namespace {

// The file as named, else under the demo's folder, where its tree files live.
std::string Find(const std::string& name) {
  std::error_code error;
  if (std::filesystem::exists(name, error)) return name;
  const std::string inDemo = "demo/creatures/" + name;
  return std::filesystem::exists(inDemo, error) ? inDemo : name;
}

}  // namespace

TreeFile::TreeFile(const std::string& name) : path_(Find(name)) {
  RegisterCreatureFunctions(registry_);
  loaded_ = Stat();
  std::shared_ptr<const bt::data::BuiltTree> tree = Load();
  if (!tree) return;
  status_ = path_ + ": loaded, " + std::to_string(tree->Deciders().size()) + " nodes, " +
            std::to_string(bt::MemoryBytesFor(tree->Root())) + " of " + std::to_string(kTreeBlockBytes) +
            " bytes per creature";
  tree_ = std::make_unique<bt::data::ReloadableTree>(tree, kTreeBlockBytes);
}

std::optional<TreeFile::Version> TreeFile::Stat() const {
  std::error_code error;
  Version version;
  version.time = std::filesystem::last_write_time(path_, error);
  if (error) return std::nullopt;
  version.size = std::filesystem::file_size(path_, error);
  if (error) return std::nullopt;
  return version;
}

std::shared_ptr<const bt::data::BuiltTree> TreeFile::Load() {
  const bt::loaders::LoadedTree loaded = bt::loaders::LoadTreeFile(path_, registry_);
  if (!loaded.build.Ok()) {
    status_ = loaded.build.errors.empty() ? path_ + ": no tree" : loaded.build.errors.front().message;
    if (loaded.build.errors.size() > 1) status_ += " (and " + std::to_string(loaded.build.errors.size() - 1) + " more)";
    return nullptr;
  }
  kept_.push_back(loaded.build.tree);
  return loaded.build.tree;
}

bool TreeFile::Poll(int tick) {
  if (!tree_) return false;
  const std::optional<Version> now = Stat();
  if (!now || now == loaded_) return false;  // unchanged, or gone for a moment (an editor saving by rename)
  loaded_ = now;
  // The error first: on a narrow status line it is what must show.
  const std::string keeping = "; not reloaded, the tree loaded at tick " + std::to_string(treeTick_) + " runs on";
  const std::shared_ptr<const bt::data::BuiltTree> old = tree_->Current();
  const std::shared_ptr<const bt::data::BuiltTree> next = Load();
  if (!next) {
    status_ += keeping;
    return true;
  }
  std::string why;
  if (!tree_->Replace(next, &why)) {
    status_ = path_ + ": " + why + keeping;
    return true;
  }
  treeTick_ = tick;
  // The rule ReloadableTree applies to every block the old tree started.
  status_ = path_ + (next->Stamp() == old->Stamp()
                         ? " reloaded: the same nodes in the same places, the creatures go on where they were"
                         : " reloaded: the nodes changed, the creatures stop and start the new tree afresh");
  return true;
}

bool TreeFile::Rewrite(const std::string& from, std::string& error) {
  std::ifstream in(from, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::ofstream out(path_, std::ios::binary | std::ios::trunc);
  out << text.str();
  out.close();
  if (!in || !out) {
    error = "cannot copy " + from + " over " + path_;
    return false;
  }
  std::error_code failed;
  if (loaded_) std::filesystem::last_write_time(path_, loaded_->time + std::chrono::seconds(1), failed);
  if (failed) error = path_ + ": " + failed.message();
  return !failed;
}

}  // namespace creatures
