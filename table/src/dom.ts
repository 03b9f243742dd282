// Small helpers for building the page's elements.

/** An element with a class, optional text and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, cls = "", text = "", ...children: Node[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text) el.textContent = text;
  el.append(...children);
  return el;
}

/** A button (type=button) with a class and a label. */
export function button(cls: string, label: string, onClick: () => void): HTMLButtonElement {
  const el = h("button", cls, label);
  el.type = "button";
  el.addEventListener("click", onClick);
  return el;
}

/** Set text only when it changed (no needless layout). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** The first element matching `selector` under `root` (which must hold one). */
export function find<T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`missing ${selector}`);
  return el;
}
