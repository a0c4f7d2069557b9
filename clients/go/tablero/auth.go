package tablero

import (
	"context"

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
