// bt/loaders/unvanquished/preprocessor.h — the part of Quake 3's botlib
// precompiler that Unvanquished bot trees use, run on a .bt file before its
// nodes are read.
//
// Directives start a line: `#define NAME body`, `#define NAME(a, b) body` (the
// '(' right after the name), a backslash at the end of a line continuing it,
// `#undef NAME`, `#include "file"` (or <file>; found as SourceFiles finds files),
// `#ifdef NAME`, `#ifndef NAME`, `#else`, `#endif` (they see #defines and the
// three STATUS_ symbols, not the game's other symbols). Outside comments and
// strings, a defined name is replaced by its body, a function-like one's
// parameters by its arguments (themselves expanded first), and the result is
// scanned again with that macro off, as in C.
// Not read: `#if` expressions, `#` and `##` in bodies.
//
// The game's own symbols (E_GOAL, PCL_ALIEN_LEVEL0...) are not macros here: they
// stay names, and the builder finds them among the registry's constants. Only
// STATUS_FAILURE, STATUS_SUCCESS and STATUS_RUNNING (0, 1, 2), which every bot
// file may use, are predefined, as the game predefines them for botlib: in
// expressions and #ifdef too. A file may #define them again.
//
// Every byte of the result remembers where it came from: its byte in a file, or,
// for a macro's expansion, the place of the macro's use; so every later error is
// placed in the file the user wrote.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "bt/loaders/source_files.h"

namespace bt::loaders {

// Deepest nesting of #include files and of macros expanding macros.
inline constexpr int kMaxUnvanquishedIncludeDepth = 32;
inline constexpr int kMaxUnvanquishedMacroDepth = 64;
// Most bytes one file may expand to, intermediate expansions counted (macros
// that double at each level would otherwise grow without end).
inline constexpr std::size_t kMaxUnvanquishedExpandedBytes = std::size_t{1} << 20;
// Most bytes of files one file may read, each #include of a file counted again
// (files that include one another twice at each level would otherwise be read
// an exponential number of times, most of their text directives or skipped).
inline constexpr std::size_t kMaxUnvanquishedReadBytes = std::size_t{16} << 20;

// A byte of a file.
struct SourcePlace {
  const SourceFile* file = nullptr;
  std::size_t offset = 0;
};

struct PreprocessedText {
  std::string text;
  std::vector<SourcePlace> places;  // one per byte of `text`, then one for its end
};

struct PreprocessError {
  SourcePlace at;
  std::string message;
};

// `file` preprocessed into `out`; false with `error` set when it is malformed.
// Files it #includes are opened through `files`.
bool PreprocessUnvanquished(const SourceFile& file, SourceFiles& files, PreprocessedText& out, PreprocessError& error);

}  // namespace bt::loaders
