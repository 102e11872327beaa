#!/bin/sh
# The guides (README.md, bt/README.md and the READMEs of bt/'s folders, but the
# format pages bt/loaders/FORMAT/README.md, which tests/loaders/format_pages_test.sh
# checks; demo/README.md; tools/bench/README.md) hold no example gone stale.
# The conventions are the format pages':
# 1. a fenced block after `<!-- file: NAME -->` is, byte for byte, the file NAME
#    (a path from the page's folder); a shown .bt or .xml file loads
#    (bt_import --check prints "NAME: ok (...)");
# 2. a ```sh block whose first line starts with "$ " is a session: each
#    "$ build/..." line runs a built program of the repository, from its root,
#    and prints (stderr, then stdout) exactly the lines that follow it;
# and for C++:
# 3. a ```cpp block holding `int main(` is a complete program: compiled,
#    linked with the libraries and run from the repository's root, it exits 0;
#    when the page follows it with `<!-- output -->` and a fenced block, it
#    prints exactly that block;
# 4. a ```cpp block after `<!-- fragment: NAME -->` is pasted into
#    tests/docs/NAME.cpp in place of its line `// fragment` and compiled;
# any other ```cpp block fails: an example nothing checks goes stale. A marker
# stands on the line right before its block.
# Prints each difference and ends with "docs-examples: N passed, M failed" (pages).
# Usage: sh tests/docs/examples_test.sh BT_IMPORT "CXX FLAGS" "LIBRARIES" [BUILD]
#        (from the repository's root; LIBRARIES: what a program links, in order;
#        BUILD: where the programs a session runs are built, as the pages'
#        build/ says)
BT_IMPORT=${1:-build/tools/bt_import}
CXX=${2:-g++ -std=c++20 -I.}
LIBS=$3
BUILD=${4:-build}
SCRATCH=$(mktemp -d) || exit 1
trap 'rm -rf "$SCRATCH"' EXIT

if [ ! -x "$BT_IMPORT" ]; then
  echo "docs-examples: $BT_IMPORT is not built"
  exit 1
fi

