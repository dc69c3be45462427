"Evaluation: datasets, metrics, the resumable runner, statistics and plots."
