"""Sequential vs parallel scheduling of APT-RAG on the same questions, against what the machine allows.

Each question runs twice, with `methods.aptrag.scheduler=sequential` and `=parallel`, on one backend (default: the
managed llama.cpp server with `--slots` parallel slots, which decodes concurrent requests in one batch;
`--backend llamacpp` uses in-process model copies; `--base-url` any OpenAI-compatible server). Two kinds of question:

- wide trees: a scripted planner splits the root into `--breadth` sub-questions (4 and 8 by default) and keeps every
  sub-question whole; everything else (answerability, rewriting, leaf answers, EC, the final answer) is the real model;
- real APT-RAG questions, planned by the model itself.

For each it prints wall time, summed call + retrieval latency, critical-path latency, calls, prompt tokens (and how
many the server's prompt cache reused), whether both schedulers built the same tree with the same answer, and the
machine bound: on a CPU, batching cannot shorten prompt processing (compute-bound), only decoding (memory-bound), so
a run can at best take its uncached prompt tokens at the measured prompt rate plus the decoding along its critical
path at the measured generation rate. The last line is `parallel/sequential wall ratio: X.XX` over all questions.
`--json FILE` keeps the per-question rows (for the latency figure, nbs/experiments/scheduler_latency.ipynb).

    python scripts/bench_scheduler.py [--slots 4] [--breadth 4 8] [--questions 2] [--top-k 3] [--json rows.json]
"""
import argparse, json, statistics, time

from aptrag.config import apply_overrides, load_settings
from aptrag.llm import LLM, Backend, CallLog, Completion
from aptrag.methods.aptrag.pipeline import APTRAG
from aptrag.retrieval.dense import ensure_index

COUNTRIES = ['Ghana', 'Peru', 'Norway', 'Kenya', 'Chile', 'Japan', 'Egypt', 'Canada']
QUESTIONS = [
    'What are the capitals of Ghana, Togo and Benin?',
    'Which rivers flow through Egypt, Sudan and Ethiopia?',
    'What are the capitals of Ghana, Togo and Benin, and what are the official languages of Peru and Chile?',
]


class WidePlanner(Backend):
    "The real backend, except that the root's decomposition is scripted: `breadth` independent sub-questions."
    def __init__(self, real: Backend, root: str, subquestions: list[str]):
        self.real, self.root, self.subquestions = real, root, subquestions
        self.name, self.identity, self.endpoint = real.name, real.identity + ':wide-planner', real.endpoint
        self.constrains_json, self.concurrency = real.constrains_json, real.concurrency
    def count_tokens(self, text): return self.real.count_tokens(text)
    def complete(self, messages, *, purpose='', **kwargs):
        if purpose == 'decompose':
            split = self.root in messages[-1]['content']
            plan = {'decision': 'split', 'subquestions': self.subquestions} if split else {'decision': 'maintain', 'subquestions': []}
            return Completion(json.dumps(plan), 0, 0, 'stop', 0.0)
        return self.real.complete(messages, purpose=purpose, **kwargs)
    def close(self): pass


def shape(node):
    "The tree without timings or records: ids, modes, questions and answers."
    return [node.id, node.mode, node.text, node.answer, [shape(c) for c in node.children]]


def first_difference(a, b, path='tree') -> str:
    "Where two nested shapes first differ, for the report."
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y: return first_difference(x, y, f'{path}[{i}]')
    return f'{path}: {str(a)[:100]!r} vs {str(b)[:100]!r}'


def decode_path_s(node, gen_tps: float) -> float:
    "Seconds of decoding along the longest chain of dependent work, at `gen_tps` tokens/s."
    own = sum(r.output_tokens for r in node.calls) / gen_tps
    finish = {}
    for k, child in enumerate(node.children, 1):
        finish[k] = max((finish.get(j, 0.0) for j in child.depends_on), default=0.0) + decode_path_s(child, gen_tps)
    return own + max(finish.values(), default=0.0)


