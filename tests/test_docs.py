"""The README and docs/, checked against what the toolkit does and writes.

- **Commands.**  Every ``sh`` block of the README and of ``docs/`` runs, line by line, in a copy
  of the checkout's configs, examples and fixtures, where the files a page names
  (``ALL.gold.key.txt``, ``system_a.key``, ``story.txt``, ``trees.conllu``, ...) are made from
  small fixtures, SemCor is a few of its tag files and each SemCor config keeps its settings on
  two verbs they hold.  A block after ``<!-- docs-test: skip (why) -->`` is not run; the
  comment says which test covers it.  The Japanese example's commands run as written.
- **Examples.**  Every ``>>>`` example of ``docs/`` runs (``disambiguating.md``'s in
  ``tests/cli/test_readable.py``, which trains the small tagger it needs).
- **Docstrings.**  Every class and function a package exports lists its parameters in a
  ``Parameters`` section.
- **Links.**  Every relative link resolves, anchors included, and every docs page is linked from
  the README; the README stays a front door (its length, the quick start, comparing first).
- **Figures.**  Each table after ``<!-- figures: SOURCE -->`` is compared cell by cell with what
  its command writes: ``table1`` with the ``results.json`` of a run of ``configs/table1.toml``
  (integration; with the variants of ``configs/example_variants.toml``, same folds and seed),
  ``devset.csv`` with ``bench/devset.py``'s output and ``text_pipeline.json`` with
  ``bench/text_pipeline.py``'s (both hours of work: the outputs behind the page are kept in
  ``docs/measured/``; ``$WSD_DEVSET_CSV`` and ``$WSD_TEXT_PIPELINE_JSON`` check a new run).
  Other figures a page quotes are counted by the test of their sentence.
"""

from __future__ import annotations

import contextlib
import csv
import doctest
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from paths import DATA, ROOT

sys.path.insert(0, str(ROOT / "bench"))
from _common import toml_text  # noqa: E402  (the TOML writer of bench/)
from commands import JA_README, README, RESULTS, held_out_files, number, quoted, run_cli, text

CONFIGS = ROOT / "configs"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
VERBS = "tests/data/thesaurus/tsukau_verbs.tsv"
SKIP = re.compile(r"<!-- docs-test: skip \((?P<why>[^)]+)\) -->\n")


def figure(value: float) -> str:
    """A score as the docs write it: three decimals, no leading zero (``.874``, ``1.000``)."""
    shown = f"{value:.3f}"
    return shown[1:] if shown.startswith("0.") else shown


def signed(value: float) -> str:
    """A difference as the docs write it: ``+.031``, ``-.004``."""
    return f"{value:+.3f}".replace("0.", ".", 1)


def with_interval(value: str, low: str, high: str) -> str:
    return f"{value} [{low}, {high}]"


def sh_blocks(doc: Path) -> list[tuple[str | None, list[str]]]:
    """The ``sh`` blocks of ``doc``: why a block is skipped (or None) and its lines, line
    continuations joined."""
    found = re.finditer(r"(?P<skip><!-- docs-test: skip [^>]*-->\n)?```sh\n(?P<body>.*?)```",
                        text(doc), flags=re.S)  # fmt: skip
    blocks = []
    for block in found:
        why = SKIP.match(block["skip"]) if block["skip"] else None
        assert block["skip"] is None or why is not None, f"{doc.name}: a skip says no reason"
        lines = block["body"].replace("\\\n", " ").splitlines()
        blocks.append((why["why"] if why else None, lines))
    return blocks


