package tablero_test

import (
	"slices"
	"testing"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
)

// Turn clocks through the helpers: a Claim game created with a 60 s per-move control carries its
// clocks in the view, the seat to act on the clock and the other off it. (Timeouts themselves need
// the server's test clock; the server's own suite covers them.)

func TestTimeControlHelpers(t *testing.T) {
	if got := tablero.PerMove(60).GetPerMove().GetSeconds(); got != 60 {
		t.Errorf("PerMove(60): %d s", got)
	}
	chess := tablero.WithTimeoutPolicy(tablero.ChessClock(300, 5), pb.TimeoutPolicy_TIMEOUT_POLICY_RESIGN)
	if c := chess.GetChessClock(); c.GetInitialSeconds() != 300 || c.GetIncrementSeconds() != 5 {
		t.Errorf("ChessClock(300, 5): %v", c)
	}
	if chess.GetOnTimeout() != pb.TimeoutPolicy_TIMEOUT_POLICY_RESIGN {
		t.Errorf("policy: %v", chess.GetOnTimeout())
	}
	if got := tablero.Daily(3).GetDaily().GetDays(); got != 3 {
		t.Errorf("Daily(3): %d days", got)
	}
}

func TestPerMoveGamePutsTheSeatToActOnTheClock(t *testing.T) {
	player, ctx := dialPlayer(t) // a player's app: no key needed
	created, err := player.CreateGame(ctx, &pb.CreateGameRequest{
		GameType:    "claim",
		Mode:        "base_2p",
		Seats:       []*pb.SeatSpec{tablero.Human("ann"), tablero.Human("bob")},
		TimeControl: tablero.PerMove(60),
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	view := created.GetView()
	clock := view.GetClock()
	if clock == nil {
		t.Fatal("a timed game's view has no clock")
	}
	if got := clock.GetControl().GetPerMove().GetSeconds(); got != 60 {
		t.Errorf("the clock's control: %d s per move, want 60", got)
	}
	if len(view.GetToAct()) != 1 {
		t.Fatalf("to act: %v, want one seat", view.GetToAct())
	}
	toAct := view.GetToAct()[0]
	var seats []uint32
	for _, s := range clock.GetSeats() {
		seats = append(seats, s.GetSeat())
		if s.GetSeat() == toAct {
			left := s.GetDeadlineUnixMs() - clock.GetNowUnixMs()
			if left < 55_000 || left > 60_000 {
				t.Errorf("seat %d to act: %d ms left, want 55–60 s", s.GetSeat(), left)
			}
			if clock.GetNextDeadlineUnixMs() != s.GetDeadlineUnixMs() {
				t.Errorf("next deadline %d, want the acting seat's %d", clock.GetNextDeadlineUnixMs(), s.GetDeadlineUnixMs())
			}
		} else if s.GetDeadlineUnixMs() != 0 {
			t.Errorf("seat %d is not to act but has deadline %d", s.GetSeat(), s.GetDeadlineUnixMs())
		}
	}
	slices.Sort(seats)
	if !slices.Equal(seats, []uint32{0, 1}) {
		t.Errorf("clocks for seats %v, want [0 1]", seats)
	}
	// The acting seat's own view shows the same deadline.
	mine, err := player.Seat(created.GetGameId(), token(t, created, toAct)).View(ctx)
	if err != nil {
		t.Fatalf("the acting seat's view: %v", err)
	}
	if len(mine.GetClock().GetSeats()) != len(clock.GetSeats()) {
		t.Fatalf("the acting seat's view: %d clocks, want %d", len(mine.GetClock().GetSeats()), len(clock.GetSeats()))
	}
	for i, s := range mine.GetClock().GetSeats() {
		if s.GetDeadlineUnixMs() != clock.GetSeats()[i].GetDeadlineUnixMs() {
			t.Errorf("seat %d: its own view's deadline %d, the creator's %d", s.GetSeat(), s.GetDeadlineUnixMs(), clock.GetSeats()[i].GetDeadlineUnixMs())
		}
	}
}
