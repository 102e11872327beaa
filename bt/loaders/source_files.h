// bt/loaders/source_files.h — the files one load reads, kept alive together.
//
// A loader opens its first file and every file that one names through one
// SourceFiles: each is read once (a file named twice is the same File), found
// beside the file naming it and then along LoadOptions::searchPath, and its text
// outlives the build, as SourceLocation::file (bt/data/tree_spec.h) requires.
#pragma once

#include <deque>
#include <string>
#include <string_view>

#include "bt/loaders/load_options.h"

namespace bt::loaders {

struct SourceFile {
  std::string path;  // as found: the naming file's folder or a search folder, joined with the name
  std::string text;
};

class SourceFiles {
 public:
  explicit SourceFiles(const LoadOptions& options) : options_(options) {}

  // The file `name` as written in `namingFile` (empty: `name` is the path itself):
  // an absolute name as it is, else beside namingFile, then in each search folder.
  // Null when none of them exists.
  const SourceFile* Open(std::string_view name, std::string_view namingFile = {});

  // Every file opened so far, in opening order.
  const std::deque<SourceFile>& Files() const { return files_; }

 private:
  const SourceFile* Read(const std::string& path);

  const LoadOptions& options_;
  std::deque<SourceFile> files_;  // a deque: a File's address stays put as others are added
};

// `path` without its last component ("bots/defend.bt" -> "bots"; "defend.bt" -> "").
std::string FolderOf(std::string_view path);
// `name` in `folder` ("bots" + "x.bt" -> "bots/x.bt"; "" + "x.bt" -> "x.bt").
std::string JoinPath(std::string_view folder, std::string_view name);

}  // namespace bt::loaders
