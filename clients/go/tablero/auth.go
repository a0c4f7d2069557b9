package tablero

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
)

// BearerToken is per-RPC credentials sending a seat's token as `authorization: Bearer <token>`.
// Use it with the generated client: grpc.PerRPCCredentials(tablero.BearerToken(token)) as a
// call option, or grpc.WithPerRPCCredentials for a connection that acts for one seat.
//
// It does not require transport security, so it also works over plaintext (local servers,
// tests); use TLS wherever the token crosses a network you do not trust.
func BearerToken(token string) credentials.PerRPCCredentials {
	return bearer{value: "Bearer " + token}
}

type bearer struct{ value string }

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": b.value}, nil
}

func (bearer) RequireTransportSecurity() bool { return false }

// GameIDHeader is the metadata key naming the game a call is about: a load balancer hashes on
// it, so a game's calls reach the replica that keeps the game decoded.
const GameIDHeader = "tablero-game-id"

// GameID is per-RPC metadata naming the game (GameIDHeader), for routing by game.
func GameID(id string) credentials.PerRPCCredentials {
	return gameID{value: id}
}

type gameID struct{ value string }

func (g gameID) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{GameIDHeader: g.value}, nil
}

func (gameID) RequireTransportSecurity() bool { return false }

// seatMetadata is a seat's token and its game's id, as one per-RPC credentials value.
type seatMetadata struct{ bearer, game string }

func (s seatMetadata) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": s.bearer, GameIDHeader: s.game}, nil
}

func (seatMetadata) RequireTransportSecurity() bool { return false }

// APIKeyHeader is the metadata key that carries a backend's API key.
const APIKeyHeader = "x-api-key"

// WithAPIKey makes every call of a Dial-ed client carry a backend's API key (`x-api-key`):
// tablero.Dial(target, tablero.WithAPIKey(key)). Only a key with the matching scope may choose
// a seed or a scenario, list unlisted games or delete any game; players' apps dial without one.
func WithAPIKey(key string) grpc.DialOption {
	return grpc.WithPerRPCCredentials(APIKey(key))
}

// APIKey is per-RPC credentials sending a backend's API key as `x-api-key: <key>`, for a
// connection made elsewhere (grpc.WithPerRPCCredentials) or one call (grpc.PerRPCCredentials).
// Like BearerToken it also works over plaintext; use TLS wherever the key crosses a network you
// do not trust.
func APIKey(key string) credentials.PerRPCCredentials {
	return apiKey{value: key}
}

type apiKey struct{ value string }

func (k apiKey) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{APIKeyHeader: k.value}, nil
}

func (apiKey) RequireTransportSecurity() bool { return false }
