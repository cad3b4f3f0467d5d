"""Evennia's builder commands answer staff in plain words (issue 24, point 8)."""

from evennia.utils.test_resources import EvenniaCommandTest

from commands.guarded import CmdFind, CmdSetHelp, CmdSetObjAlias, CmdSpawn

RAW = ("Error", "Traceback", "Exception", "local variable", "not supported between")


class TestBuilderCommands(EvenniaCommandTest):
    def said(self, cmd, args):
        text = self.call(cmd, args)
        for raw in RAW:
            assert raw not in text, (args, text)
        return text

    def test_find_with_odd_ranges(self):
        for args in ("status=all/ x", "status=all/...", "lamp = a-b", "lamp = #1-#2-#3"):
            assert "like: find lamp = #10-#200" in self.said(CmdFind(), args)

    def test_find_with_odd_digits(self):
        for args in ("/startswith #²", "#²", "lamp=#5-#²", "#٣"):
            assert "digits 0-9" in self.said(CmdFind(), args)

    def test_find_still_finds(self):
        assert "Obj" in self.said(CmdFind(), "Obj")
        assert "Obj" in self.said(CmdFind(), f"Obj = #1-#{self.obj1.id + 5}")

    def test_alias_category_without_a_category(self):
        text = self.said(CmdSetObjAlias(), "/category Obj=}")
        assert "end the aliases with :<category>" in text
        text = self.said(CmdSetObjAlias(), "/category Obj=:")
        assert "Give aliases and a category" in text

    def test_alias_category_still_works(self):
        self.said(CmdSetObjAlias(), "/category Obj=lamp:gear")
        assert self.obj1.aliases.get("lamp", category="gear")

    def test_sethelp_with_a_broken_lock(self):
        for args in ("/add lanterns,gear,read:foo( = text", "/replace lanterns,gear,read:perm(x)) = t",
                     "/add lanterns,gear,nonsense = text"):
            text = self.said(CmdSetHelp(), args)
            assert "does not work" in text, (args, text)

    def test_spawn_help_names_a_typeclass_the_game_has(self):
        assert "monster.Monster" not in CmdSpawn.__doc__
        assert "typeclasses.objects.Object" in CmdSpawn.__doc__

    def test_spawn_with_a_missing_typeclass_or_parent(self):
        text = self.said(CmdSpawn(), '{"key":"goblin", "typeclass":"monster.Monster"}')
        assert "There is no typeclass 'monster.Monster'" in text
        text = self.said(CmdSpawn(), '{"key":"goblin", "prototype_parent":"nope"}')
        assert "spawn/list" in text

    def test_spawn_still_spawns(self):
        assert "Spawned lantern" in self.said(
            CmdSpawn(), '{"key":"lantern", "typeclass":"typeclasses.objects.Object"}'
        )
