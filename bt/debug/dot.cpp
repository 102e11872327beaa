// bt/debug/dot.cpp — writing a tree as Graphviz DOT (see the header).
#include "bt/debug/dot.h"

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "bt/debug/classic_format.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/core/tree.h"

namespace bt {
namespace {

// One writer for both destinations, so the buffer and the stream get the same text.
struct DotSink {
  std::span<char> buffer;
  std::FILE* file = nullptr;
  std::size_t length = 0;  // of the whole text, written or not
  bool failed = false;

  void Put(const char* format, ...) __attribute__((format(printf, 2, 3))) {
    char text[512];
    va_list args;
    va_start(args, format);
    const int n = std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (n < 0) return void(failed = true);
    const std::size_t size = static_cast<std::size_t>(n) < sizeof text ? static_cast<std::size_t>(n) : sizeof text - 1;
    if (file != nullptr) {
      if (std::fwrite(text, 1, size, file) != size) failed = true;
    } else if (!buffer.empty() && length < buffer.size() - 1) {
      const std::size_t room = buffer.size() - 1 - length;
      std::memcpy(buffer.data() + length, text, size < room ? size : room);
    }
    length += size;
  }

  std::size_t Finish() {
    if (file == nullptr && !buffer.empty()) buffer[length < buffer.size() ? length : buffer.size() - 1] = '\0';
    return length;
  }
};

// A name (or a TreeError message) as the inside of a DOT string: quotes and backslashes escaped.
struct Quoted {
  char text[sizeof TreeError::message + 32];
  explicit Quoted(const char* name) {
    std::size_t n = 0;
    for (const char* c = name != nullptr ? name : "(unnamed)"; *c != '\0' && n + 2 < sizeof text; ++c) {
      if (*c == '"' || *c == '\\') text[n++] = '\\';
      text[n++] = *c;
    }
    text[n] = '\0';
  }
};

// A decider's node: its name, or for a decider without one (a loader may leave
// names out) "(unnamed) <address>", so that two of them stay two nodes.
struct NodeId {
  char text[sizeof(Quoted::text)];
  explicit NodeId(const DeciderDef& d) {
    if (d.name != nullptr)
      std::snprintf(text, sizeof text, "%s", Quoted(d.name).text);
    else
      std::snprintf(text, sizeof text, "(unnamed) %p", static_cast<const void*>(&d));
  }
};

// The active deciders with the group each is active under (null for the root),
// in ActivePath's order: with children active side by side (bt/core/classic.h) the
// active part of a tree is not one path.
struct ActiveDeciders {
  // A decider shared by side-by-side branches may be active under several
  // parents; past kMax activations (a pathological DAG) the rest is not highlighted.
  static constexpr int kMax = kMaxTreeDeciders;
  const DeciderDef* decider[kMax];
  const DeciderDef* parent[kMax];
  int count = 0;

  void Read(const DeciderDef& root, std::span<const std::byte> memory) {
    // ActivePath reads no block the tick refuses, nor one not started by this tree.
    if (memory.empty() || ActivePath(root, memory, {}) == 0) return;
    const DeciderDef* above[kMaxTreeDepth] = {};
    detail::ForEachActive(memory.data() + sizeof(MemoryHeader), root, 0, 0,
                          [&](const DeciderDef& d, std::uint32_t, int depth) {
                            above[depth] = &d;
                            if (count == kMax) return;
                            decider[count] = &d;
                            parent[count++] = depth > 0 ? above[depth - 1] : nullptr;
                          });
  }
};

struct DotWriter {
  DotSink& out;
  const ActiveDeciders& active;
  const DeciderDef* seen[kMaxTreeDeciders];  // each decider is one node, however many parents it has
  int seenCount = 0;

  bool Active(const DeciderDef& d) const {
    for (int i = 0; i < active.count; ++i)
      if (active.decider[i] == &d) return true;
    return false;
  }

  bool ActiveEdge(const DeciderDef& parent, const DeciderDef& child) const {
    for (int i = 0; i < active.count; ++i)
      if (active.decider[i] == &child && active.parent[i] == &parent) return true;
    return false;
  }

  bool FirstVisit(const DeciderDef& d) {
    for (int i = 0; i < seenCount; ++i)
      if (seen[i] == &d) return false;
    if (seenCount < kMaxTreeDeciders) seen[seenCount++] = &d;
    return true;
  }