def code_blocks(doc: Path, heading: str) -> list[str]:
    """The lines of the ``sh`` blocks of ``doc``'s section ``heading``."""
    section = text(doc).split(heading, 1)[1]
    section = re.split(r"\n#+ ", section, maxsplit=1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    return [line for block in blocks for line in block.replace("\\\n", " ").splitlines()]


def markdown_rows(doc: Path, after: str) -> list[list[str]]:
    """The cells of the first markdown table after the text ``after`` in ``doc`` (header
    and rule excluded)."""
    return table_after(text(doc).split(after, 1)[1])[1]


def table_after(rest: str) -> tuple[list[str], list[list[str]]]:
    """The header and body cells of the first markdown table of ``rest``."""
    lines = rest.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return table[0], table[2:]


def figure_tables(doc: Path, source: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """Every table of ``doc`` after ``<!-- figures: SOURCE[ ARGUMENT] -->``: the argument,
    the header and the rows."""
    tables = []
    for found in re.finditer(rf"<!-- figures: {re.escape(source)}( \S+)? -->\n", text(doc)):
        header, rows = table_after(text(doc)[found.end() :])
        tables.append(((found[1] or "").strip(), header, rows))
    return tables


# --- every command of the README and docs/ runs -------------------------------------------------
def semcor_files() -> list[str]:
    """Two tag files, and those the case-frame gold of the docs' `wsd frames --evaluate` reads."""
    gold = text(DATA / "frames" / "test2.tsv")
    return sorted({"br-a01", "br-a02", *re.findall(r"^(br-\w+)", gold, flags=re.M)})


def needs_semcor(doc: Path) -> bool:
    """Whether a page's commands read SemCor (the default corpus, ``$WSD_SEMCOR`` or a SemCor
    config)."""
    lines = [line for why, block in sh_blocks(doc) if why is None for line in block]
    semcor_configs = ("configs/table1.toml", "configs/sweep_example.toml")
    return any(
        re.fullmatch(r"wsd train\s*(#.*)?", line.strip())
        or "$WSD_SEMCOR" in line
        or any(config in line for config in semcor_configs)
        for line in lines
    )


def write_keys(path: Path, lines: Sequence[str]) -> None:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def make_checkout(root: Path, semcor: Path | None) -> None:
    """What the pages' commands read, under the names they give it."""
    import thesaurus

    for part in ("configs", "examples", "tests/data"):
        shutil.copytree(ROOT / part, root / part)
    corpus = DATA / "corpus"
    for name, stem in (("ALL", "x01"), ("train", "x01"), ("test", "tiny")):
        shutil.copy(corpus / f"{stem}.data.xml", root / f"{name}.data.xml")
        shutil.copy(corpus / f"{stem}.gold.key.txt", root / f"{name}.gold.key.txt")
    gold = text(corpus / "x01.gold.key.txt").splitlines()

    def first_sense(line: str) -> str:
        instance, key = line.split()[:2]
        pos = thesaurus.sense_key_pos(key)
        senses = thesaurus.load(thesaurus.WORDNET_SPECS[pos]).senses(key.split("%")[0])
        return f"{instance} {senses[0]}"

    systems = {"a": gold, "b": gold[::2], "c": [first_sense(line) for line in gold]}
    for name, lines in systems.items():
        write_keys(root / f"system_{name}.key", lines)
    write_keys(root / "annotator_a.key", systems["a"])
    write_keys(root / "annotator_b.key", systems["c"])
    write_keys(root / "semcor.gold.key.txt", gold)
    shutil.copy(DATA / "text" / "story.txt", root / "story.txt")
    shutil.copy(DATA / "conllu" / "tree.conllu", root / "trees.conllu")
    # the default model the pages' `wsd disambiguate` reads without --model (a page that
    # trains one replaces it)
    model = root / "models" / "default.json.gz"
    model.parent.mkdir()
    argv = ["train", "--method", "mfs", "--corpus", str(corpus / "x01.data.xml")]
    assert run_cli([*argv, "--out", str(model)])[0] == 0
    if semcor is not None:
        for name in semcor_files():
            (found,) = semcor.glob(f"*/tagfiles/{name}")
            copy = root / "semcor" / found.relative_to(semcor)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(found, copy)
        small_semcor_configs(root)


def small_semcor_configs(root: Path) -> None:
    """Each SemCor config of the pages, its settings kept, on two of the verbs the small
    SemCor holds often enough for two folds (the rarest); no bootstrap, no learning curve."""
    from wsd.corpus import load_corpus

    corpus = load_corpus(root / "semcor", frames=False)
    counts: dict[str, int] = {}
    for instance in corpus.instances:
        counts[instance.lemma] = counts.get(instance.lemma, 0) + 1
    verbs = sorted((n, v) for v, n in counts.items() if n >= 6)[:2]
    for name in ("table1.toml", "sweep_example.toml"):
        config = tomllib.loads(text(root / "configs" / name))
        config["corpus"] = {"verbs": [v for _, v in verbs]}
        config["cv"] = {**config.get("cv", {}), "folds": 2, "n_jobs": 1}
        config["evaluation"].update(bootstrap=0, learning_curve=[])
        (root / "configs" / name).write_text(toml_text(config), encoding="utf-8")


def expand(word: str, variables: dict[str, str]) -> list[str]:
    """A word of a documented line with ``$NAME`` expanded (a variable holding several words,
    as ``$HELD`` does, gives them all)."""
    names = {**os.environ, **variables}
    if re.fullmatch(r"\$[A-Z_]+", word):
        return names[word[1:]].split()
    return [re.sub(r"\$([A-Z_]+)", lambda m: names[m.group(1)], word)]


def run_line(line: str, variables: dict[str, str]) -> tuple[str, str]:
    """One documented line: ``NAME=value`` (by the shell, ``$(...)`` included), ``echo TEXT |
    wsd ...`` (a process reading TEXT) or ``wsd ...`` (in this process); exit status 0.  What
    it printed (standard output and error)."""
    words = shlex.split(line, comments=True)
    if not words:
        return "", ""
    if re.match(r"[A-Z_]+=", line):
        names = re.findall(r"(?:^|\s)([A-Z_]+)=", line.split("#")[0])
        script = line + "\nprintf '%s\\0'" + "".join(f' "${name}"' for name in names)
        done = subprocess.run(["bash", "-c", script], env={**os.environ, **variables},
                              capture_output=True, text=True, check=True)  # fmt: skip
        variables.update(zip(names, done.stdout.split("\0"), strict=False))
        return "", ""
    if words[0] == "echo" and "|" in words:
        bar = words.index("|")
        stdin, words = " ".join(words[1:bar]) + "\n", words[bar + 1 :]
        assert words[0] == "wsd", f"not a wsd command: {line}"
        argv = [w for word in words[1:] for w in expand(word, variables)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-m", "evaluation.cli", *argv], input=stdin,
                              env=env, capture_output=True, text=True)  # fmt: skip
        assert done.returncode == 0, f"{line}: exit {done.returncode}: {done.stderr}"
        assert done.stdout.strip(), f"{line}: printed nothing"
        return done.stdout, done.stderr
    assert words[0] == "wsd", f"not a wsd command (mark its block with a docs-test skip): {line}"
    argv = [w for word in words[1:] for w in expand(word, variables)]
    code, out, err = run_cli(argv)
    assert code == 0, f"{line}: exit {code}: {err}"
    return out, err


@pytest.mark.parametrize("doc", PAGES, ids=lambda p: p.name)
def test_the_commands_of_a_page_run(
    doc: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    wordnet: object,
) -> None:
    semcor = request.getfixturevalue("semcor_path") if needs_semcor(doc) else None
    root = tmp_path / "checkout"
    root.mkdir()
    make_checkout(root, semcor)
    monkeypatch.chdir(root)
    monkeypatch.setenv("WSD_SEMCOR", str(root / "semcor"))
    monkeypatch.setenv("WSD_MODEL", str(root / "models" / "default.json.gz"))
    variables: dict[str, str] = {}
    ran = 0
    for why, lines in sh_blocks(doc):
        if why is None:
            for line in lines:
                run_line(line, variables)
                ran += 1
    assert ran or all(why for why, _ in sh_blocks(doc)), f"{doc.name}: no command runs"


def test_the_architecture_page_names_files_that_exist() -> None:
    """Each concept's file (a path, or a name in the folder of the path before it)."""
    _, rows = table_after(text(DOCS / "architecture.md").split("## Where each concept lives")[1])
    for concept, files in rows:
        folder = ROOT
        for name in re.findall(r"`([\w./]+\.py|[\w/]+/)`", files):
            top = name.split("/")[0] in {"thesaurus", "wsd", "evaluation"}
            path = ROOT / name if top else folder / name
            assert path.exists(), f"{concept}: {name}"
            folder = path.parent if top else folder
        assert re.search(r"`[\w/]+(\.py|/)`", files), concept


# --- the examples of docs/ ------------------------------------------------------------------
DOCTESTS = [doc for doc in sorted(DOCS.glob("*.md")) if ">>> " in text(doc)]


@pytest.mark.parametrize(
    "doc", [d for d in DOCTESTS if d.name != "disambiguating.md"], ids=lambda p: p.name
)
def test_the_examples_of_a_page_run(
    doc: Path, monkeypatch: pytest.MonkeyPatch, wordnet: object
) -> None:
    monkeypatch.chdir(ROOT)  # the examples name the checkout's files
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text(doc), flags=re.S) if ">>> " in b]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number_, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, doc.name, str(doc), number_)
        runner.run(test, out=lambda _: None)
    assert runner.summarize(verbose=False).failed == 0, f"{doc.name}: an example fails"


