"""Printed documents as PDF (issue 17): the layout, from plain data; each app's views give it
their rows (`tournaments.views.documents`, `standings.documents`)."""
