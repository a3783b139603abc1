"""Exit codes of the command line, and its usage error."""

from __future__ import annotations

from splendor_a11y.domain.errors import SplendorError

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
"""The exit codes: success, a refused file or nothing found, bad usage."""


class UsageError(SplendorError):
    """A command line that cannot be carried out as written."""
