package dev.tablero.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A TCP proxy in front of the server whose connections a test can cut, as a lost network or a
 * replica going away would: a client behind it sees its calls fail with {@code UNAVAILABLE}.
 */
final class TcpProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final Set<Socket> open = new HashSet<>();
  private int accepted;

  TcpProxy(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::accept, "proxy-accept");
    t.setDaemon(true);
    t.start();
  }

  /** The port clients connect to (on the loopback address). */
  int port() {
    return listener.getLocalPort();
  }

  /** How many connections the proxy has accepted. */
  synchronized int accepted() {
    return accepted;
  }

  private void accept() {
    while (true) {
      Socket client;
      Socket upstream;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      try {
        upstream = new Socket(targetHost, targetPort);
      } catch (IOException e) {
        drop(client);
        continue;
      }
      synchronized (this) {
        accepted++;
        open.add(client);
        open.add(upstream);
      }
      pump(client, upstream);
      pump(upstream, client);
    }
  }

  private void pump(Socket from, Socket to) {
    Thread t =
        new Thread(
            () -> {
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
              } catch (IOException e) {
                // a cut or a reset: both sides go below
              }
              drop(from);
              drop(to);
            },
            "proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  /** Resets a connection (no lingering: the peer sees a dead network, not a goodbye). */
  private void drop(Socket s) {
    synchronized (this) {
      open.remove(s);
    }
    try {
      s.setSoLinger(true, 0);
    } catch (IOException e) {
      // already closed
    }
    try {
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  /** Closes every open connection; the listener stays, so clients can reconnect. */
  void cut() {
    List<Socket> sockets;
    synchronized (this) {
      sockets = new ArrayList<>(open);
    }
    sockets.forEach(this::drop);
  }

  @Override
  public void close() throws IOException {
    listener.close();
    cut();
  }
}
