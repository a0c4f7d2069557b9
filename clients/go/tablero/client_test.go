package tablero_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// dial connects as the tests' backend (with the API key: it chooses seeds).
func dial(t *testing.T) (*tablero.Client, context.Context) {
	t.Helper()
	return dialWith(t, tablero.WithAPIKey(apiKey))
}

// dialPlayer connects as a player's app: no API key.
func dialPlayer(t *testing.T) (*tablero.Client, context.Context) {
	t.Helper()
	return dialWith(t)
}

func dialWith(t *testing.T, opts ...grpc.DialOption) (*tablero.Client, context.Context) {
	t.Helper()
	c, err := tablero.Dial(serverAddr, opts...)
	if err != nil {
		t.Fatalf("dial %s: %v", serverAddr, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return c, ctx
}

// claimGame creates a base_2p Claim game with the given seats; firstLeader picks who leads the
// first trick.
func claimGame(t *testing.T, ctx context.Context, c *tablero.Client, seed uint64, firstLeader uint32, seats ...*pb.SeatSpec) *pb.CreateGameResponse {
	t.Helper()
	created, err := c.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: "claim",
		Options: &pb.GameOptions{Game: &pb.GameOptions_Claim{Claim: &pb.ClaimOptions{
			Mode:        pb.ClaimMode_CLAIM_MODE_BASE_2P,
			FirstLeader: proto.Uint32(firstLeader),
		}}},
		Seats: seats,
		Seed:  proto.Uint64(seed),
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return created
}

func token(t *testing.T, created *pb.CreateGameResponse, seat uint32) string {
	t.Helper()
	for _, c := range created.GetCredentials() {
		if c.GetSeat() == seat {
			return c.GetToken()
		}
	}
	t.Fatalf("no credential for seat %d in %v", seat, created.GetCredentials())
	return ""
}

// playToEnd plays seat's side of a game against bots, choosing uniformly among the listed
// legal actions, and returns the final view and the number of moves made.
func playToEnd(t *testing.T, ctx context.Context, seat *tablero.SeatClient, rng *rand.Rand) (*pb.GameView, int) {
	t.Helper()
	for moves := 0; ; moves++ {
		view, err := seat.View(ctx)
		if err != nil {
			t.Fatalf("View: %v", err)
		}
		if view.GetStatus() == pb.GameStatus_GAME_STATUS_FINISHED {
			return view, moves
		}
		if moves > 1000 {
			t.Fatalf("no end after %d moves", moves)
		}
		legal := view.GetLegalActions()
		if len(legal) == 0 {
			t.Fatalf("version %d: the game is active, bots move at once, yet seat %d has no legal action (to act: %v)",
				view.GetVersion(), view.GetViewerSeat(), view.GetToAct())
		}
		choice := legal[rng.IntN(len(legal))]
		resp, err := seat.SubmitAt(ctx, view.GetVersion(), choice.GetId())
		if err != nil {
			t.Fatalf("version %d: submit %q: %v", view.GetVersion(), choice.GetId(), err)
		}
		if got := resp.GetView().GetVersion(); got <= view.GetVersion() {
			t.Fatalf("submit %q: version %d after %d", choice.GetId(), got, view.GetVersion())
		}
		if len(resp.GetEvents()) == 0 {
			t.Fatalf("submit %q: no events", choice.GetId())
		}
	}
}

func TestGameTypesListsClaim(t *testing.T) {
	c, ctx := dial(t)
	types, err := c.GameTypes(ctx)
	if err != nil {
		t.Fatalf("GameTypes: %v", err)
	}
	i := slices.IndexFunc(types, func(g *pb.GameTypeInfo) bool { return g.GetGameType() == "claim" })
	if i < 0 {
		t.Fatalf("no claim in %v", types)
	}
	if !slices.ContainsFunc(types[i].GetModes(), func(m *pb.GameMode) bool { return m.GetName() == "base_2p" && m.GetSeats() == 2 }) {
		t.Errorf("claim modes lack base_2p/2: %v", types[i].GetModes())
	}
	if !slices.Contains(types[i].GetBots(), "random") {
		t.Errorf("claim bots lack random: %v", types[i].GetBots())
	}
}

func TestPlayClaimAgainstBotToTheEnd(t *testing.T) {
	c, ctx := dial(t)
	created := claimGame(t, ctx, c, 42, 0, tablero.Human("go"), tablero.Bot("random"))
	me := c.Seat(created.GetGameId(), token(t, created, 0))
	final, moves := playToEnd(t, ctx, me, rand.New(rand.NewPCG(42, 1)))

	out := final.GetOutcome()
	if out == nil {
		t.Fatal("finished without an outcome")
	}
	if len(out.GetPlaces()) != 2 || (len(out.GetWinners()) == 0 && !out.GetDraw()) {
		t.Errorf("outcome %v: want a place per seat and a winner or a draw", out)
	}
	if final.GetClaim().GetPhase() != pb.ClaimPhase_CLAIM_PHASE_FINISHED {
		t.Errorf("claim phase %v, want FINISHED", final.GetClaim().GetPhase())
	}
	if len(final.GetLegalActions()) != 0 || len(final.GetToAct()) != 0 {
		t.Errorf("finished game still has legal actions %v / to act %v", final.GetLegalActions(), final.GetToAct())
	}
	t.Logf("finished at version %d after %d moves of ours: winners %v, %s", final.GetVersion(), moves, out.GetWinners(), out.GetReason())

	// The spectator sees the same end, without a seat.
	spec, err := c.Spectator(created.GetGameId()).View(ctx)
	if err != nil {
		t.Fatalf("spectator View: %v", err)
	}
	if spec.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || spec.ViewerSeat != nil || !proto.Equal(spec.GetOutcome(), out) {
		t.Errorf("spectator view: status %v, viewer seat %v, outcome %v", spec.GetStatus(), spec.ViewerSeat, spec.GetOutcome())
	}

	// A finished game takes no more moves.
	_, err = me.SubmitAt(ctx, final.GetVersion(), "play:gnomes:1:1")
	if status.Code(err) != codes.FailedPrecondition {
		t.Errorf("submit after the end: %v, want FailedPrecondition", err)
	}

	// History and replay agree with the game.
	events, err := me.History(ctx, 0)
	if err != nil {
		t.Fatalf("History: %v", err)
	}
	if n := len(events); n == 0 || events[n-1].GetVersion() != final.GetVersion() {
		t.Fatalf("history: %d events, want the last at version %d", n, final.GetVersion())
	}
	start, err := me.ReplayView(ctx, 0)
	if err != nil {
		t.Fatalf("ReplayView(0): %v", err)
	}
	if start.GetVersion() != 0 || start.GetStatus() != pb.GameStatus_GAME_STATUS_ACTIVE || start.GetViewerSeat() != 0 {
		t.Errorf("replay at 0: version %d status %v seat %d", start.GetVersion(), start.GetStatus(), start.GetViewerSeat())
	}
	end, err := me.ReplayView(ctx, final.GetVersion())
	if err != nil {
		t.Fatalf("ReplayView(final): %v", err)
	}
	if !proto.Equal(end, final) {
		t.Errorf("replay at %d differs from the final view", final.GetVersion())
	}
}

// A card not in hand is refused with CLM-TRK.3 and leaves the game as it was.
func TestCardNotInHandIsRefusedWithRuleID(t *testing.T) {
	c, ctx := dial(t)
	created := claimGame(t, ctx, c, 7, 0, tablero.Human("go"), tablero.Bot("random"))
	me := c.Seat(created.GetGameId(), token(t, created, 0))
	before, err := me.View(ctx)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	hand := before.GetClaim().GetPlayers()[0].GetHand()
	if len(hand) == 0 {
		t.Fatal("seat 0 has no hand")
	}
	// The same faction and value as a card in hand, but a copy nobody holds.
	notHeld := proto.Clone(hand[0]).(*pb.ClaimCard)
	for notHeld.Copy = 1; slices.ContainsFunc(hand, func(c *pb.ClaimCard) bool { return proto.Equal(c, notHeld) }); notHeld.Copy++ {
	}
	_, err = me.SubmitTyped(ctx, before.GetVersion(), playCard(notHeld))
	assertRefused(t, err, "CLM-TRK.3")
	assertUnchanged(t, ctx, me, before)
}

// Playing off-suit while holding the lead faction is refused with CLM-TRK.4.
func TestOffSuitIsRefusedWithRuleID(t *testing.T) {
	c, ctx := dial(t)
	// The bot leads the first trick; look for a deal where our hand holds the lead faction and
	// a card that neither follows nor is a doppelganger (which may always be played).
	for seed := uint64(1); seed <= 100; seed++ {
		created := claimGame(t, ctx, c, seed, 1, tablero.Human("go"), tablero.Bot("random"))
		me := c.Seat(created.GetGameId(), token(t, created, 0))
		before, err := me.View(ctx)
		if err != nil {
			t.Fatalf("View: %v", err)
		}
		lead := before.GetClaim().GetLeadFaction()
		if lead == pb.ClaimFaction_CLAIM_FACTION_UNSPECIFIED || !slices.Contains(before.GetToAct(), 0) {
			t.Fatalf("seed %d: the bot did not lead (lead %v, to act %v)", seed, lead, before.GetToAct())
		}
		hand := before.GetClaim().GetPlayers()[0].GetHand()
		i := slices.IndexFunc(hand, func(c *pb.ClaimCard) bool {
			return c.GetFaction() != lead && c.GetFaction() != pb.ClaimFaction_CLAIM_FACTION_DOPPELGANGERS
		})
		holdsLead := slices.ContainsFunc(hand, func(c *pb.ClaimCard) bool { return c.GetFaction() == lead })
		if i < 0 || !holdsLead {
			continue
		}
		if slices.ContainsFunc(before.GetLegalActions(), func(a *pb.LegalAction) bool {
			return proto.Equal(a.GetAction().GetClaim().GetPlayCard().GetCard(), hand[i])
		}) {
			t.Fatalf("seed %d: off-suit %v is listed as legal on a %v lead", seed, hand[i], lead)
		}
		_, err = me.SubmitTyped(ctx, before.GetVersion(), playCard(hand[i]))
		assertRefused(t, err, "CLM-TRK.4")
		assertUnchanged(t, ctx, me, before)
		return
	}
	t.Fatal("no seed in 1..100 dealt both the lead faction and an off-suit card")
}

func playCard(card *pb.ClaimCard) *pb.Action {
	return &pb.Action{Game: &pb.Action_Claim{Claim: &pb.ClaimAction{
		Kind: &pb.ClaimAction_PlayCard_{PlayCard: &pb.ClaimAction_PlayCard{Card: card}},
	}}}
}

func assertRefused(t *testing.T, err error, rule string) {
	t.Helper()
	if status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("got %v, want FailedPrecondition", err)
	}
	if got, ok := tablero.RuleID(err); !ok || got != rule {
		t.Errorf("rule ID %q (%v), want %q; error %v", got, ok, rule, err)
	}
	if reason := tablero.ErrorInfo(err).GetReason(); reason != "RULE_VIOLATION" {
		t.Errorf("ErrorInfo reason %q, want RULE_VIOLATION", reason)
	}
}

func assertUnchanged(t *testing.T, ctx context.Context, seat *tablero.SeatClient, before *pb.GameView) {
	t.Helper()
	after, err := seat.View(ctx)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	if !proto.Equal(before, after) {
		t.Errorf("the refused move changed the game: version %d -> %d", before.GetVersion(), after.GetVersion())
	}
}

// A seat acts only with its own token and only when it is to act.
func TestOtherSeatsTokenIsRefused(t *testing.T) {
	c, ctx := dial(t)
	created := claimGame(t, ctx, c, 3, 0, tablero.Human("north"), tablero.Human("south"))
	id := created.GetGameId()
	seat0 := c.Seat(id, token(t, created, 0))
	seat1 := c.Seat(id, token(t, created, 1))

	before, err := seat0.View(ctx)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	if !slices.Equal(before.GetToAct(), []uint32{0}) || len(before.GetLegalActions()) == 0 {
		t.Fatalf("want seat 0 alone to act, got to act %v with %d legal actions", before.GetToAct(), len(before.GetLegalActions()))
	}
	move := before.GetLegalActions()[0].GetId()

	// Seat 1's token while seat 0 must act.
	if legal, err := seat1.LegalActions(ctx); err != nil || len(legal.GetActions()) != 0 || legal.GetSeat() != 1 {
		t.Errorf("seat 1's legal actions: %v, %v; want none, for seat 1", legal, err)
	}
	_, err = seat1.SubmitAt(ctx, before.GetVersion(), move)
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("seat 1 submitting on seat 0's turn: %v, want PermissionDenied", err)
	}
	// Seat 1's token claiming to act for seat 0.
	_, err = seat1.SubmitRequest(ctx, &pb.SubmitActionRequest{
		GameId: id, ExpectedVersion: before.GetVersion(), IdempotencyKey: tablero.NewIdempotencyKey(),
		Action: &pb.SubmitActionRequest_ActionId{ActionId: move}, Seat: proto.Uint32(0),
	})
	if status.Code(err) != codes.PermissionDenied {
		t.Errorf("seat 1 acting for seat 0: %v, want PermissionDenied", err)
	}

	// A token of another game is no seat of this one.
	other := claimGame(t, ctx, c, 4, 0, tablero.Human("elsewhere"), tablero.Bot(""))
	stranger := c.Seat(id, token(t, other, 0))
	_, err = stranger.SubmitAt(ctx, before.GetVersion(), move)
	if status.Code(err) != codes.Unauthenticated {
		t.Errorf("another game's token submitting: %v, want Unauthenticated", err)
	}
	if _, err := stranger.View(ctx); status.Code(err) != codes.Unauthenticated {
		t.Errorf("another game's token viewing: %v, want Unauthenticated", err)
	}
	// No token at all: a spectator may look but not act.
	if _, err := c.Spectator(id).SubmitAt(ctx, before.GetVersion(), move); status.Code(err) != codes.Unauthenticated {
		t.Errorf("spectator submitting: %v, want Unauthenticated", err)
	}
	assertUnchanged(t, ctx, seat0, before)

	// Seat 0 itself may move.
	if _, err := seat0.SubmitAt(ctx, before.GetVersion(), move); err != nil {
		t.Errorf("seat 0's own move: %v", err)
	}
}

