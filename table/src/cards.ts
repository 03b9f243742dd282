// Cards drawn as the bot's images draw them: the faction's frame, a parchment strength
// circle (green above the printed strength, red below, dark for heroes), the card's portrait
// (faded in once it has loaded: the card is whole without it), and its name, set whole on
// one or two lines where there is room for it (names.ts) and left out where there is not.
import { fitName } from "./names";
import type { BoardCard, CardMeta } from "./types";

let metas: Record<string, CardMeta> = {};

/** Replace the card catalogue (a welcome frame's `cards`). */
export function setCards(cards: Record<string, CardMeta>): void {
  metas = { ...cards };
}

/** Learn more cards (a cards frame). */
export function addCards(cards: Record<string, CardMeta>): void {
  Object.assign(metas, cards);
}

const ROW_NAMES = ["close", "ranged", "siege"];

/** The rows (0 close, 1 ranged, 2 siege) a card may be played on. */
export function rowsOf(m: CardMeta): number[] {
  return m.rows.map((r) => (typeof r === "number" ? r : ROW_NAMES.indexOf(r)));
}

/** A card's meta, or a stand-in for an id the catalogue lacks. */
export function meta(cardId: string): CardMeta {
  return metas[cardId] ?? {
    name: cardId, text: "", strength: null, rows: [], hero: false, faction: "neutral",
    type: "special", abilities: [],
  };
}

/** The sizes portraits are served at: 128 px for cards (up to 64 px wide on the page, so
 * sharp at twice the pixels), 256 for a card's text and the leader's sheet. */
export type ArtSize = 128 | 256;

/** Where a card's portrait is served (one address per size, kept by the browser). */
export function artUrl(cardId: string, size: ArtSize = 128): string {
  return `/art/${encodeURIComponent(cardId)}.png${size === 128 ? "?size=128" : ""}`;
}

/** A card's portrait: requested at once but at low priority, decoded off the main thread,
 * shown when it has loaded (at once when the browser holds it), and gone if it fails. */
export function artImage(cardId: string, size: ArtSize = 128): HTMLImageElement {
  const img = document.createElement("img");
  img.className = "art";
  img.alt = "";
  img.draggable = false;
  img.decoding = "async";
  img.setAttribute("fetchpriority", "low");
  img.addEventListener("load", () => img.classList.add("in"), { once: true });
  img.addEventListener("error", () => img.remove(), { once: true });
  img.src = artUrl(cardId, size);
  if (img.complete && img.naturalWidth) img.classList.add("in");
  return img;
}

const ICONS: Record<string, string> = {
  spy: "◉", medic: "✚", muster: "⚑", tight_bond: "∞", morale_boost: "▲", agile: "⇅",
  scorch: "♨", scorch_close: "♨", scorch_ranged: "♨", scorch_siege: "♨",
  commanders_horn: "♫", decoy: "♺", berserker: "☠", mardroeme: "✿", summon_avenger: "⚔",
  weather: "☁", clear_weather: "☀",
};
const WEATHER_ICONS: Record<string, string> = {
  biting_frost: "❄", impenetrable_fog: "☁", torrential_rain: "☂", skellige_storm: "⚡",
  clear_weather: "☀",
};

/** The symbol shown for a weather card. */
export function weatherIcon(cardId: string): string {
  return WEATHER_ICONS[cardId] ?? "☁";
}

/** The symbol of a card's first ability, or "". */
function abilityIcon(m: CardMeta, cardId: string): string {
  if (m.type === "weather") return weatherIcon(cardId);
  for (const a of m.abilities) if (ICONS[a]) return ICONS[a];
  return "";
}

/** The name a card's face shows: "Vampire: Garkain" is "Garkain", "吸血鬼：蝙蝠魔" is
 * "蝙蝠魔" (the card's text shows it whole). */
export function shortName(name: string): string {
  const found = /^.+(?:: |：)(.+)$/.exec(name);
  return found ? found[1] : name;
}

/** Build a card's element (its uid in data-uid, so it can be found and moved). */
export function cardElement(card: BoardCard, tag: "div" | "button" = "div"): HTMLElement {
  const m = meta(card.card_id);
  const el = document.createElement(tag);
  el.className = "card";
  el.dataset.uid = String(card.uid);
  el.dataset.card = card.card_id;
  el.dataset.faction = m.faction;
  if (tag === "button") (el as HTMLButtonElement).type = "button";
  const face = document.createElement("span");
  face.className = "face";
  face.append(artImage(card.card_id));
  const icon = abilityIcon(m, card.card_id);
  if (icon) {
    const ab = document.createElement("span");
    ab.className = "ab";
    ab.setAttribute("aria-hidden", "true");
    ab.textContent = icon;
    face.append(ab);
  }
  const name = document.createElement("span");
  name.className = "nm";
  face.append(name);
  el.append(face);
  el.setAttribute("aria-label", m.name);
  updateCard(el, card);
  return el;
}

/** The name a card element shows (its face's, see shortName). */
export function faceName(el: HTMLElement): string {
  return shortName(meta(el.dataset.card ?? "").name);
}

/** Set a card's name on one line or on two, or leave it out ("none"). */
export function setName(el: HTMLElement, lines: "one" | "two" | "none"): void {
  if (el.dataset.lines === lines && el.dataset.named === faceName(el)) return;
  const name = faceName(el);
  el.dataset.lines = lines;
  el.dataset.named = name;
  const nm = el.querySelector<HTMLElement>(".nm");
  if (!nm) return;
  if (lines === "two") {
    const [first, second] = fitName(name).lines;
    const a = document.createElement("span");
    a.textContent = first;
    const b = document.createElement("span");
    b.textContent = second;
    nm.replaceChildren(a, b);
  } else {
    nm.textContent = lines === "one" ? name : "";
  }
}

/** The width (px) a card needs to show its name whole at `px`, at least `min` with `pad`
 * px beside the name, and how: on one line when it fits `min`, else on the fewest lines
 * that keep it narrowest. */
export function nameNeeds(el: HTMLElement, px: number, min: number, pad: number
                          ): { width: number; lines: "one" | "two" } {
  const fit = fitName(faceName(el));
  if (fit.oneEm * px + pad <= min) return { width: min, lines: "one" };
  const two = fit.lines[1] !== "";
  return { width: Math.max(min, Math.ceil(fit.twoEm * px + pad)), lines: two ? "two" : "one" };
}

/** Bring a card element's strength up to date. */
export function updateCard(el: HTMLElement, card: BoardCard): void {
  const m = meta(card.card_id);
  let str = el.querySelector<HTMLElement>(".str");
  if (card.strength === null || card.strength === undefined) {
    str?.remove();
    el.classList.toggle("hero", m.hero);
    return;
  }
  if (!str) {
    str = document.createElement("span");
    str.className = "str";
    el.prepend(str);
  }
  const base = card.base ?? m.strength ?? card.strength;
  const text = String(card.strength);
  if (str.textContent !== text) str.textContent = text;
  str.classList.toggle("up", card.strength > base);
  str.classList.toggle("down", card.strength < base);
  el.classList.toggle("hero", m.hero);
}
