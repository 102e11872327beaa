// bt/debug/print.cpp — DebugPrintState: one line per decider, from the memory block.
//
// Line format (after Spore S11; names replace its SYMBOL/id pairs since names are unique):
//
//   *0:ROOT (kGroup, kGroupPrioritizedList 0x0) time: 34.32 [(no group behavior)] idx: 1
//     *1:GUARD (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) time: 34.32 [(no group behavior)] idx: 2
//       *2:PATROL (kBehavior 0x0) time: 4.51 [PATROL_B] (0x00000000)
//
// '*' marks an active decider; the number is its index among its parent's
// children (the root is 0), as the parent's `idx:` names it; indentation is
// depth. Times and `idx:` are shown only for active deciders: an inactive
// decider's slot holds whatever a sibling left there. Classic groups add their
// active children, a Parallel's done ones, and their configuration (bt/debug/print.h).
#include "bt/debug/print.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "bt/debug/classic_format.h"
#include "bt/core/debug_output.h"
#include "bt/engine/detail/line_writer.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/core/memory.h"
#include "bt/debug/memory_format.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/why_record.h"
#include "bt/core/name_id.h"
#include "bt/core/timestamps.h"

namespace bt {
namespace {

using detail::LineWriter;

// A loader may leave a name out; printf must not see a null.
const char* NameOf(const char* name) { return name != nullptr ? name : "(unnamed)"; }

// "0x1 CallDecideOnRedecide": the hex, then the name of each known bit from bt/core/kinds.def.
void FormatDeciderFlags(std::uint32_t flags, char* out, std::size_t size) {
  int n = std::snprintf(out, size, "0x%x", flags);
  char separator = ' ';
  for (int bit = 0; bit < 32 && n > 0 && static_cast<std::size_t>(n) < size; ++bit) {
    const char* name = (flags >> bit) & 1u ? DeciderFlagName(1u << bit) : nullptr;
    if (name == nullptr) continue;
    n += std::snprintf(out + n, size - static_cast<std::size_t>(n), "%c%s", separator, name);
    separator = '|';
  }
}

struct Printer {
  const std::byte* region = nullptr;  // the decider region, or null when nothing is active
  const float* timers = nullptr;      // the block's timers, when region is set
  double time = 0;
  bool wholeTree = false;
  bool ids = false;
  LineWriter writer;

  // d's slot, at `base` (bt/core/memory.h: children side by side each have their own).
  const SlotHeader& Slot(const DeciderDef& d, std::uint32_t base) const {
    return *reinterpret_cast<const SlotHeader*>(region + base + d.data->slotOffset);
  }

  const std::byte* SlotBytes(const DeciderDef& d, std::uint32_t base) const {
    return region + base + d.data->slotOffset;
  }

  // " idx: 0,2": the children in mask, "(corrupt)" after one g lacks (a damaged block); " idx: -" for none.
  template <class Append>
  static void AppendMask(Append& append, const char* label, std::uint64_t mask, int childCount) {
    append("%s", label);
    char separator = ' ';
    for (int i = 0; i < 64; ++i)
      if ((mask >> i) & 1u) {
        append("%c%d%s", separator, i, i < childCount ? "" : " (corrupt)");
        separator = ',';
      }
    if (mask == 0) append("%s", " -");
  }

