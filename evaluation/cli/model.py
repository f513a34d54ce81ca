"""``wsd train`` and ``wsd disambiguate``: fit a method on a tagged corpus, save it as JSON,
and answer every verb instance of another corpus in the standard key format.

``wsd disambiguate`` writes plain key lines, or with ``--top-k K > 1`` or ``--confidence`` the
ranked format of :mod:`evaluation.answers`; ``--to jsonl|tsv`` the forms a person reads
(:mod:`evaluation.cli._readings`).  Without ``--out``, ``wsd train`` writes the default model
(:mod:`wsd.methods.default_model`), which ``wsd disambiguate`` reads without ``--model``.
"""

from __future__ import annotations

import argparse
import json
import time
import warnings
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evaluation.cli._options import say, top_k
from evaluation.cli._paths import corpus_inputs, thesaurus_inputs
from evaluation.cli._progress import Steps
from evaluation.cli._readings import FORMS, write_readings
from thesaurus.utils.outputs import atomic_group, atomic_open, check_outputs, side_file
from wsd import ModelError
from wsd.corpus import FORMATS
from wsd.methods.default_model import DEFAULT_METHOD, default_model_path, missing_default_model
from wsd.types import Instance, Prediction, Reading

if TYPE_CHECKING:
    from evaluation.answers import Answer

__all__ = ["METHOD_NAMES", "RANK_CHUNK", "register"]

RANK_CHUNK = 500  # instances ranked between two progress updates

# The names of wsd.methods.METHODS, spelled out so that building the CLI does not import
# scikit-learn (a test checks that both agree).
METHOD_NAMES = ("bayes", "example", "hybrid", "ims", "mfs", "random")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    _register_train(subparsers)
    _register_disambiguate(subparsers)


def _register_train(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    train = subparsers.add_parser(
        "train", help="train a disambiguator on a sense-tagged corpus and save it as JSON"
    )
    train.add_argument(
        "--corpus",
        nargs="+",
        metavar="PATH",
        help="SemCor dir(s)/file(s), Raganato *.data.xml, JSONL or CoNLL-U (default: SemCor)",
    )
    train.add_argument(
        "--format", default="auto", choices=FORMATS, help="corpus format (default: by file shape)"
    )
    train.add_argument(
        "--method",
        default=DEFAULT_METHOD,
        choices=METHOD_NAMES,
        help=f"the method (default: {DEFAULT_METHOD})",
    )
    train.add_argument("--verbs", nargs="+", metavar="LEMMA", help="train only these verbs")
    train.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="K=V",
        help="method parameter, repeatable; the config keys (lambda=0.3 sets confidence_lambda)",
    )
    train.add_argument(
        "--out",
        help="model file to write (JSON; .gz: compressed; - for standard output); default: the "
        "default model, $WSD_MODEL or models/default.json.gz in the user cache",
    )
    add_file_selection(train)
    train.set_defaults(func=run_train)


def _register_disambiguate(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    dis = subparsers.add_parser(
        "disambiguate", help="disambiguate every verb instance of a corpus with a trained model"
    )
    dis.add_argument(
        "--model",
        help="model file written by `wsd train` (default: the default model, which `wsd train` "
        "without --out writes)",
    )
    source = dis.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--corpus",
        nargs="+",
        metavar="PATH",
        help="corpus to disambiguate: SemCor tag file(s)/dir(s), Raganato *.data.xml, JSONL or "
        "CoNLL-U",
    )
    source.add_argument(
        "--text",
        metavar="FILE",
        help="plain English text to disambiguate (- for stdin): one document, sentences, "
        "tokens, tags and lemmas found by the toolkit; instance ids <FILE stem>.s<N>.t<i>",
    )
    dis.add_argument(
        "--format",
        default="auto",
        type=_corpus_format,
        choices=FORMATS,
        help="corpus format (default: by file shape); the form written is --to",
    )
    _add_outputs(dis)
    dis.add_argument(
        "--allow-resource-mismatch",
        action="store_true",
        help="warn instead of failing when the model's thesaurus version differs",
    )
    add_file_selection(dis)
    dis.set_defaults(func=run_disambiguate)


def _add_outputs(dis: argparse.ArgumentParser) -> None:
    """``disambiguate``'s outputs: --out, --to, --gold-out, --top-k, --confidence."""
    dis.add_argument(
        "--out", required=True, help="file to write (a key file by default; - for standard output)"
    )
    dis.add_argument(
        "--to",
        default="key",
        choices=FORMS,
        help="form written: key (the key file), jsonl or tsv (per verb instance its sentence, "
        "position, form, lemma, sense, WordNet gloss, confidence, fallback; --top-k: the "
        "alternatives)",
    )
    dis.add_argument(
        "--gold-out",
        metavar="KEY",
        help="also write the input's gold senses as a key file (for `wsd score`); instances "
        "without gold get no line, and the summary counts them by reason",
    )
    dis.add_argument(
        "--top-k",
        type=top_k,
        default=1,
        metavar="K",
        help="senses per line, best first; K > 1 writes key:score items (a ranking), or "
        "K - 1 alternatives with --to jsonl|tsv",
    )
    dis.add_argument(
        "--confidence",
        action="store_true",
        help="write OUT.confidence.jsonl with every candidate's score and the fallback per "
        "instance, and in a key file key:score items and confidence=C on each line (jsonl "
        "and tsv carry the confidence anyway)",
    )


