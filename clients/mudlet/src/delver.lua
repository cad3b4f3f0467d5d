--[[
Delver for Mudlet: live gauges for your Digger party.

A panel on the right of the main window shows the card your party faces, its
Exploration on the way to the Final, every member's Exhaustion and what each
has done this round, and the tools on each belt with their uses left. It is
drawn from the game's GMCP messages Digger.Party and Digger.Run (the game's
docs/gmcp.md describes them) and changes as they arrive: nothing to type.

The package asks the game for the Digger package (Core.Supports.Add) when
GMCP comes on, and at once when installed while connected.
Written for Lua 5.1, as Mudlet runs it.
]]

Delver = Delver or {}
local D = Delver

D.SUPPORTS = '["Digger 1"]'
D.MEMBERS_SHOWN = 7 -- a party holds at most seven
D.PANEL_SHARE = 0.25 -- of the main window's width
D.OUTCOMES = {
  won = "The dungeon is won!",
  retreat = "The party came back out.",
  lost = "Everyone was exhausted: the run is lost.",
}

-- Mudlet's JSON decoder hands a JSON null over as a sentinel value, not as nil.
local function given(value)
  local kind = type(value)
  if kind == "string" or kind == "number" or kind == "boolean" or kind == "table" then
    return value
  end
  return nil
end
D.given = given

