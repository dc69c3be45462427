"""Test-session setup: temporary folders that do not outlive the run, and a list of the slowest notebook cells.

The notebooks make their scratch folders with `tempfile.mkdtemp()` (a reader running one by hand keeps them to look
at); under pytest they all go into one session folder that is removed at the end, so a test run leaves no indexes,
caches or servers' state files behind.
"""
import os, re, shutil, tempfile

import pytest

SLOW_CELLS: list[tuple[float, str]] = []  # (seconds, 'notebook:cell id'), filled by test_notebooks.py
SKIPPED_FOR_DATA: list[tuple[str, str]] = []  # (notebook, reason) of notebooks skipped for missing benchmark data


@pytest.fixture(autouse=True, scope='session')
def session_temporary_folder():
    "Point `tempfile` (and child processes, through TMPDIR) at one folder, removed when the session ends."
    folder = tempfile.mkdtemp(prefix='aptrag-tests-')
    before = os.environ.get('TMPDIR')
    os.environ['TMPDIR'], tempfile.tempdir = folder, folder
    yield folder
    tempfile.tempdir = None
    if before is None: os.environ.pop('TMPDIR', None)
    else: os.environ['TMPDIR'] = before
    shutil.rmtree(folder, ignore_errors=True)


def pytest_terminal_summary(terminalreporter):
    if SKIPPED_FOR_DATA:
        bundles = sorted(set(re.findall(r'aptrag data fetch (\S+)`', ' '.join(r for _, r in SKIPPED_FOR_DATA))))
        terminalreporter.section('skipped for missing benchmark data')
        terminalreporter.write_line(f'{len(SKIPPED_FOR_DATA)} notebook(s) skipped: no mirror folder (APTRAG_DATA) and nothing fetched for '
                                    f'{", ".join(bundles) or "some files"}; run `aptrag data fetch all` to run them')
    if not SLOW_CELLS: return
    terminalreporter.section('slowest notebook cells')
    for seconds, cell in sorted(SLOW_CELLS, reverse=True)[:15]: terminalreporter.write_line(f'{seconds:7.1f} s  {cell}')
