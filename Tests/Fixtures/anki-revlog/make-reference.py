#!/usr/bin/env python3
"""Builds the Anki revlog fixture and Anki's own per-day statistics for it.

Run with Anki's backend (PyPI package `anki`), never in tests or CI:

    python3 -m venv /tmp/ankienv && /tmp/ankienv/bin/pip install anki
    TZ=UTC /tmp/ankienv/bin/python make-reference.py OUT_DIR

It makes a fresh collection (rollover hour 4, UTC), adds 60 cards, writes a seeded 300-day
review history into the collection's revlog table the way Anki's scheduler records it
(learning runs, reviews, lapses with relearning, filtered-deck answers, "forget" entries
followed by a new learning run, set-due-date entries, and learning runs after reviews with no
forget entry, as Anki versions before 2.1.50 left them), then asks Anki's backend:

- answers and time per day: the `Graphs` RPC (`col._backend.graphs`), its `reviews` counts and
  times (the "Reviews" graph of the statistics window: learn, relearn, young, mature and
  filtered answers; manual and rescheduled entries are not answers);
- new cards per day: Anki's `introduced:N` search (cards whose first answer is within N days),
  differenced day by day.

Writes revlog.csv (the fsrs-rs CSV: review_state = revlog type + 1) and reference.json.
"""
import json
import os
import random
import sys
import time

from anki.collection import Collection

DAY_MS = 86_400_000
SEED = 20261126
CARDS = 60
DAYS = 300
TYPE_LEARN, TYPE_REVIEW, TYPE_RELEARN, TYPE_FILTERED, TYPE_MANUAL, TYPE_RESCHEDULED = 0, 1, 2, 3, 4, 5


def main(out_dir: str) -> None:
    assert os.environ.get("TZ") == "UTC", "run with TZ=UTC"
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join("/tmp", f"anki-reference-{os.getpid()}.anki2")
    col = Collection(path)
    try:
        build(col, out_dir)
    finally:
        col.close()
        os.remove(path)


def build(col: Collection, out_dir: str) -> None:
    col.set_config("rollover", 4)
    model = col.models.by_name("Basic")
    deck = col.decks.id("Imported")
    card_ids = []
    for index in range(CARDS):
        note = col.new_note(model)
        note["Front"] = f"front {index}"
        note["Back"] = f"back {index}"
        col.add_note(note, deck)
        card_ids.extend(note.card_ids())

    # Day 0 of the history is DAYS days before the collection's today; times are UTC, 08:00-22:00.
    today_start_ms = (col.sched.day_cutoff - 86_400) * 1000  # the start of Anki's today (04:00)
    first_day_ms = today_start_ms - DAYS * DAY_MS
    rng = random.Random(SEED)
    rows = []  # (id ms, cid, ease, ivl, last_ivl, factor, time ms, type)
    used_ids = set()

    def add(day: int, minute: int, cid: int, ease: int, kind: int, ivl: int = 0, factor: int = 2500) -> None:
        ms = first_day_ms + day * DAY_MS + 4 * 3_600_000 + minute * 60_000 + rng.randrange(60_000)
        while ms in used_ids:
            ms += 1
        used_ids.add(ms)
        taken = 0 if ease == 0 else rng.randrange(1_500, 60_000)
        rows.append((ms, cid, ease, ivl, 0, factor, taken, kind))

    for cid in card_ids:
        day = rng.randrange(0, 200)
        style = rng.random()
        while day < DAYS - 1:
            minute = rng.randrange(4 * 60, 17 * 60)
            # A learning run: one to three steps on the same day, the last one Good.
            for step in range(rng.randrange(1, 4)):
                add(day, minute + step * 10, cid, 1 if step == 0 and rng.random() < 0.4 else 3, TYPE_LEARN)
            interval = rng.randrange(1, 4)
            reviews = rng.randrange(2, 9)
            for _ in range(reviews):
                day += interval
                if day >= DAYS - 1:
                    break
                minute = rng.randrange(4 * 60, 17 * 60)
                if rng.random() < 0.12:
                    # A filtered-deck answer (custom study / cram) on a day of its own.
                    add(day, minute, cid, rng.choice([1, 2, 3, 3, 4]), TYPE_FILTERED, ivl=interval)
                    day += 1
                    continue
                if rng.random() < 0.05:
                    # Set due date (Anki 23.10 and later: a rescheduled entry, ease 0).
                    add(day, minute, cid, 0, TYPE_RESCHEDULED, ivl=interval)
                    continue
                ease = 1 if rng.random() < 0.15 else rng.choice([2, 3, 3, 3, 4])
                add(day, minute, cid, ease, TYPE_REVIEW, ivl=interval)
                if ease == 1:
                    for step in range(rng.randrange(1, 3)):
                        add(day, minute + 10 + step * 10, cid, 3, TYPE_RELEARN, ivl=1)
                    interval = 1
                else:
                    interval = max(1, int(interval * (1.5 + ease * 0.4)))
            day += rng.randrange(5, 40)
            if day >= DAYS - 1:
                break
            if style < 0.5:
                # Forget: reset to new (a manual entry, ease 0, factor 0), then learnt again later.
                add(day, rng.randrange(4 * 60, 17 * 60), cid, 0, TYPE_MANUAL, ivl=0, factor=0)
                day += rng.randrange(1, 20)
            elif style < 0.7:
                # Reset with no entry (Anki before 2.1.50): the next learning run starts over.
                day += rng.randrange(0, 20)
            else:
                break

    col.db.executemany(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,-1,?,?,?,?,?,?)",
        rows)

    # Anki's own statistics.
    graphs = col._backend.graphs(search="deck:*", days=DAYS + 30)
    cutoff_ms = col.sched.day_cutoff * 1000

    def date_of(relative_day: int) -> str:
        start = cutoff_ms + (relative_day - 1) * DAY_MS
        return time.strftime("%Y-%m-%d", time.gmtime(start / 1000))

    days = {}
    for key, value in graphs.reviews.count.items():
        answers = value.learn + value.relearn + value.young + value.mature + value.filtered
        days.setdefault(date_of(key), {})["answers"] = answers
    for key, value in graphs.reviews.time.items():
        ms = value.learn + value.relearn + value.young + value.mature + value.filtered
        days.setdefault(date_of(key), {})["timeMs"] = ms
    previous = 0
    for n in range(1, DAYS + 2):
        introduced = len(col.find_cards(f"introduced:{n}"))
        if introduced != previous:
            days.setdefault(date_of(1 - n), {})["newCards"] = introduced - previous
        previous = introduced
    for entry in days.values():
        for field in ("answers", "timeMs", "newCards"):
            entry.setdefault(field, 0)

    rows.sort()
    with open(os.path.join(out_dir, "revlog.csv"), "w") as out:
        out.write("card_id,review_time,review_rating,review_state,review_duration\n")
        for (ms, cid, ease, _ivl, _last, _factor, taken, kind) in rows:
            out.write(f"{cid},{ms},{ease},{kind + 1},{taken}\n")
    reference = {
        "schema": "anki-daily-stats/1",
        "anki": __import__("anki.buildinfo").buildinfo.version,
        "timezone": "UTC",
        "rolloverHour": 4,
        "rows": len(rows),
        "kinds": {name: sum(1 for r in rows if r[7] == kind) for name, kind in
                  [("learning", 0), ("review", 1), ("relearning", 2), ("filtered", 3), ("manual", 4), ("rescheduled", 5)]},
        "days": [dict(day=day, **days[day]) for day in sorted(days)],
    }
    with open(os.path.join(out_dir, "reference.json"), "w") as out:
        json.dump(reference, out, indent=1, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
