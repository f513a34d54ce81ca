"""CoNLL-U (Universal Dependencies v2): read and write.

A sentence is comment lines (``# sent_id = ...``, ``# newdoc id = ...``, ``# lang = ...``)
and one line per word: ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``, tab-separated,
``_`` for empty; a blank line ends it.  Reading gives :class:`~wsd.types.AnnotatedSentence`
records: the syntactic words are the tokens (normalised, :mod:`wsd.normalise`; English lemmas
by morphy, other languages the file's LEMMA), a multiword-token line (``1-2 can't``) is kept
on its first word's annotation (``mwt``, ``mwt_end``, ``mwt_misc``) and empty nodes (``5.1``)
are skipped.  An annotation holds the file's lemma and UPOS, the gold keys and, as
attributes, ``xpos``, ``feats``, ``head`` (the HEAD number), ``deprel``, the rest of ``misc``
and ``id`` for a target.  Targets: words whose MISC has ``Instance=ID``, whatever their UPOS;
in a file with no ``Instance=`` at all, every UPOS ``VERB`` word, with id
``<sent_id>.t<ID>`` (``AUX`` words are no targets: the loader counts them as ``auxiliary``).
Gold: MISC ``Sense=key1,key2`` and/or a key file (default ``x.gold.key.txt`` beside
``x.conllu``); ``Sense=`` on a word that is no target is a case filler's noun sense.
Language: ``# lang = ja`` holds from its sentence on, else the UD file name
(``ja_gsd-ud-dev.conllu``), else English.  ``Sentence.source``: the last ``# newdoc id``, else
the file name without ``.conllu``.  DEPS (the enhanced graph) is not kept.  Errors name
``file:line``.  The file is read as it goes (:func:`iter_conllu`): a first look for
``Instance=``, then one sentence at a time.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from thesaurus.utils.outputs import atomic_open
from thesaurus.utils.text_input import bounded_lines, quote, read_limited, stream_lines
from wsd._exceptions import CorpusFormatError
from wsd.corpus.keys import id_problem, key_lines, malformed_key, normalise_key, writable
from wsd.corpus.raganato import gold_key_path
from wsd.normalise import ENGLISH, normalise_token
from wsd.types import AnnotatedSentence, Annotation, Instance, Sentence, Token

__all__ = ["annotate_instances", "iter_conllu", "read_conllu", "write_conllu"]

_WHAT = "CoNLL-U file"
_COLUMNS = 10
_UD_FILE = re.compile(r"^([a-z]{2,3})_[^-\s]+-ud-[a-z]+\.conllu$")
# The 12 universal tags our tokens carry -> the UD tag written (the others are UD tags).
_TO_UD = {".": "PUNCT", "CONJ": "CCONJ", "PRT": "PART"}
_KEPT = ("xpos", "feats", "head", "deprel")  # columns kept as attributes, in column order
_MISC_OURS = ("Instance", "Sense")


@dataclass(slots=True)
class _Word:
    line: int
    columns: list[str]
    mwt: tuple[str, str, str] | None = None  # (end ID, form, misc) of a multiword token


@dataclass(slots=True)
class _Block:
    """One sentence as read: its comments and words."""

    line: int
    comments: dict[str, str] = field(default_factory=dict)
    words: list[_Word] = field(default_factory=list)


def _file_lang(path: Path) -> str:
    match = _UD_FILE.match(path.name)
    return match[1] if match else ENGLISH


class _Lines:
    """The lines of a CoNLL-U file, read twice (a first look for ``Instance=``, then the
    sentences): streamed from a regular file; a pipe or a device, which can be read once only,
    is read into memory."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: bytes | None = None
        if not path.is_file():
            try:
                with open(path, "rb") as handle:
                    self._data = read_limited(handle, path, CorpusFormatError, _WHAT)
            except OSError as exc:
                raise CorpusFormatError(
                    f"cannot read {_WHAT} {path}: {exc.strerror or exc}"
                ) from None

    def raw(self) -> Iterator[bytes]:
        """The lines as bytes, each with its ``\\n``."""
        if self._data is not None:
            yield from bounded_lines(io.BytesIO(self._data), self.path, CorpusFormatError, _WHAT)
            return
        try:
            handle = open(self.path, "rb")
        except OSError as exc:
            raise CorpusFormatError(f"cannot read {_WHAT} {self.path}: {exc.strerror}") from None
        with handle:
            yield from bounded_lines(handle, self.path, CorpusFormatError, _WHAT)

    def numbered(self) -> Iterator[tuple[int, str]]:
        """``(number, line)`` of every line, by the text rules of
        :mod:`thesaurus.utils.text_input`."""
        return stream_lines(self.path, self.raw(), CorpusFormatError)

    def has_instances(self) -> bool:
        """Whether a word line's MISC names ``Instance`` (a malformed line is left to the
        reading, which reports the first problem in file order)."""
        for chunk in self.raw():
            if b"Instance=" not in chunk:
                continue
            for line in chunk.splitlines():
                columns = line.split(b"\t")
                if len(columns) == _COLUMNS and not line.startswith(b"#"):
                    if any(item.startswith(b"Instance=") for item in columns[9].split(b"|")):
                        return True
        return False


