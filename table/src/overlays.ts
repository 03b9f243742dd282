// Overlays: a sheet for every choice (and the menu, the log, the result), short toasts for
// refusals, and the card text shown on long-press or hover.
import { artImage, meta, rowsOf } from "./cards";
import { h, setText } from "./dom";
import { reduced } from "./motion";
import { t } from "./texts";

const sheet = h("div", "sheet");
const panel = h("div", "panel");
sheet.append(panel);
sheet.hidden = true;
sheet.setAttribute("role", "dialog");
sheet.setAttribute("aria-modal", "true");
const toastEl = h("div", "toast");
toastEl.setAttribute("role", "alert");
const peekEl = h("div", "peek");
peekEl.hidden = true;
let sheetName = "";
let onDismiss: (() => void) | null = null;
let toastTimer = 0;

/** Put the overlays in the page. */
export function mountOverlays(): void {
  document.body.append(sheet, toastEl, peekEl);
  sheet.addEventListener("click", (event) => {
    if (event.target === sheet && sheet.dataset.dismiss === "1") {
      closeSheet();
      onDismiss?.();
    }
  });
}

/** Show a sheet named `name` (showing it again replaces it); a tap beside a dismissable
 * one closes it and calls `dismissed`. */
export function openSheet(name: string, children: Node[], dismiss = true,
                          dismissed: (() => void) | null = null): void {
  sheetName = name;
  onDismiss = dismissed;
  panel.replaceChildren(...children);
  sheet.dataset.name = name;
  sheet.dataset.dismiss = dismiss ? "1" : "0";
  const opening = sheet.hidden;
  sheet.hidden = false;
  if (opening && !reduced()) {
    panel.animate([{ transform: "translateY(24px)", opacity: 0 }, { transform: "none", opacity: 1 }],
                  { duration: 220, easing: "ease-out" });
  }
}

/** The open sheet's name, or "". */
export function openSheetName(): string {
  return sheet.hidden ? "" : sheetName;
}

/** Close the sheet. */
export function closeSheet(): void {
  sheet.hidden = true;
  sheetName = "";
  panel.replaceChildren();
}

/** A short message at the top of the table (a refusal, a dropped connection). */
export function toast(message: string, kind: "error" | "info" = "error"): void {
  setText(toastEl, message);
  toastEl.dataset.kind = kind;
  toastEl.classList.add("on");
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => toastEl.classList.remove("on"), 4500);
}

/** Show a card's text next to `near` (long-press on touch, hover with a mouse). */
export function peek(cardId: string, near: DOMRect, strength: number | null = null): void {
  const m = meta(cardId);
  const head = h("div", "peek-head", "", h("b", "", m.name));
  if (m.strength !== null && m.type !== "special" && m.type !== "weather") {
    const base = m.strength;
    head.append(h("span", "peek-str", strength === null || strength === base
      ? String(base) : `${strength} (${base})`));
  }
  const rows = m.type === "unit"
    ? rowsOf(m).map((r) => t(`row_${["close", "ranged", "siege"][r]}`)).filter(Boolean).join(" · ")
    : "";
  const facts = h("div", "peek-facts", "", head);
  if (rows) facts.append(h("div", "peek-rows", rows));
  if (m.hero) facts.append(h("div", "peek-hero", t("hero")));
  peekEl.replaceChildren(h("div", "peek-top", "", artImage(cardId, 256), facts));
  if (m.text) peekEl.append(...paragraphs(m.text));
  peekEl.hidden = false;
  const width = Math.min(300, window.innerWidth - 16);
  peekEl.style.width = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8,
                                    near.left + near.width / 2 - width / 2));
  const height = peekEl.offsetHeight;
  const top = near.top - height - 8 >= 8 ? near.top - height - 8
    : Math.min(window.innerHeight - height - 8, near.bottom + 8);
  peekEl.style.transform = `translate(${left}px, ${top}px)`;
}

/** A card's text as the server writes it (Discord's **bold**, lines) as paragraphs. */
export function paragraphs(text: string): HTMLElement[] {
  return text.split("\n").filter((line) => line.trim()).map((line) => {
    const p = h("p", "peek-text");
    line.split("**").forEach((part, i) => {
      if (part) p.append(i % 2 ? h("b", "", part) : document.createTextNode(part));
    });
    return p;
  });
}

/** Hide the card text. */
export function unpeek(): void {
  peekEl.hidden = true;
}
