"""+mail and +bb end to end in commands: several recipients, reply, forward, folders,
privacy; boards with locks, unread marks, replies and editing one's own."""

from commands.social_boards import CmdBoard
from commands.social_mail import CmdMail
from world.social import boards, mail, setup
from world.social.models import Board, Post
from tests.social.helpers import SocialTest


class TestMail(SocialTest):
    def send(self):
        self.call(CmdMail(), f"{self.account2.key}, Ash=Tonight/Meet at eight.",
                  f"You sent your mail to {self.account2.key}, Ash.", caller=self.account)
        return mail.inbox(self.account2)[0]

    def test_send_to_several_read_reply_forward(self):
        first = self.send()
        assert mail.unread_count(self.account2) == 1 and mail.unread_count(self.account3) == 1
        listing = self.call(CmdMail(), "", caller=self.account2)
        assert "N #" in listing and "Tonight" in listing
        text = self.call(CmdMail(), str(first.id), caller=self.account2)
        assert "Meet at eight." in text and "From: TestAccount" in text
        assert mail.unread_count(self.account2) == 0
        self.call(CmdMail(), f"/reply {first.id}=I will bring rope.",
                  "You replied to TestAccount.", caller=self.account2)
        reply = mail.inbox(self.account)[0]
        assert reply.header == "Re: Tonight" and "> Meet at eight." in reply.message
        self.call(CmdMail(), f"/forward {first.id}=Ash/See this", "You forwarded it to Ash.",
                  caller=self.account2)
        assert any(m.header == "Fwd: Tonight" for m in mail.inbox(self.account3))

    def test_folders(self):
        first = self.send()
        self.call(CmdMail(), f"/file {first.id}=Plots", f"Mail #{first.id} is now in Plots.",
                  caller=self.account2)
        assert mail.inbox(self.account2) == []
        assert "Tonight" in self.call(CmdMail(), "/folder plots", caller=self.account2)
        assert "Plots" in self.call(CmdMail(), "/folders", caller=self.account2)
        self.call(CmdMail(), f"/file {first.id}=Inbox", caller=self.account2)
        assert len(mail.inbox(self.account2)) == 1

    def test_nobody_reads_anothers_mail(self):
        first = self.send()
        ash_copy = mail.inbox(self.account3)[0]
        self.call(CmdMail(), str(first.id), f"You have no mail #{first.id}.", caller=self.account3)
        self.call(CmdMail(), f"/reply {first.id}=x", "You have no mail", caller=self.account3)
        self.call(CmdMail(), f"/delete {ash_copy.id}", "You have no mail", caller=self.account2)
        assert mail.inbox(self.account3) == [ash_copy]

    def test_refusals_change_nothing(self):
        self.call(CmdMail(), "Nobody=Hi/There", "There is no player called 'Nobody'.",
                  caller=self.account)
        self.call(CmdMail(), f"{self.account2.key}=No slash", "Put a / between",
                  caller=self.account)
        self.call(CmdMail(), f"{self.account2.key}, Nobody=Hi/There", "There is no player",
                  caller=self.account)
        assert mail.inbox(self.account2) == []
        self.call(CmdMail(), "x", "Name the mail by its number", caller=self.account)

    def test_login_notice(self):
        self.send()
        with self.listening(self.account2) as heard:
            setup.on_login(self.account2)
        assert any("1 unread +mail" in line for line in heard[self.account2])


class TestBoards(SocialTest):
    def setUp(self):
        super().setUp()
        self.account.permissions.remove("Developer")
        self.account.permissions.add("Builder")
        boards.ensure_default_boards()

    def test_post_read_reply_edit(self):
        self.call(CmdBoard(), "/post General=Lost lantern/Brass, cracked pane.",
                  "You posted General/1.", caller=self.account2)
        assert boards.unread_count(self.account3) == 1
        listing = self.call(CmdBoard(), "", caller=self.account3)
        assert "General" in listing
        assert "U   1  Lost lantern" in self.call(CmdBoard(), "General", caller=self.account3)
        text = self.call(CmdBoard(), "General/1", caller=self.account3)
        assert "Brass, cracked pane." in text
        assert boards.unread_count(self.account3) == 0
        self.call(CmdBoard(), "/reply General/1=Found it by the well.",
                  "You replied to General: Lost lantern.", caller=self.account3)
        self.call(CmdBoard(), "/edit General/1=Mine now.", "You can edit only your own posts.",
                  caller=self.account3)
        self.call(CmdBoard(), "/edit 2/1=Brass, found.", "Your post on General is changed.",
                  caller=self.account2)
        text = self.call(CmdBoard(), "General/1", caller=self.account2)
        assert "Brass, found." in text and "Found it by the well." in text and "edited" in text

    def test_locks(self):
        self.call(CmdBoard(), "/post Announcements=Hi/All", "Only staff post on Announcements.",
                  caller=self.account2)
        self.call(CmdBoard(), "/post Announcements=News/The well is open.",
                  "You posted Announcements/1.", caller=self.account)
        self.call(CmdBoard(), "/create Staff notes=For staff", "Board Staff notes is made.",
                  caller=self.account)
        self.call(CmdBoard(), "/lock Staff notes=read:perm(Builder);post:perm(Builder)",
                  caller=self.account)
        self.call(CmdBoard(), "/create Mine=x",
                  "Only staff can use +bb/create. Nothing was changed.", caller=self.account2)
        self.call(CmdBoard(), "/lock General=read:none()",
                  "Only staff can use +bb/lock. Nothing was changed.", caller=self.account2)
        assert "Staff notes" not in self.call(CmdBoard(), "", caller=self.account2)
        self.call(CmdBoard(), "Staff notes", "There is no board 'Staff notes' you can read.",
                  caller=self.account2)
        assert Board.objects.filter(name="Mine").count() == 0
        assert "none()" not in str(Board.objects.get(name="General").locks)
        assert Post.objects.count() == 1

    def test_refusals(self):
        self.call(CmdBoard(), "General/9", "General has no post 9.", caller=self.account2)
        self.call(CmdBoard(), "/post General=No slash", "Write the board", caller=self.account2)
        self.call(CmdBoard(), "/reply General=x", "Name the post as", caller=self.account2)
        assert Post.objects.count() == 0
