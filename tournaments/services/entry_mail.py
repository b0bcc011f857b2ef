"""The e-mails of online entries (issue 32): the confirmation of an entry and its approval,
through Django's mail framework (the console by default, SMTP by settings: config/settings.py).

Each leaves after the transaction that saved the entry commits; a mail server that fails is
logged and changes nothing (the entry stays as saved, the arbiter sees it in the queue).
"""

from __future__ import annotations

import logging

from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string

from tournaments.models.entries import Entry, EntryDesk

logger = logging.getLogger(__name__)


def _send(entry: Entry, template: str) -> None:
    desk = EntryDesk.objects.filter(event_id=entry.event_id).first()
    context = {
        "entry": entry,
        "event": entry.event,
        "section": entry.section,
        "currency": desk.currency if desk is not None else "",
    }
    subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
    body = render_to_string(f"{template}.txt", context)
    try:
        send_mail(subject, body, None, [entry.email])
    except Exception:  # noqa: BLE001 - any mail failure: the entry is saved, say so in the log
        logger.warning("entry %s: the %s e-mail was not sent", entry.pk, template.rsplit("/")[-1])


def send_confirmation(entry: Entry) -> None:
    """Tell the player the entry was received (pending, or on the waiting list)."""
    transaction.on_commit(lambda: _send(entry, "tournaments/entries/mail_confirmation"))


def send_approval(entry: Entry) -> None:
    """Tell the player the entry is approved: registered in the section."""
    transaction.on_commit(lambda: _send(entry, "tournaments/entries/mail_approval"))
