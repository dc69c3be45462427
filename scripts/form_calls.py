"""The form call alone (no answer) on every question of a dev split: which form the model reads each question as asking
for, beside the question's kind, so the `form` style's first step is measured apart from the answers it leads to.

    python scripts/form_calls.py data/runs/form_dev_1.5b/form_calls.jsonl [--dataset factbook:dev] [--forms one list number yes/no]

One JSON line a question (id, kind, form); a cut-off run resumes where it stopped. The results explanation reads the file.
"""
import argparse, json
from pathlib import Path

from aptrag.config import load_settings
from aptrag.eval.datasets import load_dataset
from aptrag.llm import LLM
from aptrag.methods.answering import ANSWER_VERSION, form_prompt, form_schema, form_system

parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
parser.add_argument('out', type=Path, help='JSONL file the forms are appended to')
parser.add_argument('--dataset', default='factbook:dev')
parser.add_argument('--forms', nargs='+', default=['one', 'list', 'number', 'yes/no'])
args = parser.parse_args()
llm, forms = LLM(load_settings()), tuple(args.forms)
done = {json.loads(line)['id'] for line in args.out.read_text().splitlines()} if args.out.exists() else set()
with args.out.open('a') as out:
    for record in load_dataset(args.dataset):
        if record.id in done: continue
        form = llm.structured(form_prompt(record.question, forms), form_schema(forms), purpose='answer_form', system=form_system(forms),
                              max_tokens=16, template_version=ANSWER_VERSION).form
        out.write(json.dumps(dict(id=record.id, kind=record.meta.get('kind'), form=form, forms=list(forms))) + '\n'); out.flush()
        print(f'{record.meta.get("kind", "")[:13]:13s} {form:7s} {record.question[:90]}', flush=True)
