"""+mail and +bb end to end in commands: several recipients, reply, forward, folders,
privacy; boards with locks, unread marks, replies and editing one's own."""

import pytest

from commands.social_boards import CmdBoard
from commands.social_mail import CmdMail
from world.social import boards, mail, setup
from world.social.errors import SocialError
from world.social.models import Board, Post
from tests.social.helpers import SocialTest


class TestMail(SocialTest):
    def send(self):
        self.call(CmdMail(), f"{self.account2.key}, Ash=Tonight/Meet at eight.",
                  f"You sent your mail to {self.account2.key}, Ash.", caller=self.account)
        return mail.inbox(self.account2)[0]

    def test_send_to_several_read_reply_forward(self):
        self.send()
        assert mail.unread_count(self.account2) == 1 and mail.unread_count(self.account3) == 1
        listing = self.call(CmdMail(), "", caller=self.account2)
        assert "N    1  " in listing and "Tonight" in listing
        text = self.call(CmdMail(), "1", caller=self.account2)
        assert "Meet at eight." in text
        assert f"From: TestAccount   To: {self.account2.key}, Ash" in text  # everyone it went to
        assert mail.unread_count(self.account2) == 0 and mail.unread_count(self.account3) == 1
        self.call(CmdMail(), "/reply 1=I will bring rope.",
                  "You replied to TestAccount.", caller=self.account2)
        reply = mail.inbox(self.account)[0]
        assert reply.header == "Re: Tonight" and "> Meet at eight." in reply.message
        self.call(CmdMail(), "/forward 1=Ash/See this", "You forwarded it to Ash.",
                  caller=self.account2)
        assert any(m.header == "Fwd: Tonight" for m in mail.inbox(self.account3))

    def test_reply_to_all(self):
        self.send()
        self.call(CmdMail(), "/replyall 1=Both of you: eight sharp.",
                  f"You replied to TestAccount, {self.account2.key}.", caller=self.account3)
        assert [m.header for m in mail.inbox(self.account2)] == ["Tonight", "Re: Tonight"]
        assert "Re: Tonight" in self.call(CmdMail(), "2", caller=self.account2)

    def test_sent_lists_each_mail_once_with_everyone_it_went_to(self):
        self.send()
        self.call(CmdMail(), "Ash=Alone/Just you.", caller=self.account)
        sent = self.call(CmdMail(), "/sent", caller=self.account)
        rows = [line for line in sent.splitlines() if " to " in line]
        assert len(rows) == 2
        assert f"to {self.account2.key}, Ash" in rows[0] and "Tonight" in rows[0]
        assert "to Ash " in rows[1] and "Alone" in rows[1]
        assert "Just you." in self.call(CmdMail(), "sent/2", caller=self.account)

    def test_folders(self):
        self.send()
        self.call(CmdMail(), "/file 1=Plots", "'Tonight' is now in Plots.", caller=self.account2)
        assert mail.inbox(self.account2) == []
        assert "Tonight" in self.call(CmdMail(), "/folder plots", caller=self.account2)
        assert "Plots" in self.call(CmdMail(), "/folders", caller=self.account2)
        assert "Meet at eight." in self.call(CmdMail(), "plots/1", caller=self.account2)
        self.call(CmdMail(), "/file plots/1=Sent", "Sent lists the mail you sent",
                  caller=self.account2)
        self.call(CmdMail(), "/file plots/1=Inbox", caller=self.account2)
        assert len(mail.inbox(self.account2)) == 1

    def test_nobody_reads_anothers_mail(self):
        self.send()
        ash_copy = mail.inbox(self.account3)[0]
        self.call(CmdMail(), "1", "There is no mail 1 in your Inbox. +mail lists it.",
                  caller=self.account)
        self.call(CmdMail(), "sent/1", "There is no mail 1 in your Sent.",
                  caller=self.account3)
        self.call(CmdMail(), "/delete 1", "'Tonight' is deleted.", caller=self.account2)
        assert mail.inbox(self.account3) == [ash_copy]
        self.call(CmdMail(), "/delete sent/1", "You can delete only mail you received.",
                  caller=self.account)
        self.call(CmdMail(), "/reply sent/1=x", "You can reply only to mail you received.",
                  caller=self.account)
        with pytest.raises(SocialError, match="You have no such mail."):
            mail.by_id(self.account2, ash_copy.id)  # the web's way in, by the copy's id
        assert mail.by_id(self.account3, ash_copy.id) == ash_copy
        assert mail.by_id(self.account, ash_copy.id) == ash_copy  # the sender's copy

    def test_refusals_change_nothing(self):
        self.call(CmdMail(), "Nobody=Hi/There", "There is no player called 'Nobody'.",
                  caller=self.account)
        self.call(CmdMail(), f"{self.account2.key}=No slash", "Put a / between",
                  caller=self.account)
        self.call(CmdMail(), f"{self.account2.key}, Nobody=Hi/There", "There is no player",
                  caller=self.account)
        assert mail.inbox(self.account2) == []
        self.call(CmdMail(), "x", "Name the mail by its number", caller=self.account)
        self.call(CmdMail(), "0", "Name the mail by its number", caller=self.account)

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
        assert "Posted by TestAccount2, " in text and "Reply 1 by Ash, " in text

    def test_a_reply_is_edited_and_deleted_by_its_author_only(self):
        self.call(CmdBoard(), "/post General=Lost lantern/Brass, cracked pane.",
                  caller=self.account2)
        self.call(CmdBoard(), "/reply General/1=Found it by the well.", caller=self.account3)
        self.call(CmdBoard(), "/reply General/1.1=Thank you!", caller=self.account2)
        thread = Post.objects.get(parent=None)
        assert [reply.body for reply in thread.replies.order_by("id")] == [
            "Found it by the well.", "Thank you!"]  # a reply to a reply answers the post
        self.call(CmdBoard(), "/edit General/1.1=Mine now.", "You can edit only your own posts.",
                  caller=self.account2)
        self.call(CmdBoard(), "/edit General/1.1=Found it by the old well.",
                  "Your reply on General is changed.", caller=self.account3)
        assert "Found it by the old well." in self.call(CmdBoard(), "General/1.1",
                                                        caller=self.account2)
        self.call(CmdBoard(), "/delete General/1.3", "General has no post 1.3. +bb General lists",
                  caller=self.account3)
        self.call(CmdBoard(), "/delete General/1.1", "Your reply on General is deleted.",
                  caller=self.account3)
        assert [reply.body for reply in thread.replies.all()] == ["Thank you!"]
        listing = self.call(CmdBoard(), "General", caller=self.account3)
        assert "Subject" in listing and "Replies" in listing

    def test_next_reads_the_unread_board_by_board(self):
        self.call(CmdBoard(), "/post Digger LFG=Fourth wanted/For the Saltwick Light.",
                  caller=self.account2)
        self.call(CmdBoard(), "/post General=Lost lantern/Brass, cracked pane.",
                  caller=self.account2)
        assert "Lost lantern" in self.call(CmdBoard(), "/next", caller=self.account3)
        assert "Fourth wanted" in self.call(CmdBoard(), "/next", caller=self.account3)
        self.call(CmdBoard(), "/next", "You have read everything on the boards.",
                  caller=self.account3)
        self.call(CmdBoard(), "/reply General/1=Found it.", caller=self.account2)
        assert "Found it." in self.call(CmdBoard(), "/next", caller=self.account3)
        assert boards.unread_count(self.account3) == 0

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
