"""Retrieval recall and EIR on DragonBall for FABLE and its comparison retrievers, at one budget, over a forest.

    python scripts/fable_recall.py --forest ~/.cache/aptrag/forests/dragonball-en--qwen2.5-coder-0.5b-instruct-q4_k_m \
        --budget 2000 [--fable-limit 8] [--methods bm25 dense fable]

Uses the English finance queries whose gold documents are all in the forest (a forest still being built covers only
some). Recall and EIR are RAGEval's (every sentence of a reference found verbatim in the evidence; share of evidence
words that are reference words). FABLE asks the configured model for its selection and navigation calls, so
`--fable-limit` keeps it to the first N queries (`--limit N` cuts every method to the same N); BM25 and dense
need no model.
"""
import argparse, statistics, time
from pathlib import Path

from aptrag.config import apply_overrides, load_settings
from aptrag.corpus import read_jsonl
from aptrag.data import data_file
from aptrag.embed import make_embedder
from aptrag.eval.metrics import dragonball_retrieval
from aptrag.llm import LLM
from aptrag.retrieval.budget_baselines import BM25Chunks, DenseChunks
from aptrag.retrieval.fable_retrieval import Forest, fable_retrieve


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--forest', type=Path, required=True)
    parser.add_argument('--budget', type=int, default=2000)
    parser.add_argument('--methods', nargs='+', default=['bm25', 'dense', 'fable'])
    parser.add_argument('--fable-limit', type=int, default=8)
    parser.add_argument('--limit', type=int, help='only the first N queries, for every method')
    args = parser.parse_args()
    forest = Forest.open(args.forest)
    queries = [r for r in read_jsonl(data_file('dragonball/example_finance_en_gpt-4o.jsonl'))
               if {str(d) for d in r['ground_truth']['doc_ids']} <= set(forest.trees) and r['ground_truth']['references']][:args.limit]
    settings = apply_overrides(load_settings(), {'llm.cache': False})
    embedder = make_embedder(settings.retrieval)
    print(f'{len(forest.trees)} documents in the forest, {len(queries)} queries with all gold documents in it, budget {args.budget}')
    for method in args.methods:
        rows, started = [], time.time()
        chosen = queries[:args.fable_limit] if method == 'fable' else queries
        bm25 = BM25Chunks(forest) if method == 'bm25' else None
        dense = DenseChunks(forest, embedder) if method == 'dense' else None
        llm = LLM(settings) if method == 'fable' else None
        for r in chosen:
            q = r['query']['content']
            if method == 'fable': texts = fable_retrieve(q, forest, llm, embedder, settings, args.budget).texts
            else: texts = (bm25 or dense).retrieve(q, args.budget).texts
            bodies = [t.split('\n\n', 1)[-1] for t in texts]
            rows.append(dragonball_retrieval(r['ground_truth']['references'], bodies))
        print(f"{method:>6}: {len(rows)} queries, recall {statistics.mean(x['recall'] for x in rows):.3f}, "
              f"EIR {statistics.mean(x['eir'] for x in rows):.3f}, {time.time() - started:.0f} s")


if __name__ == '__main__':
    main()
