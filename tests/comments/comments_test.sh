#!/bin/sh
# tests/comments/comments_test.sh — the rules for comments, checked over every
# file the repository tracks. Fails, naming FILE:LINE, when
#
#  pointer  a text file points outside the repository: the shared folder beside
#           the checkout ("../" then "shared"), an absolute path under /work,
#           the seed semantics page by its file name, an issue by number
#           ("issue #" and a digit), or "this session";
#  figure   a comment in a .cpp or .h quotes a measurement: a ratio ("2.4x",
#           "3x faster"), nanoseconds ("12 ns"), "×" after a number, a count
#           of instructions, "instructions per" or "cycles per";
#  index    a .cpp or .h over 500 lines has no section index, or its index and
#           the markers in its body differ.
#
# The section index (as bt/engine/tick.cpp has it): in the file's first 60
# lines, one comment line per section, in order,
#
#   // Index
#   //   [SECTION] Name          — what the section holds
#
# and in the body, where each section starts, a marker with the same name:
#
#   // =============================================================== [SECTION] Name
#
# An index line is "//", spaces, "[SECTION] ", the name, and optionally " — "
# and a description; a marker is "// ", equals signs, " [SECTION] " and the name.
#
# tests/comments/pending.txt lists known offenders as "PATH RULE" lines (RULE:
# pointer, figure or index); an offence listed there is not counted, and an
# entry that no longer matches an offence is reported as done. This folder is
# not checked: its files spell out the patterns. Before the repository, the
# script checks offenders it plants in a temporary folder, and fails unless
# it finds exactly those.
#
# Usage: sh tests/comments/comments_test.sh   (from the repository's root)
set -u

# Prints "PATH<TAB>RULE<TAB>LINE<TAB>TEXT" for each offence among the files
# named one a line on stdin (relative to the current folder).
offences() {
  files=$(mktemp)
  cat >"$files"
  # pointer: every text file (grep -I skips binary ones).
  xargs -d '\n' -r grep -nHIiE -e '\.\./shared' -e '/work/' -e 'semantics\.md' -e 'issue #[0-9]' \
    -e 'this session' <"$files" |
    awk '{ i = index($0, ":"); p = substr($0, 1, i - 1); r = substr($0, i + 1)
           j = index(r, ":"); printf "%s\tpointer\t%s\t%s\n", p, substr(r, 1, j - 1), substr(r, j + 1) }'
  # figure and index: the C++ files.
  grep -E '\.(cpp|h)$' "$files" | xargs -d '\n' -r awk '
    function flush(   k) {
      if (file == "" || lines <= 500) return
      if (nIndex == 0) { printf "%s\tindex\t1\tover 500 lines (%d) and no section index\n", file, lines; return }
      for (k = 1; k <= nIndex || k <= nMark; ++k) {
        if (k > nMark) { printf "%s\tindex\t%d\tno marker for the index entry \"%s\"\n", file, indexLine[k], indexName[k]; return }
        if (k > nIndex) { printf "%s\tindex\t%d\tmarker \"%s\" is not in the index\n", file, markLine[k], markName[k]; return }
        if (indexName[k] != markName[k]) {
          printf "%s\tindex\t%d\tmarker \"%s\" where the index says \"%s\"\n", file, markLine[k], markName[k], indexName[k]
          return
        }
      }
    }
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    FNR == 1 { flush(); file = FILENAME; lines = 0; nIndex = 0; nMark = 0 }
    {
      lines = FNR
      if (FNR <= 60 && $0 ~ /^\/\/ +\[SECTION\] /) {
        name = substr($0, index($0, "[SECTION] ") + 10)
        dash = index(name, " — ")
        if (dash > 0) name = substr(name, 1, dash - 1)
        indexName[++nIndex] = trim(name); indexLine[nIndex] = FNR
      } else if ($0 ~ /^\/\/ =+ \[SECTION\] /) {
        markName[++nMark] = trim(substr($0, index($0, "[SECTION] ") + 10)); markLine[nMark] = FNR
      }
      comment = ""
      at = index($0, "//")
      if (at > 0) comment = substr($0, at + 2)
      else if ($0 ~ /^[ \t]*(\/\*|\*)/) comment = $0
      if (comment == "") next
      c = tolower(comment)
      if (c ~ /[0-9]\.[0-9]+x([^0-9a-z_]|$)/ || c ~ /[0-9]x (faster|slower)/ || c ~ /[0-9] ?ns([^a-z]|$)/ ||
          c ~ /[0-9] ?×/ || c ~ /[0-9] instructions/ || c ~ /instructions per/ || c ~ /cycles per/)
        printf "%s\tfigure\t%d\t%s\n", FILENAME, FNR, comment
    }
    END { flush() }'
  rm -f "$files"
}

