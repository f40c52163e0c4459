#!/usr/bin/env python3
"""The comparison at large (outside CI): random tournaments paired round by
round by the reference, bbpPairings (a black box built outside the
repository; see gen.py), each re-paired by our binary with
`focus-bot pair --check FILE.trf`. Where bbpPairings finds no legal pairing
for a round (exit 1), the tournament stops there and our
`focus-bot pair --dutch` must refuse that round too (exit 1).

    nice -n 10 python3 scripts/pairing/compare.py target/release/focus-bot \
        --bbp /work/bbp/bbpPairings.exe -n 2000 --jobs 2 --out /tmp/pairing-diffs

Our binary's contract: `pair --check FILE` prints per round `round N: identical`
or the differences, then `K of N rounds identical`; exit 0 when all are
identical, 2 when any differ, 3 on invalid input, 1 when no legal pairing.
Reports tournaments, rounds compared, rounds identical and tournaments with any
difference; copies each file with a difference (with our binary's output next to
it, FILE.out.txt) to --out. Deterministic for a given --seed.
"""
import argparse
import multiprocessing as mp
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import trflib  # noqa: E402


def random_spec(rng, max_players):
    x = rng.random()
    if x < 0.5:
        n = rng.randint(5, 16)
    elif x < 0.9 or max_players <= 60:
        n = rng.randint(17, min(60, max_players))
    else:
        n = rng.randint(61, max_players)
    rounds = rng.randint(3, 11)
    return gen.Spec(
        players=n, rounds=rounds,
        draw_rate=rng.choice([0.0, 0.1, 0.2, 0.3, 0.3, 0.4, 0.5, 0.7]),
        forfeit_rate=0.0 if rng.random() < 0.5 else rng.uniform(0.02, 0.15),
        withdraw_rate=0.0 if rng.random() < 0.6 else rng.uniform(0.05, 0.2),
        bye_rate=0.0 if rng.random() < 0.6 else rng.uniform(0.02, 0.08),
        bye_codes=rng.choice(["HHZF", "H", "HZ"]),
        absence_rate=0.0 if rng.random() < 0.7 else rng.uniform(0.02, 0.06),
        xxc=rng.choice([None] * 8 + ['black1', 'white1']),
    )


def describe(spec, info):
    f = sorted(info.features)
    return (f"p{spec.players:02d}-r{info.rounds_done:02d}of{spec.rounds:02d}-d{int(spec.draw_rate * 100):02d}"
            + (f"-{'-'.join(f)}" if f else "") + (f"-{spec.xxc}" if spec.xxc else ""))