  void Node(const DeciderDef& d) {
    const bool group = d.kind == DeciderKind::Group;
    // Parameters as DebugPrintState shows them: NAME(range=10, "head").
    char params[sizeof(Quoted::text)] = "";
    if (d.paramCount != 0) FormatParams(d.Params(), params);
    out.Put("  \"%s\" [label=\"%s%s%s%s\\n%s", NodeId(d).text, Quoted(d.name).text, d.paramCount != 0 ? "(" : "",
            Quoted(params).text, d.paramCount != 0 ? ")" : "", group ? GroupPolicyName(d.policy) : "");
    char config[256];
    if (FormatNodeConfig(d, config) != 0) out.Put("\\n%s", Quoted(config).text);
    if (d.behavior != nullptr) out.Put("%s[%s]", group ? "\\n" : "", Quoted(d.behavior->name).text);
    // Classic groups (bt/core/classic.h) drawn apart from Spore's rounded boxes: square
    // boxes, and hexagons for the one-child kinds.
    const bool classic = group && IsClassicPolicy(d.policy);
    out.Put("\"%s%s];\n", !group                            ? ", shape=ellipse"
                            : classic && IsDecoratorPolicy(d.policy) ? ", shape=hexagon"
                            : classic                                ? ", style=\"filled\""
                                                                     : "",
            Active(d) ? ", fillcolor=\"#ffd966\", color=\"#b45f06\", penwidth=2" : "");
  }

  void Walk(const DeciderDef& d, int depth) {
    if (!FirstVisit(d)) return;
    Node(d);
    if (d.kind != DeciderKind::Group || depth + 1 >= kMaxTreeDepth) return;
    const NodeId parent(d);
    for (int i = 0; i < d.childCount; ++i) {
      if (d.children[i] == nullptr) continue;
      out.Put("  \"%s\" -> \"%s\" [label=\"%d\"%s];\n", parent.text, NodeId(*d.children[i]).text, i,
              ActiveEdge(d, *d.children[i]) ? ", color=\"#b45f06\", penwidth=2.5" : "");
    }
    for (int i = 0; i < d.childCount; ++i)
      if (d.children[i] != nullptr) Walk(*d.children[i], depth + 1);
  }
};

void WriteDot(const DeciderDef& root, std::span<const std::byte> memory, DotSink& out, const DotOptions& options) {
  out.Put("digraph \"%s\" {\n", Quoted(root.name).text);
  TreeError error;
  if (!InitializeTreeData(root, &error)) {
    // Its children may be null or cyclic: only the verdict is safe to draw.
    out.Put("  label=\"tree rejected: %s\";\n}\n", Quoted(error.message).text);
    return;
  }
  ActiveDeciders active;
  active.Read(root, memory);
  // ActivePath does not read such a block either (the tick's MemoryTooSmall, MemoryMisaligned).
  const bool refused = !memory.empty() && (memory.size() < root.data->tree.memoryBytes ||
                                           !IsAlignedBlock(memory.data()));
  if (options.leftToRight) out.Put("  rankdir=LR;\n");
  out.Put(
      "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=11];\n");
  out.Put("  edge [fontname=\"Helvetica\", fontsize=9, color=\"#666666\"];\n");
  if (refused) out.Put("  label=\"memory block too small or misaligned\";\n");
  DotWriter writer{out, active, {}, 0};
  writer.Walk(root, 0);
  out.Put("}\n");
}

}  // namespace

std::size_t WriteTreeDot(const DeciderDef& root, std::span<const std::byte> memory, std::span<char> buffer,
                         const DotOptions& options) {
  DotSink sink;
  sink.buffer = buffer;
  WriteDot(root, memory, sink, options);
  return sink.Finish();
}

bool WriteTreeDot(const DeciderDef& root, std::span<const std::byte> memory, std::FILE* file,
                  const DotOptions& options) {
  if (file == nullptr) return false;
  DotSink sink;
  sink.file = file;
  WriteDot(root, memory, sink, options);
  return !sink.failed;
}

bool WriteTreeSvg(const DeciderDef& root, std::span<const std::byte> memory, const char* svgPath,
                  const DotOptions& options) {
  // The path goes to the shell in single quotes; one inside it would end them.
  if (svgPath == nullptr || std::strchr(svgPath, '\'') != nullptr) return false;
  char command[1024];
  const int n = std::snprintf(command, sizeof command, "dot -Tsvg -o '%s'", svgPath);
  if (n < 0 || static_cast<std::size_t>(n) >= sizeof command) return false;
  std::FILE* dot = popen(command, "w");
  if (dot == nullptr) return false;
  const bool written = WriteTreeDot(root, memory, dot, options);
  return pclose(dot) == 0 && written;
}

}  // namespace bt
