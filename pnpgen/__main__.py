"""`python -m pnpgen` runs the CLI."""

from pnpgen.cli import main

main()
