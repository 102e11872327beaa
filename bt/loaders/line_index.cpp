// bt/loaders/line_index.cpp — LineIndex (see the header).
#include "bt/loaders/line_index.h"

#include <algorithm>

namespace bt::loaders {

LineIndex::LineIndex(std::string_view text) : size_(text.size()) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    if (text[i] == '\n' || text[i] == '\r') starts_.push_back(i + 1);
  }
}

LineColumn LineIndex::At(std::size_t offset) const {
  offset = std::min(offset, size_);
  const auto line = std::upper_bound(starts_.begin(), starts_.end(), offset) - 1;
  return {static_cast<std::uint32_t>(line - starts_.begin() + 1), static_cast<std::uint32_t>(offset - *line + 1)};
}

}  // namespace bt::loaders
