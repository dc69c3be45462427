"What the README's 'Where things go' promises: a new LLM backend, retriever, method and dataset are each one registration in a module of one's own, and `aptrag eval` then runs them together."
import contextlib, importlib, io, json, sys, textwrap
from pathlib import Path

TOY_MODULE = textwrap.dedent('''
    "Toy extensions, one registration each."
    import re
    from aptrag.corpus import load_corpus, make_passage
    from aptrag.eval.datasets import DatasetSpec, QARecord, register_dataset, score_short
    from aptrag.llm import Backend, Completion, register_backend
    from aptrag.methods.answering import retrieve_and_answer
    from aptrag.methods.base import QuestionMethod, register_method
    from aptrag.retrieval.base import Hit, Retrieval, register_retriever

    @register_backend
    class CapitalBackend(Backend):
        "A model that answers with the first capital its prompt names."
        name = 'toy-capital-backend'
        def __init__(self, settings, cache_dir=None): self.identity, self.endpoint = 'toy-capital', 'toy'
        def count_tokens(self, text): return len(text.split())
        def complete(self, messages, *, max_tokens, temperature, top_p, seed, schema=None, purpose=''):
            prompt = messages[-1]['content']
            found = re.search(r"capital is (\\w+)", prompt)
            return Completion(f"Answer: {found.group(1) if found else 'unknown'}", self.count_tokens(prompt), 2, 'stop')

    @register_retriever('toy-word-overlap')
    class WordOverlap:
        "The passages that share most words with the query."
        name, calls_llm = 'toy-word-overlap', False
        def __init__(self, settings, llm=None, **parts): self.passages = list(load_corpus(settings.retrieval.corpus))
        def search(self, queries, use_llm=True, k=None):
            def shared(query, passage): return len(set(re.findall('[a-z]+', query.lower())) & set(re.findall('[a-z]+', passage.text.lower())))
            ranked = [sorted(self.passages, key=lambda p: -shared(q, p))[:k or 1] for q in queries]
            return [Retrieval([Hit(p, float(shared(q, p)), r) for r, p in enumerate(hits)]) for q, hits in zip(queries, ranked)]

    @register_method
    class OneLook(QuestionMethod):
        "One retrieval, one answer."
        name = 'toy-one-look'
        def answer(self, ctx, root): return retrieve_and_answer(ctx, root)

    CAPITALS = {'Peru': 'Lima', 'Ghana': 'Accra', 'Chile': 'Santiago'}
    register_dataset(
        DatasetSpec('toy-capitals', lambda: iter([QARecord(id=c, question=f'What is the capital of {c}?', answers=[[a]], gold_titles=[c], dataset='toy-capitals')
                                                  for c, a in CAPITALS.items()]), 'toy-capitals', 'short', score_short),
        corpus=lambda max_tokens: [make_passage(f'toy/{c}', c, [], 'sentence', f"{c}'s capital is {a}.", 0, 0, 'toy') for c, a in CAPITALS.items()])
''')


REGISTERED = {('aptrag.llm', 'BACKENDS'): 'toy-capital-backend', ('aptrag.retrieval.base', 'RETRIEVERS'): 'toy-word-overlap',
              ('aptrag.methods.base', 'METHODS'): 'toy-one-look', ('aptrag.eval.datasets', 'DATASETS'): 'toy-capitals',
              ('aptrag.corpus', 'CORPORA'): 'toy-capitals'}  # registry -> the toy's name in it


def test_a_toy_of_each_kind_runs_through_aptrag_eval(tmp_path, monkeypatch):
    (tmp_path/'toy_extensions.py').write_text(TOY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        importlib.import_module('toy_extensions')
        from aptrag.cli import main
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(['eval', '--method', 'toy-one-look', '--dataset', 'toy-capitals', '--backend', 'toy-capital-backend',
                         '--set', 'retrieval.retriever=toy-word-overlap', '--set', f'cache_dir={tmp_path/"cache"}', '--top-k', '1',
                         '--no-cache', '--out', str(tmp_path/'run')])
        assert code == 0, out.getvalue()
        rows = [json.loads(line) for line in (tmp_path/'run'/'results.jsonl').read_text().splitlines()]
        assert sorted((r['id'], r['answer']) for r in rows) == [('Chile', 'Santiago'), ('Ghana', 'Accra'), ('Peru', 'Lima')], rows
        settings = json.loads((tmp_path/'run'/'run.json').read_text())['settings']
        assert (settings['llm']['backend'], settings['retrieval']['retriever'], settings['retrieval']['corpus']) == \
            ('toy-capital-backend', 'toy-word-overlap', 'toy-capitals')
    finally:  # the toys leave no trace in the registries the other tests read
        for (module, registry), name in REGISTERED.items(): getattr(importlib.import_module(module), registry).pop(name, None)
        sys.modules.pop('toy_extensions', None)
