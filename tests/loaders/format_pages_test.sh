#!/bin/sh
# The format pages (bt/loaders/FORMAT/README.md, and the overview
# bt/loaders/README.md) hold nothing that has gone stale:
# 1. every file a page shows (a fenced block after `<!-- file: NAME -->`) is, byte
#    for byte, the file NAME beside the page;
# 2. every example file beside a page (example.bt, example.xml) loads: bt_import
#    --check prints "FILE: ok (...)" and exits 0; given a compiler, its
#    bt_import --emit-cpp compiles too;
# 3. every session a page shows (a ```sh block whose first line starts with "$ ")
#    prints what the page says: each "$ build/tools/bt_import ..." line is run
#    from the repository's root, and its output (what it wrote on stderr, then
#    what it wrote on stdout) is compared byte for byte with the lines that follow
#    it, up to the next "$ " or the block's end.
#    A format page without a `bt_import --run` session fails.
# Prints each difference and ends with "format-pages: N passed, M failed" (pages).
# Usage: sh tests/loaders/format_pages_test.sh [BT_IMPORT ["CXX FLAGS"]]   (from the
#        repository's root; BT_IMPORT defaults to build/tools/bt_import; without
#        CXX the examples' C++ is not compiled)
BT_IMPORT=${1:-build/tools/bt_import}
CXX=$2
SHOWN_AS=build/tools/bt_import  # how the pages spell the tool
SCRATCH=$(mktemp -d) || exit 1
trap 'rm -rf "$SCRATCH"' EXIT

if [ ! -x "$BT_IMPORT" ]; then
  echo "format-pages: $BT_IMPORT is not built"
  exit 1
fi

# Splits a page into numbered pieces in $SCRATCH/page/: shown files (N.file: the
# name, N.text: the block) and session steps (N.cmd: the command, N.out: the
# output shown; N.out is absent when no line follows).
split_page() {
  rm -rf "$SCRATCH/page"
  mkdir -p "$SCRATCH/page"
  awk -v dir="$SCRATCH/page" '
    function piece() { n += 1; return dir "/" n }
    /^<!-- file: [^ ]+ -->$/ && !in_block { shown = $3; next }
    /^```/ && !in_block {
      in_block = 1
      if (shown != "") { kind = "file"; out = piece(); print shown > (out ".file"); printf "" > (out ".text") }
      else if ($0 == "```sh") kind = "maybe-session"
      else kind = "other"
      shown = ""
      next
    }
    /^```$/ && in_block { in_block = 0; next }
    in_block && kind == "file" { print > (out ".text"); next }
    in_block && kind == "maybe-session" { kind = ($0 ~ /^\$ /) ? "session" : "other" }
    in_block && kind == "session" {
      if ($0 ~ /^\$ /) { out = piece(); print substr($0, 3) > (out ".cmd") }
      else print > (out ".out")
      next
    }
    { shown = "" }
  ' "$1"
}

passed=0
failed=0
for page in bt/loaders/README.md bt/loaders/*/README.md; do
  folder=${page%/README.md}
  overview=0
  [ "$folder" = bt/loaders ] && overview=1
  ok=1
  problem() { echo "$page: $*"; ok=0; }

  examples=0
  [ $overview -eq 1 ] || for example in "$folder"/example.*; do
    case $example in *.script | *'*'*) continue ;; esac
    examples=$((examples + 1))
    "$BT_IMPORT" --check "$example" > "$SCRATCH/out.txt" 2>&1
    status=$?
    if [ $status -ne 0 ] || ! grep -q "^$example: ok (" "$SCRATCH/out.txt"; then
      problem "$example does not load (exit status $status):"
      cat "$SCRATCH/out.txt"
    elif [ -n "$CXX" ]; then
      if ! "$BT_IMPORT" --emit-cpp "$example" > "$SCRATCH/tree.cpp" 2> "$SCRATCH/out.txt"; then
        problem "$example: bt_import --emit-cpp failed:"
        cat "$SCRATCH/out.txt"
      # shellcheck disable=SC2086
      elif ! $CXX -c "$SCRATCH/tree.cpp" -o "$SCRATCH/tree.o"; then
        problem "$example: the C++ bt_import --emit-cpp writes does not compile"
      fi
    fi
  done
  [ $overview -eq 1 ] || [ $examples -gt 0 ] || problem "no example file beside the page"

  split_page "$page"
  runs=0
  for piece in $(ls "$SCRATCH/page" | sed -n 's/\.\(file\|cmd\)$//p' | sort -n); do
    base="$SCRATCH/page/$piece"
    if [ -f "$base.file" ]; then
      name=$(cat "$base.file")
      if [ ! -f "$folder/$name" ]; then
        problem "shows $name, which is not beside it"
      elif ! cmp -s "$base.text" "$folder/$name"; then
        problem "shows $name otherwise than the file holds:"
        diff -u "$folder/$name" "$base.text" | sed 1,2d
      fi
      continue
    fi
    command=$(cat "$base.cmd")
    # Only the tool, with words and no shell syntax: the page's text is run.
    case $command in
      "$SHOWN_AS "*) ;;
      *) problem "session '\$ $command' does not run $SHOWN_AS"; continue ;;
    esac
    if ! printf '%s\n' "$command" | grep -q '^[A-Za-z0-9_./=, -]*$'; then
      problem "session '\$ $command' holds more than words (shell syntax?)"
      continue
    fi
    case $command in *" --run "*) runs=$((runs + 1)) ;; esac
    [ -f "$base.out" ] || : > "$base.out"
    set -f
    # shellcheck disable=SC2086
    "$BT_IMPORT" ${command#"$SHOWN_AS "} > "$SCRATCH/stdout.txt" 2> "$SCRATCH/stderr.txt"
    set +f
    cat "$SCRATCH/stderr.txt" "$SCRATCH/stdout.txt" > "$SCRATCH/out.txt"
    if ! cmp -s "$base.out" "$SCRATCH/out.txt"; then
      problem "'\$ $command' prints otherwise than the page shows (- page, + now):"
      diff -u "$base.out" "$SCRATCH/out.txt" | sed 1,2d
    fi
  done
  [ $overview -eq 1 ] || [ $runs -gt 0 ] || problem "no '\$ $SHOWN_AS --run' session"

  if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "format-pages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
