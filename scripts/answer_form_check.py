"""How often the model's reading of a question's answer form (answer.style=form) matches the Factbook question's kind.

    python scripts/answer_form_check.py --limit 15 --seed 1 --model qwen2.5-coder-1.5b

Reads dev questions only. A superlative or a comparison wants one name, a count a number, every other kind a list.
"""
import argparse, tempfile
from aptrag.config import Settings
from aptrag.llm import LLM
from aptrag.eval.datasets import load_dataset
from aptrag.methods.answering import FORM_SYSTEM, AnswerForm, form_prompt

WANTED = {'superlative': 'one', 'compare': 'one', 'count': 'number'}  # the Factbook's kinds; every other kind asks for a list

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--limit', type=int, default=15)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--model', default='qwen2.5-coder-1.5b')
    args = parser.parse_args()
    llm = LLM(Settings(cache_dir=tempfile.mkdtemp(), llm={'model': args.model, 'cache': False, 'context_tokens': 2048}))
    agree = 0
    for r in load_dataset('factbook:dev', args.limit, args.seed):
        form = llm.structured(form_prompt(r.question), AnswerForm, purpose='answer_form', system=FORM_SYSTEM, max_tokens=16).form
        agree += form == WANTED.get(r.meta['kind'], 'list')
        print(f"{r.meta['kind']:14} {form:7} {r.question[:90]}")
    print(f'{agree} of {args.limit} forms match the question kind')

if __name__ == '__main__': main()
