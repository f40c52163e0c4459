# The /focus rules message: an embed's title and its description (Discord markdown,
# at most 4,096 characters).
#
# Fluent notes: a continuation line may not begin with `[`, `*` or `.`, so lines that begin
# with bold text start with the string literal {"**"}; blank lines between indented lines
# are kept.

rules-title = Focus — the rules

rules-text =
    {"**"}Focus** (Sid Sackson, 1963) is played on an 8×8 board with three squares cut from each corner: 52 squares. Each player has 18 pieces; White moves first.

    {"**"}Your turn:** either
    • **move** a stack you control (your piece on top): take its top *k* pieces (1 to its height) and move them exactly *k* squares in a straight line, up, down, left or right — they jump over whatever is between and land on top of whatever is there; write it `c5-e5`;
    • or **drop** a piece from your reserve on any square: `+e5`.

    {"**"}Stacks hold at most 5.** Pieces above five fall off the bottom: your own go to your **reserve**, your opponent's are **captured** for good.

    {"**"}You lose** when it is your turn and you control no stack and have no reserve.

    {"**"}Optional rules** (choose at /focus challenge):
    • `swap` — White's first turn swaps two adjacent single pieces of different colours (`d4~d5`).
    • `mirror` — Black loses at once on a move that leaves the position mirror-symmetric (turned 180° with colours exchanged), which stops Black from copying White forever.

    Play with `/focus move` — it suggests your legal moves as you type.
