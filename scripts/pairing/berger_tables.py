#!/usr/bin/env python3
"""Writes tests/data/pairing/berger.txt: the FIDE Berger tables (C.05 Annex 1) for 3 to 20
players, single and double round-robin, as the reference implementation gives them.

The reference, caissify-pairings, is used as a black box: only its public
`generate_pairings(system="round_robin", ..., cycles=...)`. Run it from the venv that has it:

    /work/venv-pair/bin/python scripts/pairing/berger_tables.py > tests/data/pairing/berger.txt

One line per round: `players cycles round: white-black ...`, games sorted, then `bye N` for an
odd field (the reference marks it as a pairing-allocated bye, `U`).
"""

from importlib.metadata import version

from caissify_pairings import generate_pairings


def players(n):
    # Pairing numbers are the starting numbers; the other fields are the engine's required input.
    return [
        {
            "id": i,
            "name": f"P{i}",
            "rating": 2000,
            "starting_number": i,
            "score": 0.0,
            "color_hist": [],
            "float_history": [],
            "bye_count": 0,
        }
        for i in range(1, n + 1)
    ]


def main():
    print(f"# FIDE Berger tables from caissify-pairings {version('caissify-pairings')}")
    print("# (scripts/pairing/berger_tables.py): players cycles round: white-black ... [bye N]")
    for n in range(3, 21):
        per_cycle = n - 1 if n % 2 == 0 else n
        for cycles in (1, 2):
            total = per_cycle * cycles
            for rnd in range(1, total + 1):
                rows = generate_pairings(
                    system="round_robin",
                    players=players(n),
                    previous_pairings=set(),
                    round_number=rnd,
                    total_rounds=total,
                    cycles=cycles,
                )
                games = sorted(
                    (r["white_id"], r["black_id"]) for r in rows if not r.get("bye")
                )
                byes = sorted(r["white_id"] for r in rows if r.get("bye"))
                words = [f"{w}-{b}" for w, b in games] + [f"bye {p}" for p in byes]
                print(f"{n} {cycles} {rnd}: {' '.join(words)}")


if __name__ == "__main__":
    main()
