package tablero_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc/codes"
)

// The change feed through the helpers: a backend (key with the `feed` scope) follows a game's
// changes from the start, keeps every change once and in order across a cut connection, and
// sees the same changes again when it resumes from a cursor. A webhook endpoint delivers to a
// receiver in the test by the Standard Webhooks specification, signed with both secrets of a
// rotation: the receiver verifies every delivery with the specification's Go library under each
// secret alone; the deliveries are listed with the `webhooks` scope.

// eventTypes is the envelope's `type` for each change kind (docs/changes.md).
var eventTypes = map[string]string{
	"CHANGE_KIND_GAME_CREATED":         "game.created",
	"CHANGE_KIND_SEAT_TO_ACT":          "game.seat_to_act",
	"CHANGE_KIND_GAME_FINISHED":        "game.finished",
	"CHANGE_KIND_DEADLINE_PASSED":      "game.deadline_passed",
	"CHANGE_KIND_CAMPAIGN_PLAY_FOLDED": "campaign.play_folded",
	"CHANGE_KIND_SEAT_CHANGED":         "game.seat_changed",
}

// whsec is a fresh Standard Webhooks secret: `whsec_` and the base64 of a 32-byte key.
func whsec() string {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	return "whsec_" + base64.StdEncoding.EncodeToString(key)
}

// hook is one POST the webhook receiver got, and why it did not verify under each of the
// receiver's secrets alone (nil where it did).
type hook struct {
	header  http.Header
	body    []byte
	refused []error
}

// hookReceiver is a webhook receiver on a free loopback port whose endpoint has two secrets, as
// while one is rotated (the new one, then the old). It verifies every POST under each secret
// alone, as a receiver still on the old one and one already on the new would, keeps it, and
// answers 204 when both verified, else 401.
type hookReceiver struct {
	srv     *httptest.Server
	secrets [2]string
	mu      sync.Mutex
	got     []hook
	path    string
}

func startHookReceiver(t *testing.T) *hookReceiver {
	t.Helper()
	r := &hookReceiver{path: "/hook", secrets: [2]string{whsec(), whsec()}}
	var verifiers []*standardwebhooks.Webhook
	for _, s := range r.secrets {
		v, err := standardwebhooks.NewWebhook(s)
		if err != nil {
			t.Fatalf("standardwebhooks.NewWebhook: %v", err)
		}
		verifiers = append(verifiers, v)
	}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		h := hook{header: req.Header.Clone(), body: body}
		verified := true
		for _, v := range verifiers {
			err := v.Verify(body, req.Header)
			h.refused = append(h.refused, err)
			verified = verified && err == nil
		}
		r.mu.Lock()
		r.got = append(r.got, h)
		r.mu.Unlock()
		if verified {
			w.WriteHeader(http.StatusNoContent)
		} else {
			w.WriteHeader(http.StatusUnauthorized)
		}
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *hookReceiver) url() string { return r.srv.URL + r.path }

