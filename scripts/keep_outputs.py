"""Execute notebooks in place so that they keep their outputs (rendered trees, tables, inline figures), then clean
them with nbdev-clean. The test suite never writes notebooks; run this after changing a notebook whose outputs teach:

    python scripts/keep_outputs.py nbs/tutorials/walkthrough.ipynb nbs/core/04_tree.ipynb

Cells marked `#| eval: false` are skipped, as nbdev's test does; every other cell runs, `slow` ones included.
Experiment notebooks are run by `aptrag reproduce` instead (their executed copies go to runs/reproduce/)."""
import subprocess, sys, time
from pathlib import Path

from execnb.shell import CaptureShell


def skip(cell) -> bool:
    "Whether nbdev would not evaluate this cell."
    return any(line.strip().replace(' ', '') in ('#|eval:false', '#|eval:False') for line in cell.source.splitlines())


def main(paths: list[str]) -> int:
    if not paths: print(__doc__); return 2
    for path in map(Path, paths):
        start = time.perf_counter()
        shell = CaptureShell()
        shell.execute(path, path, exc_stop=True, preproc=skip)
        print(f'{path}: executed in {time.perf_counter() - start:.0f} s')
    subprocess.run(['nbdev-clean'], check=True)
    return 0


if __name__ == '__main__': sys.exit(main(sys.argv[1:]))
