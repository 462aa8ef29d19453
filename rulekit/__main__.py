"""`python -m rulekit`: the command line."""

from rulekit.cli import main

main()
