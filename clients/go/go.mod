module github.com/tablero/tablero/clients/go

go 1.26.0

require (
	connectrpc.com/connect v1.21.1
	github.com/standard-webhooks/standard-webhooks/libraries v1.3.0
	google.golang.org/genproto/googleapis/rpc v0.0.0-20261019180522-ce908d29299b
	google.golang.org/grpc v1.85.0
	google.golang.org/protobuf v1.36.12
)

require (
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
)
