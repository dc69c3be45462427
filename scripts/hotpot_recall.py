"""Retrieval recall on HotpotQA: the 300 dev questions in shared/data with all their paragraphs as the corpus.

Builds (once, into the cache folder) a dense index of the questions' 10 paragraphs each with the default embedder,
retrieves the top-k paragraphs for every question (the question itself is the query, no expansion) and prints the
share of supporting titles found at k = 2, 5, 10, 20. Exits with status 1 if recall@20 falls below --floor.

    python scripts/hotpot_recall.py [--floor 0.85]
"""
import argparse, json, sys

import numpy as np

from aptrag.config import load_settings, apply_overrides
from aptrag.data import data_file
from aptrag.retrieval.dense import ensure_index


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--floor', type=float, default=0.85, help='minimum recall@20 (measured 0.887 with MiniLM)')
    ap.add_argument('--set', dest='overrides', action='append', default=[], help='settings as group.field=value')
    args = ap.parse_args()
    settings = apply_overrides(load_settings(), ['retrieval.corpus=hotpotqa', *args.overrides])
    retriever = ensure_index(settings)
    records = [json.loads(line) for line in open(data_file('hotpotqa/ircot_processed/dev_subsampled.jsonl'))]
    results = retriever.retrieve_many([r['question_text'] for r in records], k=20, expand=False)
    ks = [2, 5, 10, 20]
    recall = {k: [] for k in ks}
    for record, hits in zip(records, results):
        gold = {c['title'] for c in record['contexts'] if c['is_supporting']}
        for k in ks:
            found = {h.passage.title for h in hits[:k]}
            recall[k].append(len(gold & found) / len(gold))
    print(f'HotpotQA dev (first {len(records)} questions), corpus = their {len(retriever.index)} paragraphs, '
          f'embedder {retriever.embedder.identity}')
    print('  '.join(f'recall@{k} {np.mean(recall[k]):.3f}' for k in ks))
    if np.mean(recall[20]) < args.floor:
        print(f'recall@20 below the floor {args.floor}'); sys.exit(1)


if __name__ == '__main__':
    main()
