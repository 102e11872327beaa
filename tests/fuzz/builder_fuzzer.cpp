// tests/fuzz/builder_fuzzer.cpp — libFuzzer over the tree builder
// (bt/data/tree_builder.h): the input bytes are read as a spec — nodes with
// names, kinds, policies, flags, timers, calls with arguments of any type,
// children by name (typos, cycles, self references and all), every group policy
// (classic ones with any number of children) and decider flag, conditions written
// as expressions in both dialects (from tokens, right and wrong) — against a
// small registry, in normal or stub mode. Whatever the spec, the build must give a
// tree or errors naming the file, never a crash; a tree it gives must tick and
// stop on a block of the size it asks for.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "bt/data/expression_condition.h"
#include "bt/data/tree_builder.h"
#include "bt/core/tree.h"
#include "fuzz_check.h"

namespace {

struct FuzzAgent {
  std::uint32_t counter = 0;
};
struct FuzzMemory {
  std::uint32_t ticks = 0;
};

bt::Result Tick(FuzzAgent& agent, FuzzMemory& memory) {
  ++memory.ticks;
  const std::uint32_t roll = ++agent.counter * 2654435761u >> 28;
  return roll < 12 ? bt::Result::Running : roll < 14 ? bt::Result::Done : bt::Result::Failed;
}
bool Activate(FuzzAgent& agent) { return ++agent.counter % 7 != 0; }
void Deactivate(FuzzAgent& agent, const bt::Context& context) { agent.counter += context.Params().size() > 0; }
bool Even(const FuzzAgent& agent) { return agent.counter % 2 == 0; }
float Score(FuzzAgent& agent, const bt::DecideContext& context) {
  return static_cast<float>((agent.counter + context.Params().size()) % 3);
}
std::uint32_t Random(FuzzAgent& agent) { return agent.counter * 2246822519u + 1; }
double Health(FuzzAgent& agent, std::span<const bt::Param>) { return agent.counter % 50; }
double DistanceTo(FuzzAgent& agent, std::span<const bt::Param> args) { return agent.counter % 7 + args[1].number; }

const bt::data::Registry& FuzzRegistry() {
  static const bt::data::Registry registry = [] {
    bt::data::Registry r;
    BT_REGISTER_ACTION(r, "Walk", FuzzMemory, Activate, Tick, Deactivate);
    BT_REGISTER_ACTION(r, "Shoot", FuzzMemory, nullptr, Tick, nullptr)
        .Params({bt::ParamType::Number, bt::ParamType::Text});
    BT_REGISTER_ACTION(r, "Aim", void, Activate, nullptr, Deactivate).Params({bt::ParamType::Symbol});
    BT_REGISTER_CONDITION(r, "Even", Even);
    BT_REGISTER_DECIDE(r, "Score", Score).Params({bt::ParamType::Number});
    BT_REGISTER_RANDOM(r, "Random", Random);
    BT_REGISTER_VALUE(r, "health", Health);
    BT_REGISTER_VALUE(r, "distanceTo", DistanceTo).Params({bt::ParamType::Text, bt::ParamType::Number});
    r.AddConstant("E_H_REACTOR", 3);
    r.AddConstant("E_A_SPAWN", 4);
    return r;
  }();
  return registry;
}

// Reads the input front to back; past its end every read is 0.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t Byte() { return at_ < size_ ? data_[at_++] : 0; }
  std::uint32_t Word() {
    std::uint32_t w = 0;
    for (int i = 0; i < 4; ++i) w = w << 8 | Byte();
    return w;
  }
  bool More() const { return at_ < size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

const char* const kNodeNames[] = {"ROOT", "A", "B", "C", "D", "E", "F", "G", "", "ROTO", "A\n"};
const char* const kFunctions[] = {"Walk", "Shoot", "Aim", "Even", "Score", "Random", "Wlak", "", "Sho\0t", "Unknown"};
const char* const kConstants[] = {"E_H_REACTOR", "E_A_SPAWN", "E_H_REACTR", ""};

// The pieces conditions are made of: both dialects' operators and operands,
// registered names and not, literals, comments, a newline, a NUL.
const char* const kConditionTokens[] = {
    "health", "distanceTo(\"nest\", E_H_REACTOR)", "distanceTo(1)", "E_A_SPAWN", "unknownFn(E_GOAL, 2)", "hungry",
    "Alert", "Hidden", "Alrt", "true", "false", "and", "or", "xor", "!", "&&", "||", "<", "<=", ">", "==", "!=",
    "(", ")", "3", "-2", "0.5", "\"s\"", "/* c */", "// c\n", "\n", ","};

bt::data::ConditionSpec Condition(Reader& in) {
  bt::data::ConditionSpec condition;
  condition.dialect = static_cast<bt::data::Dialect>(in.Byte() % 3);  // 2: not a dialect
  const std::uint8_t where = in.Byte();
  if (where % 2 == 0) condition.where = {where, in.Byte(), {}};
  const std::uint8_t tokens = in.Byte();
  if (tokens == 0xFF) condition.text = std::string(5000, '!');  // past bt::data::kMaxTextBytes
  if (tokens == 0xFE) condition.text = std::string("health\0", 7);
  for (int i = 0; i < tokens % 9; ++i) {
    if (i > 0) condition.text += ' ';
    condition.text += kConditionTokens[in.Byte() % std::size(kConditionTokens)];
  }
  return condition;
}

std::string Name(Reader& in, std::span<const char* const> pool) {
  const std::uint8_t pick = in.Byte();
  if (pick == 0xFF) return std::string(300, 'N');  // past bt::data::kMaxNameBytes
  if (pick == 0xFE) return std::string("Sho\0t", 5);
  return pool[pick % pool.size()];
}

bt::data::CallSpec Call(Reader& in) {
  bt::data::CallSpec call;
  call.name = Name(in, kFunctions);
  call.where = {in.Byte(), in.Byte(), {}};
  const int args = in.Byte() % 4;
  for (int i = 0; i < args; ++i) {
    bt::data::ArgSpec arg;
    arg.type = static_cast<bt::ParamType>(in.Byte() % 6);  // 5: not a type
    arg.number = static_cast<double>(static_cast<std::int32_t>(in.Word()));
    const std::uint8_t text = in.Byte();
    arg.text = text == 0xFF ? std::string(5000, 'x') : arg.type == bt::ParamType::Symbol ? kConstants[text % 4] : "t";
    if (in.Byte() % 3 == 0) arg.name = Name(in, kNodeNames);
    call.args.push_back(std::move(arg));
  }
  return call;
}

bt::data::TreeSpec ReadSpec(Reader& in) {
  bt::data::TreeSpec spec;
  spec.file = "fuzz.bt";
  const int nodes = in.Byte() % 12;
  for (int n = 0; n < nodes && in.More(); ++n) {
    bt::data::NodeSpec node;
    node.name = Name(in, kNodeNames);
    node.where = {static_cast<std::uint32_t>(n + 1), 1, {}};
    const std::uint8_t shape = in.Byte();
    node.kind = static_cast<bt::DeciderKind>(shape % 3);  // 2: not a kind
    // Every policy, the classic ones included (bt/core/classic.h), and one past the last: not a policy.
    node.policy = static_cast<bt::GroupPolicy>(shape / 3 % (bt::kGroupPolicyCount + 1));
    // Every decider flag (bt/core/kinds.def), meaningful for its policy or not.
    node.flags = in.Byte() & 0x3Fu;
    const std::uint8_t calls = in.Byte();
    if (calls & 1) node.action = Call(in);
    if (calls & 2) node.decide = Call(in);
    if (calls & 4) node.random = Call(in);
    if (calls & 32) node.condition = Condition(in);
    if (calls & 8) node.params.push_back(bt::data::ArgSpec::Number(1).Named(Name(in, kNodeNames)));
    if (calls & 16) {
      float timer;
      const std::uint32_t bits = in.Word();
      std::memcpy(&timer, &bits, sizeof timer);  // NaN, infinities and negatives too
      node.preconditions.timerSeconds = timer;
    }
    const int children = in.Byte() % 6;
    for (int c = 0; c < children; ++c) node.children.push_back({Name(in, kNodeNames), {in.Byte(), in.Byte(), {}}});
    spec.nodes.push_back(std::move(node));
  }
  if (in.Byte() % 4 == 0) spec.root = Name(in, kNodeNames);
  if (in.Byte() % 4 == 0) spec.variables.push_back({Name(in, kNodeNames), bt::VariableType::Number, 1, {}});
  const char* const kBools[] = {"Alert", "Hidden", "health"};
  const std::uint8_t bools = in.Byte() % 4;
  for (int i = 0; i < bools; ++i) spec.variables.push_back({kBools[i], bt::VariableType::Bool, 1, {}});
  return spec;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const std::uint8_t mode = in.Byte();
  const bt::data::BuildOptions options{.stubUnknownNames = (mode & 1) != 0,
                                       .stubTick = static_cast<bt::Result>(mode / 2 % 3),
                                       .stubConditionAccepts = (mode & 8) != 0};
  const bt::data::TreeSpec spec = ReadSpec(in);
  const bt::data::BuildResult built = bt::data::BuildTree(spec, FuzzRegistry(), options);

  if (!built.Ok()) {
    FUZZ_CHECK(!built.errors.empty());
    FUZZ_CHECK(built.errors.size() <= bt::data::kMaxBuildErrors + 1);
    for (const bt::data::BuildError& error : built.errors)
      FUZZ_CHECK(error.message.rfind("fuzz.bt", 0) == 0 || error.message.rfind("... and ", 0) == 0);
    return 0;
  }
  FUZZ_CHECK(built.errors.empty());
  const bt::DeciderDef& root = built.tree->Root();
  for (const bt::DeciderDef& d : built.tree->Deciders()) {
    FUZZ_CHECK(d.name != nullptr && d.data != nullptr);
    if (d.decide == &bt::data::ExpressionCondition) FUZZ_CHECK(bt::data::ConditionParam(d.Params()) != nullptr);
  }
  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes > 0);

  std::vector<bt::Memory<16>> block((bytes + 15) / 16);
  const std::span<std::byte> memory(block.front().bytes, bytes);
  FuzzAgent agent;
  for (int t = 0; t < 12; ++t) {
    const bt::TickResult r = bt::TickBehaviorTree(root, agent, memory, t * 0.5, 0.5f);
    FUZZ_CHECK(bt::IsOk(r.status) || r.status == bt::Status::RedecideLimit);
  }
  bt::StopBehaviorTree(root, agent, memory, 10.0);
  return 0;
}
