package tablero_test

// The Connect protocol from connect-go, the generated tablerov1connect stubs against the real
// server: a whole game played (JSON and binary, HTTP/1.1 and HTTP/2, gzip, the reads as GET),
// a watch stream to the end, and the errors with their codes, details and trailers.

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/tablero/tablero/clients/go/tablero"
	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"github.com/tablero/tablero/clients/go/tablerov1/tablerov1connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
)

// wire records what went over HTTP: the method and path, and whether the body was gzip.
type wire struct {
	mu       sync.Mutex
	requests []string
	next     http.RoundTripper
}

func (w *wire) RoundTrip(r *http.Request) (*http.Response, error) {
	line := r.Method + " " + r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
	if r.Header.Get("Content-Encoding") == "gzip" || r.Header.Get("Connect-Content-Encoding") == "gzip" ||
		r.URL.Query().Get("compression") == "gzip" {
		line += " gzip"
	}
	w.mu.Lock()
	w.requests = append(w.requests, line)
	w.mu.Unlock()
	return w.next.RoundTrip(r)
}

func (w *wire) saw(prefix string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.ContainsFunc(w.requests, func(r string) bool { return strings.HasPrefix(r, prefix) })
}

// connectClient is a connect-go GameService client over HTTP/1.1, or h2c with http2.
func connectClient(t *testing.T, http2 bool, opts ...connect.ClientOption) (tablerov1connect.GameServiceClient, *wire) {
	t.Helper()
	transport := http.DefaultTransport.(*http.Transport).Clone()
	if http2 {
		var protocols http.Protocols
		protocols.SetUnencryptedHTTP2(true)
		transport.Protocols = &protocols
	}
	w := &wire{next: transport}
	t.Cleanup(transport.CloseIdleConnections)
	return tablerov1connect.NewGameServiceClient(&http.Client{Transport: w}, "http://"+serverAddr, opts...), w
}

// authed is req with the API key, or a seat's bearer token when token is set.
func authed[T any](msg *T, token string) *connect.Request[T] {
	req := connect.NewRequest(msg)
	if token != "" {
		req.Header().Set("Authorization", "Bearer "+token)
	} else {
		req.Header().Set("X-Api-Key", apiKey)
	}
	return req
}

func connectClaim(t *testing.T, ctx context.Context, c tablerov1connect.GameServiceClient, seed uint64, seats ...*pb.SeatSpec) *pb.CreateGameResponse {
	t.Helper()
	created, err := c.CreateGame(ctx, authed(&pb.CreateGameRequest{
		GameType: "claim",
		Options: &pb.GameOptions{Game: &pb.GameOptions_Claim{Claim: &pb.ClaimOptions{
			Mode: pb.ClaimMode_CLAIM_MODE_BASE_2P, FirstLeader: proto.Uint32(0),
		}}},
		Seats: seats,
		Seed:  proto.Uint64(seed),
	}, ""))
	if err != nil {
		t.Fatalf("CreateGame over Connect: %v", err)
	}
	return created.Msg
}

