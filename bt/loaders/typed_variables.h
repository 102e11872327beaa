// bt/loaders/typed_variables.h — the typed variables the XML formats declare
// (MBT and selection trees), read the one way both loaders share.
//
// The engines type their variables as booleans only; bt extends their
// `<Variable>` with a `type` attribute (bt/core/variables.h):
//   <Enum name="Stance" values="Idle Crouch Prone"/>          (inside <Variables>)
//   <Variable name="Target" type="int64" default="0"/>
//   <Variable name="Stance" type="Stance" default="Crouch"/>
//   <Variable name="Home" type="float3" default="0 0 1"/>
// A type is bool (the default), int32, int64, floatN (N from 1 to 16), or an
// enum's name: the file's own `<Enum>` first, then one registered
// (bt::data::Registry::AddEnum). Each format's page says where it reads them.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "bt/data/registry.h"
#include "bt/data/tree_spec.h"

namespace bt::loaders {

// The enums a file declares, by name: their names in value order.
using FileEnums = std::map<std::string, std::vector<std::string>, std::less<>>;

// Splits an `<Enum values>` list (names separated by spaces or commas) into
// `names`. An error message ("" when none): empty, a repeated or malformed name.
std::string ReadEnumNames(std::string_view values, std::vector<std::string>& names);

// Types `out` (whose name is set) by the `type` attribute's text and reads its
// initial value from `initial` (null: the type's zero: 0, the enum's first name,
// all floats 0). A bool is left to the loader, which reads it its engine's way:
// IsBoolType says when. An error message, or "".
bool IsBoolType(std::string_view type);
std::string TypeVariable(std::string_view type, const char* initial, const FileEnums& enums,
                         const bt::data::Registry& registry, bt::data::VariableSpec& out);

// A signal's `value` for a typed variable: a whole number for an integer, a
// name for an enum (its value); a float vector takes no signal. An error message,
// or "".
std::string TypedSignalValue(const bt::data::VariableSpec& variable, std::string_view text, double& value);

}  // namespace bt::loaders
