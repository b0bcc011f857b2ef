"""Reading the PDFs the tests get: their text through Debian's poppler-utils (`pdftotext
-layout`) and their page size (`pdfinfo`). Missing poppler skips the test, except in CI, where
it is a failure (`tests.conftest.require_server`; .ci/run installs poppler-utils)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile

from tests.conftest import require_server


def _run(pdf: bytes, tool: str, *options: str) -> str:
    require_server(shutil.which(tool) is not None, f"{tool} (Debian's poppler-utils)")
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        arguments = [tool, *options, file.name, *(["-"] if tool == "pdftotext" else [])]
        done = subprocess.run(arguments, capture_output=True, check=True, timeout=60)
    return done.stdout.decode()


def pdf_text(pdf: bytes) -> str:
    """The text of `pdf`, laid out as printed (a table's row on one line)."""
    assert pdf.startswith(b"%PDF-"), pdf[:40]
    return _run(pdf, "pdftotext", "-layout")


def pdf_pages(pdf: bytes) -> tuple[int, str]:
    """The number of pages and the first page's size in points, e.g. `595.276 x 841.89`."""
    info = _run(pdf, "pdfinfo")
    pages = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    size = re.search(r"^Page size:\s+([\d.]+ x [\d.]+)", info, re.MULTILINE)
    assert pages and size, info
    return int(pages.group(1)), size.group(1)
