"""The spec error type, kept under ``pnpgen.spec`` for its many importers; it lives in ``pnpgen.errors``
so that leaf modules (``pnpgen.files``) can raise it without importing the spec package."""

from pnpgen.errors import SpecError, did_you_mean, display_path

__all__ = ["SpecError", "did_you_mean", "display_path"]
