// bt/loaders/xml_places.cpp — places in XML files (see the header).
#include "bt/loaders/xml_places.h"

#include <cctype>
#include <cstdint>
#include <utility>

namespace bt::loaders {

namespace {

bool Space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool NameChar(char c) { return !Space(c) && c != '/' && c != '>' && c != '=' && c != '<'; }

// The byte after the '>' of the tag whose '<' is at `at` (quoted values skipped).
std::size_t TagEnd(std::string_view text, std::size_t at) {
  char quote = 0;
  for (; at < text.size(); ++at) {
    const char c = text[at];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      return at + 1;
    }
  }
  return text.size();
}

std::size_t SkipPast(std::string_view text, std::size_t at, std::string_view end) {
  const std::size_t found = text.find(end, at);
  return found == std::string_view::npos ? text.size() : found + end.size();
}

struct OpenTag {
  std::string_view name;
  std::size_t offset;  // of its '<'
};

// The elements open at `until`, outermost first: the text before it parsed, so
// only its tags, comments, CDATA, declarations and instructions need telling apart.
std::vector<OpenTag> OpenTagsAt(std::string_view text, std::size_t until) {
  std::vector<OpenTag> open;
  std::size_t at = 0;
  while (at < until) {
    at = text.find('<', at);
    if (at == std::string_view::npos || at >= until) break;
    const std::string_view rest = text.substr(at);
    if (rest.starts_with("<!--")) {
      at = SkipPast(text, at + 4, "-->");
    } else if (rest.starts_with("<![CDATA[")) {
      at = SkipPast(text, at + 9, "]]>");
    } else if (rest.starts_with("<?")) {
      at = SkipPast(text, at + 2, "?>");
    } else if (rest.starts_with("<!")) {
      // A DOCTYPE, its internal subset in brackets.
      const std::size_t bracket = text.find('[', at), close = text.find('>', at);
      at = bracket < close ? SkipPast(text, SkipPast(text, bracket, "]"), ">") : SkipPast(text, at, ">");
    } else if (rest.starts_with("</")) {
      if (!open.empty()) open.pop_back();
      at = TagEnd(text, at);
    } else {
      std::size_t end = at + 1;
      while (end < text.size() && NameChar(text[end])) ++end;
      const OpenTag tag{text.substr(at + 1, end - at - 1), at};
      at = TagEnd(text, at);
      if (at < 2 || text[at - 2] != '/') open.push_back(tag);
    }
  }
  return open;
}

}  // namespace

std::size_t XmlAttributeValueOffset(std::string_view text, std::size_t nameOffset, std::string_view name) {
  std::size_t at = nameOffset;
  while (at < text.size() && NameChar(text[at])) ++at;
  while (at < text.size()) {
    while (at < text.size() && Space(text[at])) ++at;
    const std::size_t nameStart = at;
    while (at < text.size() && NameChar(text[at])) ++at;
    const std::string_view attribute = text.substr(nameStart, at - nameStart);
    while (at < text.size() && Space(text[at])) ++at;
    if (attribute.empty() || at >= text.size() || text[at] != '=') return kNoXmlOffset;
    ++at;
    while (at < text.size() && Space(text[at])) ++at;
    if (at >= text.size() || (text[at] != '"' && text[at] != '\'')) return kNoXmlOffset;
    const std::size_t close = text.find(text[at], at + 1);
    if (close == std::string_view::npos) return kNoXmlOffset;
    if (attribute == name) return at + 1;
    at = close + 1;
  }
  return kNoXmlOffset;
}

