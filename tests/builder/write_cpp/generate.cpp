// tests/builder/write_cpp/generate.cpp — run by the Makefile at build time: builds the
// round trip's trees from data and writes each as C++ into the directory given,
// as a game's build would; tests/builder/write_cpp_test.cpp compiles what it wrote.
//   generate DIR   writes DIR/figure1.h, DIR/features.h, DIR/classic.h, DIR/conditions.h,
//                DIR/machine.h, and DIR/NAME.h of each tests/data/bt_import/NAME.* of
//                writecpp::kNodeFiles
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "bt/data/tree_builder.h"
#include "bt/data/write_cpp.h"
#include "bt/loaders/load_tree_file.h"
#include "tests/support/figure1_data.h"
#include "tests/builder/write_cpp/trees.h"

namespace {

bool Save(const std::string& path, const bt::data::CppWriteResult& cpp) {
  if (!cpp.Ok()) {
    std::fprintf(stderr, "%s: %s", path.c_str(), cpp.ErrorText().c_str());
    return false;
  }
  std::ofstream out(path, std::ios::binary);
  out << cpp.text;
  return static_cast<bool>(out);
}

bool WriteBuilt(const std::string& path, const bt::data::TreeSpec& spec, const bt::data::Registry& registry,
                const bt::data::CppWriteOptions& options) {
  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  if (!built.Ok()) {
    std::fprintf(stderr, "%s", built.ErrorText().c_str());
    return false;
  }
  return Save(path, bt::data::WriteTreeAsCpp(*built.tree, registry, options));
}

// A tree file, loaded as a game would, written with its format's built-in nodes.
bool WriteLoaded(const std::string& path, const char* file, const bt::data::Registry& registry,
                 const bt::data::CppWriteOptions& options) {
  bt::loaders::LoadOptions load;
  load.build.findScope = writecpp::FindScope;
  const bt::loaders::LoadedTree loaded = bt::loaders::LoadTreeFile(file, registry, load);
  if (!loaded.build.Ok()) {
    std::fprintf(stderr, "%s", loaded.build.ErrorText().c_str());
    return false;
  }
  return Save(path, bt::data::WriteTreeAsCpp(*loaded.build.tree, bt::loaders::TreeFormatRegistry(loaded.format, registry),
                                             options));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  bt::data::Registry figure1Registry;
  figure1::RegisterTraceFunctions(figure1Registry);
  bt::data::Registry registry;
  writecpp::RegisterFunctions(registry);
  const bool ok =
      WriteBuilt(dir + "/figure1.h", figure1::Figure1Spec(), figure1Registry,
                 {.includes = {"tests/support/trace_agent.h"}, .nameSpace = "generated::figure1"}) &&
      WriteBuilt(dir + "/features.h", writecpp::FeaturesSpec(), registry,
                 {.treeName = "FEATURES", .includes = {"tests/builder/write_cpp/trees.h"}, .nameSpace = "generated::features"}) &&
      WriteBuilt(dir + "/classic.h", writecpp::ClassicSpec(), registry,
                 {.includes = {"tests/builder/write_cpp/trees.h"}, .nameSpace = "generated::classic"}) &&
      WriteBuilt(dir + "/conditions.h", writecpp::ConditionsSpec(), registry,
                 {.includes = {"tests/builder/write_cpp/trees.h"},
                  .nameSpace = "generated::conditions",
                  .agentType = "test::TraceAgent"}) &&
      WriteBuilt(dir + "/machine.h", writecpp::MachineSpec(), registry,
                 {.includes = {"tests/builder/write_cpp/trees.h"}, .nameSpace = "generated::machine"});
  bt::data::Registry files;
  writecpp::RegisterFileFunctions(files);
  const char* const kNames[] = {"mbt_nodes", "unvanquished_nodes", "dragengine_nodes", "selection_nodes"};
  bool filesOk = true;
  for (std::size_t i = 0; i < std::size(kNames); ++i)
    filesOk = WriteLoaded(dir + "/" + kNames[i] + ".h", writecpp::kNodeFiles[i], files,
                          {.treeName = "ROOT",
                           .includes = {"tests/builder/write_cpp/trees.h"},
                           .nameSpace = std::string("generated::") + kNames[i],
                           .agentType = "test::TraceAgent",
                           .scopeFinder = "writecpp::FindScope"}) &&
              filesOk;
  return ok && filesOk ? 0 : 1;
}