func TestConnectGoPlaysAWholeGameAndWatchesIt(t *testing.T) {
	flavours := []struct {
		name  string
		http2 bool
		opts  []connect.ClientOption
		gets  bool
	}{
		{name: "binary over HTTP/1.1"},
		{name: "JSON over HTTP/1.1, gzip, reads as GET", opts: []connect.ClientOption{
			connect.WithProtoJSON(), connect.WithSendGzip(), connect.WithHTTPGet(),
		}, gets: true},
		{name: "binary over HTTP/2, gzip, reads as GET", http2: true, opts: []connect.ClientOption{
			connect.WithSendGzip(), connect.WithHTTPGet(),
		}, gets: true},
	}
	for i, f := range flavours {
		t.Run(f.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			c, w := connectClient(t, f.http2, f.opts...)
			created := connectClaim(t, ctx, c, uint64(60+i), tablero.Human("go"), tablero.Bot("random"))
			id, me := created.GetGameId(), token(t, created, 0)

			// A spectator watches from version 0 while the seat plays.
			watched := make(chan *pb.GameView, 1)
			go func() {
				stream, err := c.WatchGame(ctx, connect.NewRequest(&pb.WatchGameRequest{GameId: id}))
				if err != nil {
					t.Errorf("WatchGame: %v", err)
					watched <- nil
					return
				}
				defer stream.Close()
				var last *pb.GameView
				for stream.Receive() {
					last = stream.Msg().GetView()
					if last.GetStatus() == pb.GameStatus_GAME_STATUS_FINISHED {
						break
					}
				}
				if err := stream.Err(); err != nil {
					t.Errorf("watch: %v", err)
				}
				watched <- last
			}()

			rng := rand.New(rand.NewPCG(uint64(60+i), 2))
			var view *pb.GameView
			for moves := 0; ; moves++ {
				got, err := c.GetView(ctx, authed(&pb.GetViewRequest{GameId: id}, me))
				if err != nil {
					t.Fatalf("GetView: %v", err)
				}
				view = got.Msg.GetView()
				if view.GetStatus() == pb.GameStatus_GAME_STATUS_FINISHED {
					break
				}
				if moves > 1000 {
					t.Fatal("no end after 1000 moves")
				}
				legal, err := c.ListLegalActions(ctx, authed(&pb.ListLegalActionsRequest{GameId: id}, me))
				if err != nil {
					t.Fatalf("ListLegalActions: %v", err)
				}
				actions := legal.Msg.GetActions()
				if len(actions) == 0 || legal.Msg.GetVersion() != view.GetVersion() {
					t.Fatalf("version %d: %d legal actions at version %d", view.GetVersion(), len(actions), legal.Msg.GetVersion())
				}
				choice := actions[rng.IntN(len(actions))]
				res, err := c.SubmitAction(ctx, authed(&pb.SubmitActionRequest{
					GameId: id, ExpectedVersion: view.GetVersion(), Action: &pb.SubmitActionRequest_ActionId{ActionId: choice.GetId()},
				}, me))
				if err != nil {
					t.Fatalf("SubmitAction %q: %v", choice.GetId(), err)
				}
				if res.Msg.GetView().GetVersion() <= view.GetVersion() || len(res.Msg.GetEvents()) == 0 {
					t.Fatalf("submit %q: version %d after %d", choice.GetId(), res.Msg.GetView().GetVersion(), view.GetVersion())
				}
			}
			if out := view.GetOutcome(); len(out.GetPlaces()) != 2 || (len(out.GetWinners()) == 0 && !out.GetDraw()) {
				t.Errorf("outcome %v", out)
			}
			select {
			case last := <-watched:
				if last.GetVersion() != view.GetVersion() || last.GetStatus() != pb.GameStatus_GAME_STATUS_FINISHED {
					t.Errorf("the watch ended at version %d (%v), the game at %d", last.GetVersion(), last.GetStatus(), view.GetVersion())
				}
			case <-ctx.Done():
				t.Fatal("the watch did not see the end")
			}
			if f.gets != w.saw("GET GetView") || f.gets != w.saw("GET ListLegalActions") {
				t.Errorf("reads as GET: want %v, sent %v", f.gets, w.requests)
			}
			if !w.saw("POST SubmitAction") || w.saw("GET SubmitAction") {
				t.Errorf("a write is a POST: sent %v", w.requests)
			}
			if f.gets && !w.saw("GET GetView gzip") && !w.saw("POST SubmitAction gzip") {
				t.Errorf("gzip requests were asked for: sent %v", w.requests)
			}
		})
	}
}

// connectError is err as a Connect error of code want, or fails the test.
func connectError(t *testing.T, err error, want connect.Code, what string) *connect.Error {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) {
		t.Fatalf("%s: want a %v connect error, got %v", what, want, err)
	}
	if ce.Code() != want {
		t.Fatalf("%s: code %v, want %v (%v)", what, ce.Code(), want, ce)
	}
	return ce
}

