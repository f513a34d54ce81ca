"""Training material from SemCor: Penn-tagged sentences for the tagger, text for the sentence
splitter; and the SemCor tagger of the user cache, trained when missing.

All three folders of SemCor 3.0 (``brown1``, ``brown2``, ``brownv``) give a ``pos`` to every
``<wf>`` (``brownv`` sense-tags only verbs, but tags every word), so every tag file is used.
Punctuation (``<punc>``) takes its own text as tag, as the SemCor reader does.  SemCor marks
the untagged words of a verb's annotation ``pos=VB ot=notag``, auxiliaries but also some 3,300
prepositions after a verb (``returned to Washington``: ``to``); such a token, when its word is
never a sense-tagged verb in the same files, takes the tag the word has most often there
(``to``: ``TO``; ``has`` and ``'s``, sense-tagged verbs elsewhere, stay verbs).  A multiword
token (``took_place``) is split into its words, since running text arrives split: its head
word (the first of a verb, ``took``; the last otherwise, ``election`` of
``primary_election``) takes the token's tag, every part of a name (``NNP``) too, and each
other word the tag it has most often as a token of its own in the same files (``place``:
``NN``; never seen alone: the token's tag, ``RB`` in a verb, as SemCor tags particles).  The
WordNet multiword verbs SemCor leaves as separate words more often than it joins them are kept
in the tagger (:func:`wsd.text.multiwords.separate_multiwords`), and so are how often it
sense-tags each inflected verb form as a verb and tags it otherwise
(:func:`wsd.text.participles.verb_form_counts`).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .._exceptions import CorpusFormatError, DataError
from ..types import AnnotatedSentence, Annotation
from .multiwords import separate_multiwords
from .participles import verb_form_counts
from .tagger import ITERATIONS, SEED, Tagger, load_tagger, save_tagger, tagger_path, train_tagger
from .tokens import learn_sentence_parameters

__all__ = [
    "ensure_tagger",
    "joined_verbs",
    "semcor_documents",
    "tagged_words",
    "train_semcor_tagger",
]

_NAME_TAGS = frozenset({"NNP", "NNPS"})
_PARTICLE = "RB"  # SemCor's tag of up, out, off ... (it has almost no RP)


def _is_verb_tag(tag: str) -> bool:
    return tag.startswith("VB") or tag == "MD"


def _penn(form: str, tag: str) -> str:
    """A token's Penn tag: its first tag (``NN|SYM``), or its text for ``<punc>``."""
    return tag.split("|", 1)[0] if tag else form


def _verb_part(note: Annotation) -> bool:
    """A token SemCor tags ``VB* ot=notag``: part of a verb's annotation, not always a verb."""
    return note.tag.startswith("VB") and note.attr("ot") == "notag"


def tagged_words(documents: Iterable[Sequence[AnnotatedSentence]]) -> list[list[tuple[str, str]]]:
    """Every sentence of ``documents`` as ``(word, Penn tag)`` pairs, multiwords split (module
    docstring); :func:`joined_verbs` gives where the multiword verbs were."""
    items = [item for document in documents for item in document]
    alone: defaultdict[str, Counter[str]] = defaultdict(Counter)
    verbs = set()  # words that are sense-tagged verbs somewhere
    for item in items:
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            if "_" not in token.form and not _verb_part(note):
                alone[token.form.lower()][_penn(token.form, note.tag)] += 1
            if note.tag.startswith("VB") and note.lemma is not None:
                verbs.add(token.form.lower())
    usual = {w: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for w, c in alone.items()}
    sentences = []
    for item in items:
        words: list[tuple[str, str]] = []
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            tag = _penn(token.form, note.tag)
            if _verb_part(note) and token.form.lower() not in verbs:
                tag = usual.get(token.form.lower(), tag)
            parts = [p for p in token.form.split("_") if p] or [token.form]
            if len(parts) == 1 or tag in _NAME_TAGS:
                words += [(part, tag) for part in parts]
                continue
            verb = _is_verb_tag(tag)
            head = 0 if verb else len(parts) - 1
            other = _PARTICLE if verb else tag
            words += [
                (part, tag if i == head else usual.get(part.lower(), other))
                for i, part in enumerate(parts)
            ]
        sentences.append(words)
    return sentences


