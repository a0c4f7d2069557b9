"""Helpers for writing Kingdom Legacy card data (the language of rules/src/kingdom_legacy/data.rs).

The card content itself lives in gen_cards.py; this module only builds the JSON shapes and renders
the display texts from them, so that every stage's `text` says exactly what the data does.

Resource letters: g gold, w wood, s stone, m metal, x military, t trade.
"""

import re

RES = {"g": "gold", "w": "wood", "s": "stone", "m": "metal", "x": "military", "t": "trade"}
RES_ORDER = ["gold", "wood", "stone", "metal", "military", "trade"]
RES_NAME = {"trade": "trade goods"}
STICKER_TEXT = {
    "1": "+1 gold",
    "2": "+1 wood",
    "3": "+1 stone",
    "4": "+1 metal",
    "5": "+1 military",
    "6": "+1 trade goods",
    "7": "+2 fame",
    "8": "stays in play",
    "10": "+5 fame",
}
ROT = {"F0": "F180", "F180": "F0", "B0": "B180", "B180": "B0"}
FLIP = {"F0": "B0", "B0": "F0", "F180": "B180", "B180": "F180"}


def B(s):
    """'g2w1' -> {'gold': 2, 'wood': 1}"""
    d = {}
    for k, n in re.findall(r"([gwsmxt])(\d+)", s or ""):
        d[RES[k]] = d.get(RES[k], 0) + int(n)
    assert (s or "") == "".join(re.findall(r"[gwsmxt]\d+", s or "")), s
    return d


def bag_text(b):
    if not b:
        return "nothing"
    parts = []
    for r in RES_ORDER:
        if r in b:
            parts.append(f"{b[r]} {RES_NAME.get(r, r)}")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def prod(spec):
    """'g1|w1' -> [[{gold:1},{wood:1}]]; groups separated by ';'."""
    if not spec:
        return []
    return [[B(a) for a in g.split("|")] for g in spec.split(";")]


def prod_text(p):
    groups = [" or ".join(bag_text(a) for a in g) for g in p]
    return "Produces " + " plus ".join(groups) + "."


# ------------------------------------------------------------------ selectors

THIS = {"this": True}


def sel(zones="active", n=1, mode="exactly", cat=None, sub=None, hostile=None, produces=None,
        ids=None, blocked=False, self_=True):
    if isinstance(zones, str):
        zones = [zones]
    f = {}
    if cat:
        f["category"] = [cat] if isinstance(cat, str) else list(cat)
    if sub:
        f["subcategory"] = [sub] if isinstance(sub, str) else list(sub)
    if hostile is not None:
        f["hostile"] = hostile
    if produces:
        f["produces"] = [RES[produces]] if len(produces) == 1 else [RES[c] for c in produces]
    if ids:
        f["ids"] = list(ids)
    s = {"zones": zones}
    if f:
        s["filter"] = f
    s["count"] = "all" if mode == "all" else {mode: n}
    if blocked:
        s["include_blocked"] = True
    if not self_:
        s["exclude_self"] = False
    return s


ALL = "all"
ZONE_TEXT = {"active": "in play", "permanent": "among your permanent cards",
             "discard": "from your discard pile", "kingdom": "in your kingdom"}


def _noun(f, many):
    if f.get("ids"):
        return ("card " if len(f["ids"]) == 1 else "cards ") + ", ".join(map(str, f["ids"]))
    if f.get("hostile") is True:
        return "enemies" if many else "enemy"
    if f.get("subcategory"):
        return "/".join(x + ("s" if many else "") for x in f["subcategory"])
    if f.get("category"):
        plural = {"person": "persons", "livestock": "livestock", "seafaring": "seafaring cards",
                  "land": "lands", "building": "buildings", "event": "events", "enemy": "enemies"}
        single = {"seafaring": "seafaring card"}
        return "/".join(plural[x] if many else single.get(x, x) for x in f["category"])
    return "cards" if many else "card"


