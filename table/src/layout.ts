// Sizes that depend on the cards' names: the hand (every name whole, in as few rows of as
// large cards as fit, at 14 to 12 px), the overlays' cards, and the board's rows (names
// where the row has room for all of them, else art and strength alone).
import { nameNeeds, setName } from "./cards";

/** The landscape layout's media query (style.css has the same one). */
export const WIDE = window.matchMedia("(min-width: 900px) and (min-aspect-ratio: 4/3)");

const NAME_PX = [14, 13, 12];
const GAP = 4;
// What a card holds beside its name: its frame and a little air.
const PAD = 9;
// The narrowest cards: a hand's tall cards (one row) and short ones (two rows or more), the
// overlays' cards and the board's named cards, on a phone and on a wide screen.
const MIN = {
  phone: { tall: 62, short: 50, option: 66 },
  wide: { tall: 76, short: 66, option: 78, board: 62 },
};

export interface HandLayout {
  rows: number;
  px: number;
}

/** How many rows greedy packing (what flex-wrap does) needs for these widths. */
function rowsFor(widths: number[], room: number): number {
  let rows = 1;
  let x = 0;
  for (const w of widths) {
    if (x > 0 && x + GAP + w > room) {
      rows += 1;
      x = w;
    } else {
      x += (x > 0 ? GAP : 0) + w;
    }
  }
  return rows;
}

function place(cards: HTMLElement[], px: number, min: number): void {
  for (const el of cards) {
    const need = nameNeeds(el, px, min, PAD);
    el.style.width = `${need.width}px`;
    setName(el, need.lines);
  }
}

/** Lay the hand out in `room` px: the fewest rows (one row of tall cards, at the largest
 * size that shows every name whole; else short cards at 12 px, in up to two rows on a wide
 * screen and three on a phone); past that, the hand scrolls. */
export function layHand(hand: HTMLElement, cards: HTMLElement[], room: number): HandLayout {
  const sizes = WIDE.matches ? MIN.wide : MIN.phone;
  const maxRows = WIDE.matches ? 2 : 3;
  // One row of tall cards at 14, 13 or 12 px, then as narrow as short cards; then rows of
  // short cards, whose names share their height with the strength above them (12 px).
  const tries: [number, number, number][] = [
    ...NAME_PX.map((px): [number, number, number] => [1, px, sizes.tall]),
    [1, 12, sizes.short],
    ...Array.from({ length: maxRows - 1 }, (_, i): [number, number, number] =>
      [i + 2, 12, sizes.short]),
  ];
  let chosen = { rows: maxRows, px: 12, min: sizes.short };
  for (const [rows, px, min] of tries) {
    const widths = cards.map((el) => nameNeeds(el, px, min, PAD).width);
    if (rowsFor(widths, room) <= rows) {
      chosen = { rows, px, min };
      break;
    }
  }
  place(cards, chosen.px, chosen.min);
  hand.dataset.rows = String(chosen.rows);
  hand.style.setProperty("--nm", `${chosen.px}px`);
  return { rows: chosen.rows, px: chosen.px };
}

/** Lay out an overlay's cards (the redraw, a choice): tall cards, each as wide as its name
 * needs at 13 px. */
export function layOptions(options: HTMLElement, cards: HTMLElement[]): void {
  const px = 13;
  place(cards, px, WIDE.matches ? MIN.wide.option : MIN.phone.option);
  options.style.setProperty("--nm", `${px}px`);
}

/** Name a board row's cards where its lane (`room` px for cards) has room to show every
 * name whole at 12 px (on a wide screen; a phone's rows are too low for names): else the
 * row shows art and strength alone, and each name is in the card's long-press text. */
export function layRow(lane: HTMLElement, cards: HTMLElement[], room: number): void {
  const px = 12;
  let named = false;
  if (WIDE.matches && cards.length) {
    const widths = cards.map((el) => nameNeeds(el, px, MIN.wide.board, PAD).width);
    named = widths.reduce((a, b) => a + b, 0) + GAP * cards.length <= room;
  }
  lane.classList.toggle("named", named);
  for (const el of cards) {
    if (named) {
      const need = nameNeeds(el, px, MIN.wide.board, PAD);
      el.style.width = `${need.width}px`;
      setName(el, need.lines);
    } else {
      el.style.width = "";
      setName(el, "none");
    }
  }
}
