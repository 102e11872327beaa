// bt/loaders/source_files.cpp — finding and reading the files of one load (see the header).
#include "bt/loaders/source_files.h"

#include <fstream>
#include <sstream>

namespace bt::loaders {

namespace {

std::optional<std::string> ReadDisk(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  // A folder opens on some systems but reads nothing and fails.
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

}  // namespace

std::string FolderOf(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash));
}

std::string JoinPath(std::string_view folder, std::string_view name) {
  if (folder.empty()) return std::string(name);
  std::string joined(folder);
  if (joined.back() != '/') joined += '/';
  joined += name;
  return joined;
}

const SourceFile* SourceFiles::Read(const std::string& path) {
  for (const SourceFile& file : files_)
    if (file.path == path) return &file;
  std::optional<std::string> text = options_.read ? options_.read(path) : ReadDisk(path);
  if (!text) return nullptr;
  return &files_.emplace_back(SourceFile{path, std::move(*text)});
}

const SourceFile* SourceFiles::Open(std::string_view name, std::string_view namingFile) {
  if (name.empty()) return nullptr;
  if (namingFile.empty() || name.front() == '/') return Read(std::string(name));
  if (const SourceFile* beside = Read(JoinPath(FolderOf(namingFile), name))) return beside;
  for (const std::string& folder : options_.searchPath)
    if (const SourceFile* found = Read(JoinPath(folder, name))) return found;
  return nullptr;
}

}  // namespace bt::loaders
