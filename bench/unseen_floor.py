"""Designs for the senses the training corpus never shows that were measured and not kept
(their floor), on the held-out split (docs/results.md), beside the same method without them:

- ``synonyms:G/C``: the corpus examples of a sense's synonyms (the other verbs of its synset in
  the verb thesaurus, LEN 0, A = 1) are examples of the sense, relabelled, for every sense of a
  trained verb with fewer than ``G`` corpus examples, at most ``C`` per sense (spread over the
  donors' examples).  Reads the verb thesaurus only (:meth:`thesaurus.Thesaurus.sense_node`).
- ``weight:R``: the thesaurus's examples weighted ``1/R`` against the corpus's, for the
  example-based method (whose nearest-examples score has no weight of its own): the corpus's
  instances counted ``R`` times and ``sim_k`` times ``R``, the thesaurus's once (per-verb tuning
  off in this design and in its baseline row: repeated instances would meet themselves in
  tuning's folds).

    python bench/unseen_floor.py --method hybrid --param frame_penalty=0.2 \\
        --design synonyms:1/3 --design synonyms:1/10
    python bench/unseen_floor.py --method example --param frame_penalty=0.2 \\
        --param thesaurus_examples=1 --design weight:2 --design weight:3

Printed: the table of ``bench/heldout.py`` (exact and alpha 0.5 per group with 95 % intervals),
a row for the method as given (``base``) and one per design.  Needs SemCor (``$WSD_SEMCOR``);
``weight:R`` needs WordNet's examples (the tagger, ``wsd data setup --tagger``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from heldout import Run, Split, Timed, score_runs, table_lines  # noqa: E402

import thesaurus  # noqa: E402
from wsd import Instance  # noqa: E402
from wsd.corpus import find_semcor  # noqa: E402
from wsd.methods import make_method, parse_param  # noqa: E402


def synonym_examples(
    instances: Sequence[Instance], verbs: thesaurus.Thesaurus, gate: int, cap: int
) -> list[Instance]:
    """The ``synonyms:G/C`` examples (module docstring) of the verbs of ``instances``."""
    node_of: dict[str, int | None] = {}

    def node(key: str) -> int | None:
        if key not in node_of:
            node_of[key] = verbs.sense_node(key) if verbs.has_sense(key) else None
        return node_of[key]

    by_node: dict[int | None, list[Instance]] = defaultdict(list)  # None: no synset, none kept
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for instance in instances:
        counts[instance.lemma][instance.gold[0]] += 1
        found = node(instance.gold[0])
        if found is not None:
            by_node[found].append(instance)
    out = []
    for lemma, seen in counts.items():
        for sense in (s.lower() for s in verbs.senses(lemma)) if verbs.has_word(lemma) else ():
            donors = [x for x in by_node.get(node(sense), ()) if x.lemma != lemma]
            if seen[sense] >= gate or not donors:
                continue
            step = max(1, len(donors) // cap)
            for x in donors[::step][:cap]:
                out.append(replace(x, id=f"syn:{lemma}:{x.id}", lemma=lemma, gold=(sense,)))
    return out


def measure(label: str, method: str, params: dict, design: str, split: Split) -> tuple[Run, Timed]:
    """Train ``method`` with ``design`` (``base``: as given) and answer the held-out split."""
    started = time.perf_counter()
    model = make_method(method, **params)
    train, test = split.instances(model.context_window)
    kind, _, value = design.partition(":")
    if kind == "synonyms":
        gate, cap = (int(v) for v in value.split("/"))
        verbs = thesaurus.load(model.verb_thesaurus)
        train = [*train, *synonym_examples(train, verbs, gate, cap)]
    elif kind == "weight":
        times = int(value)
        model.set_params(tune=(), sim_k=model.sim_k * times)
        train = train * times
    elif kind == "base-untuned":
        model.set_params(tune=())
    elif kind != "base":
        raise SystemExit(f"unseen_floor: unknown design {design!r}")
    model.fit(train)
    train_s = time.perf_counter() - started
    started = time.perf_counter()
    answers = {p.instance_id: p.sense for p in model.rank(test) if p.sense is not None}
    timed = Timed(answers, train_s, False, time.perf_counter() - started)
    return Run(label, method, params), timed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--method", required=True)
    parser.add_argument("--param", action="append", default=[], help="KEY=VALUE, as wsd train")
    parser.add_argument("--design", action="append", default=[], help="synonyms:G/C, weight:R")
    parser.add_argument("--corpus", default=None, help="SemCor (default: $WSD_SEMCOR)")
    parser.add_argument("--bootstrap", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    params = dict(parse_param(text) for text in args.param)
    weighted = any(design.startswith("weight") for design in args.design)
    designs = ["base", *(["base-untuned"] if weighted else [])]
    split = Split(find_semcor(args.corpus))
    runs, times = [], {}
    for design in designs + args.design:
        run, timed = measure(design, args.method, params, design, split)
        runs.append(run)
        times[design] = timed
        print(f"unseen_floor: {design} done in {timed.train_s:.0f} s", file=sys.stderr)
    gold, train_keys = split.keys()
    answers = {label: timed.answers for label, timed in times.items()}
    table = score_runs(gold, train_keys, answers, n_resamples=args.bootstrap, seed=args.seed)
    print("\n".join(table_lines(runs, table, times)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
