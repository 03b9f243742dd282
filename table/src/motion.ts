// Motion with transforms and opacity only (the compositor's work): cards fly from where
// they were (FLIP), burn when destroyed, leave for the discard pile when a round ends;
// weather falls over its row; a lost round's gem breaks. prefers-reduced-motion: none.

const reducedQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

/** True when the player asked for less motion. */
export function reduced(): boolean {
  return reducedQuery.matches;
}

export const FLY_MS = 420;
const EASE = "cubic-bezier(.2,.8,.2,1)";

export interface Placed {
  el: HTMLElement;
  rect: DOMRect;
}

/** Where every card ([data-uid]) under `root` is now. */
export function places(root: ParentNode): Map<number, Placed> {
  const out = new Map<number, Placed>();
  for (const el of root.querySelectorAll<HTMLElement>("[data-uid]")) {
    const rect = el.getBoundingClientRect();
    if (rect.width > 0) out.set(Number(el.dataset.uid), { el, rect });
  }
  return out;
}

function shift(from: DOMRect, to: DOMRect): string {
  const sx = from.width / (to.width || 1);
  const sy = from.height / (to.height || 1);
  return `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${sx}, ${sy})`;
}

/** Resolves once every running motion that ends has ended. */
export async function settled(): Promise<void> {
  const running = document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity);
  await Promise.allSettled(running.map((a) => a.finished));
}

/** Fly a card from the rectangle it (or its source) had to where it is now. */
export function fly(el: HTMLElement, from: DOMRect, delay = 0): void {
  if (reduced()) return;
  const to = el.getBoundingClientRect();
  if (Math.abs(from.left - to.left) < 1 && Math.abs(from.top - to.top) < 1
      && Math.abs(from.width - to.width) < 1) return;
  el.animate([{ transform: shift(from, to) }, { transform: "none" }],
             { duration: FLY_MS, delay, easing: EASE, fill: "backwards" });
}

/** Fly a card in from a pile (a hand, a deck), fading in as it comes. */
export function arrive(el: HTMLElement, from: DOMRect, delay = 0): void {
  if (reduced()) return;
  const to = el.getBoundingClientRect();
  const small = new DOMRect(from.left + from.width / 2 - to.width / 4,
                            from.top + from.height / 2 - to.height / 4,
                            to.width / 2, to.height / 2);
  el.animate([{ transform: shift(small, to), opacity: 0 }, { transform: "none", opacity: 1 }],
             { duration: FLY_MS + 80, delay, easing: EASE, fill: "backwards" });
}

/** A copy of a card that left the table, drawn where it was, in the motion layer. */
function ghost(layer: HTMLElement, placed: Placed): HTMLElement {
  const copy = placed.el.cloneNode(true) as HTMLElement;
  copy.removeAttribute("data-uid");
  copy.classList.add("ghost");
  copy.style.left = `${placed.rect.left}px`;
  copy.style.top = `${placed.rect.top}px`;
  copy.style.width = `${placed.rect.width}px`;
  copy.style.height = `${placed.rect.height}px`;
  layer.append(copy);
  return copy;
}

/** A destroyed card burns away where it stood. */
export function burn(layer: HTMLElement, placed: Placed): void {
  if (reduced()) return;
  const copy = ghost(layer, placed);
  const flame = document.createElement("span");
  flame.className = "flame";
  copy.append(flame);
  flame.animate([{ opacity: 0, transform: "scaleY(.2)" }, { opacity: 1, transform: "scaleY(1)" },
                 { opacity: 0, transform: "scaleY(1.3)" }], { duration: 700, easing: "ease-out" });
  copy.animate([{ opacity: 1, transform: "none" }, { opacity: 1, transform: "scale(1.04)" },
                { opacity: 0, transform: "translateY(-12px) scale(.7)" }],
               { duration: 750, easing: "ease-in" }).finished.then(() => copy.remove(), () => {});
}

/** A card leaves for a pile (the discard pile at a round's end, a hand). */
export function leave(layer: HTMLElement, placed: Placed, to: DOMRect | null, delay = 0): void {
  if (reduced()) return;
  const copy = ghost(layer, placed);
  const target = to ?? new DOMRect(placed.rect.left, placed.rect.top + 40, placed.rect.width,
                                   placed.rect.height);
  const dx = target.left + target.width / 2 - (placed.rect.left + placed.rect.width / 2);
  const dy = target.top + target.height / 2 - (placed.rect.top + placed.rect.height / 2);
  copy.animate([{ opacity: 1, transform: "none" },
                { opacity: 0, transform: `translate(${dx}px, ${dy}px) scale(.4)` }],
               { duration: FLY_MS + 120, delay, easing: "ease-in", fill: "both" })
    .finished.then(() => copy.remove(), () => {});
}

/** Weather falls over a row. */
export function weatherFalls(overlay: HTMLElement): void {
  if (reduced()) return;
  overlay.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 500, easing: "ease-out" });
  const fall = overlay.querySelector<HTMLElement>(".fall");
  fall?.animate([{ transform: "translateY(-60%)", opacity: 0 },
                 { transform: "translateY(-20%)", opacity: 1, offset: .5 },
                 { transform: "translateY(10%)", opacity: 0 }],
                { duration: 1100, easing: "linear" });
}

/** A gem breaks: its shards fly apart and fade. */
export function gemBreaks(layer: HTMLElement, gem: HTMLElement): void {
  if (reduced()) return;
  const rect = gem.getBoundingClientRect();
  for (let i = 0; i < 4; i++) {
    const shard = document.createElement("span");
    shard.className = "shard";
    shard.style.left = `${rect.left + rect.width / 2 - 5}px`;
    shard.style.top = `${rect.top + rect.height / 2 - 5}px`;
    layer.append(shard);
    const angle = (Math.PI / 2) * i + Math.PI / 4;
    const dx = Math.cos(angle) * 26;
    const dy = Math.sin(angle) * 26;
    shard.animate([{ transform: "none", opacity: 1 },
                   { transform: `translate(${dx}px, ${dy}px) rotate(${90 + i * 45}deg) scale(.4)`,
                     opacity: 0 }], { duration: 800, delay: 250, easing: "ease-out", fill: "both" })
      .finished.then(() => shard.remove(), () => {});
  }
  gem.animate([{ transform: "scale(1.5)", opacity: 1 }, { transform: "scale(1)", opacity: 1 }],
              { duration: 300, easing: "ease-out" });
}

/** A banner (a new round, the result) grows in, stays, and fades. */
export function banner(el: HTMLElement): void {
  if (reduced()) return;
  el.animate([{ opacity: 0, transform: "scale(.8)" }, { opacity: 1, transform: "scale(1)", offset: .2 },
              { opacity: 1, transform: "scale(1)", offset: .8 }, { opacity: 0, transform: "scale(1.05)" }],
             { duration: 1600, easing: "ease-out", fill: "backwards" });
}
