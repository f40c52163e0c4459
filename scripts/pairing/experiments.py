"""Black-box experiments on the reference (caissify-pairings) TRF semantics.

Each experiment writes a small TRF by hand, appends a placeholder round r
(any complete pairing of the players meant to be paired) and reads the
reference's own pairing of round r from caissify_pairings.fpc.check_trf.
Run: /work/venv-pair/bin/python scripts/pairing/experiments.py
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trflib
import caissify_pairings.fpc as fpc


def tourney(n, total, rounds, xxc=None):
    """rounds: list of dicts sn -> block (opp, col, res) or None."""
    ps = [trflib.Player(i, f"Player,{i:03d}", 2400 - 10 * i, []) for i in range(1, n + 1)]
    for rd in rounds:
        for p in ps:
            p.rounds.append(rd.get(p.sn))
    return trflib.Tournament("exp", total, ps, xxc)


def game(w, b, rw, rb):
    return {w: (b, 'w', rw), b: (w, 'b', rb)}


def rnd(*parts):
    d = {}
    for x in parts:
        d.update(x)
    return d


def bye(sn, code):
    return {sn: (0, '-', code)}


def engine_round(t, r):
    rep = fpc.check_trf(trflib.write(t, r))
    rr = [x for x in rep['rounds'] if x['round'] == r]
    if not rr:
        return 'round not checked'
    return ' '.join(f"{p['white']}-{p['black'] or 0}" for p in rr[0]['engine_pairings'])


def placeholder(sns):
    sns = list(sns)
    d = {}
    for i in range(0, len(sns) - 1, 2):
        d.update(game(sns[i], sns[i + 1], '=', '='))
    if len(sns) % 2:
        d.update(bye(sns[-1], 'U'))
    return d


def show(title, t, r):
    try:
        out = engine_round(t, r)
    except Exception as e:  # the reference raising is itself a finding
        out = f"EXCEPTION {type(e).__name__}: {e}"
    print(f"{title}\n    -> {out}")


if __name__ == '__main__':
    # 1. A double forfeit: may the two meet again?
    show("6 players, R1 1-4 double forfeit (-/-), 5-2 and 3-6 drawn; R2 pairing (1-4 again?)",
         tourney(6, 5, [rnd(game(1, 4, '-', '-'), game(5, 2, '=', '='), game(3, 6, '=', '=')),
                        placeholder(range(1, 7))]), 2)
    show("6 players, R1 1-4 played 0-0? no: R1 1-4 drawn, 5-2 and 3-6 drawn; R2 (control)",
         tourney(6, 5, [rnd(game(1, 4, '=', '='), game(5, 2, '=', '='), game(3, 6, '=', '=')),
                        placeholder(range(1, 7))]), 2)
    # 2. 4 players: R1 both games forfeited, R2/R3 the rest; R4 only the forfeited pairs remain
    hist = [rnd(game(1, 3, '+', '-'), game(4, 2, '+', '-')),
            rnd(game(2, 1, '=', '='), game(3, 4, '=', '=')),
            rnd(game(1, 4, '=', '='), game(2, 3, '=', '='))]
    show("4 players, R1 1-3 and 4-2 forfeits (+/-), R2-R3 all others played; R4 pairing",
         tourney(4, 5, hist + [placeholder(range(1, 5))]), 4)
    hist2 = [rnd(game(1, 3, '1', '0'), game(4, 2, '1', '0'))] + hist[1:]
    show("4 players, same but R1 games played; R4 pairing (no legal pairing)",
         tourney(4, 5, hist2 + [placeholder(range(1, 5))]), 4)
    # 3. Colour of a forfeited game
    show("4 players, R1 1(w)-3 forfeit 1+, 2(w)-4 played 1-0; R2 pairing of 1 and 2 (2-1 if the forfeit counts as white for 1)",
         tourney(4, 5, [rnd(game(1, 3, '+', '-'), game(2, 4, '1', '0')), placeholder(range(1, 5))]), 2)
    show("   control: R1 1(w)-3 played 1-0, 2(w)-4 played 1-0; R2",
         tourney(4, 5, [rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0')), placeholder(range(1, 5))]), 2)
    # 4. PAB eligibility after H / Z / U byes and after a forfeit win
    for code, res in (('H', '='), ('Z', None), ('U', None)):
        if res == '=':
            r1 = rnd(game(1, 3, '=', '='), game(2, 4, '=', '='), bye(5, code))
        else:
            r1 = rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), bye(5, code))
        show(f"5 players, R1 5 has a {code} bye, 5 lowest in the lowest group; R2 bye goes to",
             tourney(5, 5, [r1, placeholder(range(1, 6))]), 2)
    show("5 players, R1 5 has a Z bye (control with 5 ordinary loss): R1 1-3 1-0, 2-4 1-0, 5 ... ",
         tourney(5, 5, [rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), bye(5, 'Z')), placeholder(range(1, 6))]), 2)
    # forfeit win, then the forfeit winner at the bottom
    show("5 players, R1 5 beats 1 by forfeit, 2-3 =, 4 U; R2 5 loses to 2, 1-4 =, 3 Z; R3 bye goes to",
         tourney(5, 5, [rnd(game(1, 5, '-', '+'), game(2, 3, '=', '='), bye(4, 'U')),
                        rnd(game(2, 5, '1', '0'), game(1, 4, '=', '='), bye(3, 'Z')),
                        placeholder(range(1, 6))]), 3)
    # 5. Absence marks in the round being paired
    base = [rnd(game(1, 3, '1', '0'), game(2, 4, '=', '='), bye(5, 'U'))]
    for mark in (None, (0, '-', '-'), (0, '-', 'Z'), (0, '-', 'H'), (0, '-', 'F'), (0, '-', '+'), (0, '-', 'U')):
        r2 = placeholder([1, 2, 4, 5])
        if mark:
            r2[3] = mark
        show(f"5 players, player 3 marked {mark} in the round being paired (R2)", tourney(5, 5, base + [r2]), 2)
    # 6. Round 1 colour: no XXC, with XXC white1 / black1, and with the placeholder saying 1 has black
    for xxc in (None, 'white1', 'black1'):
        show(f"6 players, round 1, XXC {xxc}, placeholder gives 1 white",
             tourney(6, 5, [rnd(game(1, 4, '=', '='), game(5, 2, '=', '='), game(3, 6, '=', '='))], xxc), 1)
        show(f"6 players, round 1, XXC {xxc}, placeholder gives 1 black",
             tourney(6, 5, [rnd(game(4, 1, '=', '='), game(2, 5, '=', '='), game(6, 3, '=', '='))], xxc), 1)
    show("6 players, round 1, no XXC, placeholder 1 absent, 2 has black",
         tourney(6, 5, [rnd(game(5, 2, '=', '='), game(3, 6, '=', '='))]), 1)
    # 7. PAB eligibility controls: who gets the R2 bye when 5 was not paired / forfeited in R1
    p6 = lambda r: tourney(6, 5, r)
    show("6 players (6 withdrawn from R2): R1 1-3 1-0, 2-4 1-0, 5 blank (absent), 6 blank; R2 bye goes to",
         p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0')), placeholder(range(1, 6))]), 2)
    show("6 players: R1 1-3 1-0, 2-4 1-0, 5 Z, 6 blank; R2 bye goes to",
         p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), bye(5, 'Z')), placeholder(range(1, 6))]), 2)
    show("6 players: R1 1-3 1-0, 2-4 1-0, 6-5 played 1-0; 6 withdrawn in R2; R2 bye goes to",
         p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), game(6, 5, '1', '0')), placeholder(range(1, 6))]), 2)
    show("6 players: R1 1-3 1-0, 2-4 1-0, 6-5 forfeit +/-; 6 withdrawn in R2; R2 bye goes to",
         p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), game(6, 5, '+', '-')), placeholder(range(1, 6))]), 2)
    show("6 players: R1 1-3 =, 2-4 =, 6-5 played =; 6 withdrawn in R2; R2 bye goes to (control for H)",
         p6([rnd(game(1, 3, '=', '='), game(2, 4, '=', '='), game(6, 5, '=', '=')), placeholder(range(1, 6))]), 2)
    show("6 players: R1 1-3 =, 2-4 =, 5 H, 6 blank; R2 bye goes to",
         p6([rnd(game(1, 3, '=', '='), game(2, 4, '=', '='), bye(5, 'H')), placeholder(range(1, 6))]), 2)
    show("6 players: R1 1-3 =, 2-4 =, 5 blank, 6 blank; R2 bye goes to",
         p6([rnd(game(1, 3, '=', '='), game(2, 4, '=', '='), ), placeholder(range(1, 6))]), 2)
    # F / forfeit win: bottom of the field after a full-point bye
    show("6 players: R1 1-3 1-0, 2-4 1-0, 5 F, 6 blank; R2 5-? ; R3 ...: R2 bye goes to (5 in top group)",
         p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), bye(5, 'F')), placeholder(range(1, 6))]), 2)
    show("round 1, XXC black1, 1 has H in round 1",
         tourney(6, 5, [rnd(bye(1, 'H'), game(2, 5, '=', '='), game(6, 3, '=', '='))], 'black1'), 1)
    show("round 1, XXC black1, 1 has H in round 1, 2 white",
         tourney(6, 5, [rnd(bye(1, 'H'), game(5, 2, '=', '='), game(3, 6, '=', '='))], 'black1'), 1)
    show("round 2 after round 1 with 1 absent (H) and 2 black in round 1 (which initial colour?)",
         tourney(6, 5, [rnd(bye(1, 'H'), game(5, 2, '=', '='), game(3, 6, '=', '='), bye(4, 'Z')), placeholder(range(1, 7))]), 2)
    # 8. PAB eligibility after a forfeit win / F / H / Z, against a played-game control
    for label, r1five in (("5 beat 6 in a played game (control)", game(5, 6, '1', '0')),
                          ("5 beat 6 by forfeit", game(5, 6, '+', '-')),
                          ("5 had an F bye, 6 blank", bye(5, 'F')),
                          ("5 drew 6 in a played game (control)", game(5, 6, '=', '=')),
                          ("5 had an H bye, 6 blank", bye(5, 'H')),
                          ("5 lost to 6 in a played game (control)", game(5, 6, '0', '1')),
                          ("5 had a Z bye, 6 blank", bye(5, 'Z'))):
        t = p6([rnd(game(1, 3, '=', '='), game(2, 4, '=', '='), r1five),
                rnd(game(1, 5, '1', '0'), game(2, 6, '=', '='), game(3, 4, '=', '=')),
                placeholder(range(1, 6))])
        show(f"6 players: R1 1-3 =, 2-4 =, {label}; R2 1-5 1-0, 2-6 =, 3-4 =; 6 withdrawn in R3; R3 (bye to 5 if eligible)", t, 3)
    # 9. A position where the only legal PAB recipient had an H / Z / played game in round 1
    for label, five in (("5 had an H bye in R1", bye(5, 'H')), ("5 had a Z bye in R1", bye(5, 'Z')),
                        ("5 had an F bye in R1", bye(5, 'F')),
                        ("5 was absent (blank) in R1", {}), ("5 lost a forfeit in R1 (to 6)", game(6, 5, '+', '-')),
                        ("5 won a forfeit in R1 (against 6)", game(6, 5, '-', '+'))):
        t = p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), five),
                rnd(game(5, 1, '0', '1'), game(2, 3, '1', '0'), bye(4, 'U')),
                rnd(game(2, 5, '1', '0'), game(3, 4, '1', '0'), bye(1, 'U')),
                placeholder([1, 2, 5])])
        show(f"R4 with only 1, 2, 5 present; 5 played 1 and 2 (only legal: 1-2, bye 5); {label}", t, 4)
    t = p6([rnd(game(1, 3, '1', '0'), game(2, 4, '1', '0'), bye(5, 'U')),
            rnd(game(5, 1, '0', '1'), game(2, 3, '1', '0'), bye(4, 'U')),
            rnd(game(2, 5, '1', '0'), game(3, 4, '1', '0'), bye(1, 'U')),
            placeholder([1, 2, 5])])
    show("R4 with only 1, 2, 5 present; 5 played 1 and 2 (only legal: 1-2, bye 5); 5 had a U (PAB) in R1", t, 4)
    # 10. Round 1 with an absent player, as seen when later rounds exist in the file
    for label, mark in (("blank", {}), ("H", bye(6, 'H')), ("Z", bye(6, 'Z')), ("F", bye(6, 'F'))):
        r1 = rnd(game(1, 4, '=', '='), game(5, 2, '=', '='), bye(3, 'U'), mark)
        r2 = rnd(game(1, 2, '=', '='), game(3, 4, '=', '='), game(5, 6, '=', '='))
        t = tourney(6, 5, [r1, r2])
        rep, _ = (fpc.check_trf(trflib.write(t)), None)
        print(f"6 players, player 6 {label} in R1, R2 written: reference's R1 pairing ->",
              ' '.join(f"{p['white']}-{p['black'] or 0}" for p in rep['rounds'][0]['engine_pairings']))
        t = tourney(6, 5, [r1])
        print(f"    same with only R1 written ->",
              ' '.join(f"{p['white']}-{p['black'] or 0}" for p in fpc.check_trf(trflib.write(t))['rounds'][0]['engine_pairings']))