# --- links, and the README as a front door --------------------------------------------------
def slug(heading: str) -> str:
    """The anchor a repository host gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    body = re.sub(r"```.*?```", "", text(doc), flags=re.S)
    return {slug(h) for h in re.findall(r"^#+ (.*)$", body, flags=re.M)}


def links(doc: Path) -> list[str]:
    body = re.sub(r"```.*?```", "", text(doc), flags=re.S)
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", body) if not re.match(r"[a-z]+:", t)]


FOLDER_READMES = [
    ROOT / "CHANGELOG.md",
    JA_README,
    CONFIGS / "README.md",
    *(ROOT / part / "README.md" for part in ("thesaurus", "wsd/corpus", "wsd/methods")),
    ROOT / "evaluation" / "README.md",
]


@pytest.mark.parametrize("doc", [*PAGES, *FOLDER_READMES], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(doc: Path) -> None:
    for target in links(doc):
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        assert linked.exists(), f"{doc.name}: {target} does not exist"
        if anchor:
            assert anchor in anchors(linked), f"{doc.name}: {target}: no such heading"


def test_the_readme_is_a_front_door() -> None:
    """At most 150 lines; every docs page and the changelog linked; comparing two systems'
    key files is the first recipe; the quick start is the two set-up commands."""
    readme = text(README)
    assert len(readme.splitlines()) <= 150
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in links(README)}
    for page in [*DOCS.glob("*.md"), ROOT / "CHANGELOG.md"]:
        assert page.resolve() in linked, f"{page.name} is not linked from the README"
    first = sh_blocks(README)[0][1]
    assert any(line.startswith("wsd compare") for line in first)
    assert readme.index("wsd compare") < readme.index("## Quick start")
    quick = code_blocks(README, "## Quick start")
    assert [line.split("#")[0].strip() for line in quick] == ["make run", "make test"]


# --- the Japanese example, end to end -------------------------------------------------------
def run_documented(lines: Sequence[str], cwd: Path) -> dict[str, tuple[str, str]]:
    """Run a doc's shell lines in ``cwd``: what each printed."""
    variables: dict[str, str] = {}
    with contextlib.chdir(cwd):
        return {line: run_line(line, variables) for line in lines}


Japanese = tuple[Path, dict[str, tuple[str, str]]]


@pytest.fixture(scope="module")
def japanese(tmp_path_factory: pytest.TempPathFactory) -> Japanese:
    """A copy of what the Japanese example reads, laid out as in the checkout (its commands
    run from the checkout's root and write beside it), with every documented command of
    examples/japanese/README.md run in it, and what each printed."""
    root = tmp_path_factory.mktemp("checkout")
    for part in ("examples/japanese", "tests/data/thesaurus"):
        shutil.copytree(ROOT / part, root / part)
    (root / "configs").mkdir()
    shutil.copy(CONFIGS / "japanese.toml", root / "configs")
    lines = code_blocks(JA_README, "## Cross-validation") + code_blocks(
        JA_README, "## Train, disambiguate, score, compare"
    )
    return root, run_documented(lines, root)


