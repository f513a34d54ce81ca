"""The report's figures (matplotlib, Agg canvas, no pyplot state), as PNG bytes and SVG text.

- ``learning_curve``: mean training-set size per verb and fold vs acceptability (Fig. 4);
- ``applicability``: applicability vs acceptability of the applied outputs (Fig. 5);
- ``top_k``: recall@k vs precision@k for k = 1..K (Fig. 6);
- ``alpha``: acceptability vs alpha on a log axis, exact match (alpha = inf) as a dotted line.

Each function takes the JSON-safe ``ExperimentResult.data`` and returns a ``Figure`` or
``None`` when the data has nothing to draw.
"""

from __future__ import annotations

import io
from typing import Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator

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


def learning_curve(data: dict[str, Any]) -> Figure | None:
    curves = data.get("learning_curve") or {}
    if not curves:
        return None
    alpha = data["config"]["evaluation"]["applicability_alpha"]
    tasks = max(1, data["timing"]["tasks"]) if "timing" in data else 1
    figure, axes = _figure(
        f"Learning curve (alpha = {alpha})",
        "training instances per verb and fold (mean)",
        "acceptability",
    )
    for label, points in curves.items():
        xs = [p["train_instances"] / tasks for p in points]
        ys = [p["scores"][alpha]["precision"] for p in points]
        axes.plot(xs, ys, marker="o", label=label)
    axes.legend()
    return figure


def applicability(data: dict[str, Any]) -> Figure | None:
    curves = data.get("applicability") or {}
    if not curves:
        return None
    alpha = next(iter(curves.values()))["alpha"]
    figure, axes = _figure(
        f"Applicability vs acceptability (alpha = {alpha})", "applicability", "acceptability"
    )
    for label, curve in curves.items():
        axes.plot(
            curve["applicability"],
            curve["acceptability"],
            label=f"{label} (AURC {curve['aurc']:.3f})",
        )
    axes.set_xlim(0, 1)
    axes.legend()
    return figure


def top_k(data: dict[str, Any]) -> Figure | None:
    curves = data.get("top_k") or {}
    if not curves:
        return None
    figure, axes = _figure("Top-k recall and precision", "recall@k", "precision@k")
    for label, points in curves.items():
        xs = [p["recall"] for p in points]
        ys = [p["precision"] for p in points]
        (line,) = axes.plot(xs, ys, marker="o", label=label)
        for p, x, y in zip(points, xs, ys, strict=True):
            axes.annotate(
                str(p["k"]),
                (x, y),
                textcoords="offset points",
                xytext=(3, 3),
                fontsize=7,
                color=line.get_color(),
            )
    axes.legend()
    return figure


def alpha(data: dict[str, Any]) -> Figure | None:
    finite = [a for a in data["alphas"] if a != "inf"]
    if not finite:
        return None
    figure, axes = _figure("Acceptability vs alpha", "alpha (log scale)", "acceptability")
    axes.set_xscale("log")
    xs = [float(a) for a in finite]
    # ticks at the scored alphas, written as numbers (not 6x10^-1)
    axes.xaxis.set_major_locator(FixedLocator(xs))
    axes.xaxis.set_minor_locator(NullLocator())
    axes.xaxis.set_major_formatter(FixedFormatter([f"{x:g}" for x in xs]))
    for label, by_alpha in data["total"]["scores"].items():
        (line,) = axes.plot(xs, [by_alpha[a]["precision"] for a in finite], marker="o", label=label)
        if "inf" in by_alpha:
            axes.axhline(by_alpha["inf"]["precision"], linestyle=":", color=line.get_color())
    axes.legend(title="dotted: alpha = inf", fontsize=8)
    return figure


FIGURES = {
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
