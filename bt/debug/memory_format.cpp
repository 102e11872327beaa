// bt/debug/memory_format.cpp — the table of memory and DBlock formatters.
#include "bt/debug/memory_format.h"

#include <atomic>
#include <mutex>

namespace bt {
namespace {

// A slot is claimed once for a type, for good: its invoker is written before its
// type is published (release), so a reader that finds the type (acquire) finds
// the invoker; the formatter itself is replaced or cleared atomically.
struct Entry {
  std::atomic<const TypeInfo*> type{nullptr};
  std::atomic<detail::ErasedFormatter> format{nullptr};
  detail::FormatInvoker invoke = nullptr;
};

Entry gEntries[kMaxMemoryFormatters];
std::mutex gSetting;  // one setter at a time: two must not claim one slot

}  // namespace

bool detail::SetMemoryFormatter(TypeTag type, ErasedFormatter format, FormatInvoker invoke) {
  const std::lock_guard<std::mutex> lock(gSetting);
  for (Entry& entry : gEntries) {
    const TypeInfo* claimed = entry.type.load(std::memory_order_relaxed);
    if (claimed == type.info) {
      entry.format.store(format, std::memory_order_release);
      return true;
    }
    if (claimed == nullptr) {
      if (format == nullptr) return true;  // nothing to remove
      entry.invoke = invoke;
      entry.format.store(format, std::memory_order_relaxed);
      entry.type.store(type.info, std::memory_order_release);
      return true;
    }
  }
  return format == nullptr;
}

bool FormatMemory(TypeTag type, const void* value, char* out, std::size_t size) {
  if (type.info == nullptr || size == 0) return false;
  for (const Entry& entry : gEntries) {
    const TypeInfo* claimed = entry.type.load(std::memory_order_acquire);
    if (claimed == nullptr) return false;  // slots are claimed in order: the rest are free
    if (claimed != type.info) continue;
    const detail::ErasedFormatter format = entry.format.load(std::memory_order_acquire);
    if (format == nullptr) return false;
    out[0] = '\0';
    if (entry.invoke(format, value, out, size) < 0) out[0] = '\0';
    out[size - 1] = '\0';
    return true;
  }
  return false;
}

}  // namespace bt