def one(job):
    i, seed, binary, workdir, max_players, plain_share, bbp, build_max = job
    gen.set_bbp(bbp)
    rng = random.Random(seed * 1_000_003 + i)
    spec = random_spec(rng, max_players)
    s = rng.randrange(1 << 30)
    use_plain = rng.random() < plain_share or spec.players > build_max
    t0 = time.perf_counter()
    if use_plain:
        spec.xxc = None  # the reference's generator has no initial-colour option
        t, info = gen.plain(spec, s, f"compare {seed}/{i} rtg seed {s}")
    else:
        t, info = gen.build(spec, s, f"compare {seed}/{i} seed {s}")
    gen_s = time.perf_counter() - t0
    name = f"t{i:05d}-{describe(spec, info)}-s{s}.trf"
    path = os.path.join(workdir, name)
    with open(path, 'w') as f:
        f.write(trflib.write(t))
    res = dict(i=i, name=name, path=path, rounds=info.rounds_done, gen_s=gen_s,
               stop=info.stop_reason, ref_s=sum(info.ref_seconds), refusal='')
    if info.no_pairing and info.rounds_done:
        # bbpPairings finds no legal pairing of the next round: we must refuse it too.
        nxt = path[:-4] + '-next.trf'
        with open(nxt, 'w') as f:
            f.write(gen.with_next_round(t, info))
        p = subprocess.run([binary, 'pair', '--dutch', nxt, '-p'], capture_output=True, text=True,
                           timeout=600)
        res['refusal'] = 'agreed' if p.returncode == 1 else f'we paired it (exit {p.returncode})'
        res['next_path'] = nxt
        res['next_out'] = p.stdout + p.stderr
    if info.rounds_done == 0:
        res.update(status='skipped', identical=0, compared=0, out='')
        return res
    t0 = time.perf_counter()
    try:
        p = subprocess.run([binary, 'pair', '--check', path], capture_output=True, text=True, timeout=600)
        out, code = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, code = 'timeout after 600 s', -1
    res['ours_s'] = time.perf_counter() - t0
    m = re.search(r"(\d+) of (\d+) rounds identical", out)
    res['out'] = out
    if m:
        res['identical'], res['compared'] = int(m.group(1)), int(m.group(2))
    else:
        res['identical'], res['compared'] = 0, info.rounds_done
    if res['refusal'] not in ('', 'agreed'):
        res['status'] = 'paired-what-bbp-refuses'
    elif code == 0 and m and res['identical'] == res['compared'] == info.rounds_done:
        res['status'] = 'identical'
    elif code == 2 or (code == 0 and m):
        res['status'] = 'differ'
    elif code == 1:
        res['status'] = 'no-pairing'
    elif code == 3:
        res['status'] = 'invalid-input'
    else:
        res['status'] = f'error(exit {code})'
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('binary', help='path to our focus-bot binary')
    ap.add_argument('--bbp', default=os.environ.get('BBP', ''),
                    help='path to the bbpPairings executable (default: the environment variable BBP)')
    ap.add_argument('-n', '--count', type=int, default=100, help='tournaments (default 100)')
    ap.add_argument('--seed', type=int, default=1, help='base seed (default 1)')
    ap.add_argument('--start', type=int, default=0,
                    help='first tournament index, to resume a run: tournament i is the same '
                         'for a given --seed whatever the range (default 0)')
    ap.add_argument('--jobs', type=int, default=2, choices=[1, 2], help='processes, at most 2 (default 2)')
    ap.add_argument('--out', default='pairing-diffs', help='directory for the files that differ')
    ap.add_argument('--max-players', type=int, default=80,
                    help='largest field; 10%% of fields are 61..this when above 60 (default 80)')
    ap.add_argument('--plain-share', type=float, default=0.3,
                    help="share of tournaments from bbpPairings' own generator (-g: forfeits, "
                         "retirements, half-point byes); the rest are built round by round with "
                         "forfeits, withdrawals, absences, H/Z/F byes, XXC (default 0.3)")
    ap.add_argument('--build-max-players', type=int, default=1000,
                    help='larger fields are always from bbpPairings\' generator (default 1000)')
    ap.add_argument('--keep', action='store_true', help='keep every generated file in --out/all')
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    gen.set_bbp(args.bbp)
    bbp = gen.bbp_exe()
    os.makedirs(args.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix='pairing-compare-')
    jobs = [(i, args.seed, binary, workdir, args.max_players, args.plain_share, bbp,
             args.build_max_players)
            for i in range(args.start, args.start + args.count)]
    tot = dict(tournaments=0, compared=0, identical=0, differ=0, no_pairing=0, refused_too=0)
    statuses = {}
    start = time.time()
    gen_s = ours_s = 0.0
    with mp.Pool(args.jobs) as pool:
        for k, r in enumerate(pool.imap_unordered(one, jobs), 1):
            statuses[r['status']] = statuses.get(r['status'], 0) + 1
            gen_s += r['gen_s']
            ours_s += r.get('ours_s', 0.0)
            if r['refusal']:
                tot['no_pairing'] += 1
                tot['refused_too'] += r['refusal'] == 'agreed'
            if r['status'] != 'skipped':
                tot['tournaments'] += 1
                tot['compared'] += r['compared']
                tot['identical'] += r['identical']
            if r['status'] not in ('identical', 'skipped'):
                tot['differ'] += 1
                shutil.copy(r['path'], args.out)
                with open(os.path.join(args.out, r['name'] + '.out.txt'), 'w') as f:
                    f.write(r['out'])
                if r.get('next_path'):
                    shutil.copy(r['next_path'], args.out)
                    with open(os.path.join(args.out, os.path.basename(r['next_path']) + '.out.txt'),
                              'w') as f:
                        f.write(r['next_out'])
            if args.keep:
                os.makedirs(os.path.join(args.out, 'all'), exist_ok=True)
                shutil.copy(r['path'], os.path.join(args.out, 'all'))
            os.remove(r['path'])
            if r.get('next_path'):
                os.remove(r['next_path'])
            flag = '' if r['status'] == 'identical' else f"  <-- {r['status']}"
            print(f"[{k}/{args.count} {time.time() - start:6.0f} s] {r['name']}: "
                  f"{r['identical']}/{r['compared']} identical{flag}", flush=True)
    os.rmdir(workdir)
    print()
    print(f"tournaments:                     {tot['tournaments']}")
    print(f"rounds compared:                 {tot['compared']}")
    print(f"rounds identical:                {tot['identical']}")
    print(f"tournaments with any difference: {tot['differ']}")
    print(f"rounds bbpPairings cannot pair:  {tot['no_pairing']} (we refuse {tot['refused_too']} of them)")
    print(f"by status: {', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}")
    print(f"time: {time.time() - start:.0f} s wall; generation (bbpPairings) {gen_s:.0f} s, our binary {ours_s:.1f} s")
    if tot['differ']:
        print(f"files with a difference copied to {args.out}")
    sys.exit(0 if tot['differ'] == 0 else 2)


if __name__ == '__main__':
    main()
