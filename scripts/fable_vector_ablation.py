"""Where FABLE's vector path loses recall against a flat ranking of the same forest's chunks: TreeExpansion's terms, the depth decay, the normalisation, the solver and internal nodes, one at a time, with no LLM call.

    python scripts/fable_vector_ablation.py [--limit 30] [--variants NAME ...] [--budgets 512 1024 2048 4096] [--out figures/fable_vector_ablation.md]

Reads a committed forest (by default the default model's, `data/forests/dragonball-en--qwen2.5-coder-1.5b/trees.jsonl.gz`,
imported into a scratch folder: embedding its nodes takes about a minute), the seeded sample of DragonBall's English finance queries
that `nbs/experiments/fable_dragonball.ipynb` uses, and scores the evidence with DragonBall's retrieval recall (RAGEval's:
a reference counts when every sentence of it is in the evidence). Every variant is FABLE's vector path
(`fable.paths=vectors`) with one or two settings changed; `flat` is each node scored by its own similarity only, and
`leaves` keeps only chunks (no section or document node may spend the budget); `bm25` and `dense` rank the same
forest's chunks flat and fill the budget (`aptrag.retrieval.budget_baselines`); `bm25, title path` is BM25 over each chunk
read after its section's title path, as the hybrid closeness reads a leaf. Paired tests against `flat` and against
the paper's settings are permutation tests over queries (`aptrag.eval.stats.paired_test`).
"""
import argparse, shlex, sys, tempfile, time
from pathlib import Path

import pandas as pd

from aptrag.config import apply_overrides, load_settings
from aptrag.embed import make_embedder
from aptrag.eval.datasets import load_dataset, settings_for_dataset
from aptrag.eval.metrics import dragonball_retrieval
from aptrag.eval.stats import paired_test, to_markdown
from aptrag.retrieval.budget_baselines import BM25Chunks, DenseChunks
from aptrag.retrieval.lexical import LexicalIndex
from aptrag.retrieval.fable_forest import dragonball_documents, import_trees
from aptrag.retrieval.fable_retrieval import Forest, fable_retrieve, open_forest

ROOT = Path(__file__).resolve().parents[1]
PAPER = {'fable.pool': 0.0, 'fable.depth_decay': True, 'fable.normalise': 'joint', 'fable.vector_mode': 'dense', 'fable.top_k': 10,
         'fable.weight_similarity': 1 / 3, 'fable.weight_inherited': 1 / 3, 'fable.weight_children': 1 / 3, 'fable.solver': 'greedy',
         'fable.spread': 0.0}  # BudgetControl by score alone
FLAT = {'fable.depth_decay': False, 'fable.weight_similarity': 1.0, 'fable.weight_inherited': 0.0, 'fable.weight_children': 0.0}
VARIANTS = {  # name -> settings on top of the vector path: the paper's (TreeExpansion 1/3 each with depth decay, joint min-max, cosine only, greedy, K = 10), one change at a time, then today's defaults
    'paper': PAPER,
    'no-decay': {**PAPER, 'fable.depth_decay': False},
    'own+inherited': {**PAPER, 'fable.weight_children': 0.0, 'fable.weight_similarity': 0.5, 'fable.weight_inherited': 0.5},
    'own+children': {**PAPER, 'fable.weight_inherited': 0.0, 'fable.weight_similarity': 0.5, 'fable.weight_children': 0.5},
    'per-document': {**PAPER, 'fable.normalise': 'per_document'},
    'knapsack': {**PAPER, 'fable.solver': 'knapsack'},
    'top-k 50': {**PAPER, 'fable.top_k': 50},
    'pool 2': {**PAPER, 'fable.pool': 2.0},
    'hybrid': {**PAPER, 'fable.vector_mode': 'hybrid'},
    'flat': {**PAPER, **FLAT},
    'hybrid, flat': {**PAPER, **FLAT, 'fable.vector_mode': 'hybrid'},
    'defaults': {},  # today's: hybrid (BM25 reads a chunk after its title path), own similarity plus half the best ancestor's, pool 2
    'defaults, no inherited': {'fable.weight_inherited': 0.0},  # today's with the node's own similarity only (the previous default)
    'defaults, inherited 1': {'fable.weight_inherited': 1.0},
    'defaults, tree': {'fable.weight_similarity': 1 / 3, 'fable.weight_inherited': 1 / 3, 'fable.weight_children': 1 / 3},  # today's with TreeExpansion's weights
    'defaults, K only': {'fable.pool': 0.0},  # today's with the paper's fixed K
    'defaults, BM25 0.7': {'retrieval.dense_weight': 0.3},  # today's with BM25 weighing more in the hybrid mix
    'defaults, per-document': {'fable.normalise': 'per_document'},  # each document's best node scores 1: the budget spreads over documents
    'defaults, chunk text': {'fable.leaf_text': 'chunk'},  # today's with BM25 reading a chunk alone, not after its section's title path
    'defaults, spread 0': {'fable.spread': 0.0},  # today's with one ranking by score in BudgetControl (no step back for a document's later nodes)
    'defaults, spread 0.1': {'fable.spread': 0.1},
    'defaults, spread 0.2': {'fable.spread': 0.2},
    'defaults, spread 0.5': {'fable.spread': 0.5},
}