def test_japanese_runs_warn_of_nothing_and_say_what_they_wrote(japanese: Japanese) -> None:
    """The config and the scores with the example's thesaurus warn of nothing; evaluate's last
    line counts the files it wrote and times the report within the whole command."""
    root, printed = japanese
    ((out, err),) = [done for line, done in printed.items() if line.startswith("wsd evaluate")]
    assert err == ""
    written = root / "results" / "japanese"
    done = re.fullmatch(
        r"wrote (\d+) files to (.+) in (\d+\.\d) s \((\d+\.\d) s in all\)", out.splitlines()[-1]
    )
    assert done is not None and int(done[1]) == len(list(written.iterdir()))
    assert float(done[3]) <= float(done[4])
    result = json.loads(text(written / "results.json"))
    assert [row["verb"] for row in result["verbs"]] == ["使う"] and result["warnings"] == []
    total = result["total"]["scores"]
    assert total["example"]["inf"]["precision"] > total["mfs"]["inf"]["precision"]
    scored = [done for line, done in printed.items() if line.startswith("wsd score")]
    assert scored and all(err == "" for _, err in scored)


def test_sample_ids_match_the_sample_thesauri() -> None:
    """Every gold sense and lemma of the example is the verb thesaurus's, every filler a word
    of the noun thesaurus."""
    import thesaurus

    verbs = thesaurus.load(str(ROOT / VERBS))
    nouns = thesaurus.load(str(ROOT / "tests/data/thesaurus/nouns_ja.tsv"))
    for name in ("tsukau.jsonl", "probes.jsonl"):
        for line in text(ROOT / "examples" / "japanese" / name).splitlines():
            record = json.loads(line)
            assert record["gold"] and all(verbs.has_sense(key) for key in record["gold"])
            assert verbs.has_word(record["lemma"])
            for filler in record["frame"].values():
                assert nouns.has_word(filler["lemma"]), (name, record["id"], filler)


def test_japanese_table_is_what_evaluate_prints(japanese: Japanese) -> None:
    root, _ = japanese
    results = json.loads(text(root / "results" / "japanese" / "results.json"))
    scores = results["total"]["scores"]
    folds, methods = quoted(JA_README, r"(\d+)-fold cross-validation of the (\w+) methods").groups()
    assert int(folds) == results["config"]["cv"]["folds"]
    assert methods == {3: "three", 4: "four", 5: "five"}.get(len(scores))
    header = quoted(JA_README, r"\| alpha \| example \| bayes \| mfs \| random \|")
    labels = [cell.strip() for cell in header.group(0).strip("|").split("|")][1:]
    for row in markdown_rows(JA_README, "## Cross-validation"):
        alpha, cells = row[0], row[1:]
        printed = [figure(scores[label][alpha]["precision"]) for label in labels]
        assert cells == printed, f"examples/japanese/README.md, alpha {alpha}"


def test_japanese_probe_figures_are_what_the_commands_print(japanese: Japanese) -> None:
    root, _ = japanese
    first = text(root / "example.key").splitlines()[0]
    assert quoted(JA_README, r"probe\.001 [^\n]*").group(0) == first
    compared = json.loads(text(root / "results" / "japanese-probes" / "results.json"))
    n = compared["total"]["n"]
    right = {
        label: round(by_alpha["inf"]["precision"] * n)
        for label, by_alpha in compared["total"]["scores"].items()
    }
    mfs_senses = {line.split()[1].split(":")[0] for line in text(root / "mfs.key").splitlines()}
    found = quoted(
        JA_README,
        r"right (\d+) times of (\d+) and MFS \((\S+)\) (\d+) times \(exact\s+precision "
        r"(\S+) vs (\S+); McNemar p = (\S+) after",
    )
    example, total, mfs_sense, mfs, p_example, p_mfs, p_value = found.groups()
    assert (int(example), int(total), int(mfs)) == (right["example"], n, right["mfs"])
    assert {mfs_sense} == mfs_senses
    assert (p_example, p_mfs) == (
        figure(compared["total"]["scores"]["example"]["inf"]["precision"]),
        figure(compared["total"]["scores"]["mfs"]["inf"]["precision"]),
    )
    (pair,) = compared["significance"]
    assert p_value == f"{pair['mcnemar']['p_holm']:.3f}"


def test_japanese_unknown_keys_warning_is_what_score_prints(
    japanese: Japanese, wordnet: object
) -> None:
    """The README quotes `wsd score` without --verb-thesaurus: WordNet's warning."""
    with contextlib.chdir(japanese[0]):
        code, _, err = run_cli(["score", "--gold", "gold.key", "--pred", "example.key"])
    assert code == 0
    shown = quoted(JA_README, r"wsd: warning: thesaurus wordnet-verb (?s:.*?)\.\.\.").group(0)
    assert " ".join(err.split()).find(" ".join(shown.removesuffix("...").split())) >= 0


