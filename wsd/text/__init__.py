"""Plain English text in: sentences, tokens, Penn tags from a tagger trained on SemCor, lemmas
by WordNet's morphy, and the verb instances a model disambiguates — with no download.

* :func:`read_text` (a file or ``-``, with the limits of every reader, :func:`check_text`) and
  :func:`text_instances` (text -> :class:`~wsd.corpus.Corpus`); :func:`tag_text` keeps each
  token's character span;
* :func:`split_sentences`, :func:`tokenise`, :func:`detokenise` (:mod:`wsd.text.tokens`);
* the tagger: :class:`Tagger`, :func:`train_tagger`, :func:`save_tagger`,
  :func:`load_tagger`, :func:`tagger_path`; SemCor's: :func:`ensure_tagger` (the one the
  toolkit ships, copied to the user cache on first use), :func:`train_semcor_tagger`,
  :func:`tagged_words` (:mod:`wsd.text.training`);
* auxiliaries (``did`` in ``didn't go``), which SemCor never sense-tags
  (:mod:`wsd.text.auxiliaries`);
* :func:`verb_multiwords` (``took place`` -> ``took_place``), joined or left apart in context
  by a model trained on SemCor's joins (:func:`train_multiword_model`);
* the verb detector: participles, gerunds and other verb forms the tagger does not tag as verbs,
  read as SemCor reads them (:func:`train_verb_detector`, :mod:`wsd.text.verbs`);
* :class:`LinearModel` (:mod:`wsd.text.classifier`), the small JSON logistic model of both.
"""

from wsd.text.classifier import LinearModel, train_linear
from wsd.text.instances import (
    NOT_IN_WORDNET,
    STDIN,
    TextSentence,
    check_text,
    read_text,
    sentence_multiwords,
    tag_text,
    tag_words,
    text_instances,
)
from wsd.text.multiwords import is_wordnet_verb, train_multiword_model, verb_lemma, verb_multiwords
from wsd.text.tagger import Tagger, load_tagger, save_tagger, tagger_path, train_tagger
from wsd.text.tokens import Span, detokenise, learn_sentence_parameters, split_sentences, tokenise
from wsd.text.training import (
    ensure_tagger,
    fold_files,
    joined_verbs,
    semcor_documents,
    tagged_words,
    train_semcor_tagger,
)
from wsd.text.verbs import train_verb_detector, verb_form_counts

__all__ = [
    "NOT_IN_WORDNET",
    "STDIN",
    "LinearModel",
    "Span",
    "Tagger",
    "TextSentence",
    "check_text",
    "detokenise",
    "ensure_tagger",
    "fold_files",
    "is_wordnet_verb",
    "joined_verbs",
    "learn_sentence_parameters",
    "load_tagger",
    "read_text",
    "save_tagger",
    "semcor_documents",
    "sentence_multiwords",
    "split_sentences",
    "tag_text",
    "tag_words",
    "tagged_words",
    "tagger_path",
    "text_instances",
    "tokenise",
    "train_linear",
    "train_multiword_model",
    "train_semcor_tagger",
    "train_tagger",
    "train_verb_detector",
    "verb_lemma",
    "verb_form_counts",
    "verb_multiwords",
]
