"Question-answering methods as peers behind one protocol: APT-RAG and its baselines."
