"Checks on the project itself: the README is rendered from nbs/index.ipynb, CI calls the README's test command, modules keep their boundaries, notebooks keep their outputs."
import json, re, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_is_rendered_from_index():
    rendered = subprocess.run([sys.executable, str(ROOT/'scripts'/'make_readme.py'), '--stdout'],
                              capture_output=True, text=True, check=True).stdout
    assert rendered == (ROOT/'README.md').read_text(), 'README.md is stale: run python scripts/make_readme.py'


def test_ci_runs_the_readme_commands():
    readme, ci = (ROOT/'README.md').read_text(), (ROOT/'.ci'/'run').read_text()
    install = re.search(r'<!-- install -->\s*```sh\n(.+?)\n```', readme, re.S).group(1).strip()
    test = re.search(r'<!-- test -->\s*```sh\n(.+?)\n```', readme, re.S).group(1).strip()
    assert install in ci and test in ci


def notebook_order(module: Path) -> tuple:
    "Where the notebook a module is exported from stands in the reading order (folders by role, then by number)."
    source = re.search(r'File to edit: (\S+?)\.ipynb', module.read_text()).group(1)
    parts = Path(source).parts[Path(source).parts.index('nbs') + 1:]
    roles = ['core', 'retrieval', 'methods', 'eval']
    return (roles.index(parts[0]) if len(parts) > 1 else len(roles), parts[-1])


def test_data_flows_one_way():
    "No module imports a module whose notebook comes later in the reading order (config -> ... -> cli)."
    package = ROOT/'aptrag'
    modules = {'.'.join(p.relative_to(ROOT).with_suffix('').parts): p for p in package.rglob('*.py')
               if p.name not in ('__init__.py', '_modidx.py')}
    assert 'aptrag.aptrag' not in modules and {'aptrag.retrieval.dense', 'aptrag.methods.base', 'aptrag.eval.stats'} <= set(modules)
    backwards = []
    for name, path in modules.items():
        for level, target in re.findall(r'^\s*from (\.+|aptrag\.)([\w.]*) import', path.read_text(), re.M):  # inside functions too
            base = ['aptrag'] if level == 'aptrag.' else name.split('.')[:-len(level)]
            imported = '.'.join(base + ([target] if target else []))
            if imported in modules and notebook_order(modules[imported]) > notebook_order(path): backwards.append(f'{name} imports {imported}')
    assert not backwards, backwards


def module_imports(package: Path) -> dict[str, list[tuple[str, list[str]]]]:
    "For every module of the package, the modules it imports and the names it takes from each."
    found = {}
    for path in package.rglob('*.py'):
        if path.name in ('__init__.py', '_modidx.py'): continue
        name = '.'.join(path.relative_to(package.parent).with_suffix('').parts)
        imports = []
        for level, target, names in re.findall(r'^from (\.*)([\w.]*) import \(?([^)\n]*(?:\n[^)\n]*)*?)\)?$', path.read_text(), re.M):
            base = name.split('.')[:-len(level)] if level else []
            imports.append(('.'.join(base + ([target] if target else [])), [n.strip().split(' as ')[0] for n in names.replace('\n', ' ').split(',') if n.strip()]))
        imports += [(m, []) for m in re.findall(r'^import ([\w.]+)', path.read_text(), re.M)]
        found[name] = imports
    return found


def test_module_boundaries():
    "Methods are peers: only the registry reaches into APT-RAG's package; no module takes another's private names; the method base knows no FABLE module."
    imports = module_imports(ROOT/'aptrag')
    into_aptrag = [f'{m} imports {t}' for m, ts in imports.items() for t, _ in ts
                   if t.startswith('aptrag.methods.aptrag') and not m.startswith('aptrag.methods.aptrag') and m != 'aptrag.methods.registry']
    assert not into_aptrag, into_aptrag
    private = [f'{m} takes {n} from {t}' for m, ts in imports.items() for t, names in ts for n in names if n.startswith('_') and t.startswith('aptrag')]
    assert not private, private
    fable = {'aptrag.retrieval.fable_forest', 'aptrag.retrieval.fable_retrieval', 'aptrag.retrieval.budget_baselines'}
    assert not [t for t, _ in imports['aptrag.methods.base'] if t in fable], imports['aptrag.methods.base']
    assert ('aptrag.methods.text', ['content_words', 'example_words_copied', 'names_documents_only', 'restates']) in imports['aptrag.eval.analysis']


KEPT_OUTPUTS = {  # notebook -> the fewest code cells with a saved output it may hold (what each shows is listed in its prose)
    'core/04_tree': 3, 'methods/20_base': 9, 'methods/21b_text': 4, 'methods/22_aptrag_prompts': 7, 'methods/23_aptrag_planner': 4,
    'methods/24_aptrag_ec': 7, 'methods/25_aptrag_pipeline': 8, 'methods/27_planrag': 5, 'methods/27a_toq': 4, 'methods/28_logicrag': 4,
    'methods/28c_rtrag': 2, 'retrieval/09_retriever': 3, 'retrieval/09a_lexical': 3, 'retrieval/10_dense': 4, 'core/03a_wikidump': 5,
    'retrieval/12_fable_forest': 3, 'retrieval/13_fable_retrieval': 10, 'retrieval/15_hybrid': 3, 'tutorials/walkthrough': 7,
    'experiments/main_results': 6, 'experiments/retrieval': 7, 'explanations/results': 10, 'explanations/tree_size': 7,
    'explanations/fable_defaults': 12,
}


