#!/bin/sh
# A stand-in for `focus-bot pair --check FILE` to test compare.py's plumbing:
# says every round is identical, except with FAKE_DIFF=1 where round 2 of files
# whose name holds "forfeits" differs (exit 2).
# `pair --dutch FILE -p` (asked only where bbpPairings finds no legal pairing) refuses, exit 1.
[ "$1" = pair ] && [ "$2" = --dutch ] && { echo "error: no legal pairing (fake)" >&2; exit 1; }
[ "$1" = pair ] && [ "$2" = --check ] || { echo "usage: $0 pair --check FILE" >&2; exit 3; }
k=$(awk '/^001/ { n = int((length($0) - 91 + 2) / 10); if (n > m) m = n } END { print m + 0 }' "$3")
i=1; same=$k
while [ "$i" -le "$k" ]; do
  if [ "${FAKE_DIFF:-0}" = 1 ] && [ "$i" = 2 ] && echo "$3" | grep -q forfeits; then
    echo "round $i: differs: ours 1-2, reference 1-3"; same=$((k - 1))
  else
    echo "round $i: identical"
  fi
  i=$((i + 1))
done
echo "$same of $k rounds identical"
[ "$same" = "$k" ] || exit 2
