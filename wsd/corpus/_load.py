"""``load_corpus``: verb instances of any supported corpus, with an account of every verb token.

Every verb token (SemCor: Penn tag ``VB*``; Raganato: ``VERB``; JSONL: every line) ends up
either as an instance or in ``CorpusStats.skipped`` under one reason (``untagged``,
``no-lemma[:<ot>]``, ``not-in-verbs-filter``, ``malformed-sense-key``, ``not-a-verb-sense``,
``sense-lost-in-mapping``, ``no-gold``; meanings in ``wsd/corpus/README.md``), so that
``verb_instances + sum(skipped.values()) == verb_tokens``.  With ``require_gold=False`` the
last four are instances without gold, counted in ``CorpusStats.without_gold``.
"""

from __future__ import annotations

import functools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from pathlib import Path

from thesaurus.utils.disk_cache import collector_paused
from thesaurus.utils.text_input import quote
from wsd._exceptions import CorpusFormatError, WSDError
from wsd.corpus._semcor_cache import cached_name, semcor_store
from wsd.corpus.conllu import iter_conllu
from wsd.corpus.jsonl import read_jsonl
from wsd.corpus.keys import claims_wordnet, id_problem, is_wordnet_key, wordnet_pos
from wsd.corpus.raganato import read_raganato
from wsd.corpus.semcor import read_semcor, semcor_files, sense_keys
from wsd.frames import ClassTable, extract_frame, extract_tree_frame, has_tree
from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Instance, Sentence, Token

__all__ = [
    "DOCUMENT",
    "FORMATS",
    "Corpus",
    "CorpusStats",
    "claim_ids",
    "detect_format",
    "load_corpus",
    "load_sentences",
]

FORMATS = ("auto", "semcor", "raganato", "jsonl", "conllu")
DOCUMENT = "document"  # context_window: the instance's whole document
_SEMCOR_VERB = "VB"  # SemCor's own (Penn) tags: VB, VBD, ... (not MD)
_UNIVERSAL_VERB = "VERB"
_UD_AUXILIARY = "AUX"


@dataclass(slots=True)
class CorpusStats:
    """Counts of one loaded corpus (filled by the loader; reasons in the module docstring).

    Parameters
    ----------
    files : int, default=0
        The files read.
    sentences : int, default=0
        The sentences read.
    tokens : int, default=0
        The tokens read.
    verb_tokens : int, default=0
        The verb tokens: ``verb_instances + sum(skipped.values())``.
    verb_instances : int, default=0
        The instances made.
    verb_lemmas : int, default=0
        The distinct lemmas among the instances.
    senses : int, default=0
        The distinct gold keys among the instances.
    skipped : dict of str to int, default={}
        Verb tokens left out, by reason.
    missing_verbs : list of str, default=[]
        Requested verbs with no instance.
    without_gold : dict of str to int, default={}
        Instances without gold, by reason (``require_gold=False``).
    """

    files: int = 0
    sentences: int = 0
    tokens: int = 0
    verb_tokens: int = 0
    verb_instances: int = 0
    verb_lemmas: int = 0
    senses: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    missing_verbs: list[str] = field(default_factory=list)
    without_gold: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["skipped"] = dict(sorted(self.skipped.items()))
        data["without_gold"] = dict(sorted(self.without_gold.items()))
        return data


