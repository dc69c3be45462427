"""Write aptrag/benchmarks/tuned_on.json: the ids of the questions that runs committed at one commit had read.

Those questions were seen while the methods were tuned, so the dev/test split (aptrag.eval.datasets.split_questions)
keeps them in dev. The file was written once, from the run folders of commit b69a2f4 (the last commit before the
splits existed); rerunning this script at that commit writes the same file:

    python scripts/tuned_on.py --commit b69a2f4
"""
import argparse, gzip, json, subprocess
from pathlib import Path

FOLDER_DATASETS = {'fable_dragonball': 'dragonball', 'fable_factbook': 'factbook', 'fable_hotpotqa': 'hotpotqa'}  # sweeps whose run.json names no dataset

def git(*args: str) -> bytes: return subprocess.run(['git', *args], check=True, capture_output=True).stdout

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--commit', default='b69a2f4', help='the commit whose data/runs are read')
    parser.add_argument('--out', default='aptrag/benchmarks/tuned_on.json')
    args = parser.parse_args()
    files = git('ls-tree', '-r', '--name-only', args.commit, 'data/runs').decode().split('\n')
    configs = {str(Path(f).parent): json.loads(git('show', f'{args.commit}:{f}')) for f in files if f.endswith('run.json')}
    seen: dict[str, dict[str, set]] = {}
    for f in files:
        if not (f.endswith('.jsonl') or f.endswith('.jsonl.gz')): continue
        folder = next((d for d in sorted(configs, key=len, reverse=True) if f.startswith(d + '/')), None)
        dataset = (configs.get(folder) or {}).get('dataset') or next((v for k, v in FOLDER_DATASETS.items() if f'/{k}' in f), None)
        if not dataset: continue
        data = git('show', f'{args.commit}:{f}')
        if f.endswith('.gz'): data = gzip.decompress(data)
        kind = 'answered' if Path(f).name.startswith('results.jsonl') else 'retrieved'  # a sweep or a judgment file: what retrieval tuning read
        for line in data.decode().splitlines():
            if line.strip() and isinstance(row := json.loads(line), dict) and 'id' in row:
                seen.setdefault(str(dataset), {}).setdefault(kind, set()).add(str(row['id']))
    out = dict(commit=args.commit, note='ids of the questions read by the runs committed at this commit (data/runs): those a run answered '
               '(results.jsonl) and those only a retrieval sweep or a judgment file read',
               datasets={k: {kind: sorted(v[kind] - (v.get('answered', set()) if kind == 'retrieved' else set())) for kind in sorted(v)}
                         for k, v in sorted(seen.items())})
    Path(args.out).write_text(json.dumps(out, indent=1) + '\n')
    print({k: {kind: len(ids) for kind, ids in v.items()} for k, v in out['datasets'].items()})

if __name__ == '__main__': main()