def test_japanese_files_and_thesauri_are_as_described() -> None:
    """The file table: sentence counts, the senses of 使う, MAXLEN, the fillers listed."""
    from thesaurus import load

    lines = {
        name: len(text(ROOT / "examples" / "japanese" / name).splitlines())
        for name in ("tsukau.jsonl", "probes.jsonl")
    }
    assert (
        number(quoted(JA_README, r"`tsukau\.jsonl` \| (\d+) annotated").group(1))
        == lines["tsukau.jsonl"]
    )
    assert (
        number(quoted(JA_README, r"`probes\.jsonl` \| (\d+) more").group(1))
        == lines["probes.jsonl"]
    )
    verbs = load(str(ROOT / VERBS))
    described = quoted(JA_README, r"使う has the senses ([^;]*?); MAXLEN\(使う\) = (\d+)")
    listed = re.findall(r"(\S+) \(", described.group(1))
    assert listed == list(verbs.senses("使う"))
    with contextlib.chdir(ROOT):
        code, out, _ = run_cli(["thesaurus", "maxlen", "使う", "--verb-thesaurus", VERBS])
    assert code == 0 and out.strip() == described.group(2)
    nouns = load(str(ROOT / "tests/data/thesaurus/nouns_ja.tsv"))
    fillers = quoted(JA_README, r"noun tree of the fillers \(([^)]*)\)").group(1)
    for word in (w.strip() for w in fillers.split(",")):
        assert word == "..." or nouns.has_word(word), word


def test_sentence_counts_quoted_about_the_japanese_example() -> None:
    sentences = len(text(ROOT / "examples/japanese/tsukau.jsonl").splitlines())
    quotes = [
        (CONFIGS / "japanese.toml", r"on (\d+) hand-made\s+#?\s*Japanese sentences"),
        (DOCS / "experiments.md", r"the worked Japanese example: (\d+) sentences"),
        (DOCS / "languages.md", r"(\d+) annotated sentences with the particles"),
    ]
    for doc, pattern in quotes:
        assert number(quoted(doc, pattern).group(1)) == sentences, doc.relative_to(ROOT)


# --- configs: comments and the paths they name -----------------------------------------------
def config_paths(config: dict[str, object]) -> Iterator[str]:
    """The file paths a config names (values ending in .tsv/.jsonl/.key/.xml)."""
    for value in config.values():
        if isinstance(value, dict):
            yield from config_paths(value)
        elif isinstance(value, str) and re.search(r"\.(tsv|jsonl|key|xml)$", value):
            yield value


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("*.toml")), ids=lambda p: p.name)
def test_config_comments_say_what_the_config_does(path: Path) -> None:
    """Files a config names exist relative to the checkout's root (where the comments say to
    run it); the comment of ``path = ""`` names the search the code does (``find_semcor``:
    $WSD_SEMCOR, else NLTK's corpus) and no path; a `N-fold` or `N frequent verbs` comment
    counts the config's own settings."""
    raw = text(path)
    config = tomllib.loads(raw)
    for named in config_paths(config):
        assert (ROOT / named).exists(), f"{path.name} names {named}, missing from the checkout"
    for comment in re.findall(r'^path = ""\s*#(.*)$', raw, flags=re.M):
        assert "$WSD_SEMCOR" in comment and "NLTK" in comment and "/" not in comment, comment
    folds = re.findall(r"(\d+)-fold", raw)
    assert all(int(n) == config["cv"]["folds"] for n in folds), (path.name, folds)
    for count in re.findall(r"\b(ten) frequent verbs", raw):
        assert len(config["corpus"]["verbs"]) == {"ten": 10}[count]
    for least in re.findall(r"at least (\d+) instances and (\d+) observed senses", raw):
        corpus = config["corpus"]
        assert (int(least[0]), int(least[1])) == (corpus["min_instances"], corpus["min_senses"])


def test_config_schema_comment_on_the_corpus_path() -> None:
    comment = quoted(DOCS / "experiments.md", r'path = ""\s+#([^\n]*)').group(1)
    assert "$WSD_SEMCOR" in comment and "NLTK" in comment and "../shared" not in comment


def test_table1_verbs_listed_in_the_configs_table() -> None:
    config = tomllib.loads(text(CONFIGS / "table1.toml"))
    listed = quoted(DOCS / "experiments.md", r"\| `table1\.toml` \| [^:]*: ([^;]*); (\d+) folds")
    assert [v.strip() for v in listed.group(1).split(",")] == config["corpus"]["verbs"]
    assert int(listed.group(2)) == config["cv"]["folds"]


def test_find_semcor_searches_what_the_docs_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No fallback to a checkout path: with $WSD_SEMCOR unset and no NLTK corpus, SemCor is
    not found even where ../shared/data/semcor3.0 exists; a relative $WSD_SEMCOR that does
    not exist is named with the absolute path it was resolved to."""
    import wsd.corpus.semcor as semcor
    from thesaurus import DataError
    from wsd import CorpusFormatError

    here = tmp_path / "checkout"
    (tmp_path / "shared" / "data" / "semcor3.0" / "brown1").mkdir(parents=True)
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.delenv("WSD_SEMCOR", raising=False)
    monkeypatch.setattr(semcor, "_nltk_semcor_dir", lambda: None)
    with pytest.raises(DataError, match="SemCor 3.0 not found"):
        semcor.find_semcor(None)
    monkeypatch.setenv("WSD_SEMCOR", "data/semcor")
    with pytest.raises(CorpusFormatError) as info:
        semcor.find_semcor(None)
    assert str(info.value) == (
        f"$WSD_SEMCOR=data/semcor (in the working directory: {Path.cwd() / 'data/semcor'}) "
        "does not exist"
    )
    monkeypatch.setenv("WSD_SEMCOR", str(here / "absent"))
    with pytest.raises(CorpusFormatError, match=r"^\$WSD_SEMCOR=/\S+/absent does not exist$"):
        semcor.find_semcor(None)


# --- the command list and each command's options ---------------------------------------------
def help_text(*command: str) -> str:
    code, out, _ = run_cli([*command, "--help"])
    assert code == 0
    return out


def listed_commands(help_out: str) -> list[str]:
    """The sub-commands a ``--help`` lists under its positional argument."""
    section = help_out.split("positional arguments:", 1)[1].split("options:", 1)[0]
    return re.findall(r"^    (\S+)", section, flags=re.M)


def documented_lines() -> list[list[str]]:
    """Every ``wsd ...`` command of the docs' ``sh`` blocks, as words (a ``#`` comment cut)."""
    lines = []
    for doc in (*PAGES, JA_README, CONFIGS / "README.md"):
        for block in re.findall(r"```sh\n(.*?)```", text(doc), flags=re.S):
            for line in block.replace("\\\n", " ").splitlines():
                words = line.split("#", 1)[0].split()
                if "wsd" in words:
                    lines.append(words[words.index("wsd") :])
    return lines


