// Builds the table page into dist/: index.html and content-hashed assets, the same bytes
// from the same sources. dist/sources.sha256 names the sources it was built from
// (tests/table/test_dist.py fails when dist/ is older than them).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { build } from "esbuild";

const here = new URL(".", import.meta.url).pathname;
const src = join(here, "src");
const dist = join(here, "dist");
// The packages whose code is in the bundle: the Embedded App SDK and the libraries it
// carries in its own build (CREDITS.md lists them); their licences go to dist/licenses.txt.
const BUNDLED = ["@discord/embedded-app-sdk", "zod", "eventemitter3", "big-integer",
                 "decimal.js-light", "lodash.transform", "uuid"];
const BANNER = "/*! Gwent for Discord, the table page. Bundles @discord/embedded-app-sdk " +
  "(MIT, Discord Inc.) and the libraries it carries: zod, eventemitter3, big-integer, " +
  "decimal.js-light, lodash.transform, uuid. Their licences: /licenses.txt */";
// The names' face, served unmodified with its licence (style.css's @font-face).
const FONT_LICENCE = "../assets/fonts/LICENSE-ParaType.txt";
// What the build reads: the sources, the dependencies' pins, this script and the font.
const INPUTS = ["build.mjs", "package.json", "package-lock.json", "tsconfig.json",
                "../assets/fonts/PTN77F.ttf", FONT_LICENCE];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]);
}

/** The hash of every input, by path relative to table/ (sorted, '/'-separated). */
export function sourcesHash() {
  const paths = [...files(src), ...INPUTS.map((p) => join(here, p))]
    .map((p) => relative(here, p).split("\\").join("/")).sort();
  const hash = createHash("sha256");
  for (const path of paths) {
    hash.update(`${path}\n`);
    hash.update(readFileSync(join(here, path)));
    hash.update("\n");
  }
  return hash.digest("hex");
}

/** Every bundled package's name, version and licence text, and the served font's. */
function licences(font) {
  return BUNDLED.map((name) => {
    const dir = join(here, "node_modules", name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    return `${name} ${pkg.version} (${pkg.license})\n\n${readFileSync(join(dir, file), "utf8").trim()}\n`;
  }).concat([`PT Sans Narrow Bold, unmodified (assets/${font})\n\n` +
              `${readFileSync(join(here, FONT_LICENCE), "utf8").trim()}\n`])
    .join(`\n${"-".repeat(72)}\n\n`);
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "assets"), { recursive: true });
const result = await build({
  entryPoints: [join(src, "main.ts")],
  bundle: true,
  format: "esm",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  minify: true,
  legalComments: "eof",
  outdir: join(dist, "assets"),
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".ttf": "file" },
  metafile: true,
  sourcemap: false,
  logLevel: "warning",
  charset: "utf8",
  banner: { js: BANNER },
});
const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p));
const js = outputs.find((p) => p.endsWith(".js"));
const css = outputs.find((p) => p.endsWith(".css"));
const font = outputs.find((p) => p.endsWith(".ttf"));
const html = readFileSync(join(src, "index.html"), "utf8")
  .replace("{{js}}", js).replace("{{css}}", css).replace("{{font}}", font);
writeFileSync(join(dist, "index.html"), html);
writeFileSync(join(dist, "licenses.txt"), licences(font));
writeFileSync(join(dist, "sources.sha256"), `${sourcesHash()}\n`);
console.log(`built dist/: ${outputs.join(", ")}`);
