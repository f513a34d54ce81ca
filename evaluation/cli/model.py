"""``wsd train`` and ``wsd disambiguate``: fit a method on a tagged corpus, save it as JSON,
and answer every verb instance of another corpus in the standard key format."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from thesaurus.io import atomic_open
from wsd import ModelError
from wsd.types import Instance, Prediction

__all__ = ["METHOD_NAMES", "register"]

# The names of wsd.methods.METHODS, spelled out so that building the CLI does not import
# scikit-learn (a test checks that both agree).
METHOD_NAMES = ("bayes", "example", "hybrid", "ims", "mfs", "random")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    train = subparsers.add_parser(
        "train", help="train a disambiguator on a sense-tagged corpus and save it as JSON"
    )
    train.add_argument(
        "--corpus",
        nargs="+",
        metavar="PATH",
        help="SemCor dir(s)/file(s), Raganato *.data.xml or JSONL (default: search for SemCor)",
    )
    train.add_argument("--format", default="auto", help="corpus format (default: by file shape)")
    train.add_argument("--method", required=True, choices=METHOD_NAMES)
    train.add_argument("--verbs", nargs="+", metavar="LEMMA", help="train only these verbs")
    train.add_argument(
        "--param", action="append", default=[], metavar="K=V", help="method parameter, repeatable"
    )
    train.add_argument("--out", required=True, help="model file to write (JSON)")
    _file_selection(train)
    train.set_defaults(func=run_train)

    dis = subparsers.add_parser(
        "disambiguate", help="disambiguate every verb instance of a corpus with a trained model"
    )
    dis.add_argument("--model", required=True, help="model file written by `wsd train`")
    dis.add_argument(
        "--input",
        required=True,
        nargs="+",
        metavar="PATH",
        help="SemCor tag file(s)/dir(s), Raganato *.data.xml or JSONL",
    )
    dis.add_argument("--format", default="auto")
    dis.add_argument("--out", required=True, help="key file to write")
    dis.add_argument(
        "--gold-out",
        metavar="KEY",
        help="also write the input's gold senses as a key file (for `wsd score`)",
    )
    dis.add_argument("--top-k", type=int, default=1, metavar="K", help="senses per line")
    dis.add_argument(
        "--confidence",
        action="store_true",
        help="also write OUT.confidence.jsonl with scores, confidence and fallback per instance",
    )
    dis.add_argument(
        "--allow-resource-mismatch",
        action="store_true",
        help="warn instead of failing when the model's thesaurus version differs",
    )
    _file_selection(dis)
    dis.set_defaults(func=run_disambiguate)


def _file_selection(parser: argparse.ArgumentParser) -> None:
    """``--files``/``--exclude``: a held-out split of SemCor by file name (``br-a01``)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--files", nargs="+", metavar="NAME", help="SemCor: read only these tag files (br-a01 ...)"
    )
    group.add_argument(
        "--exclude", nargs="+", metavar="NAME", help="SemCor: leave these tag files out"
    )


def _load_instances(
    paths: Sequence[str] | None,
    fmt: str,
    verbs: Sequence[str] | None,
    *,
    require_gold: bool = True,
    context_window: int | str = 0,
    files: Sequence[str] | None = None,
    exclude: Sequence[str] | None = None,
) -> tuple[list[Instance], Counter[str]]:
    """Verb instances of every corpus in ``paths`` (SemCor found by search when None), and
    the corpus layer's counts of verb tokens skipped, by reason.  ``files``/``exclude`` keep
    or leave out SemCor tag files by name; every name must exist in some source."""
    from wsd.corpus import detect_format, find_semcor, load_corpus, semcor_files

    sources = [str(find_semcor(None))] if not paths else list(paths)
    wanted = set(files or exclude or ())
    seen: set[str] = set()
    instances: list[Instance] = []
    skipped: Counter[str] = Counter()
    for source in sources:
        chosen: list[str] | None = None
        if wanted:
            if (fmt if fmt != "auto" else detect_format(Path(source))) != "semcor":
                raise ModelError(f"--files/--exclude select SemCor tag files; {source} is not one")
            names = [p.name for p in semcor_files(source)]
            seen.update(wanted.intersection(names))
            chosen = [n for n in names if (n in wanted) == bool(files)]
            if not chosen:
                continue
        corpus = load_corpus(
            source,
            fmt=fmt,
            verbs=verbs,
            require_gold=require_gold,
            context_window=context_window,
            files=chosen,
        )
        instances.extend(corpus.instances)
        skipped.update(corpus.stats.skipped)
    missing = sorted(wanted - seen)
    if missing:
        raise ModelError(f"no SemCor tag file {missing[0]!r} in {', '.join(sources)}")
    return instances, skipped


