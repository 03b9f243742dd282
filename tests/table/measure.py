"""Measuring a page as a phone shows it: text sizes and control heights."""

from __future__ import annotations

from typing import Any

MIN_TEXT_PX = 12
MIN_CONTROL_PX = 44

# Every rendered text node's font size, and every visible control's height, under 12 and
# 44 px; each as [what, size].
_MEASURE = """([minText, minControl]) => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (!range.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
    if (size < minText) small.push(["text " + node.textContent.trim().slice(0, 40), size]);
  }
  const controls = document.querySelectorAll(
    "button, a[href], input, select, textarea, [role=button], [tabindex]");
  for (const el of controls) {
    const rect = el.getBoundingClientRect();
    if (!rect.width || !rect.height) continue;
    // The laid-out height: a card flying in is scaled for a moment, not smaller.
    const height = el.offsetHeight ?? rect.height;
    if (height < minControl) {
      small.push(["control " + (el.className || el.tagName) + " " +
                  (el.textContent || "").trim().slice(0, 30), height]);
    }
  }
  return small;
}"""


def too_small(page: Any) -> list[list[Any]]:
    """What on the page is smaller than a phone allows (text under 12 px, controls under
    44 px tall)."""
    found: list[list[Any]] = page.evaluate(_MEASURE, [MIN_TEXT_PX, MIN_CONTROL_PX])
    return found


def count_texts_and_controls(page: Any) -> tuple[int, int]:
    """How many rendered text nodes and visible controls the page has (so a measurement
    that found nothing small is known to have looked at something)."""
    counted: list[int] = page.evaluate("""() => {
      let texts = 0, controls = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        if (walker.currentNode.textContent.trim() && range.getClientRects().length) texts++;
      }
      for (const el of document.querySelectorAll("button, a[href], input, select, textarea, " +
                                                 "[role=button], [tabindex]")) {
        const rect = el.getBoundingClientRect();
        if (rect.width && rect.height) controls++;
      }
      return [texts, controls];
    }""")
    return counted[0], counted[1]
