"""``python -m splendor_a11y`` runs the command line."""

from __future__ import annotations

import sys

from splendor_a11y.cli import main

sys.exit(main())
