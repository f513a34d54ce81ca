"""The report's figures (matplotlib, Agg canvas, no pyplot state), as PNG bytes and SVG text.

- ``learning_curve``: mean training-set size per verb and fold vs acceptability (Fig. 4);
- ``applicability``: applicability vs acceptability of the applied outputs (Fig. 5);
- ``top_k``: recall@k vs precision@k for k = 1..K (Fig. 6);
- ``alpha``: acceptability vs alpha on a log axis, exact match (alpha = inf) as a dotted line.

Each function takes an :class:`~evaluation.experiment.results.ExperimentResult` and returns a
``Figure``, or ``None`` when the result has nothing to draw.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator

from ..experiment.results import ExperimentResult
from ..measures import format_alpha

__all__ = ["FIGURES", "render"]

_SIZE = (6.0, 4.0)


def _figure(title: str, xlabel: str, ylabel: str) -> tuple[Figure, Any]:
    figure = Figure(figsize=_SIZE, dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.set_title(title, fontsize=11)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.grid(True, alpha=0.3)
    return figure, axes


def learning_curve(result: ExperimentResult) -> Figure | None:
    curves = result.learning_curve
    if not curves:
        return None
    alpha = format_alpha(result.config.evaluation.applicability_alpha)
    tasks = max(1, result.timing.tasks)
    figure, axes = _figure(
        f"Learning curve (alpha = {alpha})",
        "training instances per verb and fold (mean)",
        "acceptability",
    )
    for label, points in curves.items():
        xs = [p.train_instances / tasks for p in points]
        ys = [p.scores[alpha].precision for p in points]
        axes.plot(xs, ys, marker="o", label=label)
    axes.legend()
    return figure


def applicability(result: ExperimentResult) -> Figure | None:
    curves = result.applicability
    if not curves:
        return None
    alpha = next(iter(curves.values())).alpha
    figure, axes = _figure(
        f"Applicability vs acceptability (alpha = {alpha})", "applicability", "acceptability"
    )
    for label, curve in curves.items():
        axes.plot(
            curve.applicability, curve.acceptability, label=f"{label} (AURC {curve.aurc:.3f})"
        )
    axes.set_xlim(0, 1)
    axes.legend()
    return figure


def top_k(result: ExperimentResult) -> Figure | None:
    curves = result.top_k
    if not curves:
        return None
    figure, axes = _figure("Top-k recall and precision", "recall@k", "precision@k")
    for label, points in curves.items():
        xs = [p.recall for p in points]
        ys = [p.precision for p in points]
        (line,) = axes.plot(xs, ys, marker="o", label=label)
        for p, x, y in zip(points, xs, ys, strict=True):
            axes.annotate(
                str(p.k),
                (x, y),
                textcoords="offset points",
                xytext=(3, 3),
                fontsize=7,
                color=line.get_color(),
            )
    axes.legend()
    return figure


def alpha(result: ExperimentResult) -> Figure | None:
    finite = [a for a in result.alphas if a != "inf"]
    if not finite:
        return None
    figure, axes = _figure("Acceptability vs alpha", "alpha (log scale)", "acceptability")
    axes.set_xscale("log")
    xs = [float(a) for a in finite]
    # ticks at the scored alphas, written as numbers (not 6x10^-1)
    axes.xaxis.set_major_locator(FixedLocator(xs))
    axes.xaxis.set_minor_locator(NullLocator())
    axes.xaxis.set_major_formatter(FixedFormatter([f"{x:g}" for x in xs]))
    for label, scores in result.total.scores.items():
        (line,) = axes.plot(xs, [scores[a].precision for a in finite], marker="o", label=label)
        if "inf" in scores.by_alpha:
            axes.axhline(scores["inf"].precision, linestyle=":", color=line.get_color())
    axes.legend(title="dotted: alpha = inf", fontsize=8)
    return figure


FIGURES: dict[str, Callable[[ExperimentResult], Figure | None]] = {
    "learning_curve": learning_curve,
    "applicability": applicability,
    "top_k": top_k,
    "alpha": alpha,
}


def render(figure: Figure) -> tuple[bytes, str]:
    """PNG bytes and SVG text of a figure; the SVG carries no date and stable ids."""
    png = io.BytesIO()
    figure.savefig(png, format="png", metadata={"Software": None})
    svg = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "verb-wsd", "svg.fonttype": "none"}):
        figure.savefig(svg, format="svg", metadata={"Date": None})
    return png.getvalue(), svg.getvalue()
