"""Rules layer: one module per game system, plus the shared catalogue schemas and registry."""
