"""The system contract's shared parts: strategies drawn from a system's own models, and the list
of implemented systems every contract test is parametrized over (tests/test_system_contract.py,
tests/gui/test_system_contract_gui.py)."""
