"""A small TRF-16 reader/writer of our own, for the pairing corpus scripts.

Only what the corpus needs: player lines `001`, `XXR`, `XXC`, and the
round blocks (opponent, colour, result) starting at column 92.
A round block is a tuple (opp, colour, result) with opp an int (0 for
"0000"), colour one of 'w', 'b', '-', and result one of
'1', '0', '=', '+', '-', 'H', 'F', 'Z', 'U', ...; a blank block is None.
"""

from dataclasses import dataclass, field

POINTS = {'1': 1.0, '0': 0.0, '=': 0.5, '+': 1.0, '-': 0.0,
          'H': 0.5, 'F': 1.0, 'Z': 0.0, 'U': 1.0, 'W': 1.0, 'D': 0.5, 'L': 0.0}


@dataclass
class Player:
    sn: int
    name: str
    rating: int
    rounds: list = field(default_factory=list)  # index r-1 -> block or None

    def block(self, r):
        return self.rounds[r - 1] if r - 1 < len(self.rounds) else None

    def score(self, upto=None):
        blocks = self.rounds if upto is None else self.rounds[:upto]
        return sum(POINTS.get(b[2], 0.0) for b in blocks if b is not None)


@dataclass
class Tournament:
    name: str
    total_rounds: int
    players: list
    xxc: str = None  # 'white1' / 'black1' / None
    header: list = field(default_factory=list)  # extra header lines kept verbatim

    def by_sn(self):
        return {p.sn: p for p in self.players}

    def rounds_written(self):
        return max((len(p.rounds) for p in self.players), default=0)


def parse(text):
    players, total, xxc, name, header = [], None, None, '', []
    for line in text.splitlines():
        tag = line[:3]
        if tag == '001':
            sn = int(line[4:8])
            pname = line[14:47].strip()
            rating = int(line[48:52].strip() or 0)
            rounds = []
            pos = 91
            while pos < len(line):
                chunk = line[pos:pos + 8].ljust(8)
                if chunk.strip() == '':
                    rounds.append(None)
                else:
                    opp = chunk[0:4].strip()
                    rounds.append((0 if opp in ('0000', '') else int(opp), chunk[5], chunk[7]))
                pos += 10
            while rounds and rounds[-1] is None:
                rounds.pop()
            players.append(Player(sn, pname, rating, rounds))
        elif tag == 'XXR':
            total = int(line[3:].strip())
        elif tag == 'XXC':
            xxc = line[3:].strip()
        elif tag == '012':
            name = line[4:].strip()
        elif line.strip():
            header.append(line)
    if total is None:
        total = max((len(p.rounds) for p in players), default=0)
    return Tournament(name, total, players, xxc, header)


def _block_text(b):
    if b is None:
        return ' ' * 8
    opp, col, res = b
    return f"{opp:4d} {col} {res}" if opp else f"0000 {col} {res}"


def write(t, upto=None):
    """TRF text with the rounds 1..upto (all written rounds if None)."""
    n = t.rounds_written() if upto is None else upto
    lines = [f"012 {t.name}", f"062 {len(t.players)}", "092 Individual: Swiss-System",
             f"XXR {t.total_rounds}"]
    if t.xxc:
        lines.append(f"XXC {t.xxc}")
    for p in sorted(t.players, key=lambda p: p.sn):
        pts = p.score(n)
        head = f"001 {p.sn:4d}      {p.name[:32]:<33} {p.rating:4d}" + ' ' * 28 + f"{pts:4.1f} {p.sn:4d}"
        assert len(head) == 89, len(head)
        blocks = [_block_text(p.block(r)) for r in range(1, n + 1)]
        line = head + ''.join('  ' + b for b in blocks)
        lines.append(line.rstrip())
    return '\n'.join(lines) + '\n'


def pairings_of_round(t, r):
    """(games, byes): games as (white, black, wres, bres); byes as (sn, code)."""
    games, byes = [], []
    for p in t.players:
        b = p.block(r)
        if b is None:
            continue
        opp, col, res = b
        if opp == 0:
            byes.append((p.sn, res))
        elif col == 'w':
            q = t.by_sn()[opp].block(r)
            games.append((p.sn, opp, res, q[2]))
    return games, byes
