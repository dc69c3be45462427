"""Run methods of the main table on the Factbook benchmark, one resumable run folder each, with the main-results notebook's settings.

The folders are the ones `nbs/experiments/main_results.ipynb` reads with `-y "{datasets: [factbook], limits: {factbook: 60}}"
-p runs_dir ../../data/runs/factbook_1.5b`, so the notebook then redraws the table without asking the model; a run that
was cut off continues where it stopped. Usage: python scripts/run_factbook_table.py naive llm-only logicrag ...
"""
import sys, time
from pathlib import Path

from aptrag.eval.datasets import experiment_settings
from aptrag.eval.runner import run_dataset

RUNS = Path(__file__).resolve().parents[1]/'data'/'runs'/'factbook_1.5b'
LIMIT, SEED, TOP_K, MAX_CALLS, MAX_NODES = 60, 0, 5, 12, 10  # as the main-results notebook's defaults


def settings_for(method: str):
    multi_call = method not in ('llm-only', 'naive')  # the multi-call methods share the call and node budgets
    return experiment_settings('factbook', 'llamacpp', 'qwen2.5-coder-1.5b', '', '', TOP_K, False, MAX_CALLS if multi_call else None,
                               MAX_NODES if multi_call else None, None, [])


if __name__ == '__main__':
    for method in sys.argv[1:]:
        start = time.perf_counter()
        run_dataset(method, 'factbook', settings_for(method), RUNS/'factbook'/method, limit=LIMIT, seed=SEED, progress=True, pack=True)
        print(f'{method}: done in {time.perf_counter() - start:.0f} s', flush=True)
