// Cards drawn as the bot's images draw them: the faction's frame, a parchment strength
// circle (green above the printed strength, red below, dark for heroes), the name below.
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

/** Where a card's portrait is served once card art lands; null draws the frame alone. */
export function artUrl(_cardId: string): string | null {
  return null;
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

/** The name a card's face shows: "Vampire: Garkain" is "Garkain" (the text shows it whole). */
export function shortName(name: string): string {
  const colon = name.lastIndexOf(": ");
  return colon > 0 ? name.slice(colon + 2) : name;
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
  const art = artUrl(card.card_id);
  if (art) {
    const img = document.createElement("img");
    img.className = "art";
    img.src = art;
    img.alt = "";
    img.decoding = "async";
    el.append(img);
  }
  const face = document.createElement("span");
  face.className = "face";
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
  name.textContent = shortName(m.name);
  face.append(name);
  el.append(face);
  updateCard(el, card);
  return el;
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
