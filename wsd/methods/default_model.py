"""The default model: where ``wsd train`` writes without ``--out`` and where ``wsd disambiguate``
and :func:`load_model` look without a path.

It lives in the user cache beside the WordNet data (``~/.cache/verb-wsd/models/default.json.gz``,
moved with ``$XDG_CACHE_HOME`` or ``$WSD_NLTK_DATA`` as the other caches), or at the file
``$WSD_MODEL`` names.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from thesaurus.wordnet.data import data_dir
from wsd._exceptions import ModelError

if TYPE_CHECKING:  # pragma: no cover
    from wsd.methods import Disambiguator

__all__ = ["DEFAULT_METHOD", "MODEL_VARIABLE", "default_model_path", "load_model"]

MODEL_VARIABLE = "WSD_MODEL"
# the best on the held-out split; ims, better on the dev set but .013 worse on the split, fails
# the rule the methods' defaults follow (docs/results.md)
DEFAULT_METHOD = "hybrid"
TRAIN_HINT = "run `wsd train` (the hybrid method on all SemCor; `wsd data setup` first)"


def default_model_path() -> Path:
    """The default model file: ``$WSD_MODEL`` if set, else ``models/default.json.gz`` in the
    user cache (gzip-compressed JSON)."""
    env = os.environ.get(MODEL_VARIABLE)
    if env:
        return Path(env).expanduser()
    return data_dir().parent / "models" / "default.json.gz"


def missing_default_model() -> ModelError | None:
    """The error of a default model that does not exist yet (naming what to run), or None."""
    path = default_model_path()
    if path.exists():
        return None
    where = f"${MODEL_VARIABLE}={path}" if os.environ.get(MODEL_VARIABLE) else str(path)
    return ModelError(f"no default model at {where}: {TRAIN_HINT}, or give --model")


def load_model(path: str | os.PathLike[str] | None = None, *, strict: bool = True) -> Disambiguator:
    """The trained disambiguator saved at ``path``, ready for
    :meth:`~wsd.methods.Disambiguator.disambiguate`.

    Parameters
    ----------
    path : str or PathLike, optional
        The model file (None: the default model).
    strict : bool, default=True
        As for :func:`wsd.methods.load_model` (False: another thesaurus version only warns).

    Returns
    -------
    Disambiguator
        Fitted, ready to disambiguate.

    Raises
    ------
    ModelError
        For a missing default model (saying what to run) and for anything
        :func:`wsd.methods.load_model` refuses.
    """
    from wsd.methods.registry import load_model as load_file

    if path is None:
        missing = missing_default_model()
        if missing is not None:
            raise missing
        path = default_model_path()
    return load_file(path, strict=strict)