# Splits a page into numbered pieces in $SCRATCH/page/: shown files (N.file:
# the name, N.text: the block), session steps (N.cmd, N.out as the format
# pages'), programs (N.cpp, and N.expect: the output the page shows) and
# fragments (N.fragment: the wrapper's name, N.text: the block).
split_page() {
  rm -rf "$SCRATCH/page"
  mkdir -p "$SCRATCH/page"
  awk -v dir="$SCRATCH/page" '
    function piece() { n += 1; return dir "/" n }
    /^<!-- file: [^ ]+ -->$/ && !in_block { shown = $3; next }
    /^<!-- fragment: [^ ]+ -->$/ && !in_block { fragment = $3; next }
    /^<!-- output -->$/ && !in_block { expect = 1; next }
    /^```/ && !in_block {
      in_block = 1
      if (shown != "") { kind = "file"; out = piece(); print shown > (out ".file"); printf "" > (out ".text") }
      else if (expect && program != "") { kind = "expect"; out = program ".expect"; printf "" > out }
      else if ($0 == "```cpp" && fragment != "") { kind = "file"; out = piece(); print fragment > (out ".fragment"); printf "" > (out ".text") }
      else if ($0 == "```cpp") { kind = "cpp"; out = piece(); printf "" > (out ".cpp") }
      else if ($0 == "```sh") kind = "maybe-session"
      else kind = "other"
      shown = ""; fragment = ""; expect = 0
      next
    }
    /^```$/ && in_block {
      in_block = 0
      if (kind == "cpp") program = out
      next
    }
    in_block && kind == "file" { print > (out ".text"); next }
    in_block && kind == "cpp" { print > (out ".cpp"); next }
    in_block && kind == "expect" { print > out; next }
    in_block && kind == "maybe-session" { kind = ($0 ~ /^\$ /) ? "session" : "other" }
    in_block && kind == "session" {
      if ($0 ~ /^\$ /) { out = piece(); print substr($0, 3) > (out ".cmd") }
      else print > (out ".out")
      next
    }
    { shown = ""; fragment = ""; expect = 0 }
  ' "$1"
}

pages=$(ls README.md demo/README.md tools/bench/README.md 2> /dev/null
        find bt -name README.md | grep -v '^bt/loaders/[^/]*/README.md$' | sort)
passed=0
failed=0
for page in $pages; do
  folder=$(dirname "$page")
  ok=1
  problem() { echo "$page: $*"; ok=0; }

  split_page "$page"
  for piece in $(ls "$SCRATCH/page" | sed -n 's/\.\(file\|cmd\|cpp\|fragment\)$//p' | sort -n); do
    base="$SCRATCH/page/$piece"
    if [ -f "$base.file" ]; then
      name=$(cat "$base.file")
      file="$folder/$name"
      if [ ! -f "$file" ]; then
        problem "shows $name, which is not there"
        continue
      elif ! cmp -s "$base.text" "$file"; then
        problem "shows $name otherwise than the file holds:"
        diff -u "$file" "$base.text" | sed 1,2d
      fi
      case $name in
        *.bt | *.xml)
          file=$(realpath --relative-to=. "$file")
          "$BT_IMPORT" --check "$file" > "$SCRATCH/out.txt" 2>&1
          status=$?
          if [ $status -ne 0 ] || ! grep -q "^$file: ok (" "$SCRATCH/out.txt"; then
            problem "$name does not load (exit status $status):"
            cat "$SCRATCH/out.txt"
          fi ;;
      esac
    elif [ -f "$base.fragment" ]; then
      wrapper=tests/docs/$(cat "$base.fragment").cpp
      if [ ! -f "$wrapper" ] || ! grep -q '^// fragment$' "$wrapper"; then
        problem "fragment wrapper $wrapper is missing or has no '// fragment' line"
        continue
      fi
      awk -v text="$base.text" '
        $0 == "// fragment" { while ((getline line < text) > 0) print line; next }
        { print }' "$wrapper" > "$base.wrapped.cpp"
      # shellcheck disable=SC2086
      if ! $CXX -c "$base.wrapped.cpp" -o "$base.o" 2> "$SCRATCH/out.txt"; then
        problem "a fragment (in $wrapper) does not compile:"
        head -n 30 "$SCRATCH/out.txt"
      fi
    elif [ -f "$base.cpp" ]; then
      if ! grep -q 'int main(' "$base.cpp"; then
        problem "a C++ example that is neither a program nor marked '<!-- fragment: NAME -->':"
        head -n 3 "$base.cpp"
        continue
      fi
      # shellcheck disable=SC2086
      if ! $CXX -x c++ "$base.cpp" -x none -o "$base.exe" $LIBS 2> "$SCRATCH/out.txt"; then
        problem "a program does not build:"
        head -n 30 "$SCRATCH/out.txt"
        continue
      fi
      timeout 60 "$base.exe" > "$SCRATCH/stdout.txt" 2> "$SCRATCH/stderr.txt"
      status=$?
      if [ $status -ne 0 ]; then
        problem "a program exits with status $status (it begins '$(head -n 1 "$base.cpp")'):"
        cat "$SCRATCH/stderr.txt"
      elif [ -f "$base.expect" ] && ! cmp -s "$base.expect" "$SCRATCH/stdout.txt"; then
        problem "a program prints otherwise than the page shows (- page, + now):"
        diff -u "$base.expect" "$SCRATCH/stdout.txt" | sed 1,2d
      fi
    else
      command=$(cat "$base.cmd")
      # Only a built program of the repository, with words and no shell syntax.
      case $command in
        build/*) ;;
        *) problem "session '\$ $command' does not run a program under build/"; continue ;;
      esac
      if ! printf '%s\n' "$command" | grep -q '^[A-Za-z0-9_./=, -]*$'; then
        problem "session '\$ $command' holds more than words (shell syntax?)"
        continue
      fi
      program=${command%% *}
      program=$BUILD/${program#build/}
      [ "${command%% *}" = build/tools/bt_import ] && program=$BT_IMPORT
      if [ ! -x "$program" ]; then
        problem "session '\$ $command': $program is not built"
        continue
      fi
      [ -f "$base.out" ] || : > "$base.out"
      set -f
      # shellcheck disable=SC2086
      "$program" ${command#* } > "$SCRATCH/stdout.txt" 2> "$SCRATCH/stderr.txt"
      set +f
      cat "$SCRATCH/stderr.txt" "$SCRATCH/stdout.txt" > "$SCRATCH/out.txt"
      if ! cmp -s "$base.out" "$SCRATCH/out.txt"; then
        problem "'\$ $command' prints otherwise than the page shows (- page, + now):"
        diff -u "$base.out" "$SCRATCH/out.txt" | sed 1,2d
      fi
    fi
  done

  if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "docs-examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
