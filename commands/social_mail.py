"""+mail: send to several, read, reply (to all), forward, file in folders, delete."""

from evennia.utils.utils import crop

from commands.command import DelverCommand
from world.social import mail, rules
from world.social.render import fold, fold_lines, rule


class CmdMail(DelverCommand):
    """
    send and read mail, in the game or out of it

    Usage:
      +mail
      +mail <#>
      +mail <name>[,<name>...]=<subject>/<text>
      +mail/reply <#>=<text>
      +mail/replyall <#>=<text>
      +mail/forward <#>=<name>[,<name>...][/<note>]
      +mail/file <#>=<folder>
      +mail/folder <folder>
      +mail/folders
      +mail/sent
      +mail/delete <#>

    `+mail` lists your Inbox (N marks unread); `+mail <#>` reads one by its
    number there. A mail in another folder is <folder>/<#> (plots/2), one
    you sent is sent/<#>. Mail waits for players who are offline; you are
    told at login what is unread. `+mail/replyall` answers everyone the mail
    went to. `+mail/file` moves a mail to a folder (made as needed; file it
    in Inbox to move it back). Your mail is also on the website, at /mail/.

    Examples:
      +mail Wren, Ash=Tonight's run/Meet at the Lantern Yard at eight.
      +mail 1
      +mail/reply 1=I will bring the rope.
      +mail/forward 1=Corwin/Can you come too?
      +mail/file 1=Plots
      +mail plots/1
    """

    key = "+mail"
    aliases = ["mail", "@mail"]
    locks = "cmd:all()"
    help_category = "Social"
    account_caller = True
    switch_options = (
        "reply", "replyall", "forward", "file", "folder", "folders", "sent", "delete",
    )

    def func_default(self):
        if not self.args.strip():
            self.msg(render_list(mail.inbox(self.caller), rules.MAIL_DEFAULT_FOLDER))
        elif self.rhs is None:
            self.msg(render_mail(mail.mark_read(self.caller, self._mail(self.args))))
        else:
            if "/" not in self.rhs:
                self.refuse_usage("Put a / between the subject and the text.")
            subject, body = self.rhs.split("/", 1)
            recipients, _ = mail.send(self.caller, self.lhslist, subject, body)
            self.msg("You sent your mail to " + ", ".join(a.key for a in recipients) + ".")

    def _mail(self, text):
        """The caller's mail that `text` names (`3`, `plots/2`, `sent/1`)."""
        place = mail.parse_number(text)
        if place is None:
            self.refuse_usage("Name the mail by its number, as +mail lists it (or plots/2).")
        return mail.find(self.caller, *place)

    def _pair(self):
        if self.rhs is None or not self.rhs.strip():
            self.refuse_usage("Write the mail's number, an = and the rest.")
        return self._mail(self.lhs), self.rhs

    def _reply(self, to_all):
        original, body = self._pair()
        recipients, _ = mail.reply(self.caller, original, body, to_all=to_all)
        self.msg("You replied to " + ", ".join(a.key for a in recipients) + ".")

    def switch_reply(self):
        self._reply(to_all=False)

    def switch_replyall(self):
        self._reply(to_all=True)

    def switch_forward(self):
        original, rest = self._pair()
        names, _, note = rest.partition("/")
        recipients, _ = mail.forward(self.caller, original, names.split(","), note)
        self.msg("You forwarded it to " + ", ".join(a.key for a in recipients) + ".")

    def switch_file(self):
        msg, folder = self._pair()
        name = mail.file_in(self.caller, msg, folder)
        self.msg(f"'{crop(msg.header, 40)}' is now in {name}.")

    def switch_folder(self):
        name = self.args.strip() or rules.MAIL_DEFAULT_FOLDER
        if name.lower() == mail.SENT:
            self.switch_sent()
            return
        self.msg(render_list(mail.inbox(self.caller, name), name.title()))

    def switch_folders(self):
        lines = [rule(" Your mail folders ")]
        for name, count in mail.folders(self.caller).items():
            lines.append(f"{name:<22} {count:>4}")
        lines.append(rule())
        lines.append("|w+mail/folder <name>|n lists one.")
        self.msg("\n".join(lines))

    def switch_sent(self):
        lines = [rule(" Mail you sent ")]
        for number, msg in enumerate(mail.sent(self.caller), start=1):
            to = ", ".join(a.key for a in mail.recipients(msg))
            lines.append(f"{number:>4}  {msg.date_created:%m-%d %H:%M} to {crop(to, 20):<20} "
                         f"{crop(msg.header, 34)}")
        if len(lines) == 1:
            lines.append("You have sent no mail.")
        lines.append(rule())
        lines.append("|w+mail sent/<#>|n reads one.")
        self.msg("\n".join(lines))

    def switch_delete(self):
        msg = self._mail(self.args)
        subject = msg.header
        mail.delete(self.caller, msg)
        self.msg(f"'{crop(subject, 40)}' is deleted.")


def render_list(messages, folder):
    lines = [rule(f" +mail: {folder} ")]
    for number, msg in enumerate(messages, start=1):
        sender = msg.senders[0].key if msg.senders else "?"
        flag = "|gN|n" if mail.is_unread(msg) else " "
        lines.append(
            f"{flag} {number:>4}  {msg.date_created:%m-%d %H:%M} {crop(sender, 16):<16} "
            f"{crop(msg.header, 38)}"
        )
    if len(lines) == 1:
        lines.append(f"No mail in {folder}.")
    lines.append(rule())
    return "\n".join(lines)


def render_mail(msg):
    sender = msg.senders[0].key if msg.senders else "?"
    to = ", ".join(a.key for a in mail.recipients(msg))
    return "\n".join([
        rule(f" +mail: {crop(msg.header, 60)} "),
        fold(f"|wFrom:|n {sender}   |wTo:|n {to}"),
        f"|wSent:|n {msg.date_created:%Y-%m-%d %H:%M} UTC",
        fold(f"|wSubject:|n {msg.header}"),
        rule(),
        fold_lines(msg.message),
        rule(),
    ])
