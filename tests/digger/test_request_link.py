"""What the +request desk asks of Digger: the run a character is in, and its roll log
for staff; and a request filed in a run carrying that log."""

from commands.digger import CmdAct, CmdDungeon, CmdParty
from commands.requests import CmdRequest
from world.digger import services
from world.requests.models import Request

from .fixtures import HIT, MISS, DiggerCommandTest, give_ratings


class TestRequestLink(DiggerCommandTest):
    def setUp(self):
        super().setUp()
        give_ratings(self.char1)
        give_ratings(self.char2)
        self.form_party(self.char1, self.char2)

    def test_the_run_and_its_log(self):
        assert services.active_run_id(self.char2) is None
        assert services.active_run_id(self.far) is None
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        run_id = services.active_run_id(self.char2)
        assert run_id is not None and services.run_log(run_id) == [
            f"Run {run_id}: dungeon #1 Test Barrow, in progress"
        ]
        self.call(CmdAct(), "force")
        self.call(CmdAct(), "force", caller=self.char2)
        with self.dice((4, 5), MISS):
            self.call(CmdAct(), "/complete")
        log = services.run_log(run_id)
        assert log[1] == (
            "#1 The Gate: Char: 4+5 +3 rating = 12 vs 9, success; Exhaustion +7 "
            "(party passed +4, Tire +3)"
        )
        assert log[2].startswith("#1 The Gate: Char2: 1+1 +3 rating = 5 vs 9, failure;")
        assert services.run_log(run_id + 100) is None
        self.call(CmdParty(), "/leave", caller=self.char2)
        assert services.active_run_id(self.char2) is None

    def test_a_request_filed_in_a_run_carries_its_log_to_staff(self):
        with self.dice():
            self.call(CmdDungeon(), "/enter")
        for member in (self.char1, self.char2):
            self.call(CmdAct(), "force", caller=member)
        with self.dice(HIT, HIT):
            self.call(CmdAct(), "/complete")
        self.char2.account = self.account2
        self.call(
            CmdRequest(), "/digger Trap=The Level looked wrong.", "Request #", caller=self.char2
        )
        request = Request.objects.get()
        assert request.run_id == services.active_run_id(self.char2)
        staff_view = self.call(CmdRequest(), f"{request.id}", f"Request #{request.id}")
        assert "#1 The Gate: Char2: 6+6 +3 rating = 15 vs 9, success" in staff_view
