"""Several corpora read as one training or test set: SemCor when none is named, a held-out
split of SemCor's tag files by name (``files``/``exclude``), each instance id once in all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from wsd._exceptions import ModelError
from wsd.corpus._load import claim_ids, detect_format, load_corpus
from wsd.corpus.semcor import find_semcor, semcor_files
from wsd.types import Instance

__all__ = ["check_tag_files", "load_corpora", "select_tag_files"]


def load_corpora(
    paths: Sequence[str] | None,
    fmt: str = "auto",
    verbs: Sequence[str] | None = None,
    *,
    require_gold: bool = True,
    context_window: int | str = 0,
    files: Sequence[str] | None = None,
    exclude: Sequence[str] | None = None,
    progress: Callable[[str], Callable[[int, int], None]] | None = None,
) -> tuple[list[Instance], Counter[str], Counter[str]]:
    """The verb instances of every corpus in ``paths``, in order.

    Parameters
    ----------
    paths : sequence of str or None
        The corpora; None or empty: SemCor, found as :func:`~wsd.corpus.find_semcor` does.
    fmt, verbs, require_gold, context_window
        As for :func:`~wsd.corpus.load_corpus`, for every path.
    files, exclude : sequence of str, optional
        SemCor tag file names (``br-a01``) to read, or to leave out; at most one of the two.
    progress : callable, optional
        ``progress(source name)`` gives the ``callback(done, total)`` of that source.

    Returns
    -------
    instances, skipped, without_gold : list of Instance, Counter, Counter
        The instances, the verb tokens skipped and the instances without gold, by reason.

    Raises
    ------
    ModelError
        ``files``/``exclude`` with a corpus not SemCor, or naming a tag file none holds.
    CorpusFormatError
        A corpus that cannot be read, or an instance id two corpora share.
    """
    sources = [str(find_semcor(None))] if not paths else list(paths)
    seen: set[str] = set()
    taken: dict[str, str] = {}  # instance id -> the corpus that holds it
    instances: list[Instance] = []
    skipped: Counter[str] = Counter()
    without_gold: Counter[str] = Counter()
    load = partial(
        load_corpus, fmt=fmt, verbs=verbs, require_gold=require_gold, context_window=context_window
    )
    for source in sources:
        chosen, found = select_tag_files(source, fmt, files, exclude)
        seen.update(found)
        if chosen == []:
            continue
        report = None if progress is None else progress(Path(source).name)
        corpus = load(source, files=chosen, progress=report)
        claim_ids(corpus, taken)
        instances.extend(corpus.instances)
        skipped.update(corpus.stats.skipped)
        without_gold.update(corpus.stats.without_gold)
    check_tag_files(files or exclude or (), seen, sources)
    return instances, skipped, without_gold


def select_tag_files(
    source: str, fmt: str, files: Sequence[str] | None, exclude: Sequence[str] | None
) -> tuple[list[str] | None, set[str]]:
    """The tag files of the SemCor corpus ``source`` that ``files``/``exclude`` choose
    (``None``: neither given, read all) and the names given that ``source`` holds; a
    :class:`ModelError` when a selection is given and ``source`` is not SemCor."""
    wanted = set(files or exclude or ())
    if not wanted:
        return None, set()
    if (fmt if fmt != "auto" else detect_format(Path(source))) != "semcor":
        raise ModelError(f"--files/--exclude select SemCor tag files; {source} is not one")
    names = [p.name for p in semcor_files(source)]
    return [n for n in names if (n in wanted) == bool(files)], wanted.intersection(names)


def check_tag_files(given: Sequence[str], found: set[str], sources: Sequence[str]) -> None:
    """A :class:`ModelError` naming the first tag file of ``files``/``exclude`` that no
    source holds."""
    missing = sorted(set(given) - found)
    if missing:
        raise ModelError(f"no SemCor tag file {missing[0]!r} in {', '.join(sources)}")
