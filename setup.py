"""The package list, the one thing pyproject.toml cannot say: pnpgen's own packages, found, plus the
repository's top-level data folders mapped into ``pnpgen_bundled`` (read by pnpgen/bundled.py)."""

from setuptools import find_namespace_packages, setup

BUNDLED = ("cardspecs", "templates", "fonts")

setup(
    packages=find_namespace_packages(include=["pnpgen", "pnpgen.*"], exclude=["*.__pycache__", "*.__pycache__.*"])
    + [f"pnpgen_bundled.{folder}" for folder in BUNDLED],
    package_dir={f"pnpgen_bundled.{folder}": folder for folder in BUNDLED},
)
