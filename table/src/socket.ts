// The table's socket: hello or watch on every (re)connection, moves numbered and resent
// after a drop when they may not have reached the server, a keep-alive, and reconnection
// with backoff until the table is over for good.
import type { CardMeta, ErrorFrame, ServerFrame, View, Welcome } from "./types";

/** Errors after which reconnecting cannot help. */
export const FINAL = new Set(["watch_expired", "no_match", "unauthorized", "table_off"]);
const PING_EVERY = 20_000;
const PONG_WITHIN = 10_000;
const BACKOFF = [250, 500, 1000, 2000, 4000, 8000];

export interface SocketEvents {
  welcome(frame: Welcome): void;
  state(view: View, now: number): void;
  cards(cards: Record<string, CardMeta>): void;
  error(frame: ErrorFrame): void;
  connection(up: boolean): void;
}

interface Sent {
  id: number;
  frame: Record<string, unknown>;
  expected: number | null;
}

export class TableSocket {
  private ws: WebSocket | null = null;
  private tries = 0;
  private nextId = 1;
  private unacked = new Map<number, Sent>();
  private resend = false;
  private ended = false;
  private pingTimer = 0;
  private pongTimer = 0;

  constructor(private url: string, private hello: Record<string, unknown>,
              private on: SocketEvents) {}

  /** Open the socket (and keep it open). */
  connect(): void {
    if (this.ended) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.tries = 0;
      this.resend = this.unacked.size > 0;
      ws.send(JSON.stringify(this.hello));
      this.pingTimer = window.setInterval(() => this.ping(), PING_EVERY);
    };
    ws.onmessage = (event) => this.receive(String(event.data));
    ws.onclose = () => this.dropped(ws);
    ws.onerror = () => ws.close();
  }

  /** Send a move made on the state with action count `expected`; returns its id. */
  move(move: string, expected: number): number {
    return this.send({ t: "move", move, expected }, expected);
  }

  /** Give up the match. */
  forfeit(): number {
    return this.send({ t: "forfeit" }, null);
  }

  /** Close for good (the page is leaving). */
  close(): void {
    this.ended = true;
    this.ws?.close();
  }

  private send(frame: Record<string, unknown>, expected: number | null): number {
    const id = this.nextId++;
    const sent = { id, frame: { ...frame, id }, expected };
    this.unacked.set(id, sent);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(sent.frame));
    return id;
  }

  private ping(): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ t: "ping" }));
    window.clearTimeout(this.pongTimer);
    const ws = this.ws;
    this.pongTimer = window.setTimeout(() => ws.close(), PONG_WITHIN);
  }

  private receive(text: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      return;
    }
    window.clearTimeout(this.pongTimer);
    switch (frame.t) {
      case "welcome":
        this.on.welcome(frame);
        break;
      case "state":
        if (this.resend) this.resendAfter(frame.view);
        this.on.state(frame.view, frame.now);
        break;
      case "cards":
        this.on.cards(frame.cards);
        break;
      case "ack":
        this.unacked.delete(frame.id);
        break;
      case "error":
        if (frame.id !== null) this.unacked.delete(frame.id);
        if (FINAL.has(frame.code)) {
          this.ended = true;
          this.ws?.close();
        }
        this.on.error(frame);
        break;
    }
  }

  /** After a reconnection: a move the server may not have seen is sent again while the
   * match is still where it was made; any later state means it was played or overtaken. */
  private resendAfter(view: View): void {
    this.resend = false;
    for (const sent of [...this.unacked.values()]) {
      if (sent.expected === null || sent.expected === view.action_count) {
        this.ws?.send(JSON.stringify(sent.frame));
      } else {
        this.unacked.delete(sent.id);
      }
    }
  }

  private dropped(ws: WebSocket): void {
    if (ws !== this.ws) return;
    window.clearInterval(this.pingTimer);
    window.clearTimeout(this.pongTimer);
    this.ws = null;
    this.on.connection(false);
    if (this.ended) return;
    const base = BACKOFF[Math.min(this.tries, BACKOFF.length - 1)];
    this.tries += 1;
    window.setTimeout(() => this.connect(), base + Math.random() * base * 0.5);
  }
}
