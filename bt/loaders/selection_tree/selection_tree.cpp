// bt/loaders/selection_tree/selection_tree.cpp — CryEngine 3.4 selection-tree XML into a bt tree
// (see the header; the engine: Lumberyard's SelectionTree classes).
//
// Index
//   [SECTION] SelectedLeaf     — the leaf a built selection tree has selected
//   [SECTION] Files and errors — XML helpers, a load's files, trees, blocks and errors
//   [SECTION] Catalog          — the first pass: every file's trees and blocks
//   [SECTION] Converter        — the second pass: one selection tree onto a TreeSpec
//   [SECTION] Entry points     — pick the tree, convert it, build it; from text, files or a folder
#include "bt/loaders/selection_tree/selection_tree.h"
#include "bt/loaders/typed_variables.h"
#include "bt/loaders/node_name_limit.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <system_error>
#include <utility>

#include "bt/data/expression.h"
#include "bt/data/registry.h"
#include "bt/loaders/equal_no_case.h"
#include "bt/loaders/line_index.h"
#include "bt/loaders/xml_places.h"
#include "bt/loaders/source_files.h"
#include "bt/core/tree.h"

namespace bt::loaders {

// =============================================================== [SECTION] SelectedLeaf
const char* SelectedLeaf(const bt::DeciderDef& root, std::span<const std::byte> memory) {
  const bt::DeciderDef* leaf = bt::ActiveBehaviorDecider(root, memory);
  if (leaf == nullptr || leaf->kind != bt::DeciderKind::Behavior || leaf->behavior == nullptr) return nullptr;
  return leaf->behavior->name;
}

namespace {

using bt::data::BuildError;
using bt::data::SourceLocation;

// =============================================================== [SECTION] Files and errors
// Tags compare without case, as the engine's _stricmp.
bool TagIs(const pugi::xml_node& node, std::string_view tag) { return EqualNoCase(node.name(), tag); }

std::string Tag(const pugi::xml_node& node) { return std::string("<") + node.name() + ">"; }

// An attribute's value, or nothing when the element lacks it.
std::optional<std::string> Attribute(const pugi::xml_node& node, const char* name) {
  const pugi::xml_attribute attribute = node.attribute(name);
  if (!attribute) return std::nullopt;
  return std::string(attribute.value());
}

// One file of the load, parsed; its path and text outlive the build (SourceLocation::file).
struct XmlFile {
  std::string path;
  std::string_view text;
  pugi::xml_document doc;
  LineIndex lines;

  XmlFile(std::string filePath, std::string_view fileText) : path(std::move(filePath)), text(fileText), lines(text) {}

  SourceLocation At(std::size_t offset) const {
    const LineColumn at = lines.At(offset);
    return {at.line, at.column, path};
  }
  // Where an element's '<' is (pugixml gives its name's offset).
  std::size_t OffsetOf(const pugi::xml_node& node) const {
    const std::ptrdiff_t at = node.offset_debug();
    if (at <= 0) return 0;
    const auto offset = static_cast<std::size_t>(at);
    return offset <= text.size() && text[offset - 1] == '<' ? offset - 1 : std::min(offset, text.size());
  }
  SourceLocation Where(const pugi::xml_node& node) const { return At(OffsetOf(node)); }
  // Where each run of the value of the element's attribute `name` was written
  // (for errors inside a condition); the element's place when it cannot be found.
  std::vector<bt::data::ConditionPiece> ValuePieces(const pugi::xml_node& node, const char* name) const {
    const std::ptrdiff_t at = node.offset_debug();
    const std::size_t value = at > 0 ? XmlAttributeValueOffset(text, static_cast<std::size_t>(at), name) : kNoXmlOffset;
    std::vector<bt::data::ConditionPiece> pieces = XmlValuePieces(text, value, lines, path);
    if (pieces.empty()) pieces.push_back({0, Where(node)});
    return pieces;
  }
  bt::data::ConditionSpec Condition(const pugi::xml_node& node, const char* name, std::string text) const {
    std::vector<bt::data::ConditionPiece> pieces = ValuePieces(node, name);
    const SourceLocation where = pieces.front().where;
    return {std::move(text), bt::data::Dialect::Cry, where, std::move(pieces)};
  }
};

struct Block {
  pugi::xml_node node;
  const XmlFile* file = nullptr;
};

struct Tree {
  std::string name;
  pugi::xml_node node;
  const XmlFile* file = nullptr;
};

class Errors {
 public:
  void Add(const SourceLocation& where, const std::string& message, std::string node = {}) {
    const std::string file(where.file);
    // A file as a whole (one that cannot be read) has no place in it.
    const std::string place =
        where.line == 0 ? file : file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
    list.push_back({place + ": " + message, file, where.line, where.column, std::move(node)});
  }
  void Add(const XmlFile& file, const pugi::xml_node& node, const std::string& message) {
    Add(file.Where(node), message);
  }
  bool Any() const { return !list.empty(); }

