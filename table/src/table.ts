// The table: both sides' rows, the hand, the turn and its timer, the log, and every way
// to play. Each state frame is drawn in place (cards keep their elements by uid), then the
// change is animated from where things were.
import { artImage, cardElement, meta, rowsOf, updateCard, weatherIcon } from "./cards";
import { button, find, h, setText } from "./dom";
import { layHand, layOptions, layRow, WIDE } from "./layout";
import * as motion from "./motion";
import { onNamesFace } from "./names";
import { closeSheet, openSheet, openSheetName, paragraphs, peek, toast, unpeek } from "./overlays";
import { t } from "./texts";
import type { BoardCard, ErrorFrame, Legal, Side, View } from "./types";

const ROWS = ["close", "ranged", "siege"];
const LONG_PRESS_MS = 450;
const HOVER_MS = 350;
const DRAG_START_PX = 10;
// A lane's padding on both sides (style.css's .lane).
const LANE_PADDING = 8;

export interface Mover {
  move(move: string, expected: number): number;
  forfeit(): number;
}

interface SideEls {
  root: HTMLElement;
  name: HTMLElement;
  leader: HTMLButtonElement;
  hand: HTMLElement;
  deck: HTMLElement;
  discard: HTMLElement;
  gems: HTMLElement;
  total: HTMLElement;
  passed: HTMLElement;
  rows: HTMLElement[];
}

/** Build one side's bar: leader, name, counts, gems, total. */
function sideBar(kind: "opp" | "me"): HTMLElement {
  const bar = h("header", `side ${kind}`);
  const leader = h("button", "leader", "", h("span", "crown", "♛"), h("span", "lportrait"),
                   h("span", "lstate"));
  leader.type = "button";
  const counts = h("span", "counts",
                   "", h("span", "c c-hand", "", h("i", "ic"), h("b")),
                   h("span", "c c-deck", "", h("i", "ic"), h("b")),
                   h("span", "c c-disc", "", h("i", "ic"), h("b")));
  bar.append(leader, h("span", "who", "", h("span", "name"), counts),
             h("span", "tag passed"), h("span", "gems", "", h("i", "gem"), h("i", "gem")),
             h("span", "total"));
  return bar;
}

function rowsBlock(kind: "opp" | "me"): HTMLElement {
  const block = h("section", `rows ${kind}`);
  const order = kind === "opp" ? [2, 1, 0] : [0, 1, 2];
  for (const r of order) {
    const row = h("div", "row", "",
                  h("div", "rowhead", "", h("span", "score"), h("span", "horn", "♫")),
                  h("div", "lane"), h("div", "wx", "", h("div", "fall")), h("span", "gain"));
    row.dataset.row = String(r);
    row.dataset.side = kind;
    block.append(row);
  }
  return block;
}

export class Table {
  readonly root = h("main", "table");
  private layer = h("div", "layer");
  private view: View | null = null;
  private seat: number | null = null;
  private els = new Map<number, HTMLButtonElement>();
  private sides: Record<"opp" | "me", SideEls>;
  private hand = h("div", "hand");
  private hintBox = h("div", "hintbox");
  private mid = h("div", "mid");
  private log = h("ol", "loglist");
  private actions = h("nav", "actions");
  private ring = h("div", "ring");
  private selected: number | null = null;
  private clockSkew = 0;
  private drag: { uid: number; el: HTMLElement; x: number; y: number; active: boolean } | null
    = null;
  private pressTimer = 0;
  private pressed = false;
  private banner = h("div", "banner");
  private shownOver = false;
  private logLines: string[] = [];

