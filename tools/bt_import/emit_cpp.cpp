// tools/bt_import/emit_cpp.cpp — a tree file as C++ that compiles on its own (see the header).
#include "tools/bt_import/emit_cpp.h"

#include "bt/loaders/load_tree_file.h"

namespace bt_import {

namespace {

using bt::data::BindingKind;

// A stub of the shape its kind is registered with; arguments come through the Context.
std::string Definition(const ScriptedName& name) {
  switch (name.kind) {
    case BindingKind::Action:
      return "inline bt::Result " + name.cpp + "(Agent&) { return bt::Result::Running; }\n";
    case BindingKind::Condition:
      return "inline bool " + name.cpp + "(Agent&) { return false; }\n";
    case BindingKind::Decide:
      return "inline float " + name.cpp + "(Agent&) { return 0.0f; }\n";
    case BindingKind::Value:
      return "inline double " + name.cpp + "(Agent&, std::span<const bt::Param>) { return 0.0; }\n";
    case BindingKind::Random:
      return "inline std::uint32_t " + name.cpp + "(Agent&) { return 0; }\n";
    case BindingKind::Constant:
      return "inline constexpr double " + name.cpp + " = 0.0;\n";
  }
  return {};
}

// `text` fit for a // comment.
std::string OneLine(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace

bt::Scope* FindNoScope(void*, const char*) { return nullptr; }

std::string StubDefinitions(const ScriptedRegistry& scripted, bool scopes) {
  std::string out =
      "// Stubs of the game functions the tree names (bt_import --emit-cpp): replace them with the game's.\n"
      "#include <cstdint>\n"
      "#include <span>\n\n"
      "#include \"bt/bt.h\"\n\n"
      "namespace bt_import_stubs {\n\n"
      "struct Agent {};\n\n";
  for (const ScriptedName& name : scripted.names)
    out +=
        "// " + std::string(bt::data::BindingKindName(name.kind)) + " " + OneLine(name.name) + "\n" + Definition(name);
  if (scopes)
    out += "// the game's scopes of the GroupScopes (bt/engine/scope.h): none, so every GroupScope fails\n"
           "inline bt::Scope* FindScope(void*, const char*) { return nullptr; }\n";
  out += "\n}  // namespace bt_import_stubs\n\n";
  return out;
}

bt::data::CppWriteResult EmitCpp(const bt::data::BuiltTree& tree, const ScriptedRegistry& scripted,
                                 bt::loaders::TreeFormat format) {
  bool scopes = false;
  for (const bt::DeciderDef& d : tree.Deciders())
    scopes = scopes || (d.kind == bt::DeciderKind::Group && d.policy == bt::GroupPolicy::GroupScope);
  // The format's own nodes (MBT's WaitForEvent, IfTime, ...) are written by their C++ names.
  bt::data::CppWriteResult written =
      bt::data::WriteTreeAsCpp(tree, bt::loaders::TreeFormatRegistry(format, scripted.registry),
                               {.nameSpace = "bt_import_tree",  // its names apart from the C library's (`sleep`)
                                .agentType = "bt_import_stubs::Agent",
                                .scopeFinder = scopes ? "bt_import_stubs::FindScope" : ""});
  if (written.Ok()) written.text = StubDefinitions(scripted, scopes) + written.text;
  return written;
}

}  // namespace bt_import
