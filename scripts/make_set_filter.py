"""Write aptrag/benchmarks/set_filter.jsonl: the set-and-filter dev benchmark over the vital-articles corpus.

Each question names a set (countries of a region, neighbours of a country, countries along a river or a sea, the
planets) and a property its members must have; the gold answers were written by hand below, from what is true of the
world, and every one is checked here to be a page of the corpus. For each gold item the script keeps the lead
sentence that states the property, where the item's own lead states it (a regular expression per question), so the
benchmark says how much of its evidence is on the members' own pages and how much only on the set's page (a river's,
a sea's, a country's neighbours). Rerun it after changing a question:

    python scripts/make_set_filter.py

It fails, naming the title, when a gold item is not a page of the corpus.
"""
import json, re, sys
from pathlib import Path

from aptrag.corpus import vital_articles_records

OUT = Path(__file__).resolve().parents[1]/'aptrag'/'benchmarks'/'set_filter.jsonl'

ALIASES = {  # corpus title -> other names an answer may use
    'Czech Republic': ['Czechia'], 'Ivory Coast': ["Côte d'Ivoire", "Cote d'Ivoire"], 'Eswatini': ['Swaziland'],
    'The Gambia': ['Gambia'], 'Georgia (country)': ['Georgia'], 'Republic of the Congo': ['Congo', 'Congo-Brazzaville', 'Congo Republic'],
    'Democratic Republic of the Congo': ['DR Congo', 'DRC', 'Congo-Kinshasa', 'DR of the Congo'], 'United Arab Emirates': ['UAE'],
    'Vatican City': ['Vatican', 'Holy See'], 'North Macedonia': ['Macedonia'], 'Myanmar': ['Burma'], 'Timor-Leste': ['East Timor'],
    'São Tomé and Príncipe': ['Sao Tome and Principe', 'São Tomé', 'Sao Tome'], 'Cape Verde': ['Cabo Verde'],
    'United Kingdom': ['UK', 'Britain', 'Great Britain'], 'Netherlands': ['Holland'], 'Mercury (planet)': ['Mercury'],
    'Laos': ['Lao PDR'], 'North Korea': ['DPRK'], 'Kyrgyzstan': ['Kyrgyz Republic'], 'Russia': ['Russian Federation'],
}