  std::vector<BuildError> list;
};

// =============================================================== [SECTION] Catalog
// Every file of one load: their trees and blocks (the engine's first pass).
class Catalog {
 public:
  Catalog(const LoadOptions& options, Errors& errors) : options_(options), sources_(options), errors_(errors) {}

  // Reads and adds the file at `path`; false when it cannot be read.
  bool AddPath(const std::string& path, bool blocksOnly = false) {
    const SourceFile* source = sources_.Open(path);
    if (source == nullptr) return false;
    AddText(source->path, source->text, blocksOnly);
    return true;
  }
  void AddText(std::string path, std::string_view text, bool blocksOnly = false) {
    XmlFile& file = files_.emplace_back(std::move(path), text);
    const pugi::xml_parse_result parsed =
        file.doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) {
      // A file beside the one loaded, read for a missing block, is not this load's
      // to judge: a broken one (or another tree's) is passed over.
      if (blocksOnly) return;
      std::size_t offset = 0;
      const std::string message = XmlParseErrorMessage(text, parsed, file.lines, &offset);
      errors_.Add(file.At(offset), message);
      return;
    }
    pugi::xml_node root;
    for (const pugi::xml_node node : file.doc.children()) {
      if (node.type() != pugi::node_element) continue;
      if (root && blocksOnly) return;
      if (root) return errors_.Add(file, node, "a second root element " + Tag(node) + ": an XML file has one");
      root = node;
    }
    if (!root && blocksOnly) return;
    if (!root) return errors_.Add(file.At(0), "no root element: expected <SelectionTrees>, <SelectionTree> or <Blocks>");
    if (TagIs(root, "Blocks")) return AddBlocks(root, file, globalBlocks_, blocksOnly);
    if (blocksOnly) return;  // a tree file beside the one loaded: not part of this load
    if (TagIs(root, "SelectionTree")) return AddTree(root, file);
    if (!TagIs(root, "SelectionTrees"))
      return errors_.Add(file, root, "unexpected root element " + Tag(root) +
                                         ": expected <SelectionTrees>, <SelectionTree> or <Blocks>");
    for (const pugi::xml_node node : root.children()) {
      if (node.type() != pugi::node_element) continue;
      if (!TagIs(node, "SelectionTree"))
        return errors_.Add(file, node, "unexpected " + Tag(node) + " in <SelectionTrees>: expected <SelectionTree>");
      AddTree(node, file);
    }
  }

  // The block `name` seen from `tree`: the tree's own, else a global one. When
  // there is none and `besideFile` is given, the <Blocks> files beside it and in
  // the search folders are read first (once).
  const Block* FindBlock(const std::string& tree, const std::string& name, const std::string& besideFile) {
    if (const Block* found = Find(tree, name)) return found;
    if (besideFile.empty() || searchedBeside_) return nullptr;
    searchedBeside_ = true;
    std::vector<std::string> folders{FolderOf(besideFile)};
    folders.insert(folders.end(), options_.searchPath.begin(), options_.searchPath.end());
    for (const std::string& folder : folders)
      for (const std::string& path : XmlFilesIn(folder, false))
        if (!Loaded(path)) AddPath(path, true);
    return Find(tree, name);
  }

  const std::vector<Tree>& Trees() const { return trees_; }
  const Tree* FindTree(std::string_view name) const {
    for (const Tree& tree : trees_)
      if (tree.name == name) return &tree;
    return nullptr;
  }
  bool Empty() const { return files_.empty(); }
  const XmlFile& First() const { return files_.front(); }

  // The .xml files in `folder` (and its subfolders when `recursive`), in name order;
  // none when reading is not the disk's (a game's reader lists no folders).
  std::vector<std::string> XmlFilesIn(const std::string& folder, bool recursive) const {
    std::vector<std::string> paths;
    if (options_.read) return paths;
    const std::filesystem::path base(folder.empty() ? "." : folder);
    std::error_code error;
    const auto take = [&](const std::filesystem::directory_entry& entry) {
      std::error_code ignored;
      if (!entry.is_regular_file(ignored) || !EqualNoCase(entry.path().extension().string(), ".xml")) return;
      paths.push_back(folder.empty() ? entry.path().filename().string()
                                     : JoinPath(folder, std::filesystem::relative(entry.path(), base, ignored).string()));
    };
    if (recursive) {
      for (auto it = std::filesystem::recursive_directory_iterator(base, error);
           !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error))
        take(*it);
    } else {
      for (auto it = std::filesystem::directory_iterator(base, error);
           !error && it != std::filesystem::directory_iterator(); it.increment(error))
        take(*it);
    }
    std::sort(paths.begin(), paths.end());
    return paths;
  }

 private:
  using Blocks = std::map<std::string, Block, std::less<>>;