  constructor(private mover: Mover) {
    const opp = sideBar("opp");
    const me = sideBar("me");
    const oppRows = rowsBlock("opp");
    const meRows = rowsBlock("me");
    this.mid.append(h("span", "round"), h("span", "wthr"),
                    h("span", "says", "", h("span", "status"), h("span", "lastline")), this.ring);
    this.ring.innerHTML = '<svg viewBox="0 0 44 44" aria-hidden="true"><circle class="track" ' +
      'cx="22" cy="22" r="19"/><circle class="arc" cx="22" cy="22" r="19" pathLength="100"/>' +
      "</svg>";
    this.ring.append(h("span", "secs"));
    const logPanel = h("aside", "log", "", h("h2", "", ""), this.log);
    this.root.append(opp, oppRows, this.mid, meRows, me, this.hand, this.actions, logPanel);
    document.body.append(this.layer, this.hintBox, this.banner);
    this.sides = { opp: this.sideEls(opp, oppRows), me: this.sideEls(me, meRows) };
    for (const kind of ["opp", "me"] as const) {
      this.sides[kind].leader.addEventListener("click", () => this.leaderSheet(kind));
      for (const row of this.sides[kind].rows) {
        row.addEventListener("click", () => this.rowTapped(row));
      }
    }
    this.root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    window.addEventListener("pointermove", (e) => this.pointerMove(e));
    window.addEventListener("pointerup", (e) => this.pointerUp(e));
    window.addEventListener("pointercancel", () => this.cancelPress());
    this.root.addEventListener("pointerover", (e) => this.hover(e));
    this.root.addEventListener("pointerout", (e) => {
      if (e.pointerType === "mouse") {
        window.clearTimeout(this.pressTimer);
        unpeek();
      }
    });
    this.root.addEventListener("contextmenu", (e) => e.preventDefault());
    window.setInterval(() => this.tick(), 1000);
    let pending = 0;
    const relayout = () => {
      window.cancelAnimationFrame(pending);
      pending = window.requestAnimationFrame(() => this.layout());
    };
    window.addEventListener("resize", relayout);
    WIDE.addEventListener("change", relayout);
    onNamesFace(() => {
      // Names measured in a stand-in face are set again in their own.
      for (const el of document.querySelectorAll<HTMLElement>(".card")) delete el.dataset.lines;
      this.layout();
    });
  }

  private sideEls(bar: HTMLElement, rows: HTMLElement): SideEls {
    const byRow = [0, 1, 2].map((r) => find(rows, `.row[data-row="${r}"]`));
    return {
      root: bar, name: find(bar, ".name"), leader: find<HTMLButtonElement>(bar, ".leader"),
      hand: find(bar, ".c-hand"), deck: find(bar, ".c-deck"), discard: find(bar, ".c-disc"),
      gems: find(bar, ".gems"), total: find(bar, ".total"), passed: find(bar, ".passed"),
      rows: byRow,
    };
  }

  /** The viewer's seat from the welcome frame (null: a spectator), and whether they came
   * through a watch link. */
  setSeat(seat: number | null, watch: boolean): void {
    this.seat = seat;
    this.root.classList.toggle("spectator", seat === null);
    this.root.classList.toggle("watching", watch);
  }

  /** A state frame: the log's new lines joined to those held, the server's clock noted,
   * the table drawn. */
  state(view: View, now: number): void {
    this.logLines = [...this.logLines.slice(0, view.log_from ?? 0), ...view.log];
    this.clockSkew = (now ?? Date.now() / 1000) - Date.now() / 1000;
    this.render(view);
  }

  /** Words arrived (or changed): relabel what does not change with the state. */
  relabel(): void {
    setText(find(this.root, ".log h2"), t("log"));
    for (const kind of ["opp", "me"] as const) {
      const s = this.sides[kind];
      s.hand.title = t("hand");
      s.deck.title = t("deck");
      s.discard.title = t("discard");
      s.total.title = t("total");
      s.rows.forEach((row, r) => row.setAttribute("aria-label", t(`row_${ROWS[r]}`)));
    }
    if (this.view) this.render(this.view);
  }

  /** Draw a state frame, animating the change from the one before. */
  render(view: View): void {
    const before = this.view;
    const places = motion.places(document);
    const gemsBefore = before ? before.sides.map((s) => s.gems) : null;
    this.view = view;
    if (this.selected !== null && !this.movesFor(this.selected).length) this.selected = null;
    const me = this.seat ?? 0;
    const seen = new Set<number>();
    const started = Boolean(view.sides[0]?.rows);
    this.root.classList.toggle("choosing-decks", !started);
    this.drawSide("me", view.sides[me], seen);
    this.drawSide("opp", view.sides[1 - me], seen);
    this.drawHand(started ? view.sides[me].hand : null, seen);
    for (const [uid, el] of this.els) {
      if (!seen.has(uid)) {
        el.remove();
        this.els.delete(uid);
      }
    }
    this.drawMid(view);
    this.drawActions(view);
    this.drawLog(view);
    this.drawLit();
    this.drawChoices(view);
    this.layout();
    if (before?.sides[0]?.rows && started) this.animate(before, view, places, gemsBefore);
    this.drawHint(view);
    this.tick();
  }

  private card(card: BoardCard, seen: Set<number>, zone: string): HTMLButtonElement {
    let el = this.els.get(card.uid);
    if (!el) {
      el = cardElement(card, "button") as HTMLButtonElement;
      this.els.set(card.uid, el);
    } else {
      updateCard(el, card);
    }
    el.dataset.zone = zone;
    el.classList.toggle("last", this.view?.last.includes(card.uid) ?? false);
    seen.add(card.uid);
    return el;
  }

