package tablero_test

import (
	"slices"
	"testing"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestHintIsALegalActionAndSpectatorsGetNone asks for a hint for a human seat against an mcts
// bot: the server's mcts move for the seat's own view is one of its legal actions at the same
// version, and submits; a spectator gets none. Claim lists the bot kinds too.
func TestHintIsALegalActionAndSpectatorsGetNone(t *testing.T) {
	c, ctx := dial(t)
	types, err := c.GameTypes(ctx)
	if err != nil {
		t.Fatalf("GameTypes: %v", err)
	}
	i := slices.IndexFunc(types, func(g *pb.GameTypeInfo) bool { return g.GetGameType() == "claim" })
	if i < 0 {
		t.Fatalf("no claim in %v", types)
	}
	var kinds []string
	for _, k := range types[i].GetBotKinds() {
		kinds = append(kinds, k.GetName())
	}
	for _, want := range []string{"random", "greedy", "mcts"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("claim bot kinds lack %s: %v", want, kinds)
		}
	}

	created := claimGame(t, ctx, c, 5, 0, tablero.Human("go"), tablero.BotLevel("mcts", 1))
	if got := created.GetView().GetSeats()[1].GetBot(); got != "mcts" {
		t.Fatalf("seat 1 bot %q, want mcts", got)
	}
	me := c.Seat(created.GetGameId(), token(t, created, 0))
	legal, err := me.LegalActions(ctx)
	if err != nil {
		t.Fatalf("LegalActions: %v", err)
	}
	if len(legal.GetActions()) == 0 {
		t.Fatalf("the human seat must act (version %d)", legal.GetVersion())
	}
	hint, err := me.Hint(ctx, 1)
	if err != nil {
		t.Fatalf("Hint: %v", err)
	}
	if hint.GetSeat() != 0 || hint.GetVersion() != legal.GetVersion() {
		t.Fatalf("hint seat %d version %d, want seat 0 version %d", hint.GetSeat(), hint.GetVersion(), legal.GetVersion())
	}
	id := hint.GetAction().GetId()
	if !slices.ContainsFunc(legal.GetActions(), func(a *pb.LegalAction) bool { return a.GetId() == id }) {
		t.Fatalf("hint %q is not among the legal actions %v", id, legal.GetActions())
	}
	resp, err := me.SubmitAt(ctx, hint.GetVersion(), id)
	if err != nil {
		t.Fatalf("submit the hint %q: %v", id, err)
	}
	if resp.GetView().GetVersion() <= hint.GetVersion() {
		t.Fatalf("version %d after submitting at %d", resp.GetView().GetVersion(), hint.GetVersion())
	}

	_, err = c.Spectator(created.GetGameId()).Hint(ctx, 0)
	if status.Code(err) != codes.Unauthenticated {
		t.Fatalf("a spectator's hint: %v, want UNAUTHENTICATED", err)
	}
}