// A stale expected version is ABORTED with the current version; SubmitAt retries at it.
func TestStaleVersionIsAbortedAndRetried(t *testing.T) {
	c, ctx := dial(t)
	created := claimGame(t, ctx, c, 11, 0, tablero.Human("go"), tablero.Bot("random"))
	me := c.Seat(created.GetGameId(), token(t, created, 0))
	legal, err := me.LegalActions(ctx)
	if err != nil {
		t.Fatalf("LegalActions: %v", err)
	}
	first, err := me.Submit(ctx, legal.GetActions()[0].GetId())
	if err != nil {
		t.Fatalf("Submit: %v", err)
	}
	now := first.GetView().GetVersion()
	if now <= legal.GetVersion() {
		t.Fatalf("version %d after a move at %d", now, legal.GetVersion())
	}

	// Raw, without retry: ABORTED carrying the current version.
	next := first.GetView().GetLegalActions()[0].GetId()
	_, err = me.SubmitRequest(ctx, &pb.SubmitActionRequest{
		GameId: me.GameID(), ExpectedVersion: legal.GetVersion(), IdempotencyKey: tablero.NewIdempotencyKey(),
		Action: &pb.SubmitActionRequest_ActionId{ActionId: next},
	})
	if status.Code(err) != codes.Aborted {
		t.Fatalf("stale submit: %v, want Aborted", err)
	}
	if got, ok := tablero.CurrentVersion(err); !ok || got != now {
		t.Errorf("CurrentVersion = %d, %v; want %d", got, ok, now)
	}

	// The helper retries at the version from the error and succeeds.
	resp, err := me.SubmitAt(ctx, legal.GetVersion(), next)
	if err != nil {
		t.Fatalf("SubmitAt with a stale version: %v", err)
	}
	if resp.GetView().GetVersion() <= now {
		t.Errorf("version %d after the retried move at %d", resp.GetView().GetVersion(), now)
	}
}