def command_of(words: Sequence[str], groups: set[str]) -> tuple[str, ...]:
    """The (sub)command a documented line runs: ``("data", "export")``, ``("score",)``."""
    if words[1] in groups:
        return (words[1], words[2])
    return (words[1],)


@pytest.fixture(scope="module")
def commands(fixed_width: None) -> dict[tuple[str, ...], str]:
    """Every command and sub-command of ``wsd --help``, with its ``--help`` output."""
    top = listed_commands(help_text())
    found: dict[tuple[str, ...], str] = {}
    for name in top:
        out = help_text(name)
        subs = listed_commands(out) if re.search(r"\bACTION\b", out.split("\n", 1)[0]) else []
        if subs:
            found.update({(name, sub): help_text(name, sub) for sub in subs})
        else:
            found[(name,)] = out
    return found


@pytest.fixture(scope="module")
def fixed_width() -> Iterator[None]:
    """Help texts wrapped at a fixed width, whatever the terminal."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "100")
        yield


def test_the_command_table_is_the_help_command_list(commands: dict[tuple[str, ...], str]) -> None:
    """docs/cli.md's table lists every command `wsd --help` lists, and no other."""
    _, rows = table_after(text(DOCS / "cli.md").split("## Commands", 1)[1])
    shown = {tuple(row[0].strip("`").split()[1:]) for row in rows}
    assert shown == set(commands)


def test_documented_options_are_in_the_help(commands: dict[tuple[str, ...], str]) -> None:
    """Every ``--option`` a doc's command line uses is one its command's ``--help`` shows."""
    groups = {c[0] for c in commands if len(c) == 2}
    for words in documented_lines():
        command = command_of(words, groups)
        assert command in commands, f"no command {' '.join(command)}: {' '.join(words)}"
        for word in words:
            option = re.match(r"\[?(--[a-z][a-z-]*)", word)
            if option:
                assert re.search(rf"{option.group(1)}\b", commands[command]), (
                    f"{' '.join(words)}: {option.group(1)} is not an option of {command}"
                )


def test_usage_shows_required_options_as_required(commands: dict[tuple[str, ...], str]) -> None:
    """The options `data export` cannot run without are shown without brackets in its usage
    and promise no default; without --corpus or --to it exits 2 naming the option."""
    usage = commands[("data", "export")].split("\n\n", 1)[0]
    for option in ("--corpus PATH", "--to {raganato,jsonl,conllu}", "--out STEM"):
        assert re.search(rf"(^|\s){re.escape(option)}(\s|$)", usage), (option, usage)
    assert "default: find SemCor" not in commands[("data", "export")]
    assert "default: find SemCor" in commands[("data", "stats")]
    for given, missing in ((["--to", "jsonl"], "--corpus"), (["--corpus", "x.jsonl"], "--to")):
        code, _, err = run_cli(["data", "export", *given, "--out", "stem"])
        last = err.splitlines()[-1]
        assert code == 2 and last.startswith("wsd: error: ") and missing in last, err


# --- SemCor figures ---------------------------------------------------------------------------
@pytest.mark.integration
def test_semcor_counts_are_what_data_stats_prints(semcor_path: Path) -> None:
    """docs/formats.md's counts of SemCor 3.0."""
    code, out, _ = run_cli(["data", "stats", "--corpus", str(semcor_path)])
    assert code == 0
    stats = json.loads(out)
    skipped = stats["skipped"]
    found = quoted(
        DOCS / "formats.md",
        r"On SemCor 3\.0: ([\d,]+) instances out of ([\d,]+) verb tokens \(([\d,]+) `ot=notag` "
        r"tokens without a lemma, ([\d,]+) `cmd=ignore`, ([\d,]+) `cmd=done` token with neither "
        r"lemma nor `ot`, ([\d,]+) lost in mapping, ([\d,]+) idioms/metaphors/\.\.\., ([\d,]+) "
        r"untagged\)",
    )
    quoted_counts = [number(g) for g in found.groups()]
    other_ot = sum(
        n
        for reason, n in skipped.items()
        if reason.startswith("no-lemma:") and reason not in {"no-lemma:notag", "no-lemma:ignored"}
    )
    assert quoted_counts == [
        stats["verb_instances"],
        stats["verb_tokens"],
        skipped["no-lemma:notag"],
        skipped["no-lemma:ignored"],
        skipped["no-lemma"],
        skipped["sense-lost-in-mapping"],
        other_ot,
        skipped["untagged"],
    ]


