package tablero

import (
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

// ErrorInfo is the google.rpc.ErrorInfo detail of a Tablero error, or nil. Its Reason is e.g.
// "RULE_VIOLATION", "VERSION_CONFLICT", "GAME_OVER" or "SEAT_NOT_OPEN".
func ErrorInfo(err error) *errdetails.ErrorInfo {
	st, ok := status.FromError(err)
	if !ok {
		return nil
	}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	return nil
}

// RuleID is the violated rule of a refused move (FAILED_PRECONDITION), e.g. "CLM-TRK.4".
func RuleID(err error) (string, bool) {
	id, ok := ErrorInfo(err).GetMetadata()["rule_id"]
	return id, ok && id != ""
}

// CurrentVersion is the game's current version carried by an ABORTED (stale expected version).
func CurrentVersion(err error) (uint64, bool) {
	v, ok := ErrorInfo(err).GetMetadata()["current_version"]
	if !ok {
		return 0, false
	}
	n, perr := strconv.ParseUint(v, 10, 64)
	return n, perr == nil
}
