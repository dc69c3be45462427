"""Write README.md from the markdown cells of nbs/index.ipynb (nbdev-readme needs Quarto, which is not
installable offline; this keeps index.ipynb the single source). `--stdout` prints instead of writing."""
import json, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def render() -> str:
    nb = json.loads((ROOT/'nbs'/'index.ipynb').read_text())
    parts = []
    for cell in nb['cells']:
        src = ''.join(cell['source']).strip()
        if cell['cell_type'] == 'markdown': parts.append(src)
        elif cell['cell_type'] == 'code' and src and not src.startswith('#|'): parts.append(f'```python\n{src}\n```')
    return '\n\n'.join(parts) + '\n'


if __name__ == '__main__':
    text = render()
    if '--stdout' in sys.argv: sys.stdout.write(text)
    else: (ROOT/'README.md').write_text(text)
