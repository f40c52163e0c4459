#!/usr/bin/env python3
"""An independent Glicko-2, written from Glickman's paper "Example of the Glicko-2 system"
(http://www.glicko.net/glicko/glicko2.pdf, steps 1-8, tau = 0.5, epsilon = 1e-6). It prints the
values that tests/ratings.rs checks the bot's ratings (the `skillratings` crate) against.
Run: python3 tests/support/glicko2_reference.py
"""
import math

SCALE = 173.7178
TAU = 0.5
EPS = 1e-6


def g(phi):
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def e(mu, mu_j, phi_j):
    return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))


def rate(player, games):
    """player = (r, RD, sigma); games = [((r, RD, sigma), score)]: the new (r, RD, sigma)."""
    r, rd, sigma = player
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    if not games:
        return r, min(math.sqrt(phi ** 2 + sigma ** 2) * SCALE, 350.0), sigma
    opp = [((o[0] - 1500) / SCALE, o[1] / SCALE, s) for o, s in games]
    v = 1 / sum(g(pj) ** 2 * e(mu, mj, pj) * (1 - e(mu, mj, pj)) for mj, pj, _ in opp)
    delta = v * sum(g(pj) * (s - e(mu, mj, pj)) for mj, pj, s in opp)
    a = math.log(sigma ** 2)

    def f(x):
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / TAU ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPS:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa = fa / 2
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * sum(g(pj) * (s - e(mu, mj, pj)) for mj, pj, s in opp)
    return new_mu * SCALE + 1500, new_phi * SCALE, new_sigma


def show(name, values):
    print(f"{name}: rating {values[0]:.4f}, deviation {values[1]:.4f}, volatility {values[2]:.8f}")


# The paper's example: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300.
show("paper", rate((1500, 200, 0.06), [((1400, 30, 0.06), 1), ((1550, 100, 0.06), 0), ((1700, 300, 0.06), 0)]))
# Single games, as the bot rates them: both players rated on the one game.
new, new2 = (1500, 350, 0.06), (1500, 350, 0.06)
show("new beats new, winner", rate(new, [(new2, 1)]))
show("new beats new, loser", rate(new2, [(new, 0)]))
a, b = (1620, 80, 0.06), (1480, 150, 0.065)
show("1620/80 draws 1480/150, first", rate(a, [(b, 0.5)]))
show("1620/80 draws 1480/150, second", rate(b, [(a, 0.5)]))
show("1620/80 loses to 1480/150, first", rate(a, [(b, 0)]))
show("1620/80 loses to 1480/150, second", rate(b, [(a, 1)]))
# A period without games, then three more.
show("50 after one idle period", rate((1550, 50, 0.06), []))
x = (1550, 50, 0.06)
for _ in range(3):
    x = rate(x, [])
show("50 after four idle periods", rate(x, []))
