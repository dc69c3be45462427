"""Run every notebook under nbs/ as a test, the way `nbdev-test` does, one pytest case per notebook.

Cells tagged with a flag from `tst_flags` in pyproject.toml (slow, gpu, notest) are skipped unless the flag
is listed in the environment variable APTRAG_TEST_FLAGS (e.g. APTRAG_TEST_FLAGS="slow").
"""
import os
from pathlib import Path

import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook  # renamed so that pytest does not collect it

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT/'nbs'


def notebooks():
    "Every notebook under nbs/, except hidden ones and papermill outputs."
    return sorted(p for p in NBS.rglob('*.ipynb')
                  if not any(part.startswith(('.', '_')) for part in p.relative_to(NBS).parts))


def skip_flags():
    asked = set(os.environ.get('APTRAG_TEST_FLAGS', '').split())
    return [f for f in get_config(ROOT).tst_flags.split() if f not in asked]


@pytest.mark.parametrize('notebook', notebooks(), ids=lambda p: str(p.relative_to(NBS)))
def test_notebook(notebook):
    ok, seconds = run_notebook(notebook, skip_flags=skip_flags(), showerr=True)
    assert ok, f'{notebook.name} failed (see the traceback above)'
