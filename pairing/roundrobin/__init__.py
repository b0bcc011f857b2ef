"""Round-robin pairing (C.05): pure, no Django; the Berger tables live in `berger`."""