function D.escape(text)
  text = tostring(text or "")
  return (text:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"))
end

local function member_status(member, top, pending)
  if member.left == true then return "left" end
  if member.online == false then return "away" end
  local acted = given(member.acted)
  if acted then return acted end
  if (given(member.exhaustion) or 0) >= top then return "" end -- the gauge says it
  return pending and "to act" or ""
end

local function belt_text(belt)
  local tools = {}
  for _, tool in ipairs(given(belt) or {}) do
    tools[#tools + 1] = string.format("%s %d/%d", tool.name, tool.uses_left, tool.uses)
  end
  return table.concat(tools, ", ")
end

local function card_text(card, challenge)
  local lines = {
    string.format("Challenge %d: %s", challenge, card.title),
    string.format("%s, %s (%s) Level %d, roll %d+%s", card.type, card.ability, card.action,
      card.level, card.target, card.pending and "" or ", done"),
  }
  for _, condition in ipairs(given(card.conditions) or {}) do
    lines[#lines + 1] = condition.name .. ": " .. condition.effect
  end
  return lines
end

local function whose_move(party, run)
  local card = given(run.card)
  if not card then return "" end
  if card.pending then
    local waiting = given(party.waiting) or {}
    local who = #waiting > 0 and table.concat(waiting, ", ") or "nobody"
    return string.format("Still to act: %s. %s completes.", who, given(party.drawer) or "?")
  end
  local next_drawer = given(party.next_drawer)
  return next_drawer and ("Next to draw: " .. next_drawer) or ""
end

-- Everything the panel shows, as plain values: the heading lines, the
-- Exploration gauge (or nil), one gauge per member, and whose move it is.
function D.view(party, run)
  party, run = given(party) or {}, given(run) or {}
  local view = { lines = {}, members = {}, move = "" }
  local members = given(party.members) or {}
  local outcome = D.OUTCOMES[given(run.outcome) or ""]
  if outcome then view.lines[#view.lines + 1] = outcome end
  if #members == 0 then
    view.lines[#view.lines + 1] = "Not in a party."
    view.lines[#view.lines + 1] = "+party/create <#> or +party/join <player>"
    return view
  end
  local dungeon = given(party.dungeon) or {}
  table.insert(view.lines, 1, string.format("%s (#%s)", dungeon.name or "?", dungeon.number or "?"))
  if run.active ~= true then
    local names = {}
    for _, member in ipairs(members) do
      names[#names + 1] = member.name .. (member.leader and " *" or "")
    end
    view.lines[#view.lines + 1] = "Party: " .. table.concat(names, ", ")
    view.lines[#view.lines + 1] = "The leader goes in with +dungeon/enter."
    return view
  end
  local card = given(run.card)
  if card then
    for _, line in ipairs(card_text(card, run.challenge)) do view.lines[#view.lines + 1] = line end
  end
  view.exploration = {
    value = math.min(run.exploration, run.exploration_final),
    max = run.exploration_final,
    text = string.format("Exploration %d/%d", run.exploration, run.exploration_final),
  }
  local top = run.exhaustion_max
  for i, member in ipairs(given(run.members) or {}) do
    local status = member_status(member, top, card and card.pending)
    local worn = member.exhaustion >= top and "exhausted"
      or string.format("%d/%d", member.exhaustion, top)
    view.members[i] = {
      value = math.min(member.exhaustion, top),
      max = top,
      text = string.format("%s%s: %s%s", member.name, member.leader and " *" or "", worn,
        status ~= "" and (" - " .. status) or ""),
      belt = belt_text(member.belt),
    }
  end
  view.move = whose_move(party, run)
  return view
end

function D.layout()
  local width = getMainWindowSize()
  setBorderRight(math.floor(width * D.PANEL_SHARE))
end

function D.build()
  if D.box then return end
  D.box = Geyser.Container:new({ name = "DelverPanel", x = "75%", y = 0, width = "25%", height = "100%" })
  D.heading = Geyser.Label:new({ name = "DelverHeading", x = 0, y = 0, width = "100%", height = 96 }, D.box)
  D.exploration = Geyser.Gauge:new({ name = "DelverExploration", x = 0, y = 100, width = "100%", height = 20 }, D.box)
  D.gauges, D.belts = {}, {}
  for i = 1, D.MEMBERS_SHOWN do
    local y = 126 + (i - 1) * 42
    D.gauges[i] = Geyser.Gauge:new({ name = "DelverMember" .. i, x = 0, y = y, width = "100%", height = 20 }, D.box)
    D.belts[i] = Geyser.Label:new({ name = "DelverBelt" .. i, x = 0, y = y + 21, width = "100%", height = 18 }, D.box)
  end
  D.move = Geyser.Label:new({ name = "DelverMove", x = 0, y = 126 + D.MEMBERS_SHOWN * 42, width = "100%", height = 36 }, D.box)
  D.layout()
end

function D.show(view)
  D.build()
  local lines = {}
  for i, line in ipairs(view.lines) do lines[i] = D.escape(line) end
  D.heading:echo(table.concat(lines, "<br>"))
  if view.exploration then
    D.exploration:show()
    D.exploration:setValue(view.exploration.value, view.exploration.max, view.exploration.text)
  else
    D.exploration:hide()
  end
  for i = 1, D.MEMBERS_SHOWN do
    local member = view.members[i]
    if member then
      D.gauges[i]:show()
      D.gauges[i]:setValue(member.value, member.max, D.escape(member.text))
      D.belts[i]:show()
      D.belts[i]:echo(D.escape(member.belt))
    else
      D.gauges[i]:hide()
      D.belts[i]:hide()
    end
  end
  D.move:echo(D.escape(view.move))
end

function D.refresh()
  local digger = given(gmcp) and given(gmcp.Digger) or {}
  D.show(D.view(digger.Party, digger.Run))
end

function D.ask()
  sendGMCP("Core.Supports.Add " .. D.SUPPORTS)
end

function D.on_protocol(_, protocol)
  if protocol == "GMCP" then D.ask() end
end

-- Installed again (an update): the old handlers go first.
for _, id in ipairs(D.handlers or {}) do killAnonymousEventHandler(id) end
D.handlers = {
  registerAnonymousEventHandler("sysProtocolEnabled", D.on_protocol),
  registerAnonymousEventHandler("gmcp.Digger.Party", D.refresh),
  registerAnonymousEventHandler("gmcp.Digger.Run", D.refresh),
  registerAnonymousEventHandler("sysWindowResizeEvent", D.layout),
}
D.refresh()
D.ask()
