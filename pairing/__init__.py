"""The pairing app: Django glue that hands tournaments to the pure-Python draw engines.

Importing this package must not import Django: `python -m pairing` runs the engines alone.
"""
