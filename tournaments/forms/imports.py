"""The form of the whole-tournament TRF import: a file or pasted text, under the upload policy
(`tournaments.forms.uploads`)."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from tournaments.forms.uploads import pasted_text, upload_text


class TournamentImportForm(forms.Form):
    file = forms.FileField(label=_("TRF file"), required=False)
    text = forms.CharField(
        label=_("or paste the file's text"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, object]:
        """Exactly one of the two, under the upload policy: the text is `cleaned_data["trf"]`."""
        cleaned = super().clean() or {}
        upload: UploadedFile | None = cleaned.get("file")
        pasted: str = cleaned.get("text") or ""
        if upload is not None and pasted.strip():
            raise forms.ValidationError(_("Choose a file or paste its text, not both."))
        if upload is None and not pasted.strip():
            raise forms.ValidationError(_("Choose a TRF file or paste its text."))
        cleaned["trf"] = upload_text(upload) if upload is not None else pasted_text(pasted)
        return cleaned