@dataclass(slots=True)
class Corpus:
    """The verb instances of a corpus, its counts, where it came from and its format.

    Parameters
    ----------
    instances : list of Instance
        The verb instances, in corpus order.
    stats : CorpusStats
        The counts, every verb token an instance or a counted skip.
    source : str
        Where the corpus came from (its path).
    fmt : str
        Its format (``semcor``, ``raganato``, ``jsonl``, ``conllu``, ``text``).
    """

    instances: list[Instance]
    stats: CorpusStats
    source: str
    fmt: str


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format of a corpus, told by its path.

    Parameters
    ----------
    path : str or PathLike
        A corpus file or directory.

    Returns
    -------
    str
        ``semcor`` for a directory or a ``br-*`` file, ``raganato`` for ``*.xml``, ``jsonl``
        for ``*.jsonl``, ``conllu`` for ``*.conllu``.

    Raises
    ------
    CorpusFormatError
        If the name matches none of these.
    """
    path = Path(path)
    name = path.name
    if path.is_dir() or name.startswith("br-"):
        return "semcor"
    if name.endswith(".xml"):
        return "raganato"
    if name.endswith(".jsonl"):
        return "jsonl"
    if name.endswith(".conllu"):
        return "conllu"
    raise CorpusFormatError(
        f"cannot tell the format of {path}: name it *.data.xml / *.jsonl / *.conllu / br-*, or "
        f"pass --format semcor|raganato|jsonl|conllu"
    )


def claim_ids(corpus: Corpus, taken: dict[str, str]) -> None:
    """Add the instance ids of ``corpus`` to ``taken``, for the corpora read together in one run.

    Parameters
    ----------
    corpus : Corpus
        The corpus just read.
    taken : dict of str to str
        Instance id -> the source of the corpus that holds it; updated in place.

    Raises
    ------
    CorpusFormatError
        Naming an id an earlier corpus holds (its instance would be answered, counted and
        trained on twice); ``taken`` is then left unchanged.
    """
    clash = next((i.id for i in corpus.instances if i.id in taken), None)
    if clash is not None:
        raise CorpusFormatError(
            f"{corpus.source}: instance id {quote(clash)} is an instance of {taken[clash]} "
            "too (a file given twice? an id names one instance in all the corpora read)"
        )
    taken.update((instance.id, corpus.source) for instance in corpus.instances)


def _normalise_verbs(verbs: Iterable[str] | None) -> frozenset[str] | None:
    if verbs is None:
        return None
    return frozenset(v.strip().replace(" ", "_").lower() for v in verbs if v.strip())


class _Builder:
    """Turns verb tokens into instances or counted skips."""

    def __init__(
        self,
        verbs: frozenset[str] | None,
        require_gold: bool,
        frame: Callable[[AnnotatedSentence, int], CaseFrame] | None,
    ) -> None:
        self.verbs = verbs
        self.require_gold = require_gold
        self.frame = frame
        self.stats = CorpusStats()
        self.skipped: Counter[str] = Counter()
        self.without_gold: Counter[str] = Counter()
        self.instances: list[Instance] = []
        self._made: set[str] = set()  # the ids made here (the readers check the ids they read)

    def skip_reason(
        self, note: Annotation, lemma: str | None, gold: tuple[str, ...]
    ) -> tuple[str | None, tuple[str, ...]]:
        """Why a verb token is skipped (None: it is an instance) and the gold it keeps."""
        if lemma is None:
            if note.attr("cmd") in ("tag", "verify_tag"):
                return "untagged", gold
            other = note.attr("ot")
            if other is not None:
                return f"no-lemma:{other}", gold
            return ("no-lemma:ignored" if note.attr("cmd") == "ignore" else "no-lemma"), gold
        if self.verbs is not None and lemma not in self.verbs:
            return "not-in-verbs-filter", gold
        reason = _gold_problem(note, lemma, gold)
        if reason is None and gold:
            return None, gold
        if reason is None:
            numbers = note.attr("wnsn")
            lost = numbers is not None and set(numbers.split(";")) == {"0"}
            reason = "sense-lost-in-mapping" if lost else "no-gold"
        if self.require_gold:
            return reason, ()
        self.without_gold[reason] += 1
        return None, ()

    def add(
        self,
        item: AnnotatedSentence,
        position: int,
        *,
        instance_id: str | None = None,
        window: tuple[tuple[Token, ...], int] | None = None,
    ) -> None:
        """Count one verb token; keep it as an instance unless a skip reason applies."""
        sentence = item.sentence
        note = item.annotations[position]
        self.stats.verb_tokens += 1
        lemma = note.lemma
        reason, gold = self.skip_reason(note, lemma, note.senses)
        if reason is not None:
            self.skipped[reason] += 1
            return
        assert lemma is not None
        context, context_index = window if window is not None else ((), -1)
        frame = self.frame(item, position) if self.frame is not None else None
        self.instances.append(
            Instance(
                id=instance_id or self._made_id(sentence, position),
                lemma=lemma,
                gold=gold,
                sentence=sentence,
                position=position,
                frame=frame,
                context=context,
                context_index=context_index,
                filler_gold=_filler_gold(frame, item.annotations),
            )
        )

    def _made_id(self, sentence: Sentence, position: int) -> str:
        """``<sentence id>.t<position>``, held to the rule of the ids a reader reads."""
        made = f"{sentence.id}.t{position}"
        problem = id_problem(made)
        if problem is None and made in self._made:
            problem = "given twice (two sentences of one id?)"
        if problem is not None:
            raise CorpusFormatError(f"{sentence.source}: instance id {quote(made)}: {problem}")
        self._made.add(made)
        return made

    def finish(self, source: str, fmt: str) -> Corpus:
        stats = self.stats
        stats.verb_instances = len(self.instances)
        stats.skipped = dict(self.skipped)
        stats.without_gold = dict(self.without_gold)
        lemmas = {instance.lemma for instance in self.instances}
        stats.verb_lemmas = len(lemmas)
        stats.senses = len({key for instance in self.instances for key in instance.gold})
        stats.missing_verbs = sorted(self.verbs - lemmas) if self.verbs is not None else []
        return Corpus(self.instances, stats, source, fmt)


def _gold_problem(note: Annotation, lemma: str, gold: tuple[str, ...]) -> str | None:
    """Why a verb token's gold keys cannot be its gold (module docstring), or None."""
    if not gold:
        lexsn = note.attr("lexsn")
        if lexsn is not None and sense_keys(lemma, lexsn) is None:
            return "malformed-sense-key"
        return None
    problems = [_key_problem(key) for key in gold]
    if "malformed-sense-key" in problems:
        return "malformed-sense-key"
    return "not-a-verb-sense" if "not-a-verb-sense" in problems else None