// hooks is every POST so far.
func (r *hookReceiver) hooks() []hook {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// withID is the POSTs that came with this webhook-id.
func (r *hookReceiver) withID(id string) []hook {
	var out []hook
	for _, h := range r.hooks() {
		if h.header.Get("webhook-id") == id {
			out = append(out, h)
		}
	}
	return out
}

// deliveredChange is what checkHook reads of a delivery's change.
type deliveredChange struct {
	Cursor, GameID, Kind string
	AtUnixMs             string
}

// checkHook checks one POST by the Standard Webhooks specification and returns its change.
func checkHook(t *testing.T, h hook) deliveredChange {
	t.Helper()
	id := h.header.Get("webhook-id")
	for i, err := range h.refused {
		if err != nil {
			t.Fatalf("webhook %s does not verify under secret %d alone: %v; headers %v", id, i, err, h.header)
		}
	}
	signatures := strings.Split(h.header.Get("webhook-signature"), " ")
	if len(signatures) != 2 || !strings.HasPrefix(signatures[0], "v1,") || !strings.HasPrefix(signatures[1], "v1,") {
		t.Errorf("webhook %s: want one v1 signature per secret while rotating, got %q", id, signatures)
	}
	if ct := h.header.Get("content-type"); ct != "application/json" {
		t.Errorf("webhook %s: content-type %q", id, ct)
	}
	var envelope map[string]json.RawMessage
	if err := json.Unmarshal(h.body, &envelope); err != nil || len(envelope) != 3 {
		t.Fatalf("webhook %s: the body is not the envelope {type, timestamp, data}: %s (%v)", id, h.body, err)
	}
	var typ, timestamp string
	var change deliveredChange
	for _, field := range []struct {
		name string
		into any
	}{{"type", &typ}, {"timestamp", &timestamp}, {"data", &change}} {
		if err := json.Unmarshal(envelope[field.name], field.into); err != nil {
			t.Fatalf("webhook %s: the envelope's %s: %v in %s", id, field.name, err, h.body)
		}
	}
	if id != "tests:"+change.Cursor {
		t.Errorf("webhook-id %q, want tests:%s", id, change.Cursor)
	}
	if want := eventTypes[change.Kind]; typ != want {
		t.Errorf("webhook %s: type %q for %s, want %q", id, typ, change.Kind, want)
	}
	// Unsigned, for routing only: it must agree all the same.
	if got, want := h.header.Get("tablero-event"), strings.ToLower(strings.TrimPrefix(change.Kind, "CHANGE_KIND_")); got != want {
		t.Errorf("webhook %s: tablero-event %q, want %q", id, got, want)
	}
	// The envelope's timestamp is the change's (RFC 3339); webhook-timestamp is the attempt's.
	at, err := time.Parse(time.RFC3339Nano, timestamp)
	if err != nil || strconv.FormatInt(at.UnixMilli(), 10) != change.AtUnixMs {
		t.Errorf("webhook %s: timestamp %q, want the change's %s ms (%v)", id, timestamp, change.AtUnixMs, err)
	}
	sent, err := strconv.ParseInt(h.header.Get("webhook-timestamp"), 10, 64)
	if err != nil || time.Since(time.Unix(sent, 0)).Abs() > 2*time.Minute {
		t.Errorf("webhook %s: webhook-timestamp %q is not now in unix seconds", id, h.header.Get("webhook-timestamp"))
	}
	return change
}

// feedServer starts a server of its own whose key also has the `feed` and `webhooks` scopes,
// with one webhook endpoint (`tests`: games created, to hooks, signed with both of its secrets),
// so that its feed holds only what the test does; it returns the address and the key.
func feedServer(t *testing.T, hooks *hookReceiver) (string, string) {
	t.Helper()
	key := "tbk_test_" + rand.Text()
	endpoints := filepath.Join(t.TempDir(), "webhooks.toml")
	toml := fmt.Sprintf("[[endpoint]]\nname = \"tests\"\nurl = %q\nsecrets = [%q, %q]\nkinds = [\"game_created\"]\n",
		hooks.url(), hooks.secrets[0], hooks.secrets[1])
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

func TestWebhooksAreStandardWebhooksSignedWithBothSecretsAndListed(t *testing.T) {
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
		for _, h := range hooks.hooks() {
			checkHook(t, h) // one that did not verify fails now, not at the deadline
		}
		if delivery == nil && time.Now().After(deadline) {
			t.Fatalf("no delivery of %s recorded: %v", created.GetGameId(), listed)
		}
	}
	if got := listed.GetEndpoints(); len(got) != 1 || got[0].GetName() != "tests" || got[0].GetUrl() != hooks.url() ||
		!slices.Equal(got[0].GetKinds(), []pb.ChangeKind{pb.ChangeKind_CHANGE_KIND_GAME_CREATED}) ||
		got[0].GetDisabled() || got[0].GetFailingSinceUnixMs() != 0 {
		t.Errorf("endpoints %v, want only `tests` to %s for games created, enabled, not failing", got, hooks.url())
	}
	if delivery.GetEndpoint() != "tests" || delivery.GetDeliveryId() != "tests:"+delivery.GetCursor() ||
		delivery.GetKind() != pb.ChangeKind_CHANGE_KIND_GAME_CREATED || delivery.GetHttpStatus() != http.StatusNoContent ||
		delivery.GetError() != "" || delivery.GetGaveUp() || delivery.GetRequested() {
		t.Errorf("delivery %v", delivery)
	}
	// The receiver got that very delivery under its id: the change in the envelope's data.
	mine := hooks.withID(delivery.GetDeliveryId())
	if len(mine) != 1 {
		t.Fatalf("the receiver got delivery %s %d times, want once", delivery.GetDeliveryId(), len(mine))
	}
	change := checkHook(t, mine[0])
	if change.Cursor != delivery.GetCursor() || change.GameID != created.GetGameId() || change.Kind != "CHANGE_KIND_GAME_CREATED" {
		t.Errorf("delivered %s, want the creation of %s at cursor %s", mine[0].body, created.GetGameId(), delivery.GetCursor())
	}

	// The library does refuse what was not signed so: a changed body, another secret.
	h := mine[0]
	for _, c := range []struct {
		secret string
		body   []byte
	}{
		{hooks.secrets[0], []byte(strings.Replace(string(h.body), "game.created", "game.finished", 1))},
		{hooks.secrets[1], append(slices.Clone(h.body), ' ')},
		{whsec(), h.body},
	} {
		v, err := standardwebhooks.NewWebhook(c.secret)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Verify(c.body, h.header); err == nil {
			t.Errorf("a delivery not signed so verified: %s", c.body)
		}
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
