#!/usr/bin/env python3
"""The shipped Kingdom Legacy kingdom: ORIGINAL content (names, effects and numbers invented for
Tablero; nothing is taken from the published cards).

Run `python3 rules/data/kingdom_legacy/tools/gen_cards.py` to rewrite ../cards.json. The JSON is
the source of truth a licensee may replace; this script is only how the shipped pack was written.

Layout of the box (spec §2, constraints C-1…C-14 of §11.4):
  0, 139     inert title and closing cards
  1–10       the starting kingdom (no legacy operations)
  11–70      the round sequence; parchments 15, 23 (opens the legacy part), 36, 47, 58, 68 (the
             coronation, which discovers 69 and 70 and so announces the last round)
  71–135     discovered only through effects (every one from a card that can be reached)
  136–138    the built-in expansions
Usual stage chain: F0 --↓--> F180 --→--> B180 (--↓--> B0); depth d has production worth
1–2 / 2–3 / 3–4 / 4–6 (gold = wood = 1, stone 1.5, metal = military 2, trade 2.5), fame 0 / 0–3 /
2–6 / 5–12 and upgrade costs worth 2–4 / 4–7 / 6–10 (C-11).
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from klg import *  # noqa: E402,F403

C = []


def add(c):
    C.append(c)


FRIENDLY = dict(hostile=False)

# ============================================================== 0: title card
add(card(0, "inert", F0=st("The Realm Awaits", "event",
                           text="Welcome, young ruler. Cards 1–10 are your kingdom; the rest wait in the box.")))

# ============================================================== 1–10 starting kingdom
for i in (1, 2, 3):
    add(card(i,
             F0=st("Fallow Field", "land", "g1", up=[("r", "w2")]),
             F180=st("Ploughed Field", "land", "g2", fame=1, up=[("f", "g2w2")]),
             B180=st("Farmstead", "building", "g2w1", fame=3, up=[("r", "g3s2")]),
             B0=st("Manor Farm", "building", "g3w1", fame=6)))
for i in (4, 5):
    add(card(i,
             F0=st("Pinewood", "land", "w1", up=[("r", "g2")]),
             F180=st("Timber Stand", "land", "w2", fame=1, up=[("f", "g3s1")]),
             B180=st("Lumber Yard", "building", "w3", fame=3,
                     eff=[fx(REPEAT, [gain("s1")], cost="w2")])))
add(card(6,
         F0=st("Rocky Hillside", "land", "s1", up=[("r", "g1w2")]),
         F180=st("Stone Quarry", "land", "s2", fame=1, up=[("f", "g2w2")]),
         B180=st("Mason's Yard", "building", "g1s2", fame=3)))
# the rulebook's card-7 situation: the card turns itself with its own effect (not an upgrade)
add(card(7,
         F0=st("Old Forest", "land", "w1", up=[("r", "g2")],
               eff=[fx(ACT, [gain("w2"), turn(THIS, "flip")])]),
         F180=st("Ancient Oaks", "land", "w2", fame=2),
         B0=st("Forest Clearing", "land", "g1w1", fame=1, up=[("r", "g2w2")]),
         B180=st("Woodland Village", "building", "g2w1", fame=4)))
add(card(8,
         F0=st("Village Square", "building", "g1", up=[("r", "w3")]),
         F180=st("Market Square", "building", "g1|t1", fame=1, up=[("f", "g2s2")],
                 eff=[fx(REPEAT, [gain("t1")], cost="g3")]),
         B180=st("Market Town", "building", "g2|t1;g1", fame=4)))
add(card(9,
         F0=st("Peasant Family", "person", "g1|w1", up=[("r", "g1w1")]),
         F180=st("Freeholders", "person", "g2|w2", fame=1, up=[("f", "g2w2")],
                 eff=[fx(AFTER_MAY, [put_on_deck(sel("discard", cat="land"), "top")])]),
         B180=st("Yeomen", "person", "g2w1", fame=3)))
add(card(10,
         F0=st("Squire", "person", "x1", sub=["knight"], up=[("r", "g2w1")]),
         F180=st("Knight", "person", "g1x1", sub=["knight"], fame=2, up=[("f", "g2s2")],
                 eff=[fx(ACT, [block(sel(hostile=True))])]),
         B180=st("Castellan", "person", "x2", sub=["knight"], fame=4, prot=["block"])))

# ============================================================== 11–22 (before card 23: no legacy operations)
add(card(11,
         F0=st("Meadow", "land", "g1", up=[("f", "w2"), ("r", "w1s1")]),
         B0=st("Hay Meadow", "land", "g1w1", fame=1, up=[("r", "g3w1")]),
         F180=st("Bee Meadow", "land", "g2", fame=2),
         B180=st("Manor Meadows", "land", "g2w1", fame=4)))
add(card(12,
         F0=st("Woodcutter", "person", "w1", up=[("r", "g2")],
               eff=[fx(REPEAT, [gain("g1")], cost="w2")]),
         F180=st("Forester", "person", "w2", fame=1, up=[("f", "g2s2")],
                 eff=[fx(REPEAT, [gain("s1")], cost="w2")]),
         B180=st("Royal Forester", "person", "g1w2", fame=3)))
add(card(13,
         F0=st("Brigands", "enemy", fame=-1,
               eff=[fx(AFTER, [block(sel(hostile=False, produces="g"))]),
                    fx(DESTROY, [gain("g1")], cost="x1")])))
add(card(14,
         F0=st("Smithy", "building", "m1", up=[("r", "w2s1")]),
         F180=st("Forge", "building", "g1m1", fame=1, up=[("f", "g1s2m1")],
                 eff=[fx(REPEAT, [gain("x1")], cost="g1m1")]),
         B180=st("Armourer", "building", "m1x1", fame=4)))
add(parchment(15, "The Surveyor's Map", [discover(71)],
              "A parchment: discover card 71, then destroy this parchment."))
add(card(16,
         F0=st("Wayside Chapel", "building", perm=True, fame=1, up=[("f", "g2s1")],
               eff=[fx(ENDS, [put_on_deck(sel("discard"), "top")])]),
         B0=st("Parish Church", "building", perm=True, fame=3,
               # Two choices of one card each rather than one of up to two: a discard pile of
               # 60 cards would otherwise list ~1,800 pairs as separate legal actions.
               eff=[fx(ENDS, [put_on_deck(sel("discard", 1, "up_to"), "top"),
                              put_on_deck(sel("discard", 1, "up_to"), "top")])])))
add(card(17,
         F0=st("Marshland", "land", "w1", up=[("r", "g2w1")]),
         F180=st("Drained Fens", "land", "w1s1", fame=1, up=[("f", "g2s2")]),
         B180=st("Peat Works", "building", "w2s1", fame=3)))
add(card(18,
         F0=st("Flock of Sheep", "livestock", "g1", up=[("r", "g1w2")]),
         F180=st("Shepherd's Hill", "livestock", "t1", fame=1, up=[("f", "g3s1")]),
         B180=st("Weavers' Row", "building", "g1t1", fame=3)))
add(card(19,
         F0=st("Stone Bridge", "building", "s1", up=[("f", "w2s1")]),
         B0=st("Fortified Bridge", "building", "g1s1", fame=2, up=[("r", "s2m1")],
               eff=[fx(ACT, [put_on_deck(sel(hostile=True), "bottom")])]),
         B180=st("Bridge Gatehouse", "building", "g1s2", fame=4)))
add(card(20,
         F0=st("Wolf Pack", "enemy",
               eff=[fx(AFTER, [discard(sel(cat="livestock"))]),
                    fx(ACT, [turn(THIS, "flip")], cost="x2")]),
         B0=st("Tamed Hounds", "livestock", "g1x1", fame=1, up=[("r", "g2w2")]),
         B180=st("Royal Kennels", "livestock", "g2x1", fame=3)))
add(card(21,
         F0=st("Hilltop Monastery", "building", "g1", up=[("r", "s2")]),
         F180=st("Abbey", "building", "g2", fame=2, up=[("f", "g2s2")],
                 eff=[fx(ACT, [discover_choice([72, 73], 1, "stay")])]),
         B180=st("Great Abbey", "building", "g1t1", fame=4,
                 eff=[fx(AFTER_MAY, [discover(72, 73)])])))
add(card(22,
         F0=st("Reeve", "person", "g1", up=[("r", "g2w1")],
               eff=[fx(EOT_MAY, [stay_in_play()])]),
         F180=st("Steward", "person", "g2", fame=1, up=[("f", "g3s1")],
                 eff=[fx(REPEAT, [gain("s1")], cost="g2")]),
         B180=st("Seneschal", "person", "g2w1", fame=3, prot=["block"])))

# ============================================================== 23: the legacy part opens
add(parchment(23, "The King's Charter",
              [discover(74), discover_choice([75, 76, 77], 1, "destroy")],
              "A parchment: from now on destroyed cards are gone for good and the kingdom can no "
              "longer be reset. Discover card 74; look at cards 75, 76 and 77, discover one of "
              "them and destroy the other two."))

# ============================================================== 24–35
add(card(24,
         F0=st("Riverbank", "land", "g1|w1", up=[("r", "g2")]),
         F180=st("Water Meadows", "land", "g1w1", fame=1, up=[("f", "s2w2")],
                 eff=[fx(AFTER_MAY, [discover_choice([85, 86])])]),
         B180=st("River Port", "building", "g1t1", fame=3)))
add(card(25,
         F0=st("Bailiff", "person", "g1", up=[("r", "g2w1")],
               eff=[fx(ACT, [destroy(sel(hostile=True))], cost="x1")]),
         F180=st("High Bailiff", "person", "g1x1", fame=2, up=[("f", "g2m1")]),
         B180=st("Sheriff", "person", "g2x1", fame=4,
                 eff=[fx(AFTER, [gain_per("g1", sel(hostile=True, mode="all"))])])))
add(card(26,
         F0=st("Fishing Boats", "seafaring", "g1", sub=["ship"], up=[("f", "w3")],
               eff=[fx(ACT, [discover(85)], once=True)]),
         B0=st("Fishing Fleet", "seafaring", "t1", sub=["ship"], fame=1, up=[("r", "g2w2")]),
         B180=st("Herring Fleet", "seafaring", "g1t1", sub=["ship"], fame=3)))
add(card(27,
         F0=st("Vineyard Slopes", "land", "g1", up=[("r", "g1w2")]),
         F180=st("Terraced Vines", "land", "t1", fame=1, up=[("f", "g3s1")],
                 eff=[fx(AFTER_MAY, [discover(87)])]),
         B180=st("Wine Estate", "land", "g1t1", fame=4,
                 eff=[fx(REPEAT, [sticker(6)], once=True)])))
add(card(28,
         F0=st("Watchtower", "building", "s1", up=[("r", "w2s1")]),
         F180=st("Stone Watchtower", "building", perm=True, fame=2, up=[("f", "s2m2")],
                 eff=[fx(STATIC, mods=[m_protect(sel(cat="land", mode="all"), ["block"])])]),
         B180=st("Beacon Tower", "building", perm=True, fame=5,
                 eff=[fx(STATIC, mods=[m_protect(sel(hostile=False, mode="all"), ["block"])])])))
add(card(29,
         F0=st("Rival Baron", "enemy", fame=-2,
               eff=[fx(AFTER, [block(sel(cat="person"))]),
                    fx(STATIC, mods=[m_stays()]),
                    fx(ACT, [turn(THIS, "B180")], cost="x3")]),
         B180=st("Sworn Vassal", "person", "g1x1", sub=["knight"], fame=2, up=[("r", "g2m2")]),
         B0=st("Loyal Marcher Lord", "person", "x2", sub=["knight"], fame=5)))
add(card(30,
         F0=st("Iron Hills", "land", "m1", up=[("r", "g2w2")]),
         F180=st("Iron Mine", "land", "g1m1", fame=1, up=[("f", "s2w3")],
                 eff=[fx(AFTER_MAY, [discover(93)])]),
         B180=st("Deep Mine", "building", "m2", fame=3,
                 eff=[fx(ACT, [increase_production(THIS)], once=True)])))
add(card(31,
         F0=st("Lady of the Manor", "person", "g1", sub=["lady"], up=[("r", "g3")],
               eff=[fx(AFTER_MAY, [put_on_deck(sel("discard", cat="person"), "top")])]),
         F180=st("Lady of the Court", "person", "t1", sub=["lady"], fame=2, up=[("f", "g3t1")],
                 eff=[fx(ACT, [tick()], cost="g2")], boxes=[box(2), box(2), box(2)]),
         B180=st("Dowager", "person", "g1t1", sub=["lady"], fame=4,
                 eff=[fx(AFTER_MAY, [discover(105)])])))
add(card(32,
         F0=st("Mill", "building", "g1", up=[("r", "w2s1")]),
         F180=st("Watermill", "building", "g2", fame=1, up=[("f", "g3s2")],
                 eff=[fx(REPEAT, cost=[TICK_SELF])],
                 boxes=[box(gain="g2"), box(gain="g2"), box(gain="w2"), box(gain="s2")]),
         B180=st("Great Mill", "building", "g2w1", fame=4)))
add(card(33,
         F0=st("Orchard", "land", "g1", up=[("r", "w2")],
               eff=[fx(AFTER, [gain("g1")])]),
         F180=st("Cider Orchard", "land", "g2", fame=1, up=[("f", "g2w1s1")]),
         B180=st("Cider Press", "building", "g1t1", fame=3,
                 eff=[fx(EOT_MAY, [discover(88)])])))
add(card(34,
         F0=st("Tax Collector", "person", "g1", up=[("r", "g3")],
               eff=[fx(AFTER, [gain_per("g1", sel(cat="building", mode="all"))])]),
         F180=st("Exchequer Clerk", "person", "g2", fame=1, up=[("f", "g4t1")],
                 eff=[fx(AFTER, [gain_per("g1", sel(cat="building", mode="all"))]),
                      fx(AFTER_MAY, [discover(103)])]),
         B180=st("Lord Treasurer", "person", "g3", fame=4,
                 eff=[fx(ACT, [sticker(1, sel(produces="g"))], once=True)])))
add(card(35,
         F0=st("Guardhouse", "building", "x1", up=[("r", "w1s2")]),
         F180=st("Garrison", "building", "g1x1", fame=1, up=[("f", "s2m2")],
                 eff=[fx(ACT, [block(sel(hostile=True, n=2, mode="up_to"))])]),
         B180=st("Barbican", "building", "x2", fame=4, prot=["block", "destroy"])))

# ============================================================== 36–47
add(parchment(36, "The Great Census",
              [discover(78), discover_choice([81, 82]),
               sticker(7, sel("kingdom", cat="building"))],
              "A parchment: discover card 78; look at cards 81 and 82 and discover one of them; "
              "apply sticker 7 (+2 fame) to a building in your kingdom."))
add(card(37,
         F0=st("Salt Marsh", "land", "g1|s1", up=[("r", "g1w2")]),
         F180=st("Salt Pans", "land", "t1", fame=1, up=[("f", "g2w2s1")],
                 eff=[fx(AFTER_MAY, [discover(100)])]),
         B180=st("Salt Road", "land", "g1t1", fame=3)))
add(card(38,
         F0=st("Heathland", "land", "w1", up=[("f", "g2")],
               eff=[fx(ACT, [gain("g1w1")])]),
         B0=st("Heather Moor", "land", "g1w1", fame=1, up=[("r", "g2s2")],
               eff=[fx(AFTER_MAY, [discover(79)])]),
         B180=st("Grouse Moor", "land", "g2w1", fame=3)))
add(card(39,
         F0=st("Harbour", "seafaring", "g1", up=[("r", "w2s1")],
               eff=[fx(AFTER_MAY, [discover(85)])]),
         F180=st("Trading Harbour", "seafaring", "t1", fame=1, up=[("f", "g1w2s2")],
                 eff=[fx(AFTER_MAY, [discover_choice([97, 98])])]),
         B180=st("Royal Docks", "seafaring", "g1t1", fame=4)))
add(card(40,
         F0=st("Royal Forest", "land", "w2", up=[("r", "g2")]),
         F180=st("Hunting Forest", "land", "g1w2", fame=1, up=[("f", "g2x2")],
                 eff=[fx(ACT, [discover_choice([126, 127])])]),
         B180=st("King's Chase", "land", "w2x1", fame=4)))
add(card(41,
         F0=st("Master Mason", "person", "s1", up=[("r", "g2w1")],
               eff=[fx(ACT, [increase_production(sel(cat="building"))])]),
         F180=st("Cathedral Builder", "person", "g1s1", fame=2, up=[("f", "g3m1")],
                 eff=[fx(ACT, [sticker(3, sel(produces="s"))])]),
         B180=st("King's Architect", "person", "g1s2", fame=4)))
add(card(42,
         F0=st("Curtain Wall", "building", perm=True, fame=2, up=[("f", "s2")], order=True,
               eff=[fx(ENDS, [tick(THIS, "in_order")], cost="s2")],
               boxes=[box(1), box(1), box(2), box(3)]),
         B0=st("Castle Walls", "building", perm=True, fame=4,
               eff=[fx(STATIC, mods=[m_protect(sel("kingdom", cat="building", mode="all",
                                                   self_=False), ["destroy"])])])))
add(card(43,
         F0=st("Silver Mine", "land", "g2", up=[("r", "w2s1")],
               eff=[fx(AFTER_MAY, [discover(104)])]),
         F180=st("Silver Workings", "land", "g3", fame=1, up=[("f", "w2m2")]),
         B180=st("Royal Mint", "building", "g4", fame=4,
                 eff=[fx(REPEAT, [sticker(1)], once=True)])))
add(card(44,
         F0=st("Warhorses", "livestock", "x1", sub=["horse"], up=[("r", "g2w1")]),
         F180=st("Destriers", "livestock", "g1x1", sub=["horse"], fame=1, up=[("f", "g2w1x1")],
                 eff=[fx(AFTER_MAY, [discover(91)])]),
         B180=st("Royal Stables", "building", "x2", fame=4,
                 eff=[fx(STATIC, mods=[m_stays(sel(sub="knight", mode="all"))])])))
add(card(45,
         F0=st("Knight Errant", "person", "x1", sub=["knight"], up=[("r", "g3")],
               eff=[fx(ACT, [destroy(sel(hostile=True))])]),
         F180=st("Knight of the Realm", "person", "g1x1", sub=["knight"], fame=2, up=[("f", "m1x2")],
                 eff=[fx(AFTER_MAY, [discover_choice([113, 114])])]),
         B180=st("Champion", "person", "x2", sub=["knight"], fame=5,
                 eff=[fx(ACT, [sticker(10)], once=True)])))
add(card(46,
         F0=st("Town Hall", "building", "g1", up=[("r", "w1s2")]),
         F180=st("Guild Town Hall", "building", "g2", fame=1, up=[("f", "g3s2")],
                 eff=[fx(ACT, [gain_per("g1", sel(cat="person", mode="all"))])]),
         B180=st("Town Charter", "building", perm=True, fame=5,
                 eff=[fx(ROUND_START, [discover(101)]),
                      fx(REPEAT, [gain("t1")], cost="g3")])))
add(parchment(47, "A Royal Wedding",
              [discover_choice([105, 106]), discover(107)],
              "A parchment: look at cards 105 and 106 and discover one of them; discover card 107."))

# ============================================================== 48–58
add(card(48,
         F0=st("Highland Pasture", "land", "g1", up=[("f", "g1w2")]),
         B0=st("Highland Grazing", "livestock", "g1w1", fame=1, up=[("r", "g2s2")],
               eff=[fx(AFTER_MAY, [discover(90)])]),
         B180=st("Cattle Drove", "livestock", "g1t1", fame=3)))
add(card(49,
         F0=st("Viking Raiders", "enemy", fame=-2,
               eff=[fx(AFTER, [discard(sel(hostile=False, n=2))]),
                    fx(DESTROY, [gain("g2"), discover(97)], cost="x2")])))
add(card(50,
         F0=st("Cathedral", "building", "s1", up=[("r", "w1s2")]),
         F180=st("Cathedral Works", "building", "g1s1", fame=1, up=[("f", "g1s2m1")], order=True,
                 eff=[fx(ENDS, [tick(THIS, "in_order")], cost="s2")],
                 boxes=[box(1), box(1), box(1, on_tick=[turn(THIS, "flip")])]),
         B180=st("Grand Cathedral", "building", perm=True, fame=6,
                 eff=[fx(STATIC, mods=[m_protect(sel(cat="person", mode="all"), ["destroy"])])])))
add(card(51,
         F0=st("Jousting Lists", "building", "x1", up=[("r", "g1w3")],
               eff=[fx(ACT, [gain_per("x1", sel(sub="knight", mode="all"))])]),
         F180=st("Tournament Grounds", "building", "g1x1", fame=2, up=[("f", "g3x1")],
                 eff=[fx(AFTER_MAY, [discover(110)])]),
         B180=st("Royal Lists", "building", "g2x1", fame=4,
                 eff=[fx(ACT, [tick()], cost="x2")], boxes=[box(2), box(2), box(2)])))
add(card(52,
         F0=st("Terraced Fields", "land", "g1", up=[("r", "s2")]),
         F180=st("Stone Terraces", "land", "g1s1", fame=1, up=[("f", "g2s2")],
                 eff=[fx(AFTER_MAY, [discover(121)])]),
         B180=st("Hanging Gardens", "land", "g2s1", fame=4)))
add(card(53,
         F0=st("Merchant Cog", "seafaring", "g1|w1", sub=["ship"], up=[("f", "w3")],
               eff=[fx(ACT, [gain("t1")])]),
         B0=st("Hanseatic Cog", "seafaring", "t1", sub=["ship"], fame=1, up=[("r", "g1w2m1")],
               eff=[fx(AFTER_MAY, [discover_choice([101, 102])])]),
         B180=st("Merchant Fleet", "seafaring", "g1t1", sub=["ship"], fame=4,
                 eff=[fx(REPEAT, [sticker(6)], once=True)])))
add(card(54,
         F0=st("Guild Hall", "building", "g1", up=[("r", "w2s1")]),
         F180=st("Craft Guild", "building", "g1m1", fame=1, up=[("f", "g2s1t1")],
                 eff=[fx(ACT, [increase_production(sel(cat="person"))], once=True)]),
         B180=st("Guild of Merchants", "building", "g1t1", fame=4,
                 eff=[fx(AFTER_MAY, [discover(102)])])))
add(card(55,
         F0=st("Clay Pits", "land", "s1", up=[("r", "g2")]),
         F180=st("Brickworks", "building", "s2", fame=1, up=[("f", "g2w2s1")],
                 eff=[fx(AFTER_MAY, [discover(84)])]),
         B180=st("Brick Kilns", "building", "g1s2", fame=3)))
add(card(56,
         F0=st("Alchemist", "person", "g1", up=[("r", "g2s1")],
               eff=[fx(REPEAT, [gain("t1")], cost="g1m1")]),
         F180=st("Court Alchemist", "person", "g1|m1", fame=2, up=[("f", "g2m2")],
                 eff=[fx(ACT, [discover_choice([123, 124, 125])], once=True)]),
         B180=st("Philosopher", "person", "g1t1", fame=4)))
add(card(57,
         F0=st("Usurper's Army", "enemy", fame=-3,
               eff=[fx(AFTER, [block(sel(hostile=False))]),
                    fx(STATIC, mods=[m_stays()]),
                    fx(ACT, [turn(THIS, "flip")], cost="x3")]),
         B0=st("Pardoned Rebels", "person", "g1x1", fame=1, up=[("r", "g2x2")]),
         B180=st("Loyal Militia", "person", "x2", fame=3)))
add(parchment(58, "The Pilgrims' Road",
              [discover(119), discover_choice([120, 122])],
              "A parchment: discover card 119; look at cards 120 and 122 and discover one of them."))

# ============================================================== 59–70
add(card(59,
         F0=st("Great Forest", "land", "w2", up=[("r", "g2s1")],
               eff=[fx(AFTER_MAY, [discover_choice([78, 79])])]),
         F180=st("Timberland", "land", "w3", fame=1, up=[("f", "g2w1s2")]),
         B180=st("Royal Timber Reserve", "land", "g1w3", fame=4)))
add(card(60,
         F0=st("Toll Bridge", "building", "g1", up=[("f", "w1s2")],
               eff=[fx(AFTER_MAY, [put_on_deck(sel(blocked=True), "bottom")])]),
         B0=st("Toll House", "building", "g2", fame=1, up=[("r", "g2s2")]),
         B180=st("Customs House", "building", "g1t1", fame=4)))
add(card(61,
         F0=st("Archbishop", "person", "g1", up=[("r", "g3")],
               eff=[fx(ACT, [destroy(sel(hostile=True))], cost="g2"),
                    fx(AFTER_MAY, [discover(129)])]),
         F180=st("Cardinal", "person", "g1|t1", fame=2, up=[("f", "g3t1")],
                 eff=[fx(ACT, [sticker(7, sel(cat="building"))])]),
         B180=st("Primate of the Realm", "person", "g1t1", fame=5)))
add(card(62,
         F0=st("Fertile Delta", "land", "g2", up=[("r", "w2s1")],
               eff=[fx(AFTER_MAY, [discover(131)])]),
         F180=st("Flood Meadows", "land", "g2w1", fame=1, up=[("f", "g3s2")]),
         B180=st("Delta Farms", "land", "g3w1", fame=4)))
add(card(63,
         F0=st("Harvest Festival", "event", "g2", up=[("r", "g2w2")],
               eff=[fx(ACT, [gain_per("g1", sel(cat="land", mode="all"))])]),
         F180=st("Midsummer Fair", "event", "t1", fame=2, up=[("f", "g3t1")],
                 eff=[fx(AFTER_MAY, [discover(118)])]),
         B180=st("Feast of the Crown", "event", sub=["goal"], fame=6,
                 text="A goal reached: the whole realm feasts in your honour.")))
add(card(64,
         F0=st("Black Knight", "enemy", fame=-2,
               eff=[fx(AFTER, [block(sel(sub="knight"))]),
                    fx(ACT, [turn(THIS, "rotate")], cost="x2")]),
         F180=st("Redeemed Knight", "person", "g1x1", sub=["knight"], fame=3, up=[("f", "m1x2")]),
         B180=st("Knight of the Order", "person", "x2", sub=["knight"], fame=6, prot=["destroy"])))
add(card(65,
         F0=st("Armoury", "building", "m1", up=[("r", "w1s2")],
               eff=[fx(AFTER_MAY, [discover(112)])]),
         F180=st("Arsenal", "building", "g1x1", fame=1, up=[("f", "s2m2")],
                 eff=[fx(REPEAT, [gain("x1")], cost="g1m1")]),
         B180=st("Royal Arsenal", "building", "m1x1", fame=4)))
add(card(66,
         F0=st("Crown Estates", "land", "g1", up=[("r", "g2w1")],
               eff=[fx(AFTER_MAY, [discover(135)])]),
         F180=st("Crown Manors", "land", "g2w1", fame=2, up=[("f", "g3s2")]),
         B180=st("Royal Demesne", "land", "g3w1", fame=5)))
add(card(67,
         F0=st("Queen Mother", "person", "g1", sub=["lady"], up=[("r", "g3")],
               eff=[fx(ACT, [gain_per("t1", sel(sub="lady", mode="all", self_=False))]),
                    fx(AFTER_MAY, [discover(132, 134)])]),
         F180=st("Regent", "person", "g2", sub=["lady"], fame=3, up=[("f", "g3t1")]),
         B180=st("Queen Regnant", "person", "g1t1", sub=["lady"], fame=6,
                 eff=[fx(ACT, [sticker(8)], once=True)])))
add(parchment(68, "The Coronation",
              [discover(69, 70), discover(133), sticker(10, sel("permanent"))],
              "A parchment: discover cards 69 and 70 (this round is the last of the base game) "
              "and card 133; apply sticker 10 (+5 fame) to one of your permanent cards."))
add(card(69,
         F0=st("Royal Palace", "building", "g2", up=[("r", "w1s2")]),
         F180=st("Palace Halls", "building", "g3", fame=2, up=[("f", "g1s2m1")]),
         B180=st("Throne Room", "building", perm=True, fame=6,
                 eff=[fx(STATIC, mods=[m_protect(sel(cat="person", mode="all"), ["block"])])])))
add(card(70,
         F0=st("Crown Lands", "land", "g2", up=[("r", "g2w2")]),
         F180=st("The Realm United", "land", "g3", fame=3)))

# ============================================================== 71–73 (reachable before card 23: no legacy operations)
add(card(71,
         F0=st("Hidden Valley", "land", "g1|w1", up=[("r", "g2")]),
         F180=st("Valley Farms", "land", "g1w1", fame=2, up=[("f", "g2s2")]),
         B180=st("Valley Hold", "building", "g2w1", fame=4)))
add(card(72,
         F0=st("Hermit", "person", "g1", up=[("r", "g2")],
               eff=[fx(ACT, [put_on_deck(sel("discard"), "top")])]),
         F180=st("Wise Hermit", "person", "g2", fame=2)))
add(card(73,
         F0=st("Apothecary", "building", "g1", up=[("r", "w2s1")],
               eff=[fx(ACT, [discard(sel(hostile=True))])]),
         F180=st("Herbalist's Shop", "building", "g2", fame=2)))

# ============================================================== 74–135 (discovered through effects)
add(card(74,
         F0=st("The Royal Seal", "event", sub=["artefact"], perm=True, fame=3,
               eff=[fx(STATIC, mods=[m_protect(sel(cat="person", mode="all"), ["block"])]),
                    fx(REPEAT, [discover_choice([113, 114, 115])], once=True)])))
add(card(75,
         F0=st("Royal Steward", "person", "g2", up=[("r", "g3")],
               eff=[fx(AFTER_MAY, [put_on_deck(sel("discard"), "top")])]),
         F180=st("Lord Steward", "person", "g3", fame=2, up=[("f", "g4t1")],
                 eff=[fx(ACT, [sticker(1, sel(produces="g"))], once=True)]),
         B180=st("Lord High Steward", "person", "g4", fame=5)))
add(card(76,
         F0=st("Tithe Barn", "building", "g1w1", up=[("r", "w2s1")],
               eff=[fx(ACT, cost=[TICK_SELF])],
               boxes=[box(gain="g2"), box(gain="w2"), box(gain="s2"), box(gain="t1")]),
         F180=st("Great Barn", "building", "g2w1", fame=2)))
add(card(77,
         F0=st("Royal Galley", "seafaring", "x1", sub=["ship"], up=[("f", "w2m1")],
               eff=[fx(AFTER_MAY, [discover(98)])]),
         B0=st("War Galley", "seafaring", "g1x1", sub=["ship"], fame=2,
               eff=[fx(ACT, [put_on_deck(sel(hostile=True), "bottom")])])))
add(card(78,
         F0=st("Deep Forest", "land", "w2", up=[("r", "g2s1")],
               eff=[fx(AFTER, [discover(80)])]),
         F180=st("Charcoal Burners", "land", "g1w2", fame=1, up=[("f", "g2s1m1")]),
         B180=st("Ironwood Forest", "land", "g1w3", fame=4)))
add(card(79,
         F0=st("Wild Moor", "land", "g1", up=[("f", "g1w2")],
               eff=[fx(ACT, [gain_any(1)])]),
         B0=st("Moorland Farm", "land", "g1w1", fame=1, up=[("r", "g2s2")]),
         B180=st("Moorland Abbey", "building", "g1t1", fame=4)))
add(card(80,
         F0=st("Outlaws of the Wood", "enemy", fame=-1,
               eff=[fx(AFTER, [discard(sel(hostile=False, produces="w"))]),
                    fx(DESTROY, [gain("w2")], cost="x1")])))
add(card(81,
         F0=st("Sawmill", "building", "w2", up=[("r", "s2")]),
         F180=st("Water Sawmill", "building", "w3", fame=1, up=[("f", "g1s2m1")],
                 eff=[fx(REPEAT, [increase_production(THIS)], once=True)]),
         B180=st("Timber Guild", "building", "g1w3", fame=4)))
add(card(82,
         F0=st("Quarry Cliffs", "land", "s1", up=[("r", "g1w2")],
               eff=[fx(AFTER_MAY, [discover(83)])]),
         F180=st("Cliff Quarry", "land", "s2", fame=1, up=[("f", "g2w2m1")]),
         B180=st("Marble Quarry", "land", "g1s2", fame=4)))
add(card(83,
         F0=st("Stonemason's Apprentice", "person", "s1", up=[("r", "g2w1")],
               eff=[fx(ACT, [increase_production(sel(produces="s"))], once=True)]),
         F180=st("Journeyman Mason", "person", "s2", fame=2)))
add(card(84,
         F0=st("Lime Kiln", "building", "s1", up=[("r", "w3")]),
         F180=st("Mortar Works", "building", "g1s1", fame=2,
                 eff=[fx(REPEAT, [gain("s1")], cost="w2")])))
add(card(85,
         F0=st("Fishing Village", "seafaring", "g1", up=[("f", "g1w2")],
               eff=[fx(AFTER_MAY, [discover(86)])]),
         B0=st("Fishing Town", "seafaring", "g2", fame=1, up=[("r", "g2w1s1")]),
         B180=st("Fishmongers' Guild", "building", "g1t1", fame=3)))
add(card(86,
         F0=st("Pearl Divers", "seafaring", "g2", up=[("r", "g1w2")],
               eff=[fx(AFTER, [discover(96)])]),
         F180=st("Pearl Traders", "seafaring", "t1", fame=2)))
add(card(87,
         F0=st("Southern Vineyard", "land", "g1", up=[("r", "w2")],
               eff=[fx(AFTER_MAY, [discover(88)])]),
         F180=st("Vine Terraces", "land", "t1", fame=2, up=[("f", "g2s2")],
                 eff=[fx(ACT, [sticker(7, THIS, "B180")], once=True)]),
         B180=st("Grand Cru", "land", "g1t1", fame=5)))
add(card(88,
         F0=st("Winery", "building", "g2", up=[("r", "w2s1")],
               eff=[fx(AFTER_MAY, [discover(89)])]),
         F180=st("Wine Press", "building", "t1", fame=2,
                 eff=[fx(EOT_MAY, [tick()])], boxes=[box(1), box(1), box(1)])))
add(card(89,
         F0=st("Vintner", "person", "g1", up=[("r", "g2w1")],
               eff=[fx(ACT, [gain("t1")])]),
         F180=st("Master Vintner", "person", "t1", fame=2)))
add(card(90,
         F0=st("Cattle Herd", "livestock", "g2", up=[("r", "g1w2")]),
         F180=st("Dairy Farm", "livestock", "g2w1", fame=1, up=[("f", "g2s2")]),
         B180=st("Cattle Market", "building", "g1t1", fame=4)))
add(card(91,
         F0=st("Stud Farm", "livestock", "x1", sub=["horse"], up=[("r", "g2w2")],
               eff=[fx(AFTER_MAY, [discover(92)])]),
         F180=st("Royal Stud", "livestock", "g1x1", sub=["horse"], fame=2)))
add(card(92,
         F0=st("Stable Master", "person", "g1", up=[("r", "g2x1")],
               eff=[fx(STATIC, mods=[m_stays(sel(cat="livestock", mode="all"))])]),
         F180=st("Master of Horse", "person", "g1x1", fame=2)))
add(card(93,
         F0=st("Iron Vein", "land", "m1", up=[("r", "g2w2")],
               eff=[fx(AFTER_MAY, [discover(94)])]),
         F180=st("Iron Pit", "land", "g1m1", fame=1, up=[("f", "g1w2s2")]),
         B180=st("Iron Works", "building", "m2", fame=4)))
add(card(94,
         F0=st("Foundry", "building", "m1", up=[("r", "w1s2")],
               eff=[fx(AFTER_MAY, [discover(95)])]),
         F180=st("Bell Foundry", "building", "g1m1", fame=2,
                 eff=[fx(ACT, [sticker(4, sel(produces="m"))])])))
add(card(95,
         F0=st("Blacksmith", "person", "m1", up=[("r", "g2w1")],
               eff=[fx(REPEAT, [gain("x1")], cost="m1")]),
         F180=st("Master Smith", "person", "g1m1", fame=2,
                 eff=[fx(ACT, [sticker(5, sel(produces="x"))], once=True)])))
add(card(96,
         F0=st("Sea Raiders", "enemy", fame=-2,
               eff=[fx(AFTER, [block(sel(cat="seafaring"))]),
                    fx(DESTROY, [gain("g3"), discover(97)], cost="x2")])))
add(card(97,
         F0=st("Warship", "seafaring", "x1", sub=["ship"], up=[("f", "w2m1")],
               eff=[fx(ACT, [destroy(sel(hostile=True))])]),
         B0=st("Great Ship", "seafaring", "g1x1", sub=["ship"], fame=2,
               eff=[fx(ACT, [destroy(sel(hostile=True))])])))
add(card(98,
         F0=st("Shipyard", "building", "w1", up=[("r", "g1w2")],
               eff=[fx(AFTER_MAY, [discover(99)])]),
         F180=st("Royal Shipyard", "building", "w1m1", fame=2,
                 eff=[fx(ACT, [sticker(2, sel(produces="w"))])])))
add(card(99,
         F0=st("Admiral", "person", "x1", up=[("r", "g2x1")],
               eff=[fx(STATIC, mods=[m_stays(sel(sub="ship", mode="all"))])]),
         F180=st("Lord Admiral", "person", "g1x1", fame=3)))
add(card(100,
         F0=st("Marsh Island", "land", "g1", up=[("r", "w2s1")]),
         F180=st("Island Saltworks", "land", "t1", fame=1, up=[("f", "g2w1t1")]),
         B180=st("Island Fortress", "building", perm=True, fame=5,
                 eff=[fx(STATIC, mods=[m_protect(sel("kingdom", cat="seafaring", mode="all"),
                                                  ["destroy"])])])))
add(card(101,
         F0=st("Market Hall", "building", "g2", up=[("r", "w1s2")],
               eff=[fx(AFTER, [discover(128)])]),
         F180=st("Covered Market", "building", "g1|t1", fame=2,
                 eff=[fx(REPEAT, [gain("t1")], cost="g3")])))
add(card(102,
         F0=st("Merchant Prince", "person", "g2", up=[("r", "g4")],
               eff=[fx(ACT, [gain_per("t1", sel(cat="seafaring", mode="all"))])]),
         F180=st("Prince of the League", "person", "t1", fame=3)))
add(card(103,
         F0=st("Counting House", "building", "g2", up=[("r", "g1s2")],
               eff=[fx(AFTER, [discover(117)])]),
         F180=st("Lombard Bank", "building", "g3", fame=2,
                 eff=[fx(ENDS, [tick()]), fx(AFTER, [gain_per("g1", "ticked")])],
                 boxes=[box(), box(), box(), box()])))
add(card(104,
         F0=st("Silver Seam", "land", "g2", up=[("r", "w2m1")]),
         F180=st("Silver Lode", "land", "g3", fame=2)))
add(card(105,
         F0=st("Courtier", "person", "g1", sub=["lady"], up=[("r", "g3")],
               eff=[fx(AFTER_MAY, [stay_in_play()])]),
         F180=st("Lady-in-Waiting", "person", "t1", sub=["lady"], fame=3)))
add(card(106,
         F0=st("Troubadour", "person", "g1", up=[("r", "g2w1")],
               eff=[fx(ACT, [gain_per("g1", sel(sub="lady", mode="all"))])]),
         F180=st("Court Minstrel", "person", "t1", fame=2,
                 eff=[fx(ACT, [sticker(7, sel(sub="lady"))], once=True)])))
add(card(107,
         F0=st("The Grand Tournament", "event", sub=["goal"],
               eff=[fx(ACT, [tick()], cost="x2"), fx(AFTER_MAY, [discover(116)])],
               boxes=[box(3), box(3), box(3)])))
add(card(108,
         F0=st("Robber Knight", "enemy", fame=-2,
               eff=[fx(AFTER, [discard(sel(hostile=False, n=2, mode="up_to"))]),
                    fx(ACT, [turn(THIS, "rotate")], cost="x2")]),
         F180=st("Hedge Knight", "person", "g1x1", sub=["knight"], fame=2)))
add(card(109,
         F0=st("Barracks", "building", "x1", up=[("r", "w1s2")],
               eff=[fx(AFTER_MAY, [discover(111)])]),
         F180=st("Barracks Yard", "building", "g1x1", fame=1, up=[("f", "s2m2")]),
         B180=st("Citadel", "building", perm=True, fame=6,
                 eff=[fx(STATIC, mods=[m_protect(sel(hostile=False, mode="all"), ["block"])]),
                      fx(ENDS, [destroy(sel(hostile=True))], cost="x2")])))
add(card(110,
         F0=st("Sergeant-at-Arms", "person", "x1", sub=["knight"], up=[("r", "g3")],
               eff=[fx(AFTER_MAY, [discover(109)])]),
         F180=st("Captain of the Guard", "person", "g1x1", sub=["knight"], fame=2,
                 eff=[fx(ACT, [block(sel(hostile=True))])])))
add(card(111,
         F0=st("Crossbowmen", "person", "x1", up=[("r", "g2w2")],
               eff=[fx(ACT, [destroy(sel(hostile=True))])]),
         F180=st("Arbalesters", "person", "g1x1", fame=2)))
add(card(112,
         F0=st("Siege Workshop", "building", "w1", up=[("r", "w2m1")],
               eff=[fx(AFTER_MAY, [discover(115)])]),
         F180=st("Siege Engines", "building", "g1x1", fame=2)))
add(card(113,
         F0=st("Frontier March", "land", "x1", up=[("r", "g2w1")],
               eff=[fx(AFTER, [discover(108)])]),
         F180=st("Marcher Lands", "land", "g1x1", fame=2)))
add(card(114,
         F0=st("Conquered Valley", "land", "g1", up=[("r", "g1x1")]),
         F180=st("Pacified Valley", "land", "g2w1", fame=3)))
add(card(115,
         F0=st("Border Fort", "building", perm=True, fame=2, up=[("f", "w1s2")],
               eff=[fx(ENDS, [destroy(sel(hostile=True))], cost="x2")]),
         B0=st("Border Castle", "building", perm=True, fame=4, prot=["destroy", "purge"])))
add(card(116,
         F0=st("Paladin", "person", "x1", sub=["knight"], up=[("r", "g2x1")],
               eff=[fx(STATIC, mods=[m_protect(sel(sub="knight", mode="all", self_=False),
                                               ["block", "destroy"])])]),
         F180=st("Holy Paladin", "person", "g1x1", sub=["knight"], fame=3)))
add(card(117,
         F0=st("Peasant Revolt", "enemy", fame=-1,
               eff=[fx(AFTER, [block(sel(cat="building"))]),
                    fx(STATIC, mods=[m_stays()]),
                    fx(ACT, [turn(THIS, "flip")], cost="g2x2")]),
         B0=st("Reconciled Commons", "person", "g1w1", fame=2)))
add(card(118,
         F0=st("Common Land", "land", "g1", up=[("r", "w2")]),
         F180=st("Village Green", "land", "g1w1", fame=1, up=[("f", "g2w2")]),
         B180=st("Market Green", "land", "g1t1", fame=3)))
add(card(119,
         F0=st("Almshouse", "building", "g1", up=[("r", "s2")], order=True,
               eff=[fx(ACT, [tick(THIS, "in_order")], cost="g2")],
               boxes=[box(1), box(1), box(1, on_tick=[discover(130)])]),
         F180=st("Hospice", "building", "g2", fame=2)))
add(card(120,
         F0=st("Friar", "person", "g1", up=[("r", "g2")],
               eff=[fx(AFTER_MAY, [discover(124)])]),
         F180=st("Prior", "person", "g2", fame=2,
                 eff=[fx(ACT, [tick(sel(cat="building"))])])))
add(card(121,
         F0=st("Monastic Gardens", "land", "g1|w1", up=[("r", "w2s1")],
               eff=[fx(ACT, [gain("g1w1")])]),
         F180=st("Herb Gardens", "land", "g2", fame=2)))
add(card(122,
         F0=st("Scriptorium", "building", "g1", up=[("r", "w1s2")],
               eff=[fx(AFTER_MAY, [discover(123)])]),
         F180=st("Library", "building", "t1", fame=2,
                 eff=[fx(REPEAT, [sticker(7)], once=True)])))
add(card(123,
         F0=st("Illuminated Bible", "event", sub=["artefact"], perm=True, fame=3,
               eff=[fx(END_ROUND_MAY, [tick()])], boxes=[box(1), box(1), box(1)])))
add(card(124,
         F0=st("Scholar", "person", "g1", up=[("r", "g3")],
               eff=[fx(AFTER_MAY, [discover(125)])]),
         F180=st("Master of Arts", "person", "t1", fame=2)))
add(card(125,
         F0=st("University", "building", "g1", up=[("r", "w1s2")]),
         F180=st("Royal University", "building", perm=True, fame=4,
                 eff=[fx(ENDS, [discover_choice([129, 130, 132])], once=True)])))
add(card(126,
         F0=st("Royal Hunting Grounds", "land", "w1", up=[("r", "g2x1")],
               eff=[fx(AFTER_MAY, [discover(127)])]),
         F180=st("Deer Park", "land", "w1x1", fame=2)))
add(card(127,
         F0=st("Royal Mews", "livestock", "g1", up=[("r", "g2w1")],
               eff=[fx(ACT, [gain("w1x1")])]),
         F180=st("Falconers' Court", "livestock", "g1x1", fame=2)))
add(card(128,
         F0=st("The Pestilence", "enemy", fame=-3,
               eff=[fx(AFTER, [discard(sel(cat="person")), END_TURN]),
                    fx(STATIC, mods=[m_stays()]),
                    fx(DESTROY, cost="g2x2")])))
add(card(129,
         F0=st("Hospital", "building", "g1", up=[("r", "w1s2")],
               eff=[fx(AFTER_MAY, [discover(130)])]),
         F180=st("Great Hospital", "building", "g2", fame=3,
                 eff=[fx(STATIC, mods=[m_protect(sel(cat="person", mode="all"), ["destroy"])])])))
add(card(130,
         F0=st("Physician", "person", "g1", up=[("r", "g3")],
               eff=[fx(ACT, [destroy(sel(ids=[128]))])]),
         F180=st("Royal Physician", "person", "g2", fame=3)))
add(card(131,
         F0=st("Golden Fields", "land", "g2", up=[("r", "w2s1")]),
         F180=st("Golden Harvest", "land", "g3", fame=2,
                 eff=[fx(REPEAT, [sticker(1)], once=True)])))
add(card(132,
         F0=st("Treasury", "building", perm=True, fame=3,
               eff=[fx(ENDS, [tick()], cost="g4")], boxes=[box(2), box(2), box(2), box(2)])))
add(card(133,
         F0=st("Jewel House", "building", perm=True, fame=5, prot=["destroy"])))
add(card(134,
         F0=st("Chancellor", "person", "g1", up=[("r", "g3")],
               eff=[fx(ACT, [gain_per("g1", sel("permanent", mode="all"))])]),
         F180=st("Lord Chancellor", "person", "g3", fame=3)))
add(card(135,
         F0=st("Elder Oak", "land", "w2", up=[("r", "g2s1")]),
         F180=st("Sacred Grove", "land", "g1w2", fame=3)))

# ============================================================== 136–138 expansions
EXP = lambda: {"purge_n": 12, "purge_permanent": 1, "rounds": 4,  # noqa: E731
               "round_stage": ["F0", "F180", "B180", "B0"]}
add(card(136, "expansion", expansion=EXP(),
         F0=st("The Northern Crusade I: Call to Arms", "event",
               eff=[fx(EOT_MAY, [put_on_deck(sel("discard", sub="knight"), "top")])],
               text="Expansion, round 1 of 4."),
         F180=st("The Northern Crusade II: The March North", "event",
                 eff=[fx(STATIC, mods=[m_stays(sel(sub="knight", mode="all"))])],
                 text="Expansion, round 2 of 4."),
         B180=st("The Northern Crusade III: Siege of the Ice Fort", "event",
                 eff=[fx(ENDS, [tick()], cost="x3")],
                 boxes=[box(on_tick=[increase_production(sel("kingdom", sub="knight"))])] * 3,
                 text="Expansion, round 3 of 4."),
         B0=st("The Northern Crusade IV: The Return", "event",
               eff=[fx(END_ROUND, [sticker(7, sel("kingdom", sub="knight"))])],
               text="Expansion, round 4 of 4; then the expansion ends.")))
add(card(137, "expansion", expansion=EXP(),
         F0=st("The Merchant League I: Caravans", "event",
               eff=[fx(EOT_MAY, [put_on_deck(sel("discard", cat="seafaring"), "bottom")])],
               text="Expansion, round 1 of 4."),
         F180=st("The Merchant League II: The Great Fair", "event",
                 eff=[fx(REPEAT, [tick()], cost="t2")], boxes=[box(gain="g4")] * 4,
                 text="Expansion, round 2 of 4."),
         B180=st("The Merchant League III: The Tax Roll", "event",
                 eff=[fx(ROUND_START, [purge(20)])],
                 text="Expansion, round 3 of 4."),
         B0=st("The Merchant League IV: A Golden Age", "event",
               eff=[fx(ENDS, [increase_production(sel())], cost="g4t1")],
               text="Expansion, round 4 of 4; then the expansion ends.")))
add(card(138, "expansion", expansion=EXP(),
         F0=st("The Long Winter I: First Frost", "event",
               eff=[fx(REPEAT, [gain("g2")], cost="w3")],
               text="Expansion, round 1 of 4."),
         F180=st("The Long Winter II: Famine", "event",
                 eff=[fx(ROUND_START, [purge_permanent(1)])],
                 text="Expansion, round 2 of 4."),
         B180=st("The Long Winter III: Deep Snow", "event",
                 eff=[fx(ENDS, [stay_in_play(sel(cat="person", n=2, mode="up_to"))], cost="g2w2")],
                 text="Expansion, round 3 of 4."),
         B0=st("The Long Winter IV: The Thaw", "event",
               eff=[fx(END_ROUND, [sticker(7, sel("kingdom", cat="land"))])],
               text="Expansion, round 4 of 4; then the expansion ends.")))

# ============================================================== 139: closing card
add(card(139, "inert", F0=st("Long Live the King", "event",
                             text="The chronicle of your reign ends here.")))


def main():
    ids = [c["id"] for c in C]
    assert ids == sorted(ids) and len(ids) == len(set(ids)), ids
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cards.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(C, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {len(C)} cards to {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
