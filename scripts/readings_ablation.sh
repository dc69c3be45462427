#!/bin/bash
# The dev ablation of APT-RAG's readings that nbs/explanations/readings.ipynb reads: Naive RAG (top-5, and top-20 as the
# paper retrieves), APT-RAG with every reading, the paper's method (preset=paper), APT-RAG with each reading off in turn,
# then with the planner's scope and restatement checks off in turn (guards, not readings), on the dev splits of
# monaco-offline (23), set-filter (22), vital-list, the Factbook and HotpotQA (20 each, seed 0), with the main tables'
# CPU settings (top-5, no section expansion, 12 calls and 10 nodes). Run it at a clean commit; every command resumes its
# folder, so a cut-off run is continued by running this again at the same commit.
#
# With SPLIT=test the same runs are made on the test splits, once the readings are frozen: which readings stay is
# decided there (a reading that only pays on the questions it was tuned on is retired), never tuned there.
#
#   bash scripts/readings_ablation.sh [OUT]     (default OUT: data/runs/ablation_dev_1.5b)
#   SPLIT=test bash scripts/readings_ablation.sh data/runs/ablation_test_1.5b
set -u
SPLIT=${SPLIT:-dev}
OUT=${1:-data/runs/ablation_${SPLIT}_1.5b}
CPU="--top-k 5 --set retrieval.expand=false --set budget.max_llm_calls=12 --set budget.max_nodes=10"
ALL="sized_tree group fanout set_rounds field_expansion grounding compare arithmetic look_again substitution set_answers"
lim() { case $1 in factbook|vital-list|hotpotqa) echo "--limit 20 --seed 0";; *) echo "";; esac; }
base() {  # Naive RAG, APT-RAG, the paper's method
  name=${1%%:*}; l=$(lim $name)
  aptrag eval --method naive --dataset $1 $l --top-k 5 --set retrieval.expand=false --out $OUT/$name/naive --pack 2>&1 | tail -1
  aptrag eval --method aptrag --dataset $1 $l $CPU --out $OUT/$name/aptrag --pack 2>&1 | tail -1
  aptrag eval --method aptrag --dataset $1 $l $CPU --set preset=paper --out $OUT/$name/aptrag-paper --pack 2>&1 | tail -1
}
each_off() {  # APT-RAG with one reading off, for each reading
  name=${1%%:*}; l=$(lim $name)
  for r in $ALL; do
    keep=$(echo $ALL | tr ' ' '\n' | grep -vx $r | paste -sd, -)
    aptrag eval --method aptrag --dataset $1 $l $CPU --set methods.aptrag.readings=$keep --out $OUT/$name/aptrag-no-$r --pack 2>&1 | tail -1
  done
}
guards_off() {  # APT-RAG with one of the planner's split checks off: guards, not readings (the paper's method has none of them)
  name=${1%%:*}; l=$(lim $name)
  for g in keep_scope drop_restated; do
    aptrag eval --method aptrag --dataset $1 $l $CPU --set methods.aptrag.guards.$g=false --out $OUT/$name/aptrag-no-guard-$g --pack 2>&1 | tail -1
  done
}
top20() { name=${1%%:*}; aptrag eval --method naive --dataset $1 $(lim $name) --top-k 20 --set retrieval.expand=false --out $OUT/$name/naive-top20 --pack 2>&1 | tail -1; }
base monaco-offline:$SPLIT; base set-filter:$SPLIT; base vital-list:$SPLIT
each_off monaco-offline:$SPLIT; base factbook:$SPLIT
for d in monaco-offline:$SPLIT set-filter:$SPLIT vital-list:$SPLIT factbook:$SPLIT; do top20 $d; done
each_off set-filter:$SPLIT; each_off vital-list:$SPLIT; each_off factbook:$SPLIT
for d in set-filter monaco-offline factbook vital-list; do guards_off $d:$SPLIT; done  # added after the readings
base hotpotqa:$SPLIT; top20 hotpotqa:$SPLIT; each_off hotpotqa:$SPLIT; guards_off hotpotqa:$SPLIT  # added after the others: two-hop questions over passages
