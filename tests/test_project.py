"Checks on the project itself: the README is rendered from nbs/index.ipynb, and CI calls the README's test command."
import re, subprocess, sys
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
