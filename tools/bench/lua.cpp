// tools/bench/lua.cpp — what a LuaGate costs per tick (make bench-lua).
//
// One agent ticks a gate over Succeed, from data: the Decorator's gate is read on
// entry, the child is Done at once, so every tick starts the tree anew and reads
// the gate once. The gate is, in turn:
//   CppGate        a C++ condition reading the variable Open (the baseline)
//   LuaGate/true   the Lua chunk `return true`
//   LuaGate/vars   the Lua chunk `return agent.vars.Open`
// A LuaGate's own cost is its time minus CppGate's. The counter allocs/tick counts
// every heap allocation of the process (tools/bench/alloc_count.h): 0 for all three.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "bt/data/tree_builder.h"
#include "bt/loaders/lua/lua_nodes.h"
#include "bt/core/tree.h"
#include "tools/bench/alloc_count.h"

namespace {

struct Agent {};

bool OpenGate(Agent&, const bt::DecideContext& context) { return context.variables->GetBool(0); }

struct Gate {
  bt::loaders::LuaScripts scripts;
  bt::data::Registry registry;
  std::shared_ptr<const bt::data::BuiltTree> tree;

  // gate: the name of the condition; code: its Lua chunk, or empty.
  Gate(const char* gate, const char* code) {
    bt::data::RegisterBuiltinBehaviors(registry);
    bt::loaders::RegisterLuaNodes<Agent>(registry, scripts);
    BT_REGISTER_CONDITION(registry, "Open", OpenGate);
    bt::data::TreeSpec spec{.file = "bench.xml"};
    spec.variables.push_back({"Open", bt::VariableType::Bool, 1, {}});
    bt::data::NodeSpec& node = spec.Group("GATE", bt::GroupPolicy::Decorator, {"DONE"}).Decide(gate);
    if (*code != '\0') {
      std::string error;
      const std::int64_t handle = scripts.Compile(code, "bench", error);
      if (handle < 0) Die(error);
      node.params.push_back(bt::data::ArgSpec::Number(static_cast<double>(handle)).Named("code"));
    }
    spec.Behavior("DONE", "Succeed");
    const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
    if (!built.Ok()) Die(built.ErrorText());
    tree = built.tree;
    scripts.AddTree(tree->Root());
  }
  [[noreturn]] static void Die(const std::string& why) {
    std::fprintf(stderr, "bench-lua: %s\n", why.c_str());
    std::exit(1);
  }
};

void Run(benchmark::State& state, const char* gate, const char* code) {
  Gate g(gate, code);
  Agent agent;
  bt::Memory<256> memory{};
  double time = 0;
  for (int i = 0; i < 100; ++i)  // warm: the Lua state's first runs allocate
    if (bt::TickBehaviorTree(g.tree->Root(), agent, memory, time += 0.1, 0.1f).status != bt::Status::Done)
      Gate::Die("the gate did not open");
  const std::uint64_t allocations = bench::AllocationCount();
  for (auto _ : state) {
    const bt::TickResult result = bt::TickBehaviorTree(g.tree->Root(), agent, memory, time += 0.1, 0.1f);
    benchmark::DoNotOptimize(result);
  }
  state.counters["allocs/tick"] =
      static_cast<double>(bench::AllocationCount() - allocations) / static_cast<double>(state.iterations());
  if (g.scripts.GetStats().errors != 0) Gate::Die(g.scripts.LastError());
}

void CppGate(benchmark::State& state) { Run(state, "Open", ""); }
void LuaGateTrue(benchmark::State& state) { Run(state, "LuaGate", "return true"); }
void LuaGateVars(benchmark::State& state) { Run(state, "LuaGate", "return agent.vars.Open"); }

BENCHMARK(CppGate);
BENCHMARK(LuaGateTrue)->Name("LuaGate/true");
BENCHMARK(LuaGateVars)->Name("LuaGate/vars");

}  // namespace

BENCHMARK_MAIN();
