"""Notebooks run under nbval on the bundled demo set, whatever real file a developer has.

The kernel inherits this environment, so `load_dataset()` inside a notebook resolves to
the demo set and the notebooks' checks are deterministic.
"""

import os
from pathlib import Path

os.environ.setdefault(
    "WORKBENCH_DATA", str(Path(__file__).resolve().parent.parent / "data/demo/abstractive_qa_demo.json")
)
