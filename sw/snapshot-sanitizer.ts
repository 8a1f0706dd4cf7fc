// The list-snapshot markup's allow-list: what the worker keeps of the HTML a page posts before it
// stores it, and again before it paints it into index.html (sw/list-snapshot.ts). A page's
// markup is trusted no more than any message: a script that ran in a page once (or an older
// worker's store) must not be able to plant markup that every later visit runs. Kept: the tags
// and attributes the app's lists render (classes, roles, aria-* and data-* attributes, select
// choices, the list filters' disclosure, fieldsets and text or number inputs (no form: the page
// posts its forms as divs), thumbnails, links to app paths, the virtual list's sizes and row
// offsets, icons).
// Dropped: every other tag (script, style, iframe, object, embed and form among them; script,
// style and the like with their content), event handlers, ids and names (they could stand in
// for the worker's own elements), style declarations other than sizes and row offsets, and URLs
// other than app paths (and, for images, data:image). js-xss does the parsing (a service worker
// has no DOMParser); the attribute rules are ours.
import { FilterXSS, type IWhiteList } from "xss";
import { FRESHNESS_MARK } from "../contract/list-snapshots";

const GLOBAL_ATTRIBUTES = ["class", "role", "title", "lang", "dir", "hidden", "inert", "tabindex", "style"];

const TAG_ATTRIBUTES: Record<string, string[]> = {
  a: ["href"],
  img: ["src", "alt", "width", "height", "loading", "decoding"],
  button: ["type", "disabled"],
  select: ["disabled", "multiple"],
  option: ["value", "selected", "disabled", "label"],
  input: ["type", "value", "placeholder", "inputmode", "step", "min", "max", "disabled", "autocomplete"],
  details: ["open"],
  optgroup: ["label", "disabled"],
  time: ["datetime"],
  svg: ["viewbox", "width", "height", "fill", "stroke", "focusable", "xmlns"],
  g: ["fill", "stroke", "stroke-width"],
  path: ["d", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-rule", "clip-rule"],
  circle: ["cx", "cy", "r", "fill", "stroke", "stroke-width"],
  rect: ["x", "y", "width", "height", "rx", "ry", "fill", "stroke", "stroke-width"],
};
const PLAIN_TAGS = [
  "div",
  "span",
  "p",
  "b",
  "i",
  "em",
  "strong",
  "small",
  "sub",
  "sup",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "footer",
  "main",
  "nav",
  "section",
  "article",
  "aside",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "figure",
  "figcaption",
  "mark",
  "abbr",
  "label",
  "summary",
  "fieldset",
  "legend",
];
// The data-age label's place (an HTML comment, which the filter would drop) travels as this tag.
const MARK_TAG = "snapshot-freshness";
// Removed with their content, not only their tags.
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "embed",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "title",
  "xmp",
  "math",
];

const WHITE_LIST: IWhiteList = Object.fromEntries<string[]>([
  ...PLAIN_TAGS.map((tag): [string, string[]] => [tag, GLOBAL_ATTRIBUTES]),
  ...Object.entries(TAG_ATTRIBUTES).map(([tag, attributes]): [string, string[]] => [
    tag,
    [...GLOBAL_ATTRIBUTES, ...attributes],
  ]),
  [MARK_TAG, []],
]);

// An app path (not //host or /\host, which leave the origin), no whitespace or control characters.
const APP_PATH = /^\/(?![/\\])[^\s\\]*$/;
const IMAGE_DATA = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/]+=*$/i;
const URL_ATTRIBUTES = new Set(["href", "src", "data-snapshot-src"]);
const INPUT_TYPES = new Set(["text", "number", "search", "checkbox", "radio"]);

// Sizes and the virtual list's row offsets: what the lists set in style attributes.
const LENGTH = /^-?\d+(?:\.\d+)?(?:px|%|rem|em|vh|vw)?$/;
const TRANSLATE = /^translate[XY]?\(\s*-?\d+(?:\.\d+)?px\s*(?:,\s*-?\d+(?:\.\d+)?px\s*)?\)$/;
const STYLE_PROPERTIES: Record<string, RegExp> = {
  height: LENGTH,
  width: LENGTH,
  "min-height": LENGTH,
  "max-height": LENGTH,
  "min-width": LENGTH,
  "max-width": LENGTH,
  transform: TRANSLATE,
};

/** The declarations of a style attribute that are sizes or row offsets, as written; null if none. */
function safeStyle(value: string): string | null {
  const kept = value
    .split(";")
    .map((declaration) => /^\s*([a-z-]+)\s*:\s*(.*?)\s*$/i.exec(declaration))
    .filter((match): match is RegExpExecArray => match !== null)
    .filter(([, property, text]) => STYLE_PROPERTIES[property.toLowerCase()]?.test(text) === true)
    .map(([, property, text]) => `${property.toLowerCase()}: ${text};`);
  return kept.length ? kept.join(" ") : null;
}

function safeUrl(attribute: string, value: string): boolean {
  return APP_PATH.test(value) || (attribute !== "href" && IMAGE_DATA.test(value));
}

/**
 * An allowed attribute's value as it goes out, or null to drop the attribute. `raw` is the value
 * as written in the markup (character references not decoded). A URL or style may hold no
 * character reference but &amp;, so what is checked is what the browser will read.
 */
function attributeValue(tag: string, name: string, raw: string): string | null {
  // Inputs stay text-like: no image, file or submit controls.
  if (tag === "input" && name === "type") return INPUT_TYPES.has(raw.toLowerCase()) ? raw : null;
  if (URL_ATTRIBUTES.has(name) || name === "style") {
    if (/&(?!amp;)/.test(raw)) return null;
    const value = raw.replace(/&amp;/g, "&");
    if (name === "style") return safeStyle(value)?.replace(/&/g, "&amp;") ?? null;
    return safeUrl(name, value) ? raw : null;
  }
  return raw;
}

const escapeAttribute = (value: string): string =>
  value.replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const isOwnAttribute = (name: string): boolean => /^(?:data|aria)-[a-z0-9_.-]+$/.test(name);

const filter = new FilterXSS({
  whiteList: WHITE_LIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROPPED_WITH_CONTENT,
  allowCommentTag: false,
  onTagAttr(tag, name, value, isWhiteAttr) {
    if (!isWhiteAttr && !isOwnAttribute(name)) return "";
    const kept = attributeValue(tag, name, value);
    return kept === null ? "" : `${name}="${escapeAttribute(kept)}"`;
  },
});

const MARK_ELEMENT = `<${MARK_TAG}></${MARK_TAG}>`;

/** Snapshot markup with only the allowed tags and attributes; the data-age mark is kept. */
export function sanitizeSnapshotHtml(html: string): string {
  const filtered = filter.process(html.split(FRESHNESS_MARK).join(MARK_ELEMENT));
  return filtered
    .split(MARK_ELEMENT)
    .map((part) => part.replace(new RegExp(`</?${MARK_TAG}>`, "g"), ""))
    .join(FRESHNESS_MARK);
}
