// Package tablero is the Go client for Tablero, a gRPC game-engine service.
//
// The wire code is generated from proto/ into package tablerov1; this package only adds the
// boilerplate every caller would otherwise repeat: attaching a seat's token, submitting at the
// current version with an idempotency key and retrying on ABORTED, following history pages,
// and reading the rule ID or current version out of an error.
//
//	c, err := tablero.Dial("127.0.0.1:50051")
//	if err != nil { ... }
//	defer c.Close()
//	created, err := c.CreateGame(ctx, &tablerov1.CreateGameRequest{
//		GameType: "claim",
//		Seats:    []*tablerov1.SeatSpec{tablero.Human("me"), tablero.Bot("random")},
//	})
//	me := c.Seat(created.GetGameId(), created.GetCredentials()[0].GetToken())
//	actions, err := me.LegalActions(ctx)
//	_, err = me.SubmitAt(ctx, actions.GetVersion(), actions.GetActions()[0].GetId())
package tablero

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"iter"

	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
)

// MaxSubmitRetries is how many times Submit retries after ABORTED (a stale expected version).
const MaxSubmitRetries = 5

// Client is a connection to a Tablero server. It is safe for concurrent use.
type Client struct {
	conn *grpc.ClientConn // nil when built with NewClient
	raw  pb.GameServiceClient
}

// Dial creates a client for target (a gRPC target such as "127.0.0.1:50051" or
// "dns:///tablero.example:443"). The connection is made lazily, on the first call. Without
// options it uses plaintext; pass grpc.WithTransportCredentials(credentials.NewTLS(...)) for
// TLS (later options override the plaintext default), and WithAPIKey for a backend.
func Dial(target string, opts ...grpc.DialOption) (*Client, error) {
	all := append([]grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}, opts...)
	conn, err := grpc.NewClient(target, all...)
	if err != nil {
		return nil, err
	}
	return &Client{conn: conn, raw: pb.NewGameServiceClient(conn)}, nil
}

// NewClient wraps an existing connection (which the caller keeps owning: Close is a no-op).
func NewClient(conn grpc.ClientConnInterface) *Client {
	return &Client{raw: pb.NewGameServiceClient(conn)}
}

// Close closes the connection made by Dial.
func (c *Client) Close() error {
	if c.conn == nil {
		return nil
	}
	return c.conn.Close()
}

// Raw is the generated client, for anything the helpers do not cover. Pass
// grpc.PerRPCCredentials(tablero.BearerToken(token)) to act as a seat.
func (c *Client) Raw() pb.GameServiceClient { return c.raw }

// Human is a seat held by a person (or program) with the seat's token.
func Human(name string) *pb.SeatSpec {
	return &pb.SeatSpec{Occupant: pb.Occupant_OCCUPANT_HUMAN, Name: name}
}

// Player is a human seat for the backend's user playerRef (its own user id), so that
// PlayerGames finds the game. Only a caller with an API key may set it; views show it to API
// keys only (PublicPlayer shows it to everybody).
func Player(name, playerRef string) *pb.SeatSpec {
	return &pb.SeatSpec{Occupant: pb.Occupant_OCCUPANT_HUMAN, Name: name, PlayerRef: playerRef}
}

// PublicPlayer is Player with the player's ref shown to every viewer, not only to API keys.
func PublicPlayer(name, playerRef string) *pb.SeatSpec {
	spec := Player(name, playerRef)
	spec.PlayerRefPublic = true
	return spec
}

// Bot is a seat the server plays; kind "" means the server's default ("random").
func Bot(kind string) *pb.SeatSpec {
	return &pb.SeatSpec{Occupant: pb.Occupant_OCCUPANT_BOT, Name: "bot", Bot: kind}
}

// BotLevel is a seat the server plays with bot kind ("random", "greedy", "mcts": see
// GameTypeInfo.BotKinds) at level (0 means the kind's default level).
func BotLevel(kind string, level uint32) *pb.SeatSpec {
	spec := Bot(kind)
	spec.BotLevel = level
	return spec
}

// OpenSeat is a human seat nobody holds yet; JoinGame claims it.
func OpenSeat() *pb.SeatSpec {
	return &pb.SeatSpec{Occupant: pb.Occupant_OCCUPANT_OPEN}
}

// PerMove is a time control for CreateGameRequest.TimeControl: seconds for every decision
// (1 to 2,592,000; the server checks). When a seat's time runs out the server's bot decides for
// it (see WithTimeoutPolicy).
func PerMove(seconds uint32) *pb.TimeControl {
	return &pb.TimeControl{Control: &pb.TimeControl_PerMove{PerMove: &pb.PerMoveTimeControl{Seconds: seconds}}}
}

