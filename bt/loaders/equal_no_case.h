// bt/loaders/equal_no_case.h — names compared without case, as the engines'
// _stricmp (selection-tree and MBT tags, Unvanquished keywords) compare them.
#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

namespace bt::loaders {

// ASCII letters only, byte by byte: what the engines' comparisons do.
inline bool EqualNoCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace bt::loaders
