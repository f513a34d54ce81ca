"""Evaluation of WSD systems: graded measures, cross-validation, curves, agreement, reports."""