// Watching from version 0 while the game is played delivers every version exactly once, in
// order, and ends with the finished view.
func TestWatchDeliversEveryChange(t *testing.T) {
	c, ctx := dial(t)
	created := claimGame(t, ctx, c, 99, 0, tablero.Human("go"), tablero.Bot("random"))
	id := created.GetGameId()
	me := c.Seat(id, token(t, created, 0))

	type watched struct {
		msgs []*pb.WatchGameResponse
		err  error
	}
	watch := func(w *tablero.SeatClient) <-chan watched {
		out := make(chan watched, 1)
		first := make(chan struct{})
		go func() {
			var got watched
			for msg, err := range w.Watch(ctx, 0) {
				if err != nil {
					got.err = err
					break
				}
				got.msgs = append(got.msgs, msg)
				if len(got.msgs) == 1 {
					close(first)
				}
			}
			if len(got.msgs) == 0 {
				close(first)
			}
			out <- got
		}()
		<-first // the stream is open before the first move
		return out
	}
	// The spectator and the seat see different events (hidden cards), but every version.
	specDone, seatDone := watch(c.Spectator(id)), watch(me)

	final, _ := playToEnd(t, ctx, me, rand.New(rand.NewPCG(99, 1)))

	for name, done := range map[string]<-chan watched{"spectator": specDone, "seat 0": seatDone} {
		var got watched
		select {
		case got = <-done:
		case <-ctx.Done():
			t.Fatalf("%s: the watch stream did not end after the game finished", name)
		}
		if got.err != nil {
			t.Fatalf("%s: watch: %v", name, got.err)
		}
		seen := map[uint64]bool{}
		var lastEvent, lastView uint64
		for i, msg := range got.msgs {
			for _, ev := range msg.GetEvents() {
				if v := ev.GetVersion(); v < lastEvent {
					t.Errorf("%s: message %d: event version %d after %d", name, i, v, lastEvent)
				}
				lastEvent = ev.GetVersion()
				seen[ev.GetVersion()] = true
				if ev.GetVersion() > msg.GetView().GetVersion() {
					t.Errorf("%s: message %d: event of version %d with a view at %d", name, i, ev.GetVersion(), msg.GetView().GetVersion())
				}
			}
			if v := msg.GetView().GetVersion(); i > 0 && v <= lastView {
				t.Errorf("%s: message %d: view version %d after %d", name, i, v, lastView)
			}
			lastView = msg.GetView().GetVersion()
		}
		for v := uint64(0); v <= final.GetVersion(); v++ {
			if !seen[v] {
				t.Errorf("%s: no event of version %d (final %d, %d messages)", name, v, final.GetVersion(), len(got.msgs))
			}
		}
		last := got.msgs[len(got.msgs)-1].GetView()
		if last.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED || last.GetVersion() != final.GetVersion() {
			t.Errorf("%s: last view at version %d status %v, want %d FINISHED", name, last.GetVersion(), last.GetStatus(), final.GetVersion())
		}
		t.Logf("%s: %d messages covering versions 0..%d", name, len(got.msgs), final.GetVersion())

		if name == "seat 0" {
			// The same events as the history (which from 0 also starts with the setup events).
			var streamed []*pb.Event
			for _, msg := range got.msgs {
				streamed = append(streamed, msg.GetEvents()...)
			}
			history, err := me.History(ctx, 0)
			if err != nil {
				t.Fatalf("History: %v", err)
			}
			if !slices.EqualFunc(streamed, history, func(a, b *pb.Event) bool { return proto.Equal(a, b) }) {
				t.Errorf("seat 0: %d streamed events differ from %d history events", len(streamed), len(history))
			}
		}
	}

	// Watch from the end: one message, the finished view, then the stream ends.
	var n int
	for msg, err := range me.Watch(ctx, final.GetVersion()) {
		if err != nil {
			t.Fatalf("watch from the end: %v", err)
		}
		n++
		if len(msg.GetEvents()) != 0 || msg.GetView().GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED {
			t.Errorf("watch from the end: %d events, status %v", len(msg.GetEvents()), msg.GetView().GetStatus())
		}
	}
	if n != 1 {
		t.Errorf("watch from the end: %d messages, want 1", n)
	}
}
