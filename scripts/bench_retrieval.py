"""Queries per second and recall@5 of each retrieval mode (dense, BM25, hybrid) on the vital-articles index.

    python scripts/bench_retrieval.py [--repeats 3] [--single 20]

Searches the 100 vital-list questions (the question as the query, no section expansion, top 5) in each mode: first
one batch of all of them (one embedding batch, one BM25 call), then one at a time; prints queries per second for both
(the median of `--repeats` runs) and recall@5 of the gold pages. The indexes are built in the cache on first use
(about two and a half minutes for the dense one on two cores). The last line is the ratio of hybrid to dense recall@5.
"""
import argparse, statistics, sys, time

from aptrag.config import apply_overrides, load_settings
from aptrag.eval.datasets import load_dataset, settings_for_dataset
from aptrag.retrieval.registry import make_retriever


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--repeats', type=int, default=3, help='timed runs per mode (the median is printed)')
    ap.add_argument('--single', type=int, default=20, help='questions searched one at a time per run')
    args = ap.parse_args(argv)
    records = load_dataset('vital-list')
    questions = [r.question for r in records]
    base = settings_for_dataset(load_settings(), 'vital-list')
    recall = {}
    for mode in ('dense', 'bm25', 'hybrid'):
        retriever = make_retriever(apply_overrides(base, {'retrieval.mode': mode, 'retrieval.expand': False, 'retrieval.top_k': 5}), name='passages')
        retriever.retrieve_many(questions[:2])  # warm up (model load, caches)
        batched, single = [], []
        for _ in range(args.repeats):
            start = time.perf_counter(); found = retriever.retrieve_many(questions); batched.append(len(questions) / (time.perf_counter() - start))
            start = time.perf_counter()
            for q in questions[:args.single]: retriever.retrieve_many([q])
            single.append(args.single / (time.perf_counter() - start))
        recall[mode] = statistics.mean(len(set(r.gold_titles) & {h.passage.title for h in hits}) / len(r.gold_titles) for r, hits in zip(records, found))
        print(f'{mode:6}  {statistics.median(batched):8.1f} queries/s in one batch of {len(questions)}   '
              f'{statistics.median(single):7.1f} queries/s one at a time   recall@5 {recall[mode]:.3f}')
    print(f"hybrid/dense recall@5 (vital-list): {recall['hybrid'] / recall['dense']:.2f}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
