// bt/loaders/unvanquished/preprocessor.cpp — #define, #include and the rest
// (see the header). One pass over each file; a macro's use is expanded into a
// string (its arguments first, then its body scanned again with it turned off)
// whose bytes all take the place of the use.
#include "bt/loaders/unvanquished/preprocessor.h"

#include <cctype>
#include <map>
#include <string_view>
#include <utility>

namespace bt::loaders {
namespace {

bool IsNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

std::size_t NameEnd(std::string_view text, std::size_t i) {
  while (i < text.size() && IsNameChar(text[i])) ++i;
  return i;
}

// The length of the comment (strings too when `strings`) starting at text[i],
// up to the end of the text when it is not closed (the parser then says so); 0: none.
std::size_t SkipLength(std::string_view text, std::size_t i, bool strings = true) {
  constexpr std::size_t npos = std::string_view::npos;
  if (text.compare(i, 2, "//") == 0) {
    const std::size_t end = text.find('\n', i);
    return (end == npos ? text.size() : end) - i;
  }
  if (text.compare(i, 2, "/*") == 0) {
    const std::size_t end = text.find("*/", i + 2);
    return (end == npos ? text.size() : end + 2) - i;
  }
  if (strings && text[i] == '"') {
    const std::size_t end = text.find('"', i + 1);
    return (end == npos ? text.size() : end + 1) - i;
  }
  return 0;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())) != 0) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())) != 0) text.remove_suffix(1);
  return text;
}

std::string Arguments(std::size_t n) { return std::to_string(n) + (n == 1 ? " argument" : " arguments"); }

struct Failure {
  SourcePlace at;
  std::string message;
};

struct Macro {
  bool functionLike = false;
  std::vector<std::string> params;
  std::string body;
};

// A directive's logical line, after its '#': lines continued by a backslash
// joined, each comment one space; with the file offset of each byte.
struct DirectiveLine {
  const SourceFile* file = nullptr;
  std::string text;
  std::vector<std::size_t> offsets;  // one per byte, then one for the end
  std::size_t p = 0;                 // the reading position

  SourcePlace Here() const { return {file, offsets[p]}; }
  [[noreturn]] void Fail(std::string message) const { throw Failure{Here(), std::move(message)}; }
  void SkipBlanks() {
    while (p < text.size() && IsBlank(text[p])) ++p;
  }
  std::string Name() {
    SkipBlanks();
    const std::size_t start = p;
    if (p < text.size() && IsNameStart(text[p])) p = NameEnd(text, p);
    return text.substr(start, p - start);
  }
  void ExpectEnd(std::string_view after) {
    SkipBlanks();
    if (p < text.size()) Fail("unexpected '" + text.substr(p) + "' after " + std::string(after));
  }
};

// Reads the directive whose '#' is at file.text[hash]; returns the offset of the
// newline that ends it (or of the end of the file).
std::size_t ReadDirectiveLine(const SourceFile& file, std::size_t hash, DirectiveLine& line) {
  const std::string_view text = file.text;
  line.file = &file;
  std::size_t i = hash + 1;
  while (i < text.size() && text[i] != '\n') {
    if (text[i] == '\\' && text.compare(i + 1, 1, "\n") == 0) {
      i += 2;
    } else if (text[i] == '\\' && text.compare(i + 1, 2, "\r\n") == 0) {
      i += 3;
    } else if (text.compare(i, 2, "//") == 0) {
      break;
    } else if (text.compare(i, 2, "/*") == 0) {
      const std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) throw Failure{{&file, i}, "unterminated comment"};
      line.text += ' ';
      line.offsets.push_back(i);
      i = end + 2;
    } else {
      line.text += text[i];
      line.offsets.push_back(i);
      ++i;
    }
  }
  const std::size_t end = text.find('\n', i);
  line.offsets.push_back(i);
  return end == std::string_view::npos ? text.size() : end;
}

class Preprocessor {
 public:
  Preprocessor(SourceFiles& files, PreprocessedText& out) : files_(files), out_(out) {
    macros_["STATUS_FAILURE"] = {false, {}, "0"};
    macros_["STATUS_SUCCESS"] = {false, {}, "1"};
    macros_["STATUS_RUNNING"] = {false, {}, "2"};
  }