  const Block* Find(const std::string& tree, const std::string& name) const {
    if (const auto scope = treeBlocks_.find(tree); scope != treeBlocks_.end())
      if (const auto found = scope->second.find(name); found != scope->second.end()) return &found->second;
    const auto found = globalBlocks_.find(name);
    return found == globalBlocks_.end() ? nullptr : &found->second;
  }
  bool Loaded(const std::string& path) const {
    return std::any_of(files_.begin(), files_.end(), [&](const XmlFile& file) { return file.path == path; });
  }

  void AddTree(const pugi::xml_node& node, const XmlFile& file) {
    const std::optional<std::string> name = Attribute(node, "name");
    if (!name || name->empty()) return errors_.Add(file, node, "<SelectionTree> needs a name");
    if (const Tree* first = FindTree(*name)) {
      const SourceLocation at = first->file->Where(first->node);
      return errors_.Add(file, node, "duplicate selection tree '" + *name + "' (first at " + std::string(at.file) +
                                         ":" + std::to_string(at.line) + ")");
    }
    trees_.push_back({*name, node, &file});
    for (const pugi::xml_node child : node.children())
      if (child.type() == pugi::node_element && TagIs(child, "Blocks")) AddBlocks(child, file, treeBlocks_[*name], false);
  }

  // A block named twice is an error, except in the files read for a missing
  // block (blocksOnly): there the first definition, the nearest, stands.
  void AddBlocks(const pugi::xml_node& blocks, const XmlFile& file, Blocks& scope, bool blocksOnly) {
    for (const pugi::xml_node node : blocks.children()) {
      if (node.type() != pugi::node_element) continue;
      if (!TagIs(node, "Block"))
        return errors_.Add(file, node, "unexpected " + Tag(node) + " in <Blocks>: expected <Block>");
      const std::optional<std::string> name = Attribute(node, "name");
      if (!name || name->empty()) return errors_.Add(file, node, "<Block> needs a name");
      const auto [found, added] = scope.try_emplace(*name, Block{node, &file});
      if (!added && !blocksOnly) {
        const SourceLocation at = found->second.file->Where(found->second.node);
        return errors_.Add(file, node, "duplicate block '" + *name + "' (first at " + std::string(at.file) + ":" +
                                           std::to_string(at.line) + ")");
      }
    }
  }

  const LoadOptions& options_;
  SourceFiles sources_;
  Errors& errors_;
  std::deque<XmlFile> files_;  // a deque: a file's address stays put as others are added
  Blocks globalBlocks_;
  std::map<std::string, Blocks, std::less<>> treeBlocks_;
  std::vector<Tree> trees_;
  bool searchedBeside_ = false;
};

// =============================================================== [SECTION] Converter
struct SignalSpec {
  std::string signal;
  std::string variable;
  double value = 0;
};

// A Map node="A:B:Leaf": the leaf's name and the names its nearest ancestors must have.
struct QualifiedTranslation {
  std::string leaf;
  std::vector<std::string> ancestors;  // outermost first
  std::string target;
};

// Where a node stands, which says which flags it takes and whether its condition counts.
enum class Role { Root, PriorityChild, StateChild };

// One selection tree into a TreeSpec (the engine's second pass).
class TreeConverter {
 public:
  TreeConverter(Catalog& catalog, const Tree& tree, std::string besideFile, Errors& errors,
                const bt::data::Registry& registry)
      : catalog_(catalog), tree_(tree), besideFile_(std::move(besideFile)), errors_(errors), registry_(registry) {
    spec.file = tree.file->path;
  }

  bool Convert() {
    // The tree's parts, read in the engine's order (variables, then the root,
    // then translations and signals) once all are known; each with the blocks
    // it was reached through, so a Ref inside it back to one of them is recursive.
    struct Part {
      pugi::xml_node node;
      const XmlFile* file;
      std::vector<const Block*> referring;
    };
    std::vector<Part> variables, translations, signals, roots;
    const bool read = ForEachChild(tree_.node, *tree_.file, 0, [&](const pugi::xml_node& node, const XmlFile& file) {
      if (TagIs(node, "Blocks")) return true;
      std::vector<Part>& parts = TagIs(node, "Variables")          ? variables
                                 : TagIs(node, "LeafTranslations") ? translations
                                 : TagIs(node, "SignalVariables")  ? signals
                                                                   : roots;
      parts.push_back({node, &file, referring_});
      return true;
    });
    if (!read) return false;
    if (roots.empty()) return Fail(*tree_.file, tree_.node, "selection tree '" + tree_.name + "' has no root node");
    if (roots.size() > 1)
      return Fail(*roots[1].file, roots[1].node,
                  "a second root node " + Tag(roots[1].node) + " in selection tree '" + tree_.name +
                      "': a selection tree has exactly one root node");
    const auto all = [&](const std::vector<Part>& parts, bool (TreeConverter::*read)(const pugi::xml_node&, const XmlFile&)) {
      for (const Part& part : parts) {
        referring_ = part.referring;
        if (!(this->*read)(part.node, *part.file)) return false;
      }
      return true;
    };
    if (!all(variables, &TreeConverter::ReadVariables) || !all(translations, &TreeConverter::ReadTranslations))
      return false;
    referring_ = roots[0].referring;
    const std::optional<std::size_t> root = ConvertNode(roots[0].node, *roots[0].file, Role::Root, 0);
    if (!root) return false;
    spec.root = spec.nodes[*root].name;
    return all(signals, &TreeConverter::ReadSignals);
  }

