"""Run notebooks the way the test suite does and keep their outputs, so the pages show what each cell computes.

    python scripts/keep_outputs.py nbs/methods/24_aptrag_ec.ipynb [more notebooks ...]

Cells flagged `slow`, `gpu` or `notest` are skipped as in `python -m pytest` (their earlier outputs stay). A notebook
that fails is left as it was. `nbdev-clean` then strips execution counts and metadata but keeps the outputs;
`tests/test_project.py` checks that the notebooks listed there still hold theirs.
"""
import argparse, subprocess, sys, time
from pathlib import Path

from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook

ROOT = Path(__file__).resolve().parents[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('notebooks', nargs='+', type=Path)
    args = parser.parse_args()
    skip = get_config(ROOT).tst_flags.split()
    failed = []
    for notebook in args.notebooks:
        started = time.time()
        ok, _ = run_notebook(notebook.resolve(), skip_flags=skip, save=True, showerr=True)
        print(f"{notebook}: {'outputs kept' if ok else 'FAILED, left unchanged'} ({time.time() - started:.0f} s)", flush=True)
        if not ok: failed.append(notebook)
    subprocess.run(['nbdev-clean'], cwd=ROOT, check=True)
    if failed: sys.exit(f'failed: {" ".join(map(str, failed))}')


if __name__ == '__main__':
    main()
