"""Build the documentation site from the notebooks: every notebook under nbs/ as a page with its saved outputs, an API
page per module (every exported symbol with its signature, docstring and documented parameters), README.md as the home
page, and a search box; into _site/ (ignored by git).

    python scripts/build_docs.py [--out _site]

mkdocs (Material theme) renders the pages and mkdocs-jupyter the notebooks; this script only gathers the sources into
_docs/ first: the notebooks without their hidden and export-only directives, the figures they show, and the API pages
written from the package itself. Where Quarto is installed, `nbdev-docs` builds nbdev's own site instead.
"""
import argparse, importlib, inspect, json, os, re, shutil, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT/'_docs'
FOLDERS = ['tutorials', 'core', 'retrieval', 'methods', 'eval', 'experiments', 'explanations']  # navigation order


def clean_notebook(path: Path, target: Path):
    "Copy a notebook without the cells a reader should not see (#| hide) and without nbdev's directive lines."
    nb = json.loads(path.read_text())
    cells = []
    for cell in nb['cells']:
        source = ''.join(cell['source'])
        if cell['cell_type'] == 'code' and re.search(r'^#\|\s*hide\b', source, re.M): continue
        if cell['cell_type'] == 'code' and re.fullmatch(r'(#\|[^\n]*\n?)+', source.strip() + '\n'): continue  # only directives (default_exp)
        source = re.sub(r'^#\|[^\n]*\n?', '', source, flags=re.M)
        if cell['cell_type'] == 'markdown':  # a page sits one folder deeper than its notebook (directory URLs)
            source = re.sub(r'\]\((\.\./)+(?=figures/)', lambda m: '](' + m.group(0)[2:] + '../', source)
            source = re.sub(r'\]\(([\w./-]+)\.ipynb(#[^)\s]*)?\)', lambda m: f'](../{m.group(1)}/{m.group(2) or ""})', source)  # another notebook's page
        cell['source'] = source
        for output in cell.get('outputs', []):  # show_doc's source link (Quarto attribute syntax, a line number nbdev cannot always find)
            if 'text/markdown' in output.get('data', {}):
                text = ''.join(output['data']['text/markdown'])
                output['data']['text/markdown'] = re.sub(r'^\[source\]\([^)]*\)\{[^}]*\}\n*', '', text, flags=re.M)
        cells.append(cell)
    nb['cells'] = cells
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(nb, ensure_ascii=False))


def parameters_table(obj) -> str:
    "A Markdown table of a function's parameters: name, annotation, default and its trailing-comment documentation."
    from fastcore.docments import docments
    try: documented = docments(obj, full=True)
    except Exception: return ''
    rows = []
    for name, info in documented.items():
        if name in ('self', 'cls', 'return'): continue
        default = info.get('default', inspect.Parameter.empty)
        annotation = info.get('anno', inspect.Parameter.empty)
        show = lambda v: '' if v is inspect.Parameter.empty or v is inspect._empty else f'`{v.__name__ if isinstance(v, type) else v!r}`'.replace('|', '\\|')
        rows.append(f"| `{name}` | {show(annotation) if not isinstance(annotation, str) else f'`{annotation}`'.replace('|', '|')} | {show(default)} | {(info.get('docment') or '').replace('|', '/')} |")
    if not rows: return ''
    return '| parameter | type | default | |\n|---|---|---|---|\n' + '\n'.join(r.replace('`', '`') for r in rows) + '\n'


def signature(obj) -> str:
    try: return str(inspect.signature(obj))
    except (TypeError, ValueError): return ''


def symbol_section(name: str, obj, module: str) -> str:
    "The API entry of one exported symbol."
    kind = 'class' if inspect.isclass(obj) else 'function' if callable(obj) else 'value'
    out = [f'### `{name}`\n']
    if kind == 'value':
        out.append(f'`{name} = {textwrap_short(repr(obj))}`\n')
        return '\n'.join(out)
    out.append(f'```python\n{"class " if kind == "class" else ""}{name}{signature(obj)}\n```\n')
    if obj.__doc__ and (kind != 'class' or obj.__doc__ != object.__doc__): out.append(inspect.cleandoc(obj.__doc__) + '\n')
    out.append(parameters_table(obj.__init__ if kind == 'class' and '__init__' in vars(obj) else obj))
    if kind == 'class':
        for method_name, method in sorted(vars(obj).items()):
            if method_name.startswith('_') or not (inspect.isfunction(method) or isinstance(method, property)): continue
            target = method.fget if isinstance(method, property) else method
            out.append(f'#### `{name}.{method_name}`\n\n```python\n{method_name}{signature(target) if not isinstance(method, property) else " (property)"}\n```\n')
            if target.__doc__: out.append(inspect.cleandoc(target.__doc__) + '\n')
            out.append(parameters_table(target))
    return '\n'.join(o for o in out if o)


