"""SemCor read three ways, side by side in one run: our parser, our parse cache warm, and
NLTK's SemCor reader on the same files.

- parse: :func:`wsd.corpus.read_semcor` on every tag file (quick: six files), every
  memo of the reader, the normaliser and the lemmatiser cleared before each run, so each run
  is what a fresh process pays (WordNet's morphy tables are loaded once, beforehand);
- warm cache: :func:`wsd.corpus._semcor_cache.semcor_store` on the same root with its cache
  present (built once, untimed, in a temporary ``$WSD_CORPUS_CACHE``).  Timed: checking the
  cache key (every tag file's stamp, the code digest), reading the NPZ and building every
  annotated sentence of every file, the records the parse gives (asserted equal afterwards,
  untimed).  Not timed here: the case frames, which the store builds on demand, all of a
  document's at the first asked for in it (``load_corpus`` below asks for them all);
- ``load_corpus`` warm vs ``cache=False``: the verb instances with their case frames, what
  an experiment asks for;
- NLTK: ``SemcorCorpusReader(...).tagged_sents(tag="both")`` on a copy of the same files in
  NLTK's format (quoted XML attributes, written beforehand, untimed).  It builds NLTK's own
  records (trees, WordNet ``Lemma`` objects), not ours: it is the reader a user would
  otherwise call.  In the full run it is timed once (it takes minutes), quick: ``repeats``.

Parse and warm load run with the cyclic collector paused, as ``load_corpus`` reads
(:func:`thesaurus.utils.disk_cache.collector_paused`: what a read made goes to the collector's
oldest generation on the way out).  Each timed call's result is dropped inside its timing, so
freeing the previous records counts, for every figure alike.

Run: ``python bench/bench_corpus.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import html
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import bench_main, headline, ratio, vmhwm_mb  # noqa: E402

PARSE_TARGET = 20.0
NLTK_TARGET = 50.0
_ATTR = re.compile(r"(\w+)=([^\s>]*)")
_TEXT = re.compile(r">([^<>]*)</")


def _files(quick: bool) -> tuple[Path, list[Path]]:
    from wsd.corpus import find_semcor, semcor_files

    root = find_semcor(None)
    files = semcor_files(root)
    if quick:
        files = [p for p in files if "brown1" in p.parts][:6]
    return root, files


def _clear_memos() -> None:
    from thesaurus.wordnet.morphy import wordnet_morphy
    from wsd import normalise
    from wsd.corpus import semcor

    semcor._parse_token.cache_clear()
    normalise.normalise_token.cache_clear()
    normalise.universal_tag.cache_clear()
    wordnet_morphy()._memo.clear()


def _median(
    call: Callable[[], Any], repeats: int, before: Callable[[], None] | None = None
) -> float:
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _nltk_copy(files: list[Path], target: Path) -> list[str]:
    """The tag files in NLTK's format (attribute values quoted, values and text XML-escaped:
    SemCor writes a bare ``&`` in ``<punc>&</punc>``)."""
    names = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        quoted = _ATTR.sub(lambda m: f'{m[1]}="{html.escape(html.unescape(m[2]))}"', text)
        quoted = _TEXT.sub(lambda m: f">{html.escape(html.unescape(m[1]), quote=False)}</", quoted)
        name = f"{path.name}.xml"
        (target / name).write_text(quoted, encoding="utf-8")
        names.append(name)
    return names


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    from nltk.corpus.reader.semcor import SemcorCorpusReader

    from thesaurus.utils.disk_cache import collector_paused
    from thesaurus.wordnet.data import wordnet
    from thesaurus.wordnet.morphy import wordnet_morphy
    from wsd.corpus import load_corpus, read_semcor
    from wsd.corpus._load import _is_semcor_verb, _parse
    from wsd.corpus._semcor_cache import semcor_store
    from wsd.frames import extract_frame

    root, files = _files(quick)
    wordnet_morphy()  # loaded once, like WordNet for NLTK below
    with tempfile.TemporaryDirectory(prefix="bench-corpus-") as tmp:
        os.environ["WSD_CORPUS_CACHE"] = str(Path(tmp) / "cache")
        sub = Path(tmp) / "semcor"  # the selected files as a corpus root of their own
        sub.mkdir()
        for path in files:
            os.symlink(path, sub / path.name)
        chosen = sorted(sub.iterdir())

        def parse() -> list[Any]:
            with collector_paused():
                return [list(read_semcor(p)) for p in chosen]

        def warm() -> Any:
            with collector_paused():
                return semcor_store(sub, chosen, _parse, extract_frame, _is_semcor_verb)

        parse_s = _median(parse, repeats, _clear_memos)
        build_start = time.perf_counter()
        built = warm()  # builds the cache (untimed as a load)
        build_s = time.perf_counter() - build_start
        warm_s = _median(warm, repeats)
        same = [built.documents[p.name] for p in chosen] == parse()
        loaded = warm()
        same = same and [loaded.documents[p.name] for p in chosen] == parse()
        corpus_cold_s = _median(lambda: load_corpus(sub, cache=False), repeats, _clear_memos)
        corpus_warm_s = _median(lambda: load_corpus(sub), repeats)

        import nltk

        nltk_data = Path(tmp) / "nltk_data"
        nltk_dir = nltk_data / "corpora" / "semcor"  # NLTK reads only below its data path
        nltk_dir.mkdir(parents=True)
        nltk.data.path.insert(0, str(nltk_data))
        names = _nltk_copy(files, nltk_dir)
        wn = wordnet()
        reader = SemcorCorpusReader(str(nltk_dir), names, wn)

        def nltk_read() -> int:
            return sum(len(reader.tagged_sents(fileid, tag="both")) for fileid in names)

        nltk_read()  # warm NLTK's WordNet lemmas (the ratio compares reading, not WordNet)
        nltk_s = _median(nltk_read, repeats if quick else 1)
    sentences = sum(len(d) for d in built.documents.values())
    tokens = sum(len(s.sentence.tokens) for d in built.documents.values() for s in d)
    results: dict[str, Any] = {
        "quick": quick,
        "repeats": repeats,
        "files": len(files),
        "sentences": sentences,
        "tokens": tokens,
        "parse_seconds": round(parse_s, 3),
        "cache_build_seconds": round(build_s, 3),
        "warm_load_seconds": round(warm_s, 4),
        "warm_equals_parse": same,
        "load_corpus_cold_seconds": round(corpus_cold_s, 3),
        "load_corpus_warm_seconds": round(corpus_warm_s, 3),
        "nltk_seconds": round(nltk_s, 3),
        "speedup_vs_parse": ratio(parse_s, warm_s),
        "speedup_vs_nltk": ratio(nltk_s, warm_s),
        "load_corpus_speedup": ratio(corpus_cold_s, corpus_warm_s),
        "peak_rss_mb": vmhwm_mb(),
    }
    results["headlines"] = _rows(results)
    return results


def _rows(r: dict[str, Any]) -> list[dict[str, Any]]:
    n = r["files"]
    return [
        headline(
            f"warm cache load s, {n} files (ref: our parse)",
            r["warm_load_seconds"],
            r["parse_seconds"],
            r["speedup_vs_parse"],
            target=(">=", PARSE_TARGET),
            on="ratio",
        ),
        headline(
            f"warm cache load s, {n} files (ref: NLTK's SemCor reader)",
            r["warm_load_seconds"],
            r["nltk_seconds"],
            r["speedup_vs_nltk"],
            target=(">=", NLTK_TARGET),
            on="ratio",
        ),
        headline(
            "warm cache gives the parsed sentences",
            "yes" if r["warm_equals_parse"] else "NO",
            status="ok" if r["warm_equals_parse"] else "MISSED",
        ),
        headline(
            "load_corpus s with frames, warm (ref: cache=False)",
            r["load_corpus_warm_seconds"],
            r["load_corpus_cold_seconds"],
            r["load_corpus_speedup"],
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
