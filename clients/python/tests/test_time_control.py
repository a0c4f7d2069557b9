"""Turn clocks through the helpers: a Claim game created with a 60 s per-move control carries its
clocks in the view, the seat to act on the clock and the other off it. (Timeouts themselves need
the server's test clock; the server's own suite covers them.)"""

from __future__ import annotations

from tablero import Tablero, chess_clock, daily, human, pb, per_move


def test_time_control_helpers_build_each_kind() -> None:
    assert per_move(60) == pb.TimeControl(per_move=pb.PerMoveTimeControl(seconds=60))
    clock = chess_clock(300, 5, on_timeout=pb.TIMEOUT_POLICY_RESIGN)
    assert clock.WhichOneof("control") == "chess_clock"
    assert (clock.chess_clock.initial_seconds, clock.chess_clock.increment_seconds) == (300, 5)
    assert clock.on_timeout == pb.TIMEOUT_POLICY_RESIGN
    assert daily(3).daily.days == 3


def test_a_60_s_per_move_game_puts_the_seat_to_act_on_the_clock(player: Tablero) -> None:
    # A player's app (no key) may time its game.
    created = player.create_game(
        "claim", [human("ann"), human("bob")], mode="base_2p", time_control=per_move(60)
    )
    view = created.view
    assert view.HasField("clock"), "a timed game's view carries its clock"
    clock = view.clock
    assert clock.control.per_move.seconds == 60
    assert len(view.to_act) == 1, "one seat acts first"
    to_act = view.to_act[0]
    assert sorted(s.seat for s in clock.seats) == [0, 1], "one clock per seat"
    for s in clock.seats:
        if s.seat == to_act:
            left = s.deadline_unix_ms - clock.now_unix_ms
            assert 55_000 <= left <= 60_000, f"seat {s.seat} has about 60 s left: {left} ms"
            assert clock.next_deadline_unix_ms == s.deadline_unix_ms
        else:
            assert s.deadline_unix_ms == 0, f"seat {s.seat} is off the clock"
    # The acting seat's own view shows the same deadline.
    token = next(c.token for c in created.credentials if c.seat == to_act)
    mine = player.seat(created.game_id, token).view()
    assert [s.deadline_unix_ms for s in mine.clock.seats] == [s.deadline_unix_ms for s in clock.seats]