# The offences of `offences`, less those listed in pending file $1; prints each
# as FILE:LINE, and the pending entries no longer needed; returns 1 on any offence.
report() {
  awk -F '\t' -v pending="$1" '
    BEGIN {
      while ((getline entry < pending) > 0) {
        sub(/#.*/, "", entry); n = split(entry, part, /[ \t]+/)
        k = 0; for (i = 1; i <= n; ++i) if (part[i] != "") word[++k] = part[i]
        if (k == 2) { allowed[word[1] "\t" word[2]] = 1; order[++entries] = word[1] "\t" word[2] }
      }
    }
    {
      key = $1 "\t" $2
      if (key in allowed) { used[key] = 1; next }
      what = $2 == "pointer" ? "points outside the repository" : $2 == "figure" ? "a measurement in a comment" : "section index"
      printf "%s:%s: %s: %s\n", $1, $3, what, $4
      ++bad
    }
    END {
      for (i = 1; i <= entries; ++i)
        if (!(order[i] in used)) { split(order[i], e, "\t"); printf "pending entry done, remove it: %s %s\n", e[1], e[2] }
      exit bad > 0
    }'
}

# The planted offenders: each must be found, and nothing else.
self_test() {
  dir=$(mktemp -d)
  (
    cd "$dir" || exit 1
    printf 'See ../shared/notes for the rule.\n' >pointer.md
    printf '# As measured in this session.\n' >pointer.sh
    printf '// 2.4x the hand-written baseline\n' >ratio.cpp
    printf 'int x;  // 12 ns a tick\n' >ns.h
    printf '// draw 0x%%08x (%%.4f); the VM instructions one run may execute; 16 ms steps\nint y;\n' >clean.cpp
    printf '// measured: 37 instructions a tick\n' >count.h
    awk 'BEGIN { for (i = 0; i < 501; ++i) print "int v" i ";" }' >long.cpp
    { printf '// long_ok.cpp\n//\n// Index\n//   [SECTION] One — the first\n//   [SECTION] Two\n//\n'
      printf '// =============================================================== [SECTION] One\n'
      awk 'BEGIN { for (i = 0; i < 500; ++i) print "int v" i ";" }'
      printf '// =============================================================== [SECTION] Two\n'; } >long_ok.cpp
    sed '\|^// =|s/\[SECTION\] Two$/[SECTION] Three/' long_ok.cpp >long_mismatch.cpp
    ls | offences | cut -f1,2 | LC_ALL=C sort >found
    printf 'count.h\tfigure\nlong.cpp\tindex\nlong_mismatch.cpp\tindex\nns.h\tfigure\npointer.md\tpointer\npointer.sh\tpointer\nratio.cpp\tfigure\n' >expected
    diff expected found
  )
  status=$?
  rm -rf "$dir"
  return $status
}

if ! self_test; then
  echo "comments: the check missed a planted offender or flagged a clean file (diff above: expected, found)"
  exit 1
fi

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  list() { git -c core.quotepath=off ls-files; }
else
  list() { find . -type f ! -path './.git/*' ! -path './build/*' | sed 's|^\./||'; }
fi
checked=$(list | grep -v '^tests/comments/' | grep -c .)
if list | grep -v '^tests/comments/' | offences | report tests/comments/pending.txt; then
  echo "comments: $checked files checked, no offence"
else
  echo "comments: $checked files checked; see above (FILE:LINE), or tests/comments/pending.txt"
  exit 1
fi