def rates(llm: LLM) -> tuple[float, float]:
    "Prompt and generation tokens/s of the backend, measured on one long prompt and one 64-token answer."
    log = CallLog()
    notes = '\n'.join(f'Note {i}: the town exported cotton and salt in {1800 + i}.' for i in range(60))
    llm.chat(f'({time.time_ns()}) Summarise in one word.\n' + notes, purpose='bench', max_tokens=1, log=log)
    prompt_tps = log.records[-1].input_tokens / log.records[-1].latency_s
    llm.chat(f'({time.time_ns()}) Write a long paragraph about the printing press.', purpose='bench', max_tokens=64, log=log)
    r = log.records[-1]
    return prompt_tps, r.output_tokens / max(r.latency_s - r.input_tokens / prompt_tps, 1e-6)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--backend', default='llama-server', choices=['llama-server', 'llamacpp'])
    ap.add_argument('--slots', type=int, default=4, help='parallel slots (server) or model copies (in-process)')
    ap.add_argument('--breadth', type=int, nargs='*', default=[4, 8], help='wide trees with these many scripted sub-questions')
    ap.add_argument('--questions', type=int, default=2, help='real APT-RAG questions (of %d)' % len(QUESTIONS))
    ap.add_argument('--top-k', type=int, default=3)
    ap.add_argument('--model', default=None, help='local model (default: the embedded one)')
    ap.add_argument('--base-url', help='an OpenAI-compatible server instead of a local model')
    ap.add_argument('--json', help='write the per-question rows here')
    ap.add_argument('--set', dest='overrides', action='append', default=[], metavar='KEY=VALUE', help='any other setting, e.g. methods.aptrag.ec=false')
    args = ap.parse_args()
    overrides = [f'retrieval.top_k={args.top_k}', 'llm.cache=false', 'methods.aptrag.plan_tokens=200', 'budget.max_nodes=16',
                 f'llm.slots={args.slots}', f'methods.aptrag.max_parallel={max(8, args.slots)}', f'llm.max_concurrency={args.slots}',
                 f'llm.backend={args.backend}', 'llm.context_tokens=4096'] + ([f'llm.model={args.model}'] if args.model else []) + args.overrides
    if args.base_url: overrides += ['llm.backend=openai', f'llm.base_url={args.base_url}', f'llm.model={args.model or "default"}']
    settings = apply_overrides(load_settings(), overrides)
    if args.backend == 'llama-server':  # no host-memory prompt cache: the second run of a question must not reuse the first's prompts
        settings = apply_overrides(settings, {'llm.server_args': ['--cache-ram', '0']})
    llm, retriever = LLM(settings), ensure_index(settings)
    prompt_tps, gen_tps = rates(llm)
    print(f'backend {llm.backend.name} ({llm.backend.identity}), {llm.concurrency} at once, top-k {args.top_k}; '
          f'measured {prompt_tps:.0f} prompt tok/s, {gen_tps:.1f} generation tok/s')
    cases = [(f'wide {b}', f'What are the capitals of {", ".join(COUNTRIES[:b - 1])} and {COUNTRIES[b - 1]}?',
              [f'What is the capital of {c}?' for c in COUNTRIES[:b]]) for b in args.breadth]
    cases += [('planned', q, None) for q in QUESTIONS[:args.questions]]
    print(f"{'question':<52} {'scheduler':<10} {'wall s':>7} {'summed s':>9} {'critical s':>10} {'bound s':>8} {'calls':>5} {'prompt tok':>10} {'cached':>7}")
    rows, walls = [], {'sequential': 0.0, 'parallel': 0.0}
    for kind, question, subquestions in cases:
        backend = WidePlanner(llm.backend, question, subquestions) if subquestions else None
        gateway = LLM(settings, backend=backend) if backend else llm
        trees = {}
        for scheduler in ('sequential', 'parallel'):
            if hasattr(llm.backend, 'server'): llm.backend.server.erase_prompt_cache()  # both runs start from empty slots
            s = apply_overrides(settings, {'methods.aptrag.scheduler': scheduler})
            trace = APTRAG(s, llm=gateway, retriever=retriever).run(question)
            t, calls = trace.totals(), trace.calls().records
            cached = sum(r.cached_tokens for r in calls)
            bound = (t['input_tokens'] - cached) / prompt_tps + decode_path_s(trace.root, gen_tps)
            trees[scheduler] = (shape(trace.root), trace.answer)
            walls[scheduler] += t['wall_s']
            row = dict(kind=kind, question=question, scheduler=scheduler, wall_s=t['wall_s'], summed_s=t['sum_latency_s'],
                       critical_s=t['critical_path_s'], bound_s=bound, calls=t['calls'], prompt_tokens=t['input_tokens'],
                       cached_tokens=cached, nodes=t['nodes'], error=trace.error)
            rows.append(row)
            label = f'[{kind}] {question}'
            print(f"{label[:51]:<52} {scheduler:<10} {t['wall_s']:>7.1f} {t['sum_latency_s']:>9.1f} {t['critical_path_s']:>10.1f} "
                  f"{bound:>8.1f} {t['calls']:>5} {t['input_tokens']:>10} {cached:>7}")
        same = trees['sequential'] == trees['parallel']
        if not same: print(f"{'':<52} first difference: {first_difference(trees['sequential'], trees['parallel'])}")
        rows[-1]['same_as_sequential'] = rows[-2]['same_as_sequential'] = same
        par = rows[-1]
        print(f"{'':<52} same tree and answer: {same}; parallel wall / bound {par['wall_s'] / par['bound_s']:.2f}, "
              f"parallel / sequential {par['wall_s'] / rows[-2]['wall_s']:.2f}")
    if args.json:
        with open(args.json, 'w') as f: json.dump(dict(backend=llm.backend.name, identity=llm.backend.identity, slots=args.slots,
                                                       prompt_tps=prompt_tps, gen_tps=gen_tps, rows=rows), f, indent=1)
    wide = [r for r in rows if r['kind'].startswith('wide')]
    if wide:
        ratio = statistics.mean(p['wall_s'] / s['wall_s'] for s, p in zip(wide[::2], wide[1::2]))
        print(f'wide trees: mean parallel/sequential wall ratio {ratio:.2f}')
    print(f"parallel/sequential wall ratio: {walls['parallel'] / walls['sequential']:.2f}")


if __name__ == '__main__':
    main()
