"""Entry point: python -m bot."""

import sys

from bot.main import main

sys.exit(main(sys.argv[1:]))
