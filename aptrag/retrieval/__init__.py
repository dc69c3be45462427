"Retrievers: the dense index (faiss over a SQLite passage store); FABLE's forest joins it."
