"""Round-by-round generator of Dutch-system tournaments paired by the
reference, bbpPairings, used strictly as a black box (built from its public
source outside this repository; see README.md).

For each round r we write the TRF of rounds < r, with round r's blocks
already marked for the players who are not to be paired (`0000 - H/Z/F`
for requested byes, `0000 - -` for absences and withdrawals; a blank block
is to be paired, as both bbpPairings and our reader take it), run
`bbpPairings.exe --dutch FILE -p OUT`, and read its pairing of round r.
Then results are drawn (draws, forfeits) and we go on.

Exit 1 from bbpPairings means it finds no legal pairing: the tournament
stops before that round (Info.stop_round, Info.no_pairing). Every pairing it
returns is also checked against the absolute criteria as we read them
(everyone paired once, no rematch of a played game, at most one
pairing-allocated bye and only to an eligible player, colour limits outside
the last round); an answer that fails them stops the tournament too, with
the reason in Info.stop_reason (none has been seen).

The path of the bbpPairings executable comes from the environment variable
BBP (or set_bbp()).
"""
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trflib  # noqa: E402

_BBP = [os.environ.get('BBP', '')]


def set_bbp(path):
    """Use the bbpPairings executable at `path`."""
    _BBP[0] = os.path.abspath(path)


def bbp_exe():
    exe = _BBP[0]
    if not exe or not os.access(exe, os.X_OK):
        sys.exit("bbpPairings: give its executable with --bbp PATH or the environment variable BBP "
                 "(build it from https://github.com/BieremaBoyzProgramming/bbpPairings, outside "
                 "this repository)")
    return exe


def bbp_pair(text):
    """bbpPairings' Dutch pairing of the next round of the TRF `text`: (exit status,
    [(white, black or 0)], seconds). Exit 1: no legal pairing."""
    import time
    with tempfile.TemporaryDirectory(prefix='bbp-') as d:
        src, out = os.path.join(d, 'in.trf'), os.path.join(d, 'out.txt')
        with open(src, 'w') as f:
            f.write(text)
        t0 = time.perf_counter()
        p = subprocess.run([bbp_exe(), '--dutch', src, '-p', out], capture_output=True, text=True,
                           timeout=3600)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            return p.returncode, p.stderr.strip(), dt
        lines = open(out).read().split()
        n = int(lines[0])
        nums = list(map(int, lines[1:]))
        pairs = [(nums[2 * i], nums[2 * i + 1]) for i in range(n)]
        return 0, pairs, dt


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
    even_with_hz: bool = False      # with H/Z byes, keep every round's field even (no PAB)
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
    no_pairing: bool = False        # bbpPairings found no legal pairing of stop_round
    stop_marks: dict = field(default_factory=dict)  # stop_round's blocks of the unpaired


def with_next_round(t, info):
    """The TRF of `t` followed by the blocks of the round it stopped at for the players who
    were not to be paired in it (requested byes `0000 - H/Z/F`, absentees `0000 - -`): the
    file whose next round bbpPairings could not pair."""
    n = t.rounds_written()
    assert info.stop_round == n + 1
    saved = [p.rounds for p in t.players]
    for p in t.players:
        p.rounds = p.rounds[:n] + [None] * (n - len(p.rounds)) + [info.stop_marks.get(p.sn)]
    text = trflib.write(t, n + 1)
    for p, rounds in zip(t.players, saved):
        p.rounds = rounds
    return text


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
        for p in t.players:
            mark = marks.get(p.sn)
            if mark is None and p.sn not in present:
                mark = (0, '-', '-')   # absent or withdrawn: not paired this round
            p.rounds = p.rounds[:r - 1] + [mark]
        xxc = t.xxc
        t.xxc = xxc or 'white1'  # bbpPairings needs the initial colour to pair round 1
        code, answer, dt = bbp_pair(trflib.write(t, r))
        t.xxc = xxc
        info.ref_seconds.append(dt)
        if code == 1:
            why, engine = "bbpPairings finds no legal pairing", None
            info.no_pairing = True
        elif code != 0:
            raise RuntimeError(f"bbpPairings exit {code} on round {r} of {name}: {answer}")
        else:
            engine = [{'white': w, 'black': b or None} for w, b in answer]
            why = validate(t, r, present, [], engine)
        if why:
            info.stop_round, info.stop_to_pair = r, present
            info.stop_marks = {p.sn: p.rounds[r - 1] for p in t.players if p.rounds[r - 1]}
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