  bt::data::TreeSpec spec;
  std::vector<SignalSpec> signalSpecs;

 private:
  bool Fail(const XmlFile& file, const pugi::xml_node& node, const std::string& message) {
    errors_.Add(file, node, message);
    return false;
  }
  bool TooDeep(int depth, const XmlFile& file, const pugi::xml_node& node) {
    if (depth <= kMaxSelectionTreeDepth) return false;
    return !Fail(file, node, "nested too deeply: more than " + std::to_string(kMaxSelectionTreeDepth) +
                                 " levels of nodes and Refs");
  }

  // Calls visit(child, its file) for each child element of `parent`, a <Ref>
  // standing for its block's children (the engine's BlockyXmlNodeRef). False
  // when a Ref is bad or visit returns false.
  template <class Visit>
  bool ForEachChild(const pugi::xml_node& parent, const XmlFile& file, int depth, const Visit& visit) {
    for (const pugi::xml_node child : parent.children()) {
      if (child.type() != pugi::node_element) continue;
      if (!TagIs(child, "Ref")) {
        if (!visit(child, file)) return false;
        continue;
      }
      const std::optional<std::string> name = Attribute(child, "name");
      if (!name || name->empty()) return Fail(file, child, "<Ref> needs a name");
      const Block* block = catalog_.FindBlock(tree_.name, *name, besideFile_);
      if (block == nullptr) return Fail(file, child, "unknown block '" + *name + "'");
      if (std::find(referring_.begin(), referring_.end(), block) != referring_.end())
        return Fail(file, child, "recursive Ref '" + *name + "': the block is being expanded already");
      if (TooDeep(depth + 1, file, child)) return false;
      // Blocks that refer to one another twice at each level, and hold nothing
      // else, write no node to stop at (ConvertNode's bound): their Refs are
      // counted instead, well past what a tree of kMaxSpecNodes nodes needs.
      if (++refsExpanded_ > kMaxRefsExpanded)
        return Fail(file, child, "more than " + std::to_string(kMaxRefsExpanded) +
                                     " Refs expanded (blocks that refer to one another again and again?)");
      referring_.push_back(block);
      const bool ok = ForEachChild(block->node, *block->file, depth + 1, visit);
      referring_.pop_back();
      if (!ok) return false;
    }
    return true;
  }

  // The engine's booleans, and bt's typed variables (bt/loaders/typed_variables.h):
  // a `type` attribute, and `<Enum name values/>` among the variables, declared
  // before the variables that take it.
  bool ReadVariables(const pugi::xml_node& section, const XmlFile& sectionFile) {
    return ForEachChild(section, sectionFile, 0, [&](const pugi::xml_node& node, const XmlFile& file) {
      if (TagIs(node, "Enum")) {
        const std::optional<std::string> name = Attribute(node, "name");
        if (!name || name->empty()) return Fail(file, node, "<Enum> needs a name");
        std::vector<std::string> names;
        if (const std::string error = ReadEnumNames(Attribute(node, "values").value_or(""), names); !error.empty())
          return Fail(file, node, "enum '" + *name + "': " + error);
        if (!enums_.emplace(*name, std::move(names)).second) return Fail(file, node, "duplicate enum '" + *name + "'");
        return true;
      }
      if (!TagIs(node, "Variable"))
        return Fail(file, node, "unexpected " + Tag(node) + " in <Variables>: expected <Variable> or <Enum>");
      const std::optional<std::string> name = Attribute(node, "name");
      if (!name || name->empty()) return Fail(file, node, "<Variable> needs a name");
      const std::string type = Attribute(node, "type").value_or("");
      if (!IsBoolType(type)) {
        for (const bt::data::VariableSpec& declared : spec.variables)
          if (declared.name == *name) return Fail(file, node, "duplicate variable '" + *name + "'");
        bt::data::VariableSpec typed{*name, bt::VariableType::Bool, 0, file.Where(node)};
        const std::optional<std::string> initial = Attribute(node, "default");
        if (const std::string error =
                TypeVariable(type, initial ? initial->c_str() : nullptr, enums_, registry_, typed);
            !error.empty())
          return Fail(file, node, error);
        spec.variables.push_back(std::move(typed));
        return true;
      }
      bool initial = false;
      if (const std::optional<std::string> value = Attribute(node, "default")) {
        if (EqualNoCase(*value, "true")) initial = true;
        else if (!EqualNoCase(*value, "false"))
          return Fail(file, node, "variable '" + *name + "': default must be true or false, not '" + *value + "'");
      }
      for (const bt::data::VariableSpec& declared : spec.variables)
        if (declared.name == *name) return Fail(file, node, "duplicate variable '" + *name + "'");
      spec.variables.push_back({*name, bt::VariableType::Bool, initial ? 1.0 : 0.0, file.Where(node)});
      return true;
    });
  }

