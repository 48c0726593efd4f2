"""Rules layer: pure game rules for the FATE family and ART, as pydantic models and functions.

Nothing in this package performs I/O, touches Qt, a database or a PDF library; randomness and time
come in as arguments.
"""
