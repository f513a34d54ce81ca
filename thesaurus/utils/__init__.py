"""The machinery every layer shares: errors, atomic outputs and their checks, the
rules of text input, numeric ranges, and one disk cache."""
