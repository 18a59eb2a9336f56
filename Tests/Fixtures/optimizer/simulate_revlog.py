#!/usr/bin/env python3
"""Simulates a revlog CSV from known FSRS-6 parameters, for the optimizer's reference fixture.

Deterministic (one seeded random.Random). Each card is introduced on some day, answered with a
first rating, goes through same-day learning steps when it was not Good/Easy, and is then
reviewed at the FSRS interval for retention 0.9 with some lateness. Recall on a review is drawn
with the model's retrievability; a lapse is followed by a same-day relearning step. The memory
state evolves by the FSRS-6 formulas (FORMULAS.md) in double precision.

Usage: simulate_revlog.py CARDS DAYS SEED OUT.csv
Times are UTC; days start at 04:00 (the optimizer fixture is read with --day-start-hour 4 and
UTC offset 0).
"""
import math
import random
import sys

TRUE_PARAMETERS = [0.35, 1.05, 3.4, 11.0, 6.1, 0.75, 2.4, 0.012, 1.65, 0.13, 0.92, 1.6, 0.07,
                   0.32, 1.45, 0.45, 2.3, 0.45, 0.25, 0.12, 0.22]
DAY_MS = 86_400_000
EPOCH_MS = 1_700_000_000_000 - (1_700_000_000_000 % DAY_MS)  # a UTC midnight
DAY_START_MS = 4 * 3_600_000


def factor(w):
    return 0.9 ** (1.0 / -w[20]) - 1.0


def retrievability(w, t, s):
    return (1.0 + factor(w) * t / s) ** (-w[20])


def initial(w, g):
    return (max(w[g - 1], 0.001), min(max(w[4] - math.exp(w[5] * (g - 1)) + 1.0, 1.0), 10.0))


def step(w, s, d, g, t):
    if t == 0:
        inc = math.exp(w[17] * (g - 3 + w[18])) * s ** (-w[19])
        if g >= 2:
            inc = max(inc, 1.0)
        new_s = s * inc
    else:
        r = retrievability(w, t, s)
        if g == 1:
            new_s = min(w[11] * d ** (-w[12]) * ((s + 1) ** w[13] - 1) * math.exp(w[14] * (1 - r)),
                        s / math.exp(w[17] * w[18]))
        else:
            hp = w[15] if g == 2 else 1.0
            eb = w[16] if g == 4 else 1.0
            new_s = s * (1 + math.exp(w[8]) * (11 - d) * s ** (-w[9])
                         * (math.exp(w[10] * (1 - r)) - 1) * hp * eb)
    d0_easy = w[4] - math.exp(w[5] * 3) + 1.0
    damped = d + (10 - d) * (-w[6] * (g - 3)) / 9
    new_d = w[7] * (d0_easy - damped) + damped
    return min(max(new_s, 0.001), 36500.0), min(max(new_d, 1.0), 10.0)


def simulate(cards, days, seed):
    rng = random.Random(seed)
    w = TRUE_PARAMETERS
    rows = []
    introduce_span = max(1, int(days * 0.8))
    for card in range(cards):
        card_id = 1_000_000 + card
        day = card * introduce_span // cards
        minute = rng.randrange(4 * 60, 18 * 60)  # minutes after the 04:00 day start

        def emit(rating, state):
            ms = EPOCH_MS + day * DAY_MS + DAY_START_MS + minute * 60_000 + rng.randrange(60_000)
            rows.append((card_id, ms, rating, state, rng.randrange(2_000, 20_000)))

        # The card's own ease: some cards are harder than the model thinks.
        first = rng.choices([1, 2, 3, 4], weights=[0.25, 0.1, 0.55, 0.1])[0]
        emit(first, 0)
        s, d = initial(w, first)
        last_day = day
        rating = first
        steps = 0
        while rating < 3 and steps < 4:  # same-day learning steps
            minute = min(minute + rng.choice([1, 10, 10, 15]), 19 * 60 + 59)
            rating = rng.choices([1, 2, 3, 4], weights=[0.2, 0.1, 0.65, 0.05])[0]
            emit(rating, 1)
            s, d = step(w, s, d, rating, 0)
            steps += 1
        while True:
            interval = max(1, round(s))  # retention 0.9: I(S) = S
            if interval > 2:
                interval = max(1, round(interval * rng.uniform(0.9, 1.1)))
            late = 0 if rng.random() < 0.7 else rng.randrange(0, max(2, interval // 3))
            day = last_day + interval + late
            if day >= days:
                break
            minute = rng.randrange(4 * 60, 18 * 60)
            t = day - last_day
            recalled = rng.random() < retrievability(w, t, s)
            rating = rng.choices([2, 3, 4], weights=[0.15, 0.75, 0.1])[0] if recalled else 1
            emit(rating, 2)
            s, d = step(w, s, d, rating, t)
            last_day = day
            if rating == 1:  # one relearning step the same day
                minute = min(minute + 10, 19 * 60 + 59)
                rating = rng.choices([1, 3], weights=[0.15, 0.85])[0]
                emit(rating, 3)
                s, d = step(w, s, d, rating, 0)
    rows.sort(key=lambda r: (r[1], r[0]))
    return rows


def main():
    cards, days, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rows = simulate(cards, days, seed)
    with open(out, "w") as f:
        f.write("card_id,review_time,review_rating,review_state,review_duration\n")
        for r in rows:
            f.write("%d,%d,%d,%d,%d\n" % r)
    print("%d rows, %d cards -> %s" % (len(rows), cards, out))


if __name__ == "__main__":
    main()
