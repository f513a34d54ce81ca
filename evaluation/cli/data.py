"""``wsd data``: provision WordNet (and the text tagger), count a corpus, export it in a
benchmark format.

wsd data setup [--force]
wsd data stats [--corpus PATH] [--format F] [--verbs V ...] [--no-gold]
wsd data export --corpus PATH [--format F] --to raganato|jsonl|conllu --out STEM [--verbs V ...]
                [--files NAME ... | --exclude NAME ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from evaluation.cli._options import say
from evaluation.cli._paths import corpus_inputs
from evaluation.cli._progress import Steps
from evaluation.cli.model import add_file_selection
from thesaurus import OutputError
from thesaurus.utils.outputs import STDOUT, check_outputs
from wsd import WSDError
from wsd.corpus import FORMATS, Corpus
from wsd.corpus.selection import check_tag_files, select_tag_files

__all__ = ["register", "run_export", "run_setup", "run_stats"]

_EXPORT_FORMATS = ("raganato", "jsonl", "conllu")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "data", help="set up WordNet, count a corpus's verb instances, export a corpus"
    )
    commands = parser.add_subparsers(dest="data_command", metavar="ACTION")
    commands.required = True

    setup = commands.add_parser(
        "setup",
        help="make WordNet 3.0 loadable by NLTK (from NLTK or Debian's files); with --tagger "
        "also put the part-of-speech tagger of --text in the user cache",
    )
    setup.add_argument(
        "--tagger",
        action="store_true",
        help="put the tagger of --text (trained on SemCor, shipped with the toolkit) in the user "
        "cache now (else its first use does)",
    )
    setup.add_argument(
        "--force",
        action="store_true",
        help="rebuild the WordNet data directory (and with --tagger replace the tagger file by "
        "the toolkit's)",
    )
    setup.set_defaults(func=run_setup)

    stats = commands.add_parser(
        "stats",
        help="JSON counts: files, sentences, tokens, verb instances and skipped verb tokens",
        description="Every verb token is counted as an instance (usable gold sense) or as "
        "skipped with a reason; verb_instances + sum(skipped) == verb_tokens.",
    )
    _corpus_arguments(stats, required=False)
    stats.add_argument(
        "--no-gold",
        action="store_true",
        help="count verb tokens without gold as instances (input for disambiguation)",
    )
    stats.set_defaults(func=run_stats)
    _register_export(commands)


def _register_export(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    export = commands.add_parser(
        "export",
        help="write a corpus's verb instances as Raganato XML + key file, JSONL or CoNLL-U",
        description="--format is the corpus's format (as in every command), --to the format "
        "written.",
    )
    _corpus_arguments(export, required=True)
    export.add_argument("--to", required=True, choices=_EXPORT_FORMATS, help="format written")
    export.add_argument(
        "--out",
        required=True,
        metavar="STEM",
        help="output stem: STEM.data.xml + STEM.gold.key.txt, STEM.jsonl or STEM.conllu (- for "
        "standard output: jsonl and conllu)",
    )
    export.add_argument(
        "--no-frames",
        action="store_true",
        help="JSONL: do not extract case frames; CoNLL-U: do not write the gold senses of "
        "case fillers",
    )
    add_file_selection(export)
    export.set_defaults(func=run_export)


def _corpus_arguments(parser: argparse.ArgumentParser, *, required: bool) -> None:
    shapes = "SemCor dir/file, *.data.xml, *.jsonl or *.conllu"
    parser.add_argument(
        "--corpus",
        required=required,
        metavar="PATH",
        help=f"{shapes} (required)" if required else f"{shapes} (default: find SemCor)",
    )
    parser.add_argument(
        "--format",
        dest="input_format",
        default="auto",
        choices=FORMATS,
        help="corpus format (default: by file shape)",
    )
    parser.add_argument("--verbs", nargs="+", metavar="LEMMA", help="only these verb lemmas")


def run_setup(args: argparse.Namespace) -> int:
    from thesaurus.wordnet.data import setup_wordnet, wordnet_status

    built = setup_wordnet(force=args.force)
    where = f"data directory {built}" if built is not None else "NLTK's own wordnet corpus"
    status = wordnet_status()
    print(f"WordNet {status['wordnet_version']} ready at {status['wordnet_root']} ({where})")
    if args.tagger:
        _setup_tagger(force=args.force)
    return 0


def _setup_tagger(*, force: bool) -> None:
    """Put the part-of-speech tagger of ``--text`` in the user cache when it is missing (the
    toolkit's own, trained on SemCor; ``force``: replace the file there by it); say where it
    is."""
    from wsd.text import ensure_tagger, tagger_path

    path = tagger_path()
    tagger, copied = ensure_tagger(path, force=force, say=say)
    how = "installed" if copied else "loaded"
    words = tagger.source.get("words", "?")
    print(f"part-of-speech tagger ready at {path} ({how}; {words} words of SemCor)")


def run_stats(args: argparse.Namespace) -> int:
    from wsd.corpus import find_semcor, load_corpus

    path = args.corpus if args.corpus is not None else find_semcor(None)
    started = time.perf_counter()
    with Steps("data stats") as steps:
        corpus = load_corpus(
            path,
            args.input_format,
            verbs=args.verbs,
            frames=False,
            require_gold=not args.no_gold,
            progress=steps.step("corpus files"),
        )
    report = {"corpus": str(path), "format": corpus.fmt, **corpus.stats.as_dict()}
    report["seconds"] = round(time.perf_counter() - started, 2)
    json.dump(report, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from wsd.corpus import load_corpus, write_jsonl, write_raganato

    read, written = args.input_format, args.to
    jsonl = written == "jsonl"
    outputs = _export_outputs(args.out, written)
    check_outputs(
        files=[("--out", path) for path in outputs], inputs=corpus_inputs([args.corpus], fmt=read)
    )
    chosen, found = select_tag_files(args.corpus, read, args.files, args.exclude)
    check_tag_files(args.files or args.exclude or (), found, [args.corpus])
    if chosen == []:
        raise WSDError(f"{args.corpus}: --exclude leaves no tag file to export")
    with Steps("data export") as steps:
        corpus = load_corpus(
            args.corpus,
            read,
            verbs=args.verbs,
            files=chosen,
            frames=written != "raganato" and not args.no_frames,  # CoNLL-U: fillers' gold
            require_gold=False,  # an export is input to disambiguate as often as gold
            progress=steps.step("corpus files"),
        )
    if not corpus.instances:
        raise WSDError(f"{args.corpus}: no verb instance to export{_skipped(corpus)}")
    if jsonl:
        count = write_jsonl(corpus.instances, outputs[0])
        say(f"wrote {count} verb instances to {outputs[0]}{_without_gold(corpus)}")
    elif written == "conllu":
        sentences, count = _write_conllu(corpus, outputs[0])
        where = f"in {sentences} sentences to {outputs[0]}"
        say(f"wrote {count} verb instances {where}{_without_gold(corpus)}")
    else:
        xml, key = outputs
        sentences, count = write_raganato(
            corpus.instances, xml, key, source=Path(corpus.source).name
        )
        where = f"in {sentences} sentences to {xml} and {key}"
        say(f"wrote {count} verb instances {where}{_without_gold(corpus)}")
    if corpus.stats.skipped:
        say(f"data export: verb tokens skipped: {_counts(corpus.stats.skipped)}")
    return 0


def _export_outputs(stem: str, written: str) -> list[str]:
    """The files ``--out STEM`` names for the format ``written``; ``-``: standard output, for a
    format written as one stream."""
    if stem == STDOUT and written != "raganato":
        return [STDOUT]
    if stem in ("", STDOUT):
        why = "is an empty stem" if not stem else "cannot be two files (.data.xml, .gold.key.txt)"
        raise OutputError(f"--out {stem or repr(stem)} {why}; give a stem such as out/semcor")
    if written == "raganato":
        return [f"{Path(stem)}{suffix}" for suffix in (".data.xml", ".gold.key.txt")]
    return [f"{Path(stem)}.{written}"]


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {reason}" for reason, n in sorted(counts.items()))


def _without_gold(corpus: Corpus) -> str:
    """How many instances written have no gold (no key-file line), by reason."""
    missing = corpus.stats.without_gold
    if not missing:
        return ""
    return f" ({sum(missing.values())} without gold: {_counts(missing)})"


def _skipped(corpus: Corpus) -> str:
    skipped = corpus.stats.skipped
    return f" (verb tokens skipped: {_counts(skipped)})" if skipped else ""


def _write_conllu(corpus: Corpus, path: str) -> tuple[int, int]:
    """Write a corpus's instances as CoNLL-U; a CoNLL-U source keeps its trees and columns."""
    from wsd.corpus import annotate_instances, iter_conllu, write_conllu

    trees = iter_conllu(corpus.source) if corpus.fmt == "conllu" else None
    sentences = write_conllu(annotate_instances(corpus.instances, trees), path)
    return sentences, len(corpus.instances)
