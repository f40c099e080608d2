"""Results: the versioned JSON format, written atomically case by case."""
