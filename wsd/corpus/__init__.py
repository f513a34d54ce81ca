"""Corpus readers and writers, all producing the records of :mod:`wsd.types`.

* SemCor 3.0 tag files (:func:`read_semcor`, :func:`find_semcor`, :func:`semcor_files`) and
  NLTK's copy of them (:func:`read_nltk_semcor`);
* Raganato et al.'s ``*.data.xml`` + ``*.gold.key.txt`` (:func:`read_raganato`,
  :func:`write_raganato`; key files alone: :mod:`wsd.corpus.keys`);
* our JSONL instance format (:func:`read_jsonl`, :func:`write_jsonl`);
* CoNLL-U, Universal Dependencies v2 (:func:`read_conllu`, :func:`iter_conllu`,
  :func:`write_conllu`, :func:`annotate_instances`);
* :func:`load_corpus`: the verb instances of any of these, with :class:`CorpusStats`
  (:func:`load_sentences`: of tagged sentences made elsewhere, as plain text by :mod:`wsd.text`).
"""

from wsd.corpus._load import (
    DOCUMENT,
    FORMATS,
    Corpus,
    CorpusStats,
    claim_ids,
    detect_format,
    load_corpus,
    load_sentences,
)
from wsd.corpus.conllu import annotate_instances, iter_conllu, read_conllu, write_conllu
from wsd.corpus.jsonl import read_jsonl, write_jsonl
from wsd.corpus.keys import read_keys, write_keys
from wsd.corpus.raganato import gold_key_path, read_raganato, write_raganato
from wsd.corpus.semcor import find_semcor, read_nltk_semcor, read_semcor, semcor_files

__all__ = [
    "DOCUMENT",
    "FORMATS",
    "Corpus",
    "annotate_instances",
    "CorpusStats",
    "claim_ids",
    "detect_format",
    "find_semcor",
    "gold_key_path",
    "load_corpus",
    "load_sentences",
    "iter_conllu",
    "read_conllu",
    "read_jsonl",
    "read_keys",
    "read_nltk_semcor",
    "read_raganato",
    "read_semcor",
    "semcor_files",
    "write_conllu",
    "write_jsonl",
    "write_keys",
    "write_raganato",
]