def _blocks(path: Path, lines: Iterable[tuple[int, str]]) -> Iterator[_Block]:
    """The sentences of the file, each word's ten columns checked for shape."""
    block: _Block | None = None
    span: tuple[int, int, str, str] | None = None
    for number, line in lines:
        if not line.strip():
            if block is not None and block.words:
                _close(path, number, span, block)
                yield block
                block, span = None, None
            continue
        if block is None:
            block = _Block(number)
        if line.startswith("#"):
            if block.words:
                raise CorpusFormatError(f"{path}:{number}: a comment inside a sentence")
            name, _, value = line[1:].partition("=")
            block.comments[name.strip()] = value.strip()
            continue
        columns = line.split("\t")
        if len(columns) != _COLUMNS:
            raise CorpusFormatError(
                f"{path}:{number}: expected {_COLUMNS} tab-separated columns, got {len(columns)}"
            )
        span = _add_line(path, number, columns, block, span)
    if block is not None and block.words:
        _close(path, None, span, block)
        yield block


def _number(path: Path, line: int, text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise CorpusFormatError(f"{path}:{line}: {what} must be a whole number, got {quote(text)}")
    return int(text)


def _no_target_on(path: Path, line: int, misc: str, what: str) -> None:
    """Refuse ``Instance=``/``Sense=`` on a line that is no word of the sentence."""
    for item in misc.split("|"):
        name = item.partition("=")[0]
        if name in _MISC_OURS:
            raise CorpusFormatError(
                f"{path}:{line}: {name}= on {what}, which is no word of the sentence: put it "
                "on a word"
            )


def _add_line(
    path: Path,
    line: int,
    columns: list[str],
    block: _Block,
    span: tuple[int, int, str, str] | None,
) -> tuple[int, int, str, str] | None:
    """Add one word line to ``block``; return the multiword token still open."""
    ident, form = columns[0], columns[1]
    expected = len(block.words) + 1
    if "." in ident:  # an empty node: no surface token, no HEAD number
        whole, _, decimal = ident.partition(".")
        _number(path, line, whole, "an empty node's ID")
        _number(path, line, decimal, "an empty node's ID")
        _no_target_on(path, line, columns[9], f"the empty node {ident} (an elided word)")
        return span
    if "-" in ident:
        first, _, last = ident.partition("-")
        start, end = _number(path, line, first, "ID"), _number(path, line, last, "ID")
        if start != expected or end < start:
            raise CorpusFormatError(
                f"{path}:{line}: multiword token {quote(ident)} must start at word {expected}"
            )
        _no_target_on(path, line, columns[9], f"the multiword token {ident} (words {start}-{end})")
        return (start, end, form, columns[9])
    if _number(path, line, ident, "ID") != expected:
        raise CorpusFormatError(f"{path}:{line}: word ID {quote(ident)}, expected {expected}")
    if not form:
        raise CorpusFormatError(f"{path}:{line}: empty FORM")
    word = _Word(line, columns)
    if span is not None and span[0] == expected:
        word.mwt = (str(span[1]), span[2], span[3])
    block.words.append(word)
    return span if span is not None and span[1] > expected else None


def _close(
    path: Path, line: int | None, span: tuple[int, int, str, str] | None, block: _Block
) -> None:
    """Check the sentence's multiword tokens and tree once all its words are read."""
    if span is not None:
        where = f"{path}:{line}" if line is not None else str(path)
        raise CorpusFormatError(f"{where}: multiword token ends past the sentence's last word")
    heads = [w.columns[6] for w in block.words]
    if all(h == "_" for h in heads):
        return
    n = len(heads)
    numbers = []
    for word, head in zip(block.words, heads, strict=True):
        if head == "_":
            raise CorpusFormatError(
                f"{path}:{word.line}: HEAD '_' in a sentence whose other words have a HEAD"
            )
        value = _number(path, word.line, head, "HEAD")
        if value > n:
            raise CorpusFormatError(
                f"{path}:{word.line}: HEAD {value} is outside the sentence (words 1..{n})"
            )
        numbers.append(value)
    rooted = [False] * (n + 1)  # words known to reach the root (0: the root itself)
    rooted[0] = True
    for start in range(1, n + 1):
        walked: list[int] = []  # each word is walked once: a chain of n words costs n steps
        at = start
        while not rooted[at] and len(walked) <= n:
            walked.append(at)
            at = numbers[at - 1]
        if not rooted[at]:
            raise CorpusFormatError(
                f"{path}:{block.words[start - 1].line}: word {start} is in a HEAD cycle"
            )
        for seen in walked:
            rooted[seen] = True


def _misc(path: Path, word: _Word) -> tuple[str | None, tuple[str, ...] | None, str]:
    """(instance id, gold keys, the rest of MISC) of a word; ``Instance=`` or ``Sense=`` given
    twice is an error (which one holds is unknown)."""
    instance: str | None = None
    senses: tuple[str, ...] | None = None
    rest = []
    text = word.columns[9]
    for item in text.split("|") if text != "_" else ():
        name, _, value = item.partition("=")
        if name in _MISC_OURS and (instance if name == "Instance" else senses) is not None:
            raise CorpusFormatError(f"{path}:{word.line}: MISC gives {name}= twice")
        if name == "Instance":
            problem = id_problem(value)
            if problem is not None:
                raise CorpusFormatError(
                    f"{path}:{word.line}: bad instance id {quote(value)}: {problem}"
                )
            instance = value
        elif name == "Sense":
            keys = value.split(",")
            if not all(k and writable(k) for k in keys):
                raise CorpusFormatError(f"{path}:{word.line}: bad Sense= value {quote(value)}")
            senses = tuple(normalise_key(k) for k in keys)
        else:
            rest.append(item)
    return instance, senses, "|".join(rest)


@dataclass(slots=True)
class _Reader:
    """What holds for a whole file: the targets' rule and the key file's gold."""

    path: Path
    auto: bool  # no Instance= in the file: every VERB word is a target
    key_path: Path
    gold: dict[str, tuple[int, tuple[str, ...]]]  # instance id -> (key-file line, keys)

    def sentence(
        self, block: _Block, number: int, source: str, lang: str
    ) -> tuple[AnnotatedSentence, list[tuple[str, int]]]:
        """The annotated sentence of a block and its (instance id, line) pairs."""
        path = self.path
        sentence_id = block.comments.get("sent_id") or f"{source}.s{number}"
        tokens: list[Token] = []
        notes: list[Annotation] = []
        targets: list[tuple[str, int]] = []
        for word in block.words:
            ident, form, lemma, upos, xpos = word.columns[:5]
            given = None if lemma == "_" else lemma
            tag = upos if upos != "_" else xpos if xpos != "_" else ""
            tokens.append(normalise_token(form, tag, given, lang))
            instance, senses, misc = _misc(path, word)
            if self.auto and upos == "VERB":
                instance = f"{sentence_id}.t{ident}"
                problem = id_problem(instance)
                if problem is not None:
                    raise CorpusFormatError(
                        f"{path}:{block.line}: sentence id {quote(sentence_id)} gives its verbs "
                        f"instance ids such as {quote(instance)}: {problem}"
                    )
            attrs = [(name, word.columns[i]) for name, i in zip(_KEPT, (4, 5, 6, 7), strict=True)]
            attrs = [(name, value) for name, value in attrs if value != "_"]
            if misc:
                attrs.append(("misc", misc))
            if instance is not None:
                attrs.append(("id", instance))
                targets.append((instance, word.line))
                senses = self._gold(word, instance, senses)
            elif senses is not None:
                _check_filler_gold(path, word, senses)
            if word.mwt is not None:
                end, surface, mwt_misc = word.mwt
                attrs += [("mwt", surface), ("mwt_end", end)]
                if mwt_misc != "_":
                    attrs.append(("mwt_misc", mwt_misc))
            noted = normalise_key(given) if given is not None else None
            tagged = upos if upos != "_" else ""
            notes.append(Annotation(noted, tagged, senses or (), tuple(sorted(attrs))))
        sentence = Sentence(sentence_id, tuple(tokens), source, lang)
        return AnnotatedSentence(sentence, tuple(notes)), targets

    def _gold(
        self, word: _Word, instance: str, senses: tuple[str, ...] | None
    ) -> tuple[str, ...] | None:
        """A target's gold: its ``Sense=`` and its key-file line, which must agree."""
        line = self.gold.get(instance)
        if line is None:
            return senses
        if senses is not None and set(senses) != set(line[1]):
            raise CorpusFormatError(
                f"{self.path}:{word.line}: Sense= of {quote(instance)} differs from its line in "
                f"{self.key_path}"
            )
        return line[1]


def _check_filler_gold(path: Path, word: _Word, senses: tuple[str, ...]) -> None:
    """A case filler's noun sense that claims to be a WordNet key must be one: unlike a target's
    gold (a counted skip, ``malformed-sense-key``), it would pass as gold unnoticed."""
    problem = next(filter(None, map(malformed_key, senses)), None)
    if problem is not None:
        raise CorpusFormatError(
            f"{path}:{word.line}: Sense= of a word that is no target (a case filler's noun "
            f"sense): {problem}"
        )


def iter_conllu(
    path: str | os.PathLike[str],
    key: str | os.PathLike[str] | None = None,
    *,
    lang: str | None = None,
) -> Iterator[AnnotatedSentence]:
    """The annotated sentences of a CoNLL-U file, in file order, read as they are taken
    (:func:`read_conllu`: the same as a list).

    The key file is read, and the file looked through for ``Instance=``, at the call.

    Parameters
    ----------
    path : str or PathLike
        The CoNLL-U file.
    key : str or PathLike, optional
        A gold key file (default: ``*.gold.key.txt`` beside the file if present).
    lang : str, optional
        The language of the sentences, overriding the file's.

    Yields
    ------
    AnnotatedSentence
        Each sentence with its tokens' annotations.

    Raises
    ------
    CorpusFormatError
        Naming ``file:line`` when a sentence is reached that is malformed, and at the end for a
        key-file id that is no instance.
    """
    path = Path(path)
    key_path = Path(key) if key is not None else gold_key_path(path)
    gold: dict[str, tuple[int, tuple[str, ...]]] = {}
    if key is not None or key_path.is_file():
        gold = {instance: (lineno, keys) for lineno, instance, keys in key_lines(key_path)}
    lines = _Lines(path)
    reader = _Reader(path, not lines.has_instances(), key_path, gold)
    return _sentences(reader, lines, lang)


def _sentences(reader: _Reader, lines: _Lines, lang: str | None) -> Iterator[AnnotatedSentence]:
    path = reader.path
    language = lang.lower() if lang is not None else _file_lang(path)
    source = path.name.removesuffix(".conllu")
    sentences: dict[str, int] = {}
    targets: dict[str, int] = {}
    for number, block in enumerate(_blocks(path, lines.numbered()), 1):
        if "newdoc id" in block.comments or "newdoc" in block.comments:
            source = block.comments.get("newdoc id", "")
        if lang is None and "lang" in block.comments:
            language = block.comments["lang"].lower() or ENGLISH
        item, found = reader.sentence(block, number, source, language)
        sentence_id = item.sentence.id
        if sentence_id in sentences:
            raise CorpusFormatError(
                f"{path}:{block.line}: sentence id {quote(sentence_id)} given twice (first on "
                f"line {sentences[sentence_id]})"
            )
        sentences[sentence_id] = block.line
        for instance, line in found:
            if instance in targets:
                raise CorpusFormatError(
                    f"{path}:{line}: instance id {quote(instance)} given twice (first on line "
                    f"{targets[instance]})"
                )
            targets[instance] = line
        yield item
    if not sentences:
        raise CorpusFormatError(f"{path}: no sentence in this file")
    unknown = [(line, i) for i, (line, _) in reader.gold.items() if i not in targets]
    if unknown:
        line, instance = min(unknown)
        raise CorpusFormatError(
            f"{reader.key_path}:{line}: {quote(instance)} is not an instance of {path}"
        )


def read_conllu(
    path: str | os.PathLike[str],
    key: str | os.PathLike[str] | None = None,
    *,
    lang: str | None = None,
) -> list[AnnotatedSentence]:
    """The annotated sentences of a CoNLL-U file, in file order (module docstring).

    Parameters
    ----------
    path : str or PathLike
        The CoNLL-U file; gold keys come from MISC ``Sense=``.
    key : str or PathLike, optional
        A gold key file too (default: ``*.gold.key.txt`` beside the file if present).
    lang : str, optional
        The language of the sentences, overriding the file's.

    Returns
    -------
    list of AnnotatedSentence
        Each sentence with its tokens' annotations.

    Raises
    ------
    CorpusFormatError
        Naming ``file:line`` for a malformed line, a sentence or instance id given twice or one
        that is no instance id (:func:`~wsd.corpus.keys.id_problem`), ``Instance=``/``Sense=``
        given twice in one MISC or on a line that is no word, a case filler's malformed WordNet
        key, a key-file id that is no instance, or gold given both ways and differing.
    """
    return list(iter_conllu(path, key, lang=lang))


def annotate_instances(
    instances: Iterable[Instance], trees: Iterable[AnnotatedSentence] | None = None
) -> Iterator[AnnotatedSentence]:
    """The sentences of ``instances`` with each instance's id, lemma and gold, and its
    fillers' gold, on their tokens.

    Parameters
    ----------
    instances : iterable of Instance
        The instances to annotate.
    trees : iterable of AnnotatedSentence, optional
        The annotated sentences the instances were read from, in the same order (taken as they
        are needed, so a file read with :func:`iter_conllu` is never held whole): a sentence
        keeps its tree's columns (tree, features, multiword tokens).

    Yields
    ------
    AnnotatedSentence
        The instances' sentences in first-seen order.

    Raises
    ------
    ValueError
        If ``trees`` lack an instance's sentence.
    """
    groups: dict[str, list[Instance]] = {}
    for instance in instances:
        groups.setdefault(instance.sentence.id, []).append(instance)
    bases = iter(trees) if trees is not None else None
    for sentence_id, group in groups.items():
        sentence = group[0].sentence
        other = next(
            (i for i in group if i.sentence is not sentence and i.sentence != sentence), None
        )
        if other is not None:
            raise CorpusFormatError(
                f"instances {quote(group[0].id)} and {quote(other.id)}: two different sentences "
                f"with id {quote(sentence_id)}"
            )
        base = None
        if bases is not None:
            base = next((tree for tree in bases if tree.sentence.id == sentence_id), None)
            if base is None:
                raise ValueError(f"no tree of sentence {sentence_id!r}, or not in its order")
        yield _annotated(group, base)


def _annotated(instances: Sequence[Instance], base: AnnotatedSentence | None) -> AnnotatedSentence:
    """One sentence with its ``instances`` marked on ``base``'s columns (or on none)."""
    sentence = instances[0].sentence
    notes = (
        [_plain(note) for note in base.annotations]
        if base is not None
        else [Annotation() for _ in sentence.tokens]
    )
    for instance in instances:
        note = notes[instance.position]
        if note.attr("id") is not None:
            raise CorpusFormatError(
                f"instances {quote(note.attr('id') or '')} and {quote(instance.id)} are one token "
                f"({instance.position} of sentence {quote(sentence.id)}): a file marks it once"
            )
        attrs = tuple(sorted((*note.attrs, ("id", instance.id))))
        notes[instance.position] = replace(
            note, lemma=instance.lemma, senses=instance.gold, attrs=attrs
        )
    targets = {instance.position for instance in instances}
    for instance in instances:  # a target's own gold wins over a filler's on its word
        if instance.frame is not None and instance.filler_gold:
            for (_, filler), gold in zip(instance.frame.cases, instance.filler_gold, strict=True):
                if gold is not None and 0 <= filler.position < len(notes):
                    if filler.position not in targets:
                        notes[filler.position] = replace(notes[filler.position], senses=(gold,))
    return AnnotatedSentence(sentence, tuple(notes))


def _plain(note: Annotation) -> Annotation:
    """An annotation without target and gold."""
    return replace(note, senses=(), attrs=tuple(a for a in note.attrs if a[0] != "id"))


def _text(sentence: Sentence, notes: Sequence[Annotation]) -> str:
    """The ``# text`` of a sentence: surface forms, spaced unless ``SpaceAfter=No``."""
    parts: list[str] = []
    skip_to = 0
    for i, (token, note) in enumerate(zip(sentence.tokens, notes, strict=True)):
        if i < skip_to:
            continue
        form, misc = token.form, note.attr("misc", "") or ""
        surface = note.attr("mwt")
        if surface is not None:
            form, misc = surface, note.attr("mwt_misc", "") or ""
            skip_to = int(note.attr("mwt_end", "0") or 0)
        parts.append(form)
        if "SpaceAfter=No" not in misc.split("|"):
            parts.append(" ")
    return "".join(parts).strip()


def _misc_column(note: Annotation, where: str) -> str:
    items = []
    instance = note.attr("id")
    if instance is not None:
        if "|" in instance or not writable(instance):
            raise CorpusFormatError(f"{where}: instance id {quote(instance)} cannot be written")
        items.append(f"Instance={instance}")
    if note.senses:
        if any("," in key or "|" in key for key in note.senses):
            raise CorpusFormatError(f"{where}: a sense key holds ',' or '|': {note.senses}")
        items.append("Sense=" + ",".join(note.senses))
    rest = note.attr("misc")
    if rest:
        items.append(rest)
    return "|".join(items) or "_"


def _word_lines(sentence: Sentence, notes: Sequence[Annotation]) -> Iterator[str]:
    for i, (token, note) in enumerate(zip(sentence.tokens, notes, strict=True)):
        surface = note.attr("mwt")
        if surface is not None:
            misc = note.attr("mwt_misc") or "_"
            yield f"{i + 1}-{note.attr('mwt_end')}\t{surface}\t_\t_\t_\t_\t_\t_\t_\t{misc}"
        upos = note.tag or _TO_UD.get(token.pos, token.pos) or "_"
        lemma = note.lemma or token.lemma or "_"
        kept = [note.attr(name) or "_" for name in _KEPT]
        misc = _misc_column(note, f"sentence {quote(sentence.id)}, word {i + 1}")
        yield "\t".join([str(i + 1), token.form, lemma, upos, *kept, "_", misc])


def write_conllu(items: Iterable[AnnotatedSentence], path: str | os.PathLike[str]) -> int:
    """Write annotated sentences as CoNLL-U, atomically.

    ``# newdoc id`` is written when the source changes, ``# lang`` when the language does;
    targets as ``Instance=``, gold as ``Sense=``.  :func:`read_conllu` reads back equal
    sentences.

    Parameters
    ----------
    items : iterable of AnnotatedSentence
        The sentences to write.
    path : str or PathLike
        The output file.

    Returns
    -------
    int
        The number of sentences written.
    """
    count = 0
    source: str | None = None
    lang: str | None = None
    with atomic_open(Path(path)) as out:
        for item in items:
            sentence = item.sentence
            if any(ch in sentence.id for ch in "\n\r"):
                raise CorpusFormatError(f"sentence id {quote(sentence.id)} cannot be written")
            if sentence.source != source:
                source = sentence.source
                out.write(f"# newdoc id = {source}\n" if source else "# newdoc\n")
            if sentence.lang != lang:
                lang = sentence.lang
                out.write(f"# lang = {lang}\n")
            out.write(f"# sent_id = {sentence.id}\n# text = {_text(sentence, item.annotations)}\n")
            for line in _word_lines(sentence, item.annotations):
                out.write(line + "\n")
            out.write("\n")
            count += 1
    return count
