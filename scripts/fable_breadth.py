"""FABLE's budget deep into few documents or spread over many, chosen per query from the vector ranking's breadth (dev only).

For each dev query of DragonBall (English finance, 91 queries) and each wide dev question of the Factbook (11 or more
evidence pages), at 1,024 and 2,048 evidence tokens: BM25, dense and hybrid over the forest's own leaves (flat), and
FABLE's vector path (no call) with `fable.spread` 0 and 0.2, and with the spread applied only where the top 20 nodes of
the vector ranking come from at least `--breadth` documents (`fable.spread_breadth`) (a wide question's ranking reaches many documents, a deep
one's stays in a few). Recall is DragonBall's reference-sentence recall and the Factbook's share of evidence pages. The
DragonBall forest is imported from the committed export into a temporary folder (a minute of embedding); the
Factbook's is the one `aptrag fable build --corpus factbook --set fable.structure=headings --set fable.chunk_tokens=48`
builds.

With `--more`, also the vector path with TreeExpansion's inherited term off (`fable.weight_inherited=0`: each node
by its own closeness, as the flat rankings score), BM25 reading a chunk alone (`fable.leaf_text=chunk`), and the two
with the breadth-gated spread: what separates the tree from a flat ranking of its own leaves, on dev.

With `--gate`, also the spread's size and gate around the defaults (`fable.spread` 0.2, 0.3, 0.5 and 1.0, each where the
top 20 nodes reach 12 or 16 documents): how much the chosen pair matters.

With `--narrow`, also the Factbook's dev questions of 1 to 10 evidence pages, where the default gate leaves most
questions unspread; with `--gates 4 8 12`, rows `gate-N` that apply the spread where the top 20 nodes reach N documents,
read off each query's spread and unspread rows by its breadth (the gate only chooses between the two, so no search is
repeated).

With `--evidence-header title_path` FABLE's evidence is headed by each node's title path, as before today's default
(`fable.evidence_header=title`, the document's title, as the flat rankings head a chunk): the two runs compare the headers.

    python scripts/fable_breadth.py [--breadth 16] [--more] [--gate] [--narrow] [--gates N ...] [--evidence-header title_path] [--out FILE.md]

`--out` also writes the printed tables to a Markdown file and, beside it, a CSV of the same recalls (one row per split and
retriever) that `nbs/explanations/fable_defaults.ipynb` reads (the committed ones: `figures/fable_breadth.md` from
`--gate`, `figures/fable_header.md` from `--more`, `figures/fable_header_title_path.md` from `--more --evidence-header
title_path`, `figures/fable_narrow.md` from `--narrow --gates 4 8 12`).
"""
import argparse, random, sys, tempfile
from pathlib import Path
import pandas as pd
from aptrag.config import apply_overrides, load_settings
from aptrag.embed import make_embedder
from aptrag.eval.datasets import load_dataset, settings_for_dataset
from aptrag.eval.metrics import dragonball_retrieval
from aptrag.eval.stats import to_markdown
from aptrag.corpus import count_tokens
from aptrag.retrieval.budget_baselines import BM25Chunks, DenseChunks, HybridChunks, chunk_text
from aptrag.retrieval.fable_forest import dragonball_documents, forest_folder, import_trees
from aptrag.retrieval.fable_retrieval import Forest, evidence_text, fable_retrieve, open_forest

BUDGETS, SPREAD = (1024, 2048), 0.2
ROOT = Path(__file__).resolve().parents[1]


def dragonball(folder: Path):
    settings = apply_overrides(settings_for_dataset(load_settings(), 'dragonball'), {'llm.model': 'qwen2.5-coder-1.5b'})
    documents = [d for d, _, _ in dragonball_documents('en', 'Finance')]
    import_trees(ROOT/'data/forests/dragonball-en--qwen2.5-coder-1.5b/trees.jsonl.gz', folder, make_embedder(settings.retrieval), only=documents)
    settings = apply_overrides(settings, {'fable.forest_dir': str(folder), 'fable.documents': documents})
    return settings, open_forest(settings), load_dataset('dragonball:dev')