def code_cells(notebook: Path) -> list[dict]:
    return [c for c in json.loads(notebook.read_text())['cells'] if c['cell_type'] == 'code']


def is_export(cell: dict) -> bool: return bool(re.match(r'\s*#\|\s*export\b', ''.join(cell['source'])))


def test_notebooks_keep_their_outputs():
    "The listed notebooks still show what they compute (python scripts/keep_outputs.py reruns one and keeps its outputs)."
    lost = {name: f'{sum(bool(c.get("outputs")) for c in code_cells(ROOT/"nbs"/f"{name}.ipynb"))} of {least}'
            for name, least in KEPT_OUTPUTS.items() if sum(bool(c.get('outputs')) for c in code_cells(ROOT/'nbs'/f'{name}.ipynb')) < least}
    assert not lost, f'notebooks that lost saved outputs (cells with output, of the fewest allowed): {lost}'


def test_library_notebooks_show_their_examples():
    "At least 15% of the exported cells of nbs/methods and nbs/retrieval are followed by a cell with a saved output."
    exported = shown = 0
    for notebook in sorted((ROOT/'nbs'/'methods').glob('*.ipynb')) + sorted((ROOT/'nbs'/'retrieval').glob('*.ipynb')):
        cells = code_cells(notebook)
        for cell, after in zip(cells, cells[1:] + [{}]):
            if is_export(cell): exported += 1; shown += bool(after.get('outputs'))
    assert exported > 300 and shown / exported >= 0.15, (shown, exported)


def exported_followed_by_exported(notebooks) -> tuple[int, int]:
    "How many exported cells are followed at once by another exported cell, of how many exported cells."
    pairs = exported = 0
    for notebook in notebooks:
        cells = json.loads(notebook.read_text())['cells']
        for cell, after in zip(cells, cells[1:] + [{}]):
            if cell['cell_type'] == 'code' and is_export(cell):
                exported += 1; pairs += after.get('cell_type') == 'code' and is_export(after)
    return pairs, exported


def test_definitions_are_followed_by_their_examples():
    "At most 20% of exported cells run straight into another exported cell with no example, test or prose between (425 of 799, 53%, before the examples moved in between; 110 of 713 now)."
    pairs, exported = exported_followed_by_exported(sorted((ROOT/'nbs').rglob('*.ipynb')))
    assert exported > 600 and pairs / exported <= 0.20, (pairs, exported)


def undemonstrated_patches(notebooks) -> list[str]:
    "Methods added to a class by `@patch` whose cell is not followed (past any prose) by an example or test cell."
    found = []
    for notebook in notebooks:
        cells = json.loads(notebook.read_text())['cells']
        for k, cell in enumerate(cells):
            if not (cell['cell_type'] == 'code' and is_export(cell)): continue
            after = next((c for c in cells[k + 1:] if c['cell_type'] != 'markdown'), {})
            shown = after.get('cell_type') == 'code' and not is_export(after)
            for name, owner in re.findall(r'@patch(?:\(as_prop=True\))?\s*\ndef (\w+)\(self: (\w+)', ''.join(cell['source'])):
                if not shown: found.append(f'{notebook.name}: {owner}.{name}')
    return found


def test_classes_are_one_cell_or_each_step_is_shown():
    "A class is one cell, or each method patched onto it in a later cell is followed by its example (nbdev's 'patch, then demonstrate')."
    assert not undemonstrated_patches(sorted((ROOT/'nbs').rglob('*.ipynb')))


def test_nbdev_clean_keeps_outputs():
    "CI runs nbdev-clean and fails on any change, so outputs survive it only if cleaning keeps them."
    from nbdev.clean import clean_nb
    notebook = json.loads((ROOT/'nbs'/'methods'/'24_aptrag_ec.ipynb').read_text())
    before = [c.get('outputs') for c in notebook['cells'] if c['cell_type'] == 'code']
    clean_nb(notebook)
    assert [c.get('outputs') for c in notebook['cells'] if c['cell_type'] == 'code'] == before and any(before)


def test_run_folders_are_read_as_a_clone_has_them():
    "A fresh clone holds committed runs as results.jsonl.gz only; code that asks whether a run exists asks has_results, never for results.jsonl alone."
    sources = [*(ROOT/'nbs').rglob('*.ipynb'), *(ROOT/'aptrag').rglob('*.py'), *(ROOT/'scripts').glob('*.py')]
    asks = re.compile(r"""results\.jsonl\\?['"]\)\.exists\(\)""")  # a notebook's JSON escapes a double quote
    found = [str(p.relative_to(ROOT)) for p in sources if '.ipynb_checkpoints' not in p.parts and asks.search(p.read_text())]
    assert not found, f'ask has_results(folder) instead of results.jsonl existing: {found}'
