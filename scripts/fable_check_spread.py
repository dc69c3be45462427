"""How much of an APT-RAG item check's evidence FABLE takes from the item's own page, with and without `fable.spread`.

    python scripts/fable_check_spread.py [--run data/runs/factbook_fable_1.5b/factbook/aptrag]

Replays every fan-out check of a committed APT-RAG run over the Factbook forest ("Which languages are official in
Canada?": the item is Canada) through FABLE's vector path at a one-passage budget (`FableRetriever.budget_for(1)`),
with no LLM call: once with the run's `fable.spread`, once without, once through the retriever as it is now (which
drops the spread for searches narrower than `retrieval.top_k`); first what the run's checks and those of the same
questions over the passage index read, as their traces recorded. Prints, per arm, the mean share of a check's evidence
chunks from the item's page and the mean number of distinct pages. Needs the run's forest (`aptrag fable build --corpus
factbook --set fable.chunk_tokens=48`, about 3 minutes); the replay takes about a minute an arm on two cores.
"""
import argparse, json, re, statistics, time
from pathlib import Path

from aptrag.config import Settings
from aptrag.eval.runner import ResultsFile
from aptrag.retrieval.fable_retrieval import evidence_hits, fable_retrieve, fable_retriever
from aptrag.tree import Trace


def item_checks(folder: Path) -> list[tuple[str, str, list[str]]]:
    "(search query, item, titles read) of each fan-out check in the run's traces."
    checks = []
    for row in ResultsFile(folder/'results.jsonl').rows():
        for node in Trace.model_validate(row['trace']).nodes():
            fanout = next((f for f in node.flags if f.kind == 'fanout'), None)
            if fanout is None: continue
            pattern = re.escape(fanout.data['question']).replace(re.escape('{item}'), '(.+)')
            checks += [(child.query or child.question, m[1], child.evidence_titles) for child in node.children if (m := re.fullmatch(pattern, child.question))]
    return checks


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--run', type=Path, default=Path('data/runs/factbook_fable_1.5b/factbook/aptrag'), help='a committed APT-RAG run folder over a FABLE forest')
    parser.add_argument('--passages', type=Path, default=Path('data/runs/factbook_1.5b/factbook/aptrag'), help='the same questions over the passage index: what its checks read, as recorded')
    args = parser.parse_args()
    settings = Settings(**{k: v for k, v in json.loads((args.run/'run.json').read_text())['settings'].items() if k != 'cache_dir'})
    retriever = fable_retriever(settings)
    checks = item_checks(args.run)
    budget = retriever.budget_for(1)
    print(f'{len(checks)} checks from {args.run}, budget {budget} tokens a check, run spread {settings.fable.spread}')
    vectors = retriever.vectors_only  # the run's settings, vector path
    no_spread = vectors.model_copy(update={'fable': vectors.fable.model_copy(update={'spread': 0.0})})
    def at(arm_settings: Settings): return lambda q: evidence_hits(retriever.forest, fable_retrieve(q, retriever.forest, retriever.llm, retriever.embedder, arm_settings, budget))
    arms = {f'spread {settings.fable.spread}': at(vectors), 'spread 0': at(no_spread),
            'the retriever now': lambda q: retriever.search([q], use_llm=False, k=1)[0].hits}
    def share_of_item(read: list[tuple[str, list[str]]]) -> tuple[float, float]:
        "Mean share of a check's evidence from the item's page, and mean distinct pages, over the checks that read something."
        read = [(item, titles) for item, titles in read if titles]
        return (statistics.mean(sum(t.lower() == item.lower() for t in titles) / len(titles) for item, titles in read),
                statistics.mean(len(set(titles)) for _, titles in read))
    for name, read in ((f'{args.run} as recorded', [(i, t) for _, i, t in checks]), (f'{args.passages} as recorded', [(i, t) for _, i, t in item_checks(args.passages)])):
        share, pages = share_of_item(read)
        print(f'{name} ({len(read)} checks): share of a check\'s evidence from the item\'s page {share:.3f}, distinct pages {pages:.2f}')
    for name, search in arms.items():
        start, share, pages = time.perf_counter(), [], []
        for query, item, _ in checks:
            titles = [h.passage.title for h in search(query)]
            if not titles: continue
            share.append(sum(t.lower() == item.lower() for t in titles) / len(titles)); pages.append(len(set(titles)))
        print(f'{name}: share of a check\'s evidence from the item\'s page {statistics.mean(share):.3f}, '
              f'distinct pages {statistics.mean(pages):.2f} ({time.perf_counter() - start:.0f} s)', flush=True)
