"""The form of the whole-tournament TRF import: a file or pasted text, size-limited, UTF-8."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

MAX_TRF_BYTES = 2_000_000
"""The largest file accepted: a 1000-player tournament of 11 rounds is about 200 kB."""


class TournamentImportForm(forms.Form):
    file = forms.FileField(label=_("TRF file"), required=False)
    text = forms.CharField(
        label=_("or paste the file's text"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, object]:
        """Exactly one of the two, at most MAX_TRF_BYTES, and UTF-8 text: the decoded text
        is `cleaned_data["trf"]`."""
        cleaned = super().clean() or {}
        upload: UploadedFile | None = cleaned.get("file")
        pasted: str = cleaned.get("text") or ""
        if upload is not None and pasted.strip():
            raise forms.ValidationError(_("Choose a file or paste its text, not both."))
        if upload is None and not pasted.strip():
            raise forms.ValidationError(_("Choose a TRF file or paste its text."))
        if upload is not None:
            if (upload.size or 0) > MAX_TRF_BYTES:
                raise forms.ValidationError(
                    _("The file is larger than %(size)s MB: is it a TRF file?")
                    % {"size": MAX_TRF_BYTES // 1_000_000}
                )
            raw = upload.read(MAX_TRF_BYTES + 1)
            try:
                cleaned["trf"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise forms.ValidationError(
                    _(
                        "The file is not UTF-8 text (byte %(byte)s is not): save it as UTF-8 and "
                        "upload it again."
                    )
                    % {"byte": error.start + 1}
                ) from None
        else:
            if len(pasted.encode()) > MAX_TRF_BYTES:
                raise forms.ValidationError(
                    _("The text is longer than %(size)s MB: is it a TRF file?")
                    % {"size": MAX_TRF_BYTES // 1_000_000}
                )
            cleaned["trf"] = pasted
        return cleaned
