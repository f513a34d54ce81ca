"""Training material from SemCor: Penn-tagged sentences for the tagger, text for the sentence
splitter; and the SemCor tagger of the user cache, copied from the package data when missing.

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
``NN``; never seen alone: the token's tag, ``RB`` in a verb, as SemCor tags particles).

Beside the perceptron, :func:`train_semcor_tagger` trains the model that joins multiword verbs
or leaves them apart (:func:`wsd.text.multiwords.train_multiword_model`, on every training
file with its own tags, SemCor's joins as labels) and the verb detector
(:func:`wsd.text.verbs.train_verb_detector`), which must learn from the tags of a tagger that
has not seen the sentences: a *fold* of the training files (every 10th by name, from the first)
is tagged by a perceptron trained on the other files, whose verb counts per form the detector
reads there; the tagger kept reads the counts of all the files.
"""

from __future__ import annotations

import os
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from thesaurus.utils.outputs import check_outputs
from wsd._exceptions import DataError
from wsd.text.classifier import LinearModel
from wsd.text.multiwords import train_multiword_model
from wsd.text.tagger import (
    ITERATIONS,
    SEED,
    Tagger,
    load_shipped_tagger,
    load_tagger,
    save_tagger,
    shipped_digest,
    tagger_path,
    train_tagger,
)
from wsd.text.tokens import learn_sentence_parameters
from wsd.text.verbs import sense_tagged_words, train_verb_detector, verb_form_counts
from wsd.types import AnnotatedSentence, Annotation

__all__ = [
    "FOLD",
    "ensure_tagger",
    "fold_files",
    "joined_verbs",
    "semcor_documents",
    "tagged_words",
    "train_semcor_tagger",
]

FOLD = 10  # the verb detector's fold: every FOLD-th training file
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
    docstring).

    Parameters
    ----------
    documents : iterable of sequence of AnnotatedSentence
        SemCor's sentences, a sequence per file.

    Returns
    -------
    list of list of (str, str)
        The sentences; :func:`joined_verbs` gives where the multiword verbs were.
    """
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
    """Each sentence's multiword verb tokens, as :func:`tagged_words` splits them.

    Parameters
    ----------
    documents : iterable of sequence of AnnotatedSentence
        SemCor's sentences, a sequence per file.

    Returns
    -------
    list of set of (int, int)
        Per sentence, the ``(start, end)`` word ranges of its multiword verb tokens.
    """
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
    """The sentences of every SemCor tag file under ``root``, a list per file, in file order.

    Parameters
    ----------
    root : str or PathLike
        SemCor's directory (or one tag file).
    exclude : iterable of str, default=()
        Names of tag files left out (``br-a01``).

    Returns
    -------
    list of list of AnnotatedSentence
        The sentences of each file.

    Raises
    ------
    CorpusFormatError
        If ``root`` holds no tag file or a file is malformed (:func:`wsd.corpus.read_semcor`).
    """
    from wsd.corpus import read_semcor, semcor_files

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


def fold_files(names: Iterable[str]) -> list[str]:
    """The training files of the verb detector's fold.

    Parameters
    ----------
    names : iterable of str
        Tag file names.

    Returns
    -------
    list of str
        Every :data:`FOLD`-th of the distinct names, sorted, from the first.

    Examples
    --------
    >>> fold_files(f"br-{i:02}" for i in range(25))
    ['br-00', 'br-10', 'br-20']
    """
    return sorted(set(names))[::FOLD]


def train_semcor_tagger(
    root: str | os.PathLike[str],
    *,
    exclude: Iterable[str] = (),
    iterations: int = ITERATIONS,
    fold_tagger: Tagger | None = None,
    perceptron: Tagger | None = None,
) -> Tagger:
    """The tagger, sentence splitter, multiword model and verb detector trained on SemCor's
    tag files under ``root`` (module docstring); the same files give the same tagger.

    Parameters
    ----------
    root : str or PathLike
        SemCor's directory.
    exclude : iterable of str, default=()
        Names of tag files left out (``br-a01``).
    iterations : int, default=ITERATIONS
        The perceptron's passes.
    fold_tagger, perceptron : Tagger, optional
        The perceptron trained on the files but the detector's fold, and the one trained on all
        the files, when at hand (trained otherwise; only their weights, tag dictionaries and
        classes are used).

    Returns
    -------
    Tagger
        With its source, sentence parameters, multiword model, verb forms and detector.

    Raises
    ------
    CorpusFormatError
        If ``root`` holds no tag file or a file is malformed (:func:`semcor_documents`).
    WSDError
        If the files left hold too little to train the perceptron or the verb detector on.
    """
    left_out = sorted(set(exclude))
    documents = semcor_documents(root, exclude=left_out)
    detector, fold = _verb_detector(documents, fold_tagger, iterations)
    sentences = tagged_words(documents)
    source: dict[str, Any] = {
        "corpus": "SemCor 3.0",
        "files": len(documents),
        "excluded": left_out,
        "detector_fold": sorted(fold),
        "sentences": len(sentences),
        "words": sum(len(s) for s in sentences),
        "iterations": iterations,
        "seed": SEED,
    }
    if perceptron is None:
        perceptron = train_tagger(sentences, iterations=iterations)
    return replace(
        perceptron,
        sentence_parameters=learn_sentence_parameters([_plain_text(d) for d in documents]),
        multiword_model=train_multiword_model(sentences, joined_verbs(documents)),
        source=source,
        verb_forms=verb_form_counts(documents),
        verb_detector=detector,
    )


def _verb_detector(
    documents: Sequence[Sequence[AnnotatedSentence]], fold_tagger: Tagger | None, iterations: int
) -> tuple[LinearModel, set[str]]:
    """The verb detector trained on the sentences of the fold's files tagged by a perceptron
    trained on the other files (``fold_tagger`` when given), and the fold's file names."""
    names = [d[0].sentence.source for d in documents if d]
    fold = set(fold_files(names))
    rest = [d for d, name in zip(documents, names, strict=True) if name not in fold]
    if fold_tagger is None:
        fold_tagger = train_tagger(tagged_words(rest), iterations=iterations)
    counts = verb_form_counts(rest)
    examples = []
    fold_documents = [d for d, name in zip(documents, names, strict=True) if name in fold]
    for item in (item for document in fold_documents for item in document):
        words, labels = sense_tagged_words(item)
        examples.append((words, fold_tagger.tag(words), labels))
    return train_verb_detector(examples, counts), fold


