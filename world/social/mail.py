"""
+mail on Evennia's Msg objects, stored as Evennia's mail contrib stores them:
one Msg per recipient (sender: the account, receiver: the recipient's
account, header: the subject), tagged category "mail" with "new" until read
and "-" after. A mail's folder is a tag of category "mail_folder" (none is
the Inbox). The copies of one mail sent to several share a tag of category
"mail_sending", so each reader sees everyone it went to.

A player names a mail as MUSHes do, by its place in a folder: `3` is the
third in the Inbox, `plots/2` the second in Plots, `sent/1` the first mail
the player sent. Every function takes the account acting and only ever
touches mail that account received or sent.
"""

import uuid

from django.db import transaction
from django.db.models import Exists, OuterRef
from evennia.comms.models import Msg
from evennia.utils import create
from evennia.utils.utils import crop

from world.numbers import whole_number
from world.prepared import Prepared
from world.social import rules
from world.social.errors import SocialError
from world.social.presence import find_account

TAG = "mail"
FOLDER = "mail_folder"
SENDING = "mail_sending"
INBOX = rules.MAIL_DEFAULT_FOLDER.lower()
SENT = rules.MAIL_SENT_FOLDER.lower()


def _received(account):
    return Msg.objects.get_by_tag(category=TAG).filter(db_receivers_accounts=account)


def _tagged(category):
    """A mail's tag of `category` (Evennia keeps tag categories in lower case)."""
    return Msg.db_tags.through.objects.filter(
        msg_id=OuterRef("pk"), tag__db_category=category, tag__db_model="msg",
        tag__db_tagtype=None,
    )


# `+mail` alone, the look-up players make most: Django writes its SQL once,
# two EXISTS tests where `_received` counts tags by group (under a third of the time).
_in_inbox = Prepared(
    lambda account: Msg.objects.filter(db_receivers_accounts=account)
    .filter(Exists(_tagged(TAG)))
    .exclude(Exists(_tagged(FOLDER)))
    .order_by("id")
)


def inbox(account, folder=rules.MAIL_DEFAULT_FOLDER):
    """The account's received mail in `folder`, oldest first (a mail's number is its place)."""
    if folder.lower() == INBOX:
        return _in_inbox(account.id)
    mail = _received(account).filter(db_tags__db_category=FOLDER, db_tags__db_key=folder.lower())
    return list(mail.order_by("id").distinct())


def sent(account):
    """One copy of each mail the account sent, oldest first."""
    copies = list(
        Msg.objects.get_by_tag(category=TAG).filter(db_sender_accounts=account).order_by("id")
    )
    sending_of = dict(
        Msg.objects.filter(id__in=[msg.id for msg in copies], db_tags__db_category=SENDING)
        .values_list("id", "db_tags__db_key")
    )
    seen, mails = set(), []
    for msg in copies:
        sending = sending_of.get(msg.id)
        if sending is None or sending not in seen:
            mails.append(msg)
            seen.add(sending)
    return mails


def folders(account):
    """{folder name: count} for the account's mail (the Inbox first)."""
    counts = {rules.MAIL_DEFAULT_FOLDER: len(inbox(account))}
    for msg in _received(account):
        for name in msg.tags.get(category=FOLDER, return_list=True):
            counts[name.title()] = counts.get(name.title(), 0) + 1
    return counts


def unread_count(account):
    return (
        Msg.objects.get_by_tag("new", category=TAG).filter(db_receivers_accounts=account).count()
    )


def is_unread(msg):
    return msg.tags.has("new", category=TAG)


def _sending(msg):
    return next(iter(msg.tags.get(category=SENDING, return_list=True)), None)


def recipients(msg):
    """Everyone the mail went to, in the order the sender named them."""
    sending = _sending(msg)
    if sending is None:
        return list(msg.receivers)
    copies = Msg.objects.get_by_tag(sending, category=SENDING).order_by("id")
    return [receiver for copy in copies for receiver in copy.receivers]


def parse_number(text):
    """`3` -> ("inbox", 3); `plots/2` -> ("plots", 2); None if it names no mail."""
    folder, _, number = (text or "").strip().rpartition("/")
    number = whole_number(number, low=1)
    return (" ".join(folder.split()).lower() or INBOX, number) if number else None


