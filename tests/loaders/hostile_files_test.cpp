// tests/loaders/hostile_files_test.cpp — tree files written to make a loader work without
// end: includes, subtrees and Refs that name one file twice at each level, and
// macros that write thousands of nodes at one place. Each is stopped at a bound,
// with an error placed in the file, or loads in steps linear in its size.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>

#include "bt/data/registry.h"
#include "bt/loaders/dragengine/dragengine.h"
#include "bt/loaders/selection_tree/selection_tree.h"
#include "bt/loaders/unvanquished/unvanquished.h"

namespace {

using Files = std::map<std::string, std::string>;

bt::loaders::LoadOptions InMemory(const Files& files) {
  bt::loaders::LoadOptions options;
  options.read = [&files](const std::string& path) -> std::optional<std::string> {
    const auto found = files.find(path);
    if (found == files.end()) return std::nullopt;
    return found->second;
  };
  return options;
}

std::string FirstError(const std::vector<bt::data::BuildError>& errors) {
  return errors.empty() ? "(none)" : errors.front().message;
}

}  // namespace

TEST_CASE("Unvanquished: files that #include the next one twice stop at the bytes read", "[hostile][unvanquished]") {
  Files files;
  constexpr int kLevels = 28;  // 2^28 inclusions unbounded
  for (int k = 0; k < kLevels; ++k) {
    const std::string next = "f" + std::to_string(k + 1) + ".bt";
    files["f" + std::to_string(k) + ".bt"] = "#include \"" + next + "\"\n#include \"" + next + "\"";
  }
  files["f" + std::to_string(kLevels) + ".bt"] = "#define Y " + std::string(1000, 'x');
  const bt::loaders::UnvanquishedParse parsed =
      bt::loaders::ParseUnvanquished("#include \"f0.bt\"\naction a\n", "main.bt", InMemory(files));
  REQUIRE_FALSE(parsed.Ok());
  const std::string error = FirstError(parsed.errors);
  INFO(error);
  // At the #include that went past, in the included file that holds it.
  CHECK(error == "f27.bt:1:10: the file and its includes read more than 16777216 bytes (files included again and again?)");
}

TEST_CASE("Unvanquished: thousands of nodes one macro writes are named in linear steps", "[hostile][unvanquished]") {
  const std::string twenty = " A A A A A A A A A A A A A A A A A A A A }";
  std::string text = "#define A action a\n";
  text += "#define B sequence {" + twenty + "\n";
  text += "#define C sequence {" + std::string(" B B B B B B B B B B B B B B B B B B B B }") + "\n";
  text += "#define D sequence {" + std::string(" C C C C C C C C C C C C C C C C C C C C }") + "\n";
  text += "selector { D D D }\n";
  const bt::loaders::UnvanquishedParse parsed = bt::loaders::ParseUnvanquished(text, "names.bt");
  INFO(FirstError(parsed.errors));
  REQUIRE(parsed.Ok());
  std::set<std::string> names;
  for (const bt::data::NodeSpec& node : parsed.spec.nodes) names.insert(node.name);
  CHECK(names.size() == parsed.spec.nodes.size());
  CHECK(parsed.spec.nodes.size() == 3 * (1 + 20 * (1 + 20 * (1 + 20))) + 1);
  CHECK(names.count("action a@5:12#8000") == 1);  // the last of D's 8,000 actions written at D's first use
}

TEST_CASE("Drag[en]gine: subtree files that name the next one twice stop at the rules read", "[hostile][dragengine]") {
  Files files;
  constexpr int kLevels = 24;
  for (int k = 0; k < kLevels; ++k) {
    const std::string next = "s" + std::to_string(k + 1) + ".xml";
    files["s" + std::to_string(k) + ".xml"] =
        "<behaviorTree><subtree>" + next + "</subtree><subtree>" + next + "</subtree></behaviorTree>";
  }
  files["s" + std::to_string(kLevels) + ".xml"] = "<behaviorTree/>";  // empty: no rule to count but the subtrees
  const bt::loaders::DragengineParse parsed =
      bt::loaders::ParseDragengine("<behaviorTree><subtree>s0.xml</subtree></behaviorTree>", "main.xml", InMemory(files));
  REQUIRE_FALSE(parsed.Ok());
  CHECK(FirstError(parsed.errors).find(": more than bt::data::kMaxSpecNodes (65535) nodes") != std::string::npos);
}

TEST_CASE("Selection trees: blocks that Ref the next one twice stop at the Refs expanded", "[hostile][selection]") {
  constexpr int kLevels = 40;
  std::string text = "<SelectionTree name=\"T\">\n<Blocks>\n";
  for (int k = 0; k < kLevels; ++k)
    text += "<Block name=\"B" + std::to_string(k) + "\"><Ref name=\"B" + std::to_string(k + 1) + "\"/><Ref name=\"B" +
            std::to_string(k + 1) + "\"/></Block>\n";
  text += "<Block name=\"B" + std::to_string(kLevels) + "\"/>\n</Blocks>\n<Ref name=\"B0\"/>\n";
  text += "<Priority name=\"P\"><Leaf name=\"L\"/></Priority>\n</SelectionTree>\n";
  bt::loaders::LoadOptions options;
  options.build.stubUnknownNames = true;
  const bt::loaders::SelectionTreeLoad load = bt::loaders::LoadSelectionTree(text, "refs.xml", bt::data::Registry{}, options);
  REQUIRE_FALSE(load.build.Ok());
  CHECK(FirstError(load.build.errors).find(
            ": more than 1048560 Refs expanded (blocks that refer to one another again and again?)") != std::string::npos);
}
