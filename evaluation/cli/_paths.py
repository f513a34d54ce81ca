"""The files a command reads, as :func:`thesaurus.utils.outputs.check_outputs` takes them
(``(option, path)`` pairs): the paths the user named plus the files reading them finds (a corpus's
gold key file beside it, the tag files of a SemCor folder, the word table of a file thesaurus)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from evaluation.experiment.config import EvaluationConfig

__all__ = [
    "POS_OPTIONS",
    "Named",
    "add_thesaurus_options",
    "corpus_inputs",
    "evaluation_config",
    "thesaurus_inputs",
    "thesaurus_option_inputs",
    "thesaurus_specs",
]

Named = list[tuple[str, str]]


def corpus_inputs(
    paths: Iterable[str | os.PathLike[str]] | None, option: str = "--corpus", fmt: str = "auto"
) -> Named:
    """The files reading the corpora ``paths`` (format ``fmt``, else by shape) reads: each
    path, the gold key file a Raganato or CoNLL-U file finds beside it (``x.gold.key.txt``)
    and the tag files of a SemCor folder; ``None``: those of the SemCor found by default."""
    from thesaurus import ToolkitError
    from wsd.corpus import detect_format, find_semcor, gold_key_path, semcor_files

    if paths is None:
        try:
            paths, option = [find_semcor(None)], "the default SemCor"
        except ToolkitError:  # reading says what is missing
            return []
    out: Named = []
    for given in paths:
        path = os.fspath(given)
        out.append((option, path))
        try:
            found = detect_format(path) if fmt == "auto" else fmt
            if found in ("raganato", "conllu"):
                gold = os.fspath(gold_key_path(path))
                out.append((f"the gold keys of {option} {path}", gold))
            elif found == "semcor" and os.path.isdir(path):
                tag_file = f"a tag file of {option} {path}"
                out += [(tag_file, os.fspath(p)) for p in semcor_files(path)]
        except ToolkitError:  # not a corpus: reading it says why
            continue
    return out


def thesaurus_inputs(specs: Iterable[tuple[str, object]]) -> Named:
    """The files of the file thesauri among ``(option, spec)`` pairs."""
    out: Named = []
    for option, spec in specs:
        if isinstance(spec, str) and spec.endswith(".tsv"):
            out += [
                (option, spec),
                (f"the word table of {option} {spec}", spec[: -len(".tsv")] + ".words.tsv"),
            ]
    return out


# --- the thesaurus of each part of speech ------------------------------------------------------
POS_OPTIONS = {
    "verb": "--verb-thesaurus",
    "noun": "--noun-thesaurus",
    "adj": "--adj-thesaurus",
    "adv": "--adv-thesaurus",
}


def add_thesaurus_options(parser: argparse.ArgumentParser, *, verb_default: str | None) -> None:
    """``--verb-thesaurus``, ``--noun-thesaurus``, ``--adj-thesaurus`` and ``--adv-thesaurus``:
    a thesaurus spec, or ``none`` for exact match on that part of speech."""
    from thesaurus import WORDNET_SPECS

    what = {
        "verb": "verbs and keys without a WordNet part of speech",
        "noun": "nouns",
        "adj": "adjectives and satellites",
        "adv": "adverbs",
    }
    for pos, option in POS_OPTIONS.items():
        default = verb_default if pos == "verb" else WORDNET_SPECS[pos]
        parser.add_argument(
            option,
            default=default,
            metavar="SPEC",
            help=f"thesaurus grading {what[pos]}: {WORDNET_SPECS[pos]}, a <stem>.tsv file or "
            f"none (exact match); default {default or WORDNET_SPECS[pos]}",
        )


def thesaurus_specs(args: argparse.Namespace) -> dict[str, str | None]:
    """``{pos: spec}`` of the options of :func:`add_thesaurus_options`."""
    return {pos: getattr(args, option[2:].replace("-", "_")) for pos, option in POS_OPTIONS.items()}


def evaluation_config(args: argparse.Namespace, **fields: Any) -> EvaluationConfig:
    """The :class:`~evaluation.experiment.EvaluationConfig` of those options and ``fields``."""
    from evaluation.experiment.config import EvaluationConfig

    return EvaluationConfig(
        thesaurus=args.verb_thesaurus,
        noun_thesaurus=args.noun_thesaurus,
        adj_thesaurus=args.adj_thesaurus,
        adv_thesaurus=args.adv_thesaurus,
        **fields,
    )


def thesaurus_option_inputs(args: argparse.Namespace) -> Named:
    """The files of the file thesauri those options name."""
    specs = thesaurus_specs(args)
    return thesaurus_inputs([(POS_OPTIONS[pos], spec) for pos, spec in specs.items()])