def sel_text(s, singular=False):
    """'1 friendly card in play that produces gold'; singular=True gives the noun phrase used
    after 'per' ('building in play')."""
    if s.get("this"):
        return "this card"
    f = s.get("filter", {})
    c = s["count"]
    if singular:
        q = None
        many = False
    elif c == "all":
        q, many = "all", True
    elif "exactly" in c:
        q = str(c["exactly"])
        many = c["exactly"] != 1
    else:
        q, many = f"up to {c['up_to']}", c["up_to"] != 1
    words = [q] if q else []
    if f.get("hostile") is False:
        words.append("friendly")
    words.append(_noun(f, many))
    text = " ".join(words)
    text += " " + " or ".join(ZONE_TEXT[z] for z in s["zones"])
    if f.get("produces"):
        text += " that produce" + ("" if not many else "") + ("s" if not many else "") + " " + "/".join(
            RES_NAME.get(r, r) for r in f["produces"])
    if s.get("include_blocked"):
        text += " (blocked ones included)"
    if s.get("exclude_self") is False:
        text += ", this one included"
    return text


# ------------------------------------------------------------------ actions

def gain(s):
    return {"gain": B(s)}


def gain_any(n):
    return {"gain_any": n}


def gain_per(s, per):
    """per: a selector, or 'ticked' for the ticked boxes of this card."""
    p = {"ticked_boxes": "self"} if per == "ticked" else {"cards": per}
    return {"gain_per": {"bag": B(s), "per": p}}


def discover(*ids):
    return {"discover": list(ids)}


def discover_choice(ids, choose=1, others="stay"):
    return {"discover_choice": {"cards": list(ids), "choose": choose, "others": others}}


def turn(target, how):
    """how: 'rotate' | 'flip' | an orientation such as 'B180'."""
    h = how if how in ("rotate", "flip") else {"to": how}
    return {"turn": {"target": target, "how": h}}


def block(s):
    return {"block": s}


def discard(s):
    return {"discard": s}


def destroy(s):
    return {"destroy": s}


def put_on_deck(s, position):
    return {"put_on_deck": {"target": s, "position": position}}


def sticker(no, target=THIS, stage="active"):
    st = "active" if stage == "active" else {"at": stage}
    return {"sticker": {"no": str(no), "target": target, "stage": st}}


def increase_production(s):
    return {"increase_production": s}


def tick(target=THIS, policy="choice"):
    return {"tick": {"target": target, "policy": policy}}


def stay_in_play(s=THIS):
    return {"stay_in_play": s}


END_TURN = "end_turn"


def purge(n):
    return {"purge": n}


def purge_permanent(n):
    return {"purge_permanent": n}


def ids_text(ids):
    ids = list(ids)
    if len(ids) == 1:
        return f"card {ids[0]}"
    return "cards " + ", ".join(map(str, ids[:-1])) + " and " + str(ids[-1])


def action_text(a, orient):
    if a == "end_turn":
        return "end the turn"
    (k, v), = a.items()
    if k == "gain":
        return "gain " + bag_text(v)
    if k == "gain_any":
        return f"gain {v} resource{'s' if v > 1 else ''} of your choice"
    if k == "gain_per":
        per = v["per"]
        if "ticked_boxes" in per:
            return f"gain {bag_text(v['bag'])} per ticked box on this card"
        return f"gain {bag_text(v['bag'])} per {sel_text(per['cards'], singular=True)}"
    if k == "discover":
        return "discover " + ids_text(v)
    if k == "discover_choice":
        t = f"look at {ids_text(v['cards'])} in the box and discover {v['choose']} of them"
        if v["others"] == "destroy":
            t += "; destroy the others"
        return t
    if k == "turn":
        h = v["how"]
        tgt = sel_text(v["target"])
        if h == "rotate":
            return f"rotate {tgt} (↓)"
        if h == "flip":
            return f"flip {tgt} (→)"
        return f"turn {tgt} to {h['to']}"
    if k in ("block", "discard", "destroy"):
        return f"{k} {sel_text(v)}"
    if k == "put_on_deck":
        return f"put {sel_text(v['target'])} on the {v['position']} of the deck"
    if k == "sticker":
        st = v["stage"]
        where = "" if st == "active" else f" (on its {st['at']} stage)"
        return f"apply sticker {v['no']} ({STICKER_TEXT[v['no']]}) to {sel_text(v['target'])}{where}"
    if k == "increase_production":
        return f"increase the production of {sel_text(v)} by 1"
    if k == "tick":
        t = "tick a box" if v["policy"] == "choice" else "tick the next box in order"
        if v["target"].get("this"):
            return t + " on this card"
        return t + " on " + sel_text(v["target"])
    if k == "stay_in_play":
        return f"let {sel_text(v)} stay in play at the end of this turn"
    if k == "purge":
        return f"purge {v} (draw {v} cards at a time and set aside 1 friendly card of each draw)"
    if k == "purge_permanent":
        return f"purge {v} permanent card"
    raise ValueError(k)


