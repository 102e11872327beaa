// demo/creatures/timeline.h — the run's behavior timeline as CSV, one row per
// creature per tick: `tick,agent,behavior` (empty when nothing runs).
// tools/bt_timeline draws it as SVG.
#pragma once

#include <cstdio>

#include "sandbox.h"

namespace creatures {

class TimelineWriter {
 public:
  // Opens `path` for writing ("-" or /dev/stdout: standard output); Ok() says whether that worked.
  explicit TimelineWriter(const char* path);
  ~TimelineWriter();
  TimelineWriter(const TimelineWriter&) = delete;
  TimelineWriter& operator=(const TimelineWriter&) = delete;

  bool Ok() const { return file_ != nullptr; }
  // Rows for the tick the sandbox just ran.
  void Record(const Sandbox& sandbox);

 private:
  std::FILE* file_ = nullptr;
  bool owned_ = false;  // opened here, so closed here
};

}  // namespace creatures