  bool ReadTranslations(const pugi::xml_node& section, const XmlFile& sectionFile) {
    return ForEachChild(section, sectionFile, 0, [&](const pugi::xml_node& node, const XmlFile& file) {
      if (!TagIs(node, "Map")) return Fail(file, node, "unexpected " + Tag(node) + " in <LeafTranslations>: expected <Map>");
      const std::optional<std::string> from = Attribute(node, "node");
      if (!from || from->empty()) return Fail(file, node, "<Map> needs a node");
      const std::optional<std::string> target = Attribute(node, "target");
      if (!target || target->empty()) return Fail(file, node, "<Map> needs a target");
      // Every name, qualified too, is kept whole: a second Map of it is a duplicate,
      // and a leaf whose own name has a ':' matches it directly.
      if (!direct_.try_emplace(*from, *target).second)
        return Fail(file, node, "duplicate translation of '" + *from + "'");
      const std::size_t colon = from->rfind(':');
      if (colon == std::string::npos) return true;
      QualifiedTranslation& qualified = qualified_.emplace_back();
      qualified.leaf = from->substr(colon + 1);
      qualified.target = *target;
      std::size_t start = 0;
      while (start < colon) {
        const std::size_t end = std::min(from->find(':', start), colon);
        if (end > start) qualified.ancestors.push_back(from->substr(start, end - start));
        start = end + 1;
      }
      return true;
    });
  }

  // The action a leaf runs: its direct translation, else the first qualified one
  // whose ancestors are the leaf's nearest ones, else its own name.
  std::string Translate(const std::string& leaf) const {
    if (const auto found = direct_.find(leaf); found != direct_.end()) return found->second;
    for (const QualifiedTranslation& qualified : qualified_) {
      if (qualified.leaf != leaf || qualified.ancestors.size() > ancestors_.size()) continue;
      if (std::equal(qualified.ancestors.rbegin(), qualified.ancestors.rend(), ancestors_.rbegin()))
        return qualified.target;
    }
    return leaf;
  }

  bool ReadSignals(const pugi::xml_node& section, const XmlFile& sectionFile) {
    return ForEachChild(section, sectionFile, 0, [&](const pugi::xml_node& node, const XmlFile& file) {
      if (!TagIs(node, "Signal"))
        return Fail(file, node, "unexpected " + Tag(node) + " in <SignalVariables>: expected <Signal>");
      const std::optional<std::string> name = Attribute(node, "name");
      if (!name || name->empty()) return Fail(file, node, "<Signal> needs a name");
      const std::optional<std::string> variable = Attribute(node, "variable");
      if (!variable || variable->empty()) return Fail(file, node, "<Signal> '" + *name + "' needs a variable");
      const std::optional<std::string> value = Attribute(node, "value");
      if (!value) return Fail(file, node, "<Signal> '" + *name + "' needs a value");
      const bool declared = std::any_of(spec.variables.begin(), spec.variables.end(),
                                        [&](const bt::data::VariableSpec& v) { return v.name == *variable; });
      if (!declared) return Fail(file, node, "signal '" + *name + "': unknown variable '" + *variable + "'");
      for (bt::data::VariableSpec& v : spec.variables) {
        if (v.name != *variable || v.type == bt::VariableType::Bool) continue;
        // A typed variable's value is a constant of its type (bt's extension).
        double set = 0;
        if (const std::string error = TypedSignalValue(v, *value, set); !error.empty())
          return Fail(file, node, "signal '" + *name + "': " + error);
        signalSpecs.push_back({*name, *variable, set});
        v.signals.push_back({*name, set});
        return true;
      }
      // The engine evaluates the value as a condition when the signal comes; bt's
      // signal table holds constants, so a value must not read variables.
      struct NoNames final : bt::data::ExpressionNames {};
      bt::data::ExpressionError error;
      const std::optional<bt::data::Expression> constant =
          bt::data::CompileExpression(*value, bt::data::Dialect::Cry, NoNames{}, &error);
      if (!constant && ReadsVariables(*value))
        return Fail(file, node, "signal '" + *name + "': the value '" + *value +
                                    "' reads variables: only a constant value (true or false) is supported");
      if (!constant) {
        const bt::data::ConditionSpec placed = file.Condition(node, "value", *value);
        errors_.Add(placed.PlaceOf(error.column), "signal '" + *name + "': value: " + placed.PlacedMessage(error));
        return false;
      }
      const double set = constant->IsTrue(nullptr, nullptr) ? 1.0 : 0.0;
      signalSpecs.push_back({*name, *variable, set});
      // Declared with the variable too, so bt::SendEvent sets it (bt/engine/events.h).
      for (bt::data::VariableSpec& v : spec.variables)
        if (v.name == *variable) v.signals.push_back({*name, set});
      return true;
    });
  }
  // Whether `text` compiles once the declared variables are known.
  bool ReadsVariables(const std::string& text) const {
    struct Declared final : bt::data::ExpressionNames {
      const std::vector<bt::data::VariableSpec>* variables = nullptr;
      int FindVariable(std::string_view name) const override {
        for (std::size_t i = 0; i < variables->size(); ++i)
          if ((*variables)[i].name == name) return static_cast<int>(i);
        return -1;
      }
      bool ChecksTypes() const override { return false; }
    } names;
    names.variables = &spec.variables;
    return bt::data::CompileExpression(text, bt::data::Dialect::Cry, names, nullptr).has_value();
  }

