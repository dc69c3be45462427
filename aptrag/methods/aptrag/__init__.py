"APT-RAG: prompts, planner, evidence-guided clustering and the pipeline."
