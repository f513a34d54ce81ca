"""Consistent option names across commands, the old spellings refused, and commands that say
which resource they used (evaluation/cli/_options.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import DATA, ROOT

from evaluation.cli import build_parser, main

Capture = pytest.CaptureFixture[str]

THESAURI = DATA / "thesaurus"
VERBS = str(THESAURI / "tsukau_verbs.tsv")
NOUNS = str(THESAURI / "nouns_ja.tsv")


def _commands() -> dict[str, set[str]]:
    """Every (sub)command's option strings."""
    found: dict[str, set[str]] = {}

    def walk(parser: object, name: str) -> None:
        for action in parser._actions:  # type: ignore[attr-defined]
            choices = getattr(action, "choices", None)
            if isinstance(choices, dict):
                for sub, child in choices.items():
                    walk(child, f"{name} {sub}".strip())
            else:
                found.setdefault(name, set()).update(action.option_strings)

    walk(build_parser(), "")
    return found


def test_one_spelling_per_meaning_across_commands() -> None:
    commands = _commands()
    readers = {"train", "disambiguate", "data stats", "data export", "frames"}
    for name in readers:  # a corpus to read is --corpus, its format --format
        assert {"--corpus", "--format"} <= commands[name], name
    for name in ("score", "compare", "agreement", "thesaurus maxlen", "thesaurus distance"):
        assert "--verb-thesaurus" in commands[name], name
    assert "--to" in commands["data export"]  # the format written


def test_maxlen_names_its_thesaurus_and_the_old_flag_is_refused(capsys: Capture) -> None:
    assert main(["thesaurus", "maxlen", "使う", "--verb-thesaurus", VERBS]) == 0
    out, err = capsys.readouterr()
    assert out == "7\n"
    assert err == f"maxlen: 使う in the verb thesaurus {VERBS} (4 senses)\n"
    assert main(["thesaurus", "distance", "道具を使う", "消費する", "--verb-thesaurus", VERBS]) == 0
    assert capsys.readouterr().out == "7\n"
    with pytest.raises(SystemExit) as exited:  # the old spelling
        main(["thesaurus", "maxlen", "使う", "--thesaurus", VERBS])
    assert exited.value.code == 2
    assert "unrecognized arguments: --thesaurus" in capsys.readouterr().err
    assert main(["thesaurus", "maxlen", "学生", "--noun-thesaurus", NOUNS]) == 0
    out, err = capsys.readouterr()
    assert out == "0\n" and "in the noun thesaurus" in err and "(1 senses)" in err
    assert main(["thesaurus", "maxlen", "学生", "--verb-thesaurus", VERBS]) == 2
    err = capsys.readouterr().err
    assert err == f"wsd: error: '学生' is not a word of the verb thesaurus {VERBS}\n"


@pytest.mark.integration
def test_maxlen_of_a_noun_says_where_it_is(wordnet: object, capsys: Capture) -> None:
    """'bank' is a verb too: maxlen says it used the verb thesaurus; 'dog' only a noun."""
    assert main(["thesaurus", "maxlen", "bank"]) == 0
    out, err = capsys.readouterr()
    assert int(out) > 0 and err.startswith("maxlen: bank in the verb thesaurus wordnet-verb (")
    assert main(["thesaurus", "maxlen", "bank", "--noun-thesaurus", "wordnet-noun"]) == 0
    assert "in the noun thesaurus wordnet-noun" in capsys.readouterr().err
    assert main(["thesaurus", "maxlen", "doghouse"]) == 2
    assert "(it is a noun of wordnet-noun: --noun-thesaurus wordnet-noun)" in (
        capsys.readouterr().err
    )


def test_param_lambda_is_confidence_lambda_and_lambda_underscore_is_unknown(
    tmp_path: Path, capsys: Capture
) -> None:
    corpus = ROOT / "examples" / "japanese" / "tsukau.jsonl"
    argv = ["train", "--corpus", str(corpus), "--method", "mfs", f"--param=verb_thesaurus={VERBS}"]
    model = tmp_path / "lambda.json"
    assert main([*argv, "--param=lambda=0.3", "--out", str(model)]) == 0
    params = json.loads(model.read_text(encoding="utf-8"))["params"]
    assert params["confidence_lambda"] == 0.3 and "lambda" not in params
    capsys.readouterr()
    assert main([*argv, "--param=lambda_=0.3", "--out", str(tmp_path / "old.json")]) == 2
    assert "unknown parameter 'lambda_'" in capsys.readouterr().err


def test_a_message_line_reaches_stderr_in_one_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """``say`` writes a line with its newline in one call, and no command prints to stderr
    otherwise (``print`` writes the newline apart: a signal between the writes glues lines)."""
    import ast
    import io
    import sys

    import evaluation.cli
    from evaluation.cli._options import say

    writes: list[str] = []

    class Stream(io.StringIO):
        def write(self, text: str) -> int:
            writes.append(text)
            return super().write(text)

    monkeypatch.setattr(sys, "stderr", Stream())
    say("trained example on 3 instances of 1 verbs in 0.1s -> out/m.json")
    assert writes == ["trained example on 3 instances of 1 verbs in 0.1s -> out/m.json\n"]

    def to_stderr(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "print"
            and any(k.arg == "file" and "stderr" in ast.unparse(k.value) for k in node.keywords)
        )

    package = Path(evaluation.cli.__file__).parent
    found = [
        f"{path.name}:{node.lineno}"
        for path in sorted(package.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if to_stderr(node)
    ]
    assert found == []


@pytest.mark.parametrize("value", ["0", "-1", "x", "1.5"])
@pytest.mark.parametrize("command", ["compare", "disambiguate"])
def test_top_k_is_one_rule_in_every_command(capsys: Capture, command: str, value: str) -> None:
    """One check (an integer >= 1), one message, before any file is read."""
    argv = {
        "compare": ["compare", "--gold", "absent.key", "absent.key"],
        "disambiguate": ["disambiguate", "--model", "absent.json", "--corpus", "x", "--out", "o"],
    }[command]
    with pytest.raises(SystemExit) as info:
        main([*argv, "--top-k", value])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith(f"wsd: error: argument --top-k: must be an integer >= 1, got {value!r}\n")
