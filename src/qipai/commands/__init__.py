"""Subcommands of the ``qipai`` command line, one module each."""
