"""WordNet 3.0 provisioning: find NLTK's ``wordnet`` corpus, or build one from Debian's files.

In order: NLTK's own ``wordnet`` corpus if it loads; else a data directory built under
:func:`data_dir` (``$WSD_NLTK_DATA`` or ``~/.cache/verb-wsd/nltk_data``) from Debian's
``wordnet-base`` and ``wordnet-sense-index`` files (``/usr/share/wordnet``, or
``$WSD_WORDNET_SOURCE``); else :class:`DataError` saying what to install.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from thesaurus.utils.disk_cache import cache_home, stamp_files
from thesaurus.utils.errors import DataError

if TYPE_CHECKING:  # pragma: no cover
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

__all__ = [
    "data_dir",
    "database_dir",
    "database_lines",
    "database_stamp",
    "setup_wordnet",
    "wordnet",
    "wordnet_status",
]

DEBIAN_WORDNET = Path("/usr/share/wordnet")
LEXNAMES: Traversable = resources.files("thesaurus") / "_data" / "lexnames"
_NEEDED = [
    *(f"{kind}.{pos}" for kind in ("data", "index") for pos in ("noun", "verb", "adj", "adv")),
    *(f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")),
    "index.sense",
]
_OPTIONAL = ["cntlist.rev", "cntlist"]
INSTALL_HINT = (
    "WordNet 3.0 not found: run `apt-get install wordnet-base wordnet-sense-index` "
    "(or `python -m nltk.downloader wordnet`), then `wsd data setup`"
)


def data_dir() -> Path:
    """The NLTK data directory this toolkit builds and uses (``$WSD_NLTK_DATA`` overrides)."""
    env = os.environ.get("WSD_NLTK_DATA")
    return Path(env).expanduser() if env else cache_home() / "nltk_data"


def built_dir() -> Path | None:
    """The WordNet directory :func:`setup_wordnet` builds, if it is ready (no NLTK import:
    the thesaurus loaders read the database files from here directly)."""
    target = data_dir() / "corpora" / "wordnet"
    return target if (target / "lexnames").exists() else None


def setup_wordnet(force: bool = False) -> Path | None:
    """Make WordNet 3.0 loadable by NLTK; return the directory we built, or ``None`` when NLTK
    has its own.  :class:`DataError` with an installation hint when no source is available."""
    import nltk
    from nltk.corpus import wordnet as wn

    if str(data_dir()) not in nltk.data.path:
        nltk.data.path.insert(0, str(data_dir()))
    target = data_dir() / "corpora" / "wordnet"
    if not force and built_dir() is not None:
        return target
    if not force:
        try:
            wn.ensure_loaded()
            return None  # NLTK has its own WordNet
        except LookupError:
            pass
    source = Path(os.environ.get("WSD_WORDNET_SOURCE", str(DEBIAN_WORDNET)))
    missing = [name for name in _NEEDED if not (source / name).is_file()]
    if missing:
        raise DataError(f"{INSTALL_HINT} (missing in {source}: {', '.join(missing[:3])})")
    tmp = target.with_name("wordnet.tmp")
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        for name in _NEEDED + [n for n in _OPTIONAL if (source / n).is_file()]:
            shutil.copyfile(source / name, tmp / name)
        (tmp / "lexnames").write_bytes(LEXNAMES.read_bytes())
        shutil.rmtree(target, ignore_errors=True)
        tmp.rename(target)  # atomic: a half-copied directory is never seen as ready
    except OSError as exc:
        where = exc.filename or target
        reason = exc.strerror or str(exc)
        raise DataError(
            f"cannot build the WordNet data directory {target}: {where}: {reason} "
            f"(set $WSD_NLTK_DATA to a writable directory)"
        ) from None
    return target


@cache
def wordnet() -> WordNetCorpusReader:
    """NLTK's WordNet reader, provisioning it on first use; cached for the process."""
    setup_wordnet()
    from nltk.corpus import wordnet as wn

    try:
        wn.ensure_loaded()
    except LookupError as exc:
        raise DataError(INSTALL_HINT) from exc
    version = wn.get_version()
    if version != "3.0":
        raise DataError(f"WordNet {version} found, 3.0 expected (SemCor 3.0 uses 3.0 sense keys)")
    return wn


def wordnet_status() -> dict[str, str]:
    """A small report for ``wsd data stats`` / ``wsd data setup``."""
    wn = wordnet()
    return {"wordnet_version": wn.get_version(), "wordnet_root": str(wn.root)}


def database_dir() -> Path | None:
    """The directory of WordNet's database files, provisioned on first use (``None``: NLTK's
    own corpus, read through its reader)."""
    built = built_dir()
    return built if built is not None else setup_wordnet()


def database_lines(name: str) -> list[str]:
    """The lines of WordNet database file ``name`` (``data.verb``, ``index.sense``, ...)."""
    root = database_dir()
    if root is not None:
        return (root / name).read_text(encoding="utf-8").splitlines()
    with wordnet().open(name) as handle:
        return handle.read().splitlines()


def database_stamp(names: Sequence[str]) -> dict[str, Any]:
    """The cache-key part naming the WordNet files ``names``: directory, sizes and mtimes."""
    root = database_dir()
    if root is not None:
        return stamp_files(str(root), {name: root / name for name in names})
    pointer = wordnet().root  # NLTK's own corpus: a directory or a zip file
    zipped = getattr(pointer, "zipfile", None)
    if zipped is not None:
        archive = Path(zipped.filename)
        return stamp_files(str(pointer), {name: archive for name in names})
    base = Path(str(pointer))
    return stamp_files(str(base), {name: base / name for name in names})
