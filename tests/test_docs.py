"""The docs' commands and figures, checked against what the commands print.

Each test runs what a doc shows (the commands of ``examples/japanese/README.md`` as written,
``wsd --help`` beside the README's command list, ``wsd data stats``, Table 1's measures) or
reads what a config comment counts, and compares every figure the doc quotes with the output.
A figure is found in its doc by a pattern: a doc that no longer says it fails as loudly as a
wrong figure, so a changed sentence is changed here too.  The README's timing lines quote no
time (they point at ``bench/bench_evaluate.py``), so nothing here re-times a run.

Table 1 (``test_readme_table1_figures``, integration): the table's cells, the differences,
the AURC line and the T1 columns of the example-method variants depend only on the answers of
the 10-fold cross-validation; the learning curve (other fits on parts of each training fold)
and the bootstrap (intervals and p-values, not quoted) do not change them.  The test runs
``configs/table1.toml`` without both, and with the variants of
``configs/example_variants.toml`` (same verbs, folds and seed), in one run.
"""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import shutil
import sys
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from _common import toml_text  # noqa: E402  (the TOML writer of bench/)
from commands import JA_README, README, held_out_files, number, quoted, run_cli, text

CONFIGS = ROOT / "configs"
CORPUS_README = ROOT / "wsd" / "corpus" / "README.md"
VERBS = "tests/data/thesaurus/tsukau_verbs.tsv"


def figure(value: float) -> str:
    """A score as the docs write it: three decimals, no leading zero (``.874``, ``1.000``)."""
    shown = f"{value:.3f}"
    return shown[1:] if shown.startswith("0.") else shown


