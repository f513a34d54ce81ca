"""``wsd thesaurus``: path lengths, MAXLEN and paths from the command line, and how our
WordNet path lengths compare with NLTK's.

::

    wsd thesaurus distance use%2:34:01:: use%2:34:00::      # LEN, one integer
    wsd thesaurus maxlen use                                # MAXLEN(use), one integer
    wsd thesaurus maxlen bank --noun-thesaurus wordnet-noun # MAXLEN of the noun bank
    wsd thesaurus maxlen hot --adj-thesaurus wordnet-adj    # ... of the adjective hot
    wsd thesaurus distance hot%3:00:01:: cold%3:00:01::     # adjectives: wordnet-adj
    wsd thesaurus path use%2:34:01:: use%2:41:14::          # node names, one per line
    wsd thesaurus distance 道具を使う 消費する --verb-thesaurus tsukau_verbs.tsv  # a TSV file
    wsd thesaurus compare-nltk --pairs 10000 --seed 1       # thesaurus/README.md's table, JSON

A KEY is a sense id or a node name (``use.v.01``).  Without a thesaurus option, sense keys
choose the WordNet thesaurus of their part of speech; ``maxlen`` uses the verb thesaurus.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from evaluation.cli._numbers import PAIRS, SEED, number
from evaluation.cli._options import say
from thesaurus import WORDNET_SPECS, Thesaurus, ThesaurusError, UnknownKeyError, load, sense_key_pos

__all__ = ["register", "run"]

# part of speech -> how messages name it, in the order of the options
_ROLES = {"verb": "verb", "noun": "noun", "adj": "adjective", "adv": "adverb"}
_SPECS = "wordnet-verb, wordnet-noun, wordnet-adj, wordnet-adv or a <stem>.tsv file"


def register(subparsers: Any) -> None:
    """Add ``thesaurus`` with subcommands ``distance``, ``maxlen`` and ``path``."""
    parser = subparsers.add_parser(
        "thesaurus",
        help="path lengths, MAXLEN and paths in a thesaurus",
        description=__doc__.split("::")[0].strip(),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    for action, help_text in (
        ("distance", "LEN between two senses or nodes"),
        ("path", "the nodes on the path between two senses or nodes"),
    ):
        sub = actions.add_parser(action, help=help_text, description=help_text)
        sub.add_argument("key_a", metavar="KEY_A")
        sub.add_argument("key_b", metavar="KEY_B")
        _thesaurus_options(sub, "default: WordNet's, by the keys' part of speech")
    sub = actions.add_parser(
        "maxlen",
        help="MAXLEN of a word: longest LEN between its senses",
        description="MAXLEN of a word in the verb thesaurus (default wordnet-verb) or, with "
        "--noun-thesaurus, --adj-thesaurus or --adv-thesaurus, in the thesaurus of that part "
        "of speech; stderr names the thesaurus and the senses found",
    )
    sub.add_argument("lemma", metavar="LEMMA")
    _thesaurus_options(sub, "default: --verb-thesaurus wordnet-verb")
    compare_help = "our WordNet path lengths vs NLTK's on random synset pairs, one JSON line each"
    sub = actions.add_parser("compare-nltk", help=compare_help, description=compare_help)
    sub.add_argument(
        "--pairs", type=number(PAIRS), default=2000, help=f"random pairs per thesaurus, {PAIRS}"
    )
    sub.add_argument("--seed", type=number(SEED), default=0, help=f"random seed, {SEED}")
    sub.add_argument("specs", nargs="*", default=["wordnet-verb", "wordnet-noun"], metavar="SPEC")
    parser.set_defaults(func=run)


def _thesaurus_options(parser: argparse.ArgumentParser, default: str) -> None:
    group = parser.add_mutually_exclusive_group()
    for pos, word in _ROLES.items():
        extra = f" ({default})" if pos == "verb" else ""
        help_text = f"{_article(word)} {word} thesaurus: {_SPECS}{extra}"
        group.add_argument(f"--{pos}-thesaurus", metavar="SPEC", help=help_text)


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _given(args: argparse.Namespace) -> tuple[str | None, str]:
    """The thesaurus spec given (or None) and the part of speech of its option (or ``verb``)."""
    for pos in _ROLES:
        spec = getattr(args, f"{pos}_thesaurus")
        if spec is not None:
            return spec, pos
    return None, "verb"


def _maxlen(lemma: str, spec: str | None, pos: str) -> int:
    """MAXLEN of ``lemma``, saying on stderr in which thesaurus and over how many senses."""
    chosen = spec or WORDNET_SPECS["verb"]
    thes = load(chosen)
    role = _ROLES[pos]
    if not thes.has_word(lemma):
        hints = []
        if chosen in WORDNET_SPECS.values():
            for other, name in WORDNET_SPECS.items():  # noun, verb, adj, adv
                if name != chosen and load(name).has_word(lemma):
                    word = _ROLES[other]
                    hints.append(
                        f"it is {_article(word)} {word} of {name}: --{other}-thesaurus {name}"
                    )
        hint = f" ({'; '.join(hints)})" if hints else ""
        raise UnknownKeyError(f"{lemma!r} is not a word of the {role} thesaurus {chosen}{hint}")
    senses = len(thes.senses(lemma))
    say(f"maxlen: {lemma} in the {role} thesaurus {chosen} ({senses} senses)")
    return thes.maxlen(lemma)


def _spec_for(keys: list[str], given: str | None) -> str:
    """``given``, or the WordNet thesaurus matching the sense keys' part of speech."""
    if given:
        return given
    found = {sense_key_pos(key) for key in keys}
    kinds = [pos for pos in WORDNET_SPECS if pos in found]
    if len(kinds) == 1:
        return WORDNET_SPECS[kinds[0]]
    if len(kinds) > 1:
        raise ThesaurusError(f"keys {' '.join(keys)} mix {' and '.join(kinds)} senses")
    raise ThesaurusError(
        f"cannot tell the thesaurus from {' '.join(keys)}: give sense keys such as "
        "use%2:34:01:: or --verb-thesaurus SPEC"
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
        from thesaurus.wordnet.compare_nltk import compare

        for spec in args.specs:  # check them all before the first (slow) comparison
            if spec not in ("wordnet-verb", "wordnet-verb+groups", "wordnet-noun"):
                raise ThesaurusError(
                    f"compare-nltk compares wordnet-verb and wordnet-noun with NLTK's "
                    f"hypernym paths, not {spec!r}"
                )
        for spec in args.specs:
            print(json.dumps(compare(spec, args.pairs, args.seed)))
        return 0
    spec, role = _given(args)
    if args.action == "maxlen":
        print(_maxlen(args.lemma, spec, role))
        return 0
    thes = load(_spec_for([args.key_a, args.key_b], spec))
    a, b = _node(thes, args.key_a), _node(thes, args.key_b)
    if args.action == "distance":
        print(thes.path_length(a, b))
    else:
        for node in thes.path(a, b):
            print(thes.node_name(node))
    return 0