// errorInfo is the google.rpc.ErrorInfo among a Connect error's details.
func errorInfo(t *testing.T, ce *connect.Error) *errdetails.ErrorInfo {
	t.Helper()
	for _, d := range ce.Details() {
		v, err := d.Value()
		if err != nil {
			t.Fatalf("detail %s: %v", d.Type(), err)
		}
		if info, ok := v.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	t.Fatalf("no ErrorInfo among %d details of %v", len(ce.Details()), ce)
	return nil
}

func TestConnectGoErrorsCarryCodesDetailsAndTrailers(t *testing.T) {
	for _, json := range []bool{false, true} {
		name := "binary"
		var opts []connect.ClientOption
		if json {
			name, opts = "JSON", []connect.ClientOption{connect.WithProtoJSON()}
		}
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			c, _ := connectClient(t, false, opts...)
			created := connectClaim(t, ctx, c, 5, tablero.Human("ann"), tablero.Human("bob"))
			id, ann, bob := created.GetGameId(), token(t, created, 0), token(t, created, 1)
			annView, err := c.GetView(ctx, authed(&pb.GetViewRequest{GameId: id}, ann))
			if err != nil {
				t.Fatalf("ann's view: %v", err)
			}
			view := annView.Msg.GetView()

			_, err = c.GetView(ctx, authed(&pb.GetViewRequest{GameId: id}, "tbt_not_a_token"))
			connectError(t, err, connect.CodeUnauthenticated, "a made-up token")
			_, err = c.GetView(ctx, connect.NewRequest(&pb.GetViewRequest{GameId: "g_" + strings.Repeat("0", 24)}))
			connectError(t, err, connect.CodeNotFound, "an unknown game")
			_, err = c.GetView(ctx, connect.NewRequest(&pb.GetViewRequest{GameId: "no such game"}))
			connectError(t, err, connect.CodeInvalidArgument, "a malformed game id")
			first := view.GetLegalActions()
			if len(first) == 0 {
				t.Fatal("ann has nothing to play")
			}
			_, err = c.SubmitAction(ctx, authed(&pb.SubmitActionRequest{GameId: id, ExpectedVersion: view.GetVersion(), Action: &pb.SubmitActionRequest_ActionId{ActionId: first[0].GetId()}}, bob))
			connectError(t, err, connect.CodePermissionDenied, "bob out of turn")

			// A stale version: aborted, the current version in the details and the trailer.
			_, err = c.SubmitAction(ctx, authed(&pb.SubmitActionRequest{GameId: id, ExpectedVersion: view.GetVersion() + 7, Action: &pb.SubmitActionRequest_ActionId{ActionId: first[0].GetId()}}, ann))
			ce := connectError(t, err, connect.CodeAborted, "a stale version")
			if got := errorInfo(t, ce).GetMetadata()["current_version"]; got == "" {
				t.Errorf("no current_version in %v", errorInfo(t, ce))
			}
			if got := ce.Meta().Get("Tablero-Current-Version"); got == "" {
				t.Errorf("no tablero-current-version trailer in %v", ce.Meta())
			}

			// Ann leads a card; bob playing that same card (now on the table) breaks CLM-TRK.3.
			res, err := c.SubmitAction(ctx, authed(&pb.SubmitActionRequest{GameId: id, ExpectedVersion: view.GetVersion(), Action: &pb.SubmitActionRequest_ActionId{ActionId: first[0].GetId()}}, ann))
			if err != nil {
				t.Fatalf("ann's lead: %v", err)
			}
			led := res.Msg.GetView().GetClaim().GetTrick()[0].GetCard()
			_, err = c.SubmitAction(ctx, authed(&pb.SubmitActionRequest{
				GameId: id, ExpectedVersion: res.Msg.GetView().GetVersion(), Action: &pb.SubmitActionRequest_Typed{Typed: playCard(led)},
			}, bob))
			ce = connectError(t, err, connect.CodeFailedPrecondition, "bob plays the card on the table")
			if info := errorInfo(t, ce); info.GetReason() != "RULE_VIOLATION" || info.GetMetadata()["rule_id"] != "CLM-TRK.3" {
				t.Errorf("ErrorInfo %v, want RULE_VIOLATION CLM-TRK.3", info)
			}
			if got := ce.Meta().Get("Tablero-Rule-Id"); got != "CLM-TRK.3" {
				t.Errorf("trailer tablero-rule-id %q, want CLM-TRK.3", got)
			}

			// A request beyond the server's size limit.
			_, err = c.SubmitAction(ctx, authed(&pb.SubmitActionRequest{GameId: id, Action: &pb.SubmitActionRequest_ActionId{ActionId: strings.Repeat("x", 2<<20)}}, bob))
			connectError(t, err, connect.CodeResourceExhausted, "a 2 MiB action id")

			// A stream that fails ends with the error in its end-of-stream message.
			stream, err := c.WatchGame(ctx, authed(&pb.WatchGameRequest{GameId: id}, "tbt_not_a_token"))
			if err == nil {
				for stream.Receive() {
					t.Error("a watch with a made-up token received a message")
				}
				err = stream.Err()
				_ = stream.Close()
			}
			connectError(t, err, connect.CodeUnauthenticated, "a watch with a made-up token")

			// connect-timeout-ms: a watch of a game nobody moves ends at its deadline.
			short, cancelShort := context.WithTimeout(ctx, 400*time.Millisecond)
			defer cancelShort()
			stream, err = c.WatchGame(short, connect.NewRequest(&pb.WatchGameRequest{GameId: id}))
			if err == nil {
				for stream.Receive() {
				}
				err = stream.Err()
				_ = stream.Close()
			}
			connectError(t, err, connect.CodeDeadlineExceeded, "a watch past its timeout")
		})
	}
}
