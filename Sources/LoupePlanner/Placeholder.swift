// Filled in by its engine issue.