// ChessClock is a time control with a bank of initialSeconds per seat (1 to 2,592,000), spent
// while the seat decides and topped up by incrementSeconds (0 to 86,400) after each decision.
func ChessClock(initialSeconds, incrementSeconds uint32) *pb.TimeControl {
	return &pb.TimeControl{Control: &pb.TimeControl_ChessClock{ChessClock: &pb.ChessClockTimeControl{
		InitialSeconds:   initialSeconds,
		IncrementSeconds: incrementSeconds,
	}}}
}

// Daily is a time control for asynchronous play: each decision within days (1 to 30).
func Daily(days uint32) *pb.TimeControl {
	return &pb.TimeControl{Control: &pb.TimeControl_Daily{Daily: &pb.DailyTimeControl{Days: days}}}
}

// WithTimeoutPolicy sets what happens when a seat's time runs out (e.g.
// pb.TimeoutPolicy_TIMEOUT_POLICY_RESIGN) and returns tc.
func WithTimeoutPolicy(tc *pb.TimeControl, policy pb.TimeoutPolicy) *pb.TimeControl {
	tc.OnTimeout = policy
	return tc
}

// CreateGame creates a game. The response holds each human seat's token, once. A Seed or a
// Scenario needs an API key with the `setup` scope (WithAPIKey); Listed shows the game in
// everyone's ListGames; a TimeControl (PerMove, ChessClock, Daily) times it, and its views then
// carry the clocks (GameView.Clock).
func (c *Client) CreateGame(ctx context.Context, req *pb.CreateGameRequest) (*pb.CreateGameResponse, error) {
	return c.raw.CreateGame(ctx, req)
}

// JoinGame claims an open seat (the lowest open one when seat is nil) and returns its token.
func (c *Client) JoinGame(ctx context.Context, gameID string, seat *uint32, name string) (*pb.JoinGameResponse, error) {
	return c.raw.JoinGame(ctx, &pb.JoinGameRequest{GameId: gameID, Seat: seat, Name: name})
}

// JoinGameAs claims an open seat (the lowest open one when seat is nil) for a backend's user:
// the name, player ref and its visibility come from who, as Player or PublicPlayer build it.
// A player ref needs an API key (WithAPIKey).
func (c *Client) JoinGameAs(ctx context.Context, gameID string, seat *uint32, who *pb.SeatSpec) (*pb.JoinGameResponse, error) {
	return c.raw.JoinGame(ctx, &pb.JoinGameRequest{
		GameId:          gameID,
		Seat:            seat,
		Name:            who.GetName(),
		PlayerRef:       who.GetPlayerRef(),
		PlayerRefPublic: who.GetPlayerRefPublic(),
	})
}

// GameTypes lists the game types this server hosts.
func (c *Client) GameTypes(ctx context.Context) ([]*pb.GameTypeInfo, error) {
	resp, err := c.raw.ListGameTypes(ctx, &pb.ListGameTypesRequest{})
	if err != nil {
		return nil, err
	}
	return resp.GetGameTypes(), nil
}

// ListGames lists games, newest first, filtered and paged as req says: the listed ones, or
// every game for an API key with the `list` scope.
func (c *Client) ListGames(ctx context.Context, req *pb.ListGamesRequest) (*pb.ListGamesResponse, error) {
	return c.raw.ListGames(ctx, req)
}

// PlayerGames yields one player's games (every game with a seat of playerRef, listed or not),
// newest first, following pages: "my games", or with toAct only the games waiting for that
// player. It needs an API key with the `list` scope. The sequence ends after the last page or
// with one error; break out of the loop to stop early.
//
//	for game, err := range c.PlayerGames(ctx, "user-17", true) { ... }
func (c *Client) PlayerGames(ctx context.Context, playerRef string, toAct bool) iter.Seq2[*pb.GameSummary, error] {
	return func(yield func(*pb.GameSummary, error) bool) {
		req := &pb.ListGamesRequest{PlayerRef: playerRef, ToAct: toAct}
		for {
			// A page may hold fewer games than asked while more follow: go on while there is a token.
			page, err := c.raw.ListGames(ctx, req)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, g := range page.GetGames() {
				if !yield(g, nil) {
					return
				}
			}
			if page.GetNextPageToken() == "" {
				return
			}
			req.PageToken = page.GetNextPageToken()
		}
	}
}

// ResignSeat resigns seat for its player, as a backend (an API key with the `seats` scope); a
// player resigns with SeatClient.Resign. A game of one or two seats ends (the other seat wins);
// with more, the server's bot plays the seat from then on.
func (c *Client) ResignSeat(ctx context.Context, gameID string, seat uint32) (*pb.ResignSeatResponse, error) {
	return c.raw.ResignSeat(ctx, &pb.ResignSeatRequest{GameId: gameID, Seat: &seat}, grpc.PerRPCCredentials(GameID(gameID)))
}

