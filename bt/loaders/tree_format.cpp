// bt/loaders/tree_format.cpp — telling tree files apart (see the header).
#include "bt/loaders/tree_format.h"

#include "bt/loaders/equal_no_case.h"

namespace bt::loaders {

namespace {

bool EndsWith(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == ':' || c == '.';
}

// The name of the first element, past the XML declaration, comments, processing
// instructions and a DOCTYPE; empty when the text does not start as XML.
std::string_view FirstElement(std::string_view text) {
  std::size_t at = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") at = 3;  // a UTF-8 byte order mark
  for (;;) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n')) ++at;
    if (at >= text.size() || text[at] != '<') return {};
    const std::string_view rest = text.substr(at);
    std::string_view close;
    if (rest.substr(0, 4) == "<!--") close = "-->";
    else if (rest.substr(0, 2) == "<?") close = "?>";
    else if (rest.substr(0, 2) == "<!") close = ">";
    if (close.empty()) break;
    const std::size_t end = text.find(close, at);
    if (end == std::string_view::npos) return {};
    at = end + close.size();
  }
  const std::size_t begin = at + 1;
  std::size_t end = begin;
  while (end < text.size() && IsNameChar(text[end])) ++end;
  return text.substr(begin, end - begin);
}

}  // namespace

const char* TreeFormatName(TreeFormat format) {
  switch (format) {
    case TreeFormat::Unvanquished: return "unvanquished";
    case TreeFormat::Dragengine: return "dragengine";
    case TreeFormat::ModularBehaviorTree: return "mbt";
    case TreeFormat::SelectionTree: return "selection-tree";
    case TreeFormat::Unknown: break;
  }
  return "unknown";
}

TreeFormat DetectFormat(std::string_view path, std::string_view text) {
  const std::string_view element = FirstElement(text);
  if (element == "behaviorTree") return TreeFormat::Dragengine;
  if (element == "BehaviorTree") return TreeFormat::ModularBehaviorTree;
  // Selection-tree tags compare without case, as that engine's _stricmp.
  if (EqualNoCase(element, "SelectionTrees") || EqualNoCase(element, "SelectionTree") || EqualNoCase(element, "Blocks"))
    return TreeFormat::SelectionTree;
  if (element.empty() && EndsWith(path, ".bt")) return TreeFormat::Unvanquished;
  return TreeFormat::Unknown;
}

}  // namespace bt::loaders
