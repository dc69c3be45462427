"""Run every notebook under nbs/ as a test, the way `nbdev-test` does, one pytest case per notebook.

A notebook that stops because benchmark data is missing (`aptrag.data.BenchmarkDataMissing`: no mirror folder and
nothing fetched) is skipped with the reason, which names the fetch command; with APTRAG_REQUIRE_DATA=1 (CI sets it)
such a notebook fails instead, so a run can never pass by skipping. A notebook stopped by a missing optional
extra (`aptrag.eval.scale.MissingExtra`, e.g. Ray) is skipped the same way unless APTRAG_REQUIRE_EXTRAS=1 (CI sets it
and installs the extras).

Cells tagged with a flag from `tst_flags` in pyproject.toml (slow, gpu, notest) are skipped unless the flag
is listed in the environment variable APTRAG_TEST_FLAGS (e.g. APTRAG_TEST_FLAGS="slow"). Every cell runs under
a time budget; cells slower than `REPORT_CELLS_OVER_S` are listed at the end of the run (see conftest.py).
"""
import os, re, sys
from pathlib import Path

import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook  # renamed so that pytest does not collect it

from conftest import SKIPPED_FOR_DATA, SLOW_CELLS

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT/'nbs'
CELL_BUDGET_S = 600  # a cell that runs longer fails; the default suite's slowest cells stay far below it
REPORT_CELLS_OVER_S = 10.0


def notebooks():
    "Every notebook under nbs/, except hidden ones and papermill outputs."
    return sorted(p for p in NBS.rglob('*.ipynb')
                  if not any(part.startswith(('.', '_')) for part in p.relative_to(NBS).parts))


def skip_flags():
    asked = set(os.environ.get('APTRAG_TEST_FLAGS', '').split())
    return [f for f in get_config(ROOT).tst_flags.split() if f not in asked]


def missing_data(error_output: str):
    "The message of a `BenchmarkDataMissing` that stopped a notebook, if one did."
    found = re.search(r'BenchmarkDataMissing: (benchmark file .*)', error_output)
    return found.group(1) if found else None


def missing_extra(error_output: str):
    "The message of a `MissingExtra` that stopped a notebook, if one did."
    found = re.search(r'MissingExtra: (.*)', error_output)
    return found.group(1) if found else None


@pytest.mark.parametrize('notebook', notebooks(), ids=lambda p: str(p.relative_to(NBS)))
def test_notebook(notebook, capfd):
    ok, seconds = run_notebook(notebook, skip_flags=skip_flags(), showerr=True, cell_timeout=CELL_BUDGET_S,
                               cell_timing_min=REPORT_CELLS_OVER_S)
    out, err = capfd.readouterr()
    for name, cell, took in re.findall(r'^(\S+\.ipynb):(\S+): ([\d.]+)s$', out, re.M):
        SLOW_CELLS.append((float(took), f'{notebook.relative_to(NBS)} cell {cell}'))
    sys.stderr.write(err)  # shown with the failure report
    reason = None if ok else missing_data(err)
    if reason and os.environ.get('APTRAG_REQUIRE_DATA') != '1':
        SKIPPED_FOR_DATA.append((str(notebook.relative_to(NBS)), reason))
        pytest.skip(reason)
    extra = None if ok else missing_extra(err)
    if extra and os.environ.get('APTRAG_REQUIRE_EXTRAS') != '1': pytest.skip(f'optional extra not installed: {extra}')
    assert ok, f'{notebook.name} failed (see the traceback above)' + (' because benchmark data is missing and APTRAG_REQUIRE_DATA=1' if reason else '')
