"""Run notebooks the way the test suite does and keep their outputs, so the pages show what each cell computes.

    python scripts/keep_outputs.py nbs/methods/24_aptrag_ec.ipynb [more notebooks ...]
    python scripts/keep_outputs.py --as-run nbs/experiments/main_results.ipynb

Cells flagged `slow`, `gpu` or `notest` are skipped as in `python -m pytest` (their earlier outputs stay). With
`--as-run` a notebook runs as `aptrag reproduce` runs it instead (papermill, its default parameters, not in test mode:
an experiment notebook then reads its committed run folders and rewrites its figures) and each cell keeps that run's
output. A notebook that fails is left as it was. `nbdev-clean` then strips execution counts and metadata but keeps the outputs;
`tests/test_project.py` checks that the notebooks listed there still hold theirs.
The test runner gathers all the text a cell prints into one output ahead of its displays, so a loop that prints a
label and then displays a table keeps the labels apart from their tables: label with `display(Markdown(...))` instead.
"""
import argparse, json, os, subprocess, sys, tempfile, time
from pathlib import Path

from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook

ROOT = Path(__file__).resolve().parents[1]


def run_as_reproduced(notebook: Path) -> bool:
    "Run `notebook` with papermill outside test mode and copy each cell's output into it (cells matched by id)."
    executed = Path(tempfile.mkdtemp())/notebook.name
    env = {k: v for k, v in os.environ.items() if k != 'IN_TEST'}
    done = subprocess.run(['papermill', str(notebook), str(executed), '--cwd', str(notebook.parent)], env=env)
    if done.returncode: return False
    outputs = {c['id']: c.get('outputs', []) for c in json.loads(executed.read_text())['cells'] if c['cell_type'] == 'code'}
    source = json.loads(notebook.read_text())
    for cell in source['cells']:
        if cell['cell_type'] == 'code': cell['outputs'] = outputs.get(cell['id'], [])
    notebook.write_text(json.dumps(source, indent=1, ensure_ascii=False) + '\n')
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('notebooks', nargs='+', type=Path)
    parser.add_argument('--as-run', action='store_true', help='run with papermill at the default parameters, as aptrag reproduce does')
    args = parser.parse_args()
    skip = get_config(ROOT).tst_flags.split()
    failed = []
    for notebook in args.notebooks:
        started = time.time()
        ok = run_as_reproduced(notebook) if args.as_run else run_notebook(notebook.resolve(), skip_flags=skip, save=True, showerr=True)[0]
        print(f"{notebook}: {'outputs kept' if ok else 'FAILED, left unchanged'} ({time.time() - started:.0f} s)", flush=True)
        if not ok: failed.append(notebook)
    subprocess.run(['nbdev-clean'], cwd=ROOT, check=True)
    if failed: sys.exit(f'failed: {" ".join(map(str, failed))}')


if __name__ == '__main__':
    main()
