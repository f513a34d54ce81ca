"""Sentences and tokens of plain English text, with no download.

Sentences: a blank line always ends one; inside a paragraph NLTK's Punkt splitter decides,
with parameters learnt from SemCor's text by :func:`learn_sentence_parameters` (kept in the
tagger file) or Punkt's defaults.  Tokens: NLTK's Treebank-style word tokenizer
(``NLTKWordTokenizer``), which writes quotes as SemCor does (`````` and ``''``) and splits
contractions (``did n't``).  Every token keeps its character span in the text;
:func:`detokenise` writes tokens back as text.

>>> [(t.form, t.start) for t in tokenise("He said, \\"I can't.\\"")][3:]
[('``', 9), ('I', 10), ('ca', 12), ("n't", 14), ('.', 17), ("''", 18)]
>>> [text[a:b] for text in ["It rained. We left.\\n\\nThe end"] for a, b in split_sentences(text)]
['It rained.', 'We left.', 'The end']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wsd._exceptions import WSDError

if TYPE_CHECKING:
    from nltk.tokenize.punkt import PunktSentenceTokenizer

__all__ = ["Span", "detokenise", "learn_sentence_parameters", "split_sentences", "tokenise"]

_PARAGRAPH = re.compile(r"\n[ \t\r\f\v]*\n\s*")


@dataclass(frozen=True, slots=True)
class Span:
    """One token and its character span in the text, ``text[start:end]``.

    Parameters
    ----------
    form : str
        The token (quotes written `````` / ``''``).
    start : int
        The offset of its first character in the text.
    end : int
        The offset just after its last character.
    """

    form: str
    start: int
    end: int


def tokenise(text: str, offset: int = 0) -> list[Span]:
    """The tokens of one sentence (NLTK's Treebank-style tokenizer).

    Parameters
    ----------
    text : str
        The sentence.
    offset : int, default=0
        Added to every span: the sentence's start in its document.

    Returns
    -------
    list of Span
        The tokens and their spans.

    Raises
    ------
    WSDError
        If the tokens cannot be aligned with the text.
    """
    from nltk.tokenize import NLTKWordTokenizer

    tokenizer = NLTKWordTokenizer()
    forms = tokenizer.tokenize(text)
    try:
        spans = list(tokenizer.span_tokenize(text))
    except ValueError as exc:  # a token the tokenizer rewrote beyond recognition
        raise WSDError(f"cannot align the tokens of {text[:60]!r}: {exc}") from None
    if len(spans) != len(forms):
        raise WSDError(f"cannot align the tokens of {text[:60]!r}")
    return [Span(f, a + offset, b + offset) for f, (a, b) in zip(forms, spans, strict=True)]


def detokenise(forms: Sequence[str]) -> str:
    """Tokens written back as text, which :func:`tokenise` reads as the same tokens.

    Parameters
    ----------
    forms : sequence of str
        The tokens.

    Returns
    -------
    str
        The text (NLTK's Treebank detokenizer: quotes as ``"``, ``ca n't`` as ``can't``).

    Examples
    --------
    >>> print(detokenise(["She", "said", ",", "``", "I", "ca", "n't", "''"]))
    She said, "I can't"
    """
    from nltk.tokenize.treebank import TreebankWordDetokenizer

    return str(TreebankWordDetokenizer().detokenize(list(forms)))


def split_sentences(text: str, parameters: dict[str, Any] | None = None) -> list[tuple[int, int]]:
    """The sentences of ``text``: paragraphs split at blank lines, each into sentences by
    Punkt.

    Parameters
    ----------
    text : str
        The text.
    parameters : dict, optional
        Punkt's parameters from :func:`learn_sentence_parameters` (None or empty: Punkt's
        defaults).

    Returns
    -------
    list of (int, int)
        The ``(start, end)`` spans of the sentences, without surrounding whitespace.
    """
    splitter = _splitter(parameters or {})
    spans: list[tuple[int, int]] = []
    start = 0
    for match in [*_PARAGRAPH.finditer(text), None]:
        end = match.start() if match is not None else len(text)
        block = text[start:end]
        spans += [(start + a, start + b) for a, b in splitter.span_tokenize(block)]
        if match is not None:
            start = match.end()
    stripped = []
    for a, b in spans:
        piece = text[a:b]
        if piece.strip():
            a += len(piece) - len(piece.lstrip())
            stripped.append((a, a + len(piece.strip())))
    return stripped


_SPLITTERS: dict[int, tuple[dict[str, Any], PunktSentenceTokenizer]] = {}


def _splitter(data: dict[str, Any]) -> PunktSentenceTokenizer:
    """Punkt with ``data``'s parameters, made once per parameters object (a tagger's)."""
    found = _SPLITTERS.get(id(data))
    if found is None or found[0] is not data:
        if len(_SPLITTERS) >= 4:
            _SPLITTERS.clear()
        found = _SPLITTERS[id(data)] = (data, _new_splitter(data))
    return found[1]


def _new_splitter(data: dict[str, Any]) -> PunktSentenceTokenizer:
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    params = PunktParameters()
    params.abbrev_types = set(data.get("abbreviations", ()))
    params.collocations = {(a, b) for a, b in data.get("collocations", ())}
    params.sent_starters = set(data.get("sentence_starters", ()))
    for word, flags in data.get("orthographic_context", {}).items():
        params.add_ortho_context(word, flags)
    return PunktSentenceTokenizer(params)


def learn_sentence_parameters(documents: Sequence[str]) -> dict[str, Any]:
    """Punkt's parameters learnt (unsupervised) from ``documents``.

    Parameters
    ----------
    documents : sequence of str
        The training texts.

    Returns
    -------
    dict
        Sorted JSON data: ``abbreviations``, ``collocations``, ``sentence_starters``,
        ``orthographic_context``.
    """
    from nltk.tokenize.punkt import PunktTrainer

    trainer = PunktTrainer()
    for document in documents:
        trainer.train(document, finalize=False)
    trainer.finalize_training()
    params = trainer.get_params()
    return {
        "abbreviations": sorted(params.abbrev_types),
        "collocations": sorted([a, b] for a, b in params.collocations),
        "sentence_starters": sorted(params.sent_starters),
        "orthographic_context": dict(sorted(params.ortho_context.items())),
    }