# ------------------------------------------------------------------ effects

STATIC = {"type": "passive", "mode": "static"}
REPEAT = {"type": "passive", "mode": "repeatable"}
ACT = {"type": "activated"}
ENDS = {"type": "ends_turn"}
DESTROY = {"type": "destroy"}


def trig(on, mandatory=True):
    return {"type": "triggered", "mandatory": mandatory, "when": {"on": on}}


AFTER = trig("after_played")
AFTER_MAY = trig("after_played", False)
EOT_MAY = trig("end_of_turn", False)
EOT = trig("end_of_turn")
ROUND_START = trig("round_start")
END_ROUND = trig("end_of_round")
END_ROUND_MAY = trig("end_of_round", False)


def pay(s):
    return {"pay": B(s)}


TICK_SELF = {"tick": "self"}


def m_stays(s=THIS):
    return {"stays_in_play": s}


def m_protect(s, against):
    return {"protect": {"target": s, "against": list(against)}}


def fx(timing, actions=(), cost=None, once=False, mods=(), text=None):
    costs = []
    if cost:
        for c in cost if isinstance(cost, list) else [cost]:
            costs.append(pay(c) if isinstance(c, str) else c)
    e = {"id": None, "timing": timing}
    if once:
        e["one_time"] = True
    if costs:
        e["costs"] = costs
    if actions:
        e["actions"] = list(actions)
    if mods:
        e["modifiers"] = list(mods)
    if text:
        e["text"] = text
    return e


def cost_text(costs):
    parts = []
    for c in costs:
        if "pay" in c:
            parts.append("pay " + bag_text(c["pay"]))
        else:
            parts.append("tick a box on this card")
    return " and ".join(parts)


def modifier_text(m):
    (k, v), = m.items()
    if k == "stays_in_play":
        if v.get("this"):
            return "This card stays in play at the end of every turn"
        t = sel_text(v).replace("all ", "", 1)
        return t[0].upper() + t[1:] + " stay in play at the end of every turn"
    tgt = v["target"]
    what = " or ".join({"destroy": "destroyed", "purge": "purged", "block": "blocked"}[a]
                       for a in v["against"])
    if tgt.get("this"):
        return f"This card cannot be {what}"
    t = sel_text(tgt).replace("all ", "", 1)
    if tgt.get("exclude_self") is False:
        t += ","
    return t[0].upper() + t[1:] + f" cannot be {what}"


def effect_text(e, orient, one_round=False):
    """one_round: the stage of an expansion card, active for one round only (KLG-18.9), so
    its round triggers act once: "this round", not "each round"."""
    t = e["timing"]
    if t["type"] == "passive" and t["mode"] == "static":
        return ". ".join(modifier_text(m) for m in e.get("modifiers", [])) + "."
    acts = [action_text(a, orient) for a in e.get("actions", [])]
    costs = e.get("costs", [])
    if not acts and any("tick" in c for c in costs):
        acts = ["gain what the ticked box shows"]
    if t["type"] == "activated":
        acts.append("discard this card")
    body = ", then ".join(acts)
    if t["type"] == "passive":
        lead = "Once ever" if e.get("one_time") else "Any number of times"
    elif t["type"] == "activated":
        lead = "Activate"
    elif t["type"] == "ends_turn":
        lead = "End your turn"
    elif t["type"] == "destroy":
        lead = "Destroy this card"
    else:
        rounds = "this round" if one_round else "each round"
        lead = {"after_played": "After played", "end_of_turn": "At the end of your turn",
                "round_start": f"At the start of {rounds}",
                "end_of_round": f"At the end of {rounds}"}[t["when"]["on"]]
    s = lead
    if costs:
        s += " — " + cost_text(costs)
    if body:
        may = "" if t["type"] != "triggered" or t["mandatory"] else "you may "
        s += ": " + may + body
    if e.get("one_time") and t["type"] != "passive":
        s += " (once, then cross it out)"
    elif e.get("one_time"):
        s += " (then cross it out)"
    return s + "."


