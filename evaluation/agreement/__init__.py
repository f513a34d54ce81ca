"""Inter-annotator agreement: statistics per word between annotation files, the greedy merging
of sense classes, and the upper bound of an experiment."""

from evaluation.agreement.annotations import POOLED_NOTE, agreement_report
from evaluation.agreement.class_table import CLASS_TABLE_FORMAT, read_class_table, write_class_table
from evaluation.agreement.merging import (
    MERGE_OUTCOMES,
    MergeResult,
    MergeStep,
    class_map,
    greedy_merge,
    merge_per_lemma,
)
from evaluation.agreement.per_word import (
    LEMMA_RULE,
    SEVERAL_KEYS_RULES,
    choose_labels,
    group_by_lemma,
    instance_words,
    multi_agreement,
    pair_agreement,
    summarise,
)
from evaluation.agreement.statistics import (
    cohen_kappa,
    confusion_table,
    fleiss_kappa,
    kappa_from_shares,
    krippendorff_alpha,
    observed_agreement,
    scott_pi,
    sense_lemma,
    table_kappa,
    thesaurus_distance,
    weight_defaults,
    weighted_kappa,
)
from evaluation.agreement.upper_bound import UpperBound, agreement_upper_bound

__all__ = [
    "CLASS_TABLE_FORMAT",
    "LEMMA_RULE",
    "MERGE_OUTCOMES",
    "POOLED_NOTE",
    "SEVERAL_KEYS_RULES",
    "MergeResult",
    "MergeStep",
    "UpperBound",
    "agreement_report",
    "agreement_upper_bound",
    "choose_labels",
    "class_map",
    "cohen_kappa",
    "confusion_table",
    "fleiss_kappa",
    "greedy_merge",
    "group_by_lemma",
    "instance_words",
    "kappa_from_shares",
    "krippendorff_alpha",
    "merge_per_lemma",
    "multi_agreement",
    "observed_agreement",
    "pair_agreement",
    "read_class_table",
    "scott_pi",
    "sense_lemma",
    "summarise",
    "table_kappa",
    "thesaurus_distance",
    "weight_defaults",
    "weighted_kappa",
    "write_class_table",
]
