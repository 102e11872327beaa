#!/bin/sh
# Installs bt into a temporary prefix and builds one small program against it
# twice: through CMake's find_package(bt) and through pkg-config.
set -e
make=${MAKE:-make}
build=${1:-build}
prefix=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT
$make -s BUILD="$build" install PREFIX="$prefix" >/dev/null
cp demo/t01_first_tree.cpp "$work/main.cpp"
cat > "$work/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(bt_consumer CXX)
find_package(bt REQUIRED)
add_executable(consumer main.cpp)
target_link_libraries(consumer PRIVATE bt::bt)
CMAKE
passed=0
failed=0
if cmake -S "$work" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null &&
   cmake --build "$work/cmake" >/dev/null && "$work/cmake/consumer" | grep -q "memory block: 48 bytes"; then
  passed=$((passed + 1))
else
  echo "FAIL: a CMake project could not find_package(bt) and use it"; failed=$((failed + 1))
fi
if PKG_CONFIG_PATH="$prefix/lib/pkgconfig" sh -c \
     'g++ "$0/main.cpp" $(pkg-config --cflags --libs bt) -o "$0/pc_consumer"' "$work" &&
   "$work/pc_consumer" | grep -q "memory block: 48 bytes"; then
  passed=$((passed + 1))
else
  echo "FAIL: a program could not build against bt through pkg-config"; failed=$((failed + 1))
fi
echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
