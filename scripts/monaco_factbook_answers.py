"""Write aptrag/benchmarks/monaco_factbook.json: the answer the Factbook's own lines give to each monaco-offline question.

MoNaCo's gold was written from Wikipedia before 2025; the corpus holds the Factbook's 2025 figures. For each question
whose answer the passage lines determine without a judgement (a lookup, a count over a set the Factbook names, a
share, a projection at the stated growth rate), this script computes that answer from the same lines a method reads
(`aptrag.factbook.entry_passages`, through `entry_facts`), and records how it scores against MoNaCo's gold under the
suite's own score (`aptrag.eval.monaco.monaco_scores`): 1.0 where the two agree. Questions whose set the Factbook does
not define (the Balkans, Latin America, north and south Europe) or whose answer needs a judgement (what counts as the
same system of government) are recorded as not computed, with the reason.

    python scripts/monaco_factbook_answers.py [--out FILE]
"""
import argparse, json, re
from pathlib import Path

from aptrag.eval.monaco import monaco_offline_questions, monaco_scores
from aptrag.factbook import alias_index, entry_facts, factbook_entries
from aptrag.lexicon import first_number, numbers_in

ENTRIES = factbook_entries()
INDEX = alias_index(ENTRIES)
FACTS = {e.code: entry_facts(e, INDEX) for e in ENTRIES}
ASIA = ('middle-east', 'south-asia', 'central-asia', 'east-n-southeast-asia')
SOUTHEAST_ASIA = ['Brunei', 'Burma', 'Cambodia', 'Indonesia', 'Laos', 'Malaysia', 'Philippines', 'Singapore', 'Thailand', 'Timor-Leste', 'Vietnam']
YEAR = 2025  # the Factbook edition's year: projections start here


def entry(name): return INDEX[name.lower()]
def line(e, label: str) -> str:
    "The value of a passage line of page `e` ('' when the page has none)."
    held = FACTS[e.code].lines.get(label)
    return held[1].split(': ', 1)[1] if held else ''
def states(region=None):
    "The sovereign states of a Factbook region (or of all), as the Factbook benchmark counts them (`Entry.sovereign`)."
    return [e for e in ENTRIES if e.sovereign and (region is None or (e.region in region if isinstance(region, tuple) else e.region == region))]
def members(code): return [e for e in states() if code in FACTS[e.code].organisations]
def pop(e): return FACTS[e.code].population
def life(e, which='total population'):
    m = re.search(rf'{which} ([\d.]+) years', line(e, 'Life expectancy at birth'))
    return float(m.group(1)) if m else None
def growth(e): return first_number(line(e, 'Population growth rate')) / 100
def gdp(e): return first_number(line(e, 'Real GDP (purchasing power parity)'))
def shares(text):
    "'Name 45.7%, Other 18.5%' -> [('Name', 45.7), ...] in order."
    return [(m.group(1).strip(), float(m.group(2))) for m in re.finditer(r'([A-Z][^,;%\d(]*?)\s*(?:\([^)]*\)\s*)?([\d.]+)%', text)]
def partners(e, label): return [name for name, _ in shares(line(e, label))]
def borders(e): return [INDEX[n.lower()] for n in FACTS[e.code].borders if n.lower() in INDEX]
def share(part, whole): return 100 * part / whole