@pytest.mark.integration
def test_held_out_split_counts_are_those_of_its_recipe(semcor_path: Path) -> None:
    """The held-out split's files and instances, and the training part's size (the TCV
    column), counted as `wsd disambiguate --files $HELD --gold-out` counts them."""
    from wsd.corpus import load_corpus

    held = held_out_files(semcor_path)
    disambiguating = DOCS / "disambiguating.md"
    files, instances, gold = quoted(
        disambiguating,
        r"every tenth tag file by name \((\d+) files, ([\d,]+) verb instances of which ([\d,]+) "
        r"have a gold line\)",
    ).groups()
    without = quoted(disambiguating, r"The (\d+) instances without a gold line").group(1)
    corpus = load_corpus(semcor_path, files=held, require_gold=False, frames=False)
    with_gold = sum(1 for inst in corpus.instances if inst.gold)
    assert [number(files), number(instances), number(gold), number(without)] == [
        len(held),
        len(corpus.instances),
        with_gold,
        len(corpus.instances) - with_gold,
    ]
    everything = load_corpus(semcor_path, frames=False)
    training = quoted(RESULTS, r"\(TCV, ([\d,]+) instances of all verbs\)").group(1)
    assert number(training) == len(everything.instances) - with_gold


# --- the figures of Table 1 -------------------------------------------------------------------
def check_table1_tables(doc: Path, results: dict[str, Any]) -> int:
    """Every ``table1`` table of ``doc`` against ``results``: Table 1 (a row per method, a column
    per alpha, precision with its interval), differences (``a - b`` rows, a column per alpha, the
    paired interval), AURC (a row, a column per method) and the variants (a ``label`` column,
    ``T1`` and ``T1 AURC``).  The number of cells compared."""
    scores, aurc = results["total"]["scores"], results["applicability"]
    intervals = results["intervals"]["total"]
    differences = {(p["a"], p["b"]): p["difference"] for p in results["significance"]}

    def precision(label: str, alpha: str) -> str:
        low, high = intervals[label][alpha]["precision"]
        shown = figure(scores[label][alpha]["precision"])
        return with_interval(shown, figure(low), figure(high))

    def difference(a: str, b: str, alpha: str) -> str:
        if (a, b) in differences:
            d = differences[(a, b)][alpha]
            return with_interval(signed(d["mean_diff"]), signed(d["low"]), signed(d["high"]))
        d = differences[(b, a)][alpha]
        return with_interval(signed(-d["mean_diff"]), signed(-d["high"]), signed(-d["low"]))

    checked = 0
    for _, header, rows in figure_tables(doc, "table1"):
        for row in rows:
            for name, cell in zip(header[1:], row[1:], strict=True):
                expected: str | None = None
                if header[0] == "method" and row[0] in scores:
                    expected = precision(row[0], name.removeprefix("alpha "))
                elif header[0] == "difference":
                    a, b = row[0].split(" - ")
                    expected = difference(a, b, name.removeprefix("alpha "))
                elif row[0] == "AURC at alpha 0.5" and name in aurc:
                    assert aurc[name]["alpha"] == "0.5"
                    expected = figure(aurc[name]["aurc"])
                elif "label" in header and name in ("T1", "T1 AURC"):
                    label = row[header.index("label")]
                    value = scores[label]["inf"]["precision"] if name == "T1" else None
                    expected = figure(value if value is not None else aurc[label]["aurc"])
                if expected is not None:
                    assert cell == expected, f"{doc.name}: {row[0]}, {name}"
                    checked += 1
    return checked


@pytest.mark.integration
def test_table1_figures_are_what_evaluate_writes(
    semcor_path: Path, tmp_path: Path, wordnet: object
) -> None:
    """Table 1 in the README and the results page, its differences, AURC and the variants of
    the example method, from one run of configs/table1.toml with configs/example_variants.toml's
    variants (the learning curve, other fits, left out: it changes none of these figures)."""
    config = tomllib.loads(text(CONFIGS / "table1.toml"))
    variants = tomllib.loads(text(CONFIGS / "example_variants.toml"))
    assert variants["corpus"]["verbs"] == config["corpus"]["verbs"]
    assert (variants["cv"], variants["seed"]) == (config["cv"], config["seed"])
    config["evaluation"].update(learning_curve=[])
    config["methods"].update(
        (label, body) for label, body in variants["methods"].items() if label.startswith("example_")
    )
    path = tmp_path / "table1.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    out = tmp_path / "out"
    code, _, err = run_cli(["evaluate", str(path), "--out", str(out), "--no-plots", "--quiet",
                        "--corpus", str(semcor_path)])  # fmt: skip
    assert code == 0, err
    results = json.loads(text(out / "results.json"))
    assert check_table1_tables(README, results) == 6 * 4
    assert check_table1_tables(RESULTS, results) == 6 * 4 + 4 * 4 + 6 + 6 * 2
    for doc in (README, RESULTS):
        n = quoted(doc, r"([\d,]+) SemCor\s+instances").group(1)
        assert number(n) == results["total"]["n"], doc.name


# --- the figures of the benches ---------------------------------------------------------------
SPLITS = {"SemEval-2007": "dev", "held-out": "heldout"}
GROUPS = ("all", "unseen sense", "unseen verb", "not first sense", "first sense", "diff")


def bench_output(variable: str, default: str) -> Path:
    path = Path(os.environ.get(variable, ROOT / default))
    assert path.is_file(), f"no {path.name} at {path} (${variable})"
    return path


