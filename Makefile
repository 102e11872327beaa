# bt — build, test and install. Every target first makes sure the Debian
# packages it needs are installed (apt-get when root; otherwise it prints the
# command and stops), so a fresh clone needs only `make demo` and `make test`.
#
#   make            library, demos, tools and tests
#   make test       the Catch2 suite, the negative-compile tests, a bounded fuzz
#                   run, then the suite again under ASan+UBSan
#   make demo       builds and runs the main demo (the creatures sandbox), and builds
#                   bt_timeline and bt_dot, which demo/README.md pipes its output through;
#                   DEMO_ARGS="--tree bots/defend.bt": the creatures run that .bt file, reloaded as it is edited
#   make bench      the creatures benchmark against a hand-written baseline, then the crowd's,
#                   then the classic workload (tools/bench/classic.md; alone: make bench-classic)
#   make fuzz       the tick fuzzer for FUZZ_SECONDS (default 600; clang-14, libFuzzer)
#   make fuzz-stimuli-print  the stimuli and DebugPrintState fuzzer, the same way
#   make fuzz-expression     the condition-language fuzzer, the same way
#   make fuzz-unvanquished   the Unvanquished .bt loader fuzzer, the same way
#   make fuzz-selection-tree the CryEngine selection-tree loader fuzzer, the same way
#   make fuzz-mbt   the MBT XML loader fuzzer, the same way
#   make fuzz-dragengine     the Drag[en]gine XML loader fuzzer, the same way
#   make fuzz-lua            the Lua script engine's compiler fuzzer, the same way
#   make valgrind   every demo under valgrind memcheck
#   make tsan       the threading tests ([threads]) under ThreadSanitizer
#   make bench-micro  Google Benchmark of the parts of a tick
#   make bench-import the Unvanquished loader's speed, and a loaded tree against its C++ twin (tools/bench/import.md)
#   make bench-lua    Google Benchmark of a LuaGate's cost per tick (Lua 5.4 script engine)
#   make install PREFIX=/usr/local   headers, libbt.a, libbt_spdlog.a, libbt_data.a, libbt_loaders.a, bt_dot,
#                   bt_timeline, bt_import, the gdb printers and LLDB formatters, pkg-config (bt, bt-loaders)
#                   and CMake files (find_package(bt 0.1))
#   BT_SPDLOG=0     with any target: the default debug-output hook writes to stderr
#                   (libbt_stderr.a) and the libraries need no spdlog (bt/log/README.md)
#   CMake builds the libraries too: bt/CMakeLists.txt (bt/README.md, "Installing")

# The one place the version is written: bt.pc and the CMake package get it from here.
BT_VERSION := 0.1.0
BT_VERSION_MAJOR := $(word 1,$(subst ., ,$(BT_VERSION)))
BT_VERSION_MINOR := $(word 2,$(subst ., ,$(BT_VERSION)))

CXX      ?= g++
PREFIX   ?= /usr/local
BUILD    ?= build
CXXSTD   := -std=c++20
WARN     := -Wall -Wextra -Werror
OPT      ?= -O2 -g
DEPFLAGS  = -MMD -MP
# The default debug-output hook (bt/log/), a library of its own after libbt.a:
# libbt_spdlog.a (the spdlog logger "bt"), or with BT_SPDLOG=0 libbt_stderr.a,
# and then nothing links spdlog (the suite's own spdlog tests aside).
BT_SPDLOG ?= 1
DEBUG_HOOK := $(if $(filter 0,$(BT_SPDLOG)),stderr,spdlog)
SPDLOG_CFLAGS = $(shell pkg-config --cflags spdlog 2>/dev/null)
SPDLOG_LIBS   = $(if $(filter 0,$(BT_SPDLOG)),,$(shell pkg-config --libs spdlog 2>/dev/null || echo -lspdlog -lfmt))
CPPFLAGS += -I. $(SPDLOG_CFLAGS)
CXXFLAGS += $(CXXSTD) $(WARN) $(OPT)
LDLIBS   += $(SPDLOG_LIBS) -pthread

SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# GCC 12 reports a false maybe-uninitialized inside <regex> (pulled in by Catch2) under the sanitizers.
SAN_WARN  := $(WARN) -Wno-maybe-uninitialized

# Debian packages, per purpose: each target waits for the stamp of the set it
# needs, so `make demo` installs only what the demo needs before showing anything.
# (No Boost: no source includes it.)
PACKAGES_build       := g++ pkg-config libspdlog-dev libfmt-dev
# PEGTL: only for libbt_data.a (the condition language's grammars), not the core or the demos.
PACKAGES_data        := $(PACKAGES_build) tao-pegtl-dev
# pugixml: only for libbt_loaders.a (the XML formats' loaders); Lua 5.4: its
# script engine of MBT's Lua nodes (bt/loaders/lua/).
PACKAGES_loaders     := $(PACKAGES_data) libpugixml-dev liblua5.4-dev
LUA_CFLAGS           := $(shell pkg-config --cflags lua5.4 2>/dev/null || echo -I/usr/include/lua5.4)
LUA_LIBS             := $(shell pkg-config --libs lua5.4 2>/dev/null || echo -llua5.4)
LOADER_LIBS          := -lpugixml $(LUA_LIBS)
CPPFLAGS             += $(LUA_CFLAGS)
# The sandbox loads tree files (--tree): the loaders' packages too.
PACKAGES_demo        := $(PACKAGES_loaders) libncurses-dev
PACKAGES_test        := $(PACKAGES_demo) tao-pegtl-dev libpugixml-dev liblua5.4-dev catch2 cmake clang-14 libclang-rt-14-dev gdb graphviz libtbb-dev
PACKAGES_fuzz        := $(PACKAGES_loaders) clang-14 libclang-rt-14-dev
PACKAGES_bench-micro := $(PACKAGES_data) libbenchmark-dev
PACKAGES_valgrind    := $(PACKAGES_demo) valgrind
# oneTBB: only for what includes bt/crowd/tbb.h (the tests, the crowd benchmark); the library does not link it.
PACKAGES_bench       := $(PACKAGES_data) libtbb-dev
TBB_LIBS             := -ltbb
DEPS_STAMP       := $(BUILD)/.deps-build
DEPS_DATA        := $(BUILD)/.deps-data
DEPS_LOADERS     := $(BUILD)/.deps-loaders
DEPS_DEMO        := $(BUILD)/.deps-demo
DEPS_TEST        := $(BUILD)/.deps-test
DEPS_FUZZ        := $(BUILD)/.deps-fuzz
DEPS_BENCH_MICRO := $(BUILD)/.deps-bench-micro
DEPS_VALGRIND    := $(BUILD)/.deps-valgrind
DEPS_BENCH       := $(BUILD)/.deps-bench

