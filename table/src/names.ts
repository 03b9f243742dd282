// Card names set whole: each name is measured once (in the names' face, PT Sans Narrow
// Bold, served with the page) and broken where it reads best into at most two lines, so a
// card can be given the width its name needs at a given size, or show no name at all.
// Widths are in em (scaled by the font size), so one measurement serves every size.

export const NAME_FAMILY = '"PT Sans Narrow", "Roboto Condensed", "Arial Narrow", sans-serif';
const FACE = '700 16px "PT Sans Narrow"';
const REFERENCE_PX = 100;

export interface NameFit {
  /** The name on one line, and its width in em. */
  one: string;
  oneEm: number;
  /** The name on two lines (the second "" when it cannot break), and the wider's width. */
  lines: [string, string];
  twoEm: number;
}

let context: CanvasRenderingContext2D | null = null;
const fits = new Map<string, NameFit>();
const listeners: (() => void)[] = [];

function width(text: string): number {
  if (!context) {
    context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
  }
  context.font = `700 ${REFERENCE_PX}px ${NAME_FAMILY}`;
  return context.measureText(text).width / REFERENCE_PX;
}

const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Where a name may break, as [end of the first line, start of the second]: after a
 * space (dropped), a hyphen or a middle dot (kept); between two CJK characters (which may
 * break anywhere) only in a name with none of those. */
function breaks(name: string): [number, number][] {
  const found: [number, number][] = [];
  const anywhere: [number, number][] = [];
  for (let i = 1; i < name.length; i++) {
    const before = name[i - 1];
    if (name[i] === " ") found.push([i, i + 1]);
    else if ("-\u2010\u00b7\u30fb".includes(before) && name[i] !== " ") found.push([i, i]);
    else if (WIDE.test(before) && WIDE.test(name[i])) anywhere.push([i, i]);
  }
  return found.length ? found : anywhere;
}

/** How a name is set: on one line, or broken where its longer line is shortest. */
export function fitName(name: string): NameFit {
  let fit = fits.get(name);
  if (fit) return fit;
  const oneEm = width(name);
  let lines: [string, string] = [name, ""];
  let twoEm = oneEm;
  for (const [end, start] of breaks(name)) {
    const first = name.slice(0, end);
    const second = name.slice(start);
    const wider = Math.max(width(first), width(second));
    if (wider < twoEm) {
      twoEm = wider;
      lines = [first, second];
    }
  }
  fit = { one: name, oneEm, lines, twoEm };
  fits.set(name, fit);
  return fit;
}

/** Call `changed` once the names' face has loaded (names are measured again in it). */
export function onNamesFace(changed: () => void): void {
  listeners.push(changed);
}

/** Start loading the names' face; once it is here every name is measured again. */
export function loadNamesFace(): Promise<void> {
  return document.fonts.load(FACE).then(() => {
    fits.clear();
    for (const changed of listeners) changed();
  }, () => undefined);
}
