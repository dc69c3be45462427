"""Execute notebooks in place so that they keep their outputs (rendered trees, tables, inline figures), then clean
them with nbdev-clean. The test suite never writes notebooks; run this after changing a notebook whose outputs teach:

    python scripts/keep_outputs.py nbs/tutorials/walkthrough.ipynb nbs/core/04_tree.ipynb
    python scripts/keep_outputs.py --skip slow nbs/retrieval/10_dense.ipynb

Cells marked `#| eval: false` are skipped, as nbdev's test does, and so are cells carrying a flag given with
`--skip` (e.g. `slow`); every other cell runs.
Experiment notebooks are run by `aptrag reproduce` instead (their executed copies go to runs/reproduce/)."""
import argparse, subprocess, sys, time
from pathlib import Path

from execnb.shell import CaptureShell
from fastcore.xtras import working_directory


def skipper(flags: set[str]):
    "A function telling whether a cell is not evaluated: `#| eval: false`, or one of `flags` (`#| slow`)."
    def skip(cell) -> bool:
        lines = [line.strip().replace(' ', '') for line in cell.source.splitlines() if line.startswith('#|')]
        return any(l.lower() == '#|eval:false' or l[2:] in flags for l in lines)
    return skip


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('notebooks', nargs='+', type=Path, help='notebooks to execute in place')
    parser.add_argument('--skip', action='append', default=[], metavar='FLAG', help='also skip cells with this flag (repeatable)')
    args = parser.parse_args(argv)
    skip = skipper(set(args.skip))
    for path in (p.resolve() for p in args.notebooks):
        start = time.perf_counter()
        shell = CaptureShell()
        with working_directory(path.parent):  # cells see the paths they see under the test suite
            shell.execute(path, path, exc_stop=True, preproc=skip)
        print(f'{path}: executed in {time.perf_counter() - start:.0f} s')
    subprocess.run(['nbdev-clean'], check=True)
    return 0


if __name__ == '__main__': sys.exit(main(sys.argv[1:]))