  private place(container: HTMLElement, els: HTMLElement[]): void {
    const current = Array.from(container.children);
    if (current.length === els.length && current.every((el, i) => el === els[i])) return;
    container.replaceChildren(...els);
  }

  private drawSide(kind: "opp" | "me", side: Side, seen: Set<number>): void {
    const s = this.sides[kind];
    const view = this.view as View;
    const index = view.sides.indexOf(side);
    setText(s.name, side.name);
    s.root.dataset.faction = side.faction ?? "";
    s.root.classList.toggle("unready", side.ready === false);
    if (!side.rows) {
      // Before the match: the players choose their decks in chat; say who is ready.
      for (const row of s.rows) this.place(find(row, ".lane"), []);
      setText(s.passed, side.ready ? t("ready") : "");
      s.passed.hidden = !side.ready;
      s.passed.classList.add("ready");
      return;
    }
    s.passed.classList.remove("ready");
    s.root.classList.toggle("turn", view.turn === index && view.phase === "playing");
    setText(find(s.hand, "b"), String(side.hand_count));
    setText(find(s.deck, "b"), String(side.deck_count));
    setText(find(s.discard, "b"), String(side.discard.length));
    setText(s.total, String(side.total));
    const totals = view.sides.map((x) => x.total);
    s.total.classList.toggle("leading", side.total > Math.max(...totals.filter((_, i) => i !== index)));
    setText(s.passed, side.passed ? t("passed") : "");
    s.passed.hidden = !side.passed;
    Array.from(s.gems.children).forEach((gem, i) => gem.classList.toggle("on", i < side.gems));
    const leader = side.leader;
    const key = leader.passive ? "passive" : leader.cancelled ? "blocked"
      : leader.used ? "used" : "ready";
    const state = t(`leader_${key}`);
    s.leader.dataset.state = key;
    const portrait = find(s.leader, ".lportrait");
    if (portrait.dataset.card !== leader.card_id) {
      portrait.dataset.card = leader.card_id;
      portrait.replaceChildren(artImage(leader.card_id));
    }
    s.leader.setAttribute("aria-label", `${meta(leader.card_id).name}: ${state}`);
    side.rows.forEach((row, r) => {
      const el = s.rows[r];
      setText(find(el, ".score"), String(row.score));
      el.classList.toggle("horned", Boolean(row.horn || row.horned || row.leader_horn));
      showArt(find(el, ".horn"), row.horn?.card_id ?? null);
      const wasWet = el.classList.contains("wet");
      el.classList.toggle("wet", row.weather);
      el.dataset.wet = row.weather && !wasWet ? "new" : "";
      const wx = find(el, ".wx");
      wx.dataset.kind = ["biting_frost", "impenetrable_fog", "torrential_rain"][r];
      this.place(find(el, ".lane"), row.cards.map((c) => this.card(c, seen, `b${kind}`)));
    });
  }

  private drawHand(hand: BoardCard[] | null, seen: Set<number>): void {
    const cards = hand ?? [];
    this.hand.hidden = hand === null;
    const els = cards.map((c) => {
      const el = this.card(c, seen, "hand");
      const playable = this.movesFor(c.uid).length > 0;
      el.classList.toggle("playable", playable);
      el.classList.toggle("selected", this.selected === c.uid);
      el.setAttribute("aria-pressed", String(this.selected === c.uid));
      return el;
    });
    this.place(this.hand, els);
  }

  /** Size what depends on the names' face and the screen: the hand (every name whole),
   * the board's rows (names where they fit), an open overlay's cards and the status. */
  layout(): void {
    if (!this.view) return;
    // Every width is read before anything is sized (one layout, not one per row).
    const lanes = [...this.sides.opp.rows, ...this.sides.me.rows].map((row) => find(row, ".lane"));
    const rooms = lanes.map((lane) => lane.clientWidth - LANE_PADDING);
    const cards = Array.from(this.hand.children) as HTMLElement[];
    const laid = layHand(this.hand, cards, this.hand.clientWidth);
    this.root.dataset.handRows = String(cards.length ? laid.rows : 1);
    lanes.forEach((lane, i) => layRow(lane, Array.from(lane.children) as HTMLElement[],
                                      rooms[i]));
    for (const options of document.querySelectorAll<HTMLElement>(".sheet .options")) {
      layOptions(options, Array.from(options.children) as HTMLElement[]);
    }
    // A status too long for two lines takes the last move's line too (it is in the log).
    const says = find(this.mid, ".says");
    const status = find(this.mid, ".status");
    says.classList.remove("long");
    if (status.scrollHeight > status.clientHeight + 1) says.classList.add("long");
  }

