// tools/bench/import_generate.cpp — run by the Makefile at build time: loads
// the Unvanquished tree of `make bench-import` and writes it as C++
// (bt/data/write_cpp.h), as a game's build would turn its designers' files into
// compiled-in trees; import_main.cpp compiles what it wrote and ticks both.
//   import_generate TREE.bt OUT.h
#include <cstdio>
#include <fstream>

#include "bt/data/write_cpp.h"
#include "bt/loaders/unvanquished/unvanquished.h"
#include "tools/bench/import_creatures.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s TREE.bt OUT.h\n", argv[0]);
    return 2;
  }
  bt::data::Registry registry;
  bench::unv::RegisterImportFunctions(registry);
  const bt::data::BuildResult built = bt::loaders::LoadUnvanquishedFile(argv[1], registry);
  if (!built.Ok()) {
    std::fprintf(stderr, "%s", built.ErrorText().c_str());
    return 1;
  }
  const bt::data::CppWriteResult cpp = bt::data::WriteTreeAsCpp(*built.tree, registry,
                                                                {.treeName = "IMPORTED",
                                                                 .includes = {"tools/bench/import_creatures.h"},
                                                                 .nameSpace = "generated::bench_import",
                                                                 .agentType = "bench::Creature"});
  if (!cpp.Ok()) {
    std::fprintf(stderr, "%s: %s", argv[2], cpp.ErrorText().c_str());
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  out << cpp.text;
  return out ? 0 : 1;
}
