package tablero_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc/codes"
)

// The change feed through the helpers: a backend (key with the `feed` scope) follows a game's
// changes from the start, keeps every change once and in order across a cut connection, and
// sees the same changes again when it resumes from a cursor; a webhook endpoint's deliveries to
// a receiver in the test are listed with the `webhooks` scope.

// hook is one POST the webhook receiver got.
type hook struct {
	delivery string
	body     []byte
}

// hookReceiver is a webhook receiver on a free loopback port: every POST it gets is kept and
// answered 204.
type hookReceiver struct {
	srv  *httptest.Server
	mu   sync.Mutex
	got  []hook
	path string
}

func startHookReceiver(t *testing.T) *hookReceiver {
	t.Helper()
	r := &hookReceiver{path: "/hook"}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, hook{req.Header.Get("tablero-delivery"), body})
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *hookReceiver) url() string { return r.srv.URL + r.path }

// received is the body of the delivery with this id, if the receiver got it.
func (r *hookReceiver) received(delivery string) ([]byte, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, h := range r.got {
		if h.delivery == delivery {
			return h.body, true
		}
	}
	return nil, false
}

// feedServer starts a server of its own whose key also has the `feed` and `webhooks` scopes,
// with one webhook endpoint (`tests`: games created, to hooks), so that its feed holds only
// what the test does; it returns the address and the key.
func feedServer(t *testing.T, hooks *hookReceiver) (string, string) {
	t.Helper()
	key := "tbk_test_" + rand.Text()
	endpoints := filepath.Join(t.TempDir(), "webhooks.toml")
	toml := fmt.Sprintf("[[endpoint]]\nname = \"tests\"\nurl = %q\nsecret = %q\nkinds = [\"game_created\"]\n", hooks.url(), rand.Text())
	if err := os.WriteFile(endpoints, []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	srv, err := startServer(keyEntries(key, append(slices.Clone(testScopes), "feed", "webhooks")), "--webhooks", endpoints)
	if err != nil {
		t.Fatalf("feed server: %v", err)
	}
	t.Cleanup(func() {
		srv.stop()
		if t.Failed() {
			t.Logf("--- feed server log (tail) ---\n%s", srv.logs.String())
		}
	})
	return srv.addr, key
}

func dialAt(t *testing.T, addr, key string) *tablero.Client {
	t.Helper()
	var c *tablero.Client
	var err error
	if key == "" {
		c, err = tablero.Dial(addr)
	} else {
		c, err = tablero.Dial(addr, tablero.WithAPIKey(key))
	}
	if err != nil {
		t.Fatalf("dial %s: %v", addr, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// changeSummary is what two deliveries of one change must agree on.
func changeSummary(c *pb.Change) string {
	return fmt.Sprintf("%s %v %s v%d", c.GetCursor(), c.GetKind(), c.GetGameId(), c.GetVersion())
}

func sortedRefs(refs []string) []string { return slices.Sorted(slices.Values(refs)) }

func TestWatchChangesOnceInOrderAcrossACutAndAgainFromACursor(t *testing.T) {
	addr, key := feedServer(t, startHookReceiver(t))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	backend := dialAt(t, addr, key)
	refs := []string{"ann-" + rand.Text(), "bob-" + rand.Text()}

	// The watcher reaches the server through a proxy that the test cuts.
	proxy := startProxy(t, addr)
	watcher := dialAt(t, proxy.addr(), key)
	next, stop := iter.Pull2(watcher.WatchChanges(ctx, &pb.WatchChangesRequest{FromStart: true, PlayerRef: refs[0]}))
	defer stop()
	take := func() *pb.Change {
		t.Helper()
		change, err, ok := next()
		if !ok || err != nil {
			t.Fatalf("the feed stopped (ok %v): %v", ok, err)
		}
		return change
	}

	created, err := backend.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: "claim",
		Mode:     "base_2p",
		Seats:    []*pb.SeatSpec{tablero.Player("ann", refs[0]), tablero.Player("bob", refs[1])},
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	id := created.GetGameId()
	changes := []*pb.Change{take()}
	first := changes[0]
	if first.GetKind() != pb.ChangeKind_CHANGE_KIND_GAME_CREATED || first.GetGameId() != id || first.GetGameType() != "claim" {
		t.Fatalf("the first change is not the creation of %s: %v", id, first)
	}
	if got := sortedRefs(first.GetPlayerRefs()); !slices.Equal(got, sortedRefs(refs)) {
		t.Fatalf("creation's players %v, want %v", got, refs)
	}

	// The connection breaks; the game moves meanwhile; the feed goes on from its cursor.
	proxy.cut()
	table, err := backend.Spectator(id).View(ctx)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	seat := table.GetToAct()[0]
	var token string
	for _, c := range created.GetCredentials() {
		if c.GetSeat() == seat {
			token = c.GetToken()
		}
	}
	mover := backend.Seat(id, token)
	view, err := mover.View(ctx)
	if err != nil {
		t.Fatalf("View: %v", err)
	}
	moved, err := mover.SubmitAt(ctx, view.GetVersion(), view.GetLegalActions()[0].GetId())
	if err != nil {
		t.Fatalf("SubmitAt: %v", err)
	}
	after := moved.GetView()
	for {
		c := take()
		changes = append(changes, c)
		if c.GetKind() == pb.ChangeKind_CHANGE_KIND_SEAT_TO_ACT && c.GetVersion() == after.GetVersion() {
			break
		}
	}
	stop()
	if proxy.connections() < 2 {
		t.Errorf("the watcher did not reconnect (%d connections)", proxy.connections())
	}

	cursors := map[string]bool{}
	var versions []uint64
	for _, c := range changes {
		t.Logf("%v v%d", c.GetKind(), c.GetVersion())
		if c.GetGameId() != id || !slices.Equal(sortedRefs(c.GetPlayerRefs()), sortedRefs(refs)) {
			t.Errorf("a change of another game or players: %v", c)
		}
		if cursors[c.GetCursor()] {
			t.Errorf("a change delivered twice: %v", c)
		}
		cursors[c.GetCursor()] = true
		versions = append(versions, c.GetVersion())
	}
	if !slices.IsSorted(versions) {
		t.Errorf("changes out of version order: %v", versions)
	}
	// The seats to act after the move, each with its player.
	var seats []uint32
	var seatRefs, wantRefs []string
	for _, s := range changes[len(changes)-1].GetSeats() {
		seats = append(seats, s.GetSeat())
		seatRefs = append(seatRefs, s.GetPlayerRef())
	}
	for _, s := range after.GetToAct() {
		wantRefs = append(wantRefs, refs[s])
	}
	if !slices.Equal(seats, after.GetToAct()) || !slices.Equal(seatRefs, wantRefs) {
		t.Errorf("seats to act %v %v, want %v %v", seats, seatRefs, after.GetToAct(), wantRefs)
	}

	// From the first change's cursor: the rest again, in the same order.
	var again []string
	for c, err := range backend.WatchChanges(ctx, &pb.WatchChangesRequest{Cursor: first.GetCursor(), PlayerRef: refs[0]}) {
		if err != nil {
			t.Fatalf("resumed feed: %v", err)
		}
		again = append(again, changeSummary(c))
		if len(again) == len(changes)-1 {
			break
		}
	}
	var want []string
	for _, c := range changes[1:] {
		want = append(want, changeSummary(c))
	}
	if !slices.Equal(again, want) {
		t.Errorf("resumed from the first cursor:\n got %v\nwant %v", again, want)
	}
}

func TestListWebhookDeliveriesTheEndpointAndAGamesCreation(t *testing.T) {
	hooks := startHookReceiver(t)
	addr, key := feedServer(t, hooks)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	backend := dialAt(t, addr, key)
	created, err := backend.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: "claim",
		Mode:     "base_2p",
		Seats:    []*pb.SeatSpec{tablero.Player("ann", "ann-"+rand.Text()), tablero.Player("bob", "bob-"+rand.Text())},
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	// Delivery runs beside the write: wait (at most 30 s) until it is recorded.
	var listed *pb.ListWebhookDeliveriesResponse
	var delivery *pb.WebhookDelivery
	for deadline := time.Now().Add(30 * time.Second); delivery == nil; time.Sleep(100 * time.Millisecond) {
		if listed, err = backend.ListWebhookDeliveries(ctx, &pb.ListWebhookDeliveriesRequest{Endpoint: "tests"}); err != nil {
			t.Fatalf("ListWebhookDeliveries: %v", err)
		}
		for _, d := range listed.GetDeliveries() {
			if d.GetGameId() == created.GetGameId() && d.GetDelivered() {
				delivery = d
			}
		}
		if delivery == nil && time.Now().After(deadline) {
			t.Fatalf("no delivery of %s recorded: %v", created.GetGameId(), listed)
		}
	}
	if got := listed.GetEndpoints(); len(got) != 1 || got[0].GetName() != "tests" || got[0].GetUrl() != hooks.url() ||
		!slices.Equal(got[0].GetKinds(), []pb.ChangeKind{pb.ChangeKind_CHANGE_KIND_GAME_CREATED}) {
		t.Errorf("endpoints %v, want only `tests` to %s for games created", got, hooks.url())
	}
	if delivery.GetEndpoint() != "tests" || delivery.GetKind() != pb.ChangeKind_CHANGE_KIND_GAME_CREATED ||
		delivery.GetHttpStatus() != http.StatusNoContent || delivery.GetError() != "" {
		t.Errorf("delivery %v", delivery)
	}
	// The receiver got that very delivery: its id and the change's cursor.
	body, ok := hooks.received(delivery.GetDeliveryId())
	if !ok {
		t.Fatalf("the receiver did not get delivery %s", delivery.GetDeliveryId())
	}
	var change struct{ Cursor, GameID, Kind string }
	if err := json.Unmarshal(body, &change); err != nil {
		t.Fatalf("the delivered body %q: %v", body, err)
	}
	if change.Cursor != delivery.GetCursor() || change.GameID != created.GetGameId() || change.Kind != "CHANGE_KIND_GAME_CREATED" {
		t.Errorf("delivered %s, want the creation of %s at cursor %s", body, created.GetGameId(), delivery.GetCursor())
	}
}

func TestWatchChangesAndWebhookDeliveriesNeedAnAPIKey(t *testing.T) {
	addr, _ := feedServer(t, startHookReceiver(t))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	player := dialAt(t, addr, "")
	for _, err := range player.WatchChanges(ctx, &pb.WatchChangesRequest{FromStart: true}) {
		wantCode(t, err, codes.Unauthenticated, "a feed without a key")
		break
	}
	_, err := player.ListWebhookDeliveries(ctx, &pb.ListWebhookDeliveriesRequest{})
	wantCode(t, err, codes.Unauthenticated, "webhook deliveries without a key")
}
