"""Run methods over a dataset sample into resumable run folders, with the main-results notebook's settings.

The folders are the ones `nbs/experiments/main_results.ipynb` reads (`runs_dir/<dataset>/<method>`), so the notebook,
given the same dataset, limit and runs_dir, redraws the table without asking the model; a run that was cut off
continues where it stopped. Example (the Factbook table):

    python scripts/run_table.py --dataset factbook --limit 60 --runs data/runs/factbook_1.5b llm-only naive logicrag toq planrag rtrag aptrag

`--set KEY=VALUE` runs a variant (a run folder of its own, e.g. --runs data/runs/fanout_batch_1.5b).
"""
import argparse, time
from pathlib import Path

from aptrag.eval.datasets import experiment_settings
from aptrag.eval.runner import run_dataset

TOP_K, MAX_CALLS, MAX_NODES, MODEL = 5, 12, 10, 'qwen2.5-coder-1.5b'  # as the main-results notebook's defaults


def settings_for(dataset: str, method: str, overrides: list[str] = ()):
    "The notebook's `settings_for`: the multi-call methods share the call and node budgets; `overrides` ('group.field=value') last."
    multi_call = method not in ('llm-only', 'naive')
    return experiment_settings(dataset, 'llamacpp', MODEL, '', '', TOP_K, False, MAX_CALLS if multi_call else None,
                               MAX_NODES if multi_call else None, None, list(overrides))


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('methods', nargs='+')
    parser.add_argument('--dataset', required=True)
    parser.add_argument('--limit', type=int, required=True)
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--runs', required=True, help='runs_dir of the notebook')
    parser.add_argument('--set', action='append', default=[], metavar='KEY=VALUE', help="a setting that differs from the table's, e.g. methods.aptrag.fanout_batch=6 (repeatable)")
    args = parser.parse_args()
    for method in args.methods:
        start = time.perf_counter()
        run_dataset(method, args.dataset, settings_for(args.dataset, method, args.set), Path(args.runs)/args.dataset/method, limit=args.limit,
                    seed=args.seed, progress=True, pack=True)
        print(f'{method} on {args.dataset}: done in {time.perf_counter() - start:.0f} s', flush=True)
