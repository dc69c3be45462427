"""Benchmark embedding and indexing on the default corpus (the vital-articles leads).

Prints: embedding passages/s with the default embedder; build time, search queries/s and on-disk size of an exact
inner-product index and of HNSW-SQ8 (M=64, efConstruction=400, efSearch=128, as in the paper); HNSW recall@20
against exact search; and the process's peak memory after each stage. The corpus vectors come from the default
index's store (built on first use, which this script times too).

    python scripts/bench_index.py [--sample 10033] [--queries 500] [--embed-sample 1000]
"""
import argparse, json, os, resource, tempfile, time
from pathlib import Path

import faiss
import numpy as np

from aptrag.config import RetrievalSettings, load_settings
from aptrag.corpus import load_vital_articles, vital_articles_records
from aptrag.embed import make_embedder
from aptrag.retrieval.dense import PassageStore, ensure_index, index_folder


def peak_mb() -> float: return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def size_mb(index) -> float:
    path = Path(tempfile.mkdtemp())/'i.faiss'
    faiss.write_index(index, str(path))
    return path.stat().st_size / 2**20


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sample', type=int, default=0, help='use only this many corpus vectors (0: all)')
    ap.add_argument('--queries', type=int, default=500)
    ap.add_argument('--embed-sample', type=int, default=1000, help='passages to time the embedder on')
    args = ap.parse_args()
    settings = load_settings()
    r = settings.retrieval
    print(f'faiss {faiss.__version__}, {faiss.omp_get_max_threads()} threads; embedder {r.embedder}')

    embedder = make_embedder(r)
    passages = [p.text for _, p in zip(range(args.embed_sample), load_vital_articles())]
    start = time.perf_counter(); embedder.embed_documents(passages); seconds = time.perf_counter() - start
    mean_tokens = np.mean([len(t.split()) for t in passages])
    print(f'embedding: {len(passages) / seconds:.1f} passages/s ({len(passages)} vital-article passages, ~{mean_tokens:.0f} words each)'
          f'  peak {peak_mb():.0f} MB')

    start = time.perf_counter(); retriever = ensure_index(settings); first_use = time.perf_counter() - start
    folder = index_folder(settings)
    store = PassageStore(folder/'store.sqlite')
    vectors = np.concatenate([v for _, v in store.vectors()])
    if args.sample: vectors = vectors[np.random.default_rng(0).choice(len(vectors), args.sample, replace=False)]
    n, d = vectors.shape
    print(f'default index: {folder} ready in {first_use:.1f} s; store.sqlite {(folder/"store.sqlite").stat().st_size / 2**20:.1f} MB; '
          f'{n} vectors of dimension {d}')

    titles = [rec['title'] for rec in vital_articles_records()]
    queries = embedder.embed_queries([f'What is {t}?' for t in np.random.default_rng(1).choice(titles, args.queries, replace=False)])

    start = time.perf_counter(); exact = faiss.IndexFlatIP(d); exact.add(vectors); exact_build = time.perf_counter() - start
    start = time.perf_counter(); _, exact_ids = exact.search(queries, 20); exact_search = time.perf_counter() - start
    print(f'exact (IndexFlatIP):  build {exact_build:7.2f} s  search {args.queries / exact_search:9.0f} queries/s  '
          f'size {size_mb(exact):6.1f} MB  peak {peak_mb():.0f} MB')

    hnsw = faiss.IndexHNSWSQ(d, faiss.ScalarQuantizer.QT_8bit, 64, faiss.METRIC_INNER_PRODUCT)
    hnsw.hnsw.efConstruction = 400
    start = time.perf_counter()
    hnsw.train(vectors[np.random.default_rng(0).choice(n, min(n, 100_000), replace=False)])
    hnsw.add(vectors)
    hnsw_build = time.perf_counter() - start
    hnsw.hnsw.efSearch = 128
    start = time.perf_counter(); _, hnsw_ids = hnsw.search(queries, 20); hnsw_search = time.perf_counter() - start
    recall = np.mean([len(set(a) & set(b)) / 20 for a, b in zip(hnsw_ids, exact_ids)])
    print(f'HNSW-SQ8 (M=64, efC=400, efS=128): build {hnsw_build:7.2f} s  search {args.queries / hnsw_search:9.0f} queries/s  '
          f'size {size_mb(hnsw):6.1f} MB  recall@20 vs exact {recall:.3f}  peak {peak_mb():.0f} MB')


if __name__ == '__main__':
    main()