# The core and the engine over it, with the debug formatters and the crowd: libbt.a.
CORE_SRCS := $(wildcard bt/core/*.cpp bt/engine/*.cpp bt/engine/kinds/*.cpp bt/debug/*.cpp bt/crowd/*.cpp)
# Its default debug-output hook: libbt_spdlog.a or libbt_stderr.a. What links
# the sources rather than the libraries (fuzzers, checks) takes both.
DEBUG_HOOK_SRCS := bt/log/$(DEBUG_HOOK)_output.cpp
LIB_SRCS  := $(CORE_SRCS) $(DEBUG_HOOK_SRCS)
# Trees from data (builder, registry, expressions): a library on top of the core.
DATA_SRCS := $(wildcard bt/data/*.cpp)
# The loaders of the other systems' files: a library on top of the data library.
LOADER_SRCS := $(wildcard bt/loaders/*.cpp) $(wildcard bt/loaders/*/*.cpp)
# The Catch2 suite: tests/main.cpp and one folder per layer of bt/ (tests/README.md).
# tests/fuzz/, tests/compile_fail/ and the folders' own programs (write_cpp/,
# debug_output_off/, header_hygiene/) are built by their own rules.
TEST_DIRS := tests tests/support tests/core tests/engine tests/engine/kinds tests/debug tests/crowd \
             tests/builder tests/loaders $(patsubst %/,%,$(dir $(wildcard tests/loaders/*/))) tests/tools
TEST_SRCS := $(wildcard $(addsuffix /*.cpp,$(TEST_DIRS)))
# The benchmark's creatures trees (macro and from data), which the builder tests compare.
TEST_SRCS += tools/bench/bt_creatures.cpp tools/bench/data_creatures.cpp
# The classic workload's two sides, which tests/tools/classic_bench_test.cpp compares.
TEST_SRCS += tools/bench/bt_classic.cpp tools/bench/classic_handwritten.cpp
# The trees the round trip to C++ writes out (tests/builder/write_cpp/generate.cpp).
TEST_SRCS += tests/builder/write_cpp/trees.cpp
# bt_import's parts the tests link (tests/tools/bt_import_*): all of it but its main.
BT_IMPORT_SRCS := $(filter-out tools/bt_import/main.cpp,$(wildcard tools/bt_import/*.cpp))
TEST_SRCS += $(BT_IMPORT_SRCS)
DEMO_SRCS := $(wildcard demo/*.cpp)
DEMO_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard demo/*/*.cpp))))
TOOL_SRCS := $(filter-out tools/bench%.cpp,$(wildcard tools/*.cpp))

# libbt.a and its default hook's library, in link order.
LIB        := $(BUILD)/libbt.a $(BUILD)/libbt_$(DEBUG_HOOK).a
LIB_SAN    := $(BUILD)/san/libbt.a $(BUILD)/san/libbt_$(DEBUG_HOOK).a
LIB_DATA     := $(BUILD)/libbt_data.a
LIB_DATA_SAN := $(BUILD)/san/libbt_data.a
LIB_LOADERS     := $(BUILD)/libbt_loaders.a
LIB_LOADERS_SAN := $(BUILD)/san/libbt_loaders.a
TESTS      := $(BUILD)/tests/bt_tests
TESTS_SAN  := $(BUILD)/san/tests/bt_tests
DEMOS      := $(patsubst demo/%.cpp,$(BUILD)/demo/%,$(DEMO_SRCS)) $(patsubst demo/%,$(BUILD)/demo/%,$(DEMO_DIRS))
TOOLS      := $(patsubst tools/%.cpp,$(BUILD)/tools/%,$(TOOL_SRCS))
BT_IMPORT  := $(BUILD)/tools/bt_import
MAIN_DEMO  := $(if $(wildcard demo/creatures),$(BUILD)/demo/creatures,$(BUILD)/demo/t01_first_tree)
DEMO_ARGS  ?=

.PHONY: all deps lib test test-unit test-san compile-fail demo demos tools install clean
.DEFAULT_GOAL := all
.SECONDARY:

all: lib demos tools $(TESTS)

# ------------------------------------------------------------------ packages
# Installs the packages given that are missing: with apt-get when root
# (under a lock, as parallel targets may ask at once; apt-get waits for no one),
# otherwise it prints the command and fails.
ENSURE_PACKAGES = missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    flock /tmp/bt-apt-get.lock sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$$@" >/dev/null' \
	      sh $$missing || exit 1; \
	  else \
	    echo "missing Debian packages; run:  sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

# `make deps`: everything `make test` needs.
deps: $(DEPS_TEST)
# Re-checked when the Makefile (and so a package list) changes; objects only wait for it.
$(BUILD)/.deps-%: Makefile
	@$(call ENSURE_PACKAGES,$(PACKAGES_$*))
	@mkdir -p $(@D) && touch $@

# ------------------------------------------------------------------ library
lib: $(LIB) $(LIB_DATA) $(LIB_LOADERS)
$(BUILD)/obj/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) $(DEPFLAGS) -c $< -o $@
$(BUILD)/san/obj/%.o: %.cpp | $(DEPS_TEST)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXSTD) $(SAN_WARN) -O1 -g $(SAN_FLAGS) $(DEPFLAGS) -c $< -o $@

# Beyond the library's packages: Catch2 for the tests, ncurses for the sandbox.
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(TEST_SRCS)): | $(DEPS_TEST)
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard demo/*/*.cpp)): | $(DEPS_DEMO)
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(DATA_SRCS)): | $(DEPS_DATA)
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(LOADER_SRCS)): | $(DEPS_LOADERS)