def factbook(wide: bool = True):
    "The Factbook's forest and its dev questions of 11 or more evidence pages (`wide`), else of 1 to 10."
    settings = apply_overrides(settings_for_dataset(load_settings(), 'factbook'), {'fable.structure': 'headings', 'fable.chunk_tokens': 48})
    return settings, Forest.open(forest_folder(settings, 'factbook')), [q for q in load_dataset('factbook:dev') if (len(q.gold_titles) >= 11) == wide]


MORE = {'fable-vectors-inherit0': {'fable.weight_inherited': 0.0, 'fable.spread': 0.0}, 'fable-vectors-chunk': {'fable.leaf_text': 'chunk', 'fable.spread': 0.0},  # no spread, as the variants below add it
        'fable-vectors-inherit0-breadth': {'fable.weight_inherited': 0.0, 'fable.spread': SPREAD},
        'fable-vectors-chunk-breadth': {'fable.leaf_text': 'chunk', 'fable.spread': SPREAD}}  # --more; '-breadth': spread where the ranking reaches --breadth documents
GATES = {f'fable-vectors-spread-{spread:g}-at-{least}': {'fable.spread': spread, 'fable.spread_breadth': least}
         for spread in (0.2, 0.3, 0.5, 1.0) for least in (12, 16)}  # --gate


def leaf_tokens(forest: Forest, header: str, sample: int = 2000) -> tuple[float, float]:
    "Mean tokens of a leaf as evidence: FABLE's (its header, then the chunk) and the flat rankings' (the document title, then the chunk), over a seeded sample of leaves."
    leaves = [(d, n.id, n.chunk) for d, tree in forest.trees.items() for n in tree.nodes if n.kind == 'leaf']
    chosen = random.Random(0).sample(leaves, min(sample, len(leaves)))
    return (sum(count_tokens(evidence_text(forest.trees[d], n, header)) for d, n, _ in chosen) / len(chosen),
            sum(count_tokens(chunk_text(forest, d, c)) for d, _, c in chosen) / len(chosen))


def sweep(name: str, settings, forest, questions, breadth: int, more: bool = False, gate: bool = False) -> pd.DataFrame:
    "Recall of each retriever at each budget, one row per (query, retriever, budget)."
    embedder = make_embedder(settings.retrieval)
    flat = {'bm25-leaves': BM25Chunks(forest), 'dense-leaves': DenseChunks(forest, embedder), 'hybrid-leaves': HybridChunks(forest, embedder, settings.retrieval.dense_weight)}
    title_of = {d: t.title.lower() for d, t in forest.trees.items()}
    def recall(q, texts, keys) -> float:
        if name == 'dragonball': return dragonball_retrieval(q.meta['references'], texts)['recall']
        gold = {t.lower() for t in q.gold_titles}
        return len(gold & {title_of[d] for d, _ in keys}) / len(gold)
    rows = []
    for q in questions:
        for budget in BUDGETS:
            for retriever, flat_retriever in flat.items():
                found = flat_retriever.retrieve(q.question, budget)
                rows.append(dict(id=q.id, retriever=retriever, budget=budget, recall=recall(q, found.texts, found.chunks)))
            for retriever, spread, least in (('fable-vectors-spread-0', 0.0, 0), (f'fable-vectors-spread-{SPREAD:g}', SPREAD, 0), (f'fable-vectors-breadth-{breadth}', SPREAD, breadth)):
                r = fable_retrieve(q.question, forest, None, embedder, apply_overrides(settings, {'fable.paths': 'vectors', 'fable.spread': spread, 'fable.spread_breadth': least}), budget)
                rows.append(dict(id=q.id, retriever=retriever, budget=budget, recall=recall(q, r.texts, r.evidence), reach=r.breadth))
            for retriever, extra in [*(MORE.items() if more else ()), *(GATES.items() if gate else ())]:
                least = {'fable.spread_breadth': breadth} if 'fable.spread' in extra and 'fable.spread_breadth' not in extra else {}  # a GATES row names its own
                r = fable_retrieve(q.question, forest, None, embedder, apply_overrides(settings, {'fable.paths': 'vectors', **extra, **least}), budget)
                rows.append(dict(id=q.id, retriever=retriever, budget=budget, recall=recall(q, r.texts, r.evidence), reach=r.breadth))
    return pd.DataFrame(rows)