@functools.lru_cache(maxsize=1 << 16)
def _key_problem(key: str) -> str | None:
    """What is wrong with one gold key of a verb, or None."""
    if not claims_wordnet(key):
        return None  # a sense id of another thesaurus
    if not is_wordnet_key(key):
        return "malformed-sense-key"
    return None if wordnet_pos(key) == "2" else "not-a-verb-sense"


def _filler_gold(
    frame: CaseFrame | None, annotations: Sequence[Annotation]
) -> tuple[str | None, ...]:
    """The first gold key of each filler's head token (None: untagged or, for a target's
    malformed key, counted at the target: the readers refuse one on any other word; empty: none
    tagged)."""
    if frame is None:
        return ()
    gold = tuple(
        annotations[f.position].senses[0]
        if 0 <= f.position < len(annotations)
        and annotations[f.position].senses
        and _key_problem(annotations[f.position].senses[0]) != "malformed-sense-key"
        else None
        for _, f in frame.cases
    )
    return gold if any(gold) else ()


class _Windows:
    """Yarowsky's wider window: the tokens of the ``n`` previous and next sentences of the same
    document, or (``"document"``) the whole document as one shared tuple."""

    def __init__(self, sentences: Sequence[Sentence], n: int | str) -> None:
        self.sentences = sentences
        self.n = n
        self._index = -1
        self._window: tuple[Token, ...] = ()
        self._offset = 0
        self._starts: list[int] = []
        if n == DOCUMENT:
            self._window = tuple(t for s in sentences for t in s.tokens)
            running = 0
            for sentence in sentences:
                self._starts.append(running)
                running += len(sentence.tokens)

    def __call__(self, index: int, position: int) -> tuple[tuple[Token, ...], int] | None:
        if self.n == DOCUMENT:
            return self._window, self._starts[index] + position
        assert isinstance(self.n, int)
        if self.n <= 0:
            return None
        if index != self._index:
            lo = max(0, index - self.n)
            hi = min(len(self.sentences), index + self.n + 1)
            self._offset = sum(len(s.tokens) for s in self.sentences[lo:index])
            self._window = tuple(t for s in self.sentences[lo:hi] for t in s.tokens)
            self._index = index
        return self._window, self._offset + position


