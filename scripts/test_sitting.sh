#!/bin/bash
# The test tables, in one sitting at one clean commit: every method on the test splits, which no rule, threshold or
# prompt was tuned on, with the paper's top-20 beside top-5 and the baselines matched to APT-RAG's spend (see
# nbs/experiments/main_results.ipynb), and APT-RAG as the paper describes it (preset=paper) beside it. Each step
# resumes its run folders, so a cut-off sitting is continued by running this again at the same commit (a new session
# may start on a fresh machine: pack and commit data/runs/test_1.5b as it grows). From a worktree at that commit, point
# RUNS and FIGURES at the main checkout and put the worktree first on PYTHONPATH.
# Smallest splits first, so that the first tables are complete early; the multi-call baselines on a seeded sample of
# 60 questions where a split is larger. Expect well over 20 hours on two CPU cores.
#
# With REDRAW=1 only the tables and figures the sitting has already drawn (their Markdown or figure is in FIGURES) are
# drawn again, by this checkout's notebooks from the committed runs: those runs are complete, so no model is asked.
#
# ONLY names the tables of a sitting when they are not all made at one commit: the Factbook's two (factbook,
# factbook_pages) are made at 192ae71, where every method answers the Factbook in the form each question asks (why:
# nbs/explanations/results.ipynb), the others (natural_and_sets, vital_list, hotpotqa, monaco_steps) at 682b253; each
# table's header names its commit.
#
#   bash scripts/test_sitting.sh [RUNS] [FIGURES]     (defaults: data/runs/test_1.5b, figures/test)
#   ONLY="factbook factbook_pages" bash scripts/test_sitting.sh   (those tables only)
#   REDRAW=1 bash scripts/test_sitting.sh             (redraw what is drawn, no model)
set -eu
REDRAW=${REDRAW:-}; ONLY=${ONLY:-}
RUNS=$(realpath -m "${1:-data/runs/test_1.5b}"); FIGURES=$(realpath -m "${2:-figures/test}")
drawn() {  # whether to draw table $1 (its file: $2): it is among ONLY (or ONLY is empty), and not REDRAW or already drawn
  { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; } && { [ -z "$REDRAW" ] || [ -e "$FIGURES/$2" ]; }
}
if [ -z "$REDRAW" ] && ! git diff --quiet HEAD -- aptrag; then echo "aptrag/ differs from the last commit: a test sitting runs at a clean commit" >&2; exit 1; fi
METHODS="[llm-only, naive, naive-tokens, toq, planrag, logicrag, rtrag, ircot, aptrag]"
table() {  # a results table over the given test splits
  drawn "$2" "$2/main_results.md" || return 0
  papermill nbs/experiments/main_results.ipynb /tmp/test_sitting_$2.ipynb --cwd nbs/experiments -p runs_dir "$RUNS" \
    -p figures_dir "$FIGURES/$2" -y "{datasets: $1, limit: null, limits: {}, wide_top_k: 20, paper_method: true, match_cost: true, baseline_limit: 60, methods: $METHODS}"
}
table "[monaco-offline:test, set-filter:test]" natural_and_sets
table "[vital-list:test]" vital_list
table "[factbook:test]" factbook
table "[hotpotqa:test]" hotpotqa
! drawn monaco_steps monaco_steps/evidence_scaling.png || papermill nbs/experiments/evidence_scaling.ipynb /tmp/test_sitting_steps.ipynb --cwd nbs/experiments -p dataset monaco-offline:test -p by steps \
  -p runs_dir "$RUNS" -p figures_dir "$FIGURES/monaco_steps" -y "{methods: [llm-only, naive, naive-tokens, ircot, aptrag], extra_runs: {}, buckets: [2, 4, 6, 8, 12]}"
! drawn factbook_pages factbook/evidence_scaling.png || papermill nbs/experiments/evidence_scaling.ipynb /tmp/test_sitting_pages.ipynb --cwd nbs/experiments -p dataset factbook:test \
  -p runs_dir "$RUNS" -p figures_dir "$FIGURES/factbook" -y "{methods: [llm-only, naive, naive-tokens, ircot, aptrag], extra_runs: {}, buckets: [1, 6, 11, 21, 41, 100]}"
