"""The report's figures (matplotlib, Agg canvas, no pyplot state), as PNG bytes and SVG text.

- ``learning_curve``: mean training-set size per verb and fold vs acceptability (Fig. 4), with
  the MFS baseline (trained on whole folds) as a dashed reference line;
- ``applicability``: applicability vs acceptability of the applied outputs (Fig. 5);
- ``top_k``: recall@k vs precision@k for k = 1..K (Fig. 6);
- ``alpha``: acceptability vs alpha on a log axis, exact match (alpha = inf) as a dotted line.

Shaded bands are bootstrap intervals; every acceptability axis spans at least
:data:`MIN_SPAN`.  Each function returns a ``Figure``, or ``None`` when there is nothing to
draw.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable
from typing import Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator

from evaluation.acceptability import format_alpha
from evaluation.experiment.results import CrossValidationResult, ExperimentResult

__all__ = ["FIGURES", "MIN_SPAN", "render", "y_limits"]

_SIZE = (7.5, 4.0)  # the legend sits right of the axes, never over the data
_BAND = 0.18  # alpha (opacity) of the interval bands
MIN_SPAN = 0.1


def _figure(title: str, xlabel: str, ylabel: str) -> tuple[Figure, Any]:
    figure = Figure(figsize=_SIZE, dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.set_title(title, fontsize=11)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.grid(True, alpha=0.3)
    return figure, axes


def _legend(axes: Any, **options: Any) -> None:
    """The legend outside the axes, to their right: it never covers a curve or a band."""
    options.setdefault("fontsize", 8)
    options.setdefault("title_fontsize", 8)
    axes.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, **options)


def _plotted(values: Iterable[float | None]) -> list[float]:
    """Scores as plotted: an undefined one (``None``) is NaN, a gap in its line."""
    return [math.nan if v is None else v for v in values]


def y_limits(values: Iterable[float], min_span: float = MIN_SPAN) -> tuple[float, float]:
    """Limits of an axis of scores in [0, 1]: every value with a 5% margin, at least
    ``min_span`` wide.

    >>> y_limits([0.863, 0.875])
    (0.819, 0.919)
    >>> y_limits([0.0, 1.0])
    (-0.05, 1.05)
    """
    found = [v for v in values if v == v]  # NaN-free
    if not found:
        return 0.0, 1.0
    low, high = min(found), max(found)
    margin = 0.05 * (high - low)
    low, high = low - margin, high + margin
    if high - low < min_span:
        middle = (low + high) / 2
        low, high = middle - min_span / 2, middle + min_span / 2
        if low < 0 <= min(found):
            low, high = 0.0, min_span
        elif high > 1 >= max(found):
            low, high = 1.0 - min_span, 1.0
    return round(low, 6), round(high, 6)


def _band_note(result: ExperimentResult) -> str:
    intervals = result.config.evaluation
    return f"bands: {100 * intervals.confidence:g}% bootstrap intervals"


def learning_curve(result: ExperimentResult) -> Figure | None:
    if not isinstance(result, CrossValidationResult) or not result.learning_curve:
        return None
    curves = result.learning_curve
    alpha = format_alpha(result.config.evaluation.applicability_alpha)
    figure, axes = _figure(
        f"Learning curve (alpha = {alpha})",
        "training instances per verb and fold (mean)",
        "acceptability",
    )
    shown: list[float] = []
    banded = False
    for label, points in curves.items():
        xs = [p.train_instances_mean for p in points]
        ys = _plotted(p.scores[alpha].precision for p in points)
        (line,) = axes.plot(xs, ys, marker="o", label=label)
        shown += ys
        bounds = [p.precision_interval.get(alpha) for p in points]
        if all(b is not None for b in bounds):
            lows = [b[0] for b in bounds if b is not None]
            highs = [b[1] for b in bounds if b is not None]
            axes.fill_between(xs, lows, highs, color=line.get_color(), alpha=_BAND, linewidth=0)
            shown += lows + highs
            banded = True
    mfs = _mfs_label(result)
    if mfs is not None:
        level = result.total.scores[mfs][alpha].precision
        if level is not None:
            axes.axhline(level, linestyle="--", color="0.35", label=f"{mfs} (whole folds)")
            shown.append(level)
    axes.set_ylim(*y_limits(shown))
    _legend(axes, title=_band_note(result) if banded else None, fontsize=8, title_fontsize=8)
    return figure


def _mfs_label(result: CrossValidationResult) -> str | None:
    """The label of the compared MFS method, if the result has one."""
    for spec in result.config.methods:
        if spec.method == "mfs" and spec.role != "sweep" and spec.label in result.total.scores:
            return str(spec.label)
    return None


def applicability(result: ExperimentResult) -> Figure | None:
    curves = result.applicability
    if not curves:
        return None
    alpha = next(iter(curves.values())).alpha
    figure, axes = _figure(
        f"Applicability vs acceptability (alpha = {alpha})", "applicability", "acceptability"
    )
    shown: list[float] = []
    banded = False
    for label, curve in curves.items():
        (line,) = axes.plot(
            curve.applicability,
            curve.acceptability,
            label=f"{label} (AURC {curve.aurc:.3f})",
            # a method with few distinct confidences (random: one) has a curve of few points
            marker="o" if len(curve.threshold) < 20 else None,
        )
        shown += curve.acceptability
        if curve.low and curve.high:
            axes.fill_between(
                curve.applicability,
                curve.low,
                curve.high,
                color=line.get_color(),
                alpha=_BAND,
                linewidth=0,
            )
            # the first points rest on a handful of inputs: their bands are wide by nature and
            # should not set the axis for the rest of the curve
            tail = [i for i, x in enumerate(curve.applicability) if x >= 0.05]
            shown += [curve.low[i] for i in tail] + [curve.high[i] for i in tail]
            banded = True
    axes.set_xlim(0, 1)
    axes.set_ylim(*y_limits(shown))
    _legend(axes, title=_band_note(result) if banded else None, fontsize=8, title_fontsize=8)
    return figure


def top_k(result: ExperimentResult) -> Figure | None:
    curves = result.top_k
    if not curves:
        return None
    figure, axes = _figure("Top-k recall and precision", "recall@k", "precision@k")
    for label, points in curves.items():
        xs = [p.recall for p in points]
        ys = _plotted(p.precision for p in points)
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
    _legend(axes, fontsize=8)
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
    intervals = result.intervals
    shown: list[float] = []
    for label, scores in result.total.scores.items():
        ys = _plotted(scores[a].precision for a in finite)
        (line,) = axes.plot(xs, ys, marker="o", label=label)
        shown += ys
        if intervals is not None:
            bounds = [intervals.total[label][a].precision or (math.nan, math.nan) for a in finite]
            axes.fill_between(
                xs,
                [b[0] for b in bounds],
                [b[1] for b in bounds],
                color=line.get_color(),
                alpha=_BAND,
                linewidth=0,
            )
        exact = scores["inf"].precision if "inf" in scores.by_alpha else None
        if exact is not None:
            axes.axhline(exact, linestyle=":", color=line.get_color())
            shown.append(exact)
    axes.set_ylim(*y_limits(shown))
    title = "dotted: alpha = inf" + (f"\n{_band_note(result)}" if intervals is not None else "")
    _legend(axes, title=title, fontsize=8, title_fontsize=8)
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