def textwrap_short(text: str, width: int = 300) -> str:
    return text if len(text) <= width else text[:width] + ' …'


def api_pages(target: Path) -> list[str]:
    "One Markdown page per module of the package; returns the module names."
    sys.path.insert(0, str(ROOT))
    modules = sorted({'.'.join(p.relative_to(ROOT).with_suffix('').parts) for p in (ROOT/'aptrag').rglob('*.py')
                      if p.name not in ('__init__.py', '_modidx.py')})
    (target/'api').mkdir(parents=True, exist_ok=True)
    for name in modules:
        module = importlib.import_module(name)
        source = re.search(r'File to edit: (\S+?\.ipynb)', Path(module.__file__).read_text())
        notebook = source.group(1).split('nbs/', 1)[-1] if source else None
        doc = (module.__doc__ or '').split('\n\nDocs:')[0].strip()
        lines = [f'# `{name}`\n', doc + '\n']
        if notebook: lines.append(f'Written and tested in [{notebook}](../nbs/{notebook}).\n')
        for symbol in getattr(module, '__all__', []):
            lines.append(symbol_section(symbol, getattr(module, symbol), name))
        (target/'api'/f'{name}.md').write_text('\n'.join(lines))
    (target/'api'/'index.md').write_text('# API\n\nEvery module of the package, each exported symbol with its signature and its documented parameters.\n\n'
                                           + '\n'.join(f'- [`{m}`]({m}.md)' for m in modules) + '\n')
    return modules


def gather(target: Path = SOURCES):
    "Fill the mkdocs source folder: home page, notebooks, figures, API pages."
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    (target/'index.md').write_text((ROOT/'README.md').read_text())
    for folder in FOLDERS:
        for path in sorted((ROOT/'nbs'/folder).glob('*.ipynb')):
            if not path.name.startswith(('.', '_')): clean_notebook(path, target/'nbs'/folder/path.name)
    clean_notebook(ROOT/'nbs'/'90_cli.ipynb', target/'nbs'/'90_cli.ipynb')
    shutil.copytree(ROOT/'figures', target/'figures')
    api_pages(target)


def site_config(target: Path = SOURCES) -> Path:
    "mkdocs.yml with the navigation in reading order (the figures are reached from the pages that show them)."
    titles = {'tutorials': 'Tutorials', 'core': 'Core', 'retrieval': 'Retrieval', 'methods': 'Methods', 'eval': 'Evaluation',
              'experiments': 'Experiments', 'explanations': 'Explanations'}
    nav = [{'Home': 'index.md'}]
    for folder in FOLDERS:
        nav.append({titles[folder]: [p.relative_to(target).as_posix() for p in sorted((target/'nbs'/folder).glob('*.ipynb'))]})
        if folder == 'eval': nav.append({'Command line': 'nbs/90_cli.ipynb'})
    nav.append({'API': ['api/index.md'] + [p.relative_to(target).as_posix() for p in sorted((target/'api').glob('aptrag*.md'))]})
    config = ROOT/'.mkdocs-site.yml'  # beside mkdocs.yml, whose docs_dir it inherits; ignored by git
    config.write_text(json.dumps({'INHERIT': 'mkdocs.yml', 'nav': nav, 'not_in_nav': '/figures/'}, indent=1))
    return config


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', type=Path, default=ROOT/'_site', help='where the site goes (default: _site)')
    args = ap.parse_args(argv)
    started = time.perf_counter()
    gather()
    config = site_config()
    environment = {**os.environ, 'NO_MKDOCS_2_WARNING': '1'}
    subprocess.run([sys.executable, '-m', 'mkdocs', 'build', '--quiet', '--config-file', str(config), '--site-dir', str(args.out.resolve())],
                   cwd=ROOT, check=True, env=environment)
    pages = len(list(args.out.rglob('index.html')))
    print(f'{pages} pages in {args.out} ({time.perf_counter() - started:.0f} s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
