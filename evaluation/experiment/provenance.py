"""Where a result came from: the toolkit's version and git commit, the Python and library
versions, and the name and version of every thesaurus the run used."""

from __future__ import annotations

import platform
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

import thesaurus
from thesaurus.utils.outputs import package_version

__all__ = ["git_commit", "versions"]


def git_commit() -> str:
    """The commit of the source tree the toolkit runs from ("unknown" outside a checkout)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() if done.returncode == 0 else "unknown"


def versions(scoring: Iterable[thesaurus.Thesaurus], methods: Iterable[Any]) -> dict[str, Any]:
    """Software versions, the ``thesauri`` graded on and every ``*_thesaurus`` resource the
    ``methods`` name, each as ``{"name", "version"}``."""
    resources: dict[str, dict[str, str]] = {}
    for method in methods:
        for param, value in method.get_params().items():
            if param.endswith("_thesaurus") and isinstance(value, str) and value not in resources:
                loaded = thesaurus.load(value)
                resources[value] = {"name": loaded.name, "version": str(loaded.version)}
    return {
        "toolkit": package_version(),
        "git_commit": git_commit(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scikit-learn": package_version("scikit-learn"),
        "nltk": package_version("nltk"),
        "joblib": package_version("joblib"),
        "thesauri": [{"name": t.name, "version": str(t.version)} for t in scoring],
        "resources": resources,
    }
