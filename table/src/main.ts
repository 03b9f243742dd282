// The table page: open (Discord, the mock, or a watch link), then one socket and the table.
import "./style.css";
import { addCards, setCards } from "./cards";
import { open, OpeningError } from "./connect";
import { h, setText } from "./dom";
import { loadNamesFace } from "./names";
import { mountOverlays } from "./overlays";
import { FINAL, TableSocket } from "./socket";
import { Table } from "./table";
import { setTexts, t } from "./texts";

const app = document.getElementById("app") as HTMLElement;
const status = h("div", "splash", "", h("div", "emblem", "", h("span", "crown", "♛")),
                 h("p", "splash-text"));
const conn = h("div", "conn");
conn.setAttribute("role", "status");

function say(text: string, failed = false): void {
  setText(status.querySelector(".splash-text") as Element, text);
  status.classList.toggle("failed", failed);
}

async function main(): Promise<void> {
  app.replaceChildren(status);
  mountOverlays();
  void loadNamesFace();
  let opening;
  try {
    opening = await open();
  } catch (error) {
    // The early words for why (in the viewer's language), else the server's sentence, else
    // what failed as it failed (the words themselves could not be fetched).
    const code = error instanceof OpeningError ? error.code : "failed";
    const server = error instanceof OpeningError ? error.message : "";
    say(t(`error_${code}`) || t("error_failed") || server || String(error), true);
    console.error(error);
    return;
  }
  say(t("connecting"));
  const table = new Table({
    move: (move, expected) => socket.move(move, expected),
    forfeit: () => socket.forfeit(),
  });
  let welcomed = false;
  let ended = false;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket: TableSocket = new TableSocket(`${scheme}//${location.host}/api/ws`,
                                              opening.hello, {
    welcome(frame) {
      setTexts(frame.texts);
      setCards(frame.cards);
      document.documentElement.lang = frame.lang;
      table.setSeat(frame.seat, frame.watch ?? false);
      table.relabel();
      conn.classList.remove("on");
    },
    state(view, now) {
      if (!welcomed) {
        welcomed = true;
        app.replaceChildren(table.root, conn);
        document.body.dataset.ready = "1";
      }
      table.state(view, now);
      if (!performance.getEntriesByName("table-ready").length) performance.mark("table-ready");
    },
    cards(cards) {
      addCards(cards);
    },
    error(frame) {
      if (!welcomed) {
        say(frame.message || frame.code, true);
        return;
      }
      table.refused(frame);
      if (FINAL.has(frame.code)) {
        // The table stays as it ended, with why it no longer moves.
        ended = true;
        setText(conn, frame.message || frame.code);
        conn.classList.add("on", "final");
      }
    },
    connection(up) {
      if (ended) return;
      setText(conn, up ? "" : t("reconnecting"));
      conn.classList.toggle("on", !up);
      if (!welcomed && !up) say(t("reconnecting"));
    },
  });
  socket.connect();
  window.addEventListener("pagehide", () => socket.close());
}

void main();
