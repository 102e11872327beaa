// bt/loaders/dragengine.cpp — placeholder until the loader lands (see the header).
#include "bt/loaders/dragengine.h"

namespace bt::loaders {

bt::data::BuildResult LoadDragengineFile(const std::string& path, const bt::data::Registry&, const LoadOptions&) {
  bt::data::BuildResult result;
  result.errors.push_back({path + ":1:1: this format's loader is not built yet", path, 1, 1, {}});
  return result;
}

}  // namespace bt::loaders
