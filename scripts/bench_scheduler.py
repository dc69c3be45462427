"""Sequential vs parallel scheduling of APT-RAG on the same questions.

Runs each question twice, with `methods.aptrag.scheduler=sequential` and `=parallel`, on a backend that serves requests
concurrently: by default the embedded model in-process with `--slots` model copies (threads split between them);
`--base-url` points at an OpenAI-compatible server instead (vLLM, SGLang, llama.cpp's server with parallel slots).
Prints per question and in total: wall time, summed call + retrieval latency, critical-path latency, calls, and
whether both schedulers built the same tree with the same answer (they must, with greedy decoding).

    python scripts/bench_scheduler.py [--slots 2] [--top-k 3] [--questions N]
"""
import argparse, json, time

from aptrag.methods.aptrag.pipeline import APTRAG
from aptrag.config import apply_overrides, load_settings
from aptrag.retrieval.dense import ensure_index
from aptrag.llm import LLM

QUESTIONS = [
    'What are the capitals of Ghana, Togo and Benin?',
    'What are the capitals of Ghana, Togo and Benin, and what are the official languages of Peru and Chile?',
    'Which rivers flow through Egypt, Sudan and Ethiopia?',
]


def shape(node):
    "The tree without timings or records: ids, modes, questions and answers."
    return [node.id, node.mode, node.text, node.answer, [shape(c) for c in node.children]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--slots', type=int, default=2, help='in-process model copies serving at once')
    ap.add_argument('--top-k', type=int, default=3)
    ap.add_argument('--questions', type=int, default=len(QUESTIONS))
    ap.add_argument('--base-url', help='an OpenAI-compatible server instead of the in-process model')
    ap.add_argument('--model', help='model name on that server')
    args = ap.parse_args()
    overrides = [f'retrieval.top_k={args.top_k}', 'llm.cache=false', 'methods.aptrag.plan_tokens=200', 'budget.max_nodes=16',
                 f'llm.slots={args.slots}', f'methods.aptrag.max_parallel={max(2, args.slots)}', f'llm.max_concurrency={max(2, args.slots)}']
    if args.base_url: overrides += ['llm.backend=openai', f'llm.base_url={args.base_url}', f'llm.model={args.model or "default"}']
    settings = apply_overrides(load_settings(), overrides)
    llm, retriever = LLM(settings), ensure_index(settings)
    print(f'backend {llm.backend.name} ({llm.backend.identity}), slots {args.slots}, top-k {args.top_k}')
    print(f"{'question':<48} {'scheduler':<10} {'wall s':>7} {'summed s':>9} {'critical s':>10} {'calls':>5}")
    totals = {'sequential': [0.0, 0.0, 0.0], 'parallel': [0.0, 0.0, 0.0]}
    for q in QUESTIONS[:args.questions]:
        trees = {}
        for scheduler in ('sequential', 'parallel'):
            s = apply_overrides(settings, {'methods.aptrag.scheduler': scheduler})
            trace = APTRAG(s, llm=llm, retriever=retriever).run(q)
            t = trace.totals()
            trees[scheduler] = (shape(trace.root), trace.answer)
            for i, key in enumerate(['wall_s', 'sum_latency_s', 'critical_path_s']): totals[scheduler][i] += t[key]
            print(f"{q[:47]:<48} {scheduler:<10} {t['wall_s']:>7.1f} {t['sum_latency_s']:>9.1f} {t['critical_path_s']:>10.1f} {t['calls']:>5}")
        print(f"{'':<48} same tree and answer: {trees['sequential'] == trees['parallel']}")
    for scheduler, (wall, summed, critical) in totals.items():
        print(f"total {scheduler:<10}: wall {wall:.1f} s, summed latency {summed:.1f} s, critical path {critical:.1f} s")
    print(f"parallel / sequential wall time: {totals['parallel'][0] / totals['sequential'][0]:.2f}")


if __name__ == '__main__':
    main()