  private status(view: View): string {
    if (view.phase === "over") return this.result(view);
    if (this.selected !== null) {
      const decoy = this.movesFor(this.selected).some((l) => l.target !== null);
      return t(decoy ? "choose_target" : "choose_row");
    }
    return view.status ?? "";
  }

  private result(view: View): string {
    if (view.forfeited_by !== null && view.forfeited_by !== undefined) {
      return t("forfeited", { name: view.sides[view.forfeited_by].name });
    }
    if (view.winner === null) return t("draw");
    return t("wins", { name: view.sides[view.winner].name });
  }

  private drawMid(view: View): void {
    setText(find(this.mid, ".round"), t("round", { number: Math.max(view.round, 1) }));
    setText(find(this.mid, ".status"), this.status(view));
    setText(find(this.mid, ".lastline"), this.logLines[this.logLines.length - 1] ?? "");
    const wthr = find(this.mid, ".wthr");
    const weather = (view.weather ?? []).map((w) => w.card_id);
    if (wthr.dataset.cards !== weather.join(" ")) {
      wthr.dataset.cards = weather.join(" ");
      wthr.replaceChildren(...weather.map((w) => {
        const badge = h("span", "wcard", weatherIcon(w));
        showArt(badge, w);
        return badge;
      }));
    }
    wthr.title = weather.length ? weather.map((w) => meta(w).name).join(", ")
      : t("clear_skies");
    this.root.dataset.phase = view.phase;
    this.root.classList.toggle("myturn", this.seat !== null && view.turn === this.seat
                               && view.phase === "playing");
  }

  private legal(kind: string): Legal[] {
    return (this.view?.legal ?? []).filter((l) => l.kind === kind);
  }

  private movesFor(uid: number): Legal[] {
    return (this.view?.legal ?? []).filter((l) => l.uid === uid
      && (l.kind === "play" || l.kind === "choose" || l.kind === "mulligan"));
  }

  private drawActions(view: View): void {
    const items: HTMLElement[] = [];
    const me = this.seat;
    if (me !== null && view.phase !== "over") {
      if (!view.sides[0]?.rows && view.sides[me].ready === false) {
        items.push(button("act primary", t("ready"), () => this.send("ready")));
      }
      if (this.legal("keep").length) {
        items.push(moveButton("act primary", t("keep"), "keep", () => this.send("keep")));
      }
      const selected = this.selected;
      const direct = selected === null ? [] : this.movesFor(selected)
        .filter((l) => l.row === null && l.target === null && this.rowOf(l) === null);
      if (direct.length === 1) {
        const gain = direct[0].gain;
        const label = gain ? `${t("play")} ${signed(gain)}` : t("play");
        items.push(button("act primary", label, () => this.send(direct[0].move)));
      }
      if (selected !== null) {
        items.push(button("act", t("cancel"), () => this.select(null)));
      } else if (view.phase === "playing" && view.sides[me].leader) {
        const pass = this.legal("pass");
        const pb = moveButton("act danger", t("pass"), "pass", () => this.send("pass"));
        pb.disabled = !pass.length;
        items.push(pb);
        const leader = view.sides[me].leader;
        if (!leader.passive) {
          const lb = moveButton("act", t("leader"), "leader", () => this.leaderSheet("me"));
          lb.disabled = !this.legal("leader").length;
          items.push(lb);
        }
      }
    }
    if (me === null) items.push(h("span", "watching-note", t("spectating")));
    items.push(this.menuButton());
    this.actions.replaceChildren(...items);
  }

  private drawLog(_view: View): void {
    const lines = this.logLines;
    const items = Array.from(this.log.children);
    const same = items.length === lines.length
      && items.every((li, i) => li.textContent === lines[i]);
    if (same) return;
    this.log.replaceChildren(...lines.map((line) => h("li", "", line)));
    this.log.lastElementChild?.classList.add("newest");
    const panel = this.log.parentElement as HTMLElement;
    panel.scrollTop = panel.scrollHeight;
  }

  /** The row a fixed-row card goes to, for a move that names none. */
  private rowOf(l: Legal): number | null {
    if (l.row !== null) return l.row;
    if (l.uid === null || l.kind === "mulligan") return null;
    const cardId = this.cardId(l.uid);
    const m = cardId ? meta(cardId) : null;
    if (!m || m.type !== "unit" || m.rows.length !== 1) return null;
    return rowsOf(m)[0];
  }

