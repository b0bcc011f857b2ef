"""The one upload policy of the arbiter pages' files (a player list, a whole tournament's TRF):
at most `MAX_UPLOAD_BYTES`, UTF-8 text (a byte-order mark is ignored), no NUL character.

A file in another encoding is refused with the position of its first wrong byte rather than
guessed at: a Latin-1 guess turns a Windows-1252 or Cyrillic name into other letters without a
word, and the names are what the rating report sends to FIDE."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext

MAX_UPLOAD_BYTES = 2_000_000
"""The largest file accepted: a 1000-player tournament of 11 rounds is about 200 kB in TRF, a
2,000-player list about 400 kB."""


def _too_large() -> forms.ValidationError:
    return forms.ValidationError(
        gettext("The file is larger than %(size)s MB: is it the right file?")
        % {"size": MAX_UPLOAD_BYTES // 1_000_000}
    )


def upload_text(upload: UploadedFile) -> str:
    """The uploaded file's text under the policy, or a `ValidationError` saying what is wrong."""
    if (upload.size or 0) > MAX_UPLOAD_BYTES:
        raise _too_large()
    raw = upload.read(MAX_UPLOAD_BYTES + 1)
    if len(raw) > MAX_UPLOAD_BYTES:
        raise _too_large()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise forms.ValidationError(
            gettext(
                "The file is not UTF-8 text (byte %(byte)s is not): save it as UTF-8 and "
                "upload it again."
            )
            % {"byte": error.start + 1}
        ) from None
    return _without_nul(text)


def pasted_text(text: str) -> str:
    """Text pasted into a form under the same policy."""
    if len(text.encode()) > MAX_UPLOAD_BYTES:
        raise forms.ValidationError(
            gettext("The text is longer than %(size)s MB: is it the right text?")
            % {"size": MAX_UPLOAD_BYTES // 1_000_000}
        )
    return _without_nul(text)


def _without_nul(text: str) -> str:
    if "\x00" in text:
        raise forms.ValidationError(gettext("This is not a text file (it holds NUL bytes)."))
    return text
