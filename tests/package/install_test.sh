#!/bin/sh
# Installs bt into a temporary prefix, then builds a small out-of-tree consumer
# against it as a user would: through pkg-config and through CMake's
# find_package(bt 0.1), each with g++ and with clang++, and bt/loaders/README.md's
# Lua example both ways (Lua's headers come with the package). Also checks what else
# `make install` promises (the tools, the gdb printers) and that a version the
# package does not offer is refused. Ends with "install: N passed, M failed".
#   usage: sh tests/package/install_test.sh BUILD [CLANG_CXX]
make=${MAKE:-make}
build=${1:-build}
clang=${2:-clang++-14}
prefix=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT
if ! $make -s BUILD="$build" install PREFIX="$prefix" >"$work/install.log" 2>&1; then
  cat "$work/install.log"; echo "install: 0 passed, 1 failed"; exit 1
fi
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# The consumers: the first demo, plus a file that includes only bt/bt.h and uses
# the debug readers, which the one header must declare.
cp demo/t01_first_tree.cpp "$work/main.cpp"
cat > "$work/debug.cpp" <<'CPP'
#include "bt/bt.h"
// Never called: it must compile from bt/bt.h alone and link against libbt.a.
std::size_t UseDebugReaders(const bt::DeciderDef& root, std::span<const std::byte> memory, std::span<char> text) {
  bt::DebugOutputSettings settings;
  settings.level = 0;
  bt::SetDebugOutput(settings);
  return bt::DebugPrintState(root, memory, 0.0, text) + bt::WriteTreeDot(root, memory, text);
}
CPP
# And one that builds a tree from data, which needs libbt_data.a and bt/data/.
cat > "$work/data.cpp" <<'CPP'
#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
// Never called: it must compile from the installed headers and link against libbt_data.a.
bool UseTreeBuilder() {
  bt::data::TreeSpec spec;
  spec.Behavior("IDLE", "IDLE_B");
  return bt::data::BuildTree(spec, bt::data::Registry{}, {.stubUnknownNames = true}).tree != nullptr;
}
CPP
# And one that loads a tree file, which needs libbt_loaders.a and bt/loaders/ (and pugixml, Lua).
cat > "$work/loaders.cpp" <<'CPP'
#include "bt/data/registry.h"
#include "bt/loaders/load_tree_file.h"
#include "bt/loaders/unvanquished/unvanquished.h"
// Never called: it must compile from the installed headers and link against libbt_loaders.a.
bool UseLoaders() {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);
  return bt::loaders::LoadUnvanquished("condition 1", "x.bt", registry).Ok() &&
         bt::loaders::LoadTreeFile("x.xml", registry).build.Ok();
}
CPP
# And bt/loaders/README.md's Lua example: a game's lua_CFunction for
# LuaScripts::AddAgentFunction, which needs Lua's headers from the package.
awk '/^## The game.s Lua functions/ { section = 1 } section && /^```cpp$/ { copy = 1; next }
     copy && /^```$/ { exit } copy' bt/loaders/README.md >"$work/lua_example.cpp"
lua_runs() { [ "$("$1")" = " fight fight flee flee | health 40" ]; }
# Its exact output: the first tree's block is 48 bytes.
runs() { "$1" | tail -n 1 | grep -qx "memory block: 48 bytes"; }

# A program built through pkg-config with each compiler, then run: $1 the package,
# $2 the program's name, $3 its sources besides main.cpp, $4 its name in a failure.
through_pkg_config() {
  for cxx in g++ "$clang"; do
    if PKG_CONFIG_PATH="$prefix/lib/pkgconfig" sh -c \
         '$1 -Wall -Wextra -Werror "$0/main.cpp" $3 $(pkg-config --cflags --libs $2) -o "$0/$4"' \
         "$work" "$cxx" "$1" "$3" "$2" >"$work/log" 2>&1 && runs "$work/$2"; then
      pass
    else
      cat "$work/log"; fail "$cxx could not build and run a program against $4 through pkg-config"
    fi
  done
}
through_pkg_config bt pc_consumer "$work/debug.cpp $work/data.cpp" "bt"
through_pkg_config bt-loaders pc_loaders "$work/loaders.cpp" "bt's loaders"
for cxx in g++ "$clang"; do
  if PKG_CONFIG_PATH="$prefix/lib/pkgconfig" sh -c \
       '$1 -Wall -Wextra -Werror "$0/lua_example.cpp" $(pkg-config --cflags --libs bt-loaders) -o "$0/pc_lua"' \
       "$work" "$cxx" >"$work/log" 2>&1 && lua_runs "$work/pc_lua"; then
    pass
  else
    cat "$work/log"; fail "$cxx could not build and run bt/loaders/README.md's Lua example through pkg-config"
  fi
done
[ "$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion bt)" = 0.1.0 ] && pass ||
  fail "pkg-config --modversion bt is not 0.1.0"

# find_package(bt VERSION) from a CMake project, with each compiler.
project() {  # $1: directory, $2: the version asked for
  mkdir -p "$1"
  cp "$work/main.cpp" "$work/debug.cpp" "$work/data.cpp" "$work/loaders.cpp" "$work/lua_example.cpp" "$1/"
  cat > "$1/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(bt_consumer CXX)
find_package(bt $2 REQUIRED)
add_executable(consumer main.cpp debug.cpp data.cpp loaders.cpp)
target_link_libraries(consumer PRIVATE bt::loaders)
add_executable(lua_example lua_example.cpp)
target_link_libraries(lua_example PRIVATE bt::loaders)
CMAKE
}
project "$work/cm" 0.1
for cxx in g++ "$clang"; do
  out="$work/cm/build-$(basename "$cxx")"
  if cmake -S "$work/cm" -B "$out" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx" >"$work/log" 2>&1 &&
     cmake --build "$out" >>"$work/log" 2>&1 && runs "$out/consumer" && lua_runs "$out/lua_example"; then
    pass
  else
    cat "$work/log"; fail "a CMake project built with $cxx could not find_package(bt 0.1) and use it (bt::bt, bt::loaders with Lua's headers)"
  fi
done
project "$work/cm9" 9.0
if cmake -S "$work/cm9" -B "$work/cm9/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/log" 2>&1; then
  fail "find_package(bt 9.0) succeeded against bt 0.1.0"
elif grep -q 'version: 0.1.0' "$work/log"; then
  pass  # refused for its version, naming the one it found
else
  cat "$work/log"; fail "find_package(bt 9.0) failed, but not for the version"
fi

# The tools and the gdb printers.
if printf 'tick,agent,behavior\n0,a,REST\n' | "$prefix/bin/bt_timeline" | grep -q '<title>a: REST, tick 0</title>' &&
   "$prefix/bin/bt_dot" | grep -q '^digraph' &&
   "$prefix/bin/bt_import" --check tests/data/bt_import/guard.bt | grep -q ': ok (unvanquished'; then
  pass
else
  fail "the installed bt_timeline, bt_dot and bt_import do not run"
fi
cmp -s tools/gdb/bt_printers.py "$prefix/share/bt/gdb/bt_printers.py" && pass ||
  fail "the gdb printers are not installed as share/bt/gdb/bt_printers.py"
cmp -s tools/lldb/bt_lldb.py "$prefix/share/bt/lldb/bt_lldb.py" && pass ||
  fail "the LLDB formatters are not installed as share/bt/lldb/bt_lldb.py (beside share/bt/gdb, whose code they run)"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
