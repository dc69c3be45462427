"""Benchmark the embedded default model through the LLM gateway.

Prints prompt and generation tokens/s of the default GGUF model in-process (llama-cpp-python) and behind
llama-cpp-python's OpenAI-compatible server on 127.0.0.1, then the persistent cache's speed-up on a repeated
batch of questions. Every number comes from the gateway's own call records.

    python scripts/bench_llm.py [--repeats 3] [--threads 2]
"""
import argparse, statistics, tempfile, time

from aptrag.config import EMBEDDED_MODEL_NAME, Settings
from aptrag.llm import LLM, CallLog, LlamaServer

LONG_PROMPT = ('Summarise the following notes in one word.\n' +
               '\n'.join(f'Note {i}: the river delta town exported cotton, tin and salt in the year {1800 + i}.' for i in range(24)))
SHORT_PROMPT = 'Write a long paragraph about the history of the printing press.'
QUESTIONS = [f'What is the capital of {c}? Answer in one word.' for c in
             ['France', 'Japan', 'Kenya', 'Peru', 'Norway', 'Egypt', 'Canada', 'India']]


def speeds(llm: LLM, repeats: int) -> dict:
    "Median prompt tokens/s (1-token answers to a long prompt) and generation tokens/s (64-token answers)."
    prompt_rates, gen_rates = [], []
    for i in range(repeats):
        log = CallLog()
        llm.chat(LONG_PROMPT + f'\n(run {i})', purpose='bench', max_tokens=1, log=log)
        prefill = log.records[-1]
        prompt_rates.append(prefill.input_tokens / prefill.latency_s)
        llm.chat(SHORT_PROMPT + f' (run {i})', purpose='bench', max_tokens=64, log=log)
        gen = log.records[-1]
        prefill_s = gen.input_tokens / prompt_rates[-1]
        gen_rates.append(gen.output_tokens / max(gen.latency_s - prefill_s, 1e-6))
    return dict(prompt_tokens=prefill.input_tokens, prompt_tps=statistics.median(prompt_rates),
                gen_tokens=gen.output_tokens, gen_tps=statistics.median(gen_rates))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--repeats', type=int, default=3)
    ap.add_argument('--threads', type=int, default=None)
    args = ap.parse_args()
    cache = tempfile.mkdtemp()
    base = dict(cache=False, threads=args.threads, context_tokens=4096)

    with LLM(Settings(cache_dir=cache, llm=base)) as llm:
        local = speeds(llm, args.repeats)
    with LlamaServer(context_tokens=4096, threads=args.threads) as server:
        with LLM(Settings(cache_dir=cache, llm={**base, 'backend': 'openai', 'base_url': server.url, 'model': EMBEDDED_MODEL_NAME})) as llm:
            remote = speeds(llm, args.repeats)
    print(f'model: {EMBEDDED_MODEL_NAME} (GGUF Q4_K_M), median of {args.repeats} runs')
    print(f"{'backend':<22} {'prompt tok':>10} {'prompt tok/s':>12} {'gen tok':>8} {'gen tok/s':>10}")
    for name, r in [('in-process llama.cpp', local), ('HTTP llama.cpp server', remote)]:
        print(f"{name:<22} {r['prompt_tokens']:>10} {r['prompt_tps']:>12.1f} {r['gen_tokens']:>8} {r['gen_tps']:>10.1f}")

    with LLM(Settings(cache_dir=cache, llm={**base, 'cache': True})) as llm:
        timings = []
        for _ in range(2):
            start = time.perf_counter()
            answers = llm.map(lambda q: llm.chat(q, purpose='bench', max_tokens=16), QUESTIONS)
            timings.append(time.perf_counter() - start)
        hits = llm.log.totals()['cache_hits']
    print(f'cache: batch of {len(QUESTIONS)} questions {timings[0]:.2f} s cold, {timings[1]:.4f} s warm '
          f'({timings[0] / timings[1]:.0f}x faster, {hits} cache hits, 0 tokens on the second pass)')


if __name__ == '__main__':
    main()