def _corpus_format(text: str) -> str:
    """The argparse type of ``disambiguate --format``: a corpus format, an output form named
    with a pointer to ``--to``."""
    if text in FORMS and text not in FORMATS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is a form written: give --to {text} (--format is the corpus's format)"
        )
    return text


def add_file_selection(parser: argparse.ArgumentParser) -> None:
    """``--files``/``--exclude``: a held-out split of SemCor by file name (``br-a01``)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--files", nargs="+", metavar="NAME", help="SemCor: read only these tag files (br-a01 ...)"
    )
    group.add_argument(
        "--exclude", nargs="+", metavar="NAME", help="SemCor: leave these tag files out"
    )


def run_train(args: argparse.Namespace) -> int:
    from wsd.corpus.selection import load_corpora
    from wsd.methods import evidence_sources, make_method, parse_param, save_model

    params = dict(parse_param(p) for p in args.param)
    method = make_method(args.method, **params)
    thesauri = [(f"--param {name}", spec) for name, spec in method.get_params().items()]
    out = args.out if args.out is not None else str(default_model_path())
    check_outputs(
        files={"--out" if args.out is not None else "the default model": out},
        inputs=corpus_inputs(args.corpus, fmt=args.format) + thesaurus_inputs(thesauri),
    )
    started = time.perf_counter()
    with Steps("train") as steps:
        instances, skipped, _ = load_corpora(
            args.corpus,
            args.format,
            args.verbs,
            context_window=method.context_window,
            files=args.files,
            exclude=args.exclude,
            progress=lambda name: steps.step(f"reading {name}"),
        )
        if not instances:
            raise ModelError("no verb instances with a gold sense to train on")
        if args.verbs:
            found = {inst.lemma for inst in instances}
            missing = [v for v in args.verbs if v not in found]
            if missing:
                raise ModelError(f"verb {missing[0]!r} has no training instance in the corpus")
        method.fit(instances, progress=steps.step(f"fitting {method.name} per verb"))
    if args.out is None:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
    save_model(method, out)
    where = out if args.out is not None else f"{out} (the default model)"
    say(
        f"trained {method.name} on {len(instances)} instances of {len(method.verbs_)} verbs "
        f"in {time.perf_counter() - started:.1f}s -> {where}"
    )
    if method.oracle:
        say(f"train: ORACLE setting: {method.oracle}")
    if evidence_sources(method) != "corpus":
        learnt = sum(counts.total() for counts in method.sense_counts_.values())
        say(
            f"train: examples: {evidence_sources(method)}; {learnt - len(instances)} "
            "training examples from the thesaurus"
        )
    if skipped:
        say(f"train: verb tokens skipped: {_counts(skipped)}")
    return 0


def run_disambiguate(args: argparse.Namespace) -> int:
    from wsd.corpus.keys import write_keys
    from wsd.corpus.selection import load_corpora
    from wsd.methods import load_model

    model = _model_path(args.model)
    confidence = None
    if args.confidence:
        confidence = side_file(args.out, ".confidence.jsonl", "--confidence")
    sources = (
        _text_inputs(args) if args.text is not None else corpus_inputs(args.corpus, fmt=args.format)
    )
    check_outputs(
        files={"--out": args.out, "--gold-out": args.gold_out, "the --confidence file": confidence},
        inputs=[("--model" if args.model is not None else "the default model", model), *sources],
    )
    method = load_model(model, strict=not args.allow_resource_mismatch)
    with Steps("disambiguate") as steps:
        if args.text is not None:
            instances, skipped, without_gold = _text_instances(args, method.context_window)
        else:
            instances, skipped, without_gold = load_corpora(
                args.corpus,
                args.format,
                require_gold=False,
                context_window=method.context_window,
                files=args.files,
                exclude=args.exclude,
                progress=lambda name: steps.step(f"reading {name}"),
            )
        if not instances:
            source = " ".join(args.corpus) if args.text is None else _text_input(args) or "<stdin>"
            raise ModelError(f"{source}: no verb instances to disambiguate")
        predictions, readings = _rank(method, instances, args.to, args.top_k, steps)
    with atomic_group():  # the output file and its side files are replaced together, or none
        _write_output(args, predictions, readings)
        if args.gold_out:
            lines = write_keys(args.gold_out, {i.id: i.gold for i in instances if i.gold})
        if confidence is not None:
            _write_confidence(confidence, predictions)
    if args.gold_out:
        say(_gold_summary(args.gold_out, lines, len(instances), without_gold))
    say(_summary(predictions, method.verbs_, skipped))
    _warn_mismatch(method, instances, predictions)
    if method.oracle:
        say(f"disambiguate: ORACLE setting: {method.oracle}")
    return 0


def _model_path(given: str | None) -> str:
    """``--model``, else the default model (a ModelError saying what to run if it is missing)."""
    if given is not None:
        return given
    missing = missing_default_model()
    if missing is not None:
        raise missing
    return str(default_model_path())


def _rank(
    method: Any, instances: list[Instance], form: str, top_k: int, steps: Steps
) -> tuple[list[Prediction], list[Reading]]:
    """The method's predictions, in chunks (progress), and for a readable ``form`` the same
    predictions as :class:`Reading` records (with sentences and glosses; else none)."""
    predictions: list[Prediction] = []
    readings: list[Reading] = []
    for start in range(0, len(instances), RANK_CHUNK):
        chunk = instances[start : start + RANK_CHUNK]
        if form == "key":
            predictions += method.rank(chunk)
        else:
            readings += method.disambiguate(chunk, top_k=top_k)
            predictions += [r.prediction for r in readings[len(predictions) :]]
        steps("ranking", len(predictions), len(instances))
    return predictions, readings


def _write_output(
    args: argparse.Namespace, predictions: list[Prediction], readings: list[Reading]
) -> None:
    """``--out`` in the form ``--to`` names: the key file (ranked with ``--top-k`` > 1 or
    ``--confidence``), or the readings as JSONL or TSV."""
    from evaluation.answers import write_answers

    if args.to != "key":
        write_readings(args.out, readings, args.to, args.top_k)
        return
    ranked = args.top_k > 1 or args.confidence
    write_answers(
        args.out,
        (
            (p.instance_id, _answer(p, args.top_k, scores=ranked, confidence=args.confidence))
            for p in predictions
        ),
    )


def _text_input(args: argparse.Namespace) -> str | None:
    """The --text file (None for stdin); --files/--exclude/--format/--gold-out refused."""
    for given, option in [
        (args.files or args.exclude, "--files/--exclude"),
        (args.format != "auto", "--format"),
        (args.gold_out, "--gold-out"),
    ]:
        if given:
            raise ModelError(f"{option} goes with --corpus, not --text (plain text: no gold)")
    from wsd.text import STDIN

    return None if args.text == STDIN else args.text


def _text_inputs(args: argparse.Namespace) -> list[tuple[str, str | None]]:
    """The --text file and the tagger that reads it."""
    from wsd.text import tagger_path

    return [("--text", _text_input(args)), ("the part-of-speech tagger", str(tagger_path()))]


def _text_instances(
    args: argparse.Namespace, context_window: int | str
) -> tuple[list[Instance], Counter[str], Counter[str]]:
    """The verb instances of the --text file, as :func:`~wsd.corpus.selection.load_corpora`
    gives a corpus's."""
    from wsd.text import STDIN, read_text, text_instances

    text = read_text(args.text)
    doc = "text" if args.text == STDIN else Path(args.text).stem or "text"
    corpus = text_instances(text, doc=doc, context_window=context_window)
    return corpus.instances, Counter(corpus.stats.skipped), Counter()


