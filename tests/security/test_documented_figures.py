"""The security figures of docs/deployment.md are the tests' own counts, never copied by hand
(issue 28): the section between the markers is what this test computes from the URLconf, the
access rules and the fuzzer's targets. When a URL or a form is added, the test fails and prints
the section to paste in its place."""

from __future__ import annotations

from pathlib import Path

from tests.security.form_targets import TARGETS
from tests.security.test_permissions_matrix import covered_routes
from tests.security.world import USER_KINDS

DEPLOYMENT = Path(__file__).resolve().parents[2] / "docs" / "deployment.md"
BEGIN = "<!-- figures: written by tests/security/test_documented_figures.py, do not edit -->"
END = "<!-- end of the figures -->"


def figures() -> str:
    """The figures section, as the tests count today."""
    patterns = len(covered_routes())
    requests = patterns * len(USER_KINDS) * 2
    return "\n".join(
        (
            f"- `test_permissions_matrix.py`: {patterns:,} URL patterns, each asked by "
            f"{len(USER_KINDS)} kinds of user with GET and POST: {requests:,} requests.",
            f"- `test_form_fuzz.py`: {len(TARGETS):,} form targets (`form_targets.TARGETS`).",
        )
    )


def test_the_documented_security_figures_are_the_tests_counts() -> None:
    text = DEPLOYMENT.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, f"docs/deployment.md lost the markers {BEGIN} {END}"
    documented = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    expected = figures()
    assert documented == expected, (
        f"the figures changed: put this between the markers of docs/deployment.md:\n{expected}"
    )
