// bt/engine/refusal.cpp — the message of each refusal, to the debug output and the hook.
#include "bt/core/refusal.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "bt/core/debug_output.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/core/tree.h"

namespace bt {
namespace {

std::atomic<RefusalHookFn> gRefusalHook{nullptr};
std::atomic<void*> gRefusalUser{nullptr};

std::uint32_t StampOf(const std::byte* block, std::size_t bytes) {
  MemoryHeader header;
  if (block == nullptr || bytes < sizeof header) return 0;
  std::memcpy(&header, block, sizeof header);  // a save need not be aligned
  return header.treeStamp;
}

// "<Status>: what is wrong (what to do)".
void Describe(char* out, std::size_t size, const detail::RefusalFacts& f) {
  const char* name = StatusName(f.status);
  const TreeData* tree = f.root != nullptr && f.root->data != nullptr ? &f.root->data->tree : nullptr;
  const unsigned need = tree != nullptr ? tree->memoryBytes : 0;
  switch (f.status) {
    case Status::InvalidTree: {
      TreeError error;
      (void)InitializeTreeData(*f.root, &error);  // rejected before: fills the same error again
      std::snprintf(out, size, "%s: %s", name, error.message);
      return;
    }
    case Status::NullAgent:
      std::snprintf(out, size, "%s: the agent is null, and the tree's functions take an agent (pass the agent)", name);
      return;
    case Status::AgentTypeMismatch:
      std::snprintf(out, size,
                    "%s: the agent is not of the type the tree's functions take (pass that type; for a derived "
                    "class declare BT_AGENT_BASE(Derived, Base))",
                    name);
      return;
    case Status::MemoryTooSmall:
      if (f.block == nullptr && f.other != nullptr)
        std::snprintf(out, size, "%s: the buffer has %zu bytes, the save needs %u (use bt::MemoryBytesFor)", name,
                      f.otherBytes, need);
      else
        std::snprintf(out, size,
                      "%s: the block has %zu bytes, the tree needs %u (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)",
                      name, f.blockBytes, need);
      return;
    case Status::MemoryMisaligned:
      std::snprintf(out, size,
                    "%s: the block at %p is not aligned to %zu bytes (align it to bt::kMaxAlignment: use "
                    "bt::Memory<N> / bt::MemoryFor<ROOT>)",
                    name, static_cast<const void*>(f.block), kMaxAlignment);
      return;
    case Status::MemoryFromOtherTree: {
      const bool restoring = f.other != nullptr && f.block == nullptr;
      const std::uint32_t stamp = restoring ? StampOf(f.other, f.otherBytes) : StampOf(f.block, f.blockBytes);
      std::snprintf(out, size,
                    "%s: the %s has tree stamp 0x%08x, this tree's is 0x%08x: it was started with a different tree "
                    "(or another version of this one), or was never zeroed: value-initialize it "
                    "(bt::MemoryFor<ROOT> memory{})",
                    name, restoring ? "save" : "block", stamp, tree != nullptr ? tree->stamp : 0u);
      return;
    }
    case Status::BadTime:
      if (!detail::TimesAcceptable(f.time, f.dt)) {
        std::snprintf(out, size,
                      "%s: time %g or dt %g is not acceptable (time finite and within +-1e15 s, dt finite and >= 0)",
                      name, f.time, static_cast<double>(f.dt));
      } else {
        MemoryHeader header;
        std::memcpy(&header, f.block, sizeof header);
        std::snprintf(out, size,
                      "%s: time %.3f is before the block's last tick at %.3f: time went backwards (a level's clock "
                      "restarted? call bt::ResetMemory)",
                      name, f.time, header.epoch + static_cast<double>(header.lastTime));
      }
      return;
    case Status::Reentered:
      std::snprintf(out, size,
                    "%s: the block is already being ticked or stopped on this thread (a callback ticked or saved "
                    "its own agent), or calls are nested deeper than bt::kMaxNestedTicks",
                    name);
      return;
    case Status::NotSaveable:
      std::snprintf(out, size,
                    "%s: decider %s has a behavior memory struct that is not trivially copyable (keep plain data "
                    "in it to save blocks as bytes)",
                    name, f.decider != nullptr && f.decider->name != nullptr ? f.decider->name : "(unnamed)");
      return;
    case Status::BadMigrant:
      std::snprintf(out, size, "%s: %s", name, f.detail != nullptr ? f.detail : StatusDescription(f.status));
      return;
    case Status::BadSave:
      std::snprintf(out, size, "%s: the save has %zu bytes, a block of this tree has %u (pass the whole save)", name,
                    f.otherBytes, need);
      return;
    default:
      std::snprintf(out, size, "%s: %s", name, StatusDescription(f.status));
      return;
  }
}

}  // namespace

void SetRefusalHook(RefusalHookFn fn, void* user) {
  gRefusalUser.store(user, std::memory_order_relaxed);
  gRefusalHook.store(fn, std::memory_order_release);
}

namespace detail {

void ReportRefusal(const RefusalFacts& facts) noexcept {
  const RefusalHookFn hook = gRefusalHook.load(std::memory_order_acquire);
#if BT_DEBUG_OUTPUT
  const bool debug = DebugWanted(1, facts.agent);
#else
  const bool debug = false;
#endif
  if (hook == nullptr && !debug) return;
  char message[384];
  Describe(message, sizeof message, facts);
#if BT_DEBUG_OUTPUT
  // A tick's refusal reads "refused: ...", the others name their call.
  const bool tick = std::strcmp(facts.operation, "tick") == 0;
  if (debug)
    DebugEmit(1, facts.agent, facts.root, facts.time, 0, "%s%srefused: %s", tick ? "" : facts.operation, tick ? "" : " ", message);
#endif
  if (hook != nullptr)
    hook(Refusal{facts.status, facts.operation, facts.root, facts.decider, facts.agent, facts.time, message},
         gRefusalUser.load(std::memory_order_relaxed));
}

}  // namespace detail
}  // namespace bt
