#!/bin/bash
# The multi-call methods at the paper's retrieval depth, on a stated subsample of two test splits: APT-RAG, the paper's
# method (preset=paper), IRCoT under APT-RAG's calls, Naive RAG, and Naive RAG reading as many tokens as APT-RAG
# (naive-tokens), all at top-k 20 (APT-RAG §4.1 retrieves 20 passages for every method), on a seeded sample of LIMIT
# questions of monaco-offline's and set-filter's test splits. The one-call methods at top-20 are rows of every table of
# scripts/test_sitting.sh; on two CPU cores a multi-call method reading four times the passages costs several times its
# top-5 run, so the other baselines run at top-20 only where a GPU is lent (LIMIT=0: every question, any methods in
# METHODS). Run it at the test sitting's commit, as the sitting runs (from a worktree: RUNS and FIGURES in the main
# checkout, the worktree first on PYTHONPATH); every run resumes.
#
#   bash scripts/paper_depth.sh [RUNS] [FIGURES]     (defaults: data/runs/test_top20_1.5b, figures/test/top20; LIMIT=12)
set -eu
RUNS=$(realpath -m "${1:-data/runs/test_top20_1.5b}"); FIGURES=$(realpath -m "${2:-figures/test/top20}")
if ! git diff --quiet HEAD -- aptrag; then echo "aptrag/ differs from the last commit: a test table runs at a clean commit" >&2; exit 1; fi
LIMIT=${LIMIT:-12}; [ "$LIMIT" = 0 ] && LIMIT=null
METHODS=${METHODS:-"[naive, naive-tokens, ircot, aptrag]"}
papermill nbs/experiments/main_results.ipynb /tmp/paper_depth.ipynb --cwd nbs/experiments -p runs_dir "$RUNS" -p figures_dir "$FIGURES" \
  -y "{datasets: [monaco-offline:test, set-filter:test], limit: $LIMIT, limits: {}, top_k: 20, wide_top_k: null, paper_method: true, match_cost: true, baseline_limit: null, methods: $METHODS}"
