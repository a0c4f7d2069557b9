package tablero

import (
	"context"
	"errors"
	"io"
	"iter"
	"math/rand/v2"
	"time"

	pb "github.com/tablero/tablero/clients/go/tablerov1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// MaxWatchReconnects is how many times in a row WatchChanges reconnects without a change
// arriving in between (waiting 0.1 s, then twice as long each time, at most 5 s) before it gives
// up.
const MaxWatchReconnects = 8

// WatchChanges yields the changes of every game matching req's filter (GameType, PlayerRef,
// Kinds) as the server commits them: games created, seats to act, games finished, deadlines
// passed, seat changes, campaign plays folded. It needs an API key with the `feed` scope.
// req.Cursor resumes after a change delivered earlier (Change.Cursor, e.g. one the caller
// stored); without one the feed starts with the changes after the call, or with req.FromStart
// with the oldest change the server keeps.
//
// When the stream breaks it reconnects from the cursor of the last change it yielded, so the
// loop sees every change once and in order: after UNAVAILABLE (a replica shutting down, a lost
// connection), RESOURCE_EXHAUSTED once the stream has delivered (the server closes a stream the
// loop did not read for its drain time), or an end of the stream. After MaxWatchReconnects
// failures in a row without a change in between it yields the error, and any other error at
// once; a cursor older than the server keeps is FAILED_PRECONDITION (reason CURSOR_EXPIRED).
// The sequence does not end by itself: break out of the loop or cancel ctx to stop.
//
//	for change, err := range c.WatchChanges(ctx, &tablerov1.WatchChangesRequest{PlayerRef: "user-17"}) { ... }
func (c *Client) WatchChanges(ctx context.Context, req *pb.WatchChangesRequest) iter.Seq2[*pb.Change, error] {
	return func(yield func(*pb.Change, error) bool) {
		req := proto.Clone(req).(*pb.WatchChangesRequest) // the caller's request stays as it was
		failures := 0
		for {
			delivered, err := c.followChanges(ctx, req, func(change *pb.Change) bool {
				req.Cursor = change.GetCursor()
				req.FromStart = false
				failures = 0
				return yield(change, nil)
			})
			if errors.Is(err, errStopped) {
				return
			}
			if ctx.Err() != nil || (err != nil && !brokenStream(err, delivered)) || failures >= MaxWatchReconnects {
				if err != nil {
					yield(nil, err)
				}
				return
			}
			failures++
			if !sleep(ctx, backoff(failures)) {
				yield(nil, ctx.Err())
				return
			}
		}
	}
}

// brokenStream says whether a feed's error means that the stream broke rather than that the
// server refused: UNAVAILABLE, or RESOURCE_EXHAUSTED after the stream delivered (a reader too
// slow for the server's drain time; before, it is a limit on streams).
func brokenStream(err error, delivered bool) bool {
	code := status.Code(err)
	return code == codes.Unavailable || (delivered && code == codes.ResourceExhausted)
}

// errStopped says the loop over WatchChanges stopped early.
var errStopped = errors.New("stopped by the caller")

// followChanges runs one WatchChanges stream, handing each change to deliver, until the stream
// fails, ends (nil) or deliver returns false (errStopped); delivered says whether the stream
// sent a message.
func (c *Client) followChanges(ctx context.Context, req *pb.WatchChangesRequest, deliver func(*pb.Change) bool) (delivered bool, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // ends the call however this returns
	stream, err := c.raw.WatchChanges(ctx, req)
	if err != nil {
		return false, err
	}
	for {
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return delivered, nil // the server never ends the stream by itself; something in between did
		}
		if err != nil {
			return delivered, err
		}
		delivered = true
		for _, change := range msg.GetChanges() {
			if !deliver(change) {
				return delivered, errStopped
			}
		}
	}
}

// backoff is the wait before the attempt-th reconnect: 0.1 s doubling to at most 5 s, each a
// random half to all of that, so that many backends cut off at once do not all come back at once.
func backoff(attempt int) time.Duration {
	d := min(5*time.Second, 100*time.Millisecond<<min(attempt-1, 10))
	return d/2 + rand.N(d/2+1)
}

// sleep waits d, or less when ctx ends (false).
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// ListWebhookDeliveries lists the operator's webhook endpoints (with the cursor each has been
// delivered up to) and their latest deliveries, newest first, filtered by req (Endpoint: one
// endpoint, else all; PageSize: server default 50, maximum 500). It needs an API key with the
// `webhooks` scope.
func (c *Client) ListWebhookDeliveries(ctx context.Context, req *pb.ListWebhookDeliveriesRequest) (*pb.ListWebhookDeliveriesResponse, error) {
	return c.raw.ListWebhookDeliveries(ctx, req)
}