def joined_verbs(documents: Iterable[Sequence[AnnotatedSentence]]) -> list[set[tuple[int, int]]]:
    """Each sentence's multiword verb tokens as ``(start, end)`` ranges of the words of
    :func:`tagged_words`."""
    ranges = []
    for item in (item for document in documents for item in document):
        found, start = set(), 0
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            size = len([p for p in token.form.split("_") if p]) or 1
            if size > 1 and note.tag.startswith("VB"):
                found.add((start, start + size))
            start += size
        ranges.append(found)
    return ranges


def semcor_documents(
    root: str | os.PathLike[str], *, exclude: Iterable[str] = ()
) -> list[list[AnnotatedSentence]]:
    """The sentences of every SemCor tag file under ``root`` but those named in ``exclude``
    (``br-a01``), a list per file, in file order."""
    from ..corpus import read_semcor, semcor_files

    left_out = set(exclude)
    return [
        list(read_semcor(path))
        for path in semcor_files(root)
        if path.name.removesuffix(".xml") not in left_out
    ]


def _plain_text(document: Sequence[AnnotatedSentence]) -> str:
    """A document's words joined by spaces (multiwords split), a sentence per line."""
    return "\n".join(
        " ".join(word for t in item.sentence.tokens for word in t.form.split("_") if word)
        for item in document
    )


def train_semcor_tagger(
    root: str | os.PathLike[str], *, exclude: Iterable[str] = (), iterations: int = ITERATIONS
) -> Tagger:
    """The tagger and sentence splitter trained on SemCor's tag files under ``root`` but
    ``exclude``; the same files give the same tagger."""
    left_out = sorted(set(exclude))
    documents = semcor_documents(root, exclude=left_out)
    sentences = tagged_words(documents)
    parameters = learn_sentence_parameters([_plain_text(d) for d in documents])
    separate = separate_multiwords(sentences, joined_verbs(documents))
    source: dict[str, Any] = {
        "corpus": "SemCor 3.0",
        "files": len(documents),
        "excluded": left_out,
        "sentences": len(sentences),
        "words": sum(len(s) for s in sentences),
        "iterations": iterations,
        "seed": SEED,
    }
    return train_tagger(
        sentences,
        iterations=iterations,
        sentence_parameters=parameters,
        separate_multiwords=separate,
        source=source,
        verb_forms=verb_form_counts(documents),
    )


def ensure_tagger(
    path: str | os.PathLike[str] | None = None,
    *,
    semcor: str | os.PathLike[str] | None = None,
    say: Callable[[str], None] | None = None,
    force: bool = False,
) -> tuple[Tagger, float | None]:
    """The tagger saved at ``path`` (default :func:`tagger_path`), trained on SemCor first
    when the file is missing (or ``force``), and the seconds the training took (None: it was
    loaded).  ``say`` gets a one-line message before a training.  :class:`DataError` when
    there is neither the file nor SemCor (``semcor``, else ``$WSD_SEMCOR`` or NLTK's copy)."""
    from ..corpus import find_semcor

    target = Path(path) if path is not None else tagger_path()
    if target.exists() and not force:
        return load_tagger(target), None
    try:
        root = find_semcor(semcor)
    except (DataError, CorpusFormatError) as exc:
        raise DataError(
            f"no part-of-speech tagger at {target}, and none can be trained: {exc} (the tagger "
            "is trained on SemCor: set $WSD_SEMCOR)"
        ) from None
    (say or _stderr)(f"training the part-of-speech tagger on {root} -> {target} (once)")
    started = time.perf_counter()
    tagger = train_semcor_tagger(root)
    save_tagger(tagger, target)
    return tagger, time.perf_counter() - started


def _stderr(message: str) -> None:
    print(f"wsd: {message}", file=sys.stderr)
