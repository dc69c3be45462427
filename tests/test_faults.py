"""Faults injected through the command line: a server that refuses, a stop by the batch scheduler, two writers, a bad
merge, a damaged or mismatched index, an edited corpus under a resumed run, bad input. Each test asserts the exit code,
the message, and that no row was lost or invented. The model is a small OpenAI-compatible server run by the test (or a
port nothing listens on), so no test here loads a language model."""
import gzip, http.server, json, os, signal, subprocess, sys, threading, time
from pathlib import Path

import pytest

from aptrag.eval.runner import ResultsFile, RunLock

CLI = [sys.executable, '-c', 'import sys; from aptrag.cli import main; sys.exit(main())']
DOWN = 'http://127.0.0.1:9/v1'  # nothing listens on the discard port: connection refused


def aptrag(*args, env=None, timeout=180):
    "Run `aptrag ARGS` in a subprocess; returns the completed process."
    return subprocess.run([*CLI, *map(str, args)], capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})


class FakeModel(http.server.BaseHTTPRequestHandler):
    "An OpenAI-compatible chat-completions endpoint that answers 'Answer: Paris' after `delay` seconds."
    delay = 0.0
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
        time.sleep(self.delay)
        reply = {'id': 'x', 'object': 'chat.completion', 'created': 0, 'model': body['model'],
                 'choices': [{'index': 0, 'message': {'role': 'assistant', 'content': 'Answer: Paris'}, 'finish_reason': 'stop'}],
                 'usage': {'prompt_tokens': 10, 'completion_tokens': 3, 'total_tokens': 13}}
        data = json.dumps(reply).encode()
        self.send_response(200); self.send_header('Content-Type', 'application/json'); self.send_header('Content-Length', str(len(data)))
        self.end_headers(); self.wfile.write(data)
    def log_message(self, *args): pass


@pytest.fixture
def model_server():
    "Start a fake model server; yields a function that sets its delay and returns its base URL."
    servers = []
    def start(delay: float = 0.0) -> str:
        handler = type('Handler', (FakeModel,), {'delay': delay})
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f'http://127.0.0.1:{server.server_address[1]}/v1'
    yield start
    for s in servers: s.shutdown()


@pytest.fixture
def questions(tmp_path) -> Path:
    "A dataset file of six questions."
    path = tmp_path/'questions.jsonl'
    path.write_text(''.join(json.dumps({'id': f'q{k}', 'question': f'What is the capital of country {k}?', 'golden_answers': ['Paris']}) + '\n'
                            for k in range(6)))
    return path


def rows(folder: Path) -> list[dict]: return ResultsFile(folder/'results.jsonl', read_only=True).rows()


def remote(url: str, cache: Path) -> list[str]:
    "Settings for the fake server: LLM-only needs no index; one attempt per call; the cache in a folder of the test's."
    return ['--backend', 'openai', '--base-url', url, '--model', 'fake', '--set', 'llm.max_attempts=1', '--set', f'cache_dir={cache}']


def test_a_server_that_is_down_gives_errors_never_scores(tmp_path, questions, model_server):
    out = tmp_path/'down'
    done = aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--out', out, *remote(DOWN, tmp_path/'cache'))
    assert done.returncode == 2 and '3 questions in a row failed' in done.stderr and 'aptrag resume' in done.stderr
    assert len(rows(out)) == 3 and all(r['error'] for r in rows(out))  # recorded as errors; the run stopped instead of filling the folder
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    report = aptrag('report', out)
    assert report.returncode == 0 and '| errors |' in report.stdout.splitlines()[0] + ' |' or 'errors' in report.stdout
    table = report.stdout.splitlines()
    header, values = table[0].split('|'), table[2].split('|')
    assert values[header.index(' questions ')].strip() == '0' and values[header.index(' errors ')].strip() == '3'  # no F1 of 0 over 3
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before  # report only reads
    resumed = aptrag('resume', out, '--base-url', model_server())  # the server is back, at another address
    assert resumed.returncode == 0, resumed.stderr
    assert sorted(r['id'] for r in rows(out)) == [f'q{k}' for k in range(6)] and not any(r['error'] for r in rows(out))
    assert aptrag('resume', out, '--set', 'retrieval.top_k=3').returncode == 2  # only connection settings may change


