#!/bin/bash
# Naive RAG and APT-RAG with FABLE as their retriever, on the Factbook sample of the readings ablation (20 questions of
# the split, seed 0) and at its settings (top-5, no section expansion, 12 calls and 10 nodes), so that each sits beside
# the same method over the passage index (the ablation's `naive` and `aptrag` folders, made at the same commit):
# nbs/experiments/fable_factbook.ipynb compares them by evidence bin with
#   -p methods_runs_dir ../../data/runs/fable_SPLIT_1.5b -p passage_runs_dir ../../data/runs/ablation_SPLIT_1.5b
# FABLE reads the Factbook's forest (built from the pages' headings, no call; built here if missing) through its vector
# path, 512 tokens of evidence a retrieval: about the five passages it replaces. Run it at the ablation's commit; every
# run resumes. With a second folder it also makes the passage-index side itself (the same two methods, same questions
# and settings, into PASSAGES/factbook), so that both sides come from one commit:
#   -p methods_runs_dir ../../OUT -p passage_runs_dir ../../PASSAGES
#
#   bash scripts/fable_in_methods.sh [OUT] [PASSAGES]     (default OUT: data/runs/fable_dev_1.5b; SPLIT=test for the test split)
#   bash scripts/fable_in_methods.sh data/runs/fable_pair_dev_1.5b/forest data/runs/fable_pair_dev_1.5b/passages
set -eu
SPLIT=${SPLIT:-dev}
OUT=${1:-data/runs/fable_${SPLIT}_1.5b}
PASSAGES=${2:-}
CPU="--top-k 5 --set retrieval.expand=false --set budget.max_llm_calls=12 --set budget.max_nodes=10"
FAB="--set retrieval.retriever=fable --set fable.forest=factbook --set fable.structure=headings --set fable.chunk_tokens=48 --set fable.budget=512 --set fable.paths=vectors"
aptrag fable build --corpus factbook --set fable.structure=headings --set fable.chunk_tokens=48 2>&1 | tail -1
aptrag eval --method naive --dataset factbook:$SPLIT --limit 20 --seed 0 --top-k 5 --set retrieval.expand=false $FAB --out $OUT/factbook/naive --pack 2>&1 | tail -1
aptrag eval --method aptrag --dataset factbook:$SPLIT --limit 20 --seed 0 --top-k 5 --set retrieval.expand=false \
  --set budget.max_llm_calls=12 --set budget.max_nodes=10 $FAB --out $OUT/factbook/aptrag --pack 2>&1 | tail -1
if [ -n "$PASSAGES" ]; then
  aptrag eval --method naive --dataset factbook:$SPLIT --limit 20 --seed 0 --top-k 5 --set retrieval.expand=false --out $PASSAGES/factbook/naive --pack 2>&1 | tail -1
  aptrag eval --method aptrag --dataset factbook:$SPLIT --limit 20 --seed 0 $CPU --out $PASSAGES/factbook/aptrag --pack 2>&1 | tail -1
fi
