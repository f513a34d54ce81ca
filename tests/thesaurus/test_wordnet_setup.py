"""``thesaurus.wordnet.data.setup_wordnet``: building NLTK's WordNet directory from Debian files.

The builder is pointed at temporary copies through ``$WSD_WORDNET_SOURCE`` (the Debian file
layout) and ``$WSD_NLTK_DATA`` (where it builds), so the user's cache is never touched.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from thesaurus import DataError
from thesaurus.wordnet.data import DEBIAN_WORDNET, LEXNAMES, setup_wordnet

NEEDED = [
    "data.noun", "data.verb", "data.adj", "data.adv",
    "index.noun", "index.verb", "index.adj", "index.adv",
    "noun.exc", "verb.exc", "adj.exc", "adv.exc", "index.sense",
]  # fmt: skip


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, Path]:
    """(source dir, nltk data dir), both empty; NLTK's search path restored afterwards."""
    import nltk

    source, built = tmp_path / "debian", tmp_path / "nltk_data"
    source.mkdir()
    monkeypatch.setenv("WSD_WORDNET_SOURCE", str(source))
    monkeypatch.setenv("WSD_NLTK_DATA", str(built))
    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    return source, built


def _fake_debian(source: Path, names: list[str]) -> None:
    for name in names:
        (source / name).write_text(f"contents of {name}\n", encoding="utf-8")


def test_lexnames_table_has_45_lines() -> None:
    lines = LEXNAMES.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 45
    rows = [line.split("\t") for line in lines]
    assert [int(number) for number, _, _ in rows] == list(range(45))
    assert rows[0] == ["00", "adj.all", "3"] and rows[29] == ["29", "verb.body", "2"]
    assert rows[44] == ["44", "adj.ppl", "3"]
    # syntactic category: 1 noun, 2 verb, 3 adjective, 4 adverb, as in WordNet's lexnames(5)
    assert {name.split(".")[0]: int(cat) for _, name, cat in rows} == {
        "adj": 3, "adv": 4, "noun": 1, "verb": 2,
    }  # fmt: skip


def test_builds_a_directory_of_copies(isolated: tuple[Path, Path]) -> None:
    source, built = isolated
    _fake_debian(source, [*NEEDED, "cntlist.rev"])
    target = setup_wordnet(force=True)
    assert target == built / "corpora" / "wordnet"
    names = sorted(p.name for p in target.iterdir())
    assert names == sorted([*NEEDED, "cntlist.rev", "lexnames"])  # no leftover, no cntlist
    for path in target.iterdir():
        assert path.is_file() and not path.is_symlink()  # NLTK refuses links out of its path
    for name in NEEDED:
        assert (target / name).read_bytes() == (source / name).read_bytes()
    assert (target / "lexnames").read_bytes() == LEXNAMES.read_bytes()
    assert not (target.parent / "wordnet.tmp").exists()


def test_a_built_directory_is_reused_unless_forced(isolated: tuple[Path, Path]) -> None:
    source, _ = isolated
    _fake_debian(source, NEEDED)
    target = setup_wordnet(force=True)
    assert target is not None
    (source / "data.noun").write_text("changed\n", encoding="utf-8")
    assert setup_wordnet() == target  # ready: nothing copied again
    assert (target / "data.noun").read_text(encoding="utf-8") == "contents of data.noun\n"
    setup_wordnet(force=True)
    assert (target / "data.noun").read_text(encoding="utf-8") == "changed\n"


def test_missing_files_name_what_to_install(isolated: tuple[Path, Path]) -> None:
    source, built = isolated
    _fake_debian(source, [n for n in NEEDED if n != "index.sense"])
    with pytest.raises(DataError) as info:
        setup_wordnet(force=True)
    message = str(info.value)
    assert "\n" not in message
    assert "apt-get install wordnet-base wordnet-sense-index" in message
    assert "index.sense" in message and str(source) in message
    assert not (built / "corpora" / "wordnet").exists()


def test_unwritable_target_is_a_data_error(
    isolated: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source, _ = isolated
    _fake_debian(source, NEEDED)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("WSD_NLTK_DATA", str(blocker / "nltk_data"))
    with pytest.raises(DataError, match="Not a directory") as info:
        setup_wordnet(force=True)
    assert str(blocker) in str(info.value) and "\n" not in str(info.value)


@pytest.mark.filterwarnings("ignore:The multilingual functions:UserWarning")
def test_built_from_debian_files_loads_in_nltk(isolated: tuple[Path, Path]) -> None:
    """The real files (when Debian's packages are installed): NLTK reads WordNet 3.0."""
    if not (DEBIAN_WORDNET / "index.sense").is_file():
        pytest.skip(f"Debian's wordnet-base/wordnet-sense-index not installed ({DEBIAN_WORDNET})")
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    source, _ = isolated
    for name in NEEDED:
        (source / name).symlink_to(DEBIAN_WORDNET / name)  # the copy must not keep the link
    target = setup_wordnet(force=True)
    assert target is not None and not (target / "data.noun").is_symlink()
    reader = WordNetCorpusReader(str(target), None)
    assert reader.get_version() == "3.0"
    assert reader.lemma_from_key("say%2:32:00::").synset().name() == "state.v.01"
    assert reader.synset("dog.n.01").lexname() == "noun.animal"
