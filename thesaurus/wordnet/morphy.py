"""WordNet's morphological analyser (morphy) over the database files, without NLTK.

:meth:`Morphy.analyses` is WordNet's morphy as NLTK 3.10 implements it (``_morphy``): a form
listed in ``<pos>.exc`` yields its listed base forms, any other form the results of one pass
of the detachment rules; of the form itself and those candidates, the ones in ``index.<pos>``
are returned, the form first.  :meth:`Morphy.lemma` picks one lemma for running text:

* a noun, and a verb form listed as irregular, take the inflected reading when the form is a
  lemma too (``years`` -> ``year``, ``men`` -> ``man``, ``saw`` -> ``see``, ``found`` ->
  ``find``), where NLTK's ``morphy`` returns the form itself; other words take the first
  analysis (``feed`` stays ``feed``);
* the verb contractions ``'s``, ``'re``, ``'m`` are ``be`` and ``'ve`` is ``have``;
* a collocation WordNet does not list is analysed on its head (``took_place`` ->
  ``take_place``, ``fire_engines`` -> ``fire_engine``);
* no analysis: the form itself, lower-cased.

Forms are lower-cased and spaces become ``_``.

>>> morphy = Morphy({"n": {"book", "glasses"}, "v": {"see", "saw"}},
...                 {"v": {"saw": ("see",)}})
>>> morphy.analyses("saw", "v"), morphy.lemma("saw", "v"), morphy.lemma("Books", "n")
(['saw', 'see'], 'see', 'book')
>>> morphy.lemma("glasses", "n"), morphy.lemma("Took place", "v")
('glasses', 'took_place')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

__all__ = ["POS", "Morphy", "morphy_source_key", "wordnet_morphy"]

POS = ("n", "v", "a", "r")
_POS_NAMES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_RULES: Mapping[str, tuple[tuple[str, str], ...]] = {
    "n": (
        ("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
        ("shes", "sh"), ("men", "man"), ("ies", "y"),
    ),
    "v": (
        ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
        ("ing", "e"), ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}  # fmt: skip
_CONTRACTIONS = {"'s": "be", "'re": "be", "'m": "be", "'ve": "have"}


class Morphy:
    """Morphy over word lists: ``lemmas[pos]`` are the words of ``index.<pos>``,
    ``exceptions[pos]`` maps an irregular form to its base forms (``<pos>.exc``)."""

    def __init__(
        self,
        lemmas: Mapping[str, Collection[str]],
        exceptions: Mapping[str, Mapping[str, tuple[str, ...]]] | None = None,
    ) -> None:
        self._lemmas = {pos: frozenset(lemmas.get(pos, ())) for pos in POS}
        exceptions = exceptions or {}
        self._exceptions = {pos: dict(exceptions.get(pos, {})) for pos in POS}
        self._memo: dict[tuple[str, str], str] = {}

    def analyses(self, form: str, pos: str) -> list[str]:
        """WordNet's base forms of ``form`` as a ``pos`` word (``n``, ``v``, ``a``, ``r``)."""
        lemmas = self._lemmas[pos]
        listed = self._exceptions[pos].get(form)
        if listed is not None:
            candidates = [form, *listed]
        else:
            detached = [form[: -len(old)] + new for old, new in _RULES[pos] if form.endswith(old)]
            candidates = [form, *detached]
        return list(dict.fromkeys(c for c in candidates if c in lemmas))

    def lemma(self, form: str, pos: str) -> str:
        """The lemma of ``form`` as a ``pos`` word in running text (module docstring)."""
        key = (form, pos)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._lemma(form, pos)
        return found

    def _lemma(self, form: str, pos: str) -> str:
        word = "_".join(form.lower().split())
        found = self._best(word, pos)
        if found is not None:
            return found
        if "_" in word:
            parts = word.split("_")
            head = 0 if pos == "v" else len(parts) - 1  # take_place, fire_engine
            for base in self.analyses(parts[head], pos) or [parts[head]]:
                joined = "_".join([*parts[:head], base, *parts[head + 1 :]])
                if joined in self._lemmas[pos]:
                    return joined
        return word

    def _best(self, word: str, pos: str) -> str | None:
        if pos == "v" and word in _CONTRACTIONS:
            return _CONTRACTIONS[word]
        found = self.analyses(word, pos)
        if not found:
            return None
        inflected = found[1:] if found[0] == word else found
        noun = pos == "n" and not word.endswith("ss")  # "pass", "glass" are no plurals
        if inflected and (noun or (pos == "v" and word in self._exceptions["v"])):
            return inflected[0]  # "men" -> "man", "years" -> "year", "saw" -> "see"
        return found[0]


def _read_lemmas(lines: list[str]) -> set[str]:
    return {line.split(" ", 1)[0] for line in lines if line and not line.startswith(" ")}


def _read_exceptions(lines: list[str]) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for line in lines:
        fields = line.split()
        if len(fields) >= 2:
            out[fields[0]] = tuple(fields[1:])
    return out


_FILES = (
    *(f"index.{name}" for name in _POS_NAMES.values()),
    *(f"{name}.exc" for name in _POS_NAMES.values()),
)


def morphy_source_key() -> dict[str, Any]:
    """The WordNet files :func:`wordnet_morphy` reads, stamped (size, mtime) for cache keys."""
    from thesaurus.wordnet.data import database_stamp

    return database_stamp(_FILES)


_WORDNET: list[Morphy] = []


def wordnet_morphy() -> Morphy:
    """Morphy over WordNet 3.0's database files (provisioned as for the thesauri), loaded once
    per process."""
    if not _WORDNET:
        from thesaurus.wordnet.data import database_lines as lines

        lemmas = {pos: _read_lemmas(lines(f"index.{_POS_NAMES[pos]}")) for pos in POS}
        exceptions = {pos: _read_exceptions(lines(f"{_POS_NAMES[pos]}.exc")) for pos in POS}
        _WORDNET.append(Morphy(lemmas, exceptions))
    return _WORDNET[0]
