package tablero_test

import (
	"io"
	"net"
	"sync"
	"testing"
)

// tcpProxy forwards loopback connections to a server and can cut them all at once, as a lost
// network or a replica going away would: a client behind it sees its calls fail with UNAVAILABLE.
type tcpProxy struct {
	listener net.Listener
	target   string

	mu       sync.Mutex
	open     map[net.Conn]struct{}
	accepted int
}

func startProxy(t *testing.T, target string) *tcpProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("proxy: %v", err)
	}
	p := &tcpProxy{listener: l, target: target, open: map[net.Conn]struct{}{}}
	go p.accept()
	t.Cleanup(func() {
		_ = l.Close()
		p.cut()
	})
	return p
}

// addr is where clients connect.
func (p *tcpProxy) addr() string { return p.listener.Addr().String() }

// connections is how many connections the proxy has accepted.
func (p *tcpProxy) connections() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted
}

func (p *tcpProxy) accept() {
	for {
		client, err := p.listener.Accept()
		if err != nil {
			return // closed
		}
		upstream, err := net.Dial("tcp", p.target)
		if err != nil {
			_ = client.Close()
			continue
		}
		p.mu.Lock()
		p.accepted++
		p.open[client], p.open[upstream] = struct{}{}, struct{}{}
		p.mu.Unlock()
		go p.pump(client, upstream)
		go p.pump(upstream, client)
	}
}

func (p *tcpProxy) pump(dst, src net.Conn) {
	_, _ = io.Copy(dst, src)
	p.drop(dst)
	p.drop(src)
}

// drop resets a connection (no lingering: the peer sees a dead network, not a goodbye).
func (p *tcpProxy) drop(c net.Conn) {
	p.mu.Lock()
	delete(p.open, c)
	p.mu.Unlock()
	if tcp, ok := c.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = c.Close()
}

// cut closes every open connection; the listener stays, so clients can reconnect.
func (p *tcpProxy) cut() {
	p.mu.Lock()
	conns := make([]net.Conn, 0, len(p.open))
	for c := range p.open {
		conns = append(conns, c)
	}
	p.mu.Unlock()
	for _, c := range conns {
		p.drop(c)
	}
}
