// demo/creatures/timeline.cpp — writing the timeline CSV as the run goes, so
// an interactive session quit at any point still leaves a whole file.
#include "timeline.h"

#include <cstring>

namespace creatures {

TimelineWriter::TimelineWriter(const char* path) {
  // Through the same FILE as the rest of stdout, so nothing interleaves out of order.
  if (!std::strcmp(path, "-") || !std::strcmp(path, "/dev/stdout")) {
    file_ = stdout;
  } else {
    file_ = std::fopen(path, "w");
    owned_ = true;
  }
  if (file_) std::fputs("tick,agent,behavior\n", file_);
}

TimelineWriter::~TimelineWriter() {
  if (file_ && owned_) std::fclose(file_);
}

void TimelineWriter::Record(const Sandbox& sandbox) {
  if (!file_) return;
  // An empty behavior: nothing was running after that tick.
  for (std::size_t i = 0; i < sandbox.world.creatures.size(); ++i)
    std::fprintf(file_, "%d,%c,%s\n", sandbox.tick - 1, sandbox.world.creatures[i].name,
                 sandbox.running[i] ? sandbox.running[i]->name : "");
}

}  // namespace creatures
