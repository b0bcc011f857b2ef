"""Independent checkers of the pairing engines, written from the rules and sharing no code with
`pairing.engine` (an import-linter contract keeps it so): `doubleswiss.check_double_swiss`."""
