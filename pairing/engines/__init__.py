"""Pure-Python draw engines: plain data in, plain data out, deterministic for a given seed.

Nothing in this package imports Django (a test guards it), so the engines run and are tested alone.
"""