  private cardId(uid: number): string | null {
    return this.els.get(uid)?.dataset.card
      ?? this.view?.pending?.options.find((o) => o.uid === uid)?.card_id ?? null;
  }

  /** The rows (and Decoy's targets) the selected card may go to, with their gains. */
  private drawLit(): void {
    for (const el of this.root.querySelectorAll(".lit")) el.classList.remove("lit");
    for (const el of this.root.querySelectorAll(".target")) el.classList.remove("target");
    this.root.classList.toggle("choosing", this.selected !== null);
    if (this.selected === null) return;
    const spy = meta(this.cardId(this.selected) ?? "").abilities.includes("spy");
    for (const l of this.movesFor(this.selected)) {
      if (l.target !== null) {
        this.els.get(l.target)?.classList.add("target");
        continue;
      }
      const r = this.rowOf(l);
      if (r === null) continue;
      const row = this.sides[spy ? "opp" : "me"].rows[r];
      row.classList.add("lit");
      row.dataset.move = l.move;
      setText(find(row, ".gain"), l.gain === null ? "" : signed(l.gain));
    }
  }

  private drawChoices(view: View): void {
    const name = openSheetName();
    const me = this.seat;
    const chooser = ["choice", "first", "redraw", "", "result"].includes(name);
    if (!chooser) return;
    const redraws = [...this.legal("mulligan"), ...this.legal("keep")];
    if (me !== null && view.phase === "mulligan" && redraws.length) {
      this.redrawSheet(view);
      return;
    }
    if (me !== null && view.pending && view.pending.player === me && this.selected === null) {
      const options = view.pending.options.map((o) => {
        const el = cardElement(o, "button");
        el.classList.add("option");
        peekable(el, o.card_id, o.strength);
        el.addEventListener("click", () => this.choose(o.uid));
        return el;
      });
      openSheet("choice", [h("h2", "", view.pending.prompt || t(`choice_${view.pending.kind}`)),
                           h("div", "options", "", ...options),
                           h("div", "buttons", "", this.menuButton())], false);
      return;
    }
    const first = this.legal("first");
    if (first.length) {
      const other = view.sides[1 - (me ?? 0)].name;
      const buttons = first.map((l) => button("act primary",
        l.move.endsWith(String(me)) ? t("go_first") : t("let_go_first", { opponent: other }),
        () => { closeSheet(); this.send(l.move); }));
      openSheet("first", [h("h2", "", view.status),
                          h("div", "buttons", "", ...buttons, this.menuButton())], false);
      return;
    }
    if (view.phase === "over" && !this.shownOver) {
      this.shownOver = true;
      this.resultSheet(view);
      return;
    }
    if (name === "choice" || name === "first" || name === "redraw") closeSheet();
  }

  /** The redraw: the whole hand, large, to tap the cards to swap; Keep ends it. */
  private redrawSheet(view: View): void {
    const hand = view.sides[this.seat ?? 0].hand ?? [];
    const options = hand.map((c) => {
      const el = cardElement(c, "button") as HTMLButtonElement;
      el.classList.add("option");
      peekable(el, c.card_id, c.strength);
      const move = this.movesFor(c.uid).find((l) => l.kind === "mulligan");
      el.disabled = !move;
      if (move) el.addEventListener("click", () => this.send(move.move));
      return el;
    });
    const keep = this.legal("keep")[0];
    openSheet("redraw", [h("h2", "", view.status), h("div", "options", "", ...options),
                         h("div", "buttons", "", moveButton("act primary", t("keep"), "keep",
                                                            () => this.send(keep.move)),
                           this.menuButton())], false);
  }

  /** The result: who won, and each round's scores, the viewer's side first. */
  private resultSheet(view: View): void {
    const order = [this.seat ?? 0, 1 - (this.seat ?? 0)];
    const cell = (text: string, cls = "") => h("span", cls, text);
    const grid = h("div", "rounds", "", cell(""),
                   ...order.map((i) => cell(view.sides[i].name, "who-col")));
    view.rounds.forEach((r, n) => {
      grid.append(cell(t("round", { number: n + 1 }), "round-col"),
                  ...order.map((i) => cell(String(r.scores[i]), r.winner === i ? "won" : "")));
    });
    const won = view.winner !== null && view.winner === this.seat;
    openSheet("result", [h("div", `result-head${won ? " won" : ""}`, "",
                           h("span", "laurel", "♛"), h("h3", "", t("match_over")),
                           h("h2", "result", this.result(view))),
                         grid, h("div", "buttons", "",
                                 button("act", t("close"), () => closeSheet()))]);
  }

