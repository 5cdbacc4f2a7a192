// Placeholder until the layouts land.
