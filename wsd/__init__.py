"""Verb sense disambiguation: corpora, case frames, disambiguators."""

from .types import CaseFrame, Filler, Instance, Prediction, Sentence, Token

__all__ = ["CaseFrame", "Filler", "Instance", "Prediction", "Sentence", "Token"]
