"""Plain English text -> verb instances: sentences and tokens (:mod:`wsd.text.tokens`), Penn
tags (:mod:`wsd.text.tagger`), multiword verbs (:mod:`wsd.text.multiwords`), then the same
normalisation (:func:`wsd.normalise.normalise_token`: universal tags, morphy lemmas), case
frames and accounting as a SemCor file (:func:`wsd.corpus.load_sentences`).

One text is one document ``doc``: sentence ids ``<doc>.s<N>`` (N from 1), token positions
0-based over every token (punctuation too; a multiword verb is one token), instance ids
``<doc>.s<N>.t<i>``, as SemCor's.  A token the tagger does not tag as a verb but whose form may
be one is read by the verb detector (:mod:`wsd.text.verbs`): as a verb (``VBN``, ``VBG``,
``VBZ``, ``VB``), or, for an inflected form (``interested``, ``building``), as a verb token
skipped as ``no-lemma:adjective-or-noun``.  Multiword verbs are joined where the tagger's
multiword model says SemCor would (:mod:`wsd.text.multiwords`).  An auxiliary (``did`` in
``didn't go``, :mod:`wsd.text.auxiliaries`), which SemCor never sense-tags, is a verb token
skipped as ``no-lemma:auxiliary``; every other token tagged as a verb (``VB*``; not ``MD``) is
an instance when its lemma is a WordNet verb, else skipped as ``no-lemma:not-in-wordnet``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from thesaurus.utils.text_input import MAX_LINE_BYTES, decode, numbered_lines, read_limited
from wsd._exceptions import CorpusFormatError
from wsd.corpus import Corpus, load_sentences
from wsd.frames import ClassTable
from wsd.normalise import normalise_form, normalise_token
from wsd.text.auxiliaries import AUXILIARY, auxiliaries
from wsd.text.multiwords import is_wordnet_verb, joins, verb_multiwords
from wsd.text.tagger import Tagger
from wsd.text.tokens import Span, split_sentences, tokenise
from wsd.text.verbs import ADJECTIVE_OR_NOUN, verb_reading
from wsd.types import NO_ANNOTATION, AnnotatedSentence, Annotation, Sentence

__all__ = [
    "NOT_IN_WORDNET",
    "STDIN",
    "TextSentence",
    "check_text",
    "read_text",
    "tag_text",
    "text_instances",
]

STDIN = "-"
TEXT = "<text>"  # the name of a string given to the API in messages
_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")
NOT_IN_WORDNET = "not-in-wordnet"  # the skip reason no-lemma:not-in-wordnet


@dataclass(frozen=True, slots=True)
class TextSentence:
    """One sentence of a text, as :func:`tag_text` returns it.

    Parameters
    ----------
    item : AnnotatedSentence
        Its tokens and their annotations (the Penn tag; a verb's lemma).
    spans : tuple of (int, int)
        Each token's character span in the text.
    """

    item: AnnotatedSentence
    spans: tuple[tuple[int, int], ...]


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of a file, read with the limits of every reader
    (:mod:`thesaurus.utils.text_input`, :func:`check_text`).

    Parameters
    ----------
    path : str or PathLike
        The file (``-``: standard input).

    Returns
    -------
    str
        The text.

    Raises
    ------
    CorpusFormatError
        Naming the file (and line) for a file that cannot be read, a NUL byte, bytes that are
        not UTF-8 text, a control character or a text with no word.
    """
    name = "<stdin>" if os.fspath(path) == STDIN else os.fspath(path)
    try:
        if name == "<stdin>":
            raw = read_limited(sys.stdin.buffer, name, CorpusFormatError, "text")
        else:
            with open(path, "rb") as handle:
                raw = read_limited(handle, name, CorpusFormatError, "text")
    except OSError as exc:
        raise CorpusFormatError(f"cannot read text {name}: {exc.strerror or exc}") from None
    return check_text(decode(raw), name)


def check_text(text: str, name: str = TEXT) -> str:
    """``text`` if it keeps the limits of every reader (:mod:`thesaurus.utils.text_input`), the same
    for a file (its byte-order mark taken off) and for a string given to the API: no NUL byte, no
    control character other than tab and line breaks, no byte-order mark inside, no lone
    surrogate (bytes that are not UTF-8), no line longer than
    :data:`~thesaurus.utils.text_input.MAX_LINE_BYTES` in UTF-8, and a word.

    Parameters
    ----------
    text : str
        The text.
    name : str, default="<text>"
        The name of the text in messages.

    Returns
    -------
    str
        ``text`` itself.

    Raises
    ------
    CorpusFormatError
        Naming ``name`` and the line for the first limit broken.

    Examples
    --------
    >>> check_text("She made a cake.")
    'She made a cake.'
    >>> check_text("She made\\x07 a cake.")
    Traceback (most recent call last):
    wsd.CorpusFormatError: <text>:1: control character U+0007 at column 9
    """
    nul = text.find("\0")
    if nul >= 0:
        raise CorpusFormatError(f"{name}:{_line_of(text, nul)}: a NUL byte: binary data, not text")
    # a surrogate that no byte decoded to (decode() gives U+DC80..U+DCFF, refused as not UTF-8
    # by the text rules): the lines before it are checked first, as a file's are
    surrogate = _SURROGATE.search(text)
    head = text if surrogate is None else text[: _line_start(text, surrogate.start())]
    for number, line in numbered_lines(name, head, CorpusFormatError):
        if len(line) * 4 > MAX_LINE_BYTES and len(line.encode("utf-8")) > MAX_LINE_BYTES:
            raise CorpusFormatError(
                f"{name}:{number}: a line longer than {MAX_LINE_BYTES // 2**20} MiB"
            )
    if surrogate is not None:
        at = surrogate.start()
        raise CorpusFormatError(
            f"{name}:{_line_of(text, at)}: a lone surrogate U+{ord(surrogate.group()):04X} at "
            f"column {at - _line_start(text, at) + 1} (not text)"
        )
    if not any(ch.isalnum() for ch in text):
        raise CorpusFormatError(f"{name}: no text to disambiguate (empty or no word)")
    return text


def _line_start(text: str, at: int) -> int:
    """Where the line holding ``text[at]`` starts (breaks ``\\n``, ``\\r\\n``, ``\\r``)."""
    return max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1


def _line_of(text: str, at: int) -> int:
    """The number of the line holding ``text[at]``, as :func:`numbered_lines` counts."""
    before = text[:at]
    return before.count("\n") + before.count("\r") - before.count("\r\n") + 1


def tag_text(text: str, tagger: Tagger, *, doc: str = "text") -> list[TextSentence]:
    """The sentences of ``text``, tokenised, tagged and normalised (module docstring).

    Parameters
    ----------
    text : str
        The text.
    tagger : Tagger
        The tagger (with its sentence parameters, verb detector and multiword model).
    doc : str, default="text"
        The document's name: sentence ids ``<doc>.s<N>``.

    Returns
    -------
    list of TextSentence
        The sentences with at least one token.
    """
    sentences: list[TextSentence] = []
    for start, end in split_sentences(text, tagger.sentence_parameters):
        spans = tokenise(text[start:end], start)
        if spans:
            sentences.append(_sentence(f"{doc}.s{len(sentences) + 1}", doc, spans, tagger))
    return sentences


def tag_words(words: Sequence[str], tagger: Tagger) -> tuple[list[str], list[str]]:
    """The tags of one sentence's ``words`` as the pipeline reads them.

    Parameters
    ----------
    words : sequence of str
        The sentence's tokens.
    tagger : Tagger
        The tagger and its verb detector.

    Returns
    -------
    tuple of (list of str, list of str)
        The tags (the tagger's, a token the verb detector reads as a verb retagged: ``VBN``
        ...), and for each word the verb tag of an inflected form the detector rejected (a
        verb token skipped), else ``""``.
    """
    tags = tagger.tag(words)
    read = list(tags)
    rejected = [""] * len(words)
    for i in range(len(words)):
        reading = verb_reading(words, tags, i, tagger.verb_forms, tagger.verb_detector)
        if reading is None:
            continue
        if reading[1]:
            read[i] = reading[0]
        elif reading[0] != "VB":  # an inflected form: a participle, gerund or -s form
            rejected[i] = reading[0]
    return read, rejected


def sentence_multiwords(
    words: Sequence[str], tags: Sequence[str], tagger: Tagger
) -> dict[int, int]:
    """The multiword verbs of one tagged sentence (module docstring).

    Parameters
    ----------
    words : sequence of str
        The sentence's tokens.
    tags : sequence of str
        Their Penn tags.
    tagger : Tagger
        Its multiword model decides the joins (None: every WordNet run is joined).

    Returns
    -------
    dict of int to int
        ``start: end`` token ranges of the multiword verbs.
    """
    model = tagger.multiword_model
    join = joins(model, words, tags) if model is not None else None
    return dict(verb_multiwords(words, tags, join=join))


def _sentence(sentence_id: str, doc: str, spans: Sequence[Span], tagger: Tagger) -> TextSentence:
    """One tagged sentence, multiword verbs joined."""
    forms = [s.form for s in spans]
    tags, rejected = tag_words(forms, tagger)
    joined = sentence_multiwords(forms, tags, tagger)
    auxiliary = auxiliaries(forms, tags)
    tokens, notes, where = [], [], []
    i = 0
    while i < len(spans):
        end = joined.get(i, i + 1)
        form, tag = normalise_form(" ".join(forms[i:end])), tags[i]
        token = normalise_token(form, tag)
        tokens.append(token)
        where.append((spans[i].start, spans[end - 1].end))
        if rejected[i]:
            attrs = (("ot", ADJECTIVE_OR_NOUN),)
            notes.append(Annotation(None, rejected[i], attrs=attrs))
        elif auxiliary[i] and end == i + 1:
            notes.append(Annotation(None, tag, attrs=(("ot", AUXILIARY),)))
        elif tag.startswith("VB"):
            known = is_wordnet_verb(form)
            notes.append(
                Annotation(token.lemma, tag)
                if known
                else Annotation(None, tag, attrs=(("ot", NOT_IN_WORDNET),))
            )
        else:
            notes.append(Annotation(tag=tag) if tag else NO_ANNOTATION)
        i = end
    sentence = Sentence(sentence_id, tuple(tokens), source=doc)
    return TextSentence(AnnotatedSentence(sentence, tuple(notes)), tuple(where))


def text_instances(
    text: str,
    *,
    doc: str = "text",
    tagger: Tagger | None = None,
    frames: bool = True,
    context_window: int | str = 0,
    classes: ClassTable | None = None,
) -> Corpus:
    """The verb instances of plain English ``text``, without gold.

    Parameters
    ----------
    text : str
        The text, with the limits of a file read by :func:`read_text` (a byte-order mark at
        its start is no text; :func:`check_text`).
    doc : str, default="text"
        The document's name: instance ids ``<doc>.s<N>.t<i>``.
    tagger : Tagger, optional
        Default: the SemCor tagger of the user cache, put there first when it is missing
        (:func:`wsd.text.ensure_tagger`).
    frames, context_window, classes
        As for :func:`wsd.corpus.load_corpus`.

    Returns
    -------
    Corpus
        Its ``stats`` count every verb token an instance or a skip with its reason.

    Raises
    ------
    CorpusFormatError
        Text the command line refuses too (a control character, no word), naming ``<text>``
        and the line.
    DataError
        No tagger given and none can be put in the user cache.
    """
    text = check_text(text.removeprefix("\ufeff"))  # a file's byte-order mark, as read_text
    if tagger is None:
        from wsd.text.training import ensure_tagger

        tagger, _ = ensure_tagger()
    sentences = tag_text(text, tagger, doc=doc)
    return load_sentences(
        [[s.item for s in sentences]],
        source=doc,
        frames=frames,
        context_window=context_window,
        classes=classes,
    )