  // "Combat@12"; "Combat@blocks.xml:12" for a node of another file; "#2"... for copies.
  std::string DeciderName(const std::string& name, const XmlFile& file, const pugi::xml_node& node) {
    std::string decider = name + "@";
    if (&file != tree_.file) {
      const std::size_t slash = file.path.find_last_of('/');
      decider += (slash == std::string::npos ? file.path : file.path.substr(slash + 1)) + ":";
    }
    decider += std::to_string(file.Where(node).line);
    const int uses = ++nameUses_[decider];
    return uses == 1 ? decider : decider + "#" + std::to_string(uses);
  }

  // The node's index in spec.nodes, or nothing after an error.
  std::optional<std::size_t> ConvertNode(const pugi::xml_node& node, const XmlFile& file, Role role, int depth) {
    if (TooDeep(depth, file, node)) return std::nullopt;
    // A block is expanded at each Ref: Refs that double at each level stop at the builder's limit.
    if (spec.nodes.size() >= bt::data::kMaxSpecNodes) {
      Fail(file, node, bt::data::TooManyNodesMessage());
      return std::nullopt;
    }
    const bool leaf = TagIs(node, "Leaf"), priority = TagIs(node, "Priority"), machine = TagIs(node, "StateMachine");
    if (TagIs(node, "Sequence")) {
      Fail(file, node, "<Sequence> is not supported: CryEngine parses it, but its evaluation reads states a "
                       "Sequence never has (it crashes there); use <Priority> or <StateMachine>");
      return std::nullopt;
    }
    if (!leaf && !priority && !machine) {
      Fail(file, node, "unknown node type " + Tag(node) + ": expected <Priority>, <StateMachine> or <Leaf>");
      return std::nullopt;
    }
    const std::optional<std::string> name = Attribute(node, "name");
    if (!name || name->empty()) {
      Fail(file, node, Tag(node) + " needs a name");
      return std::nullopt;
    }
    if (const auto tooLong = NodeNameTooLong(name->size(), Tag(node) + " name")) {
      Fail(file, node, *tooLong);
      return std::nullopt;
    }
    const std::string decider = DeciderName(*name, file, node);
    std::optional<std::size_t> index;
    if (leaf) index = ConvertLeaf(node, file, *name, decider);
    else {
      ancestors_.push_back(*name);
      index = priority ? ConvertPriority(node, file, *name, decider, depth) : ConvertMachine(node, file, *name, decider, depth);
      ancestors_.pop_back();
    }
    if (!index) return std::nullopt;
    bt::data::NodeSpec& converted = spec.nodes[*index];
    converted.where = file.Where(node);
    // A group answers for its subtree: it is chosen only if its subtree yields a leaf.
    if (!leaf && role != Role::Root) converted.flags |= bt::kDelegateDecideToChildren;
    if (role == Role::PriorityChild) converted.flags |= bt::kRecheckEveryTick;
    return index;
  }

  std::optional<std::size_t> ConvertLeaf(const pugi::xml_node& node, const XmlFile& file, const std::string& name,
                                         const std::string& decider) {
    for (const pugi::xml_node child : node.children())
      if (child.type() == pugi::node_element) {
        Fail(file, node, "Leaf '" + name + "' has children: a Leaf names a behavior and holds none");
        return std::nullopt;
      }
    spec.Behavior(decider, Translate(name));
    return spec.nodes.size() - 1;
  }

