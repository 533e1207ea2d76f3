"""Fit the quote model's weights on the tuning pages (the seeds and the corpus pages keyed `tune`).

Run `PYTHONPATH=src:. python tests/importers/fit_quotes.py` and copy the printed WEIGHTS and BIAS into
src/notebase/importers/quotes.py. With `--seed-vs-seed`, it fits on every tuning page but one seed and
scores that seed through the whole importer, for each seed with quotes: the estimate of how the model
does on an unseen archive of the seeds' blog. Each candidate paragraph is labelled by the hand-made keys (a
`possible_quotes` paragraph is left out); a paragraph's neighbours carry their key labels while the
features are read (teacher forcing), as the model sees its own earlier decisions when importing.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from notebase.importers.quotes import (
    QUOTE_AT,
    elides,
    is_candidate,
    is_elision,
    page_context,
    quote_features,
)
from notebase.importers.reader import read_archive
from tests.importers.score_seeds import CORPUS, SEEDS, Score, score_file

L2 = 0.001
STEPS = 5000
RATE = 0.5


def labels(key: dict[str, Any]) -> tuple[set[int], set[int]]:
    """(quote lines, lines not to learn from) of a key."""
    quotes = {q["line"] for e in key["entries"] for q in e.get("quotes", [])}
    skip = {
        n
        for e in key["entries"]
        for q in e.get("possible_quotes", [])
        for n in range(q["line"], q.get("line_end", q["line"]) + 1)
    }
    return quotes, skip


def page_samples(path: Path) -> list[tuple[dict[str, float], int]]:
    key = json.loads((path.parent / "keys" / f"{path.stem}.json").read_text(encoding="utf-8"))
    if key.get("split", "tune") != "tune":
        return []
    quotes, skip = labels(key)
    archive = read_archive(path.read_text(encoding="utf-8"), path.name, path.name)
    samples = []
    for post in archive.posts:
        gold = [replace(b, quoted=b.first_line in quotes) for b in post.blocks]
        context = page_context(gold, post.title)
        for i, block in enumerate(gold):
            decided = is_elision(block) or elides(block)  # by rule, not by the model
            if not is_candidate(block) or decided or block.first_line in skip:
                continue
            nxt = gold[i + 1] if i + 1 < len(gold) else None
            samples.append((quote_features(gold[:i], block, nxt, context), int(block.quoted)))
    return samples


def fit(samples: list[tuple[dict[str, float], int]]) -> tuple[dict[str, float], float]:
    """Logistic regression by batch gradient descent with an L2 penalty."""
    names = sorted({n for f, _ in samples for n in f})
    weights = dict.fromkeys(names, 0.0)
    bias = 0.0
    for _ in range(STEPS):
        grad = dict.fromkeys(names, 0.0)
        grad_b = 0.0
        for features, y in samples:
            z = bias + sum(weights[n] * v for n, v in features.items())
            err = 1 / (1 + math.exp(-max(-30, min(30, z)))) - y
            grad_b += err
            for n, v in features.items():
                grad[n] += err * v
        for n in names:
            weights[n] -= RATE * (grad[n] / len(samples) + L2 * weights[n])
        bias -= RATE * grad_b / len(samples)
    return weights, bias


def seed_vs_seed(pages: list[Path]) -> dict[str, Score]:
    """Fit without one seed, import that seed with the fitted weights: its quote score, per seed."""
    import notebase.importers.quotes as model

    per_page = {p.name: page_samples(p) for p in pages}
    saved = (dict(model.WEIGHTS), model.BIAS)
    scores: dict[str, Score] = {}
    try:
        for seed in sorted(SEEDS.glob("*.txt")):
            if not any(y for _, y in per_page[seed.name]):
                continue
            rest = [s for name, samples in per_page.items() if name != seed.name for s in samples]
            weights, bias = fit(rest)
            model.WEIGHTS.clear()
            model.WEIGHTS.update(weights)
            model.BIAS = bias
            scores[seed.name] = score_file(seed).fields["quotes"]
    finally:
        model.WEIGHTS.clear()
        model.WEIGHTS.update(saved[0])
        model.BIAS = saved[1]
    return scores


def main(argv: list[str]) -> int:
    pages = sorted(SEEDS.glob("*.txt")) + sorted(CORPUS.glob("*.txt"))
    if "--seed-vs-seed" in argv:
        scores = seed_vs_seed(pages)
        for name, q in scores.items():
            sys.stdout.write(f"{name}: tp {q.tp} fp {q.fp} fn {q.fn}\n")
        total = Score(*(sum(getattr(q, f) for q in scores.values()) for f in ("tp", "fp", "fn")))
        sys.stdout.write(
            f"all: tp {total.tp} fp {total.fp} fn {total.fn}: precision {total.precision:.3f} "
            f"recall {total.recall:.3f} at p >= {QUOTE_AT}\n"
        )
        return 0
    samples = [s for p in pages for s in page_samples(p)]
    weights, bias = fit(samples)
    positives = sum(y for _, y in samples)
    sys.stdout.write(f"# {len(samples)} paragraphs, {positives} quotes\n")
    sys.stdout.write("WEIGHTS: dict[str, float] = {\n")
    for name, w in sorted(weights.items()):
        sys.stdout.write(f'    "{name}": {w:.2f},\n')
    sys.stdout.write(f"}}\nBIAS = {bias:.2f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
