package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"net"
	"syscall"
	"testing"

	"github.com/lib/pq"
)

func TestUnavailable(t *testing.T) {
	t.Parallel()
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"Refused", fmt.Errorf("begin: %w", refused), true},
		{"AdminShutdown", &pq.Error{Code: "57P01"}, true},
		{"StartingUp", fmt.Errorf("find user: %w", &pq.Error{Code: "57P03"}), true},
		{"ConnectionException", &pq.Error{Code: "08006"}, true},
		{"BadConn", driver.ErrBadConn, true},
		{"UniqueViolation", &pq.Error{Code: "23505"}, false},
		{"OwnDeadline", fmt.Errorf("query: %w", context.DeadlineExceeded), false},
		{"Domain", Errorf(EINVALID, "bad"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Unavailable(tc.err); got != tc.want {
				t.Fatalf("Unavailable(%v) = %v, want %v", tc.err, got, tc.want)
			}
			if tc.want && (ErrorCode(tc.err) != EUNAVAILABLE || ErrorMessage(tc.err) != MsgUnavailable) {
				t.Fatalf("code %s message %q", ErrorCode(tc.err), ErrorMessage(tc.err))
			}
		})
	}
}