  // " {count 3, 2 so far}": a classic group's configuration (bt/debug/classic_format.h), with
  // what the block says of it: a running Loop's count so far, a Cooldown's time left
  // (its timer outlives its activations, so it is shown whenever the block is read).
  // The kinds of MBT add what their slot holds while active: a StateMachine's
  // pending transition, a Priority's count of variable changes at its last pick,
  // whether a GroupScope holds its seat.
  template <class Append>
  void AppendConfig(Append& append, const DeciderDef& d, bool active, std::uint32_t base) const {
    char config[256];
    const bool state = active && d.kind == DeciderKind::Group &&
                       (d.policy == GroupPolicy::StateMachine || d.policy == GroupPolicy::Priority ||
                        d.policy == GroupPolicy::GroupScope);
    if (FormatNodeConfig(d, config) == 0 && !state) return;
    append(" {%s", config);
    if (state) {
      const SlotHeader& slot = Slot(d, base);
      const char* separator = config[0] != '\0' ? "; " : "";
      if (d.policy == GroupPolicy::StateMachine && slot.cursor == kNoChild)
        append("%sno transition pending", separator);
      else if (d.policy == GroupPolicy::StateMachine)
        append("%stransition pending to %u %s", separator, slot.cursor,
               slot.cursor < d.childCount ? NameOf(d.children[slot.cursor]->name) : "(corrupt)");
      else if (d.policy == GroupPolicy::Priority)
        append("%s%u variable changes seen", separator,
               reinterpret_cast<const VariableWatch*>(SlotBytes(d, base) + sizeof(SlotHeader))->changes);
      else
        append("%s%s", separator, slot.cursor == 1 ? "seated" : "not seated");
    }
    if (active && (d.policy == GroupPolicy::Loop || d.policy == GroupPolicy::LoopUntilSuccess))
      append(", %u so far", reinterpret_cast<const LoopCount*>(SlotBytes(d, base) + sizeof(SlotHeader))->count);
    if (timers != nullptr && d.policy == GroupPolicy::Cooldown && d.data->timerIndex >= 0) {
      const double left = static_cast<double>(timers[d.data->timerIndex]) + static_cast<double>(d.config.seconds) - time;
      if (left > 0)
        append(", %.2f s left", left);
      else
        append("%s", ", ready");
    }
    append("%s", "}");
  }

  void Line(const DeciderDef& d, int index, int depth, bool active, std::uint32_t base) {
    char flags[128];
    FormatDeciderFlags(d.flags, flags, sizeof flags);
    char params[256] = "";
    if (d.paramCount != 0) FormatParams(d.Params(), params);
    char line[768];
    char id[16] = "";
    if (ids) std::snprintf(id, sizeof id, "/0x%x", d.data->id);
    int n = std::snprintf(line, sizeof line, "%*s%c%d:%s%s%s%s%s (", depth * 2, "", active ? '*' : ' ', index,
                          NameOf(d.name), id, d.paramCount != 0 ? "(" : "", params, d.paramCount != 0 ? ")" : "");
    auto append = [&](const char* format, auto... args) {
      if (n >= 0 && static_cast<std::size_t>(n) < sizeof line)
        n += std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), format, args...);
    };
    // S11's names: the kinds.def names behind "k" and, for a group's policy, "kGroup".
    if (d.kind == DeciderKind::Group)
      append("kGroup, kGroup%s %s)", GroupPolicyName(d.policy), flags);
    else
      append("k%s %s)", DeciderKindName(d.kind), flags);
    if (active) append(" time: %.2f", detail::DebugSeconds(time, Slot(d, base).activatedAt));
    if (d.behavior && ids)
      append(" [%s/0x%x] (0x%08x)", NameOf(d.behavior->name), NameId(d.behavior->name), d.behaviorFlags);
    else if (d.behavior)
      append(" [%s] (0x%08x)", NameOf(d.behavior->name), d.behaviorFlags);
    else
      append(" [%s]", d.kind == DeciderKind::Group ? "(no group behavior)" : "(no behavior)");
    if (active && d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy)) {
      AppendMask(append, " idx:", detail::ActiveChildMask(SlotBytes(d, base), d), d.childCount);
      if (d.policy == GroupPolicy::Parallel)
        AppendMask(append, " done:", detail::ChildSetOf(SlotBytes(d, base)).done, d.childCount);
    } else if (active && d.kind == DeciderKind::Group) {
      const std::uint8_t child = Slot(d, base).activeChild;
      if (child == kNoChild)
        append("%s", " idx: -");
      else
        append(" idx: %d%s", child, child < d.childCount ? "" : " (corrupt)");  // a damaged block
    }
    AppendConfig(append, d, active, base);
    append("%s", "\n");
    if (n < 0) return;
    std::size_t length = static_cast<std::size_t>(n);
    if (length >= sizeof line) {  // an absurdly long name: cut, but keep the line a line
      length = sizeof line - 1;
      line[length - 1] = '\n';
    }
    writer.Append(line, length);
    if (active) {
      const std::byte* slot = region + base + d.data->slotOffset;
      Contents(d.dblock, slot + d.data->dblockOffset, "dblock", depth);
      if (d.behavior) Contents(d.behavior->memory, slot + d.data->memoryOffset, "memory", depth);
    }
  }

  // "      dblock Pick: id 2 score 0.50": an active decider's DBlock or behavior
  // memory, under its line, when its type has a formatter (bt/debug/memory_format.h).
  void Contents(const BlockType& block, const std::byte* at, const char* what, int depth) {
    char text[256];
    if (block.size == 0 || !FormatMemory(block.type, at, text, sizeof text)) return;
    text[std::strcspn(text, "\n")] = '\0';  // its first line only
    char line[512];
    const int n = std::snprintf(line, sizeof line, "%*s   %s %s: %s\n", depth * 2, "", what, NameOf(block.name), text);
    if (n < 0) return;
    std::size_t length = static_cast<std::size_t>(n);
    if (length >= sizeof line) {
      length = sizeof line - 1;
      line[length - 1] = '\n';
    }
    writer.Append(line, length);
  }

  // Shared deciders are printed under each of their parents; only the position the
  // active path runs through is marked.
  void Walk(const DeciderDef& d, int index, int depth, bool active, std::uint32_t base) {
    if (writer.truncated) return;  // a wide DAG can be long: stop once the buffer is full
    if (active || wholeTree) Line(d, index, depth, active, base);
    if (d.kind != DeciderKind::Group || depth + 1 >= kMaxTreeDepth) return;
    const std::uint64_t activeChildren =
        active ? detail::ActiveChildMask(reinterpret_cast<const std::byte*>(&Slot(d, base)), d) : 0;
    for (int i = 0; i < d.childCount; ++i) {
      const bool childActive = (activeChildren >> i) & 1u;
      if (d.children[i] != nullptr && (childActive || wholeTree))
        Walk(*d.children[i], i, depth + 1, childActive, base + detail::ChildBase(d, i));
    }
  }
};

