"""Copy a run folder and ask again the questions whose traces went through code that changed since it ran.

A change that can only alter questions whose traces carry certain flags (e.g. a check's grounding: `look_again`,
`ungrounded`) leaves every other row as it would be; rerunning only the flagged ones gives the run the current code
would make, for a fraction of the time. The copy records what was asked again, at which commit, in `rerun.json`.

    python scripts/rerun_questions.py data/runs/grounded2_1.5b/set-filter/aptrag data/runs/initials_1.5b/set-filter/aptrag \
        --flags look_again ungrounded
"""
import argparse, json, shutil, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run_table import settings_for
from aptrag.eval.runner import ResultsFile, git_revision, run_config, run_dataset
from aptrag.tree import Trace

if __name__ == '__main__':
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('source', type=Path, help='the run folder to start from (left as it is)')
    parser.add_argument('target', type=Path, help='the new run folder')
    parser.add_argument('--flags', nargs='+', default=[], help='flag kinds whose questions are asked again')
    parser.add_argument('--ids', nargs='+', default=[], help='question ids asked again as well (e.g. those a change can only alter)')
    args = parser.parse_args()
    if not args.target.exists():
        args.target.mkdir(parents=True)
        for name in ('run.json', 'results.jsonl'): shutil.copy2(args.source/name, args.target/name)
        rows = ResultsFile(args.target/'results.jsonl').rows()
        if not args.flags and not args.ids: parser.error('name the questions to ask again: --flags, --ids or both')
        unknown = sorted(set(args.ids) - {r['id'] for r in rows})
        if unknown: parser.error(f'no question {", ".join(unknown)} in {args.source}')
        again = sorted(r['id'] for r in rows if r['id'] in args.ids or r['trace'] and any(f.kind in args.flags for n in Trace.model_validate(r['trace']).nodes() for f in n.flags))
        ResultsFile(args.target/'results.jsonl').forget(again)
        (args.target/'rerun.json').write_text(json.dumps(dict(source=str(args.source), flags=args.flags, asked_ids=args.ids, commit=git_revision(), ids=again), indent=1) + '\n')
        print(f'{len(again)} of {len(rows)} questions to ask again', flush=True)
    info = run_config(args.target)
    start = time.perf_counter()
    run_dataset(info['method'], info['dataset'], settings_for(info['dataset'], info['method']), args.target, limit=info['limit'],
                seed=info['seed'], progress=True, pack=True)
    print(f'done in {time.perf_counter() - start:.0f} s', flush=True)
