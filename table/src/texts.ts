// The page's words: every text comes from the server (welcome.texts, or /api/config before
// the socket opens), in the viewer's language, through the bot's catalogues.

let texts: Record<string, string> = {};

/** Replace the words (a welcome frame's or /api/config's texts). */
export function setTexts(next: Record<string, string> | undefined): void {
  if (next) texts = next;
}

/** The text for `key` with its `{placeholders}` filled; "" while the words are unknown. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  const found = texts[key];
  if (found === undefined) return "";
  return found.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole);
}
