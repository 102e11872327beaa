// bt/engine/detail/line_writer.h — text into a caller's buffer, cut at whole lines
// (DebugPrintState, FormatWhy).
#pragma once

#include <cstddef>
#include <cstring>
#include <span>

namespace bt::detail {

// The longest that fits the buffer ends a cut text (bt/debug/print.h).
inline constexpr char kTruncated[] = "[... truncated]\n";
inline constexpr char kTruncatedShort[] = "[...]\n";

// Appends whole lines; when one does not fit, drops whole lines from the end
// until the marker fits and ends with it, so a reader never sees half a line
// (nor half a marker).
struct LineWriter {
  std::span<char> buffer;
  std::size_t used = 0;
  bool truncated = false;

  void Append(const char* line, std::size_t length) {
    if (truncated || buffer.empty()) return;
    const std::size_t capacity = buffer.size() - 1;  // the NUL always fits
    if (used + length <= capacity) {
      std::memcpy(buffer.data() + used, line, length);
      used += length;
      return;
    }
    truncated = true;
    const char* marker = capacity >= sizeof kTruncated - 1        ? kTruncated
                         : capacity >= sizeof kTruncatedShort - 1 ? kTruncatedShort
                                                                  : "";
    const std::size_t markerLength = std::strlen(marker);
    while (used > 0 && used + markerLength > capacity) {
      --used;  // back to the start of the previous line
      while (used > 0 && buffer[used - 1] != '\n') --used;
    }
    std::memcpy(buffer.data() + used, marker, markerLength);
    used += markerLength;
  }

  std::size_t Finish() {
    if (!buffer.empty()) buffer[used] = '\0';
    return used;
  }
};

}  // namespace bt::detail
