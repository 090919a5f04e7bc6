"""The `python -m pairing` subcommands; each module offers `add_arguments` and `run`."""