enum class Block { Active, Inactive, Refused };

// What the block holds for this (valid) tree; `region` is its decider region when
// Active. A refused block (too small, or not aligned to kMaxAlignment: the tick's
// MemoryTooSmall, MemoryMisaligned) is not read; an empty one is no block at all.
Block Classify(const DeciderDef& root, std::span<const std::byte> memory, const std::byte*& region) {
  region = nullptr;
  if (memory.empty()) return Block::Inactive;
  const bool misaligned = !IsAlignedBlock(memory.data());
  if (memory.size() < root.data->tree.memoryBytes || misaligned) return Block::Refused;
  const auto* header = reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header->treeStamp != root.data->tree.stamp || !header->rootActive) return Block::Inactive;
  region = memory.data() + sizeof(MemoryHeader);
  return Block::Active;
}

void AppendText(LineWriter& writer, const char* text) { writer.Append(text, std::strlen(text)); }

// One variable's value as DebugPrintState shows it: "true", "10", "cleared"
// (a timestamp), "12345678901234" (an integer, exactly), "Crouch" (an enum's
// name), "(1,2.5,0)" (floats). From the block when there is one, else the
// declared initial value.
int FormatVariable(char* out, std::size_t room, const VariableDecl& v, const VariableBlock* values, int i) {
  switch (v.type) {
    case VariableType::Int32:
    case VariableType::Int64:
      return std::snprintf(out, room, "%lld", static_cast<long long>(values != nullptr ? values->GetInteger(i) : v.initialInteger));
    case VariableType::Enum: {
      const std::int64_t value = values != nullptr ? values->GetInteger(i) : v.initialInteger;
      if (value >= 0 && value < v.enumType->count) return std::snprintf(out, room, "%s", v.enumType->names[value]);
      return std::snprintf(out, room, "%lld", static_cast<long long>(value));  // unreachable: Set refuses it
    }
    case VariableType::Floats: {
      int n = std::snprintf(out, room, "(");
      const std::span<const float> floats = values != nullptr ? values->GetFloats(i) : std::span<const float>{};
      for (int f = 0; f < v.floatCount && n >= 0 && static_cast<std::size_t>(n) < room; ++f) {
        const float value = values != nullptr ? floats[static_cast<std::size_t>(f)]
                                              : v.initialFloats != nullptr ? v.initialFloats[f] : 0.0f;
        n += std::snprintf(out + n, room - static_cast<std::size_t>(n), f == 0 ? "%g" : ",%g", static_cast<double>(value));
      }
      if (n >= 0 && static_cast<std::size_t>(n) < room) n += std::snprintf(out + n, room - static_cast<std::size_t>(n), ")");
      return n;
    }
    default:
      break;
  }
  const double value = values != nullptr ? values->Get(i) : v.initial;
  if (v.type == VariableType::Bool) return std::snprintf(out, room, "%s", value != 0 ? "true" : "false");
  if (v.setOnEvent != nullptr && (value == kTimestampNeverSet || value == kTimestampCleared))
    return std::snprintf(out, room, "%s", value == kTimestampNeverSet ? "never" : "cleared");
  return std::snprintf(out, room, "%g", value);
}