def plain(spec, seed, name="generated"):
    """A tournament from bbpPairings' own random tournament generator
    (`--dutch -g CONFIG -o FILE -s SEED`): every round is its pairing for the
    history before it, with its own forfeits, retirements and half-point byes
    (the spec's rates, as JaVaFo's RTG reads them). Cheaper than build() (one
    process per tournament). Rounds from the first one whose pairing breaks the
    absolute criteria as we read them are dropped (none has been seen)."""
    import time
    cfg = [f"PlayersNumber={spec.players}", f"RoundsNumber={spec.rounds}",
           f"DrawPercentage={int(round(spec.draw_rate * 100))}",
           f"HighestRating={spec.max_rating}", f"LowestRating={spec.min_rating}"]
    # JaVaFo's RTG rates are "one in N" (N >= 1; retirements N >= 2).
    if spec.forfeit_rate:
        cfg.append(f"ForfeitRate={max(1.0, 1 / spec.forfeit_rate):.1f}")
    if spec.withdraw_rate:
        cfg.append(f"RetiredRate={max(2.0, 1 / spec.withdraw_rate):.1f}")
    if spec.bye_rate:
        cfg.append(f"HalfPointByeRate={max(1.0, 1 / spec.bye_rate):.1f}")
    with tempfile.TemporaryDirectory(prefix='bbp-rtg-') as d:
        conf, out = os.path.join(d, 'rtg.txt'), os.path.join(d, 'out.trf')
        with open(conf, 'w') as f:
            f.write('\n'.join(cfg) + '\n')
        t0 = time.perf_counter()
        p = subprocess.run([bbp_exe(), '--dutch', '-g', conf, '-o', out, '-s', str(seed)],
                           capture_output=True, text=True, timeout=3600)
        dt = time.perf_counter() - t0
        # Exit 1: no legal pairing for some round; the file holds the rounds before it.
        if p.returncode not in (0, 1):
            raise RuntimeError(f"bbpPairings' generator: exit {p.returncode}: {p.stderr}")
        text = open(out, newline='').read().replace('\r\n', '\n').replace('\r', '\n')
    stopped = p.returncode == 1
    t = trflib.parse(text)
    t.header = []
    t.name = name
    info = Info(ref_seconds=[dt])
    info.features.add('rtg')
    b1 = t.by_sn()[1].block(1)
    if b1 is not None and b1[1] == 'b':
        t.xxc = 'black1'
        info.features.add('black1')
    for r in range(1, t.rounds_written() + 1):
        games, byes = trflib.pairings_of_round(t, r)
        engine = [{'white': w, 'black': b} for w, b, _, _ in games]
        engine += [{'white': s, 'black': None} for s, code in byes if code == 'U']
        present = [w for w, _, _, _ in games] + [b for _, b, _, _ in games]
        present += [s for s, code in byes if code == 'U']
        if not engine:
            # Only requested byes: the generator wrote them, then found no legal pairing.
            break
        why = validate(t, r, present, [], engine)
        if why:
            info.stop_reason = f"round {r}: {why}"
            break
        if any(wr == '=' for _, _, wr, _ in games):
            info.features.add('draws')
        if any(wr in '+-' for _, _, wr, _ in games):
            info.features.add('forfeits')
        for _, code in byes:
            info.features.add('pab' if code == 'U' else f'bye{code}')
        info.rounds_done = r
    for p in t.players:
        p.rounds = p.rounds[:info.rounds_done]
    if stopped and info.rounds_done == t.rounds_written() and info.rounds_done:
        # Its generator found no legal pairing of the next round. Which players it meant to
        # pair the file does not say (retirements, byes); when bbpPairings cannot pair the
        # next round with every player either, that is the round we must refuse too.
        info.stop_round = info.rounds_done + 1
        info.stop_reason = f"round {info.stop_round}: bbpPairings' generator finds no legal pairing"
        if bbp_pair(trflib.write(t))[0] == 1:
            info.no_pairing = True
            info.stop_to_pair = [p.sn for p in t.players]
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
