"""The public hub (issue 35): players found across every public tournament of the site, their
profiles, the read API (`/api/v1/`) and the feeds, for players, broadcasters and other programs."""
