"""``python -m cardsize ARGS``: the ``cardsize`` command, as its console script runs it."""
from _cardsize_command import main

main()
