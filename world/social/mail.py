"""
+mail on Evennia's Msg objects, stored as Evennia's mail contrib stores them:
one Msg per recipient (sender: the account, receiver: the recipient's
account, header: the subject), tagged category "mail" with "new" until read
and "-" after. A mail's folder is a tag of category "mail_folder" (none is
the Inbox). Every function takes the account acting and only ever touches
mail that account received or sent.
"""

from django.db import transaction
from evennia.comms.models import Msg
from evennia.utils import create
from evennia.utils.utils import crop

from world.prepared import Prepared
from world.social import rules
from world.social.errors import SocialError
from world.social.presence import find_account

TAG = "mail"
FOLDER = "mail_folder"


def _received(account):
    return Msg.objects.get_by_tag(category=TAG).filter(db_receivers_accounts=account)


# `+mail` alone, the look-up players make most: Django writes its SQL once.
_in_inbox = Prepared(
    lambda account: _received(account).exclude(db_tags__db_category=FOLDER).order_by("id").distinct()
)


def inbox(account, folder=rules.MAIL_DEFAULT_FOLDER):
    """The account's received mail in `folder`, oldest first."""
    if folder.lower() == rules.MAIL_DEFAULT_FOLDER.lower():
        return _in_inbox(account.id)
    mail = _received(account).filter(db_tags__db_category=FOLDER, db_tags__db_key=folder.lower())
    return list(mail.order_by("id").distinct())


def sent(account):
    return list(
        Msg.objects.get_by_tag(category=TAG).filter(db_sender_accounts=account).order_by("id")
    )


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


def get_own(account, number):
    """A mail the account received or sent, by its number; else one refusal for all cases."""
    msg = Msg.objects.get_by_tag(category=TAG).filter(id=number).first() if number else None
    if msg is None or not (account in msg.receivers or account in msg.senders):
        raise SocialError(f"You have no mail #{crop(str(number), 12)}. |w+mail|n lists yours.")
    return msg


def read(account, number):
    msg = get_own(account, number)
    if account in msg.receivers and is_unread(msg):
        msg.tags.remove("new", category=TAG)
        msg.tags.add("-", category=TAG)
    return msg


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
    recipients = _recipients(names)
    copies = []
    with transaction.atomic():
        for recipient in recipients:
            msg = create.create_message(sender, body, receivers=recipient, header=subject)
            msg.tags.add("new", category=TAG)
            copies.append(msg)
    for recipient in recipients:
        recipient.msg(f"|yYou have new +mail from {sender.key}:|n {subject} (+mail to read it)")
    return recipients, copies


def reply(account, number, body):
    original = read(account, number)
    if account not in original.receivers:
        raise SocialError("You can reply only to mail you received.")
    subject = original.header if original.header.startswith("Re: ") else f"Re: {original.header}"
    quoted = "\n".join("> " + line for line in original.message.splitlines())
    return send(account, [s.key for s in original.senders], subject[:80], f"{body}\n\n{quoted}")


def forward(account, number, names, note=""):
    original = read(account, number)
    sender = original.senders[0].key if original.senders else "someone"
    text = f"{note.strip()}\n\n---- Forwarded mail from {sender} ----\n{original.message}"
    return send(account, names, f"Fwd: {original.header}"[:80], text.strip())


def file_in(account, number, folder):
    msg = get_own(account, number)
    if account not in msg.receivers:
        raise SocialError("You can file only mail you received.")
    folder = " ".join((folder or "").split()).lower()
    if not folder or len(folder) > 20:
        raise SocialError("Name the folder (at most 20 characters), like: +mail/file 12=Plots")
    if folder not in [name.lower() for name in folders(account)] and \
            len(folders(account)) >= rules.MAIL_FOLDERS_MAX:
        raise SocialError(f"You have {rules.MAIL_FOLDERS_MAX} folders: file it in one of those.")
    msg.tags.remove(category=FOLDER)
    if folder != rules.MAIL_DEFAULT_FOLDER.lower():
        msg.tags.add(folder, category=FOLDER)
    return msg, folder.title()


def delete(account, number):
    msg = get_own(account, number)
    if account not in msg.receivers:
        raise SocialError("You can delete only mail you received.")
    msg.delete()
