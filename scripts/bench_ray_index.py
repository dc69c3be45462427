"""Build one corpus's dense index on this machine and on Ray, time both, and check that they are the same index.

Prints the wall time of each build (corpus read, embedding, merge, faiss index), whether the manifests agree (corpus
hash, embedder, dimension, index type, counts), and the largest difference between the two vectors of any passage.
Both builds go into fresh temporary folders; nothing in the cache is used or changed. Needs the ray extra.

    python scripts/bench_ray_index.py [--corpus vital-articles] [--workers 2] [--limit N]
"""
import argparse, json, tempfile, time
from itertools import islice
from pathlib import Path

import numpy as np

from aptrag.config import Settings
from aptrag.corpus import load_corpus
from aptrag.eval.scale import ray_build_index, ray_session
from aptrag.retrieval.dense import PassageStore, build_corpus_index

SAME = ['version', 'corpus_hash', 'embedder', 'dimension', 'index', 'passages', 'vectors']


def vectors(folder: Path) -> dict:
    store = PassageStore(folder/'store.sqlite')
    out = {p.id: v for p, v in store.passages()}
    store.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--corpus', default='vital-articles', help='corpus name or file')
    ap.add_argument('--workers', type=int, default=2, help='Ray embedding workers')
    ap.add_argument('--limit', type=int, help='only the first N passages (written to a corpus file first)')
    args = ap.parse_args()
    corpus = args.corpus
    if args.limit:
        corpus = str(Path(tempfile.mkdtemp())/f'{Path(corpus).stem}-{args.limit}.jsonl')
        Path(corpus).write_text(''.join(p.model_dump_json() + '\n' for p in islice(load_corpus(args.corpus), args.limit)))
    make = lambda: Settings(cache_dir=tempfile.mkdtemp(), retrieval={'corpus': corpus})
    started = time.perf_counter()
    single = build_corpus_index(make(), progress=False)
    single_s = time.perf_counter() - started
    ray_session()  # started before the clock: a cluster is usually up already
    started = time.perf_counter()
    on_ray = ray_build_index(make(), workers=args.workers, progress=False)
    ray_s = time.perf_counter() - started
    a, b = single['manifest'], on_ray['manifest']
    differing = [k for k in SAME if a[k] != b[k]]
    va, vb = vectors(single['folder']), vectors(on_ray['folder'])
    gap = max(float(np.abs(va[i] - vb[i]).max()) for i in va) if set(va) == set(vb) else float('nan')
    print(f"corpus {args.corpus}{f' (first {args.limit})' if args.limit else ''}: {a['passages']:,} passages, embedder {a['embedder']}")
    print(f'single machine: {single_s:.1f} s')
    print(f'Ray, {args.workers} workers: {ray_s:.1f} s (embedding {on_ray["embed_seconds"]} s)')
    print(f"manifests: {'equal' if not differing else 'differ in ' + ', '.join(differing)} (corpus hash {a['corpus_hash'][:16]})")
    print(f'same passage ids: {set(va) == set(vb)}; largest vector difference: {gap:.2e}')
    return 0 if not differing and gap < 1e-5 else 1


if __name__ == '__main__':
    raise SystemExit(main())
