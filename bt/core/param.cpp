// bt/core/param.cpp — parameters as text, for every debug view (see FormatParams).
#include "bt/core/param.h"

#include <cstdarg>
#include <cstdio>

namespace bt {
namespace {

// Appends to a buffer, always NUL-terminated, counting what did not fit too.
struct TextOut {
  std::span<char> out;
  std::size_t length = 0;

  void Put(char c) {
    if (length + 1 < out.size()) {
      out[length] = c;
      out[length + 1] = '\0';
    }
    ++length;
  }
  void Put(const char* text) {
    for (const char* c = text; *c != '\0'; ++c) Put(*c);
  }
  void Number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    Put(text);
  }
};

}  // namespace

std::size_t FormatParams(std::span<const Param> params, std::span<char> out) {
  TextOut text{out};
  if (!out.empty()) out[0] = '\0';
  bool first = true;
  for (const Param& p : params) {
    if (!first) text.Put(", ");
    first = false;
    if (p.name != nullptr) {
      text.Put(p.name);
      text.Put('=');
    }
    switch (p.type) {
      case ParamType::Number: text.Number(p.number); break;
      case ParamType::Bool: text.Put(p.number != 0 ? "true" : "false"); break;
      case ParamType::Text:
        text.Put('"');
        for (const char* c = p.text != nullptr ? p.text : ""; *c != '\0'; ++c) {
          if (*c == '"' || *c == '\\') text.Put('\\');
          text.Put(*c);
        }
        text.Put('"');
        break;
      case ParamType::Symbol:
        if (p.text != nullptr) text.Put(p.text);
        else text.Number(p.number);
        break;
      case ParamType::Expression:
        text.Put('{');
        text.Put(p.text != nullptr ? p.text : "");
        text.Put('}');
        break;
      default: text.Put('?'); break;  // a loader may fill any byte into type
    }
  }
  return text.length;
}

}  // namespace bt
