"""+mail: send to several, read, reply, forward, file in folders, delete."""

from evennia.utils.utils import crop

from commands.command import DelverCommand
from world.numbers import database_id
from world.social import mail, rules
from world.social.render import rule


class CmdMail(DelverCommand):
    """
    send and read mail, in the game or out of it

    Usage:
      +mail
      +mail <#>
      +mail <name>[,<name>...]=<subject>/<text>
      +mail/reply <#>=<text>
      +mail/forward <#>=<name>[,<name>...][/<note>]
      +mail/file <#>=<folder>
      +mail/folder <folder>
      +mail/folders
      +mail/sent
      +mail/delete <#>

    `+mail` lists your Inbox (N marks unread); `+mail <#>` reads one. Mail
    waits for players who are offline; you are told at login what is
    unread. `+mail/file` moves a mail to a folder (made as needed; file it
    in Inbox to move it back). Your mail is also on the web at /mail/.

    Examples:
      +mail Wren, Ash=Tonight's run/Meet at the Lantern Yard at eight.
      +mail 14
      +mail/reply 14=I will bring the rope.
      +mail/forward 14=Corwin/Can you come too?
      +mail/file 14=Plots
    """

    key = "+mail"
    aliases = ["mail", "@mail"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True
    switch_options = ("reply", "forward", "file", "folder", "folders", "sent", "delete")

    def func_default(self):
        if not self.args.strip():
            self.msg(render_list(mail.inbox(self.caller), rules.MAIL_DEFAULT_FOLDER))
        elif self.rhs is None:
            self.msg(render_mail(mail.read(self.caller, self._number(self.args))))
        else:
            if "/" not in self.rhs:
                self.refuse_usage("Put a / between the subject and the text.")
            subject, body = self.rhs.split("/", 1)
            recipients, _ = mail.send(self.caller, self.lhslist, subject, body)
            self.msg("You sent your mail to " + ", ".join(a.key for a in recipients) + ".")

    def _number(self, text):
        number = database_id(text)
        if number is None:
            self.refuse_usage("Name the mail by its number, as +mail lists it.")
        return number

    def _pair(self):
        if self.rhs is None or not self.rhs.strip():
            self.refuse_usage("Write the mail's number, an = and the rest.")
        return self._number(self.lhs), self.rhs

    def switch_reply(self):
        number, body = self._pair()
        recipients, _ = mail.reply(self.caller, number, body)
        self.msg("You replied to " + ", ".join(a.key for a in recipients) + ".")

    def switch_forward(self):
        number, rest = self._pair()
        names, _, note = rest.partition("/")
        recipients, _ = mail.forward(self.caller, number, names.split(","), note)
        self.msg("You forwarded it to " + ", ".join(a.key for a in recipients) + ".")

    def switch_file(self):
        number, folder = self._pair()
        _, name = mail.file_in(self.caller, number, folder)
        self.msg(f"Mail #{number} is now in {name}.")

    def switch_folder(self):
        name = self.args.strip() or rules.MAIL_DEFAULT_FOLDER
        self.msg(render_list(mail.inbox(self.caller, name), name.title()))

    def switch_folders(self):
        lines = [rule(" Your mail folders ")]
        for name, count in mail.folders(self.caller).items():
            lines.append(f"{name:<22} {count:>4}")
        lines.append(rule())
        self.msg("\n".join(lines))

    def switch_sent(self):
        lines = [rule(" Mail you sent ")]
        for msg in mail.sent(self.caller):
            to = ", ".join(a.key for a in msg.receivers)
            lines.append(f"#{msg.id:<6} {msg.date_created:%m-%d %H:%M} to {crop(to, 18):<18} "
                         f"{crop(msg.header, 34)}")
        if len(lines) == 1:
            lines.append("You have sent no mail.")
        lines.append(rule())
        self.msg("\n".join(lines))

    def switch_delete(self):
        number = self._number(self.args)
        mail.delete(self.caller, number)
        self.msg(f"Mail #{number} is deleted.")


def render_list(messages, folder):
    lines = [rule(f" +mail: {folder} ")]
    for msg in messages:
        sender = msg.senders[0].key if msg.senders else "?"
        flag = "|gN|n" if mail.is_unread(msg) else " "
        lines.append(
            f"{flag} #{msg.id:<6} {msg.date_created:%m-%d %H:%M} {crop(sender, 16):<16} "
            f"{crop(msg.header, 38)}"
        )
    if len(lines) == 1:
        lines.append(f"No mail in {folder}.")
    lines.append(rule())
    return "\n".join(lines)


def render_mail(msg):
    sender = msg.senders[0].key if msg.senders else "?"
    to = ", ".join(a.key for a in msg.receivers)
    return "\n".join([
        rule(f" Mail #{msg.id} "),
        f"|wFrom:|n {sender}   |wTo:|n {to}",
        f"|wSent:|n {msg.date_created:%Y-%m-%d %H:%M} UTC",
        f"|wSubject:|n {msg.header}",
        rule(),
        msg.message,
        rule(),
    ])