def eu(): return members('EU')
ANSWERS = {  # ex_num -> the Factbook's answer, computed from its lines
    183: lambda: 'Yes' if first_number(line(entry('Senegal'), 'Major urban areas')) > 2e6 else 'No',
    414: lambda: sum(not FACTS[e.code].monarchy for e in eu()),
    438: lambda: 'Yes' if 100 - sum(v for n, v in shares(line(entry('Chad'), 'Religions')) if re.search(r'muslim|christian|protestant|catholic', n, re.I)) > 10 else 'No',
    467: lambda: share(pop(entry('France')), sum(pop(e) for e in eu())),
    587: lambda: [[sum(FACTS[e.code].landlocked for e in states('europe'))], [sum(FACTS[e.code].landlocked for e in states(ASIA))]],
    632: lambda: shares(line(entry('Malta'), 'Languages'))[0][0],
    691: lambda: share(sum(FACTS[entry(n).code].monarchy for n in SOUTHEAST_ASIA), len(SOUTHEAST_ASIA)),
    828: lambda: 'Yes' if all(first_number(line(entry('Albania'), 'Real GDP per capita')) > first_number(line(b, 'Real GDP per capita')) for b in borders(entry('Albania'))) else 'No',
    860: lambda: share(sum(numbers_in(line(entry('Japan'), 'Major urban areas'))[:2]), pop(entry('Japan'))),
    888: lambda: [[str(100 * growth(entry('Burkina Faso')))], [line(entry('Burkina Faso'), 'Total fertility rate')]],
    938: lambda: share(sum('English' in FACTS[e.code].official_languages for e in states('africa')), len(states('africa'))),
    957: lambda: (lambda v: share(sum(x > sum(v) / len(v) for x in v), len(v)))([life(e) for e in states('south-america') if life(e)]),
    1020: lambda: [e.title for e in sorted((e for e in states('south-america') if gdp(e)), key=gdp)[:5]],
    1109: lambda: max((e for e in eu() if life(e, 'female')), key=lambda e: life(e, 'female') - life(e, 'male')).title,
    1114: lambda: share(sum(n for n in numbers_in(line(entry('Democratic Republic of the Congo'), 'Major urban areas')) if n > 1e6), pop(entry('Democratic Republic of the Congo'))),
    1144: lambda: sum(v for n, v in shares(line(entry('Turkmenistan'), 'Imports - partners')) if n.lower() not in {b.title.lower() for b in borders(entry('Turkmenistan'))}),
    1219: lambda: pop(entry('United States')) * (1 + growth(entry('United States'))) ** (2030 - YEAR),
    1230: lambda: (lambda ranked: sum(life(e) for e in ranked[:10]) / 10 - sum(life(e) for e in ranked[-10:]) / 10)(sorted((e for e in states() if gdp(e) and life(e)), key=gdp)),
    1342: lambda: life(entry('France'), 'female') - life(entry('France'), 'male'),
    1397: lambda: sum(life(e) > life(entry('Hungary')) for e in states('europe') if life(e)),
    1426: lambda: 'Yes' if all(pop(entry('Germany')) > pop(b) for b in borders(entry('Germany'))) else 'No',
    1450: lambda: pop(entry('Japan')) * (1 + growth(entry('Japan'))) ** 17,
    1465: lambda: [p for p in partners(entry('South Africa'), 'Imports - partners') if all(p in partners(b, 'Imports - partners') for b in borders(entry('South Africa')))],
    1500: lambda: life(entry('Trinidad and Tobago')) - life(entry('United States')),
    1562: lambda: share(sum('English' not in FACTS[e.code].official_languages for e in members('C')), len(members('C'))),
    1591: lambda: partners(entry('Vietnam'), 'Exports - partners')[:3],
    1603: lambda: pop(entry('Venezuela')) * (1 + growth(entry('Venezuela'))) ** 30,
    1632: lambda: [n for n, _ in shares(line(entry('Moldova'), 'Ethnic groups'))][1:],
    151: lambda: [n for n, _ in shares(line(entry('Burma'), 'Ethnic groups'))][:4],
    523: lambda: [n for n, _ in shares(line(entry('Ghana'), 'Ethnic groups'))][:3],
    290: lambda: [[n, v] for n, v in shares(line(entry('Guinea'), 'Ethnic groups'))][:3],
}
NOT_COMPUTED = {  # ex_num -> why the Factbook's lines do not settle it without a judgement
    121: 'which peoples count as indigenous: the lines name Amerindian, mestizo and other groups in their own terms',
    133: "what counts as one form of government: the lines' government types are phrases",
    186: 'the Balkan states: a set the Factbook does not define', 1056: 'the Balkan states: a set the Factbook does not define',
    340: 'Latin America: a set the Factbook does not define', 614: 'north and south Europe: sets the Factbook does not define',
    495: 'a table of five columns, the capital populations read from urban-area lines', 579: 'which languages count as spoken',
    730: "what counts as the same system of government", 821: 'which government types are parliamentary democracies',
    1054: "a language's origin: not a Factbook line", 1103: 'Sunni shares: written inside notes, not as line values',
    1237: 'which languages count as official where notes qualify them', 1619: 'which languages count as official where notes qualify them',
    1691: "Latvia's export partners rank the Baltic states only among its top five",
}

def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--out', default='aptrag/benchmarks/monaco_factbook.json')
    args = parser.parse_args()
    out = {}
    for q in monaco_offline_questions():
        number = q['meta']['ex_num']
        if number in ANSWERS:
            answer = ANSWERS[number]()
            shown = answer if isinstance(answer, str) else json.dumps(answer)
            score = monaco_scores(shown if not isinstance(answer, (int, float)) else str(round(answer, 3)), q['meta']['gold'])['f1']
            out[str(number)] = dict(answer=answer if not isinstance(answer, float) else round(answer, 3), gold_f1=round(score, 3))
        else: out[str(number)] = dict(answer=None, why=NOT_COMPUTED[number])
    path = Path(args.out)
    path.write_text(json.dumps(dict(note=__doc__.split('\n\n')[1].replace('\n', ' '), questions=out), indent=1, ensure_ascii=False) + '\n')
    computed = [v for v in out.values() if v['answer'] is not None]
    print(f'{len(computed)} of {len(out)} computed; agree with the gold (F1 1.0): {sum(v["gold_f1"] == 1 for v in computed)}, '
          f'partly: {sum(0 < v["gold_f1"] < 1 for v in computed)}, not at all: {sum(v["gold_f1"] == 0 for v in computed)}')

if __name__ == '__main__': main()