def devset_cell(row: dict[str, str], group: str, shown: str) -> str:
    """A devset.csv figure as the page writes it: exact precision, with its interval when the
    cell shows one (and the interval is not a point), or the paired difference."""
    if group == "diff":
        if not row["diff"]:
            return ""
        values = [signed(float(row[k])) for k in ("diff", "diff_low", "diff_high")]
        return with_interval(*values)
    value, low, high = (figure(float(row[k])) for k in ("exact", "exact_low", "exact_high"))
    return with_interval(value, low, high) if "[" in shown else value


def test_results_tables_are_the_devset_csv() -> None:
    """The choices, the held-out table and the whole sweep against bench/devset.py's CSV: a
    column ``[SPLIT ]GROUP[ (n)]`` of a row ``run`` is that run's exact precision on the split's
    group (and its size), ``[SPLIT ]diff`` the paired difference from the method's first run."""
    path = bench_output("WSD_DEVSET_CSV", "docs/measured/devset.csv")
    with path.open(encoding="utf-8") as f:
        measured: dict[tuple[str, str, str], dict[str, str]] = {
            (r["split"], r["run"], r["group"]): r for r in csv.DictReader(f)
        }
    column = re.compile(rf"(?:({'|'.join(SPLITS)}) )?({'|'.join(GROUPS)})(?: \(([\d,]+)\))?")
    tables = figure_tables(RESULTS, "devset.csv")
    checked = 0
    for split, header, rows in tables:
        for row in rows:
            for name, cell in zip(header[1:], row[1:], strict=True):
                found = column.fullmatch(name)
                if found is None:
                    continue
                where = SPLITS[found[1]] if found[1] else split
                group = found[2]
                entry = measured[(where, row[0], "all" if group == "diff" else group)]
                assert cell == devset_cell(entry, group, cell), f"{row[0]}, {name}"
                if found[3]:
                    assert number(found[3]) == int(entry["n"]), name
                checked += 1
    assert len(tables) == 3 and checked > 500


def test_results_table_is_the_text_pipeline_json() -> None:
    """The plain-text table against bench/text_pipeline.py's JSON, row by row."""
    report = json.loads(text(bench_output("WSD_TEXT_PIPELINE_JSON",
                                          "docs/measured/text_pipeline.json")))  # fmt: skip
    tags = report["tagger"]

    def share(part: str, whole: str) -> str:
        return f"{100 * tags[part] / tags[whole]:.1f} % of {tags[whole]:,}"

    def road(name: str) -> str:
        c = report[name]
        before, after = c["right_from_tags"] / c["gold"], c["right_from_text"] / c["gold"]
        return f"{figure(before)} -> {figure(after)} ({(after - before) * 100:+.1f})"

    hybrid = report["hybrid"]
    joined = tags["multiwords_joined"] - tags["multiwords_found"]
    rows: list[Callable[[], str]] = [
        lambda: share("universal", "tokens"),
        lambda: share("tagged_universal", "tagged_tokens"),
        lambda: share("penn", "tokens"),
        lambda: share("sense_verbs_found", "sense_verbs"),
        lambda: share("sense_verbs_read", "sense_verbs"),
        lambda: f"{tags['multiwords_found']:,} of {tags['multiwords']:,} ({joined:,})",
        lambda: f"{hybrid['found']:,} / {hybrid['same_lemma']:,} of {hybrid['gold']:,}",
        lambda: f"{hybrid['text_instances']:,} ({hybrid['text_instances_gold']:,})",
        lambda: road("hybrid"),
        lambda: road("example"),
    ]
    ((_, header, shown),) = figure_tables(RESULTS, "text_pipeline.json")
    now = header.index("now")
    assert [row[now] for row in shown] == [row() for row in rows]


def test_a_figures_table_names_a_known_source() -> None:
    """A marked table whose source no test reads would go unchecked."""
    for doc in PAGES:
        for source in re.findall(r"<!-- figures: (\S+)", text(doc)):
            assert source in {"table1", "devset.csv", "text_pipeline.json"}, (doc.name, source)


def _exported() -> Iterator[tuple[str, Any]]:
    """Every class and function a package ``__init__`` of the three packages exports (the
    command line and the instance browser are applications, not API), once each."""
    import importlib
    import inspect
    import pkgutil

    seen: set[int] = set()
    for top in ("thesaurus", "wsd", "evaluation"):
        root = importlib.import_module(top)
        names = [m.name for m in pkgutil.walk_packages(root.__path__, f"{top}.") if m.ispkg]
        for module in [root, *map(importlib.import_module, names)]:
            if module.__name__.endswith((".cli", ".browser")):
                continue
            for name in getattr(module, "__all__", ()):
                obj = getattr(module, name)
                if id(obj) in seen or not (inspect.isclass(obj) or inspect.isfunction(obj)):
                    continue
                if inspect.isclass(obj) and issubclass(obj, BaseException):
                    continue
                seen.add(id(obj))
                yield f"{module.__name__}.{name}", obj


def test_every_exported_class_and_function_states_its_parameters() -> None:
    """The public API's docstrings have sections: whatever takes parameters lists them."""
    import inspect

    undocumented = []
    for name, obj in _exported():
        taken = [p for p in inspect.signature(obj).parameters if p not in ("self", "cls")]
        if taken and "Parameters\n----------" not in (inspect.getdoc(obj) or ""):
            undocumented.append(name)
    assert not undocumented, undocumented
