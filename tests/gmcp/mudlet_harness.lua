--[[
Just enough of Mudlet to run the Delver package outside it: the event calls,
sendGMCP and the window size, and Geyser widgets that remember what they
show. Run as `lua mudlet_harness.lua <package script> <scenario>`; the
scenario sets `gmcp`, raises Mudlet's events and calls `dump(step)`, which
prints every widget's state as a line: step|name|shown|value|max|text.
]]

local handlers = {}
sent = {}

function registerAnonymousEventHandler(event, handler)
  handlers[#handlers + 1] = { event = event, handler = handler }
  return #handlers
end

function killAnonymousEventHandler(id)
  handlers[id].handler = nil
end

function raiseEvent(event, ...)
  for _, entry in ipairs(handlers) do
    if entry.event == event and entry.handler then entry.handler(event, ...) end
  end
end

function sendGMCP(text) sent[#sent + 1] = text end
function getMainWindowSize() return 1200, 700 end
function setBorderRight(pixels) border = pixels end

local widgets = {}

local function kind()
  local class = {}
  function class:new(constraints, parent)
    local widget = { name = constraints.name, shown = true, text = "", value = "", max = "" }
    setmetatable(widget, { __index = class })
    widgets[#widgets + 1] = widget
    return widget
  end
  function class:echo(text) self.text = text end
  function class:setValue(value, max, text) self.value, self.max, self.text = value, max, text or "" end
  function class:show() self.shown = true end
  function class:hide() self.shown = false end
  return class
end

Geyser = { Container = kind(), Label = kind(), Gauge = kind() }

function dump(step)
  for _, widget in ipairs(widgets) do
    print(table.concat({ step, widget.name, tostring(widget.shown), tostring(widget.value),
      tostring(widget.max), widget.text }, "|"))
  end
  print(table.concat({ step, "sent", "", "", "", table.concat(sent, ";") }, "|"))
  print(table.concat({ step, "border", "", "", "", tostring(border) }, "|"))
end

dofile(arg[1])
dofile(arg[2])
