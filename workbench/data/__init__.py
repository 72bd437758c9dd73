"""The dataset: finding and reading the file, its schema, validation, tidy frames, the
card's key numbers, synthetic data and the download from the hub."""

from workbench.data.dataset import Dataset, DataSource, load_dataset
from workbench.data.schema import DIFFICULTIES, DIMENSIONS, GENRES
from workbench.data.validate import Problem, validate_records

__all__ = [
    "DIFFICULTIES",
    "DIMENSIONS",
    "GENRES",
    "DataSource",
    "Dataset",
    "Problem",
    "load_dataset",
    "validate_records",
]