$(BUILD)/libbt.a: $(patsubst %.cpp,$(BUILD)/obj/%.o,$(CORE_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(BUILD)/libbt_spdlog.a $(BUILD)/libbt_stderr.a: $(BUILD)/libbt_%.a: $(BUILD)/obj/bt/log/%_output.o
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(BUILD)/san/libbt.a: $(patsubst %.cpp,$(BUILD)/san/obj/%.o,$(CORE_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(BUILD)/san/libbt_spdlog.a $(BUILD)/san/libbt_stderr.a: $(BUILD)/san/libbt_%.a: $(BUILD)/san/obj/bt/log/%_output.o
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(LIB_DATA): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(DATA_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(LIB_DATA_SAN): $(patsubst %.cpp,$(BUILD)/san/obj/%.o,$(DATA_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(LIB_LOADERS): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(LOADER_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(LIB_LOADERS_SAN): $(patsubst %.cpp,$(BUILD)/san/obj/%.o,$(LOADER_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

# ------------------------------------------------------------------ tests
$(TESTS): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(TEST_SRCS)) $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS) $(TBB_LIBS)
$(TESTS_SAN): $(patsubst %.cpp,$(BUILD)/san/obj/%.o,$(TEST_SRCS)) $(LIB_LOADERS_SAN) $(LIB_DATA_SAN) $(LIB_SAN)
	@mkdir -p $(@D)
	$(CXX) $(CXXSTD) $(SAN_FLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS) $(TBB_LIBS)

# The round trip to C++ (tests/builder/write_cpp_test.cpp): a generator builds trees
# from data and writes them as C++ (bt/data/write_cpp.h) into $(WRITE_CPP_GEN),
# which the test compiles, as a game's build would.
WRITE_CPP_GEN       := $(BUILD)/gen/write_cpp
WRITE_CPP_GENERATOR := $(BUILD)/tests/write_cpp_generate
# Every built-in node kind of each format, as tree files (written out through the loaders).
WRITE_CPP_NODE_FILES := $(wildcard tests/data/bt_import/*_nodes*.xml tests/data/bt_import/*_nodes*.bt)
WRITE_CPP_FILES     := $(WRITE_CPP_GEN)/figure1.h $(WRITE_CPP_GEN)/features.h $(WRITE_CPP_GEN)/classic.h \
                       $(WRITE_CPP_GEN)/conditions.h $(WRITE_CPP_GEN)/machine.h \
                       $(patsubst %,$(WRITE_CPP_GEN)/%_nodes.h,mbt unvanquished dragengine selection)
$(WRITE_CPP_GENERATOR): $(patsubst %.cpp,$(BUILD)/obj/%.o,tests/builder/write_cpp/generate.cpp tests/builder/write_cpp/trees.cpp \
                          tests/support/figure1_data.cpp tests/support/trace_agent.cpp) $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS)
$(WRITE_CPP_FILES) &: $(WRITE_CPP_GENERATOR) $(WRITE_CPP_NODE_FILES)
	@mkdir -p $(WRITE_CPP_GEN)
	$(WRITE_CPP_GENERATOR) $(WRITE_CPP_GEN)
$(BUILD)/obj/tests/builder/write_cpp_test.o $(BUILD)/san/obj/tests/builder/write_cpp_test.o: $(WRITE_CPP_FILES)
$(BUILD)/obj/tests/builder/write_cpp_test.o $(BUILD)/san/obj/tests/builder/write_cpp_test.o: CPPFLAGS += -I$(BUILD)/gen

test: test-unit compile-fail test-install test-extra test-san

test-unit: $(TESTS) demos $(BT_IMPORT)
	@sh tests/support/run_catch.sh $(TESTS) unit

test-san: $(TESTS_SAN)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 sh tests/support/run_catch.sh $(TESTS_SAN) asan+ubsan

# The suite again, built with clang++ (its own build directory): both compilers
# must take every public header and the compiled tick.
CLANG_CXX ?= clang++-14
.PHONY: test-clang
test-extra: test-clang
test-clang: | $(DEPS_TEST)
	@$(MAKE) --no-print-directory CXX=$(CLANG_CXX) BUILD=$(BUILD)/clang $(BUILD)/clang/tests/bt_tests
	@sh tests/support/run_catch.sh $(BUILD)/clang/tests/bt_tests clang

# The compiled tick still inlines into a caller's loop (tests/engine/inlined_tick_test.sh):
# a tick that became a call per agent costs much and fails no other test. Both
# workloads: the classic one's tick is the larger, and went out of line before.
.PHONY: test-inlined-tick
test-extra: test-inlined-tick
test-inlined-tick: $(BUILD)/obj/tools/bench/bt_creatures.o $(BUILD)/obj/tools/bench/bt_classic.o
	@sh tests/engine/inlined_tick_test.sh $^

# The threading tests (tests/engine/init_threads_test.cpp, all tagged [threads]) and the
# library built with ThreadSanitizer into their own directory. Only that file:
# tests/support/run_catch.sh runs a whole binary, and the rest of the suite is single-threaded.
# halt_on_error: a race ends the run, so Catch prints no "All tests passed".
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
LIB_TSAN   := $(BUILD)/tsan/libbt.a $(BUILD)/tsan/libbt_$(DEBUG_HOOK).a
TESTS_TSAN := $(BUILD)/tsan/tests/bt_threads_tests
.PHONY: tsan test-tsan
test-extra: test-tsan
tsan: test-tsan
test-tsan: $(TESTS_TSAN)
	@TSAN_OPTIONS=halt_on_error=1 sh tests/support/run_catch.sh $(TESTS_TSAN) tsan
$(BUILD)/tsan/obj/%.o: %.cpp | $(DEPS_TEST)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXSTD) $(SAN_WARN) -O1 -g $(TSAN_FLAGS) $(DEPFLAGS) -c $< -o $@
$(BUILD)/tsan/libbt.a: $(patsubst %.cpp,$(BUILD)/tsan/obj/%.o,$(CORE_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(BUILD)/tsan/libbt_spdlog.a $(BUILD)/tsan/libbt_stderr.a: $(BUILD)/tsan/libbt_%.a: $(BUILD)/tsan/obj/bt/log/%_output.o
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(TESTS_TSAN): $(patsubst %.cpp,$(BUILD)/tsan/obj/%.o,tests/main.cpp tests/engine/init_threads_test.cpp tests/debug/debug_output_threads_test.cpp \
                                                 tests/support/figure1_tree.cpp tests/support/trace_agent.cpp) $(LIB_TSAN)
	@mkdir -p $(@D)
	$(CXX) $(CXXSTD) $(TSAN_FLAGS) $^ -o $@ $(LDLIBS)

# Each tests/compile_fail/*.cpp must fail to compile with the message in its `// expect:` line.
compile-fail: | $(DEPS_STAMP)
	@sh tests/compile_fail/run.sh "$(CXX) $(CPPFLAGS) $(CXXSTD) $(WARN) -fsyntax-only"
.PHONY: compile-fail-clang
test-extra: compile-fail-clang
compile-fail-clang: | $(DEPS_TEST)
	@sh tests/compile_fail/run.sh "$(CLANG_CXX) $(CPPFLAGS) $(CXXSTD) $(WARN) -fsyntax-only"

# make install, then pkg-config and find_package(bt 0.1) from a small consumer, with g++ and clang++.
.PHONY: test-install
test-install: $(LIB) | $(DEPS_TEST)
	@MAKE="$(MAKE)" sh tests/package/install_test.sh $(BUILD) $(CLANG_CXX)

# Further checks added by other parts of the suite (fuzz run, gdb printers, ...).
.PHONY: test-extra
test-extra:

# Every public header, the macros and both ticks in one TU under -Wpedantic
# -Wconversion -Wshadow -Werror, with g++ and clang++: users build our headers
# with their own flags (tests/package/header_hygiene.sh).
.PHONY: test-header-hygiene test-layers
test-extra: test-header-hygiene test-layers
# The layers of bt/ include one way: no file includes a higher layer (bt/README.md).
test-layers:
	@sh tests/package/layers_test.sh
test-header-hygiene: | $(DEPS_TEST)
	@sh tests/package/header_hygiene.sh g++ $(CLANG_CXX)

# No file points outside the repository, no comment quotes a measurement, and
# every .cpp/.h over 500 lines has a section index (tests/comments/comments_test.sh).
.PHONY: test-comments
test-extra: test-comments
test-comments:
	@sh tests/comments/comments_test.sh

# The creatures sandbox, run without interaction for a fixed seed: its transitions at their ticks.
.PHONY: test-demo
test-extra: test-demo
test-demo: $(BUILD)/demo/creatures
	@sh tests/demo/demo_creatures_test.sh $(BUILD)/demo/creatures

# The sandbox running Unvanquished .bt trees (--tree), reloaded as they are rewritten.
.PHONY: test-demo-tree
test-extra: test-demo-tree
test-demo-tree: $(BUILD)/demo/creatures
	@sh tests/demo/demo_tree_test.sh $(BUILD)/demo/creatures

# The classic kinds demo prints exactly its expected run.
.PHONY: test-demo-classic
test-extra: test-demo-classic
test-demo-classic: $(BUILD)/demo/t07_classic_kinds
	@$(BUILD)/demo/t07_classic_kinds | diff -u tests/demo/demo_t07_expected.txt - && echo "demo t07_classic_kinds: passed"

# The debug output facility compiled out: the library and a check built with
# BT_DEBUG_OUTPUT=0 into their own directory. The check ticks at level 5 and
# must see no line; the tick's object must not even refer to the facility.
DEBUG_OFF := $(BUILD)/debug-off
.PHONY: test-debug-off
test-extra: test-debug-off
test-debug-off: $(DEBUG_OFF)/check
	@for object in tick walk tick_debug; do \
	  symbols=$$(nm -C $(DEBUG_OFF)/obj/bt/engine/$$object.o) || exit 1; \
	  if echo "$$symbols" | grep -q 'DebugEmit\|gDebugOutput'; then \
	    echo "debug-off: FAILED: $$object.o still refers to the debug output facility"; exit 1; fi; \
	done
	@$(DEBUG_OFF)/check
$(DEBUG_OFF)/obj/%.o: %.cpp | $(DEPS_TEST)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) -DBT_DEBUG_OUTPUT=0 $(CXXFLAGS) $(DEPFLAGS) -c $< -o $@
$(DEBUG_OFF)/check: $(patsubst %.cpp,$(DEBUG_OFF)/obj/%.o,$(LIB_SRCS) tests/debug/debug_output_off/check.cpp)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)

# A program built with other limits (bt/core/config.h) than libbt.a must not link,
# and the error names the limit to rebuild libbt with.
.PHONY: test-limits-link
test-extra: test-limits-link
test-limits-link: $(LIB) | $(DEPS_TEST)
	@sh tests/package/limits_link_test.sh "$(LIB)" g++ $(CLANG_CXX)

# The gdb pretty-printers (tools/gdb/bt_printers.py) on the first demo and on the
# variables test's trees (parameters, variables) and the why test's records, in gdb's batch mode.
.PHONY: test-gdb
test-extra: test-gdb
test-gdb: $(BUILD)/demo/t01_first_tree $(TESTS) | $(DEPS_TEST)
	@sh tests/tools/gdb_printers_test.sh $(BUILD)/demo/t01_first_tree $(TESTS)

# The picture tools: bt_timeline's exact SVG, bt_dot's DOT through graphviz.
.PHONY: test-pictures
test-extra: test-pictures
test-pictures: $(BUILD)/tools/bt_dot $(BUILD)/tools/bt_timeline | $(DEPS_TEST)
	@sh tests/tools/pictures_test.sh $(BUILD)/tools

# libFuzzer over the tick (tests/fuzz/): clang-14 from Debian, whose fuzzer, ASan
# and UBSan runtimes come in libclang-rt-14-dev. The library is rebuilt with it,
# instrumented, into its own directory. test-fuzz is the bounded run of `make
# test`; `make fuzz` runs for FUZZ_SECONDS. New inputs go to a scratch corpus,
# never into the seeds in tests/fuzz/corpus.
FUZZ_CXX       ?= clang++-14
FUZZ_SAN       := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Clang, unlike GCC, warns about aggregates that leave later fields to their
# defaults. Its other warnings on the library are shown but not fatal (the GCC
# build is the gate there); on the harness they are errors.
FUZZ_WARN      := $(WARN) -Wno-missing-field-initializers -Wno-error
$(BUILD)/fuzz/obj/tests/fuzz/%.o: FUZZ_WARN := $(WARN) -Wno-missing-field-initializers
FUZZER         := $(BUILD)/fuzz/tick_fuzzer
FUZZ_SECONDS   ?= 600
FUZZ_TEST_SECONDS ?= 60
# make test replays one fixed stream of inputs, at most FUZZ_TEST_RUNS of them (a
# clean clone's CI is reproducible);
# make fuzz and fuzz-NAME draw a new seed each run, to explore.
FUZZ_TEST_SEED ?= 1
FUZZ_TEST_RUNS ?= 300000
.PHONY: fuzz test-fuzz
test-extra: test-fuzz
test-fuzz: $(FUZZER)
	@FUZZ_SEED=$(FUZZ_TEST_SEED) FUZZ_RUNS=$(FUZZ_TEST_RUNS) sh tests/fuzz/run.sh $(FUZZER) $(FUZZ_TEST_SECONDS) $(BUILD)/fuzz
fuzz: $(FUZZER)
	@sh tests/fuzz/run.sh $(FUZZER) $(FUZZ_SECONDS) $(BUILD)/fuzz
$(BUILD)/fuzz/obj/%.o: %.cpp | $(DEPS_FUZZ)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(CPPFLAGS) $(CXXSTD) $(FUZZ_WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(DEPFLAGS) -c $< -o $@
$(FUZZER): $(patsubst %.cpp,$(BUILD)/fuzz/obj/%.o,$(LIB_SRCS) tests/fuzz/tick_fuzzer.cpp)
	$(FUZZ_CXX) $(FUZZ_SAN) -fsanitize=fuzzer $^ -o $@ $(LDLIBS)

# Every other libFuzzer target, each from its own seeds (tests/fuzz/corpus_NAME),
# with its scratch corpus and log under $(BUILD)/fuzz/NAME: $(1) the make name
# (make fuzz-$(1); bounded in make test as test-fuzz-$(1)), $(2) the harness
# tests/fuzz/$(2).cpp, $(3) NAME, $(4) what it is built from, $(5) more libraries.
define FUZZ_TARGET
$(1)_FUZZER := $(BUILD)/fuzz/$(2)
.PHONY: fuzz-$(1) test-fuzz-$(1)
test-extra: test-fuzz-$(1)
test-fuzz-$(1): $$($(1)_FUZZER)
	@FUZZ_SEED=$$(FUZZ_TEST_SEED) FUZZ_RUNS=$$(FUZZ_TEST_RUNS) sh tests/fuzz/run.sh $$($(1)_FUZZER) $$(FUZZ_TEST_SECONDS) $(BUILD)/fuzz/$(3) tests/fuzz/corpus_$(3) fuzz-$(1)
fuzz-$(1): $$($(1)_FUZZER)
	@sh tests/fuzz/run.sh $$($(1)_FUZZER) $$(FUZZ_SECONDS) $(BUILD)/fuzz/$(3) tests/fuzz/corpus_$(3) fuzz-$(1)
$$($(1)_FUZZER): $$(patsubst %.cpp,$(BUILD)/fuzz/obj/%.o,$(4) tests/fuzz/$(2).cpp)
	$$(FUZZ_CXX) $$(FUZZ_SAN) -fsanitize=fuzzer $$^ -o $$@ $$(LDLIBS) $(5)
endef
# The stimuli store and the block readers (DebugPrintState, WriteTreeDot, ActivePath).
$(eval $(call FUZZ_TARGET,stimuli-print,stimuli_print_fuzzer,stimuli_print,$(LIB_SRCS)))
# The compiled tick against the interpreted one.
$(eval $(call FUZZ_TARGET,compiled,compiled_fuzzer,compiled,$(LIB_SRCS)))
# The condition language's compiler and evaluator, both dialects.
$(eval $(call FUZZ_TARGET,expression,expression_fuzzer,expression,$(LIB_SRCS) $(DATA_SRCS)))
# The tree builder of trees from data: random specs against a small registry.
$(eval $(call FUZZ_TARGET,builder,builder_fuzzer,builder,$(LIB_SRCS) $(DATA_SRCS)))
# The loaders, in stub mode as bt_import --check runs them, each seeded with its
# format's files of tests/data (the malformed ones among them): the Unvanquished
# .bt loader (its includes in the input), the selection-tree and MBT XML loaders,
# the Drag[en]gine XML loader (its subtree files in the input).
$(eval $(call FUZZ_TARGET,unvanquished,unvanquished_fuzzer,unvanquished,$(LIB_SRCS) $(DATA_SRCS) $(LOADER_SRCS),$(LOADER_LIBS)))
$(eval $(call FUZZ_TARGET,selection-tree,selection_tree_fuzzer,selection_tree,$(LIB_SRCS) $(DATA_SRCS) $(LOADER_SRCS),$(LOADER_LIBS)))
$(eval $(call FUZZ_TARGET,mbt,mbt_fuzzer,mbt,$(LIB_SRCS) $(DATA_SRCS) $(LOADER_SRCS),$(LOADER_LIBS)))
$(eval $(call FUZZ_TARGET,dragengine,dragengine_fuzzer,dragengine,$(LIB_SRCS) $(DATA_SRCS) $(LOADER_SRCS),$(LOADER_LIBS)))
# The Lua script engine's compiler: the chunks of MBT's Lua nodes (Lua itself is
# Debian's, not instrumented).
$(eval $(call FUZZ_TARGET,lua,lua_fuzzer,lua,$(LIB_SRCS) bt/loaders/lua/lua_scripts.cpp,$(LUA_LIBS)))

# bt_import's runs of tests/data/bt_import (each TREE.script's output against
# TREE.expected) and its C++ of the corpus trees, compiled with g++.
.PHONY: test-bt-import
test-extra: test-bt-import
test-bt-import: $(BT_IMPORT) | $(DEPS_TEST)
	@sh tests/tools/bt_import_test.sh $(BT_IMPORT) "$(CXX) $(CPPFLAGS) $(CXXSTD) $(WARN)" $(BUILD)/bt_import_test

# The format pages (bt/loaders/README.md and bt/loaders/FORMAT/README.md) cannot go
# stale: their example files load and their C++ compiles, the files they show are
# the files beside them, and each bt_import session they show prints exactly that.
.PHONY: test-format-pages
test-extra: test-format-pages
test-format-pages: $(BT_IMPORT) | $(DEPS_TEST)
	@sh tests/loaders/format_pages_test.sh $(BT_IMPORT) "$(CXX) $(CPPFLAGS) $(CXXSTD) $(WARN)"

# The guides' examples (README.md, bt/**/README.md but the format pages,
# demo/README.md, tools/bench/README.md) cannot go stale: each C++ program is
# built and run, each fragment compiled in its wrapper (tests/docs/), each file
# shown is the file and loads, each session prints what the page shows.
.PHONY: test-docs
test-extra: test-docs
test-docs: $(BT_IMPORT) $(LIB_LOADERS) $(LIB_DATA) $(LIB) $(DEMOS) | $(DEPS_TEST)
	@sh tests/docs/examples_test.sh $(BT_IMPORT) "$(CXX) $(CPPFLAGS) $(CXXSTD) $(WARN)" \
	  "$(LIB_LOADERS) $(LIB_DATA) $(LIB) $(LDLIBS) $(LOADER_LIBS) $(TBB_LIBS)" $(BUILD)

# valgrind memcheck over every demo binary: any error or leak fails.
.PHONY: valgrind
valgrind: $(DEMOS) | $(DEPS_VALGRIND)
	@sh tests/demo/valgrind_demos.sh $(DEMOS)

# ------------------------------------------------------------------ demos and tools
demos: $(DEMOS)
$(BUILD)/demo/%: $(BUILD)/obj/demo/%.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)
# A demo directory's libraries beyond libbt.a, in link order (before libbt.a, which they use).
DEMO_LIBS_creatures := $(LIB_LOADERS) $(LIB_DATA)
define DEMO_DIR_RULE
$(BUILD)/$(1): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard $(1)/*.cpp)) $(DEMO_LIBS_$(notdir $(1))) $(LIB)
	@mkdir -p $$(@D)
	$$(CXX) $$(CXXFLAGS) $$^ -o $$@ $$(LDLIBS) $$(DEMO_LDLIBS_$(notdir $(1)))
endef
$(foreach d,$(DEMO_DIRS),$(eval $(call DEMO_DIR_RULE,$(d))))

# The creatures sandbox draws with ncurses, and its loaders read XML with pugixml.
DEMO_LDLIBS_creatures := $(shell pkg-config --libs ncurses 2>/dev/null || echo -lncurses) $(LOADER_LIBS)

# With the tools demo/README.md's sandbox section pipes its output through; graphviz
# only when DEMO_ARGS asks for an SVG (--dot FILE.svg runs dot).
DEMO_TOOLS := $(BUILD)/tools/bt_timeline $(BUILD)/tools/bt_dot
demo: $(MAIN_DEMO) $(DEMO_TOOLS)
	@$(if $(findstring .svg,$(DEMO_ARGS)),$(call ENSURE_PACKAGES,graphviz))
	$(MAIN_DEMO) $(DEMO_ARGS)

tools: $(TOOLS) $(BT_IMPORT)
$(BUILD)/tools/%: $(BUILD)/obj/tools/%.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)

# bt_import (tools/bt_import/): any loader's file checked, listed, printed, drawn,
# written as C++ or run against a script.
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard tools/bt_import/*.cpp)): | $(DEPS_LOADERS)
$(BT_IMPORT): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard tools/bt_import/*.cpp)) $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS)

# ------------------------------------------------------------------ benchmarks
# bench: the creatures workload, bt against a hand-written baseline, scaling table
# first, then the one-line summary. bench-micro: Google Benchmark of the tick's parts.
# Then the crowd (bt/crowd/crowd.h) on the same workload, through oneTBB: bench-crowd.
BENCH_CLASSIC_SRCS := tools/bench/classic_main.cpp tools/bench/bt_classic.cpp tools/bench/classic_handwritten.cpp \
                      tools/bench/floor.cpp tools/bench/alloc_count.cpp
BENCH_IMPORT_SRCS := tools/bench/import_main.cpp tools/bench/import_creatures.cpp tools/bench/alloc_count.cpp
BENCH_SRCS  := $(filter-out tools/bench/micro.cpp tools/bench/lua.cpp tools/bench/crowd_main.cpp $(BENCH_CLASSIC_SRCS) $(BENCH_IMPORT_SRCS) \
                 tools/bench/import_generate.cpp,$(wildcard tools/bench/*.cpp)) \
               tools/bench/floor.cpp tools/bench/alloc_count.cpp
BENCH       := $(BUILD)/tools/bench/creatures
BENCH_CLASSIC := $(BUILD)/tools/bench/classic
BENCH_CROWD := $(BUILD)/tools/bench/crowd
BENCH_MICRO := $(BUILD)/tools/bench/micro
BENCH_ARGS  ?= --scaling
.PHONY: bench bench-micro bench-crowd bench-classic
bench: $(BENCH) $(BENCH_CROWD) $(BENCH_CLASSIC)
	$(BENCH) $(BENCH_ARGS)
	$(BENCH_CROWD) $(BENCH_CROWD_ARGS)
	$(BENCH_CLASSIC) $(BENCH_CLASSIC_ARGS)
bench-classic: $(BENCH_CLASSIC)
	$(BENCH_CLASSIC) $(BENCH_CLASSIC_ARGS)
$(BENCH_CLASSIC): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(BENCH_CLASSIC_SRCS)) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)
bench-crowd: $(BENCH_CROWD)
	$(BENCH_CROWD) $(BENCH_CROWD_ARGS)
$(BUILD)/obj/tools/bench/crowd_main.o: | $(DEPS_BENCH)
$(BENCH_CROWD): $(patsubst %.cpp,$(BUILD)/obj/%.o,tools/bench/crowd_main.cpp tools/bench/bt_creatures.cpp tools/bench/alloc_count.cpp) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(TBB_LIBS)
bench-micro: $(BENCH_MICRO)
	$(BENCH_MICRO) $(BENCH_MICRO_ARGS)
$(BENCH): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(BENCH_SRCS)) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)
# bench-lua: Google Benchmark of a LuaGate's cost per tick (tools/bench/lua.cpp).
BENCH_LUA := $(BUILD)/tools/bench/lua
.PHONY: bench-lua
bench-lua: $(BENCH_LUA)
	$(BENCH_LUA) $(BENCH_LUA_ARGS)
$(BUILD)/obj/tools/bench/lua.o: | $(DEPS_BENCH_MICRO) $(DEPS_LOADERS)
$(BENCH_LUA): $(patsubst %.cpp,$(BUILD)/obj/%.o,tools/bench/lua.cpp tools/bench/alloc_count.cpp) $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS) -lbenchmark
$(BUILD)/obj/tools/bench/micro.o: | $(DEPS_BENCH_MICRO)
$(BENCH_MICRO): $(patsubst %.cpp,$(BUILD)/obj/%.o,tools/bench/micro.cpp tools/bench/bt_creatures.cpp tools/bench/handwritten.cpp) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) -lbenchmark

# bench-import (tools/bench/import.md): the Unvanquished loader's speed over the
# test and demo files, then a loaded tree ticked against its C++ twin, which
# import_generate writes from tools/bench/import.bt at build time (as the
# round-trip test's generator does).
BENCH_IMPORT           := $(BUILD)/tools/bench/import
BENCH_IMPORT_GEN       := $(BUILD)/gen/bench_import
BENCH_IMPORT_GENERATOR := $(BUILD)/tools/bench/import_generate
BENCH_IMPORT_FILES     ?= $(wildcard tests/data/unvanquished/*.bt) $(wildcard demo/creatures/bots/*.bt) tools/bench/import.bt
.PHONY: bench-import
bench-import: $(BENCH_IMPORT)
	$(BENCH_IMPORT) $(BENCH_IMPORT_ARGS) $(BENCH_IMPORT_FILES)
$(patsubst %.cpp,$(BUILD)/obj/%.o,tools/bench/import_generate.cpp $(BENCH_IMPORT_SRCS)): | $(DEPS_LOADERS)
$(BENCH_IMPORT_GENERATOR): $(patsubst %.cpp,$(BUILD)/obj/%.o,tools/bench/import_generate.cpp tools/bench/import_creatures.cpp) \
                           $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS)
$(BENCH_IMPORT_GEN)/import_tree.h: $(BENCH_IMPORT_GENERATOR) tools/bench/import.bt
	@mkdir -p $(@D)
	$(BENCH_IMPORT_GENERATOR) tools/bench/import.bt $@
$(BUILD)/obj/tools/bench/import_main.o: $(BENCH_IMPORT_GEN)/import_tree.h
$(BUILD)/obj/tools/bench/import_main.o: CPPFLAGS += -I$(BENCH_IMPORT_GEN)
$(BENCH_IMPORT): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(BENCH_IMPORT_SRCS)) $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(LOADER_LIBS)

# ------------------------------------------------------------------ install
# Headers, libbt.a, the picture tools (bin/bt_dot, bin/bt_timeline), the gdb
# printers (share/bt/gdb/bt_printers.py, for `source` in gdb), bt.pc and the
# CMake package with its version file, each with BT_VERSION and PREFIX filled in.
INSTALL_SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(BT_VERSION)|g' \
                    -e 's|@VERSION_MAJOR@|$(BT_VERSION_MAJOR)|g' -e 's|@VERSION_MINOR@|$(BT_VERSION_MINOR)|g' \
                    -e 's|@DEBUG_HOOK@|$(DEBUG_HOOK)|g' -e 's|@DEBUG_HOOK_REQUIRES@|$(if $(filter spdlog,$(DEBUG_HOOK)),spdlog)|g'
# Every folder of bt/ that holds headers, the layers' detail/ folders included.
HEADER_DIRS = $(sort $(patsubst %/,%,$(dir $(shell find bt -name '*.h'))))
install: $(LIB) $(LIB_DATA) $(LIB_LOADERS) $(BUILD)/tools/bt_dot $(BUILD)/tools/bt_timeline $(BT_IMPORT)
	install -d $(DESTDIR)$(PREFIX)/include/bt $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/bt $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/bt/gdb
	install -m 644 bt/bt.h $(DESTDIR)$(PREFIX)/include/bt/
	for dir in $(HEADER_DIRS); do install -d $(DESTDIR)$(PREFIX)/include/$$dir && \
	  install -m 644 $$(ls $$dir/*.h $$dir/*.def 2>/dev/null) $(DESTDIR)$(PREFIX)/include/$$dir/ || exit 1; done
	install -m 644 $(LIB) $(LIB_DATA) $(LIB_LOADERS) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/tools/bt_dot $(BUILD)/tools/bt_timeline $(BT_IMPORT) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 tools/gdb/bt_printers.py $(DESTDIR)$(PREFIX)/share/bt/gdb/
	install -d $(DESTDIR)$(PREFIX)/share/bt/lldb && install -m 644 tools/lldb/bt_lldb.py $(DESTDIR)$(PREFIX)/share/bt/lldb/
	$(INSTALL_SUBST) bt/install/bt.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/bt.pc
	$(INSTALL_SUBST) bt/install/bt-loaders.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/bt-loaders.pc
	$(INSTALL_SUBST) bt/install/btConfig.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/bt/btConfig.cmake
	$(INSTALL_SUBST) bt/install/btConfigVersion.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/bt/btConfigVersion.cmake

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ==== MPI: the sharded crowd (bt/mpi/) ====
# libbt_mpi.a: a crowd sharded over processes, on Open MPI from Debian. Only
# bt/mpi/mpi_transport.cpp includes <mpi.h>; what links the library links MPI.
# As root (CI) mpirun needs --allow-run-as-root; on 2 cores, --oversubscribe.
PACKAGES_mpi := $(PACKAGES_build) libopenmpi-dev openmpi-bin
DEPS_MPI     := $(BUILD)/.deps-mpi
MPI_CFLAGS    = $(patsubst -I%,-isystem %,$(shell mpicxx --showme:compile 2>/dev/null))
MPI_LIBS      = $(shell mpicxx --showme:link 2>/dev/null || echo -lmpi)
MPIRUN       ?= mpirun --allow-run-as-root --oversubscribe
MPI_SRCS     := $(wildcard bt/mpi/*.cpp)
LIB_MPI      := $(BUILD)/libbt_mpi.a
SHARD_RUN    := $(BUILD)/tests/mpi/shard_run
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(MPI_SRCS) tests/mpi/shard_run.cpp): | $(DEPS_MPI)
$(BUILD)/obj/bt/mpi/mpi_transport.o: CPPFLAGS += $(MPI_CFLAGS)
$(LIB_MPI): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(MPI_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(SHARD_RUN): $(BUILD)/obj/tests/mpi/shard_run.o $(LIB_MPI) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(MPI_LIBS)

# make install-mpi: make install, and libbt_mpi.a beside libbt.a (its headers are
# installed by make install already); apart, so that make install needs no MPI.
.PHONY: install-mpi
install-mpi: install $(LIB_MPI)
	install -m 644 $(LIB_MPI) $(DESTDIR)$(PREFIX)/lib/

# The sharded crowd on 1 to 4 ranks against one process, its checkpoints and
# restarts, refused checkpoint bytes, and a rank killed mid-run (tests/mpi/mpi_test.sh).
.PHONY: test-mpi
test-extra: test-mpi
test-mpi: $(SHARD_RUN) | $(DEPS_MPI)
	@MPIRUN="$(MPIRUN)" sh tests/mpi/mpi_test.sh $(SHARD_RUN) $(BUILD)/mpi_test
# libFuzzer over what a sharded crowd reads from outside: exchange records, checkpoint files and manifests.
$(eval $(call FUZZ_TARGET,shard,shard_fuzzer,shard,$(LIB_SRCS) bt/mpi/sharded_crowd.cpp bt/mpi/checkpoint.cpp))

# make demo-mpi: the creatures workload on 2 ranks, a vertical strip each, with each
# frame's migrations and costs; make bench-mpi: agent-ticks per second on 1 and 2
# ranks at 10^5 creatures (strong scaling) and 5 x 10^4 a rank (weak), 1% crossing
# a frame (tools/mpi/creatures_mpi.cpp; not a timed test).
CREATURES_MPI := $(BUILD)/tools/mpi/creatures_mpi
MPI_DEMO_ARGS ?=
BENCH_MPI_ARGS ?= --frames 300
.PHONY: demo-mpi bench-mpi
$(BUILD)/obj/tools/mpi/creatures_mpi.o: | $(DEPS_MPI)
$(CREATURES_MPI): $(patsubst %.cpp,$(BUILD)/obj/%.o,tools/mpi/creatures_mpi.cpp tools/bench/bt_creatures.cpp tools/bench/alloc_count.cpp) \
                  $(LIB_MPI) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(MPI_LIBS)
demo-mpi: $(CREATURES_MPI) | $(DEPS_MPI)
	$(MPIRUN) --mca mpi_yield_when_idle 1 -n 2 $(CREATURES_MPI) --demo $(MPI_DEMO_ARGS)
bench-mpi: $(CREATURES_MPI) | $(DEPS_MPI)
	$(MPIRUN) -n 1 $(CREATURES_MPI) --bench --agents 100000 $(BENCH_MPI_ARGS)
	$(MPIRUN) -n 2 $(CREATURES_MPI) --bench --agents 100000 $(BENCH_MPI_ARGS)
	$(MPIRUN) -n 1 $(CREATURES_MPI) --bench --agents 50000 $(BENCH_MPI_ARGS)

# ==== build and packaging: the default debug-output hook, CMake, LLDB ====
# A program without spdlog (bt/log/README.md): libbt.a and libbt_stderr.a, no
# spdlog header or library, and no spdlog or fmt symbol needed (nm, ldd).
.PHONY: test-no-spdlog
test-extra: test-no-spdlog
test-no-spdlog: $(BUILD)/libbt.a $(BUILD)/libbt_stderr.a | $(DEPS_TEST)
	@sh tests/package/no_spdlog_test.sh "$(CXX) $(CXXSTD) $(WARN)" $(BUILD)/libbt.a $(BUILD)/libbt_stderr.a

# bt/CMakeLists.txt (tests/package/cmake_test.sh): a FetchContent consumer from
# a local clone and an add_subdirectory one without spdlog, with g++ and
# clang++; the CMake libraries hold the Makefile's objects; the CMake install
# is `make install`'s and is found by find_package.
.PHONY: test-cmake
test-extra: test-cmake
test-cmake: $(LIB) $(LIB_DATA) $(LIB_LOADERS) $(BUILD)/tools/bt_dot $(BUILD)/tools/bt_timeline $(BT_IMPORT) | $(DEPS_TEST)
	@MAKE="$(MAKE)" sh tests/package/cmake_test.sh $(BUILD)/cmake-consumers $(BUILD) $(CXX) $(CLANG_CXX)

# The LLDB formatters (tools/lldb/bt_lldb.py, over the gdb printers' code) in
# Debian's lldb-14, live and on a core file: the tree, the block as its active
# path, the why-record, each as the library prints them.
PACKAGES_lldb := $(PACKAGES_build) lldb-14 python3-lldb-14 gdb
DEPS_LLDB     := $(BUILD)/.deps-lldb
LLDB_TARGET   := $(BUILD)/tests/lldb_target
.PHONY: test-lldb
test-extra: test-lldb
test-lldb: $(LLDB_TARGET) | $(DEPS_LLDB)
	@sh tests/tools/lldb_printers_test.sh $(LLDB_TARGET)
$(LLDB_TARGET): $(BUILD)/obj/tests/tools/lldb/target.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)

# ==== inspector ====
# bt/inspector/ (libbt_inspector.a): the live inspector in a browser, over
# cpp-httplib and nlohmann/json; the page (bt/inspector/page.html) is embedded
# at build time. demo-web runs the creatures sandbox with it; test-inspector
# drives Debian's chromium headless over the DevTools protocol
# (tests/inspector/); test-fuzz-inspector fuzzes the request handler and the
# recording's reader.
PACKAGES_inspector      := $(PACKAGES_build) libcpp-httplib-dev nlohmann-json3-dev graphviz
PACKAGES_inspector-test := $(PACKAGES_inspector) $(PACKAGES_demo) chromium nodejs
DEPS_INSPECTOR      := $(BUILD)/.deps-inspector
DEPS_INSPECTOR_TEST := $(BUILD)/.deps-inspector-test
# Debian builds cpp-httplib as a library; its flags must match the build's (TLS, compression).
HTTPLIB_CFLAGS = $(shell pkg-config --cflags cpp-httplib 2>/dev/null)
HTTPLIB_LIBS   = $(shell pkg-config --libs cpp-httplib 2>/dev/null || echo -lcpp-httplib)
INSPECTOR_SRCS := $(wildcard bt/inspector/*.cpp)
INSPECTOR_PAGE := $(BUILD)/gen/inspector/page.cpp
LIB_INSPECTOR  := $(BUILD)/libbt_inspector.a
CREATURES_WEB  := $(BUILD)/demo/creatures_web
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(INSPECTOR_SRCS) demo/creatures/web/main.cpp) $(BUILD)/obj/$(INSPECTOR_PAGE:.cpp=.o): | $(DEPS_INSPECTOR)
$(BUILD)/obj/bt/inspector/inspector.o: CPPFLAGS += $(HTTPLIB_CFLAGS)
$(INSPECTOR_PAGE): bt/inspector/page.html
	@mkdir -p $(@D)
	{ printf '// Generated from bt/inspector/page.html by the Makefile.\n#include "bt/inspector/requests.h"\nnamespace bt::inspector {\nconst char kInspectorPage[] = R"BTPAGE('; \
	  cat $<; printf ')BTPAGE";\n}  // namespace bt::inspector\n'; } > $@
$(LIB_INSPECTOR): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(INSPECTOR_SRCS)) $(BUILD)/obj/$(INSPECTOR_PAGE:.cpp=.o)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
# The sandbox's own objects but its terminal main, with the web main.
CREATURES_WEB_OBJS := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(filter-out demo/creatures/main.cpp,$(wildcard demo/creatures/*.cpp)) demo/creatures/web/main.cpp)
$(CREATURES_WEB): $(CREATURES_WEB_OBJS) $(LIB_INSPECTOR) $(LIB_LOADERS) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(HTTPLIB_LIBS) $(DEMO_LDLIBS_creatures)
.PHONY: demo-web test-inspector
demo-web: $(CREATURES_WEB) | $(DEPS_INSPECTOR)
	$(CREATURES_WEB) --control --record $(BUILD)/creatures.btrec $(DEMO_WEB_ARGS)
test-extra: test-inspector
test-inspector: $(CREATURES_WEB) $(BUILD)/demo/creatures | $(DEPS_INSPECTOR_TEST)
	@mkdir -p $(BUILD)/inspector_test
	@timeout 240 node tests/inspector/browser_test.mjs $(CREATURES_WEB) $(BUILD)/demo/creatures $(BUILD)/inspector_test
# The request handler and the recording's reader (not the sockets: HandleRequest is called directly).
INSPECTOR_FUZZ_SRCS := $(LIB_SRCS) bt/inspector/recorder.cpp bt/inspector/requests.cpp $(INSPECTOR_PAGE)
$(patsubst %.cpp,$(BUILD)/fuzz/obj/%.o,$(INSPECTOR_FUZZ_SRCS) tests/fuzz/inspector_fuzzer.cpp): | $(DEPS_INSPECTOR)
$(eval $(call FUZZ_TARGET,inspector,inspector_fuzzer,inspector,$(INSPECTOR_FUZZ_SRCS)))
# The inspector's Catch2 tests (tests/inspector/*.cpp): their own binary, since
# they link cpp-httplib, which bt_tests does not need.
INSPECTOR_TESTS := $(BUILD)/tests/inspector_tests
INSPECTOR_TEST_SRCS := tests/main.cpp $(wildcard tests/inspector/*.cpp)
$(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard tests/inspector/*.cpp)): | $(DEPS_INSPECTOR) $(DEPS_TEST)
$(BUILD)/obj/tests/inspector/inspector_test.o: CPPFLAGS += $(HTTPLIB_CFLAGS)
$(INSPECTOR_TESTS): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(INSPECTOR_TEST_SRCS)) $(LIB_INSPECTOR) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(HTTPLIB_LIBS)
.PHONY: test-inspector-unit
test-extra: test-inspector-unit
test-inspector-unit: $(INSPECTOR_TESTS)
	@sh tests/support/run_catch.sh $(INSPECTOR_TESTS) inspector
# bench-inspector (tools/bench/inspector/main.cpp): the frame with the inspector
# linked and no page, with a page watching one agent, with the recorder on; the
# recorder's bytes per agent per second. Part of make bench.
BENCH_INSPECTOR := $(BUILD)/tools/bench/inspector
.PHONY: bench-inspector
bench: bench-inspector
bench-inspector: $(BENCH_INSPECTOR)
	$(BENCH_INSPECTOR)
$(BUILD)/obj/tools/bench/inspector/main.o: CPPFLAGS += $(HTTPLIB_CFLAGS)
$(BUILD)/obj/tools/bench/inspector/main.o: | $(DEPS_INSPECTOR)
$(BENCH_INSPECTOR): $(patsubst %.cpp,$(BUILD)/obj/%.o,tools/bench/inspector/main.cpp tools/bench/bt_creatures.cpp) $(LIB_INSPECTOR) $(LIB_DATA) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS) $(HTTPLIB_LIBS)