def gated(table: pd.DataFrame, gates) -> pd.DataFrame:
    "Rows `gate-N` for each N of `gates`: a query's spread row where its breadth reaches N documents, its unspread row elsewhere."
    spread, deep = (table[table.retriever == name].set_index(['id', 'budget']) for name in (f'fable-vectors-spread-{SPREAD:g}', 'fable-vectors-spread-0'))
    rows = [pd.DataFrame({'retriever': f'gate-{least}', 'recall': spread.recall.where(spread.reach >= least, deep.recall), 'reach': spread.reach}).reset_index()
            for least in gates]
    return pd.concat([table, *rows], ignore_index=True)


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--breadth', type=int, default=16, help='spread where the top 20 nodes come from at least this many documents')
    parser.add_argument('--more', action='store_true', help='also the variants that separate the tree from a flat ranking (MORE)')
    parser.add_argument('--gate', action='store_true', help="also the spread's size and gate around the defaults (GATES)")
    parser.add_argument('--narrow', action='store_true', help="also the Factbook's dev questions of 1 to 10 evidence pages")
    parser.add_argument('--gates', type=int, nargs='*', default=[], help='also the spread gated at each of these breadths (read off the spread and unspread rows)')
    parser.add_argument('--evidence-header', choices=['title', 'title_path'], default='title', help="what heads FABLE's evidence (fable.evidence_header)")
    parser.add_argument('--out', type=Path, help='also write the tables to this Markdown file')
    args = parser.parse_args()
    recalls = {}  # split -> recall table, for the CSV
    report = [f"# FABLE's spread, gated by the ranking's breadth, on the dev splits\n\n"
              f"`python scripts/fable_breadth.py {' '.join(sys.argv[1:])}`: recall at each evidence budget, no model call; "
              f"evidence headed by `{args.evidence_header}`.\n"]
    with tempfile.TemporaryDirectory() as folder:
        splits = {'dragonball': lambda: dragonball(Path(folder)), 'factbook (11+ pages)': factbook, **({'factbook (1-10 pages)': lambda: factbook(wide=False)} if args.narrow else {})}
        for name, make in splits.items():
            settings, forest, questions = make()
            settings = apply_overrides(settings, {'fable.evidence_header': args.evidence_header})
            table = gated(sweep(name.split()[0], settings, forest, questions, args.breadth, args.more, args.gate), args.gates)
            reach = table.dropna(subset=['reach']).drop_duplicates('id').reach
            heading = (f'{name}, dev: {table.id.nunique()} queries; documents among the top 20 nodes: median {reach.median():.0f}, '
                       f'{(reach >= args.breadth).mean():.0%} at or above {args.breadth}')
            recall = table.pivot_table(index='retriever', columns='budget', values='recall').round(3)
            print(f'\n{heading}\n{recall.to_string()}')
            report += [f'## {heading}\n', to_markdown(recall), '']
            recalls[name] = recall
            if args.more: print('tokens of a leaf as evidence: FABLE %.1f, the flat rankings %.1f' % leaf_tokens(forest, args.evidence_header))
    if args.out:
        args.out.write_text('\n'.join(report))
        pd.concat(recalls, names=['split']).to_csv(args.out.with_suffix('.csv'))