def ensure_tagger(
    path: str | os.PathLike[str] | None = None,
    *,
    say: Callable[[str], None] | None = None,
    force: bool = False,
) -> tuple[Tagger, bool]:
    """The tagger saved at ``path``, and whether it was put there now.

    The toolkit's own tagger (:func:`~wsd.text.tagger.shipped_tagger_file`, trained on all of
    SemCor) is copied there when the file is missing, when it is a copy of an older release of
    it, or with ``force``; a tagger trained by the user is kept.

    Parameters
    ----------
    path : str or PathLike, optional
        The tagger file (default: :func:`~wsd.text.tagger.tagger_path`).
    say : callable, optional
        Gets a one-line message before a copy (default: written to standard error).
    force : bool, default=False
        Copy the toolkit's tagger even over a tagger trained by the user.

    Returns
    -------
    tuple of (Tagger, bool)
        The tagger, and whether it was copied now.

    Raises
    ------
    DataError
        Naming the file when it cannot be read or written.
    OutputError
        If the file's place cannot be written (checked before the copy).
    """
    target = Path(path) if path is not None else tagger_path()
    if target.exists() and not force:
        tagger = load_tagger(target)
        copied_from = tagger.source.get("shipped")
        if copied_from is None or copied_from == shipped_digest():
            return tagger, False
    check_outputs(files=[("the part-of-speech tagger", target)])
    (say or _stderr)(f"installing the part-of-speech tagger trained on SemCor -> {target}")
    shipped = load_shipped_tagger()
    tagger = replace(shipped, source={**shipped.source, "shipped": shipped_digest()})
    try:
        save_tagger(tagger, target)
    except OSError as exc:
        raise DataError(f"cannot write tagger file {target}: {exc.strerror or exc}") from None
    return tagger, True


def _stderr(message: str) -> None:
    print(f"wsd: {message}", file=sys.stderr)
