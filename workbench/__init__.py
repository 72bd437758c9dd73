"""Workbench: check whether an answer is grounded in its source, in Hebrew.

The package backs the notebooks in ``notebooks/``: every number and chart they show comes
from a tested function here. The public API, imported on first use so that the command
line starts fast:

- ``load_dataset`` (``workbench.data``): find, read and validate the dataset;
- ``ground`` (``workbench.grounding``): which source spans support each claim of an answer;
- ``score_file`` (``workbench.scoring``): score a file of model answers;
- ``grounding_widget`` (``workbench.ui``): the notebook widget.

Subpackages: ``data``, ``agreement``, ``hebrew``, ``grounding``, ``scoring``, ``review``,
``ui``, ``plots``, ``cli``; shared helpers in ``io`` (atomic writes), ``html`` (escaping,
highlighting, palette), ``formatting`` (the float formatter), ``terminal`` and ``errors``.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_API = {
    "load_dataset": "workbench.data",
    "ground": "workbench.grounding",
    "score_file": "workbench.scoring",
    "grounding_widget": "workbench.ui",
}
__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'workbench' has no attribute {name!r}")