// "variables: HasTarget=true Range=10 Stance=Crouch": the agent's values; or, when
// the block holds none (never ticked, refused, damaged), "variables (initial): ..."
// and the declared values, which a fresh block starts with.
void AppendVariables(LineWriter& writer, const DeciderDef& root, std::span<const std::byte> memory) {
  const VariableBlock* values = ReadVariables(root, memory);
  char line[1024];
  int n = std::snprintf(line, sizeof line, "%s", values != nullptr ? "variables:" : "variables (initial):");
  for (int i = 0; i < root.variableCount && n >= 0 && static_cast<std::size_t>(n) < sizeof line; ++i) {
    const VariableDecl& v = root.variables[i];
    n += std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), " %s=", v.name);
    if (n >= 0 && static_cast<std::size_t>(n) < sizeof line)
      n += FormatVariable(line + n, sizeof line - static_cast<std::size_t>(n), v, values, i);
  }
  if (n < 0) return;
  std::size_t length = static_cast<std::size_t>(n);
  if (length >= sizeof line - 1) length = sizeof line - 2;  // too many to show: cut, but keep the line a line
  line[length++] = '\n';
  writer.Append(line, length);
}

}  // namespace

std::size_t DebugPrintState(const DeciderDef& root, std::span<const std::byte> memory, double time,
                            std::span<char> buffer, const DebugPrintOptions& options) {
  Printer printer;
  printer.wholeTree = options.wholeTree;
  printer.ids = options.ids;
  printer.writer.buffer = buffer;
  TreeError error;
  if (!InitializeTreeData(root, &error)) {
    // Its children may be null or cyclic: only the verdict is safe to print.
    char line[sizeof error.message + 1];
    std::snprintf(line, sizeof line, "%s\n", error.message);
    AppendText(printer.writer, line);
    return printer.writer.Finish();
  }
  if (root.variableCount != 0) AppendVariables(printer.writer, root, memory);
  const Block block = Classify(root, memory, printer.region);
  // Activation times are kept after the block's epoch.
  if (block == Block::Active) {
    printer.time = time - reinterpret_cast<const MemoryHeader*>(memory.data())->epoch;
    printer.timers = reinterpret_cast<const float*>(memory.data() + root.data->tree.timersOffset);
  }
  if (block == Block::Refused) AppendText(printer.writer, "(memory block too small or misaligned)\n");
  if (block == Block::Active || options.wholeTree)
    printer.Walk(root, 0, 0, block == Block::Active, 0);
  else if (block == Block::Inactive)
    AppendText(printer.writer, "(no active deciders)\n");
  if (options.why != nullptr) detail::AppendWhy(printer.writer, *options.why);
  return printer.writer.Finish();
}

}  // namespace bt
