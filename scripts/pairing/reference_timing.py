#!/usr/bin/env python3
"""Time the reference (caissify-pairings 0.5.0, a black box) pairing round 7
of a large Swiss, for the speed report (our time as a ratio of its time).

    nice -n 10 /work/venv-pair/bin/python scripts/pairing/reference_timing.py --players 200
    nice -n 10 /work/venv-pair/bin/python scripts/pairing/reference_timing.py --players 1000 --history simple

History of rounds 1-6:
  --history rtg     the reference's own generator (caissify_pairings.rtg.generate_tournament)
                    makes rounds 1-7; its wall time per round is reported too.
  --history simple  our quick score-group pairing (not Dutch; for fields where the
                    reference would take too long to make the history).
Round 7 is then paired by the reference's public `generate_pairings(system="dutch")`,
given the state its README asks for (score, colour history, float history, byes,
previous pairings) derived from the TRF (plain tournaments only: no forfeits or
requested byes), in a child process stopped after --timeout seconds. Writes the TRF of rounds 1-6 to --trf (default
/tmp/timing-pNNN.trf) so that our benchmark can pair the same round.
"""
import argparse
import contextlib
import io
import multiprocessing as mp
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trflib  # noqa: E402


def simple_history(n, rounds, seed):
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(n)), reverse=True)
    ps = [trflib.Player(i + 1, f"Player,{i + 1:04d}", ratings[i], []) for i in range(n)]
    met = {p.sn: set() for p in ps}
    for r in range(1, rounds + 1):
        order = sorted(ps, key=lambda p: (-p.score(), p.sn))
        blocks = {}
        if len(order) % 2:
            # bye to the lowest player without one
            for p in reversed(order):
                if not any(b and b[0] == 0 for b in p.rounds):
                    blocks[p.sn] = (0, '-', 'U')
                    order.remove(p)
                    break
        while order:
            a = order.pop(0)
            j = next((k for k, q in enumerate(order) if q.sn not in met[a.sn]), 0)
            b = order.pop(j)
            met[a.sn].add(b.sn)
            met[b.sn].add(a.sn)
            wa = sum(1 for x in a.rounds if x and x[1] == 'w') - sum(1 for x in a.rounds if x and x[1] == 'b')
            wb = sum(1 for x in b.rounds if x and x[1] == 'w') - sum(1 for x in b.rounds if x and x[1] == 'b')
            w, bl = (a, b) if wa <= wb else (b, a)
            x = rng.random()
            res = ('=', '=') if x < 0.3 else (('1', '0') if x < 0.65 else ('0', '1'))
            blocks[w.sn] = (bl.sn, 'w', res[0])
            blocks[bl.sn] = (w.sn, 'b', res[1])
        for p in ps:
            p.rounds.append(blocks.get(p.sn))
    return trflib.Tournament(f"timing p{n} simple", 9, ps)


def state(t, r):
    """The generate_pairings state after rounds 1..r-1 (plain tournament)."""
    by = t.by_sn()
    players, prev = [], set()
    for p in t.players:
        colours, floats, byes = [], [], 0
        for k in range(1, r):
            b = p.block(k)
            if b is None or b[0] == 0:
                colours.append('none')
                floats.append('none')
                byes += b is not None
                continue
            opp = by[b[0]]
            colours.append('white' if b[1] == 'w' else 'black')
            sp, so = p.score(k - 1), opp.score(k - 1)
            floats.append('down' if sp > so else 'up' if sp < so else 'none')
            prev.add(tuple(sorted((p.sn, opp.sn))))
        players.append(dict(id=p.sn, name=p.name, score=p.score(r - 1), rating=p.rating,
                            starting_number=p.sn, color_hist=colours, float_history=floats,
                            bye_count=byes))
    return players, prev


def pair_child(t, r, q):
    from caissify_pairings import generate_pairings
    players, prev = state(t, r)
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        out = generate_pairings(system="dutch", players=players, previous_pairings=prev,
                                round_number=r, total_rounds=t.total_rounds)
    q.put((time.perf_counter() - t0, [(x['white_id'], x.get('black_id')) for x in out]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--players', type=int, default=200)
    ap.add_argument('--round', type=int, default=7)
    ap.add_argument('--history', choices=['rtg', 'simple'], default='rtg')
    ap.add_argument('--seed', type=int, default=2026)
    ap.add_argument('--timeout', type=float, default=600)
    ap.add_argument('--trf', default=None)
    ap.add_argument('--from-trf', default=None,
                    help='take the history (rounds before --round) from this TRF instead of generating it')
    ap.add_argument('--pairs-out', default=None,
                    help="write the reference's pairing of the round here, bbpPairings style "
                         "(number of pairs, then 'white black' lines, a bye as 'N 0')")
    args = ap.parse_args()
    r = args.round
    print(f"{time.strftime('%H:%M:%S')} {args.players} players, history of rounds 1-{r - 1}: "
          f"{args.from_trf or args.history}", flush=True)
    rtg_round = None
    if args.from_trf:
        t = trflib.parse(open(args.from_trf).read())
        t.header = []
        for p in t.players:
            p.rounds = p.rounds[:r - 1]
        args.trf = args.trf or args.from_trf
    elif args.history == 'rtg':
        import caissify_pairings.rtg as rtg
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            text = rtg.generate_tournament(num_players=args.players, num_rounds=r, seed=args.seed,
                                           tournament_name=f"timing p{args.players}")
        gen_s = time.perf_counter() - t0
        print(f"rtg: {r} rounds in {gen_s:.1f} s, {gen_s / r:.1f} s a round (results simulation included)", flush=True)
        t = trflib.parse(text)
        t.header = []
        games, byes = trflib.pairings_of_round(t, r)
        rtg_round = sorted([(w, b) for w, b, _, _ in games] + [(s, None) for s, _ in byes])
        for p in t.players:
            p.rounds = p.rounds[:r - 1]
    else:
        t = simple_history(args.players, r - 1, args.seed)
    if not args.from_trf:
        path = args.trf or f"/tmp/timing-p{args.players}.trf"
        with open(path, 'w') as f:
            f.write(trflib.write(t))
        print(f"history written to {path}", flush=True)
    q = mp.Queue()
    child = mp.Process(target=pair_child, args=(t, r, q))
    t0 = time.perf_counter()
    child.start()
    child.join(args.timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        print(f"round {r}: gave up after {args.timeout:.0f} s")
        return
    secs, pairs = q.get()
    print(f"round {r}: the reference paired {args.players} players in {secs:.2f} s "
          f"(child process wall {time.perf_counter() - t0:.2f} s)")
    if args.pairs_out:
        games = [(w, b) for w, b in pairs if b is not None]
        byes = [(w, 0) for w, b in pairs if b is None]
        with open(args.pairs_out, 'w') as f:
            f.write(f"{len(games) + len(byes)}\n" + ''.join(f"{w} {b}\n" for w, b in games + byes))
    if rtg_round is not None:
        same = sorted(pairs) == rtg_round
        print(f"  same pairing as the rtg's own round {r}: {same}")


if __name__ == '__main__':
    main()