def run_train(args: argparse.Namespace) -> int:
    from wsd.methods import make_method, parse_param, save_model

    params = dict(parse_param(p) for p in args.param)
    method = make_method(args.method, **params)
    started = time.perf_counter()
    instances, skipped = _load_instances(
        args.corpus,
        args.format,
        args.verbs,
        context_window=method.context_window,
        files=args.files,
        exclude=args.exclude,
    )
    if not instances:
        raise ModelError("no verb instances with a gold sense to train on")
    if args.verbs:
        found = {inst.lemma for inst in instances}
        missing = [v for v in args.verbs if v not in found]
        if missing:
            raise ModelError(f"verb {missing[0]!r} has no training instance in the corpus")
    method.fit(instances)
    save_model(method, args.out)
    print(
        f"trained {method.name} on {len(instances)} instances of {len(method.verbs_)} verbs "
        f"in {time.perf_counter() - started:.1f}s -> {args.out}",
        file=sys.stderr,
    )
    if method.oracle:
        print(f"train: ORACLE setting: {method.oracle}", file=sys.stderr)
    if skipped:
        print(f"train: verb tokens skipped: {_counts(skipped)}", file=sys.stderr)
    return 0


def run_disambiguate(args: argparse.Namespace) -> int:
    from wsd.corpus.keys import write_keys
    from wsd.methods import load_model

    if args.top_k < 1:
        raise ModelError(f"--top-k must be >= 1, got {args.top_k}")
    method = load_model(args.model, strict=not args.allow_resource_mismatch)
    instances, skipped = _load_instances(
        args.input,
        args.format,
        None,
        require_gold=False,
        context_window=method.context_window,
        files=args.files,
        exclude=args.exclude,
    )
    if not instances:
        raise ModelError(f"{' '.join(args.input)}: no verb instances to disambiguate")
    predictions = method.rank(instances)
    write_keys(args.out, ((p.instance_id, p.top(args.top_k)) for p in predictions))
    if args.gold_out:
        write_keys(args.gold_out, {i.id: i.gold for i in instances if i.gold})
    if args.confidence:
        _write_confidence(f"{args.out}.confidence.jsonl", predictions)
    print(_summary(predictions, method.verbs_, skipped), file=sys.stderr)
    if method.oracle:
        print(f"disambiguate: ORACLE setting: {method.oracle}", file=sys.stderr)
    return 0


def _write_confidence(path: str, predictions: Sequence[Prediction]) -> None:
    with atomic_open(path) as handle:
        for p in predictions:
            record = {
                "id": p.instance_id,
                "lemma": p.lemma,
                "sense": p.sense,
                "confidence": round(p.confidence, 6),
                "fallback": p.fallback,
                "ranking": [[s, round(score, 6)] for s, score in p.ranking],
            }
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{n} {reason}" for reason, n in sorted(counter.items()))


def _summary(
    predictions: Sequence[Prediction], trained: dict[str, object], skipped: Counter[str]
) -> str:
    answered = sum(1 for p in predictions if p.sense)
    fallbacks = Counter(p.fallback for p in predictions if p.fallback)
    unknown = {p.lemma for p in predictions if p.lemma not in trained}
    parts = [f"{len(predictions)} instances", f"{answered} answered"]
    parts.append(f"{len(predictions) - answered} abstained")
    parts.append(f"{len(unknown)} unknown verbs")
    if fallbacks:
        parts.append("fallbacks: " + _counts(fallbacks))
    if skipped:
        parts.append("verb tokens skipped: " + _counts(skipped))
    return "disambiguate: " + "; ".join(parts)