def code_blocks(doc: Path, heading: str) -> list[str]:
    """The ``sh`` code blocks of ``doc``'s section ``heading``, as lines (continuations
    joined)."""
    section = text(doc).split(heading, 1)[1]
    section = re.split(r"\n#+ ", section, maxsplit=1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    return [line for block in blocks for line in block.replace("\\\n", " ").splitlines()]


def markdown_rows(doc: Path, after: str) -> list[list[str]]:
    """The cells of the first markdown table after the text ``after`` in ``doc`` (header
    and rule excluded)."""
    lines = text(doc).split(after, 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return table[2:]


def run_documented(lines: Sequence[str], cwd: Path) -> None:
    """Run a doc's shell lines in ``cwd``: ``NAME=value`` assignments and ``wsd ...``
    commands (``$NAME`` expanded); every command must exit 0."""
    variables: dict[str, str] = {}
    with contextlib.chdir(cwd):
        for line in lines:
            words = shlex.split(line, comments=True)
            if not words:
                continue
            if all(re.fullmatch(r"[A-Z]+=\S+", w) for w in words):
                variables.update(w.split("=", 1) for w in words)
                continue
            assert words[0] == "wsd", f"not a wsd command: {line}"
            argv = [re.sub(r"\$([A-Z]+)", lambda m: variables[m.group(1)], w) for w in words]
            code, _, err = run_cli(argv[1:])
            assert code == 0, f"{line}: exit {code}: {err}"


# --- the Japanese example, end to end -------------------------------------------------------
@pytest.fixture(scope="module")
def japanese(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what the Japanese example reads, laid out as in the checkout (its commands
    run from the checkout's root and write beside it), with every documented command of
    examples/japanese/README.md run in it."""
    root = tmp_path_factory.mktemp("checkout")
    for part in ("examples/japanese", "tests/data/thesaurus"):
        shutil.copytree(ROOT / part, root / part)
    (root / "configs").mkdir()
    shutil.copy(CONFIGS / "japanese.toml", root / "configs")
    lines = code_blocks(JA_README, "## Cross-validation") + code_blocks(
        JA_README, "## Train, disambiguate, score, compare"
    )
    run_documented(lines, root)
    return root


def test_japanese_table_is_what_evaluate_prints(japanese: Path) -> None:
    results = json.loads(text(japanese / "results" / "japanese" / "results.json"))
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


def test_japanese_probe_figures_are_what_the_commands_print(japanese: Path) -> None:
    first = text(japanese / "example.key").splitlines()[0]
    assert quoted(JA_README, r"probe\.001 [^\n]*").group(0) == first
    compared = json.loads(text(japanese / "results" / "japanese-probes" / "results.json"))
    n = compared["total"]["n"]
    right = {
        label: round(by_alpha["inf"]["precision"] * n)
        for label, by_alpha in compared["total"]["scores"].items()
    }
    mfs_senses = {line.split()[1].split(":")[0] for line in text(japanese / "mfs.key").splitlines()}
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
    japanese: Path, wordnet: object
) -> None:
    """The README quotes `wsd score` without --verb-thesaurus: WordNet's warning."""
    with contextlib.chdir(japanese):
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
        (CONFIGS / "README.md", r"the worked Japanese example: (\d+) sentences"),
        (README, r"Table 1 of (\d+) sentences of 使う"),
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


def test_config_readme_schema_comment_on_the_corpus_path() -> None:
    comment = quoted(CONFIGS / "README.md", r'path = ""\s+#([^\n]*)').group(1)
    assert "$WSD_SEMCOR" in comment and "NLTK" in comment and "../shared" not in comment


def test_table1_verbs_listed_in_configs_readme() -> None:
    config = tomllib.loads(text(CONFIGS / "table1.toml"))
    listed = quoted(CONFIGS / "README.md", r"\| `table1\.toml` \| [^:]*: ([^;]*); (\d+) folds")
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
    """Every ``wsd ...`` line of the docs' ``sh`` blocks, as words (a ``#`` comment cut)."""
    lines = []
    for doc in (README, JA_README, CONFIGS / "README.md"):
        for block in re.findall(r"```sh\n(.*?)```", text(doc), flags=re.S):
            for line in block.replace("\\\n", " ").splitlines():
                words = line.split("#", 1)[0].split()
                if words and words[0] == "wsd":
                    lines.append(words)
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


def test_readme_command_list_is_the_help_command_list(commands: dict[tuple[str, ...], str]) -> None:
    """The README's "Commands" block shows every command `wsd --help` lists, and no other
    (`thesaurus path` in a comment of the `maxlen` line: "also: path KEY_A KEY_B")."""
    groups = {c[0] for c in commands if len(c) == 2}
    block = [line.split("#", 1)[0].split() for line in code_blocks(README, "## Commands")]
    shown = {command_of(words, groups) for words in block if words[:1] == ["wsd"]}
    shown.add(("thesaurus", quoted(README, r"# also: (\w+) KEY_A KEY_B").group(1)))
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
    """wsd/corpus/README.md's counts of SemCor 3.0."""
    code, out, _ = run_cli(["data", "stats", "--corpus", str(semcor_path)])
    assert code == 0
    stats = json.loads(out)
    skipped = stats["skipped"]
    found = quoted(
        CORPUS_README,
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
    """The README's held-out split: its files and instances, and the training part's size
    (the TCV column), counted as `wsd disambiguate --files $HELD --gold-out` counts them."""
    from wsd.corpus import load_corpus

    held = held_out_files(semcor_path)
    ho = quoted(
        README,
        r"Every 10th tag file by name is held out \((\d+) files, ([\d,]+) verb instances, "
        r"([\d,]+) of them with a\s+gold line: `--gold-out` says that the other (\d+)",
    )
    corpus = load_corpus(semcor_path, files=held, require_gold=False, frames=False)
    with_gold = sum(1 for inst in corpus.instances if inst.gold)
    assert [number(g) for g in ho.groups()] == [
        len(held),
        len(corpus.instances),
        with_gold,
        len(corpus.instances) - with_gold,
    ]
    everything = load_corpus(semcor_path, frames=False)
    training = quoted(README, r"\(TCV, ([\d,]+) instances of all verbs\)").group(1)
    assert number(training) == len(everything.instances) - with_gold


# --- Table 1 ----------------------------------------------------------------------------------
@pytest.mark.integration
def test_readme_table1_figures(semcor_path: Path, tmp_path: Path, wordnet: object) -> None:
    """Table 1, its differences and AURC line, the published method's totals and the T1
    columns of the variants table, from one cross-validation (module docstring)."""
    config = tomllib.loads(text(CONFIGS / "table1.toml"))
    variants = tomllib.loads(text(CONFIGS / "example_variants.toml"))
    assert variants["corpus"]["verbs"] == config["corpus"]["verbs"]
    assert (variants["cv"], variants["seed"]) == (config["cv"], config["seed"])
    config["evaluation"].update(learning_curve=[], bootstrap=0)
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
    scores = results["total"]["scores"]

    def p(label: str, alpha: str) -> float:
        return float(scores[label][alpha]["precision"])

    n, verbs = quoted(README, r"totals over the ([\d,]+) instances of the (\w+) verbs").groups()
    assert number(n) == results["total"]["n"]
    assert {"ten": 10}[verbs] == len(results["verbs"])
    labels = ["example", "bayes", "ims", "hybrid", "mfs", "random"]
    for row in markdown_rows(README, "What `make run` prints"):
        alpha = row[0].split()[0]
        assert row[1:7] == [figure(p(label, alpha)) for label in labels], f"README Table 1, {alpha}"
    alphas = ["0.5", "1", "2", "inf"]
    paper = quoted(README, r"`configs/example_variants\.toml`\)\s+scores ([.\d /]+)\.\s")
    assert paper.group(1).split(" / ") == [figure(p("example_paper", a)) for a in alphas]

    def diff(a: str, b: str, alpha: str) -> str:
        return f"{p(a, alpha) - p(b, alpha):+.3f}".replace("0.", ".", 1)

    pairs = quoted(
        README,
        r"example - bayes (\S+) / (\S+) / (\S+) / (\S+), example - MFS (\S+) exact; hybrid - ims\s+"
        r"(\S+) exact",
    ).groups()
    assert list(pairs) == [
        *(diff("example", "bayes", a) for a in alphas),
        diff("example", "mfs", "inf"),
        diff("hybrid", "ims", "inf"),
    ]
    aurc = results["applicability"]
    line = quoted(README, r"AURC at alpha 0\.5 \(lower is better\): ((?:\w+\s\.\d+[,.]\s)+)")
    named = {name.lower(): value for name, value in re.findall(r"(\w+)\s(\.\d+)", line.group(1))}
    assert named == {label: figure(aurc[label]["aurc"]) for label in named}
    assert set(named) == {"hybrid", "ims", "example", "bayes", "mfs"}
    rows = markdown_rows(README, "### The example-based method: what was measured")
    order = [
        *("example_paper", "example_knn", "example_marks", "example_conf", "example_tuned"),
        "example",
    ]
    for row, label in zip(rows, order, strict=False):
        assert (row[4], row[5]) == (figure(p(label, "inf")), figure(aurc[label]["aurc"])), row[0]
    last = rows[len(order)]
    assert last[4] == f"{figure(p('bayes', 'inf'))} / {figure(p('mfs', 'inf'))}"
    assert last[5] == f"{figure(aurc['bayes']['aurc'])} / {figure(aurc['mfs']['aurc'])}"
