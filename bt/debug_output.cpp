// bt/debug_output.cpp — formatting debug lines and the default spdlog hook.
#include "bt/debug_output.h"

#include <spdlog/spdlog.h>

#include <cstdarg>
#include <cstdio>
#include <mutex>

namespace bt {
namespace detail {

int gDebugOutputLevel = 0;
const void* gDebugOutputAgent = nullptr;

namespace {
DebugOutputFn gOutput = nullptr;
void* gOutputUser = nullptr;

// Looked up per line, so a logger "bt" registered (or replaced) at any time gets the lines.
// The mutex keeps two threads from both registering it (spdlog would throw).
void SpdlogOutput(const DebugLine& line, void*) {
  static std::mutex creating;
  std::shared_ptr<spdlog::logger> logger = spdlog::get("bt");
  if (!logger) {
    const std::lock_guard<std::mutex> lock(creating);
    if ((logger = spdlog::get("bt"))) return logger->info("{}", line.text);
    logger = spdlog::default_logger()->clone("bt");
    spdlog::register_logger(logger);
  }
  logger->info("{}", line.text);
}
}  // namespace

void DebugEmit(int level, const void* agent, double time, int depth, const char* format, ...) {
  char message[256];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof message, format, args);
  va_end(args);
  char text[384];
  std::snprintf(text, sizeof text, "BTDBO(%d) %p @ %.3f: %*s%s", level, agent, time, depth, "", message);
  const DebugLine line{level, agent, time, depth, message, text};
  if (gOutput)
    gOutput(line, gOutputUser);
  else
    SpdlogOutput(line, nullptr);
}

}  // namespace detail

void SetDebugOutput(const DebugOutputSettings& settings) {
  detail::gDebugOutputLevel = settings.level;
  detail::gDebugOutputAgent = settings.agent;
  detail::gOutput = settings.output;
  detail::gOutputUser = settings.user;
}

DebugOutputSettings GetDebugOutput() {
  return {detail::gDebugOutputLevel, detail::gDebugOutputAgent, detail::gOutput, detail::gOutputUser};
}

}  // namespace bt
