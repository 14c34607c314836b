"""The GitHub Actions workflows, checked as they cannot be run here: actionlint (syntax, expressions,
the shell in `run:`) and zizmor (security: actions pinned to a commit, no credentials left behind,
the fewest permissions). Both come with the test extras (pyproject.toml) into the venv's bin/."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(sys.executable).parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def run(tool, *args):
    if not (BIN / tool).exists():
        pytest.fail(f"{tool} is missing from {BIN}: `make test` installs the test extras")
    return subprocess.run([BIN / tool, *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_there_is_a_workflow_to_check():
    assert ROOT / ".github" / "workflows" / "pages.yml" in WORKFLOWS


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_actionlint_finds_nothing(workflow):
    result = run("actionlint", "-no-color", workflow)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_zizmor_finds_nothing(workflow):
    # --offline: the audits that ask GitHub's API (a tag that moved, say) need a token and the network.
    result = run("zizmor", "--offline", "--no-progress", "--color=never", workflow)
    assert result.returncode == 0, result.stdout + result.stderr