  private choose(uid: number): void {
    const moves = this.movesFor(uid);
    if (moves.length === 1) {
      closeSheet();
      this.send(moves[0].move);
    } else if (moves.length > 1) {
      closeSheet();
      this.select(uid);
    }
  }

  private drawHint(view: View): void {
    for (const el of document.querySelectorAll(".hinted")) el.classList.remove("hinted");
    const hint = this.seat !== null ? view.hint : null;
    this.hintBox.hidden = !hint;
    if (!hint) return;
    this.hintBox.replaceChildren(h("b", "", t("hint")), ...paragraphs(hint.text));
    // Its card, else the button of the move it names (Pass, Leader, Keep this hand).
    const target = hint.uids.map((uid) => this.els.get(uid)).find((el) => el)
      ?? (hint.move ? document.querySelector<HTMLElement>(
        `.sheet:not([hidden]) [data-move="${hint.move}"], .actions [data-move="${hint.move}"]`)
        : null) ?? undefined;
    target?.classList.add("hinted");
    this.hintBox.dataset.pointing = target ? "1" : "0";
    window.requestAnimationFrame(() => this.placeHint(target ?? null));
    // Again once the cards have landed where the move sends them.
    void motion.settled().then(() => this.placeHint(target ?? null));
  }

  private placeHint(target: HTMLElement | null): void {
    if (this.hintBox.hidden) return;
    const box = this.hintBox.getBoundingClientRect();
    const handTop = this.hand.getBoundingClientRect().top;
    let left = (window.innerWidth - box.width) / 2;
    let arrow = box.width / 2;
    if (target) {
      const rect = target.getBoundingClientRect();
      const centre = rect.left + rect.width / 2;
      left = Math.max(6, Math.min(window.innerWidth - box.width - 6, centre - box.width / 2));
      arrow = centre - left;
    }
    const top = Math.max(6, (target ? target.getBoundingClientRect().top : handTop) - box.height - 14);
    this.hintBox.style.transform = `translate(${left}px, ${top}px)`;
    this.hintBox.style.setProperty("--arrow", `${arrow}px`);
  }

  private animate(before: View, view: View, places: Map<number, motion.Placed>,
                  gemsBefore: number[] | null): void {
    const me = this.seat ?? 0;
    const kinds: ("me" | "opp")[] = ["me", "opp"];
    const newRound = view.round !== before.round || (view.phase === "over" && before.phase !== "over");
    const pile = (kind: "me" | "opp", what: "hand" | "deck" | "discard") =>
      this.sides[kind][what].getBoundingClientRect();
    let delay = 0;
    for (const [uid, el] of this.els) {
      const was = places.get(uid);
      if (was) {
        motion.fly(el, was.rect);
        continue;
      }
      const zone = el.dataset.zone ?? "";
      const kind = zone === "hand" ? "me" : zone === "bopp" ? "opp" : "me";
      const sideIndex = kind === "me" ? me : 1 - me;
      const side = view.sides[sideIndex];
      const old = before.sides[sideIndex];
      let from: DOMRect;
      if (zone === "hand") from = pile("me", "deck");
      else if (side.discard.length < old.discard.length) from = pile(kind, "discard");
      else if (side.hand_count < old.hand_count) from = pile(kind, "hand");
      else from = pile(kind, "deck");
      motion.arrive(el, from, delay);
      delay += 60;
    }
    for (const [uid, was] of places) {
      if (this.els.has(uid) || !was.el.classList.contains("card") || was.el.closest(".sheet")) {
        continue;
      }
      const zone = was.el.dataset.zone ?? "";
      const kind = zone === "bopp" ? "opp" : "me";
      if (zone === "hand") motion.leave(this.layer, was, pile("me", "deck"));
      else if (newRound) motion.leave(this.layer, was, pile(kind, "discard"), 80);
      else motion.burn(this.layer, was);
    }
    for (const kind of kinds) {
      for (const row of this.sides[kind].rows) {
        if (row.dataset.wet === "new") motion.weatherFalls(find(row, ".wx"));
      }
    }
    if (gemsBefore) {
      kinds.forEach((kind) => {
        const index = kind === "me" ? me : 1 - me;
        const lost = gemsBefore[index] - view.sides[index].gems;
        for (let i = 0; i < lost; i++) {
          const gem = this.sides[kind].gems.children[view.sides[index].gems + i] as HTMLElement;
          motion.gemBreaks(this.layer, gem);
        }
      });
    }
    if (view.round !== before.round && view.phase !== "over") {
      setText(this.banner, t("round", { number: view.round }));
      motion.banner(this.banner);
    }
  }

