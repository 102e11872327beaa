#!/bin/sh
# The layers of bt/ (bt/README.md), lowest first: each may include its own and
# lower layers' headers, never a higher one's; and a public header never
# includes another layer's detail/. Prints each breach and ends with
# "layers: N passed, M failed" (N the files checked).
# Usage: sh tests/package/layers_test.sh   (from the repository's root)
rank() {
  case $1 in
    bt/core/*) echo 0 ;;
    bt/engine/* | bt/log/*) echo 1 ;;
    bt/debug/*) echo 2 ;;
    bt/crowd/* | bt/data/*) echo 3 ;;
    bt/loaders/* | bt/mpi/* | bt/inspector/*) echo 4 ;;
    *) echo 9 ;;
  esac
}
layer() { echo "$1" | cut -d/ -f2; }
passed=0
failed=0
for file in $(find bt -name '*.h' -o -name '*.cpp' -o -name '*.def' | sort); do
  [ "$file" = bt/bt.h ] && continue  # the one include: above every layer
  ok=1
  for included in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\(bt\/[^"]*\)".*/\1/p' "$file"); do
    if [ "$included" = bt/bt.h ] || [ "$(rank "$included")" -gt "$(rank "$file")" ]; then
      echo "$file includes $included, a higher layer"
      ok=0
    elif [ "$(layer "$included")" != "$(layer "$file")" ] && case $file in *.h) true ;; *) false ;; esac &&
         case $file in */detail/*) false ;; *) true ;; esac && case $included in */detail/*) true ;; *) false ;; esac; then
      echo "$file is a public header and includes $included, another layer's internals"
      ok=0
    fi
  done
  if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