@pytest.mark.parametrize('number', [signal.SIGTERM, signal.SIGINT])  # a batch scheduler's stop, and Ctrl-C
def test_a_stop_signal_ends_the_run_within_seconds_and_keeps_every_row(tmp_path, questions, model_server, number):
    out = tmp_path/'stopped'
    proc = subprocess.Popen([*CLI, 'eval', '--method', 'llm-only', '--dataset', str(questions), '--out', str(out),
                             *remote(model_server(delay=1.5), tmp_path/'cache')], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 90
    while time.time() < deadline and not (out/'results.jsonl').exists() or not (out/'results.jsonl').read_text().strip():
        time.sleep(0.2)
        assert time.time() < deadline, 'no question finished'
    sent = time.time()
    proc.send_signal(number)
    code = proc.wait(timeout=20)
    _, err = proc.communicate()
    assert time.time() - sent < 5 and code == 128 + number, (code, err)
    assert f'stopped ({signal.Signals(number).name})' in err and 'aptrag resume' in err and str(out) in err
    kept = rows(out)
    assert 1 <= len(kept) < 6 and len({r['id'] for r in kept}) == len(kept)
    assert aptrag('resume', out, '--base-url', model_server()).returncode == 0
    assert sorted(r['id'] for r in rows(out)) == [f'q{k}' for k in range(6)]  # nothing lost, nothing twice


def test_a_second_writer_is_refused(tmp_path, questions, model_server):
    out = tmp_path/'busy'
    with RunLock(out):
        done = aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--out', out, *remote(model_server(), tmp_path/'cache'))
    assert done.returncode == 2 and f'is being written by pid {os.getpid()}' in done.stderr
    assert rows(out) == []


def test_a_bad_merge_writes_nothing(tmp_path, questions, model_server):
    url = model_server()
    shards = [tmp_path/'s0', tmp_path/'s1']
    for k, folder in enumerate(shards):
        tokens = ['--set', f'answer.tokens={64 + k}']  # the second shard was run with other settings
        assert aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--shard', f'{k}/2', '--out', folder, *remote(url, tmp_path/'cache'), *tokens).returncode == 0
    target = tmp_path/'merged'
    done = aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--merge', *shards, '--out', target, *remote(url, tmp_path/'cache'))
    assert done.returncode == 2 and 'differ in settings.answer.tokens' in done.stderr
    assert not (target/'results.jsonl').exists()


def test_a_damaged_or_foreign_index_is_named_and_repaired(tmp_path):
    corpora = {}
    for name, text in (('a', 'Paris is the capital of France.'), ('b', 'Lima is the capital of Peru.')):
        (tmp_path/name).mkdir()
        corpora[name] = tmp_path/name/'corpus.jsonl'
        corpora[name].write_text(json.dumps({'id': name, 'contents': f'Capitals\n{text}'}) + '\n')
    cache = ['--set', f'cache_dir={tmp_path/"cache"}']
    for name, city in (('a', 'Paris'), ('b', 'Lima')):  # two files called corpus.jsonl: each searched in its own index
        found = aptrag('index', 'search', '--corpus', corpora[name], '-k', '1', 'capital', *cache)
        assert found.returncode == 0 and city in found.stdout, found.stderr
    index = next((tmp_path/'cache'/'indexes').glob('corpus-*'))
    data = (index/'index.faiss').read_bytes(); (index/'index.faiss').write_bytes(data[:len(data) // 2])
    corpus = next(n for n in 'ab' if aptrag('index', 'search', '--corpus', corpora[n], '-k', '1', 'capital', *cache).returncode == 2)
    broken = aptrag('index', 'search', '--corpus', corpora[corpus], '-k', '1', 'capital', *cache)
    assert broken.returncode == 2 and 'aptrag index build --force' in broken.stderr and str(index) in broken.stderr
    assert aptrag('index', 'build', '--corpus', corpora[corpus], '--force', *cache).returncode == 0
    assert aptrag('index', 'search', '--corpus', corpora[corpus], '-k', '1', 'capital', *cache).returncode == 0
    other = 'b' if corpus == 'a' else 'a'
    foreign = aptrag('index', 'search', '--corpus', corpora[other], '--index', index, '-k', '1', 'capital', *cache)
    assert foreign.returncode == 2 and 'holds the index of corpus.jsonl:' in foreign.stderr


def test_a_resumed_run_never_mixes_corpora(tmp_path, questions, model_server):
    corpus = tmp_path/'corpus.jsonl'
    corpus.write_text(json.dumps({'id': 'a', 'contents': 'Capitals\nParis is the capital of France.'}) + '\n')
    out = tmp_path/'run'
    assert aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--limit', '2', '--corpus', corpus, '--out', out,
                  *remote(model_server(), tmp_path/'cache')).returncode == 0
    (out/'results.jsonl').write_text((out/'results.jsonl').read_text().splitlines(keepends=True)[0])  # as if cut off after one question
    corpus.write_text(json.dumps({'id': 'a', 'contents': 'Capitals\nLyon is the capital of France.'}) + '\n')  # the corpus was edited meanwhile
    resumed = aptrag('resume', out)
    assert resumed.returncode == 2 and '(edited or rebuilt)' in resumed.stderr
    assert len(rows(out)) == 1


def test_bad_input_is_refused_before_a_model_runs(tmp_path, questions):
    twice = tmp_path/'twice.jsonl'
    twice.write_text(questions.read_text() + questions.read_text().splitlines(keepends=True)[0])
    done = aptrag('eval', '--method', 'llm-only', '--dataset', twice, '--out', tmp_path/'t', '--backend', 'openai', '--base-url', DOWN)
    assert done.returncode == 2 and "'q0' (records 1, 7)" in done.stderr and not (tmp_path/'t').exists()
    empty = tmp_path/'empty.jsonl'; empty.write_text('\n')
    assert 'empty dataset file' in aptrag('eval', '--method', 'llm-only', '--dataset', empty, '--out', tmp_path/'e').stderr
    a_file = tmp_path/'a_file'; a_file.write_text('x')
    assert 'is a file, not a run folder' in aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--out', a_file).stderr
    start = time.time()
    asked = aptrag('ask', 'What is the capital of France?', '--method', 'llm-only', '--trace', tmp_path/'no'/'such'/'trace.json',
                   '--backend', 'openai', '--base-url', DOWN)
    assert asked.returncode == 2 and 'no folder' in asked.stderr and time.time() - start < 30
    assert aptrag('chat', 'hi', '--max-tokens', '-5').returncode == 2  # argparse: must be at least 1
    cache = tmp_path/'cache'/'llm-cache'; cache.mkdir(parents=True); (cache/'cache.db').write_bytes(b'not a database' * 100)
    damaged = aptrag('chat', 'hi', '--backend', 'openai', '--base-url', DOWN, '--set', f'cache_dir={tmp_path/"cache"}')
    assert damaged.returncode == 2 and '--no-cache' in damaged.stderr and str(cache) in damaged.stderr


def test_a_damaged_run_record_is_named(tmp_path, questions):
    out = tmp_path/'run'
    aptrag('eval', '--method', 'llm-only', '--dataset', questions, '--limit', '1', '--out', out, *remote(DOWN, tmp_path/'cache'))
    kept = (out/'results.jsonl').read_bytes()
    (out/'run.json').write_text('{"method": "llm-on')  # cut off mid-write, or edited by hand
    for args in (('resume', out), ('report', out), ('eval', '--method', 'llm-only', '--dataset', questions, '--limit', '1', '--out', out, *remote(DOWN, tmp_path/'cache'))):
        done = aptrag(*args)
        assert done.returncode == 2 and f'{out/"run.json"} is damaged' in done.stderr, (args[0], done.stderr)
    assert (out/'results.jsonl').read_bytes() == kept  # nothing written over it