def _warn_mismatch(method: Any, instances: list[Instance], predictions: list[Prediction]) -> None:
    """Warn of :func:`~evaluation.experiment.mismatch.thesaurus_mismatch`."""
    from evaluation import EvaluationWarning
    from evaluation.experiment.mismatch import thesaurus_mismatch

    message = thesaurus_mismatch(
        method.name,
        method,
        instances,
        [p.fallback for p in predictions],
        fix=lambda param: f"train the model with --param {param}=SPEC",
    )
    if message is not None:
        warnings.warn(message, EvaluationWarning, stacklevel=2)


def _answer(prediction: Prediction, k: int, *, scores: bool, confidence: bool) -> Answer:
    """The key-file answer of a prediction: its ``k`` best senses, scores and confidence."""
    from evaluation.answers import Answer

    best = prediction.ranking[:k]
    return Answer(
        keys=tuple(sense for sense, _ in best),
        scores=tuple(score for _, score in best) if scores and best else None,
        confidence=prediction.confidence if confidence and best else None,
    )


def _gold_summary(path: str, lines: int, instances: int, without_gold: Counter[str]) -> str:
    """How many gold lines were written for how many instances, and why the others have none."""
    text = f"disambiguate: gold: wrote {lines} lines to {path} for {instances} instances"
    missing = instances - lines
    if not missing:
        return text
    reasons = {
        "sense-lost-in-mapping": "sense-lost-in-mapping (wnsn=0: a WordNet 1.6 sense with no 3.0 "
        "counterpart)",
        "no-gold": "no-gold (a verb without a sense key: unannotated input)",
    }
    why = ", ".join(f"{n} {reasons.get(r, r)}" for r, n in sorted(without_gold.items()))
    return f"{text}; {missing} instances have no gold line: {why or 'no sense key'}"


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