  private tick(): void {
    const view = this.view;
    const secs = find(this.ring, ".secs");
    const show = Boolean(view && view.deadline && view.turn_seconds && view.phase !== "over");
    this.ring.hidden = !show;
    if (!view || !show) return;
    const now = Date.now() / 1000 + this.clockSkew;
    const left = Math.max(0, (view.deadline as number) - now);
    const fraction = Math.min(1, left / (view.turn_seconds as number));
    const arc = find<HTMLElement>(this.ring, ".arc");
    arc.style.strokeDashoffset = String(100 - fraction * 100);
    this.ring.classList.toggle("low", fraction < 0.2);
    const m = Math.floor(left / 60);
    const text = m >= 60 ? `${Math.floor(m / 60)}h` : `${m}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
    setText(secs, text);
    this.ring.title = t("time_left", { time: text });
  }

  private send(move: string): void {
    if (!this.view) return;
    this.selected = null;
    this.mover.move(move, this.view.action_count);
    this.render(this.view);
  }

  private select(uid: number | null): void {
    this.selected = uid;
    if (this.view) this.render(this.view);
  }

  private handTapped(uid: number): void {
    const moves = this.movesFor(uid);
    if (!moves.length) {
      const el = this.els.get(uid);
      if (el) peek(el.dataset.card ?? "", el.getBoundingClientRect());
      return;
    }
    if (moves[0].kind === "mulligan") {
      this.send(moves[0].move);
      return;
    }
    this.select(this.selected === uid ? null : uid);
  }

  private boardTapped(uid: number): void {
    if (this.selected === null) return;
    const move = this.movesFor(this.selected).find((l) => l.target === uid);
    if (move) this.send(move.move);
  }

  private rowTapped(row: HTMLElement): void {
    if (row.classList.contains("lit") && row.dataset.move) this.send(row.dataset.move);
  }

  private leaderSheet(kind: "me" | "opp"): void {
    const view = this.view;
    if (!view) return;
    const side = view.sides[kind === "me" ? (this.seat ?? 0) : 1 - (this.seat ?? 0)];
    const m = meta(side.leader.card_id);
    const children: Node[] = [h("div", "sheet-head", "", artImage(side.leader.card_id, 256),
                                h("h2", "", m.name)), ...paragraphs(m.text)];
    const use = kind === "me" && this.seat !== null ? this.legal("leader") : [];
    const buttons = h("div", "buttons");
    if (use.length) {
      buttons.append(button("act primary", t("use_leader"), () => {
        closeSheet();
        this.send(use[0].move);
      }));
    }
    buttons.append(button("act", t("close"), () => this.dismiss()));
    children.push(buttons);
    openSheet("leader", children, true, () => this.dismiss());
  }

  private menuButton(): HTMLButtonElement {
    const menu = button("act menu", "☰", () => this.menu());
    menu.setAttribute("aria-label", t("menu"));
    menu.title = t("menu");
    return menu;
  }

  /** Close an overlay of the player's own, bringing back a choice the match waits for. */
  private dismiss(): void {
    closeSheet();
    if (this.view) this.render(this.view);
  }

  private menu(): void {
    const items: Node[] = [h("h2", "", t("menu"))];
    const logCopy = h("ol", "loglist menu-log", "",
                      ...this.logLines.map((line) => h("li", "", line)));
    items.push(h("div", "menu-logbox", "", h("h3", "", t("log")), logCopy));
    const buttons = h("div", "buttons");
    if (this.seat !== null && this.view && this.view.phase !== "over") {
      buttons.append(button("act danger", t("forfeit"), () => this.confirmForfeit()));
    }
    buttons.append(button("act", t("close"), () => this.dismiss()));
    items.push(buttons);
    openSheet("menu", items, true, () => this.dismiss());
    logCopy.parentElement?.scrollTo(0, 1e6);
  }

  private confirmForfeit(): void {
    openSheet("forfeit", [h("h2", "", t("forfeit_confirm")), h("div", "buttons", "",
      button("act danger", t("forfeit_yes"), () => { this.mover.forfeit(); this.dismiss(); }),
      button("act", t("cancel"), () => this.dismiss()))], true, () => this.dismiss());
  }

  /** A refusal from the server: say it, and drop the choice it was about. */
  refused(frame: ErrorFrame): void {
    toast(frame.message || frame.code);
    if (this.selected !== null) this.select(null);
  }

  // Pointers: tap, drag to a row, long-press (touch) or hover (mouse) for the card's text.

  private uidAt(target: EventTarget | null): number | null {
    const el = (target as HTMLElement | null)?.closest<HTMLElement>(".table .card");
    return el?.dataset.uid ? Number(el.dataset.uid) : null;
  }

  private pointerDown(e: PointerEvent): void {
    unpeek();
    const uid = this.uidAt(e.target);
    if (uid === null) return;
    const el = this.els.get(uid);
    if (!el) return;
    this.pressed = false;
    this.drag = { uid, el, x: e.clientX, y: e.clientY, active: false };
    if (e.pointerType !== "mouse") {
      window.clearTimeout(this.pressTimer);
      this.pressTimer = window.setTimeout(() => {
        this.pressed = true;
        peek(el.dataset.card ?? "", el.getBoundingClientRect(), strengthOf(el));
      }, LONG_PRESS_MS);
    }
  }

  private pointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.active) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      window.clearTimeout(this.pressTimer);
      if (d.el.dataset.zone !== "hand" || !this.movesFor(d.uid).some((l) => l.kind !== "mulligan")) {
        this.drag = null;
        return;
      }
      d.active = true;
      if (this.selected !== d.uid) this.select(d.uid);
      d.el.classList.add("dragging");
    }
    d.el.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = this.rowAt(e.clientX, e.clientY);
    for (const row of this.root.querySelectorAll(".row.lit")) {
      row.classList.toggle("over", row === over);
    }
  }

  private rowAt(x: number, y: number): HTMLElement | null {
    for (const row of this.root.querySelectorAll<HTMLElement>(".row.lit")) {
      const r = row.getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return row;
    }
    return null;
  }

  private pointerUp(e: PointerEvent): void {
    window.clearTimeout(this.pressTimer);
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.active) {
      d.el.classList.remove("dragging");
      d.el.style.transform = "";
      const row = this.rowAt(e.clientX, e.clientY);
      if (row?.dataset.move) this.send(row.dataset.move);
      return;
    }
    if (this.pressed) {
      this.pressed = false;
      return;
    }
    if (d.el.dataset.zone === "hand") this.handTapped(d.uid);
    else this.boardTapped(d.uid);
  }

  private cancelPress(): void {
    window.clearTimeout(this.pressTimer);
    if (this.drag?.active) {
      this.drag.el.classList.remove("dragging");
      this.drag.el.style.transform = "";
    }
    this.drag = null;
  }

  private hover(e: PointerEvent): void {
    if (e.pointerType !== "mouse" || this.drag) return;
    const uid = this.uidAt(e.target);
    window.clearTimeout(this.pressTimer);
    if (uid === null) return;
    const el = this.els.get(uid);
    if (!el) return;
    this.pressTimer = window.setTimeout(
      () => peek(el.dataset.card ?? "", el.getBoundingClientRect(), strengthOf(el)), HOVER_MS);
  }
}

/** A card of an overlay shows its text on a long-press (touch) or a hover (mouse), and a
 * long-press chooses nothing. */
function peekable(el: HTMLElement, cardId: string, strength: number | null): void {
  let timer = 0;
  let long = false;
  const show = () => peek(cardId, el.getBoundingClientRect(), strength);
  el.addEventListener("click", (e) => {
    if (long) {
      long = false;
      e.stopImmediatePropagation();
    }
  });
  el.addEventListener("pointerdown", (e) => {
    long = false;
    unpeek();
    if (e.pointerType !== "mouse") {
      timer = window.setTimeout(() => { long = true; show(); }, LONG_PRESS_MS);
    }
  });
  el.addEventListener("pointerup", () => window.clearTimeout(timer));
  el.addEventListener("pointerenter", (e) => {
    if (e.pointerType === "mouse") timer = window.setTimeout(show, HOVER_MS);
  });
  el.addEventListener("pointerleave", (e) => {
    window.clearTimeout(timer);
    if (e.pointerType === "mouse") unpeek();
  });
}

/** A button that makes (or leads to) a move, marked with it for the tutorial's hints. */
function moveButton(cls: string, label: string, move: string, onClick: () => void
                    ): HTMLButtonElement {
  const el = button(cls, label, onClick);
  el.dataset.move = move;
  return el;
}

/** Show a card's portrait in `el` over what it holds (the symbol drawn until the portrait
 * loads, or without one); null takes it away. */
function showArt(el: HTMLElement, cardId: string | null): void {
  if ((el.dataset.card ?? "") === (cardId ?? "")) return;
  el.dataset.card = cardId ?? "";
  el.querySelector(".art")?.remove();
  if (cardId) el.append(artImage(cardId));
}

function strengthOf(el: HTMLElement): number | null {
  const text = el.querySelector(".str")?.textContent;
  return text ? Number(text) : null;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}
