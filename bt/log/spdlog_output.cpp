// bt/log/spdlog_output.cpp — the default debug-output hook of libbt_spdlog.a: each
// line to the spdlog logger "bt" (what it promises: bt/core/debug_output.h).
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <memory>
#include <mutex>

#include "bt/core/default_debug_output.h"

namespace bt::detail {
namespace {

// Without a logger of its own, the line still reaches a person.
void ToStderr(const DebugLine& line) noexcept { std::fprintf(stderr, "%s\n", line.text); }

// The logger "bt", created and registered when missing (see the header). The
// mutex keeps our own threads from racing each other to register it; a program
// registering "bt" on another thread meanwhile makes register_logger throw,
// and then its logger is the one to use.
std::shared_ptr<spdlog::logger> CreateBtLogger() {
  static std::mutex creating;
  const std::lock_guard<std::mutex> lock(creating);
  if (std::shared_ptr<spdlog::logger> registered = spdlog::get("bt")) return registered;
  // After drop_all or shutdown there is no default logger to clone.
  std::shared_ptr<spdlog::logger> fallback = spdlog::default_logger();
  std::shared_ptr<spdlog::logger> logger =
      fallback ? fallback->clone("bt")
               : std::make_shared<spdlog::logger>("bt", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  try {
    spdlog::register_logger(logger);
  } catch (const spdlog::spdlog_ex&) {
    if (std::shared_ptr<spdlog::logger> registered = spdlog::get("bt")) return registered;
    // Registered and dropped again meanwhile: ours still takes this line.
  }
  return logger;
}

}  // namespace

// Looked up per line, so a logger "bt" registered (or replaced) at any time gets the lines.
// noexcept and catching everything: the tick promises never to throw.
void DefaultDebugOutput(const DebugLine& line) noexcept {
  try {
    std::shared_ptr<spdlog::logger> logger = spdlog::get("bt");
    if (!logger) logger = CreateBtLogger();
    logger->info("{}", line.text);
    return;
  } catch (...) {
  }
  ToStderr(line);
}

}  // namespace bt::detail
