package tablero_test

import (
	"context"
	"crypto/rand"
	"slices"
	"testing"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Player identity and seat management through the helpers: seats for a backend's users (refs
// shown to the key, hidden from a seat's token unless public), "games waiting for me", a
// reissued token, a seat handed to the bot and back, and a resignation that ends a 2-seat game.

type seatChange struct {
	seat uint32
	kind pb.SeatChangeKind
}

func seatChanges(events []*pb.Event) []seatChange {
	var out []seatChange
	for _, e := range events {
		if c := e.GetSeatChange(); c != nil {
			out = append(out, seatChange{c.GetSeat(), c.GetKind()})
		}
	}
	return out
}

func playerRefs(view *pb.GameView) []string {
	var refs []string
	for _, s := range view.GetSeats() {
		refs = append(refs, s.GetPlayerRef())
	}
	return refs
}

// playerGameIDs collects PlayerGames, failing the test on an error.
func playerGameIDs(t *testing.T, ctx context.Context, c *tablero.Client, ref string, toAct bool) []string {
	t.Helper()
	var ids []string
	for g, err := range c.PlayerGames(ctx, ref, toAct) {
		if err != nil {
			t.Fatalf("PlayerGames(%s, toAct %v): %v", ref, toAct, err)
		}
		ids = append(ids, g.GetGameId())
	}
	return ids
}

func wantCode(t *testing.T, err error, code codes.Code, what string) {
	t.Helper()
	if status.Code(err) != code {
		t.Errorf("%s: want %v, got %v", what, code, err)
	}
}

func TestSeatsOfABackendsPlayers(t *testing.T) {
	backend, ctx := dial(t)
	player, _ := dialPlayer(t)
	refs := []string{"ann-" + rand.Text(), "bob-" + rand.Text()}
	created, err := backend.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: "claim",
		Mode:     "base_2p",
		Seats:    []*pb.SeatSpec{tablero.Player("ann", refs[0]), tablero.Player("bob", refs[1])},
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	id := created.GetGameId()

	// The key sees both refs; a seat's token (without a key) sees none, its own included.
	seen, err := backend.Spectator(id).View(ctx)
	if err != nil {
		t.Fatalf("the backend's view: %v", err)
	}
	if got := playerRefs(seen); !slices.Equal(got, refs) {
		t.Errorf("the backend's view: refs %q, want %q", got, refs)
	}
	ann := player.Seat(id, token(t, created, 0))
	annView, err := ann.View(ctx)
	if err != nil {
		t.Fatalf("seat 0's view: %v", err)
	}
	if annView.GetViewerSeat() != 0 || !slices.Equal(playerRefs(annView), []string{"", ""}) {
		t.Errorf("seat 0's view: viewer %d, refs %q; want 0 and none", annView.GetViewerSeat(), playerRefs(annView))
	}

	// Games waiting for a player: the one to act has it, the other not (but it is among theirs).
	if len(seen.GetToAct()) != 1 {
		t.Fatalf("to act: %v, want one seat", seen.GetToAct())
	}
	toAct := seen.GetToAct()[0]
	if !slices.Contains(playerGameIDs(t, ctx, backend, refs[toAct], true), id) {
		t.Errorf("the game is not waiting for seat %d's player", toAct)
	}
	if slices.Contains(playerGameIDs(t, ctx, backend, refs[1-toAct], true), id) {
		t.Errorf("the game is waiting for seat %d's player, who need not act", 1-toAct)
	}
	if !slices.Contains(playerGameIDs(t, ctx, backend, refs[1-toAct], false), id) {
		t.Errorf("the game is not among seat %d's player's games", 1-toAct)
	}
	var keyless error
	for _, err := range player.PlayerGames(ctx, refs[0], false) {
		keyless = err
	}
	wantCode(t, keyless, codes.Unauthenticated, "a player's games without a key")

	// A new token for seat 1: the old one stops working at once, the new one works.
	reissued, err := backend.ReissueSeatToken(ctx, id, 1)
	if err != nil {
		t.Fatalf("ReissueSeatToken: %v", err)
	}
	bobToken := reissued.GetCredential().GetToken()
	if reissued.GetCredential().GetSeat() != 1 || bobToken == "" || bobToken == token(t, created, 1) {
		t.Errorf("reissued credential: seat %d, a new token %v", reissued.GetCredential().GetSeat(), bobToken != token(t, created, 1))
	}
	if got := seatChanges(reissued.GetEvents()); !slices.Equal(got, []seatChange{{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_TOKEN_REISSUED}}) {
		t.Errorf("reissue events: %v", got)
	}
	_, err = player.Seat(id, token(t, created, 1)).View(ctx)
	wantCode(t, err, codes.Unauthenticated, "the old token")
	bob := player.Seat(id, bobToken)
	if v, err := bob.View(ctx); err != nil || v.GetViewerSeat() != 1 {
		t.Errorf("the new token: view of seat %d, %v", v.GetViewerSeat(), err)
	}

	// Seat 1 to the bot and back to its person, whose token works again.
	toBot, err := backend.ReplaceSeat(ctx, id, 1, pb.Occupant_OCCUPANT_BOT)
	if err != nil {
		t.Fatalf("ReplaceSeat to the bot: %v", err)
	}
	if got := toBot.GetView().GetSeats()[1].GetOccupant(); got != pb.Occupant_OCCUPANT_BOT {
		t.Errorf("seat 1 after ReplaceSeat to the bot: %v", got)
	}
	if got := seatChanges(toBot.GetEvents()); !slices.Equal(got, []seatChange{{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_REPLACED_BY_BOT}}) {
		t.Errorf("events of the bot taking over: %v", got)
	}
	back, err := backend.ReplaceSeat(ctx, id, 1, pb.Occupant_OCCUPANT_HUMAN)
	if err != nil {
		t.Fatalf("ReplaceSeat back to the person: %v", err)
	}
	if got := back.GetView().GetSeats()[1].GetOccupant(); got != pb.Occupant_OCCUPANT_HUMAN {
		t.Errorf("seat 1 after ReplaceSeat back: %v", got)
	}
	if got := seatChanges(back.GetEvents()); !slices.Equal(got, []seatChange{{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_RETURNED_TO_HUMAN}}) {
		t.Errorf("events of the person coming back: %v", got)
	}
	if back.GetCredential() != nil {
		t.Errorf("the seat had a token, yet got a new one")
	}
	if v, err := bob.View(ctx); err != nil || v.GetViewerSeat() != 1 {
		t.Errorf("the token after coming back: view of seat %d, %v", v.GetViewerSeat(), err)
	}

	// Seat 0 resigns with its own token: a 2-seat game ends and seat 1 wins.
	resigned, err := ann.Resign(ctx)
	if err != nil {
		t.Fatalf("Resign: %v", err)
	}
	view := resigned.GetView()
	if view.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || !slices.Equal(view.GetOutcome().GetWinners(), []uint32{1}) {
		t.Errorf("after the resignation: status %v, winners %v; want FINISHED, [1]", view.GetStatus(), view.GetOutcome().GetWinners())
	}
	if !view.GetSeats()[0].GetResigned() {
		t.Errorf("seat 0 is not marked resigned")
	}
	if got := seatChanges(resigned.GetEvents()); !slices.Equal(got, []seatChange{{0, pb.SeatChangeKind_SEAT_CHANGE_KIND_RESIGNED}}) {
		t.Errorf("resignation events: %v", got)
	}
	// A resigned seat's token no longer works; the other seat's still reads the game.
	history, err := bob.History(ctx, 0)
	if err != nil {
		t.Fatalf("History: %v", err)
	}
	want := []seatChange{
		{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_TOKEN_REISSUED},
		{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_REPLACED_BY_BOT},
		{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_RETURNED_TO_HUMAN},
		{0, pb.SeatChangeKind_SEAT_CHANGE_KIND_RESIGNED},
	}
	if got := seatChanges(history); !slices.Equal(got, want) {
		t.Errorf("seat changes in the history: %v, want %v", got, want)
	}
	_, err = ann.Resign(ctx)
	wantCode(t, err, codes.Unauthenticated, "a resigned seat's token")
	_, err = bob.Resign(ctx)
	wantCode(t, err, codes.FailedPrecondition, "resigning a finished game")
}

func TestJoiningAsAPublicPlayerAndABackendResignation(t *testing.T) {
	backend, ctx := dial(t)
	player, _ := dialPlayer(t)
	refs := []string{"cy-" + rand.Text(), "di-" + rand.Text()}
	created, err := backend.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: "claim",
		Mode:     "base_2p",
		Seats:    []*pb.SeatSpec{tablero.Player("cy", refs[0]), tablero.OpenSeat()},
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	id := created.GetGameId()
	_, err = player.JoinGameAs(ctx, id, nil, tablero.Player("di", refs[1]))
	wantCode(t, err, codes.Unauthenticated, "a ref without a key")
	joined, err := backend.JoinGameAs(ctx, id, proto.Uint32(1), tablero.PublicPlayer("di", refs[1]))
	if err != nil {
		t.Fatalf("JoinGameAs: %v", err)
	}
	if joined.GetCredential().GetSeat() != 1 || joined.GetView().GetSeats()[1].GetName() != "di" {
		t.Errorf("joined seat %d as %q", joined.GetCredential().GetSeat(), joined.GetView().GetSeats()[1].GetName())
	}

	// A spectator without a key sees the public ref only.
	view, err := player.Spectator(id).View(ctx)
	if err != nil {
		t.Fatalf("a spectator's view: %v", err)
	}
	if got := playerRefs(view); !slices.Equal(got, []string{"", refs[1]}) {
		t.Errorf("a keyless spectator sees refs %q", got)
	}
	if !slices.Contains(playerGameIDs(t, ctx, backend, refs[1], false), id) {
		t.Errorf("the game is not among the joined player's games")
	}

	// The backend resigns seat 1 for its player: seat 0 wins.
	resigned, err := backend.ResignSeat(ctx, id, 1)
	if err != nil {
		t.Fatalf("ResignSeat: %v", err)
	}
	if v := resigned.GetView(); v.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || !slices.Equal(v.GetOutcome().GetWinners(), []uint32{0}) {
		t.Errorf("after the backend resigned seat 1: status %v, winners %v", v.GetStatus(), v.GetOutcome().GetWinners())
	}
	if got := seatChanges(resigned.GetEvents()); !slices.Equal(got, []seatChange{{1, pb.SeatChangeKind_SEAT_CHANGE_KIND_RESIGNED}}) {
		t.Errorf("resignation events: %v", got)
	}
}
