// tools/bt_import/emit_cpp.h — `bt_import --emit-cpp`: a tree file as BT_DEFINE_*
// source that compiles on its own.
//
// bt::data::WriteTreeAsCpp refuses names bound to stubs (there is no C++ to call),
// so the file is built against a ScriptedRegistry, whose names are spelled as
// functions of namespace bt_import_stubs; EmitCpp writes their definitions first
// (an action runs, a condition rejects, a value function and a constant are 0,
// all taking bt_import_stubs::Agent), then the tree. A game replaces the
// stubs with its own functions.
#pragma once

#include <string>

#include "bt/data/built_tree.h"
#include "bt/data/write_cpp.h"
#include "bt/loaders/tree_format.h"
#include "bt/engine/scope.h"
#include "tools/bt_import/scripted_registry.h"

namespace bt_import {

// The ScopeFinder of a tree built against stubs: it finds no scope, so every
// GroupScope fails (as in stub mode). The written C++ names its stub,
// bt_import_stubs::FindScope, which does the same.
bt::Scope* FindNoScope(void* agent, const char* name);

// The stubs' definitions: a C++ text of its own (includes, namespace
// bt_import_stubs); with `scopes`, FindScope too.
std::string StubDefinitions(const ScriptedRegistry& scripted, bool scopes = false);

// The stubs, then the tree of a `format` file built against `scripted.registry`
// in namespace bt_import_tree, as one C++ file: the format's built-in nodes by
// their C++ names.
bt::data::CppWriteResult EmitCpp(const bt::data::BuiltTree& tree, const ScriptedRegistry& scripted,
                                 bt::loaders::TreeFormat format);

}  // namespace bt_import
