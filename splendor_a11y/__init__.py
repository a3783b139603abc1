"""splendor-a11y: Splendor for blind and low-vision players, by speech and braille."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