std::vector<bt::data::ConditionPiece> XmlValuePieces(std::string_view text, std::size_t valueOffset,
                                                     const LineIndex& lines, std::string_view file) {
  std::vector<bt::data::ConditionPiece> pieces;
  if (valueOffset == kNoXmlOffset || valueOffset == 0 || valueOffset > text.size()) return pieces;
  const char quote = text[valueOffset - 1];
  std::size_t decoded = 0;  // bytes of the value so far
  std::size_t expected = kNoXmlOffset;  // where the next byte stands if it continues the last piece
  auto add = [&](std::size_t raw, std::size_t bytes, std::size_t rawLength) {
    if (raw != expected) {
      const LineColumn at = lines.At(raw);
      pieces.push_back({decoded, {at.line, at.column, file}});
    }
    decoded += bytes;
    expected = rawLength == bytes ? raw + rawLength : kNoXmlOffset;
  };
  for (std::size_t at = valueOffset; at < text.size() && text[at] != quote;) {
    const char c = text[at];
    if (c == '\r' || c == '\n') {
      // One space for "\r\n", "\r" or "\n"; the next byte starts a line.
      const std::size_t length = c == '\r' && at + 1 < text.size() && text[at + 1] == '\n' ? 2 : 1;
      add(at, 1, 1);
      expected = kNoXmlOffset;
      at += length;
    } else if (c == '&') {
      // pugixml's references: the five named ones and character references; any
      // other '&' stays itself.
      const std::size_t semicolon = text.substr(at, 12).find(';');
      const std::string_view entity =
          semicolon == std::string_view::npos ? std::string_view() : text.substr(at + 1, semicolon - 1);
      const bool named = entity == "lt" || entity == "gt" || entity == "amp" || entity == "quot" || entity == "apos";
      const bool numeric = entity.size() > 1 && entity[0] == '#' &&
                           entity.find_first_not_of(entity[1] == 'x' || entity[1] == 'X' ? "0123456789abcdefABCDEF" : "0123456789",
                                                    entity[1] == 'x' || entity[1] == 'X' ? 2 : 1) == std::string_view::npos;
      if (!named && !numeric) {
        add(at, 1, 1);
        ++at;
        continue;
      }
      std::size_t bytes = 1;
      if (numeric) {
        // A character reference: as many bytes as its UTF-8.
        unsigned long code = 0;
        const bool hex = entity.size() > 1 && (entity[1] == 'x' || entity[1] == 'X');
        for (std::size_t i = hex ? 2 : 1; i < entity.size(); ++i) {
          const char d = entity[i];
          const int digit = std::isdigit(static_cast<unsigned char>(d)) ? d - '0'
                            : hex && std::isxdigit(static_cast<unsigned char>(d))
                                ? std::tolower(static_cast<unsigned char>(d)) - 'a' + 10
                                : 0;
          code = code * (hex ? 16 : 10) + static_cast<unsigned long>(digit);
          if (code > 0x10FFFF) break;
        }
        bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      }
      add(at, bytes, semicolon + 1);
      expected = kNoXmlOffset;
      at += semicolon + 1;
    } else {
      add(at, 1, 1);
      ++at;
    }
  }
  if (pieces.empty()) {
    const LineColumn at = lines.At(valueOffset);
    pieces.push_back({0, {at.line, at.column, file}});
  }
  return pieces;
}

std::string XmlParseErrorMessage(std::string_view text, const pugi::xml_parse_result& parsed, const LineIndex& lines,
                                 std::size_t* offset) {
  const auto at = static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0));
  *offset = at;
  if (parsed.status != pugi::status_end_element_mismatch) return std::string("malformed XML: ") + parsed.description();
  const bool closing = at >= 2 && at <= text.size() && text.substr(at - 2, 2) == "</";
  const std::vector<OpenTag> open = OpenTagsAt(text, closing ? at - 2 : text.size());
  if (open.empty()) return std::string("malformed XML: ") + parsed.description();
  const OpenTag& tag = open.back();
  const LineColumn opened = lines.At(tag.offset);
  const std::string where = "line " + std::to_string(opened.line) + ", column " + std::to_string(opened.column);
  if (!closing) {
    *offset = text.size();
    return "malformed XML: <" + std::string(tag.name) + ">, opened at " + where + ", is not closed";
  }
  std::size_t end = at;
  while (end < text.size() && NameChar(text[end])) ++end;
  *offset = at - 2;
  return "malformed XML: </" + std::string(text.substr(at, end - at)) + "> closes <" + std::string(tag.name) +
         ">, opened at " + where;
}

}  // namespace bt::loaders