  void File(const SourceFile& file, int depth) {
    including_.push_back(&file);
    const std::size_t conditionsBefore = conditions_.size();
    const std::string_view text = file.text;
    bool lineStart = true;
    std::size_t i = 0;
    while (i < text.size()) {
      const char c = text[i];
      if (c == '\n' || IsBlank(c)) {
        Emit(file, i, 1);
        lineStart = lineStart || c == '\n';
        ++i;
        continue;
      }
      if (c == '#' && lineStart) {
        i = Directive(file, i, depth);
        continue;
      }
      lineStart = false;
      std::size_t end = i + SkipLength(text, i);
      if (end == i && IsNameStart(c)) {
        end = NameEnd(text, i);
        if (const Macro* macro = Skipping() ? nullptr : Find(text.substr(i, end - i))) {
          const SourcePlace use{&file, i};
          std::string expansion;
          i = Expand(*macro, text.substr(i, end - i), text, end, use, 0, expansion);
          if (!Skipping()) {
            out_.text += expansion;
            out_.places.insert(out_.places.end(), expansion.size(), use);
          }
          continue;
        }
      } else if (end == i && std::isdigit(static_cast<unsigned char>(c)) != 0) {
        // A number's letters (1e5) are not names.
        while (end < text.size() && (IsNameChar(text[end]) || text[end] == '.')) ++end;
      } else if (end == i) {
        end = i + 1;
      }
      Emit(file, i, end - i);
      i = end;
    }
    if (conditions_.size() > conditionsBefore)
      throw Failure{conditions_[conditionsBefore].at, "#" + conditions_[conditionsBefore].directive + " without #endif"};
    including_.pop_back();
  }

 private:
  struct Condition {
    SourcePlace at;
    std::string directive;  // "ifdef" or "ifndef"
    bool emitting = true;   // this branch's text is kept
    bool parentEmitting = true;
    bool sawElse = false;
  };

  bool Skipping() const { return !conditions_.empty() && !conditions_.back().emitting; }

  const Macro* Find(std::string_view name) const {
    const auto found = macros_.find(name);
    if (found == macros_.end()) return nullptr;
    for (const Macro* off : expanding_)
      if (off == &found->second) return nullptr;
    return &found->second;
  }

  void Count(std::size_t bytes, SourcePlace at) {
    produced_ += bytes;
    if (produced_ > kMaxUnvanquishedExpandedBytes)
      throw Failure{at, expandedMacros_ ? "the file expands to more than " + std::to_string(kMaxUnvanquishedExpandedBytes) +
                                              " bytes (macros that expand without end?)"
                                        : "the file and its includes hold more than " +
                                              std::to_string(kMaxUnvanquishedExpandedBytes) + " bytes"};
  }

  void Emit(const SourceFile& file, std::size_t offset, std::size_t length) {
    if (Skipping()) return;
    Count(length, {&file, offset});
    out_.text.append(file.text, offset, length);
    for (std::size_t k = 0; k < length; ++k) out_.places.push_back({&file, offset + k});
  }

  // A directive at file.text[hash]; returns the offset after it (its newline).
  std::size_t Directive(const SourceFile& file, std::size_t hash, int depth) {
    DirectiveLine line;
    const std::size_t next = ReadDirectiveLine(file, hash, line);
    const SourcePlace at{&file, hash};
    const std::string name = line.Name();
    if (name == "ifdef" || name == "ifndef") {
      const std::string macro = line.Name();
      if (macro.empty()) line.Fail("#" + name + ": expected a macro name");
      line.ExpectEnd("#" + name + " " + macro);
      const bool defined = macros_.find(macro) != macros_.end();
      const bool parent = !Skipping();
      conditions_.push_back({at, name, parent && defined == (name == "ifdef"), parent, false});
    } else if (name == "else" || name == "endif") {
      line.ExpectEnd("#" + name);
      if (conditions_.empty() || conditions_.back().at.file != &file)
        throw Failure{at, "#" + name + " without #ifdef or #ifndef"};
      Condition& open = conditions_.back();
      if (name == "endif") {
        conditions_.pop_back();
      } else {
        if (open.sawElse) throw Failure{at, "a second #else for one #" + open.directive};
        open.sawElse = true;
        open.emitting = open.parentEmitting && !open.emitting;
      }
    } else if (Skipping()) {
      // Inside a branch not taken, the other directives are not read.
    } else if (name == "define") {
      Define(line);
    } else if (name == "undef") {
      const std::string macro = line.Name();
      if (macro.empty()) line.Fail("#undef: expected a macro name");
      line.ExpectEnd("#undef " + macro);
      const auto found = macros_.find(macro);
      if (found != macros_.end()) macros_.erase(found);
    } else if (name == "include") {
      Include(line, depth);
    } else if (!name.empty() || (line.SkipBlanks(), line.p < line.text.size())) {
      throw Failure{at, "unknown preprocessor directive '#" + (name.empty() ? line.text.substr(line.p, 1) : name) +
                            "' (expected #define, #undef, #include, #ifdef, #ifndef, #else or #endif)"};
    }
    return next;
  }

