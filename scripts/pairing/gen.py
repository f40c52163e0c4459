"""Round-by-round generator of Dutch-system tournaments paired by the
reference (caissify-pairings), used strictly as a black box.

For each round r we write the TRF of rounds < r, append a placeholder
round r (any complete pairing of the players to be paired, requested byes
and absences already marked as they will stay), and read the reference's
own pairing of round r from `caissify_pairings.fpc.check_trf`
(`engine_pairings`), so that the reference's TRF reading defines the
history semantics. Then results are drawn (draws, forfeits) and we go on.

Each pairing the reference returns is checked against the absolute
criteria as we read them (everyone paired once, no rematch of a played
game, at most one pairing-allocated bye and only to an eligible player,
colour limits outside the last round). When the reference's answer fails
them (in practice: no legal pairing exists and the reference hands out
byes), the tournament stops before that round.
"""
import contextlib
import io
import os
import random
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trflib  # noqa: E402

import caissify_pairings.fpc as fpc  # noqa: E402

FIRST = ["Anna", "Boris", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana", "Igor", "Jana",
         "Karl", "Lena", "Milan", "Nina", "Oleg", "Petra", "Quinn", "Rita", "Sven", "Tara"]
LAST = ["Adler", "Berg", "Costa", "Dvorak", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanov",
        "Jansen", "Kovacs", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Rossi", "Silva"]


@dataclass
class Spec:
    players: int
    rounds: int
    draw_rate: float = 0.3
    forfeit_rate: float = 0.0       # per game
    double_forfeit_share: float = 0.15  # share of forfeits where both lose
    withdraw_rate: float = 0.0      # per player: withdraws from a random round on
    absence_rate: float = 0.0       # per player and round: not paired that round (blank)
    bye_rate: float = 0.0           # per player and round: requested bye
    bye_codes: str = "HHZF"         # drawn uniformly from this string
    xxc: str = None                 # None, 'white1' or 'black1'
    even_with_hz: bool = True       # with H/Z byes, keep every round's field even (no PAB)
    min_rating: int = 1400
    max_rating: int = 2700


@dataclass
class Info:
    rounds_done: int = 0
    stop_reason: str = ""
    ref_seconds: list = field(default_factory=list)
    features: set = field(default_factory=set)
    stop_round: int = 0
    stop_to_pair: list = field(default_factory=list)


def quiet_check(text):
    """check_trf with the reference's own prints (e.g. forced-bye notes) captured."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        rep = fpc.check_trf(text)
    return rep, out.getvalue()


def placeholder(to_pair, first_colour):
    """A complete pairing of to_pair (sorted): 1st-2nd, 3rd-4th, ..., last odd one a U bye."""
    d = {}
    sns = sorted(to_pair)
    for i in range(0, len(sns) - 1, 2):
        a, b = sns[i], sns[i + 1]
        ca, cb = ('w', 'b') if (i == 0 and first_colour == 'w') or i > 0 else ('b', 'w')
        d[a] = (b, ca, '=')
        d[b] = (a, cb, '=')
    if len(sns) % 2:
        d[sns[-1]] = (0, '-', 'U')
    return d


def history(t, r):
    """Per player: played opponents, colours of played games, and whether PAB-ineligible."""
    played, colours, inelig = {}, {}, set()
    for p in t.players:
        played[p.sn] = set()
        colours[p.sn] = []
        for k in range(1, r):
            b = p.block(k)
            if b is None:
                continue
            opp, col, res = b
            if opp == 0:
                if res in 'UF+':
                    inelig.add(p.sn)
            elif res in '+-':
                if res == '+':
                    inelig.add(p.sn)
            else:
                played[p.sn].add(opp)
                colours[p.sn].append(col)
    return played, colours, inelig


def colour_ok(cols, new):
    cols = cols + [new]
    diff = cols.count('w') - cols.count('b')
    if abs(diff) > 2:
        return False
    return not (len(cols) >= 3 and cols[-1] == cols[-2] == cols[-3])


def topscorer(t, r, sn):
    """In the final round: a score over 50 % of the maximum possible (C.04.3 A.7)."""
    return r >= t.total_rounds and t.by_sn()[sn].score(r - 1) > (r - 1) / 2


def validate(t, r, to_pair, requested, engine):
    played, colours, inelig = history(t, r)
    seen, pabs = [], []
    for g in engine:
        w, b = g['white'], g.get('black')
        if b is None:
            seen.append(w)
            if w not in requested:
                pabs.append(w)
            continue
        seen += [w, b]
        if b in played[w]:
            return f"rematch {w}-{b}"
        exempt = r >= t.total_rounds and (topscorer(t, r, w) or topscorer(t, r, b))
        if not exempt and not (colour_ok(colours[w], 'w') and colour_ok(colours[b], 'b')):
            return f"colour limits broken in {w}-{b}"
    if sorted(seen) != sorted(set(to_pair) | set(requested)):
        return "not every player paired exactly once"
    if len(pabs) != len(to_pair) % 2:
        return f"{len(pabs)} pairing-allocated byes ({', '.join(map(str, pabs))})"
    for x in pabs:
        if x in inelig:
            return f"pairing-allocated bye to {x}, who already had a bye worth a win"
    return ""


def make_players(n, spec, rng):
    ratings = sorted((rng.randint(spec.min_rating, spec.max_rating) for _ in range(n)), reverse=True)
    return [trflib.Player(i + 1, f"{rng.choice(LAST)},{rng.choice(FIRST)}", ratings[i], [])
            for i in range(n)]


def result(rng, spec, wr, br, info):
    if rng.random() < spec.forfeit_rate:
        info.features.add('forfeits')
        x = rng.random()
        if x < spec.double_forfeit_share:
            return '-', '-'
        return ('+', '-') if x < (1 + spec.double_forfeit_share) / 2 else ('-', '+')
    if rng.random() < spec.draw_rate:
        return '=', '='
    e = 1 / (1 + 10 ** ((br - wr - 30) / 400))
    return ('1', '0') if rng.random() < e else ('0', '1')


def build(spec, seed, name="generated"):
    """Returns (Tournament, Info). The tournament has the rounds that could be paired."""
    import time
    rng = random.Random(seed)
    n, R = spec.players, spec.rounds
    t = trflib.Tournament(name, R, make_players(n, spec, rng), spec.xxc)
    info = Info()
    withdraw_from = {}
    for p in t.players:
        if rng.random() < spec.withdraw_rate:
            withdraw_from[p.sn] = rng.randint(2, R)
    first_colour = 'b' if spec.xxc == 'black1' else 'w'
    for r in range(1, R + 1):
        present, requested, marks = [], [], {}
        for p in t.players:
            if withdraw_from.get(p.sn, R + 1) <= r:
                info.features.add('withdrawals')
                continue
            # Round 1: the top seed plays (the reference reads the initial colour from
            # its round-1 game), and nobody is absent (the reference pairs a player whose
            # round-1 block is blank when later rounds follow).
            if not (r == 1 and p.sn == 1):
                if r > 1 and rng.random() < spec.absence_rate:
                    info.features.add('absences')
                    continue
                if rng.random() < spec.bye_rate:
                    code = rng.choice(spec.bye_codes)
                    info.features.add(f'bye{code}')
                    requested.append(p.sn)
                    marks[p.sn] = (0, '-', code)
                    continue
            present.append(p.sn)
        if spec.even_with_hz and len(present) % 2 and set(spec.bye_codes) & set('HZ') and spec.bye_rate > 0:
            # The reference counts earlier H/Z byes against the pairing-allocated bye
            # (see README); FIDE does not. In files with H/Z byes no round needs a PAB:
            # one more player takes a requested bye.
            cand = [x for x in present if not (r == 1 and x == 1)]
            x = rng.choice(cand)
            present.remove(x)
            code = rng.choice(spec.bye_codes)
            info.features.add(f'bye{code}')
            requested.append(x)
            marks[x] = (0, '-', code)
        if len(present) < 2:
            info.stop_reason = f"round {r}: fewer than 2 players to pair"
            break
        ph = placeholder(present, first_colour)
        ph.update(marks)
        for p in t.players:
            p.rounds = p.rounds[:r - 1] + [ph.get(p.sn)]
        t0 = time.perf_counter()
        rep, _ = quiet_check(trflib.write(t, r))
        info.ref_seconds.append(time.perf_counter() - t0)
        rr = [x for x in rep['rounds'] if x['round'] == r]
        engine = rr[0]['engine_pairings'] if rr else []
        why = validate(t, r, present, requested, engine)
        if why:
            info.stop_round, info.stop_to_pair = r, present
            for p in t.players:
                p.rounds = p.rounds[:r - 1]
            info.stop_reason = f"round {r}: {why}"
            break
        new = dict(marks)
        by = t.by_sn()
        for g in engine:
            w, b = g['white'], g.get('black')
            if b is None:
                if w not in requested:
                    new[w] = (0, '-', 'U')
                    info.features.add('pab')
                continue
            rw, rb = result(rng, spec, by[w].rating, by[b].rating, info)
            if rw == '=':
                info.features.add('draws')
            new[w] = (b, 'w', rw)
            new[b] = (w, 'b', rb)
        for p in t.players:
            p.rounds = p.rounds[:r - 1] + [new.get(p.sn)]
        info.rounds_done = r
    for p in t.players:
        p.rounds = p.rounds[:info.rounds_done]
    return t, info


def plain(spec, seed, name="generated", verify=True):
    """A plain tournament (no forfeits, withdrawals or requested byes) from the
    reference's own generator, caissify_pairings.rtg.generate_tournament: cheaper
    than build() (one pairing per round instead of a re-check of every earlier
    round). Rounds from the first one whose pairing breaks the absolute criteria
    (no legal pairing) are dropped; with verify, the file is re-checked with
    check_trf and must match in every round."""
    import time
    import caissify_pairings.rtg as rtg
    out = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        text = rtg.generate_tournament(num_players=spec.players, num_rounds=spec.rounds,
                                       min_rating=spec.min_rating, max_rating=spec.max_rating,
                                       draw_rate=spec.draw_rate, seed=seed, tournament_name=name)
    t = trflib.parse(text)
    t.header = []
    # The reference's generator gives the top seed either colour in round 1 and writes
    # no XXC (its checker infers the initial colour from player 1's round-1 game):
    # write XXC black1 when player 1 had black, so that a reader following XXC agrees.
    b1 = t.by_sn()[1].block(1)
    if b1 is not None and b1[1] == 'b':
        t.xxc = 'black1'
        info_x = True
    else:
        info_x = False
    info = Info(ref_seconds=[time.perf_counter() - t0])
    if info_x:
        info.features.add('black1')
    info.features.add('rtg')
    for r in range(1, t.rounds_written() + 1):
        games, byes = trflib.pairings_of_round(t, r)
        engine = [{'white': w, 'black': b} for w, b, _, _ in games] + [{'white': s, 'black': None} for s, _ in byes]
        present = [p.sn for p in t.players if p.block(r) is not None]
        why = validate(t, r, present, [], engine)
        if why:
            info.stop_reason = f"round {r}: {why}"
            break
        if any(wr == '=' for _, _, wr, _ in games):
            info.features.add('draws')
        if byes:
            info.features.add('pab')
        info.rounds_done = r
    for p in t.players:
        p.rounds = p.rounds[:info.rounds_done]
    if verify and info.rounds_done:
        rep, _ = quiet_check(trflib.write(t))
        s = rep['summary']
        assert s['rounds_matched'] == s['rounds_checked'] == info.rounds_done, \
            f"rtg seed {seed}: the reference's checker disagrees with its generator: {s}"
    return t, info


def absolute_preference(cols):
    """'w'/'b' when the player must get that colour (C.04.1 colour limits:
    difference beyond 1, or the same colour twice in a row), else None."""
    diff = cols.count('w') - cols.count('b')
    if diff > 1 or (len(cols) >= 2 and cols[-1] == cols[-2] == 'w'):
        return 'b'
    if diff < -1 or (len(cols) >= 2 and cols[-1] == cols[-2] == 'b'):
        return 'w'
    return None


def legal_pairing_exists(t, r, to_pair):
    """Brute force: is there a pairing of to_pair for round r with no rematch
    (forfeits not counted as games), at most one pairing-allocated bye and only
    to an eligible player (no earlier U, F or forfeit win), and no two
    non-topscorers with the same absolute colour preference paired together
    (C.04.3 C.3)? Small fields only."""
    played, colours, inelig = history(t, r)
    absp = {s: absolute_preference(colours[s]) for s in to_pair}
    top = {s: topscorer(t, r, s) for s in to_pair}

    def ok(a, b):
        return b not in played[a] and (top[a] or top[b] or absp[a] is None or absp[a] != absp[b])

    def match(rest):
        if not rest:
            return True
        a = rest[0]
        return any(ok(a, b) and match([x for x in rest[1:] if x != b]) for b in rest[1:])

    sns = sorted(to_pair)
    if len(sns) % 2 == 0:
        return match(sns)
    return any(x not in inelig and match([y for y in sns if y != x]) for x in sns)


def count_legal_pairings(t, r, to_pair, limit=10**6):
    """How many pairings (as sets of pairs plus the bye) of to_pair are legal
    in the sense of legal_pairing_exists; counting stops at limit."""
    played, colours, inelig = history(t, r)
    absp = {s: absolute_preference(colours[s]) for s in to_pair}
    top = {s: topscorer(t, r, s) for s in to_pair}

    def ok(a, b):
        return b not in played[a] and (top[a] or top[b] or absp[a] is None or absp[a] != absp[b])

    def count(rest):
        if not rest:
            return 1
        a, c = rest[0], 0
        for b in rest[1:]:
            if ok(a, b):
                c += count([x for x in rest[1:] if x != b])
                if c >= limit:
                    break
        return c

    sns = sorted(to_pair)
    if len(sns) % 2 == 0:
        return count(sns)
    return sum(count([y for y in sns if y != x]) for x in sns if x not in inelig)
