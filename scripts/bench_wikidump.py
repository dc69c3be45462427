"""Throughput of the Wikipedia dump reader and chunker (`aptrag corpus build`), on a dump made from the KILT sample.

    python scripts/bench_wikidump.py [--copies 10] [--workers 1 2]

The KILT pages are repeated `--copies` times under new titles: full, long articles (about 15 KB of wikitext each).
Many real articles are stubs, so the projection for the English Wikipedia's 6.9 million articles at this page rate is
an upper bound; MB of wikitext per second is the rate that does not depend on article length. Also prints the parse
rate alone and the peak memory of the reader process.
"""
import argparse, json, resource, tempfile, time
from pathlib import Path

from aptrag.corpus import read_jsonl
from aptrag.data import data_file
from aptrag.wikidump import build_dump_corpus, kilt_page_wikitext, project_full_dump, read_dump, write_test_dump


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--copies', type=int, default=10)
    parser.add_argument('--workers', type=int, nargs='+', default=[1, 2])
    args = parser.parse_args()
    kilt = list(read_jsonl(data_file('wikipedia/kilt_sample/filtered_kilt_sample_100.jsonl')))
    records = [dict(r, wikipedia_title=f"{r['wikipedia_title']} ({copy})" if copy else r['wikipedia_title'])
               for copy in range(args.copies) for r in kilt]
    scratch = Path(tempfile.mkdtemp())
    dump = write_test_dump(records, scratch/'dump.xml.bz2')
    text_mb = sum(len(kilt_page_wikitext(r, extras=i % 3 == 0).encode()) for i, r in enumerate(records)) / 1e6
    started = time.time(); pages = sum(1 for _ in read_dump(dump)); parse_s = time.time() - started
    print(f'dump: {len(records)} articles, {text_mb:.1f} MB of wikitext, {dump.stat().st_size / 1e6:.1f} MB bz2; '
          f'parsing alone: {pages / parse_s:.0f} pages/s')
    for workers in args.workers:
        manifest = build_dump_corpus(dump, scratch/f'out-{workers}', workers=workers, block_pages=50, progress=False)
        rate = manifest['pages_per_second']
        print(f"workers {workers}: {manifest['pages']} articles -> {manifest['passages']} passages in {manifest['seconds']} s: "
              f"{rate} pages/s, {text_mb / manifest['seconds']:.2f} MB/s; {project_full_dump(rate)}")
    print(f'peak memory of the reader process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB')


if __name__ == '__main__':
    main()
