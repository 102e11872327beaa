// bt/engine/events.cpp — delivering an event along the running path, and the event
// nodes (see the header).
#include "bt/engine/events.h"

#include "bt/core/classic.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/engine/signal_variables.h"
#include "bt/core/timestamps.h"

namespace bt {
namespace {

// Whether an event may be delivered to `block` here: no delivery to it is under
// way anywhere on this thread's nested calls (handlers forwarding an event from
// agent to agent and back would recurse without end), and the calls nest fewer
// than kMaxNestedTicks deep, deliveries counted with ticks and Stops as
// MayEnter counts them. A delivery from a tick or Stop of the block is fine.
bool MayDeliver(const std::byte* block) {
  int depth = 0;
  for (const detail::NestedCall* call = detail::tInnermostCall; call != nullptr; call = call->outer)
    if ((call->block == block && call->state == nullptr) || ++depth >= kMaxNestedTicks) return false;
  return true;
}

// Steps 1 and 2 of the header, on a block already checked to be the tree's.
Status Deliver(const DeciderDef& root, void* agent, std::span<std::byte> memory, std::uint32_t event, double time) {
  // Its handlers may not tick, stop, reset, save, restore or send to the block
  // (Reentered): the walk below goes on over the path as it stood when it began.
  const detail::NestedScope delivering(memory.data(), nullptr);
  VariableBlock* variables = VariablesOf(root, memory);
  if (variables != nullptr) {
    detail::ApplyDeclaredSignals(root, *variables, event);
    detail::StampTimestamps(root, *variables, event, time);
  }
  const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header.treeStamp == 0 || !header.rootActive) return Status::NoBehavior;
  std::byte* region = memory.data() + sizeof(MemoryHeader);
  detail::ForEachActive(region, root, 0, 0, [&](const DeciderDef& d, std::uint32_t base, int) {
    std::byte* slot = region + base + d.data->slotOffset;
    if (d.kind == DeciderKind::Group && d.policy == GroupPolicy::StateMachine)
      detail::StateMachineHears(slot, d, event);
    if (d.behavior != nullptr && d.behavior->onEvent != nullptr)
      d.behavior->onEvent(agent, slot + d.data->memoryOffset, EventContext{event, time, &d, variables});
  });
  return Status::Running;
}

// The event a node's `name` parameter names, or 0 when it has none.
std::uint32_t NamedEvent(std::span<const Param> params) {
  const Param* name = FindParam(params, "name");
  return name != nullptr && name->type == ParamType::Text ? NameId(name->text) : 0;
}

}  // namespace

Status SendEvent(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory, EventId event,
                 double time) noexcept {
  const DeciderDef* culprit = &root;
  if (const Status status = detail::CheckBlockCall(root, agent, agentType, memory, culprit); status != Status::Running)
    return status;
  if (!(std::fabs(time) <= kMaxTickTime)) return Status::BadTime;
  if (!MayDeliver(memory.data())) return Status::Reentered;
  return Deliver(root, agent, memory, event.value, time);
}

namespace detail {

// Sends the event of an event node from its Activate, in the tick under way
// (the innermost on this thread: the one calling the node).
bool SendNamedEvent(void*, void*, const Context& context) {
  const std::uint32_t event = NamedEvent(context.Params());
  const detail::TickState* tick = detail::InnermostTick();
  if (event == 0 || tick == nullptr) return false;
  const detail::TickState& t = *tick;
  const std::span<std::byte> memory(reinterpret_cast<std::byte*>(t.header), t.root->data->tree.memoryBytes);
  return SendEvent(*t.root, t.agent, kNoType, memory, EventId(event), t.time) != Status::Reentered;
}

Result EventNodeDone(void*, void*, const Context&) { return Result::Done; }

bool WaitForEventActivate(void*, void* memory, const Context& context) {
  auto& wait = *static_cast<WaitForEventMemory*>(memory);
  wait = {NamedEvent(context.Params()), Result::Done, 0};
  if (const Param* result = FindParam(context.Params(), "result")) {
    if (result->type != ParamType::Text || result->text == nullptr) return false;
    const std::string_view text = result->text;
    if (text != "Success" && text != "Failure") return false;
    wait.result = text == "Success" ? Result::Done : Result::Failed;
  }
  return wait.event != 0;
}

Result WaitForEventTick(void*, void* memory, const Context&) {
  const auto& wait = *static_cast<const WaitForEventMemory*>(memory);
  if (wait.arrived == 0) return Result::Running;
  return wait.result == Result::Done ? Result::Done : Result::Failed;
}

void WaitForEventHears(void*, void* memory, const EventContext& context) {
  auto& wait = *static_cast<WaitForEventMemory*>(memory);
  if (context.event == wait.event) wait.arrived = 1;
}

}  // namespace detail

}  // namespace bt
