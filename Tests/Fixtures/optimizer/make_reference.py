#!/usr/bin/env python3
"""Runs fsrs-rs (PyPI `fsrs-rs-python`, a throwaway install: never in tests or CI) on a revlog
CSV and writes its fitted parameters, log loss, RMSE(bins) and fit time as JSON.

The training items are built as Hindsight's optimizer builds them: each card's answers
(rating 1-4, not manual or filtered) in time order, starting at its last run of learning rows;
elapsed days are differences of local day numbers (UTC offset 0, day start 04:00); one item per
review with elapsed days > 0, holding the history up to it; items ordered by the time of that
review (then card, then position). Card ids go with the items (fsrs-rs's per-card batches).

Also records the pretrained initial stabilities (0 epochs) and, to show how much the batch
order alone moves the result, the log loss fsrs-rs reaches with seeds 1-4.

Usage: make_reference.py REVLOG.csv OUT.json [RUNS]
"""
import csv
import json
import statistics
import sys
import time

import fsrs_rs_python as fsrs

DAY_MS = 86_400_000
CUTOFF_MS = 4 * 3_600_000


def histories(path):
    order, by_card = [], {}
    with open(path) as f:
        for index, row in enumerate(csv.DictReader(f)):
            rating, state = int(row["review_rating"]), int(row["review_state"])
            if not 1 <= rating <= 4 or state in (4, 5):
                continue
            card = int(row["card_id"])
            if card not in by_card:
                order.append(card)
                by_card[card] = []
            by_card[card].append((int(row["review_time"]), index, rating, state))
    for card in order:
        rows = sorted(by_card[card])
        learning = [i for i, r in enumerate(rows) if r[3] in (0, 1)]
        if not learning:
            continue
        start = learning[-1]
        while start > 0 and rows[start - 1][3] in (0, 1):
            start -= 1
        yield card, rows[start:]


def items(path):
    keyed = []
    for card_rank, (card, rows) in enumerate(histories(path)):
        days = [(r[0] - CUTOFF_MS) // DAY_MS for r in rows]
        reviews = [(rows[0][2], 0)] + [(rows[i][2], days[i] - days[i - 1]) for i in range(1, len(rows))]
        for i in range(1, len(rows)):
            if reviews[i][1] > 0:
                keyed.append(((rows[i][0], card_rank, i), card, reviews[: i + 1]))
    keyed.sort(key=lambda k: k[0])
    fsrs_items = [fsrs.FSRSItem([fsrs.FSRSReview(g, t) for g, t in reviews]) for _, _, reviews in keyed]
    return fsrs_items, [card for _, card, _ in keyed]


def main():
    path, out = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    train, card_ids = items(path)
    model = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS)
    times, fitted = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = model.compute_parameters(train, card_ids=card_ids)
        times.append(time.perf_counter() - started)
        assert fitted is None or fitted == result, "fsrs-rs gave different parameters on two runs"
        fitted = result
    pretrained = model.compute_parameters(train, card_ids=card_ids, training_config=fsrs.TrainingConfig(num_epochs=0))
    other_seeds = {}
    for seed in (1, 2, 3, 4):
        weights = model.compute_parameters(train, card_ids=card_ids, training_config=fsrs.TrainingConfig(seed=seed))
        other_seeds[str(seed)] = fsrs.FSRS(weights).evaluate(train).log_loss
    fitted_eval = fsrs.FSRS(fitted).evaluate(train)
    default_eval = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS).evaluate(train)
    reviews = sum(1 for _ in open(path)) - 1
    report = {
        "revlog": path.split("/")[-1],
        "fsrs_rs_python": "0.9.3",
        "reviews": reviews,
        "items": len(train),
        "parameters": fitted,
        "log_loss": fitted_eval.log_loss,
        "rmse_bins": fitted_eval.rmse_bins,
        "default_log_loss": default_eval.log_loss,
        "default_rmse_bins": default_eval.rmse_bins,
        "pretrained_initial_stability": pretrained[:4],
        "log_loss_with_other_seeds": other_seeds,
        "fit_seconds_median": statistics.median(times),
        "fit_seconds_runs": times,
    }
    with open(out, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
