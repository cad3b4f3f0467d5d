"""
Live game state for clients: the GMCP packages (and their MSDP twins) that
Mudlet, other MUD clients and the webclient's party panel draw from.

Built on Evennia's OOB machinery: a package goes out as `session.msg(
digger_run=((), {...}))`, which Evennia encodes as GMCP `Digger.Run {...}`,
as the MSDP variable `digger_run`, or as `["digger_run", [], {...}]` for the
webclient. Nothing is sent to a session that did not ask for the package
(Core.Supports.Set/Add, MSDP REPORT; see `subscriptions`).

    subscriptions  which packages each session asked for (a protocol flag)
    packages       the packages: names, what each is built from, sending them
    character      Char.Name, Char.Status, Char.Vitals (per-system providers)
    sheets         the providers of Digger's and Kroll's sheets
    room           Room.Info
    digger         Digger.Party and Digger.Run, from a party's camp view
    hooks          the one call after each state-changing service or move
    inputs         what the game's inputfuncs do (server/conf/inputfuncs.py)

docs/gmcp.md documents every package and field for client authors.
"""
