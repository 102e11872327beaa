// bt/core/debug_output.cpp — formatting debug lines and publishing the settings. The default
// hook is not here: a library of its own defines it (bt/log/), so the core links no logger.
#include "bt/core/debug_output.h"
#include "bt/core/default_debug_output.h"

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cwchar>
#include <mutex>
#include <thread>

namespace bt {
namespace detail {

std::atomic<int> gDebugOutputLevel{0};
std::atomic<const void*> gDebugOutputAgent{nullptr};

namespace {

// The settings as one seqlock: SetDebugOutput makes the sequence odd, stores
// the fields, and makes it even again; a reader retries until it saw the same
// even sequence before and after reading them. Every access is a seq_cst
// atomic, so the fields need no fences (which TSan does not model): on x86 the
// readers' loads stay plain moves, only the rare writer pays for its stores.
std::atomic<unsigned> gSequence{0};
std::atomic<DebugOutputFn> gOutput{nullptr};
std::atomic<void*> gOutputUser{nullptr};
std::mutex gWriting;  // one SetDebugOutput at a time

DebugOutputSettings Fields() {
  return {gDebugOutputLevel.load(), gDebugOutputAgent.load(), gOutput.load(), gOutputUser.load()};
}

DebugOutputSettings Snapshot() {
  for (int attempt = 0; attempt < 16; ++attempt) {
    const unsigned before = gSequence.load();
    if (before & 1u) {  // a SetDebugOutput is storing the fields
      std::this_thread::yield();
      continue;
    }
    const DebugOutputSettings settings = Fields();
    if (gSequence.load() == before) return settings;
  }
  // Settings changing without pause: wait for the writers' turn instead of starving.
  const std::lock_guard<std::mutex> lock(gWriting);
  return Fields();
}

// A string for %s, never null.
const char* Named(const char* name) { return name != nullptr ? name : "(unnamed)"; }

// vsnprintf, except that a null %s argument prints "(unnamed)": the names in the
// lines come from definitions a loader may leave without. Each conversion is
// handed to snprintf alone, with its argument read at the type its length
// modifier and conversion say (the format attribute checked them at the call).
void FormatLine(char* out, std::size_t size, const char* format, va_list args) {
  std::size_t used = 0;
  auto room = [&] { return used < size ? size - used : 0; };
  auto advance = [&](int n) {
    if (n > 0) used += static_cast<std::size_t>(n);
    if (used >= size) used = size - 1;  // cut: the rest is dropped, the NUL kept
  };
  for (const char* f = format; *f != '\0' && used + 1 < size;) {
    if (*f != '%' || f[1] == '%') {  // literal text, or "%%"
      out[used++] = *f;
      f += *f == '%' ? 2 : 1;
      continue;
    }
    // One conversion: % flags width .precision length conversion, copied without the '*'s.
    char spec[32];
    std::size_t n = 0;
    spec[n++] = *f++;
    int stars[2];
    int starCount = 0;
    while (*f != '\0' && std::strchr("-+ #0", *f) != nullptr && n < 16) spec[n++] = *f++;
    if (*f == '*') {
      stars[starCount++] = va_arg(args, int);
      spec[n++] = *f++;
    }
    while (*f >= '0' && *f <= '9' && n < 20) spec[n++] = *f++;
    if (*f == '.') {
      spec[n++] = *f++;
      if (*f == '*') {
        stars[starCount++] = va_arg(args, int);
        spec[n++] = *f++;
      }
      while (*f >= '0' && *f <= '9' && n < 24) spec[n++] = *f++;
    }
    char length[3] = {};
    for (int l = 0; l < 2 && *f != '\0' && std::strchr("hlLjzt", *f) != nullptr; ++l) length[l] = spec[n++] = *f++;
    const char conversion = *f;
    if (conversion == '\0') break;
    spec[n++] = *f++;
    spec[n] = '\0';
    auto put = [&](auto value) {
      if (starCount == 2)
        advance(std::snprintf(out + used, room(), spec, stars[0], stars[1], value));
      else if (starCount == 1)
        advance(std::snprintf(out + used, room(), spec, stars[0], value));
      else
        advance(std::snprintf(out + used, room(), spec, value));
    };
    const bool l = length[0] == 'l' && length[1] == '\0', ll = length[0] == 'l' && length[1] == 'l';
    const bool z = length[0] == 'z', j = length[0] == 'j', t = length[0] == 't';
    switch (conversion) {
      case 'd':
      case 'i':
        if (ll) put(va_arg(args, long long));
        else if (l) put(va_arg(args, long));
        else if (z || t) put(va_arg(args, std::ptrdiff_t));
        else if (j) put(va_arg(args, std::intmax_t));
        else put(va_arg(args, int));  // also h and hh: promoted to int
        break;
      case 'u':
      case 'x':
      case 'X':
      case 'o':
        if (ll) put(va_arg(args, unsigned long long));
        else if (l) put(va_arg(args, unsigned long));
        else if (z || t) put(va_arg(args, std::size_t));
        else if (j) put(va_arg(args, std::uintmax_t));
        else put(va_arg(args, unsigned));
        break;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A':
        if (length[0] == 'L') put(va_arg(args, long double));
        else put(va_arg(args, double));
        break;
      case 'c':
        if (l) put(va_arg(args, std::wint_t));
        else put(va_arg(args, int));
        break;
      case 's':
        if (l) {
          const wchar_t* wide = va_arg(args, const wchar_t*);
          put(wide != nullptr ? wide : L"(unnamed)");
        } else {
          put(Named(va_arg(args, const char*)));
        }
        break;
      case 'p':
        put(va_arg(args, void*));
        break;
      default:  // %n or an unknown conversion: nothing this facility formats; stop here
        out[used] = '\0';
        return;
    }
  }
  if (size > 0) out[used < size ? used : size - 1] = '\0';
}

}  // namespace

void DebugEmit(int level, const void* agent, const DeciderDef* tree, double time, int depth, const char* format, ...) {
  // The hot check read the filter alone; this snapshot decides, and names the hook.
  const DebugOutputSettings settings = Snapshot();
  if (settings.level < level || (settings.agent != nullptr && settings.agent != agent)) return;
  char message[256];
  va_list args;
  va_start(args, format);
  FormatLine(message, sizeof message, format, args);
  va_end(args);
  char text[384];
  std::snprintf(text, sizeof text, "BTDBO(%d) %p @ %.3f: %*s%s", level, agent, time, depth, "", message);
  const DebugLine line{level, agent, time, depth, message, text, tree};
  if (settings.output)
    settings.output(line, settings.user);
  else
    DefaultDebugOutput(line);
}

}  // namespace detail

void SetDebugOutput(const DebugOutputSettings& settings) {
  using namespace detail;
  const std::lock_guard<std::mutex> lock(gWriting);
  gSequence.fetch_add(1);  // odd: readers wait
  gDebugOutputLevel.store(settings.level);
  gDebugOutputAgent.store(settings.agent);
  gOutput.store(settings.output);
  gOutputUser.store(settings.user);
  gSequence.fetch_add(1);  // even: the new snapshot is complete
}

DebugOutputSettings GetDebugOutput() { return detail::Snapshot(); }

}  // namespace bt