// ReplaceSeat hands seat to the server's bot (pb.Occupant_OCCUPANT_BOT, e.g. for a player who
// left) or back to its person (pb.Occupant_OCCUPANT_HUMAN: the seat's token works again; a seat
// that never had one gets a fresh token in the response's Credential). It needs an API key with
// the `seats` scope.
func (c *Client) ReplaceSeat(ctx context.Context, gameID string, seat uint32, occupant pb.Occupant) (*pb.ReplaceSeatResponse, error) {
	return c.raw.ReplaceSeat(ctx, &pb.ReplaceSeatRequest{GameId: gameID, Seat: seat, Occupant: occupant}, grpc.PerRPCCredentials(GameID(gameID)))
}

// ReissueSeatToken gives a human seat a new token, returned once in the response's Credential;
// the old token stops working at once. It needs an API key with the `seats` scope.
func (c *Client) ReissueSeatToken(ctx context.Context, gameID string, seat uint32) (*pb.ReissueSeatTokenResponse, error) {
	return c.raw.ReissueSeatToken(ctx, &pb.ReissueSeatTokenRequest{GameId: gameID, Seat: seat}, grpc.PerRPCCredentials(GameID(gameID)))
}

// Seat acts as, and sees what is visible to, the seat whose token this is.
func (c *Client) Seat(gameID, token string) *SeatClient {
	return &SeatClient{
		raw:    c.raw,
		gameID: gameID,
		// One credentials value for both: a call keeps only its last PerRPCCredentials option.
		opts: []grpc.CallOption{grpc.PerRPCCredentials(seatMetadata{bearer: "Bearer " + token, game: gameID})},
	}
}

// Spectator sees the game as a spectator (public information only) and cannot act.
func (c *Client) Spectator(gameID string) *SeatClient {
	return &SeatClient{raw: c.raw, gameID: gameID, opts: []grpc.CallOption{grpc.PerRPCCredentials(GameID(gameID))}}
}

// SeatClient is one caller's handle on one game. It is safe for concurrent use.
type SeatClient struct {
	raw    pb.GameServiceClient
	gameID string
	opts   []grpc.CallOption // the game id, and the bearer token if any
}

// GameID is the game this handle is for.
func (s *SeatClient) GameID() string { return s.gameID }

// CallOptions are the options carrying this caller's token, for calls through Client.Raw.
func (s *SeatClient) CallOptions() []grpc.CallOption { return s.opts }

func (s *SeatClient) callOpts(extra []grpc.CallOption) []grpc.CallOption {
	if len(extra) == 0 {
		return s.opts
	}
	return append(append([]grpc.CallOption{}, s.opts...), extra...)
}

// View is the caller's view of the game now (including the caller's legal actions).
func (s *SeatClient) View(ctx context.Context) (*pb.GameView, error) {
	resp, err := s.raw.GetView(ctx, &pb.GetViewRequest{GameId: s.gameID}, s.opts...)
	if err != nil {
		return nil, err
	}
	return resp.GetView(), nil
}

// LegalActions are the caller's legal actions now and the version they hold at (empty when
// the caller need not act).
func (s *SeatClient) LegalActions(ctx context.Context) (*pb.ListLegalActionsResponse, error) {
	return s.raw.ListLegalActions(ctx, &pb.ListLegalActionsRequest{GameId: s.gameID}, s.opts...)
}

// Hint is the move the server's mcts bot would play for this seat, searched from its own view (level 0: default).
func (s *SeatClient) Hint(ctx context.Context, level uint32) (*pb.GetHintResponse, error) {
	return s.raw.GetHint(ctx, &pb.GetHintRequest{GameId: s.gameID, Level: level}, s.opts...)
}

// Submit applies a legal action id at the game's current version, retrying on ABORTED (see
// SubmitAt). It costs one extra round trip to read the version; use SubmitAt when the version
// is known from the view the action was chosen in.
func (s *SeatClient) Submit(ctx context.Context, actionID string) (*pb.SubmitActionResponse, error) {
	legal, err := s.LegalActions(ctx)
	if err != nil {
		return nil, err
	}
	return s.SubmitAt(ctx, legal.GetVersion(), actionID)
}

// SubmitAt applies a legal action id expecting the game at version. When someone else moved
// first (ABORTED) it retries at the current version carried by the error, up to
// MaxSubmitRetries times, with one idempotency key throughout so that a retry after a lost
// reply never applies the action twice. Other errors are returned as they are; read them with
// RuleID, CurrentVersion or status.Code.
func (s *SeatClient) SubmitAt(ctx context.Context, version uint64, actionID string) (*pb.SubmitActionResponse, error) {
	return s.submitRetrying(ctx, version, &pb.SubmitActionRequest{
		Action: &pb.SubmitActionRequest_ActionId{ActionId: actionID},
	})
}

