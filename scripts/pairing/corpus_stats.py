#!/usr/bin/env python3
"""Figures about a directory of TRF files (the corpus): rounds, byes, forfeits,
withdrawals, and rounds where some pair joins players of different scores
(a score group not paired internally).

    python3 scripts/pairing/corpus_stats.py tests/data/pairing/dutch
"""
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trflib  # noqa: E402


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else 'tests/data/pairing/dutch'
    files = sorted(glob.glob(os.path.join(d, '*.trf')))
    tot = dict(files=0, rounds=0, pairs=0, float_pairs=0, float_rounds=0, pab=0, forfeit_games=0,
               double_forfeits=0, req_H=0, req_Z=0, req_F=0, absent_blocks=0, withdrawn_players=0,
               black1=0, white1=0, size=0)
    for path in files:
        t = trflib.parse(open(path).read())
        by = t.by_sn()
        n = t.rounds_written()
        tot['files'] += 1
        tot['rounds'] += n
        tot['size'] += os.path.getsize(path)
        if t.xxc:
            tot[t.xxc] += 1
        for p in t.players:
            last = max((k for k in range(1, n + 1) if p.block(k) is not None), default=0)
            if last < n:
                tot['withdrawn_players'] += 1
            tot['absent_blocks'] += sum(1 for k in range(2, last) if p.block(k) is None)
        for r in range(1, n + 1):
            games, byes = trflib.pairings_of_round(t, r)
            floated = False
            for w, b, rw, rb in games:
                tot['pairs'] += 1
                if rw in '+-':
                    tot['forfeit_games'] += 1
                    tot['double_forfeits'] += rw == rb == '-'
                if by[w].score(r - 1) != by[b].score(r - 1):
                    tot['float_pairs'] += 1
                    floated = True
            tot['float_rounds'] += floated
            for _, code in byes:
                if code == 'U':
                    tot['pab'] += 1
                elif f'req_{code}' in tot:
                    tot[f'req_{code}'] += 1
    for k, v in tot.items():
        print(f"{k:18} {v}")
    # How tight the last round was: legal pairings of the last round's field
    # (no rematch, PAB rules, absolute colours), for fields up to 14 players.
    try:
        import gen
    except ImportError:
        return
    tight = []
    for path in files:
        t = trflib.parse(open(path).read())
        n = t.rounds_written()
        to_pair = [p.sn for p in t.players if p.block(n) is not None and p.block(n)[2] not in 'HZF']
        if len(to_pair) <= 14:
            tight.append((gen.count_legal_pairings(t, n, to_pair), os.path.basename(path)))
    tight.sort()
    print("legal pairings of the last round, fields up to 14 players (fewest first):")
    for c, name in tight:
        print(f"  {c:7d}  {name}")


if __name__ == '__main__':
    main()