LANDLOCKED = r'landlocked'
QUESTIONS = [  # (id, question, kind, gold titles, pattern of the property in a member's own lead, pages about the set itself)
    ('landlocked-africa', 'Which countries in Africa are landlocked?', 'landlocked',
     ['Botswana', 'Burkina Faso', 'Burundi', 'Central African Republic', 'Chad', 'Eswatini', 'Ethiopia', 'Lesotho', 'Malawi', 'Mali',
      'Niger', 'Rwanda', 'South Sudan', 'Uganda', 'Zambia', 'Zimbabwe'], LANDLOCKED, ['Africa']),
    ('landlocked-west-africa', 'Which countries in West Africa are landlocked?', 'landlocked', ['Burkina Faso', 'Mali', 'Niger'], LANDLOCKED, ['West Africa']),
    ('landlocked-europe', 'Which countries in Europe are landlocked?', 'landlocked',
     ['Andorra', 'Austria', 'Belarus', 'Czech Republic', 'Hungary', 'Kosovo', 'Liechtenstein', 'Luxembourg', 'Moldova', 'North Macedonia',
      'San Marino', 'Serbia', 'Slovakia', 'Switzerland', 'Vatican City'], LANDLOCKED, ['Europe']),
    ('landlocked-central-europe', 'Which countries in Central Europe are landlocked?', 'landlocked',
     ['Austria', 'Czech Republic', 'Hungary', 'Liechtenstein', 'Slovakia', 'Switzerland'], LANDLOCKED, ['Europe']),
    ('landlocked-asia', 'Which countries in Asia are landlocked?', 'landlocked',
     ['Afghanistan', 'Armenia', 'Azerbaijan', 'Bhutan', 'Kazakhstan', 'Kyrgyzstan', 'Laos', 'Mongolia', 'Nepal', 'Tajikistan',
      'Turkmenistan', 'Uzbekistan'], LANDLOCKED, ['Asia']),
    ('landlocked-south-america', 'Which countries in South America are landlocked?', 'landlocked', ['Bolivia', 'Paraguay'], LANDLOCKED, ['South America']),
    ('spanish-south-america', 'Which countries in South America have Spanish as an official language?', 'language',
     ['Argentina', 'Bolivia', 'Chile', 'Colombia', 'Ecuador', 'Paraguay', 'Peru', 'Uruguay', 'Venezuela'], r'Spanish', ['Spanish language', 'South America']),
    ('spanish-central-america', 'Which countries in Central America have Spanish as an official language?', 'language',
     ['Costa Rica', 'El Salvador', 'Guatemala', 'Honduras', 'Nicaragua', 'Panama'], r'Spanish', ['Spanish language', 'Central America']),
    ('portuguese-africa', 'Which African countries have Portuguese as an official language?', 'language',
     ['Angola', 'Cape Verde', 'Equatorial Guinea', 'Guinea-Bissau', 'Mozambique', 'São Tomé and Príncipe'], r'Portug', ['Portuguese language']),
    ('english-west-africa', 'Which countries in West Africa have English as an official language?', 'language',
     ['The Gambia', 'Ghana', 'Liberia', 'Nigeria', 'Sierra Leone'], r'English', ['English language', 'West Africa']),
    ('german-europe', 'Which European countries have German as an official language?', 'language',
     ['Austria', 'Belgium', 'Germany', 'Liechtenstein', 'Luxembourg', 'Switzerland'], r'German', ['German language']),
    ('french-europe', 'Which European countries have French as an official language?', 'language',
     ['Belgium', 'France', 'Luxembourg', 'Monaco', 'Switzerland'], r'French', ['French language']),
    ('monarchies-europe', 'Which countries in Europe are monarchies?', 'government',
     ['Andorra', 'Belgium', 'Denmark', 'Liechtenstein', 'Luxembourg', 'Monaco', 'Netherlands', 'Norway', 'Spain', 'Sweden',
      'United Kingdom', 'Vatican City'], r'monarch|kingdom|principality|grand duchy', ['Monarchy']),
    ('monarchies-west-asia', 'Which countries in West Asia are monarchies?', 'government',
     ['Bahrain', 'Jordan', 'Kuwait', 'Oman', 'Qatar', 'Saudi Arabia', 'United Arab Emirates'], r'monarch|kingdom|emir|sultan', ['Monarchy']),
    ('monarchies-southeast-asia', 'Which countries in Southeast Asia are monarchies?', 'government',
     ['Brunei', 'Cambodia', 'Malaysia', 'Thailand'], r'monarch|kingdom|sultan', ['Monarchy', 'Southeast Asia']),
    ('monarchies-africa', 'Which African countries are monarchies?', 'government', ['Eswatini', 'Lesotho', 'Morocco'], r'monarch|kingdom', ['Monarchy']),
    ('borders-germany', 'Which countries border Germany?', 'neighbours',
     ['Austria', 'Belgium', 'Czech Republic', 'Denmark', 'France', 'Luxembourg', 'Netherlands', 'Poland', 'Switzerland'], r'German', ['Germany']),
    ('borders-brazil', 'Which South American countries border Brazil?', 'neighbours',
     ['Argentina', 'Bolivia', 'Colombia', 'Guyana', 'Paraguay', 'Peru', 'Suriname', 'Uruguay', 'Venezuela'], r'Brazil', ['Brazil']),
    ('borders-china', 'Which countries border China?', 'neighbours',
     ['Afghanistan', 'Bhutan', 'India', 'Kazakhstan', 'Kyrgyzstan', 'Laos', 'Mongolia', 'Myanmar', 'Nepal', 'North Korea', 'Pakistan',
      'Russia', 'Tajikistan', 'Vietnam'], r'China|Chinese', ['China']),
    ('borders-russia', 'Which countries border Russia?', 'neighbours',
     ['Azerbaijan', 'Belarus', 'China', 'Estonia', 'Finland', 'Georgia (country)', 'Kazakhstan', 'Latvia', 'Lithuania', 'Mongolia',
      'North Korea', 'Norway', 'Poland', 'Ukraine'], r'Russia', ['Russia']),
    ('borders-france', 'Which European countries border France?', 'neighbours',
     ['Andorra', 'Belgium', 'Germany', 'Italy', 'Luxembourg', 'Monaco', 'Spain', 'Switzerland'], r'France|French', ['France']),
    ('borders-austria', 'Which countries border Austria?', 'neighbours',
     ['Czech Republic', 'Germany', 'Hungary', 'Italy', 'Liechtenstein', 'Slovakia', 'Slovenia', 'Switzerland'], r'Austria', ['Austria']),
    ('borders-india', 'Which countries share a land border with India?', 'neighbours',
     ['Bangladesh', 'Bhutan', 'China', 'Myanmar', 'Nepal', 'Pakistan'], r'India', ['India']),
    ('borders-nigeria', 'Which countries border Nigeria?', 'neighbours', ['Benin', 'Cameroon', 'Chad', 'Niger'], r'Nigeria', ['Nigeria']),
    ('borders-south-africa', 'Which countries border South Africa?', 'neighbours',
     ['Botswana', 'Eswatini', 'Lesotho', 'Mozambique', 'Namibia', 'Zimbabwe'], r'South Africa', ['South Africa']),
    ('borders-saudi-arabia', 'Which countries share a land border with Saudi Arabia?', 'neighbours',
     ['Iraq', 'Jordan', 'Kuwait', 'Oman', 'Qatar', 'United Arab Emirates', 'Yemen'], r'Saudi', ['Saudi Arabia']),
    ('borders-dr-congo', 'Which countries border the Democratic Republic of the Congo?', 'neighbours',
     ['Angola', 'Burundi', 'Central African Republic', 'Republic of the Congo', 'Rwanda', 'South Sudan', 'Tanzania', 'Uganda', 'Zambia'],
     r'Democratic Republic of the Congo|DR Congo|Congo', ['Democratic Republic of the Congo']),
    ('borders-argentina', 'Which countries border Argentina?', 'neighbours', ['Bolivia', 'Brazil', 'Chile', 'Paraguay', 'Uruguay'], r'Argentin', ['Argentina']),
    ('sea-baltic', 'Which countries have a coast on the Baltic Sea?', 'sea',
     ['Denmark', 'Estonia', 'Finland', 'Germany', 'Latvia', 'Lithuania', 'Poland', 'Russia', 'Sweden'], r'Baltic', ['Baltic Sea']),
    ('sea-mediterranean-africa', 'Which African countries have a coast on the Mediterranean Sea?', 'sea',
     ['Algeria', 'Egypt', 'Libya', 'Morocco', 'Tunisia'], r'Mediterranean', ['Mediterranean Sea']),
    ('sea-pacific-south-america', 'Which South American countries have a Pacific coastline?', 'sea', ['Chile', 'Colombia', 'Ecuador', 'Peru'], r'Pacific', ['Pacific Ocean']),
    ('sea-caspian', 'Which countries border the Caspian Sea?', 'sea', ['Azerbaijan', 'Iran', 'Kazakhstan', 'Russia', 'Turkmenistan'], r'Caspian', ['Caspian Sea']),
    ('sea-black', 'Which countries have a coast on the Black Sea?', 'sea', ['Bulgaria', 'Georgia (country)', 'Romania', 'Russia', 'Turkey', 'Ukraine'], r'Black Sea', ['Black Sea']),
    ('sea-two-coasts-central-america', 'Which Central American countries have both a Pacific and a Caribbean coastline?', 'sea',
     ['Costa Rica', 'Guatemala', 'Honduras', 'Nicaragua', 'Panama'], r'Pacific.*Caribbean|Caribbean.*Pacific', ['Central America']),
    ('river-danube', 'Which countries does the Danube flow through?', 'river',
     ['Austria', 'Bulgaria', 'Croatia', 'Germany', 'Hungary', 'Moldova', 'Romania', 'Serbia', 'Slovakia', 'Ukraine'], r'Danube', ['Danube']),
    ('river-mekong', 'Which countries does the Mekong flow through?', 'river', ['Cambodia', 'China', 'Laos', 'Myanmar', 'Thailand', 'Vietnam'], r'Mekong', ['Mekong']),
    ('river-rhine', 'Which countries does the Rhine flow through?', 'river',
     ['Austria', 'France', 'Germany', 'Liechtenstein', 'Netherlands', 'Switzerland'], r'Rhine', ['Rhine']),
    ('equator-africa', 'Which African countries does the equator pass through?', 'equator',
     ['Democratic Republic of the Congo', 'Gabon', 'Kenya', 'Republic of the Congo', 'Somalia', 'São Tomé and Príncipe', 'Uganda'], r'equator', ['Equator']),
    ('equator-south-america', 'Which South American countries does the equator cross?', 'equator', ['Brazil', 'Colombia', 'Ecuador'], r'equator', ['Equator']),
    ('planets-rocky', 'Which planets of the Solar System are rocky, terrestrial planets?', 'planets',
     ['Earth', 'Mars', 'Mercury (planet)', 'Venus'], r'terrestrial|rocky', ['Terrestrial planet', 'Solar System']),
    ('planets-rings', 'Which planets of the Solar System have ring systems?', 'planets', ['Jupiter', 'Neptune', 'Saturn', 'Uranus'], r'\bring', ['Ring system']),
    ('island-africa', 'Which African countries are island countries?', 'islands',
     ['Cape Verde', 'Comoros', 'Madagascar', 'Mauritius', 'São Tomé and Príncipe', 'Seychelles'], r'island|archipelago', ['Africa']),
    ('soviet-europe', 'Which countries in Europe were once republics of the Soviet Union?', 'history',
     ['Belarus', 'Estonia', 'Latvia', 'Lithuania', 'Moldova', 'Russia', 'Ukraine'], r'Soviet', ['Soviet Union']),
    ('soviet-central-asia', 'Which Central Asian countries were part of the Soviet Union?', 'history',
     ['Kazakhstan', 'Kyrgyzstan', 'Tajikistan', 'Turkmenistan', 'Uzbekistan'], r'Soviet', ['Soviet Union']),
]


