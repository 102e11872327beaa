// bt/loaders/unique_names.h — the node names a loader gives, each once:
// "sequence@3:5", then "sequence@3:5#2", "#3"... for further nodes written at
// one place (a macro's expansion, a gate per condition).
#pragma once

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace bt::loaders {

class UniqueNames {
 public:
  // `wanted` if no node has it yet, else `wanted#N` for the first N from 2 that is
  // free; numbered on from the last number `wanted` got, so n nodes wanting one
  // name are named in n steps, not n^2.
  std::string Take(const std::string& wanted) {
    if (taken_.insert(wanted).second) return wanted;
    int& next = next_[wanted];
    for (int n = std::max(next, 2);; ++n) {
      std::string numbered = wanted + "#" + std::to_string(n);
      if (taken_.insert(numbered).second) {
        next = n + 1;
        return numbered;
      }
    }
  }

 private:
  std::set<std::string> taken_;
  std::map<std::string, int> next_;  // the number to try first for a wanted name
};

}  // namespace bt::loaders
