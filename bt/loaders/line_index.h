// bt/loaders/line_index.h — the line and column of a byte of a file, for every
// loader's error places.
//
// A line ends at "\n", "\r\n" or a lone "\r": XML reads them so (XML 1.0, 2.11),
// and an editor shows a file with CR-only line ends so, .bt files too. Columns
// count bytes from 1. Built once per file: each look-up is a binary search, so
// placing every node of a large file stays linear in its size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace bt::loaders {

struct LineColumn {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  // The place of text[offset]; an offset past the end is the end.
  LineColumn At(std::size_t offset) const;

 private:
  std::vector<std::size_t> starts_;  // the offset of each line's first byte
  std::size_t size_ = 0;
};

}  // namespace bt::loaders
