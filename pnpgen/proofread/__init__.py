"""Proofreading a rulebook's extracted text: misspellings, card names unlike the card data,
inconsistent headings, extraction residue, references to nothing, glued and split words."""

from pnpgen.proofread.document import Document
from pnpgen.proofread.findings import Finding
from pnpgen.proofread.runner import ProofreadResult, proofread_files, proofread_text
from pnpgen.proofread.target import proofread_target

__all__ = ["Document", "Finding", "ProofreadResult", "proofread_files", "proofread_text", "proofread_target"]