  void Define(DirectiveLine& line) {
    const std::string name = line.Name();
    if (name.empty()) line.Fail("#define: expected a macro name");
    Macro macro;
    // A '(' right after the name opens the parameters; after a space, the body.
    if (line.p < line.text.size() && line.text[line.p] == '(') {
      macro.functionLike = true;
      ++line.p;
      line.SkipBlanks();
      if (line.p < line.text.size() && line.text[line.p] == ')') {
        ++line.p;
      } else {
        while (true) {
          line.SkipBlanks();
          const std::size_t start = line.p;
          const std::string param = line.Name();
          if (param.empty()) line.Fail("#define " + name + ": expected a parameter name");
          for (const std::string& earlier : macro.params)
            if (earlier == param)
              throw Failure{{line.file, line.offsets[start]}, "#define " + name + ": parameter '" + param + "' given twice"};
          macro.params.push_back(param);
          line.SkipBlanks();
          if (line.p < line.text.size() && line.text[line.p] == ',') {
            ++line.p;
          } else if (line.p < line.text.size() && line.text[line.p] == ')') {
            ++line.p;
            break;
          } else {
            line.Fail("#define " + name + ": expected ',' or ')' after parameter '" + param + "'");
          }
        }
      }
    }
    macro.body = std::string(Trim(std::string_view(line.text).substr(line.p)));
    macros_[name] = std::move(macro);  // a second #define replaces the first, as botlib does
  }

  void Include(DirectiveLine& line, int depth) {
    line.SkipBlanks();
    const char open = line.p < line.text.size() ? line.text[line.p] : '\0';
    const char close = open == '"' ? '"' : open == '<' ? '>' : '\0';
    const std::size_t end = close == '\0' ? std::string::npos : line.text.find(close, line.p + 1);
    if (end == std::string::npos || end == line.p + 1)
      line.Fail("#include: expected a file name (\"file\" or <file>)");
    const SourcePlace at = line.Here();
    const std::string name = line.text.substr(line.p + 1, end - line.p - 1);
    line.p = end + 1;
    line.ExpectEnd("#include " + std::string(1, open) + name + std::string(1, close));
    const SourceFile& from = *line.file;
    if (depth + 1 >= kMaxUnvanquishedIncludeDepth)
      throw Failure{at, "#include nested deeper than " + std::to_string(kMaxUnvanquishedIncludeDepth) + " files"};
    const SourceFile* found = files_.Open(name, from.path);
    if (found == nullptr)
      throw Failure{at, "#include: cannot find '" + name + "' (beside " + from.path + " or along the search path)"};
    for (const SourceFile* open_ : including_) {
      if (open_ != found) continue;
      std::string chain;
      bool on = false;
      for (const SourceFile* f : including_) {
        on = on || f == found;
        if (on) chain += f->path + " -> ";
      }
      throw Failure{at, "#include recursion: " + chain + found->path};
    }
    read_ += found->text.size();
    if (read_ > kMaxUnvanquishedReadBytes)
      throw Failure{at, "the file and its includes read more than " + std::to_string(kMaxUnvanquishedReadBytes) +
                            " bytes (files included again and again?)"};
    File(*found, depth + 1);
  }