def _load_semcor(
    root: Path,
    builder: _Builder,
    files: Sequence[str] | None,
    context_window: int | str,
    cache: bool,
    default_frames: bool,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Add every selected tag file's verb tokens, read from the corpus cache or parsed now."""
    every = semcor_files(root)
    paths = every
    if files is not None:
        wanted = set(files)
        paths = [p for p in paths if p.name in wanted or p.name.removesuffix(".xml") in wanted]
        found = {p.name.removesuffix(".xml") for p in paths}
        missing = sorted(wanted - found)
        if missing:
            raise CorpusFormatError(f"{root}: no SemCor file {missing[0]!r} (asked by files=)")
    _one_file_per_name(paths)
    if progress is not None:
        progress(0, len(paths))
    if cache:
        parse = _parse
        if progress is not None:  # a first read builds the cache
            built = iter(range(1, len(every) + 1))

            def parse(path: Path) -> list[AnnotatedSentence]:
                items = _parse(path)
                progress(next(built), len(every))
                return items

        store = semcor_store(root, every, parse, extract_frame, _is_semcor_verb)
        documents: Iterable[list[AnnotatedSentence]] = [
            store.documents[cached_name(root, p)] for p in paths
        ]
        if default_frames and builder.frame is not None:
            builder.frame = lambda item, position: store.frame(item.sentence.id, position)
    else:
        documents = (_parse(p) for p in paths)
    for done, items in enumerate(documents, 1):
        builder.stats.files += 1
        _add_document(items, builder, context_window, "semcor")
        if progress is not None:
            progress(done, len(paths))


def _one_file_per_name(paths: Sequence[Path]) -> None:
    """Refuse two tag files of one name: their ids (``br-a01.s1.t2``) would be given twice."""
    first: dict[str, Path] = {}
    for path in paths:
        name = path.name.removesuffix(".xml")
        if name in first:
            raise CorpusFormatError(
                f"{path}: a tag file named {name} also at {first[name]} (instance ids are made "
                f"of the file name: {name}.s1.t0 would be given twice)"
            )
        first[name] = path


def _parse(path: Path) -> list[AnnotatedSentence]:
    return list(read_semcor(path))


def _is_semcor_verb(note: Annotation) -> bool:
    return note.tag.startswith(_SEMCOR_VERB)


def _add_document(
    items: Sequence[AnnotatedSentence], builder: _Builder, context_window: int | str, fmt: str
) -> None:
    """Count a document's sentences and tokens and add every verb token (SemCor ``VB*``;
    Raganato and CoNLL-U ``VERB``: a token without instance id counted as ``untagged``, a
    CoNLL-U ``AUX`` one as ``auxiliary``; a CoNLL-U word with ``Instance=`` of any UPOS)."""
    windows = _Windows([item.sentence for item in items], context_window)
    semcor = fmt == "semcor"
    for index, item in enumerate(items):
        sentence = item.sentence
        builder.stats.sentences += 1
        builder.stats.tokens += len(sentence.tokens)
        if semcor:
            verbs = [i for i, note in enumerate(item.annotations) if note.tag[:2] == _SEMCOR_VERB]
            for position in verbs:
                builder.add(item, position, window=windows(index, position))
            continue
        for position, (token, note) in enumerate(
            zip(sentence.tokens, item.annotations, strict=True)
        ):
            instance_id = note.attr("id")
            # CoNLL-U's Instance= names a target whatever its UPOS (a tagger's guess); a
            # Raganato <instance> of another part of speech is no verb (all-words files)
            marked = fmt == "conllu" and instance_id is not None
            if token.pos != _UNIVERSAL_VERB and not marked:
                continue
            if instance_id is None:
                builder.stats.verb_tokens += 1
                auxiliary = fmt == "conllu" and note.tag == _UD_AUXILIARY
                builder.skipped["auxiliary" if auxiliary else "untagged"] += 1
            else:
                builder.add(
                    item, position, instance_id=instance_id, window=windows(index, position)
                )


def _documents(
    items: Iterable[AnnotatedSentence], context_window: int | str
) -> Iterator[list[AnnotatedSentence]]:
    """The documents of a file as it is read: runs of sentences of one source.  Without a
    context window each sentence is read on its own, so that a file is never held whole."""
    run: list[AnnotatedSentence] = []
    for item in items:
        if run and (context_window == 0 or item.sentence.source != run[-1].sentence.source):
            yield run
            run = []
        run.append(item)
    if run:
        yield run


def _load_jsonl(path: Path, builder: _Builder) -> None:
    builder.stats.files = 1
    sentence_ids: set[str] = set()
    for instance in read_jsonl(path):
        builder.stats.verb_tokens += 1
        if instance.sentence.id not in sentence_ids:
            sentence_ids.add(instance.sentence.id)
            builder.stats.tokens += len(instance.sentence.tokens)
        reason, gold = builder.skip_reason(Annotation(), instance.lemma, instance.gold)
        if reason is not None:
            builder.skipped[reason] += 1
            continue
        builder.instances.append(
            instance if gold == instance.gold else replace(instance, gold=gold)
        )
    builder.stats.sentences = len(sentence_ids)


def load_corpus(
    path: str | os.PathLike[str],
    fmt: str = "auto",
    *,
    verbs: Iterable[str] | None = None,
    files: Sequence[str] | None = None,
    frames: bool = True,
    context_window: int | str = 0,
    require_gold: bool = True,
    classes: ClassTable | None = None,
    cache: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Corpus:
    """The verb instances of a corpus, in corpus order; every other verb token counted.

    Parameters
    ----------
    path : str or PathLike
        SemCor (a directory or tag file), Raganato ``*.data.xml`` (its key file beside it),
        JSONL or CoNLL-U.
    fmt : {"auto", "semcor", "raganato", "jsonl", "conllu"}, default="auto"
        ``auto``: by the file's shape.
    verbs : iterable of str, optional
        Only these lemmas (those absent go to ``stats.missing_verbs``).
    files : sequence of str, optional
        SemCor only: these tag file names (``["br-a01"]``).
    frames : bool, default=True
        Fill ``Instance.frame`` (English by rules with the class table ``classes``, CoNLL-U
        from a tree, JSONL from the file).
    context_window : int >= 0 or "document", default=0
        The sentences each side put in ``Instance.context``, or the whole document.
    require_gold : bool, default=True
        Keep only instances with a gold sense (the others are counted as skipped).
    cache : bool, default=True
        Read SemCor through its disk cache.
    progress : callable, optional
        ``progress(files_done, files)`` after each file.

    Returns
    -------
    Corpus
        ``instances`` and ``stats``: every verb token an instance or a counted skip.

    Raises
    ------
    WSDError
        A bad argument.
    CorpusFormatError
        A missing path, a file not of its format (naming the file and the line).
    """
    root, fmt = _checked_arguments(path, fmt, files, context_window)
    extract = partial(_frame, fmt, classes) if frames and fmt != "jsonl" else None
    builder = _Builder(_normalise_verbs(verbs), require_gold, extract)
    with collector_paused():
        if fmt == "semcor":
            _load_semcor(root, builder, files, context_window, cache, classes is None, progress)
        else:
            _load_file(root, fmt, builder, context_window, progress)
    return builder.finish(str(root), fmt)


def _frame(
    fmt: str, classes: ClassTable | None, item: AnnotatedSentence, position: int
) -> CaseFrame:
    """The case frame of a verb: from the tree of a CoNLL-U sentence that has one, else by
    the English rules (JSONL files give their own)."""
    if fmt == "conllu" and has_tree(item):
        return extract_tree_frame(item, position, classes=classes)
    return extract_frame(item.sentence, position, classes=classes)


def _load_file(
    root: Path,
    fmt: str,
    builder: _Builder,
    context_window: int | str,
    progress: Callable[[int, int], None] | None,
) -> None:
    """The instances of a Raganato, CoNLL-U or JSONL file, into ``builder``."""
    if fmt == "jsonl":
        _load_jsonl(root, builder)
    else:
        builder.stats.files = 1
        read = read_raganato if fmt == "raganato" else iter_conllu
        for document in _documents(read(root), context_window):
            _add_document(document, builder, context_window, fmt)
    if progress is not None:
        progress(1, 1)


def _checked_arguments(
    path: str | os.PathLike[str], fmt: str, files: Sequence[str] | None, context_window: int | str
) -> tuple[Path, str]:
    """The corpus path and its format (``auto`` resolved), once the arguments are checked."""
    if fmt not in FORMATS:
        raise WSDError(f"unknown corpus format {fmt!r} (expected one of {', '.join(FORMATS)})")
    _check_window(context_window)
    root = Path(path)
    if not root.exists():
        raise CorpusFormatError(f"corpus path {root} does not exist")
    fmt = detect_format(root) if fmt == "auto" else fmt
    if files is not None and fmt != "semcor":
        raise WSDError(f"files= selects SemCor files; {root} is {fmt}")
    if fmt != "semcor" and root.is_dir():
        need = {"raganato": "*.data.xml", "jsonl": "*.jsonl"}.get(fmt, "*.conllu")
        raise CorpusFormatError(f"{root} is a directory; give the {need} file")
    return root, fmt


def _check_window(context_window: int | str) -> None:
    if context_window != DOCUMENT and (
        isinstance(context_window, bool)
        or not isinstance(context_window, int)
        or context_window < 0
    ):
        raise WSDError(
            f"context_window must be a number of sentences >= 0 or {DOCUMENT!r}, "
            f"got {context_window!r}"
        )


def load_sentences(
    documents: Iterable[Sequence[AnnotatedSentence]],
    *,
    source: str,
    fmt: str = "text",
    frames: bool = True,
    context_window: int | str = 0,
    classes: ClassTable | None = None,
    frame: Callable[[AnnotatedSentence, int], CaseFrame] | None = None,
) -> Corpus:
    """The verb instances of Penn-tagged sentences made elsewhere (plain text tagged by
    :mod:`wsd.text`).

    As for SemCor, every ``VB*`` token is a verb token, an instance without gold when its
    annotation has a lemma, else skipped with a counted reason (``no-lemma:<ot>``); ids are
    ``<sentence id>.t<position>``.

    Parameters
    ----------
    documents : iterable of sequence of AnnotatedSentence
        The sentences, a sequence per document.
    source : str
        Where they came from (``Corpus.source``).
    fmt : str, default="text"
        The format recorded in ``Corpus.fmt``.
    frames : bool, default=True
        Fill ``Instance.frame``.
    context_window : int >= 0 or "document", default=0
        The sentences each side put in ``Instance.context``, or the whole document.
    classes : ClassTable, optional
        The class table for extracting frames by rules.
    frame : callable, optional
        ``frame(sentence, position)`` gives an instance's case frame (frames extracted
        before, say from a cache); by default it is extracted by rules with ``classes``.

    Returns
    -------
    Corpus
        The instances and their counts.

    Raises
    ------
    WSDError
        If ``context_window`` is neither a number >= 0 nor ``"document"``.
    """
    _check_window(context_window)

    def extract(item: AnnotatedSentence, position: int) -> CaseFrame:
        return extract_frame(item.sentence, position, classes=classes)

    builder = _Builder(None, False, (frame or extract) if frames else None)
    with collector_paused():
        for document in documents:
            builder.stats.files += 1
            _add_document(document, builder, context_window, "semcor")
    return builder.finish(source, fmt)
