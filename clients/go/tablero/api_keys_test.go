package tablero_test

import (
	"slices"
	"testing"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// The trust model as the Go client meets it: only an API key may choose a seed, every view says
// how the game was set up, and without a key ListGames shows only listed games.

func claimRequest(seed *uint64, listed bool) *pb.CreateGameRequest {
	return &pb.CreateGameRequest{
		GameType: "claim",
		Mode:     "base_2p",
		Seats:    []*pb.SeatSpec{tablero.Human("ana"), tablero.Bot("random")},
		Seed:     seed,
		Listed:   listed,
	}
}

func TestASeedNeedsTheAPIKeyAndViewsSayItWasChosen(t *testing.T) {
	backend, ctx := dial(t)
	player, _ := dialPlayer(t)
	impostor, _ := dialWith(t, tablero.WithAPIKey(apiKey+"x"))
	seed := proto.Uint64(7)

	for name, c := range map[string]*tablero.Client{"no key": player, "a wrong key": impostor} {
		_, err := c.CreateGame(ctx, claimRequest(seed, false))
		if status.Code(err) != codes.Unauthenticated {
			t.Errorf("a seed with %s: want UNAUTHENTICATED, got %v", name, err)
		}
	}

	seeded, err := backend.CreateGame(ctx, claimRequest(seed, false))
	if err != nil {
		t.Fatalf("a seed with the key: %v", err)
	}
	if got := seeded.GetView().GetSetup(); got != pb.SetupKind_SETUP_KIND_CHOSEN_SEED {
		t.Errorf("seeded game: setup %v", got)
	}
	// The player holding the seat (not the backend that chose the seed) sees it too.
	seat, err := player.Seat(seeded.GetGameId(), token(t, seeded, 0)).View(ctx)
	if err != nil {
		t.Fatalf("the seat's view: %v", err)
	}
	if got := seat.GetSetup(); got != pb.SetupKind_SETUP_KIND_CHOSEN_SEED {
		t.Errorf("seeded game, the seat's view: setup %v", got)
	}

	drawn, err := player.CreateGame(ctx, claimRequest(nil, false))
	if err != nil {
		t.Fatalf("no seed, no key: %v", err)
	}
	if got := drawn.GetView().GetSetup(); got != pb.SetupKind_SETUP_KIND_RANDOM {
		t.Errorf("drawn game: setup %v", got)
	}
	spectator, err := player.Spectator(drawn.GetGameId()).View(ctx)
	if err != nil {
		t.Fatalf("the spectator's view: %v", err)
	}
	if got := spectator.GetSetup(); got != pb.SetupKind_SETUP_KIND_RANDOM {
		t.Errorf("drawn game, a spectator's view: setup %v", got)
	}
}

func TestWithoutAKeyOnlyListedGamesAreListed(t *testing.T) {
	backend, ctx := dial(t)
	player, _ := dialPlayer(t)
	listed, err := player.CreateGame(ctx, claimRequest(nil, true))
	if err != nil {
		t.Fatalf("a listed game: %v", err)
	}
	unlisted, err := player.CreateGame(ctx, claimRequest(nil, false))
	if err != nil {
		t.Fatalf("an unlisted game: %v", err)
	}
	if !listed.GetView().GetListed() || unlisted.GetView().GetListed() {
		t.Errorf("views: listed %v, unlisted %v", listed.GetView().GetListed(), unlisted.GetView().GetListed())
	}

	page, err := player.ListGames(ctx, &pb.ListGamesRequest{GameType: "claim", PageSize: 200})
	if err != nil {
		t.Fatalf("ListGames without a key: %v", err)
	}
	seen := page.GetGames()
	i := slices.IndexFunc(seen, func(g *pb.GameSummary) bool { return g.GetGameId() == listed.GetGameId() })
	if i < 0 {
		t.Fatalf("the listed game %s is not in a keyless ListGames", listed.GetGameId())
	}
	if !seen[i].GetListed() || seen[i].GetSetup() != pb.SetupKind_SETUP_KIND_RANDOM {
		t.Errorf("its summary: listed %v, setup %v", seen[i].GetListed(), seen[i].GetSetup())
	}
	for _, g := range seen {
		if g.GetGameId() == unlisted.GetGameId() || !g.GetListed() {
			t.Errorf("an unlisted game %s in a keyless ListGames", g.GetGameId())
		}
	}

	// A key with the `list` scope sees both (so WithAPIKey sent it on ListGames too).
	all, err := backend.ListGames(ctx, &pb.ListGamesRequest{GameType: "claim", PageSize: 200})
	if err != nil {
		t.Fatalf("ListGames with the key: %v", err)
	}
	ids := make([]string, 0, len(all.GetGames()))
	for _, g := range all.GetGames() {
		ids = append(ids, g.GetGameId())
	}
	if !slices.Contains(ids, listed.GetGameId()) || !slices.Contains(ids, unlisted.GetGameId()) {
		t.Errorf("the backend's ListGames lacks %s or %s", listed.GetGameId(), unlisted.GetGameId())
	}
}