  // The arguments of a use of `macro` (named `name`) whose name ends at
  // text[after]; returns where the use ends.
  std::size_t ReadArguments(const Macro& macro, std::string_view name, std::string_view text, std::size_t after,
                            SourcePlace at, std::vector<std::string>& args) const {
    const std::string quoted = "macro '" + std::string(name) + "'";
    std::size_t p = after;
    while (p < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[p])) != 0) ++p;
      else if (const std::size_t skip = SkipLength(text, p, false)) p += skip;
      else break;
    }
    if (p >= text.size() || text[p] != '(')
      throw Failure{at, quoted + " takes " + Arguments(macro.params.size()) + ": expected '(' after its name"};
    int nesting = 1;
    std::size_t start = ++p;
    while (p < text.size()) {
      if (const std::size_t skip = SkipLength(text, p)) {
        p += skip;
        continue;
      }
      const char c = text[p++];
      if (c == '(') {
        ++nesting;
      } else if ((c == ')' && --nesting == 0) || (c == ',' && nesting == 1)) {
        args.emplace_back(Trim(text.substr(start, p - 1 - start)));
        start = p;
        if (c == ')') break;
      }
    }
    if (nesting != 0) throw Failure{at, quoted + ": its arguments have no closing ')'"};
    if (macro.params.empty() && args.size() == 1 && args[0].empty()) args.clear();
    if (args.size() != macro.params.size())
      throw Failure{at, quoted + " takes " + Arguments(macro.params.size()) + ", given " + std::to_string(args.size())};
    return p;
  }

  // Expands a use of `macro` (written `name`, ending at text[after]) into `out`;
  // returns where the use ends in `text`.
  std::size_t Expand(const Macro& macro, std::string_view name, std::string_view text, std::size_t after,
                     SourcePlace at, int depth, std::string& out) {
    if (depth >= kMaxUnvanquishedMacroDepth)
      throw Failure{at, "macros nested deeper than " + std::to_string(kMaxUnvanquishedMacroDepth) + " levels"};
    expandedMacros_ = true;
    std::vector<std::string> args;
    const std::size_t end = macro.functionLike ? ReadArguments(macro, name, text, after, at, args) : after;
    // The body counts before it is scanned again: a macro whose uses expand to
    // nothing still does work (M0() as M1()M1(), M1() as M2()M2()... doubles it).
    std::string body;
    if (macro.params.empty()) {
      Count(macro.body.size(), at);
      body = macro.body;
    } else {
      std::vector<std::string> expanded(args.size());
      for (std::size_t k = 0; k < args.size(); ++k) Scan(args[k], at, depth + 1, expanded[k]);
      const std::string_view from = macro.body;
      for (std::size_t i = 0; i < from.size();) {
        std::size_t stop = i + SkipLength(from, i);
        if (stop == i && IsNameStart(from[i])) {
          stop = NameEnd(from, i);
          std::size_t k = 0;
          while (k < macro.params.size() && from.substr(i, stop - i) != macro.params[k]) ++k;
          if (k < macro.params.size()) {
            Count(expanded[k].size(), at);
            body += expanded[k];
            i = stop;
            continue;
          }
        } else if (stop == i) {
          stop = i + 1;
        }
        Count(stop - i, at);
        body.append(from, i, stop - i);
        i = stop;
      }
    }
    expanding_.push_back(&macro);
    Scan(body, at, depth + 1, out);
    expanding_.pop_back();
    return end;
  }

  // `text` (a body or an argument, used at `at`) with its macros expanded, into `out`.
  void Scan(std::string_view text, SourcePlace at, int depth, std::string& out) {
    for (std::size_t i = 0; i < text.size();) {
      std::size_t end = i + SkipLength(text, i);
      if (end == i && IsNameStart(text[i])) {
        end = NameEnd(text, i);
        if (const Macro* macro = Find(text.substr(i, end - i))) {
          i = Expand(*macro, text.substr(i, end - i), text, end, at, depth, out);
          continue;
        }
      } else if (end == i && std::isdigit(static_cast<unsigned char>(text[i])) != 0) {
        while (end < text.size() && (IsNameChar(text[end]) || text[end] == '.')) ++end;
      } else if (end == i) {
        end = i + 1;
      }
      Count(end - i, at);
      out.append(text, i, end - i);
      i = end;
    }
  }

  SourceFiles& files_;
  PreprocessedText& out_;
  std::map<std::string, Macro, std::less<>> macros_;
  std::vector<const Macro*> expanding_;         // turned off while their bodies are scanned
  std::vector<const SourceFile*> including_;    // the #include chain
  std::vector<Condition> conditions_;
  std::size_t produced_ = 0;     // bytes emitted, and macro bodies at each use
  std::size_t read_ = 0;         // bytes of the files #included, each inclusion counted
  bool expandedMacros_ = false;  // whether produced_ counts macro expansions (the error says which)
};

}  // namespace

bool PreprocessUnvanquished(const SourceFile& file, SourceFiles& files, PreprocessedText& out, PreprocessError& error) {
  out = {};
  try {
    Preprocessor(files, out).File(file, 0);
    out.places.push_back({&file, file.text.size()});
    return true;
  } catch (const Failure& failure) {
    error = {failure.at, failure.message};
    out = {};
    return false;
  }
}

}  // namespace bt::loaders