def leaves_only(forest: Forest) -> Forest:
    "The same forest with every internal node's vector pointed away from any query, so that only chunks are chosen."
    vectors = forest.vectors.copy()
    for row, (doc_id, node_id) in enumerate(forest.keys):
        if forest.trees[doc_id].nodes[node_id].kind != 'leaf': vectors[row] = 0.0
    return Forest(forest.trees, forest.keys, vectors)


class TitledBM25Chunks(BM25Chunks):
    "BM25 over every chunk read after its section's title path, as the vector path's hybrid closeness reads a leaf (`fable.leaf_text=title_path`): whether the title text alone lifts a flat ranking."
    def __init__(self, forest: Forest):
        super().__init__(forest)
        leaf = {(d, n.chunk): n.id for d, tree in forest.trees.items() for n in tree.leaves()}
        texts = forest.node_texts('title_path')  # what the hybrid closeness reads of each node
        self.index = LexicalIndex([texts[forest.row[(d, leaf[(d, c)])]] for d, c in self.keys])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--limit', type=int, default=30, help='queries: the seeded sample of the 182 English finance queries')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--budgets', type=int, nargs='+', default=[512, 1024, 2048, 4096])
    parser.add_argument('--export', type=Path, default=ROOT/'data/forests/dragonball-en--qwen2.5-coder-1.5b/trees.jsonl.gz')
    parser.add_argument('--out', type=Path, help='write the table here (markdown) and beside it a .csv')
    parser.add_argument('--variants', nargs='+', help='run only these variants (the paper\'s and flat always run: the paired tests read them)')
    args = parser.parse_args()
    settings = settings_for_dataset(load_settings(), 'dragonball')
    documents = [d for d, _, _ in dragonball_documents('en', 'Finance')]
    folder, embedder = Path(tempfile.mkdtemp()), make_embedder(settings.retrieval)
    started = time.time()
    import_trees(args.export, folder, embedder, only=documents)
    settings = apply_overrides(settings, {'fable.forest_dir': str(folder), 'fable.documents': documents, 'fable.paths': 'vectors'})
    forest = open_forest(settings)
    forests = {'tree': forest, 'leaves': leaves_only(forest)}
    print(f'{len(forest.trees)} documents, {len(forest.keys)} nodes, imported in {time.time() - started:.0f} s')
    questions = load_dataset('dragonball', args.limit, args.seed)
    rows = []
    chosen = [(n, o) for n, o in [*VARIANTS.items(), ('leaves', {})] if not args.variants or n in {'paper', 'flat', *args.variants}]
    for name, overrides in chosen:  # leaves: today's settings, only chunks
        variant = apply_overrides(settings, overrides)
        for record in questions:
            for budget in args.budgets:
                result = fable_retrieve(record.question, forests['leaves' if name == 'leaves' else 'tree'], None, embedder, variant, budget)
                internal = sum(forest.trees[d].nodes[n].kind != 'leaf' for d, n in result.evidence)
                rows.append(dict(variant=name, id=record.id, budget=budget, tokens=result.tokens, internal_nodes=internal,
                                 **dragonball_retrieval(record.meta['references'], result.texts)))
    flat_rankers = {'bm25': BM25Chunks(forest), 'dense': DenseChunks(forest, embedder), 'bm25, title path': TitledBM25Chunks(forest)}
    for name, ranker in flat_rankers.items():
        for record in questions:
            for budget in args.budgets:
                found = ranker.retrieve(record.question, budget)
                rows.append(dict(variant=name, id=record.id, budget=budget, tokens=found.tokens, internal_nodes=0,
                                 **dragonball_retrieval(record.meta['references'], found.texts)))
    frame = pd.DataFrame(rows)
    table = []
    for (name, budget), group in frame.groupby(['variant', 'budget'], sort=False):
        recall = group.set_index('id').recall
        def against(other):
            return paired_test(recall, frame[(frame.variant == other) & (frame.budget == budget)].set_index('id').recall)
        vs_flat, vs_default = against('flat'), against('paper')
        table.append(dict(variant=name, budget=budget, recall=round(recall.mean(), 3), eir=round(group.eir.mean(), 3),
                          tokens=round(group.tokens.mean()), internal_nodes=round(group.internal_nodes.mean(), 2),
                          minus_flat=round(vs_flat['mean_difference'], 3), p_flat=round(vs_flat['p_value'], 3),
                          minus_paper=round(vs_default['mean_difference'], 3), p_paper=round(vs_default['p_value'], 3), queries=len(group)))
    table = pd.DataFrame(table).set_index(['variant', 'budget'])
    print(to_markdown(table))
    if args.out:
        command = shlex.join(['python', 'scripts/fable_vector_ablation.py', *sys.argv[1:]])  # as run
        args.out.write_text(f'# FABLE vector path: where the recall goes\n\nDragonBall finance (en), {len(questions)} queries (seed {args.seed}), '
                            f'forest {args.export.parent.name} ({len(forest.trees)} documents), no LLM call. `{command}`\n\n'
                            + to_markdown(table) + '\n')
        table.to_csv(args.out.with_suffix('.csv'))  # variant and budget kept as columns


if __name__ == '__main__':
    main()
