"""The grounding pipeline's layout: one-way stages, folders that import only the folders
below them, no private name across modules, the constants kept in params, and the package
naming only its public API."""

from __future__ import annotations

import ast
from pathlib import Path

import workbench.grounding as grounding

ROOT = Path(__file__).resolve().parents[1] / "workbench"
STAGES = ["reading.index", "prepare", "candidates", "support", "checks", "verdict", "engine"]
# Each folder of grounding/ and the folders it may import (round 28's layout): readers at
# the bottom, the question readers above the value, role and scope readers they use.
FOLDERS: dict[str, set[str]] = {
    "reading": set(),
    "values": {"reading"},
    "roles": {"reading", "values"},
    "quantifiers": {"reading", "values"},
    "answers": {"reading", "values", "roles", "quantifiers"},
    "probability": {"reading", "quantifiers"},
    "measuring": {"reading", "probability"},
}
# top-level modules no folder below the engine may import: the checks stage and after
LATE = {"checks", "binding", "verdict", "engine"}


def _path(module: str) -> Path:
    """The file of a module named under workbench.grounding ("reading.index")."""
    return ROOT / "grounding" / (module.replace(".", "/") + ".py")


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every ``from workbench... import name`` in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("workbench"):
            out += [(node.module or "", a.name) for a in node.names]
    return out


def test_no_private_name_crosses_a_module_boundary() -> None:
    crossing = [
        f"{path.relative_to(ROOT)}: {mod}.{name}"
        for folder in ("grounding", "hebrew")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for mod, name in _imports(path)
        if name.startswith("_")
    ]
    assert crossing == []


def test_stages_only_import_earlier_stages() -> None:
    """Data flows one way: a stage never imports a later one."""
    for i, stage in enumerate(STAGES):
        later = {f"workbench.grounding.{s}" for s in STAGES[i + 1 :]}
        bad = [m for m, _ in _imports(_path(stage)) if m in later]
        assert bad == [], (stage, bad)


def test_folders_import_only_the_folders_below_them() -> None:
    """One way between folders: a reader never reaches the checks that use it."""
    for folder, allowed in FOLDERS.items():
        for path in sorted((ROOT / "grounding" / folder).glob("*.py")):
            for mod, _ in _imports(path):
                parts = mod.split(".")
                if parts[:2] != ["workbench", "grounding"] or len(parts) < 3:
                    continue
                target = parts[2]
                if target in FOLDERS:
                    assert target == folder or target in allowed, (path.name, mod)
                elif folder != "measuring":
                    assert target not in LATE, (path.name, mod)


def test_every_folder_is_listed() -> None:
    on_disk = {p.parent.name for p in (ROOT / "grounding").glob("*/__init__.py")}
    assert on_disk == set(FOLDERS)


def test_check_helpers_do_not_reach_later_stages() -> None:
    """The modules the checks stage uses (binding, who is who, questions) read earlier
    stages only."""
    later = {f"workbench.grounding.{s}" for s in ("checks", "verdict", "engine")}
    for helper in (
        "binding",
        "quantifiers.scope",
        "roles.clauses",
        "reading.sentence_clauses",
        "values.bound_numbers",
        "answers.question",
        "roles.people",
        "reading.pieces",
        "reading.meaning",
    ):
        bad = [m for m, _ in _imports(_path(helper)) if m in later]
        assert bad == [], (helper, bad)


def test_constants_are_not_re_exported() -> None:
    params = {
        n.targets[0].id if isinstance(n, ast.Assign) else n.target.id  # type: ignore[union-attr]
        for n in ast.parse((ROOT / "grounding" / "params.py").read_text()).body
        if isinstance(n, ast.Assign | ast.AnnAssign)
    }
    assert "SUPPORTED_THRESHOLD" in params
    assert params.isdisjoint(grounding.__all__)
    for stage in STAGES:
        mod = __import__(f"workbench.grounding.{stage}", fromlist=["_"])
        assert params.isdisjoint(getattr(mod, "__all__", [])), stage


def test_package_names_the_public_api() -> None:
    for name in (
        "ground",
        "ground_claim",
        "Grounding",
        "ClaimResult",
        "SpanResult",
        "Issue",
        "IssueKind",
        "Thresholds",
    ):
        assert name in grounding.__all__ and hasattr(grounding, name)
