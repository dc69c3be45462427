"""How the wording of an item check changes what the model reads out of one passage.

For each country, its Factbook languages passage is put to the model (the default model, deterministic decoding, no
response cache) under three wordings of "has Spanish as an official language": the attribute question with the
qualifier as an adjective (the earlier check), as a predicate (the check `item_check` writes today), and a yes/no
question. Each answer is read by the fan-out's rule (`read_check`) and compared with the languages the Factbook marks
official. Prints one line per country and the number right per wording.

    python scripts/check_wording.py [--countries Brazil Chile ...]
"""
import argparse

from aptrag.config import load_settings
from aptrag.corpus import load_factbook
from aptrag.factbook import official_languages
from aptrag.llm import LLM
from aptrag.methods.answering import FINAL_SYSTEM, external_answer_prompt
from aptrag.methods.aptrag.pipeline import read_check
from aptrag.methods.aptrag.planner import item_check

COUNTRIES = ['Argentina', 'Bolivia', 'Brazil', 'Chile', 'Ecuador', 'Guyana', 'Paraguay', 'Suriname', 'Uruguay', 'Venezuela']


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--countries', nargs='+', default=COUNTRIES)
    parser.add_argument('--language', default='Spanish')
    args = parser.parse_args()
    check = item_check(f'Which of <Q1> have {args.language} as an official language?')
    wordings = {'adjective': ('What official languages does {item} have?', 'match'),
                'predicate': (check.item_question, check.kind),
                'yes/no': (f'Is {args.language} an official language of {{item}}?', 'yes_no')}
    passages = {p.title: p for p in load_factbook() if p.title in args.countries and 'Languages' in p.text}
    llm = LLM(load_settings(llm={'cache': False}))
    right = dict.fromkeys(wordings, 0)
    for country in args.countries:
        passage = passages[country]
        line = next(l for l in passage.text.splitlines() if l.startswith('Languages'))
        truth = any(args.language in language for language in official_languages(line.partition(':')[2]))
        answers = []
        for name, (template, kind) in wordings.items():
            question = template.replace('{item}', country)
            reply = llm.chat(external_answer_prompt(question, question, [(passage.id, passage.text)]), purpose='answer_external',
                             system=FINAL_SYSTEM['list'] if kind == 'match' else None, max_tokens=48).strip().splitlines()[-1]
            kept = read_check(reply, kind, args.language) is True
            right[name] += kept == truth
            answers.append(f'{name}: {reply[:50]!r} -> {"kept" if kept else "dropped"}')
        print(f'{country} ({"official" if truth else "not official"}): ' + ' | '.join(answers), flush=True)
    print('right of', len(args.countries), right)


if __name__ == '__main__':
    main()