// SubmitTyped is SubmitAt for a typed action (e.g. a Claim card) instead of an action id.
func (s *SeatClient) SubmitTyped(ctx context.Context, version uint64, action *pb.Action) (*pb.SubmitActionResponse, error) {
	return s.submitRetrying(ctx, version, &pb.SubmitActionRequest{
		Action: &pb.SubmitActionRequest_Typed{Typed: action},
	})
}

func (s *SeatClient) submitRetrying(ctx context.Context, version uint64, req *pb.SubmitActionRequest) (*pb.SubmitActionResponse, error) {
	req.GameId = s.gameID
	req.IdempotencyKey = NewIdempotencyKey()
	for attempt := 0; ; attempt++ {
		req.ExpectedVersion = version
		resp, err := s.SubmitRequest(ctx, req)
		if err == nil || status.Code(err) != codes.Aborted || attempt >= MaxSubmitRetries {
			return resp, err
		}
		if current, ok := CurrentVersion(err); ok {
			version = current
		} else if legal, lerr := s.LegalActions(ctx); lerr == nil {
			version = legal.GetVersion()
		} else {
			return nil, err
		}
	}
}

// SubmitRequest sends req exactly as given, as this caller (no retry; GameId is not filled in).
func (s *SeatClient) SubmitRequest(ctx context.Context, req *pb.SubmitActionRequest, opts ...grpc.CallOption) (*pb.SubmitActionResponse, error) {
	return s.raw.SubmitAction(ctx, req, s.callOpts(opts)...)
}

// WatchStream opens the raw stream of every change after fromVersion (from 0: the setup
// events first). The server ends it after the message showing the game finished.
func (s *SeatClient) WatchStream(ctx context.Context, fromVersion uint64) (grpc.ServerStreamingClient[pb.WatchGameResponse], error) {
	return s.raw.WatchGame(ctx, &pb.WatchGameRequest{GameId: s.gameID, FromVersion: fromVersion}, s.opts...)
}

// Watch yields every change after fromVersion, as this caller may see it: each message holds
// the events since the previous one and the view after them. The sequence ends when the
// server ends the stream (the game finished) or with one error (including ctx's); break out
// of the loop or cancel ctx to stop watching.
//
//	for msg, err := range seat.Watch(ctx, 0) { ... }
func (s *SeatClient) Watch(ctx context.Context, fromVersion uint64) iter.Seq2[*pb.WatchGameResponse, error] {
	return func(yield func(*pb.WatchGameResponse, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel() // ends the stream if the loop breaks early
		stream, err := s.WatchStream(ctx, fromVersion)
		if err != nil {
			yield(nil, err)
			return
		}
		for {
			msg, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(msg, nil) {
				return
			}
		}
	}
}

// History is every event after fromVersion as this caller may see it, following pages to the
// end. From 0 it starts with the setup events (version 0), as Watch from 0 does.
func (s *SeatClient) History(ctx context.Context, fromVersion uint64) ([]*pb.Event, error) {
	var events []*pb.Event
	from := fromVersion
	for {
		page, err := s.raw.GetHistory(ctx, &pb.GetHistoryRequest{GameId: s.gameID, FromVersion: from}, s.opts...)
		if err != nil {
			return nil, err
		}
		events = append(events, page.GetEvents()...)
		if page.GetThroughVersion() >= page.GetCurrentVersion() || page.GetThroughVersion() <= from {
			return events, nil
		}
		from = page.GetThroughVersion()
	}
}

// Resign gives up this caller's seat (the token decides which). A game of one or two seats
// ends at once (the other seat wins); with more, the server's bot plays the seat from then on.
// The response holds the view after it and the events from the resignation on.
func (s *SeatClient) Resign(ctx context.Context) (*pb.ResignSeatResponse, error) {
	return s.raw.ResignSeat(ctx, &pb.ResignSeatRequest{GameId: s.gameID}, s.opts...)
}

// ReplayView is the caller's view at an earlier version.
func (s *SeatClient) ReplayView(ctx context.Context, version uint64) (*pb.GameView, error) {
	resp, err := s.raw.GetReplayView(ctx, &pb.GetReplayViewRequest{GameId: s.gameID, Version: version}, s.opts...)
	if err != nil {
		return nil, err
	}
	return resp.GetView(), nil
}

// NewIdempotencyKey is a fresh random key: one per intent, reused only when retrying it.
func NewIdempotencyKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (it crashes the program instead)
	return hex.EncodeToString(b)
}
