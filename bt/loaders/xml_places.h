// bt/loaders/xml_places.h — places in an XML file that pugixml does not give:
// where each byte of an attribute's value was written, and the element a
// malformed file left open. Shared by the XML loaders (MBT, selection trees,
// Drag[en]gine) so that their errors name the file's own lines and columns.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

#include "bt/data/tree_spec.h"
#include "bt/loaders/line_index.h"

namespace bt::loaders {

inline constexpr std::size_t kNoXmlOffset = static_cast<std::size_t>(-1);

// The offset of the value (the byte after its quote) of the attribute `name` of
// the element whose name starts at `nameOffset` (pugixml's offset_debug), or
// kNoXmlOffset when it is not there.
std::size_t XmlAttributeValueOffset(std::string_view text, std::size_t nameOffset, std::string_view name);

// Where each run of an attribute's value, as pugixml decodes it (entities and
// character references replaced, each line end a space), was written; the
// value's raw text starts at `valueOffset`. Every piece lies within one line.
std::vector<bt::data::ConditionPiece> XmlValuePieces(std::string_view text, std::size_t valueOffset,
                                                     const LineIndex& lines, std::string_view file = {});

// The message of a failed parse: pugixml's, but a start-end tag mismatch names
// both tags and where the open one is ("</Sequnce> closes <Sequence>, opened at
// line 3, column 5"). *offset is moved to where the fault is shown.
std::string XmlParseErrorMessage(std::string_view text, const pugi::xml_parse_result& parsed, const LineIndex& lines,
                                 std::size_t* offset);

}  // namespace bt::loaders
