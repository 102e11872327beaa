#!/bin/sh
# bt/CMakeLists.txt as a game takes it, with each compiler given:
# - FetchContent_Declare(bt GIT_REPOSITORY file://... SOURCE_SUBDIR bt) from a
#   local clone (the working tree as a commit: no network), linking bt::bt and
#   bt::loaders, whose Lua headers bt/loaders/README.md's Lua example needs;
# - add_subdirectory(CLONE/bt) of the same clone with -DBT_SPDLOG=OFF: the first
#   demo then neither holds nor loads a spdlog or fmt symbol (nm, ldd); then
#   installed (cmake --install) and taken by find_package(bt 0.1), with the
#   first compiler only, its package being the stderr hook's.
# Both builds compile every library with -Wall -Wextra -Werror. With the first
# compiler the CMake libraries must hold the objects of the Makefile's (the two
# source lists cannot drift), and the CMake install must lay out the files of
# `make install` with the same package config (but for the hook).
# The add_subdirectory clone sits where FetchContent puts its own, so the two
# builds of one compiler run the same commands: with ccache the second is hits.
# Ends with "cmake: N passed, M failed".
#   usage: sh tests/package/cmake_test.sh WORK MAKE_BUILD CXX...
#   (from the repository's root; WORK is emptied; MAKE_BUILD holds the Makefile's libraries)
make=${MAKE:-make}
work=$1
make_build=$2
shift 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
finish() {
  echo "cmake: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
rm -rf "$work" && mkdir -p "$work/repo" || exit 1
work=$(cd "$work" && pwd)

# The local clone's origin: the files git knows (tracked or not ignored), committed.
repo=$work/repo
if ! { git ls-files -co --exclude-standard | tar -cf - --ignore-failed-read -T - 2>/dev/null | tar -xf - -C "$repo" &&
       git -C "$repo" init -q && git -C "$repo" add -A &&
       git -C "$repo" -c user.name=bt -c user.email=bt@localhost commit -qm "the working tree"; } >"$work/log" 2>&1; then
  cat "$work/log"; fail "could not make a local repository of the working tree"; finish
fi
commit=$(git -C "$repo" rev-parse HEAD)

# The consumers' programs: the first demo, and bt/loaders/README.md's Lua example.
mkdir -p "$work/src"
cp demo/t01_first_tree.cpp "$work/src/first.cpp"
awk '/^## The game.s Lua functions/ { section = 1 } section && /^```cpp$/ { copy = 1; next }
     copy && /^```$/ { exit } copy' bt/loaders/README.md >"$work/src/lua_example.cpp"
first_runs() { "$1" | tail -n 1 | grep -qx "memory block: 48 bytes"; }
lua_runs() { [ "$("$1")" = " fight fight flee flee | health 40" ]; }
# $1: a project's directory; $2: how it takes bt (CMake lines).
project() {
  mkdir -p "$1"
  cp "$work/src/first.cpp" "$work/src/lua_example.cpp" "$1/"
  cat >"$1/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(bt_consumer CXX)
$2
add_executable(first first.cpp)
target_link_libraries(first PRIVATE bt::bt)
add_executable(lua_example lua_example.cpp)
target_link_libraries(lua_example PRIVATE bt::loaders)
CMAKE
}
# Configures ($1 source, $2 build, $3 compiler, then options) and builds; $name names the check.
build() {
  source=$1 out=$2 cxx=$3
  shift 3
  if cmake -S "$source" -B "$out" -DCMAKE_CXX_COMPILER="$cxx" "$@" >"$work/log" 2>&1 &&
     cmake --build "$out" -j2 >>"$work/log" 2>&1 && first_runs "$out/first" && lua_runs "$out/lua_example"; then
    pass
  else
    cat "$work/log"; fail "$name: the consumer does not configure, build or run"
    return 1
  fi
}
no_spdlog() {  # $1: a program built without spdlog
  if [ -z "$(nm -C "$1" | grep -i 'spdlog\|fmt::')" ] && [ -z "$(ldd "$1" | grep -i 'spdlog\|fmt')" ]; then
    pass
  else
    fail "$name: $(basename "$1") holds or loads spdlog or fmt, built with BT_SPDLOG=OFF"
  fi
}
# The objects of a library, without their suffixes, one a line.
objects() { ar t "$1" | sed 's/\.cpp\.o$//; s/\.o$//' | sort; }

first_compiler=$1
for cxx in "$@"; do
  compiler=$(basename "$cxx")
  name="FetchContent with $compiler"
  project "$work/fetch-$compiler" "include(FetchContent)
FetchContent_Declare(bt GIT_REPOSITORY \"file://$repo\" GIT_TAG $commit SOURCE_SUBDIR bt)
FetchContent_MakeAvailable(bt)"
  fetched=$work/fetch-$compiler/build
  if build "$work/fetch-$compiler" "$fetched" "$cxx" -DBT_WERROR=ON && [ "$cxx" = "$first_compiler" ]; then
    for library in bt bt_spdlog bt_data bt_loaders; do
      if objects "$fetched/_deps/bt-build/lib$library.a" >"$work/cmake.list" 2>&1 &&
         objects "$make_build/lib$library.a" >"$work/make.list" 2>&1 && cmp -s "$work/cmake.list" "$work/make.list"; then
        pass
      else
        diff "$work/make.list" "$work/cmake.list"
        fail "lib$library.a: the CMake build's objects (>) are not the Makefile's (<)"
      fi
    done
  fi

  name="add_subdirectory with $compiler, BT_SPDLOG=OFF"
  out=$work/subdir-$compiler/build
  project "$work/subdir-$compiler" 'add_subdirectory("${BT_CLONE}/bt" "${CMAKE_BINARY_DIR}/_deps/bt-build")'
  mkdir -p "$out/_deps"
  git clone -q "$repo" "$out/_deps/bt-src" || fail "$name: git clone"
  build "$work/subdir-$compiler" "$out" "$cxx" -DBT_CLONE="$out/_deps/bt-src" -DBT_WERROR=ON -DBT_SPDLOG=OFF \
        -DBT_INSTALL=ON -DCMAKE_INSTALL_PREFIX="$work/prefix" && no_spdlog "$out/first"
  [ "$cxx" = "$first_compiler" ] || continue

  # Installed, as `make install` installs (its default build: the spdlog hook), and found.
  name="the CMake build's install"
  if cmake --install "$out" >"$work/log" 2>&1 &&
     $make -s BUILD="$make_build" install PREFIX="$work/make-prefix" >>"$work/log" 2>&1; then
    (cd "$work/prefix" && find include lib share -type f | sed 's/libbt_stderr/libbt_spdlog/' | sort) >"$work/cmake.list"
    (cd "$work/make-prefix" && find include lib share -type f | sort) >"$work/make.list"
    sed 's/^set(_bt_debug_hook "stderr")$/set(_bt_debug_hook "spdlog")/' "$work/prefix/lib/cmake/bt/btConfig.cmake" >"$work/btConfig.cmake"
    if cmp -s "$work/cmake.list" "$work/make.list" &&
       cmp -s "$work/btConfig.cmake" "$work/make-prefix/lib/cmake/bt/btConfig.cmake" &&
       cmp -s "$work/prefix/lib/cmake/bt/btConfigVersion.cmake" "$work/make-prefix/lib/cmake/bt/btConfigVersion.cmake"; then
      pass
    else
      diff "$work/make.list" "$work/cmake.list"
      diff "$work/make-prefix/lib/cmake/bt/btConfig.cmake" "$work/btConfig.cmake"
      fail "$name: not the files (>) or the package config of make install (<), the hook aside"
    fi
  else
    cat "$work/log"; fail "$name: cmake --install or make install failed"
  fi
  name="find_package(bt 0.1) of the CMake build's install, with $compiler"
  project "$work/found" "find_package(bt 0.1 REQUIRED)"
  build "$work/found" "$work/found/build" "$cxx" -DCMAKE_PREFIX_PATH="$work/prefix" && no_spdlog "$work/found/build/first"
done
finish