# ------------------------------------------------------------------ stages and cards

def box(fame=0, gain=None, on_tick=None):
    b = {}
    if gain:
        b["gain"] = B(gain)
    if fame:
        b["fame"] = fame
    if on_tick:
        b["on_tick"] = list(on_tick)
    return b


def st(name, cat, p=None, fame=0, up=(), eff=(), boxes=(), perm=False, sub=(), prot=(), order=False,
       text=None):
    """up: list of (arrow, cost) with arrow 'r' (rotate ↓) or 'f' (flip →)."""
    s = {"name": name, "category": cat}
    if sub:
        s["subcategories"] = list(sub)
    if perm:
        s["permanent"] = True
    if fame:
        s["fame"] = fame
    if p:
        s["production"] = prod(p)
    s["_up"] = list(up)
    if eff:
        s["effects"] = [dict(e) for e in eff]
    if boxes:
        s["checkboxes"] = list(boxes)
    if order:
        s["in_order_boxes"] = True
    if prot:
        s["protect"] = list(prot)
    if text:
        s["_text"] = text
    return s


def box_text(b):
    parts = []
    if b.get("gain"):
        parts.append(bag_text(b["gain"]))
    if b.get("fame"):
        parts.append(f"{b['fame']} fame")
    for a in b.get("on_tick", []):
        parts.append(action_text(a, None))
    return "[" + (", ".join(parts) if parts else " ") + "]"


def finish_stage(s, orient, one_round=False):
    ups = []
    for arrow, cost in s.pop("_up"):
        to = ROT[orient] if arrow == "r" else FLIP[orient]
        u = {"arrow": "rotate" if arrow == "r" else "flip", "to": to}
        if cost:
            u["cost"] = B(cost)
        ups.append(u)
    if ups:
        s["upgrades"] = ups
    for i, e in enumerate(s.get("effects", [])):
        e["id"] = f"e{i + 1}"
        if "text" not in e:
            e["text"] = effect_text(e, orient, one_round)
    lines = []
    extra = s.pop("_text", None)
    if extra:
        lines.append(extra)
    if s.get("permanent"):
        lines.append("Permanent.")
    if s.get("production"):
        lines.append(prod_text(s["production"]))
    for e in s.get("effects", []):
        lines.append(e["text"])
    if s.get("checkboxes"):
        lines.append(("Boxes in order: " if s.get("in_order_boxes") else "Boxes: ")
                     + " ".join(box_text(b) for b in s["checkboxes"]) + ".")
    if s.get("protect"):
        lines.append("Cannot be " + " or ".join(
            {"destroy": "destroyed", "purge": "purged", "block": "blocked"}[p] for p in s["protect"]) + ".")
    for u in ups:
        arrow = "↓" if u["arrow"] == "rotate" else "→"
        lines.append(f"Upgrade {arrow} for {bag_text(u.get('cost', {}))}.")
    s["text"] = " ".join(lines)
    # key order for readability
    order = ["name", "category", "subcategories", "permanent", "fame", "production", "upgrades",
             "effects", "checkboxes", "in_order_boxes", "protect", "text"]
    return {k: s[k] for k in order if k in s}


def card(id, kind="normal", on_discover=None, expansion=None, **faces):
    c = {"id": id, "kind": kind}
    c["faces"] = {o: finish_stage(s, o, kind == "expansion") for o, s in faces.items()}
    if on_discover:
        c["on_discover"] = list(on_discover)
    if expansion:
        c["expansion"] = expansion
    return c


def parchment(id, name, actions, text):
    s = st(name, "event", text=text)
    c = card(id, "parchment", on_discover=actions, F0=s)
    return c
