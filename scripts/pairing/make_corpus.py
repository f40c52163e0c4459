#!/usr/bin/env python3
"""Build the Dutch pairing corpus tests/data/pairing/dutch/*.trf.

Every round of every file is the reference's (bbpPairings, a black box built
outside this repository) Dutch pairing for the history before it; each file is
verified with `bbpPairings.exe --dutch FILE -c` (no round differs, asserted).
Deterministic: the list below and its seeds define the corpus.

    BBP=/work/bbp/bbpPairings.exe nice -n 10 python3 scripts/pairing/make_corpus.py \
        [--out DIR] [--only SUBSTR]
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import trflib  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))

F = dict(forfeit_rate=0.12)
W = dict(withdraw_rate=0.15)
B = dict(bye_rate=0.06)
A = dict(absence_rate=0.05)

# (players, rounds, draw_rate, extra Spec fields, seed)
CORPUS = [
    # Small fields, many rounds: late score groups cannot be paired internally,
    # and a legal pairing barely exists (tried seeds until every round pairs).
    (5, 4, 0.3, {}, 1), (5, 4, 0.0, F, 2), (5, 5, 0.3, {}, 3),
    (6, 5, 0.3, {}, 1), (6, 5, 0.0, {}, 2), (6, 5, 0.6, {}, 3), (6, 5, 0.3, F, 4),
    (6, 4, 0.3, {**B}, 5),
    (7, 6, 0.3, {}, 1), (7, 6, 0.1, {}, 2), (7, 6, 0.5, {}, 3), (7, 6, 0.3, F, 4),
    (7, 5, 0.3, {**W, **B}, 5), (7, 6, 0.3, {'xxc': 'black1'}, 6),
    (8, 7, 0.3, {}, 1), (8, 7, 0.0, {}, 2), (8, 6, 0.3, {**F, **A}, 3),
    (9, 7, 0.3, {}, 1), (9, 7, 0.5, {}, 2), (9, 8, 0.3, {}, 3), (9, 7, 0.2, F, 4),
    (9, 6, 0.3, {**B, **W}, 5), (9, 7, 0.3, {'xxc': 'black1'}, 6),
    (10, 9, 0.3, {}, 1), (10, 9, 0.1, {}, 2), (10, 8, 0.4, F, 3), (10, 7, 0.3, {**B, **A}, 4),
    (11, 9, 0.3, {}, 1), (11, 8, 0.3, {**F, **W}, 2), (11, 10, 0.3, {}, 3),
    (12, 11, 0.3, {}, 1), (12, 9, 0.2, {**B}, 2), (12, 8, 0.3, {'xxc': 'black1', **F}, 3),
    (13, 9, 0.3, {}, 1), (13, 11, 0.5, {}, 2), (13, 7, 0.3, {**F, **W, **B}, 3),
    (14, 9, 0.0, {}, 1), (14, 11, 0.3, {**A, **F}, 2),
    (15, 9, 0.3, {**B, 'bye_codes': 'HZ'}, 1), (15, 11, 0.3, {}, 2),
    (16, 7, 0.3, {'xxc': 'white1'}, 1), (16, 9, 0.7, {**F}, 2),
    (17, 9, 0.3, {**W, **F}, 1), (18, 11, 0.3, {}, 1),
    (19, 7, 0.4, {**B, **A}, 1), (20, 9, 0.3, {}, 1), (20, 9, 0.3, {**F, **W, **B}, 2),
    (21, 11, 0.2, {'xxc': 'black1'}, 1), (23, 9, 0.3, {**F}, 1), (24, 11, 0.5, {**B}, 1),
    (25, 7, 0.3, {**W}, 1), (27, 9, 0.1, {}, 1), (28, 8, 0.3, {**F, **A}, 1),
    (30, 11, 0.3, {}, 1), (31, 9, 0.3, {**B, **F}, 1), (33, 5, 0.3, {}, 1),
    (36, 7, 0.3, {**W, **F}, 1), (39, 9, 0.4, {'xxc': 'black1', **B}, 1), (40, 11, 0.3, {}, 1),
    (44, 9, 0.3, {**F, **W, **B, **A}, 1), (47, 7, 0.2, {}, 1), (50, 9, 0.3, {**F}, 1),
    (53, 11, 0.3, {**B}, 1), (57, 9, 0.3, {**W}, 1), (60, 11, 0.3, {}, 1), (60, 9, 0.3, {**F, **B}, 2),
    (5, 3, 0.3, {}, 4), (8, 3, 0.3, {**F}, 4), (22, 3, 0.3, {**B}, 4), (41, 3, 0.3, {}, 4),
]

# Histories after which no legal pairing of the next round exists (players, rounds planned,
# draw rate, extra, seed): bbpPairings finds none (exit 1) and our own brute force
# (gen.legal_pairing_exists) confirms it.
NO_PAIRING = [
    (5, 6, 0.3, {}, 1), (6, 6, 0.3, {}, 1), (6, 6, 0.0, F, 2), (7, 7, 0.3, {}, 1),
    (8, 8, 0.3, {}, 1), (8, 8, 0.5, {**B, 'bye_codes': 'F'}, 2), (9, 9, 0.3, {}, 1), (10, 10, 0.3, F, 1),
]

TRIES = 40  # seeds tried (seed, seed+1000, ...) for a tournament that pairs every round


def tags(spec, t, info):
    out = []
    if 'pab' in info.features:
        out.append('odd')
    out.append(f"d{int(round(spec.draw_rate * 100)):02d}")
    if 'forfeits' in info.features:
        out.append('forfeits')
    if 'withdrawals' in info.features:
        out.append('withdrawals')
    codes = ''.join(c for c in 'HZF' if f'bye{c}' in info.features)
    if codes:
        out.append('byes' + codes)
    if 'absences' in info.features:
        out.append('absences')
    if spec.xxc:
        out.append(spec.xxc)
    return '-'.join(out)


def bbp_check(path):
    """bbpPairings re-pairs every round of the file (`-c`): asserts that no round differs;
    returns the rounds and its time."""
    t0 = time.perf_counter()
    p = subprocess.run([gen.bbp_exe(), '--dutch', path, '-c'], capture_output=True, text=True)
    dt = time.perf_counter() - t0
    lines = [x for x in p.stdout.splitlines() if x.strip()]
    rounds = [x for x in lines if re.search(r'Round #\d+$', x)]
    assert p.returncode == 0 and len(rounds) == len(lines), \
        f"{path}: bbpPairings' checker disagrees:\n{p.stdout}\n{p.stderr}"
    return len(rounds), dt


def write_timings(out, rows):
    with open(os.path.join(out, 'TIMINGS.txt'), 'w') as f:
        f.write("# The reference (bbpPairings, C++) re-pairing every round of each file\n"
                "# (bbpPairings.exe --dutch FILE -c), wall time on a shared 2-core machine.\n"
                "# file players rounds seconds_all_rounds ms_per_round\n")
        for name, n, rounds, secs in rows:
            f.write(f"{name} {n} {rounds} {secs:.3f} {1000 * secs / max(rounds, 1):.1f}\n")
        tot_s = sum(r[3] for r in rows)
        tot_r = sum(r[2] for r in rows)
        f.write(f"# total: {len(rows)} files, {tot_r} rounds, {tot_s:.1f} s\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--out', default=os.path.join(ROOT, 'tests', 'data', 'pairing', 'dutch'))
    ap.add_argument('--only', default='', help='build only entries whose p..-r.. prefix contains this')
    ap.add_argument('--skip-corpus', action='store_true', help='only the no-pairing histories')
    ap.add_argument('--skip-no-pairing', action='store_true', help='only the corpus')
    ap.add_argument('--bbp', default=os.environ.get('BBP', ''),
                    help='the bbpPairings executable (default: the environment variable BBP)')
    ap.add_argument('--timings-only', action='store_true',
                    help='only (re)write TIMINGS.txt from the files in --out')
    args = ap.parse_args()
    gen.set_bbp(args.bbp)
    gen.bbp_exe()
    if args.timings_only:
        rows = []
        for path in sorted(glob.glob(os.path.join(args.out, '*.trf'))):
            t = trflib.parse(open(path).read())
            rows.append((os.path.basename(path), len(t.players), t.rounds_written(), bbp_check(path)[1]))
        write_timings(args.out, rows)
        return
    if args.skip_corpus:
        CORPUS.clear()
    if args.skip_no_pairing:
        NO_PAIRING.clear()
    os.makedirs(args.out, exist_ok=True)
    timings = []
    total_rounds = 0
    for n, R, d, extra, seed in CORPUS:
        if args.only and args.only not in f"p{n:02d}-r{R:02d}":
            continue
        spec = gen.Spec(players=n, rounds=R, draw_rate=d, **extra)
        best = None
        for k in range(TRIES):
            s = seed + 1000 * k
            t, info = gen.build(spec, s, f"focus-bot pairing corpus p{n}-r{R} seed {s}")
            if best is None or info.rounds_done > best[1].rounds_done:
                best = (t, info, s)
            if info.rounds_done == R:
                break
        t, info, s = best
        rname = f"r{info.rounds_done:02d}" + ("" if info.rounds_done == R else f"of{R:02d}")
        name = f"p{n:02d}-{rname}-{tags(spec, t, info)}-s{s}.trf"
        path = os.path.join(args.out, name)
        with open(path, 'w') as f:
            f.write(trflib.write(t))
        rounds, dt = bbp_check(path)
        assert rounds == info.rounds_done
        total_rounds += rounds
        timings.append((name, n, rounds, dt))
        note = f" (stopped: {info.stop_reason})" if info.rounds_done < R else ""
        print(f"{name}: {rounds} rounds, check {dt:.2f} s, tries {s // 1000 + 1}{note}", flush=True)
    nodir = os.path.join(os.path.dirname(args.out), os.path.basename(args.out) + '-no-pairing')
    os.makedirs(nodir, exist_ok=True)
    for n, R, d, extra, seed in NO_PAIRING:
        if args.only and args.only not in f"p{n:02d}-r{R:02d}":
            continue
        spec = gen.Spec(players=n, rounds=R, draw_rate=d, **extra)
        for k in range(200):
            s = seed + 1000 * k
            t, info = gen.build(spec, s, f"focus-bot no-pairing corpus p{n}-r{R} seed {s}")
            # every player is to be paired in the next round (the file cannot say otherwise)
            if info.no_pairing and info.stop_round >= 3 and len(info.stop_to_pair) == n:
                assert not gen.legal_pairing_exists(t, info.stop_round, info.stop_to_pair), \
                    f"bbpPairings finds no pairing where our brute force finds one: seed {s}"
                break
        else:
            print(f"p{n:02d}-r{R:02d}: no history without a legal pairing found")
            continue
        r = info.stop_round
        name = f"p{n:02d}-next-r{r:02d}-of{R:02d}-{tags(spec, t, info)}-s{s}.trf"
        path = os.path.join(nodir, name)
        with open(path, 'w') as f:
            f.write(trflib.write(t))
        rounds, _ = bbp_check(path)
        code, _, _ = gen.bbp_pair(open(path).read())
        assert code == 1, f"{name}: bbpPairings pairs the next round (exit {code})"
        absent = sorted(set(p.sn for p in t.players) - set(info.stop_to_pair))
        print(f"{os.path.basename(nodir)}/{name}: {rounds} rounds; round {r} has no legal pairing"
              f" of {len(info.stop_to_pair)} players{' (not paired: ' + ' '.join(map(str, absent)) + ')' if absent else ''};"
              f"; bbpPairings: exit 1", flush=True)

    if not args.only and not args.skip_corpus:
        write_timings(args.out, timings)
    if timings:
        print(f"{len(timings)} files, {total_rounds} rounds")


if __name__ == '__main__':
    main()
