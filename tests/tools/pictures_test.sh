#!/bin/sh
# tests/tools/pictures_test.sh — the picture tools: bt_timeline's exact SVG for a small
# run, and bt_dot's DOT accepted by graphviz's dot.
#   usage: sh tests/tools/pictures_test.sh build/tools
set -eu
tools=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Two agents; b runs nothing at tick 1, so its two FLEE stretches stay apart.
printf 'tick,agent,behavior\n0,a,REST\n0,b,FLEE\n1,a,REST\n1,b,\n2,a,EAT\n2,b,FLEE\n' >"$dir/run.csv"
"$tools/bt_timeline" "$dir/run.csv" --tick-width 30 -o "$dir/run.svg"
cat >"$dir/expected.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="170" height="188" font-family="Helvetica, Arial, sans-serif" font-size="11">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <line x1="60" y1="24" x2="60" y2="94" stroke="#dddddd"/>
  <text x="60" y="20" text-anchor="middle" fill="#666666">0</text>
  <line x1="120" y1="24" x2="120" y2="94" stroke="#dddddd"/>
  <text x="120" y="20" text-anchor="middle" fill="#666666">2</text>
  <text x="52" y="47" text-anchor="end">a</text>
  <rect x="60" y="30" width="60" height="26" fill="#4e79a7"><title>a: REST, ticks 0-1</title></rect>
  <text x="63" y="47" fill="#ffffff">REST</text>
  <rect x="120" y="30" width="30" height="26" fill="#e15759"><title>a: EAT, tick 2</title></rect>
  <text x="123" y="47" fill="#ffffff">EAT</text>
  <text x="52" y="79" text-anchor="end">b</text>
  <rect x="60" y="62" width="30" height="26" fill="#f28e2b"><title>b: FLEE, tick 0</title></rect>
  <text x="63" y="79" fill="#ffffff">FLEE</text>
  <rect x="120" y="62" width="30" height="26" fill="#f28e2b"><title>b: FLEE, tick 2</title></rect>
  <text x="123" y="79" fill="#ffffff">FLEE</text>
  <rect x="60" y="114" width="12" height="12" fill="#4e79a7"/>
  <text x="78" y="124">REST</text>
  <rect x="60" y="132" width="12" height="12" fill="#f28e2b"/>
  <text x="78" y="142">FLEE</text>
  <rect x="60" y="150" width="12" height="12" fill="#e15759"/>
  <text x="78" y="160">EAT</text>
</svg>
SVG
if ! cmp -s "$dir/run.svg" "$dir/expected.svg"; then
  echo "pictures: FAILED: bt_timeline's SVG differs:"; diff "$dir/expected.svg" "$dir/run.svg" || true; exit 1
fi

"$tools/bt_dot" >"$dir/tree.dot"
if ! dot -Tsvg "$dir/tree.dot" -o "$dir/tree.svg" || ! grep -q '<title>EAT_FOOD</title>' "$dir/tree.svg"; then
  echo "pictures: FAILED: dot did not draw bt_dot's tree"; exit 1
fi
"$tools/bt_dot" --svg "$dir/direct.svg"
cmp -s "$dir/tree.svg" "$dir/direct.svg" || { echo "pictures: FAILED: --svg differs from dot on the DOT text"; exit 1; }
# The classic tree: both branches of its Parallel highlighted, the kinds drawn
# apart (square boxes, hexagons) with their configuration; dot draws it.
"$tools/bt_dot" --classic >"$dir/classic.dot"
for line in '"CLASSIC" -> "PATROL_SEQ" [label="0", color="#b45f06", penwidth=2.5];' \
            '"CLASSIC" -> "LOOKOUT" [label="1", color="#b45f06", penwidth=2.5];' \
            '"PATROL_SEQ" -> "STEP" [label="1"];' \
            '"LOOP" [label="LOOP\nLoop\ncount 3", shape=hexagon, fillcolor="#ffd966", color="#b45f06", penwidth=2];' \
            '"LOOKOUT" [label="LOOKOUT\nCooldown\ncooldown 5.00 s", shape=hexagon, fillcolor="#ffd966", color="#b45f06", penwidth=2];'; do
  grep -qxF "  $line" "$dir/classic.dot" || { echo "pictures: FAILED: bt_dot --classic lacks: $line"; cat "$dir/classic.dot"; exit 1; }
done
if ! dot -Tsvg "$dir/classic.dot" -o "$dir/classic.svg" || ! grep -q '<title>NOT_SEEN</title>' "$dir/classic.svg"; then
  echo "pictures: FAILED: dot did not draw bt_dot's classic tree"; exit 1
fi
echo "pictures: ok"
