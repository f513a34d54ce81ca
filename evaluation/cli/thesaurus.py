"""``wsd thesaurus``: path lengths, MAXLEN and paths from the command line, and how our
WordNet path lengths compare with NLTK's.

::

    wsd thesaurus distance use%2:34:01:: use%2:34:00::      # LEN, one integer
    wsd thesaurus maxlen use                                # MAXLEN(use), one integer
    wsd thesaurus path use%2:34:01:: use%2:41:14::          # node names, one per line
    wsd thesaurus distance 道具を使う 消費する --thesaurus tests/data/thesaurus/tsukau_verbs.tsv
    wsd thesaurus compare-nltk --pairs 10000 --seed 1       # thesaurus/README.md's table, JSON

A KEY is a sense id (WordNet sense key) or a node name (a synset name such as ``use.v.01``,
or a node of a file thesaurus).  Without ``--thesaurus``, sense keys choose the WordNet
thesaurus by their part of speech (``%2:`` verbs, ``%1:`` nouns); ``maxlen`` defaults to verbs.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from thesaurus import Thesaurus, ThesaurusError, UnknownKeyError, load

__all__ = ["register", "run"]

_POS_SPECS = {"1": "wordnet-noun", "2": "wordnet-verb"}


def register(subparsers: Any) -> None:
    """Add ``thesaurus`` with subcommands ``distance``, ``maxlen`` and ``path``."""
    parser = subparsers.add_parser(
        "thesaurus",
        help="path lengths, MAXLEN and paths in a thesaurus",
        description=__doc__.split("::")[0].strip(),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    spec_help = "wordnet-verb, wordnet-noun or a <stem>.tsv file (default: from the keys' POS)"
    for action, help_text in (
        ("distance", "LEN between two senses or nodes"),
        ("path", "the nodes on the path between two senses or nodes"),
    ):
        sub = actions.add_parser(action, help=help_text, description=help_text)
        sub.add_argument("key_a", metavar="KEY_A")
        sub.add_argument("key_b", metavar="KEY_B")
        sub.add_argument("--thesaurus", metavar="SPEC", help=spec_help)
    sub = actions.add_parser("maxlen", help="MAXLEN of a word: longest LEN between its senses")
    sub.add_argument("lemma", metavar="LEMMA")
    sub.add_argument("--thesaurus", metavar="SPEC", default="wordnet-verb", help=spec_help)
    compare_help = "our WordNet path lengths vs NLTK's on random synset pairs, one JSON line each"
    sub = actions.add_parser("compare-nltk", help=compare_help, description=compare_help)
    sub.add_argument("--pairs", type=int, default=2000, help="random pairs per thesaurus")
    sub.add_argument("--seed", type=int, default=0)
    sub.add_argument("specs", nargs="*", default=["wordnet-verb", "wordnet-noun"], metavar="SPEC")
    parser.set_defaults(func=run)


def _spec_for(keys: list[str], given: str | None) -> str:
    """``given``, or the WordNet thesaurus matching the sense keys' part of speech."""
    if given:
        return given
    kinds = {_POS_SPECS.get(key.partition("%")[2][:1]) for key in keys if "%" in key}
    kinds.discard(None)
    if len(kinds) == 1:
        return str(kinds.pop())
    if len(kinds) > 1:
        raise ThesaurusError(f"keys {' '.join(keys)} mix noun and verb senses")
    raise ThesaurusError(
        f"cannot tell the thesaurus from {' '.join(keys)}: give sense keys such as "
        "use%2:34:01:: or --thesaurus SPEC"
    )


def _node(thes: Thesaurus, key: str) -> int:
    """Node of a sense id, else of a node name."""
    if thes.has_sense(key):
        return thes.sense_node(key)
    if thes.has_node(key):
        return thes.node_index(key)
    raise UnknownKeyError(
        f"{key!r} is neither a sense nor a node of thesaurus {thes.name}{thes.sense_hint(key)}"
    )


def run(args: argparse.Namespace) -> int:
    if args.action == "compare-nltk":
        from thesaurus.compare_nltk import compare

        for spec in args.specs:
            print(json.dumps(compare(spec, args.pairs, args.seed)))
        return 0
    if args.action == "maxlen":
        print(load(args.thesaurus).maxlen(args.lemma))
        return 0
    thes = load(_spec_for([args.key_a, args.key_b], args.thesaurus))
    a, b = _node(thes, args.key_a), _node(thes, args.key_b)
    if args.action == "distance":
        print(thes.path_length(a, b))
    else:
        for node in thes.path(a, b):
            print(thes.node_name(node))
    return 0
