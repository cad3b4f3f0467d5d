/*
 * Delver's party panel: a golden-layout pane showing the party's Digger run as
 * it happens (Exploration and every member's Exhaustion as gauges, the card,
 * the Conditions, the belts, whose move it is), drawn from the Digger.Party
 * and Digger.Run messages the game sends (docs/gmcp.md). The panel asks for
 * them once the player is logged in, as a MUD client would with GMCP's
 * Core.Supports.Set, and opens by itself when the player is in a party: beside
 * the text in a wide window, above it in a narrow one, and moves there when
 * the window is narrowed or widened past that width.
 *
 * Load it before goldenlayout.js: a layout saved in the browser may hold this
 * pane, and golden-layout must know it before it builds the layout.
 */
let digger_panel = (function () {
    "use strict";

    const COMPONENT = "digger_party";
    const SUPPORTS = ["Digger 1"];
    const NARROW_PX = 720;

    let party = null;   // the latest Digger.Party
    let run = null;     // the latest Digger.Run
    let panes = [];     // the open panes' root elements
    let placedNarrow = null;  // whether the panel was last placed for a narrow window

    const OUTCOMES = {
        won: "The dungeon is won!",
        retreat: "The party came back out.",
        lost: "Everyone was exhausted: the run is lost.",
    };

    function esc(value) {
        return String(value === null || value === undefined ? "" : value)
            .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
            .replace(/"/g, "&quot;");
    }

    function gauge(kind, label, value, top, extra) {
        const shown = Math.max(0, Math.min(value, top));
        const percent = top > 0 ? Math.round(100 * shown / top) : 0;
        let level = "low";
        if (kind === "exhaustion") {
            level = value >= top ? "full" : (percent >= 60 ? "high" : (percent >= 30 ? "mid" : "low"));
        }
        const text = value >= top && kind === "exhaustion" ? "exhausted" : value + "/" + top;
        return "<div class='dp-gauge dp-" + kind + " dp-" + level + "' role='progressbar'" +
            " data-gauge='" + esc(kind) + "'" + (extra || "") +
            " aria-label='" + esc(label) + "' aria-valuemin='0' aria-valuemax='" + top + "'" +
            " aria-valuenow='" + value + "'>" +
            "<div class='dp-fill' style='width:" + percent + "%'></div>" +
            "<span class='dp-gauge-text'>" + esc(label) + " " + esc(text) + "</span></div>";
    }

    function cardHtml(card, challenge) {
        if (!card) { return ""; }
        const conditions = card.conditions.map(function (c) {
            return "<li><b>" + esc(c.name) + "</b>: " + esc(c.effect) + "</li>";
        }).join("");
        return "<div class='dp-card" + (card.pending ? " dp-pending" : "") + "'>" +
            "<div class='dp-card-title'>Challenge " + challenge + ": " + esc(card.title) + "</div>" +
            "<div class='dp-card-line'>" + esc(card.type) + " &middot; " + esc(card.ability) +
            " (" + esc(card.action) + ") &middot; Level " + card.level + " &middot; roll " +
            card.target + "+" + (card.pending ? "" : " &middot; done") + "</div>" +
            (conditions ? "<ul class='dp-conditions'>" + conditions + "</ul>" : "") + "</div>";
    }

    function memberHtml(member, top, pending) {
        let status = member.acted ? esc(member.acted) : (pending ? "to act" : "");
        if (member.left) { status = "left"; }
        else if (!member.online) { status = "away"; }
        else if (!member.acted && member.exhaustion >= top) { status = "exhausted"; }
        const belt = member.belt.map(function (tool) {
            return "<span class='dp-tool" + (tool.uses_left ? "" : " dp-spent") + "' title='" +
                esc(tool.category + ", " + tool.rating) + "'>" + esc(tool.name) + " " +
                tool.uses_left + "/" + tool.uses + "</span>";
        }).join("");
        return "<li class='dp-member" + (member.left ? " dp-gone" : "") + "' data-member='" +
            esc(member.name) + "'>" +
            "<div class='dp-member-line'><span class='dp-name'>" + esc(member.name) +
            (member.leader ? " <span class='dp-leader' title='leads the party'>&#9733;</span>" : "") +
            "</span><span class='dp-status'>" + status + "</span></div>" +
            gauge("exhaustion", "Exhaustion", member.exhaustion, top,
                  " data-member='" + esc(member.name) + "'") +
            (belt ? "<div class='dp-belt'>" + belt + "</div>" : "") + "</li>";
    }

    function modifiersHtml(title, modifiers) {
        if (!modifiers.length) { return ""; }
        return "<div class='dp-modifiers'><b>" + title + "</b><ul>" + modifiers.map(function (m) {
            const left = m.challenges_left === null ? "rest of run" : m.challenges_left + " left";
            return "<li>" + esc(m.name) + ": " + esc(m.effect) + " <i>(" + left + ")</i></li>";
        }).join("") + "</ul></div>";
    }

    function whoseMove() {
        if (!party || !party.in_run || !run || !run.card) { return ""; }
        if (run.card.pending) {
            const waiting = party.waiting.length ? party.waiting.map(esc).join(", ") : "nobody";
            return "Still to act: " + waiting + ". " + esc(party.drawer) +
                " completes the round.";
        }
        return party.next_drawer ? "Next to draw: " + esc(party.next_drawer) + "." : "";
    }

    function render() {
        if (!party || !party.members.length) {
            const ended = run && run.outcome ? "<p class='dp-outcome'>" +
                esc(OUTCOMES[run.outcome] || run.outcome) + "</p>" : "";
            return ended + "<p class='dp-none'>Not in a party. Gather one with " +
                "<code>+party/create &lt;#&gt;</code> or join one with " +
                "<code>+party/join &lt;player&gt;</code>.</p>";
        }
        const dungeon = party.dungeon;
        let html = "<div class='dp-head'><span class='dp-dungeon'>" + esc(dungeon.name) +
            "</span> <span class='dp-where'>#" + dungeon.number + " " + esc(dungeon.type) + ", " +
            (party.in_run ? "in the dungeon" : "waiting to enter") + "</span></div>";
        if (run && run.outcome) {
            html += "<p class='dp-outcome'>" + esc(OUTCOMES[run.outcome] || run.outcome) + "</p>";
        }
        if (!run || !run.active) {
            html += "<ul class='dp-roster'>" + party.members.map(function (m) {
                return "<li>" + esc(m.name) + (m.leader ? " &#9733;" : "") +
                    (m.online ? "" : " <i>(away)</i>") + "</li>";
            }).join("") + "</ul><p class='dp-hint'>The leader takes the party in with " +
                "<code>+dungeon/enter</code>.</p>";
            return html;
        }
        html += cardHtml(run.card, run.challenge);
        html += gauge("exploration", "Exploration", run.exploration, run.exploration_final) +
            "<div class='dp-caption'>The Final comes at " + run.exploration_final + ".</div>";
        html += "<ul class='dp-members'>" + run.members.map(function (m) {
            return memberHtml(m, run.exhaustion_max, run.card && run.card.pending);
        }).join("") + "</ul>";
        html += modifiersHtml("Conditions", run.conditions) + modifiersHtml("Effects", run.effects);
        const move = whoseMove();
        return html + (move ? "<p class='dp-move'>" + move + "</p>" : "");
    }

    function refresh() {
        const html = render();
        panes.forEach(function (pane) { pane.html(html); });
    }

    function layout() {
        const gl = window.plugins.goldenlayout;
        return gl ? gl.getGL() : null;
    }

    function openPanes() {
        const gl = layout();
        return gl ? gl.root.getItemsByFilter(function (item) {
            return item.config.componentName === COMPONENT;
        }) : [];
    }

    function isNarrow() {
        return window.innerWidth < NARROW_PX;
    }

    // Beside the text (a row) in a wide window, above it (a column) in a narrow one.
    function open() {
        const gl = layout();
        if (!gl || !gl.isInitialised || openPanes().length) { return; }
        const config = { type: "component", componentName: COMPONENT, title: "Party" };
        const main = gl.root.getItemsByFilter(function (item) {
            return item.config.componentName === "Main";
        })[0];
        placedNarrow = isNarrow();
        if (!main) {
            gl.root.contentItems[0].addChild(config);
            return;
        }
        const found = around(gl, main, placedNarrow ? "column" : "row");
        const parent = found[0];
        const index = parent.contentItems.indexOf(found[1]) + (placedNarrow ? 0 : 1);
        parent.addChild(config, index);
        share(parent, parent.contentItems[index], placedNarrow ? "height" : "width",
              placedNarrow ? 40 : 30);
        gl.updateSize();
    }

    // [the nearest row (or column) holding the text, its child that holds it];
    // a layout with none (the panel's leaving may have folded it away) gets one
    // around the text's stack.
    function around(gl, main, wanted) {
        let child = main.parent, parent = child.parent;
        while (parent && parent.type !== wanted) { child = parent; parent = parent.parent; }
        if (parent) { return [parent, child]; }
        child = main.parent;
        const made = gl.createContentItem({ type: wanted, content: [] }, child.parent);
        child.parent.replaceChild(child, made);
        made.addChild(child);
        return [made, child];
    }

    // A window narrowed or widened past NARROW_PX: the open panel moves above or
    // beside the text, as it would have opened at that width.
    function follow() {
        const shown = openPanes();
        if (!shown.length || isNarrow() === placedNarrow) { return; }
        shown.forEach(function (item) { item.remove(); });
        open();
    }

    // golden-layout gives a new item an equal share; the panel takes `percent`
    // and the others keep their proportions in the rest.
    function share(parent, item, dimension, percent) {
        const others = parent.contentItems.filter(function (other) { return other !== item; });
        const total = others.reduce(function (sum, other) {
            return sum + other.config[dimension];
        }, 0);
        others.forEach(function (other) {
            other.config[dimension] = (100 - percent) * other.config[dimension] / total;
        });
        item.config[dimension] = percent;
    }

    function registerComponent() {
        const gl = layout();
        if (!gl) { return; }
        gl.registerComponent(COMPONENT, function (container) {
            const pane = $("<div class='digger-panel' aria-live='polite'></div>");
            pane.appendTo(container.getElement());
            panes.push(pane);
            pane.html(render());
            container.on("destroy", function () {
                panes = panes.filter(function (other) { return other !== pane; });
            });
        });
    }

    function onParty(args, kwargs) {
        party = kwargs;
        if (party.members.length) { open(); }
        refresh();
    }

    function onRun(args, kwargs) {
        run = kwargs;
        refresh();
    }

    let resizing = null;

    return {
        init: function () {
            Evennia.emitter.on("digger_party", onParty);
            Evennia.emitter.on("digger_run", onRun);
            $(window).on("resize", function () {
                clearTimeout(resizing);
                resizing = setTimeout(follow, 200);
            });
        },
        postInit: registerComponent,
        onLayoutChanged: registerComponent,
        onLoggedIn: function () {
            Evennia.msg("supports_set", SUPPORTS, {});
        },
    };
})();
window.plugin_handler.add("digger_panel", digger_panel);