  std::optional<std::size_t> ConvertPriority(const pugi::xml_node& node, const XmlFile& file, const std::string& name,
                                             const std::string& decider, int depth) {
    std::vector<std::size_t> children;
    const bool ok = ForEachChild(node, file, depth, [&](const pugi::xml_node& child, const XmlFile& childFile) {
      const std::optional<std::size_t> index = ConvertNode(child, childFile, Role::PriorityChild, depth + 1);
      if (!index) return false;
      // Its condition is the Priority's (the engine keeps it beside the child); "true" when
      // absent. An empty one does not compile there.
      if (const std::optional<std::string> condition = Attribute(child, "condition")) {
        if (condition->find_first_not_of(" \t\r\n") == std::string::npos)
          return Fail(childFile, child, "an empty condition: write an expression, or no condition to always hold");
        spec.nodes[*index].condition = childFile.Condition(child, "condition", *condition);
      }
      children.push_back(*index);
      return true;
    });
    if (!ok) return std::nullopt;
    if (children.empty()) {
      Fail(file, node, "Priority '" + name + "' has no children");
      return std::nullopt;
    }
    bt::data::NodeSpec& group = spec.Group(decider, bt::GroupPolicy::PrioritizedList, {});
    for (const std::size_t child : children) group.children.push_back({spec.nodes[child].name, spec.nodes[child].where});
    return spec.nodes.size() - 1;
  }

  struct StateRead {
    std::string name;
    pugi::xml_node node;
    const XmlFile* file = nullptr;
    std::optional<std::size_t> child;  // the state's node in spec.nodes
  };

  std::optional<std::size_t> ConvertMachine(const pugi::xml_node& node, const XmlFile& file, const std::string& name,
                                            const std::string& decider, int depth) {
    std::vector<StateRead> states;
    bool ok = ForEachChild(node, file, depth, [&](const pugi::xml_node& child, const XmlFile& childFile) {
      if (!TagIs(child, "State"))
        return Fail(childFile, child, "unexpected " + Tag(child) + " in StateMachine '" + name + "': expected <State>");
      const std::optional<std::string> state = Attribute(child, "name");
      if (!state || state->empty()) return Fail(childFile, child, "<State> needs a name");
      for (const StateRead& other : states)
        if (EqualNoCase(other.name, *state))
          return Fail(childFile, child, "duplicate state '" + *state + "' in StateMachine '" + name + "'");
      states.push_back({*state, child, &childFile, std::nullopt});
      return true;
    });
    if (!ok) return std::nullopt;
    if (states.empty()) {
      Fail(file, node, "StateMachine '" + name + "' has no states");
      return std::nullopt;
    }
    struct TransitionRead {
      std::size_t from = 0, to = 0;
      bt::data::ConditionSpec condition;
      SourceLocation where;
    };
    std::vector<TransitionRead> transitions;
    for (std::size_t s = 0; s < states.size() && ok; ++s) {
      StateRead& state = states[s];
      ok = ForEachChild(state.node, *state.file, depth + 1, [&](const pugi::xml_node& child, const XmlFile& childFile) {
        if (!TagIs(child, "Transition")) {
          if (state.child)
            return Fail(childFile, child, "State '" + state.name + "' has more than one node");
          state.child = ConvertNode(child, childFile, Role::StateChild, depth + 2);
          return state.child.has_value();
        }
        const std::optional<std::string> target = Attribute(child, "state");
        if (!target) return Fail(childFile, child, "<Transition> of state '" + state.name + "' needs a state");
        const std::optional<std::string> condition = Attribute(child, "condition");
        if (!condition) return Fail(childFile, child, "<Transition> of state '" + state.name + "' needs a condition");
        // The engine finds the target state ignoring case.
        const auto to = std::find_if(states.begin(), states.end(),
                                     [&](const StateRead& other) { return EqualNoCase(other.name, *target); });
        if (to == states.end()) {
          std::string names;
          for (const StateRead& other : states) names += (names.empty() ? "" : ", ") + other.name;
          return Fail(childFile, child, "Transition of state '" + state.name + "' to unknown state '" + *target +
                                            "' (states: " + names + ")");
        }
        transitions.push_back({s, static_cast<std::size_t>(to - states.begin()),
                               childFile.Condition(child, "condition", *condition), childFile.Where(child)});
        return true;
      });
      if (ok && !state.child) ok = Fail(*state.file, state.node, "State '" + state.name + "' has no node");
    }
    if (!ok) return std::nullopt;
    bt::data::NodeSpec& group = spec.Group(decider, bt::GroupPolicy::SelectionStateMachine, {});
    for (const StateRead& state : states)
      group.children.push_back({spec.nodes[*state.child].name, state.file->Where(state.node)});
    for (const TransitionRead& t : transitions)
      group.Transition(spec.nodes[*states[t.from].child].name, spec.nodes[*states[t.to].child].name,
                       t.condition, t.where);
    return spec.nodes.size() - 1;
  }