def lead_sentence(text: str, pattern: str):
    "The first sentence of `text` that matches `pattern`, or None."
    return next((s for s in re.split(r'(?<=[.!?])\s+', text) if re.search(pattern, s, re.I)), None)


def main() -> int:
    pages = {r['title']: r for r in vital_articles_records()}
    rows, missing = [], []
    for qid, question, kind, gold, pattern, about in QUESTIONS:
        for title in gold + about:
            if title not in pages: missing.append(f'{qid}: {title}')
        if len(set(gold)) != len(gold): missing.append(f'{qid}: a gold item twice')
        evidence = {t: s for t in gold if t in pages and (s := lead_sentence(pages[t]['extract'], pattern))}
        rows.append(dict(id=f'setfilter-{qid}', question=question, dataset='set-filter',
                         answers=[[t, *([re.sub(r'\s*\([^)]*\)$', '', t)] if '(' in t else []), *ALIASES.get(t, [])] for t in sorted(gold)],
                         gold_titles=sorted(gold) + about,
                         meta=dict(kind=kind, n_gold=len(gold), about=about, stated_on_own_page=sorted(evidence), evidence=evidence)))
    if missing: print('not pages of the corpus:', '; '.join(missing), file=sys.stderr); return 1
    OUT.write_text(''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in rows), encoding='utf-8')
    stated = sum(len(r['meta']['stated_on_own_page']) for r in rows) / sum(r['meta']['n_gold'] for r in rows)
    print(f'{len(rows)} questions, {sum(r["meta"]["n_gold"] for r in rows)} gold items (mean {sum(r["meta"]["n_gold"] for r in rows) / len(rows):.1f}); '
          f'{stated:.0%} of them state the property in their own lead; written to {OUT}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
