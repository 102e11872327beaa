// bt/engine/detail/weighted_pick.h — a weighted random choice in one pass, for
// the Random policy (both ticks) and the RandomGate node.
#pragma once

#include <cstdint>
#include <limits>

namespace bt::detail {

// The Random policy's choice in one pass (a weighted reservoir): the k-th
// accepting child replaces the choice with probability weight / total so far.
// Weights are summed in double (three weights of 3e38 overflow a float), and
// +inf weights share all the probability, uniformly. The first acceptor, and
// the first infinite one, draw nothing.
struct WeightedPick {
  double total = 0;            // of the finite weights offered, each > 0
  std::uint32_t infinite = 0;  // +inf weights offered

  // Offers an accepting child of weight `value` (> 0); true when it becomes the choice.
  template <class Draw>
  bool Offer(float value, Draw&& draw) {
    const bool first = total == 0 && infinite == 0;
    if (value == std::numeric_limits<float>::infinity()) {
      if (++infinite == 1) return true;
      return Unit(draw()) * infinite < 1.0;
    }
    if (infinite != 0) return false;
    total += value;
    return first || Unit(draw()) * total < value;
  }
  static double Unit(std::uint32_t random) { return static_cast<double>(random >> 8) * (1.0 / 16777216.0); }
};

}  // namespace bt::detail