  Catalog& catalog_;
  const Tree& tree_;
  std::string besideFile_;  // where missing blocks are looked for; empty: nowhere
  Errors& errors_;
  const bt::data::Registry& registry_;
  FileEnums enums_;  // the tree's <Enum>s
  std::vector<const Block*> referring_;  // the blocks being expanded, outermost first
  static constexpr std::size_t kMaxRefsExpanded = 16 * bt::data::kMaxSpecNodes;
  std::size_t refsExpanded_ = 0;
  std::vector<std::string> ancestors_;   // the names of the nodes above, outermost first
  std::map<std::string, std::string, std::less<>> direct_;
  std::vector<QualifiedTranslation> qualified_;
  std::map<std::string, int, std::less<>> nameUses_;
};

// =============================================================== [SECTION] Entry points
SelectionTreeLoad Failed(Errors& errors) {
  SelectionTreeLoad load;
  load.build.errors = std::move(errors.list);
  return load;
}

// Picks the tree, converts it and builds it.
SelectionTreeLoad BuildChosen(Catalog& catalog, Errors& errors, const std::string& besideFile,
                              const std::string& where, const bt::data::Registry& registry, const LoadOptions& options) {
  if (errors.Any()) return Failed(errors);
  const SourceLocation start = catalog.Empty() ? SourceLocation{0, 0, where} : catalog.First().At(0);
  const Tree* tree = nullptr;
  if (!options.treeName.empty()) {
    tree = catalog.FindTree(options.treeName);
    if (tree == nullptr) {
      std::string names;
      for (const Tree& each : catalog.Trees()) names += (names.empty() ? "" : ", ") + each.name;
      errors.Add(start, "no selection tree '" + options.treeName + "' (trees: " + (names.empty() ? "none" : names) + ")");
      return Failed(errors);
    }
  } else if (!catalog.Trees().empty()) {
    tree = &catalog.Trees().front();
  } else {
    errors.Add(start, "no selection tree: only <Blocks>");
    return Failed(errors);
  }
  TreeConverter converter(catalog, *tree, besideFile, errors, registry);
  if (!converter.Convert()) return Failed(errors);
  SelectionTreeLoad load;
  load.treeName = tree->name;
  load.build = bt::data::BuildTree(converter.spec, bt::data::WithBuiltinBehaviors(registry).Get(), options.build);
  if (!load.build.Ok()) return load;
  std::vector<bt::SignalVariable> entries;
  for (const SignalSpec& signal : converter.signalSpecs)
    entries.push_back({signal.signal.c_str(), bt::FindVariable(load.build.tree->Root(), signal.variable), signal.value});
  load.signals = SignalTable(entries);
  return load;
}

}  // namespace

SelectionTreeLoad LoadSelectionTree(std::string_view text, std::string file, const bt::data::Registry& registry,
                                    const LoadOptions& options) {
  Errors errors;
  Catalog catalog(options, errors);
  catalog.AddText(file, text);
  return BuildChosen(catalog, errors, file, file, registry, options);
}

SelectionTreeLoad LoadSelectionTreeFiles(const std::vector<std::string>& paths, const bt::data::Registry& registry,
                                         const LoadOptions& options) {
  Errors errors;
  Catalog catalog(options, errors);
  for (const std::string& path : paths)
    if (!catalog.AddPath(path)) errors.Add({0, 0, path}, "cannot read the file");
  return BuildChosen(catalog, errors, {}, paths.empty() ? std::string() : paths.front(), registry, options);
}

SelectionTreeLoad LoadSelectionTreeDirectory(const std::string& folder, const bt::data::Registry& registry,
                                             const LoadOptions& options) {
  Errors errors;
  Catalog catalog(options, errors);
  const std::vector<std::string> paths = catalog.XmlFilesIn(folder, true);
  if (paths.empty()) {
    errors.Add({0, 0, folder}, "no selection-tree file (.xml) in the folder");
    return Failed(errors);
  }
  for (const std::string& path : paths)
    if (!catalog.AddPath(path)) errors.Add({0, 0, path}, "cannot read the file");
  return BuildChosen(catalog, errors, {}, folder, registry, options);
}

SelectionTreeLoad LoadSelectionTreeAt(const std::string& path, const bt::data::Registry& registry,
                                      const LoadOptions& options) {
  std::error_code error;
  if (!options.read && std::filesystem::is_directory(path, error)) return LoadSelectionTreeDirectory(path, registry, options);
  Errors errors;
  Catalog catalog(options, errors);
  if (!catalog.AddPath(path)) {
    errors.Add({0, 0, path}, "cannot read the file");
    return Failed(errors);
  }
  return BuildChosen(catalog, errors, path, path, registry, options);
}

bt::data::BuildResult LoadSelectionTreeFile(const std::string& path, const bt::data::Registry& registry,
                                            const LoadOptions& options) {
  return LoadSelectionTreeAt(path, registry, options).build;
}

}  // namespace bt::loaders
