"""Per-question answer F1 of two committed run folders of one dataset (and of a baseline), the questions whose F1 moved first.

    python scripts/compare_questions.py data/runs/tree_1.5b/set-filter/aptrag data/runs/grounded_1.5b/set-filter/aptrag \
        --baseline data/runs/main_results_1.5b/set-filter/naive
"""
import argparse

from aptrag.eval.runner import ResultsFile
from aptrag.eval.stats import score_run


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('before'); parser.add_argument('after')
    parser.add_argument('--baseline', help='a third run folder shown beside them')
    args = parser.parse_args()
    before, after = score_run(args.before).f1, score_run(args.after).f1
    baseline = score_run(args.baseline).f1 if args.baseline else None
    questions = {r['id']: r['question'] for r in ResultsFile(f'{args.after}/results.jsonl', read_only=True).rows()}
    shared = after.index.intersection(before.index)
    for i in sorted(shared, key=lambda i: -abs(after[i] - before[i])):
        extra = f'  baseline {baseline[i]:.2f}' if baseline is not None and i in baseline.index else ''
        print(f'{before[i]:.2f} -> {after[i]:.2f}{extra}  {questions[i]}')
    print(f'{len(shared)} questions: mean F1 {before[shared].mean():.3f} -> {after[shared].mean():.3f}')


if __name__ == '__main__':
    main()
