"""Workbench: check whether an answer is grounded in its source, in Hebrew.

The package backs the notebooks in ``notebooks/``: every number and chart they
show comes from a tested function here.
"""

__version__ = "0.1.0"
