"""Everything that draws: the only package that imports reportlab (lazily, so pure modules can
read font and template catalogues without it)."""