def find(account, folder, number):
    """The account's mail at place `number` (from 1) of `folder` ("sent": what it sent)."""
    mails = sent(account) if folder == SENT else inbox(account, folder)
    if not 1 <= number <= len(mails):
        where = rules.MAIL_DEFAULT_FOLDER if folder == INBOX else folder.title()
        raise SocialError(
            f"There is no mail {crop(str(number), 8)} in your {where}. "
            f"|w+mail{'' if folder == INBOX else '/folder ' + where}|n lists it."
        )
    return mails[number - 1]


def by_id(account, msg_id):
    """A mail the account received or sent, by its database id (the web's links);
    else one refusal for every case, so nobody learns whether it exists."""
    msg = Msg.objects.get_by_tag(category=TAG).filter(id=msg_id).first() if msg_id else None
    if msg is None or not (account in msg.receivers or account in msg.senders):
        raise SocialError("You have no such mail. |w+mail|n lists yours.")
    return msg


def mark_read(account, msg):
    """The mail, read now by `account` (its "new" mark goes if it is the recipient's)."""
    if account in msg.receivers and is_unread(msg):
        msg.tags.remove("new", category=TAG)
        msg.tags.add("-", category=TAG)
    return msg


def _received_only(account, msg, refusal):
    if account not in msg.receivers:
        raise SocialError(refusal)


def _recipients(names):
    names = [name.strip() for name in names if name.strip()]
    if not names:
        raise SocialError("Name who the mail is for, like: +mail Wren, Ash=Subject/Text")
    found = []
    for name in names:
        account = find_account(name)
        if account not in found:
            found.append(account)
    return found


def send(sender, names, subject, body):
    """Send one copy to each named player; returns (recipients, [Msg])."""
    subject = " ".join((subject or "").split())
    body = (body or "").strip()
    if not subject:
        raise SocialError("Give the mail a subject: +mail <names>=<subject>/<text>")
    if not body:
        raise SocialError("Write the mail's text after the subject and a /.")
    if len(subject) > rules.MAIL_SUBJECT_MAX:
        raise SocialError(f"A subject can be at most {rules.MAIL_SUBJECT_MAX} characters.")
    if len(body) > rules.MAIL_BODY_MAX:
        raise SocialError(f"A mail can be at most {rules.MAIL_BODY_MAX} characters.")
    to = _recipients(names)
    sending = uuid.uuid4().hex if len(to) > 1 else None
    copies = []
    with transaction.atomic():
        for recipient in to:
            msg = create.create_message(sender, body, receivers=recipient, header=subject)
            msg.tags.add("new", category=TAG)
            if sending:
                msg.tags.add(sending, category=SENDING)
            copies.append(msg)
    for recipient in to:
        recipient.msg(f"|yYou have new +mail from {sender.key}:|n {subject} (+mail to read it)")
    return to, copies


def _reply_subject(original):
    subject = original.header if original.header.startswith("Re: ") else f"Re: {original.header}"
    return subject[: rules.MAIL_SUBJECT_MAX]


def reply(account, original, body, to_all=False):
    """Answer the sender (with `to_all`, everyone else it went to as well), quoting it."""
    _received_only(account, original, "You can reply only to mail you received.")
    names = [sender.key for sender in original.senders]
    if to_all:
        names += [other.key for other in recipients(original) if other != account]
    quoted = "\n".join("> " + line for line in original.message.splitlines())
    return send(account, names, _reply_subject(original), f"{body}\n\n{quoted}")


def forward(account, original, names, note=""):
    sender = original.senders[0].key if original.senders else "someone"
    text = f"{note.strip()}\n\n---- Forwarded mail from {sender} ----\n{original.message}"
    return send(account, names, f"Fwd: {original.header}"[: rules.MAIL_SUBJECT_MAX], text.strip())


def file_in(account, msg, folder):
    """Move a received mail to `folder` (made as needed; the Inbox moves it back)."""
    _received_only(account, msg, "You can file only mail you received.")
    folder = " ".join((folder or "").split()).lower()
    if not folder or len(folder) > 20 or "/" in folder:
        raise SocialError("Name the folder (at most 20 characters, no /), like: "
                          "+mail/file 12=Plots")
    if folder == SENT:
        raise SocialError("Sent lists the mail you sent: file this one in another folder.")
    known = [name.lower() for name in folders(account)]
    if folder not in known and len(known) >= rules.MAIL_FOLDERS_MAX:
        raise SocialError(f"You have {rules.MAIL_FOLDERS_MAX} folders: file it in one of those.")
    msg.tags.remove(category=FOLDER)
    if folder != INBOX:
        msg.tags.add(folder, category=FOLDER)
    return folder.title()


def delete(account, msg):
    _received_only(account, msg, "You can delete only mail you received.")
    msg.delete()
