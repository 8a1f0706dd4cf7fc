// Where a link or text shared into the installed app (the manifest's share_target, GET
// /share-target?title=&text=&url=) leads: a TikTok video, product or shop link, or one of the
// app's own detail links, whose id the app knows opens that detail; anything else opens Discovery
// with the shared text searched.
import type { DetailEntity } from "../../api/entities";
import { detailHref } from "../../routing/detail-links";
import { hrefFor } from "../../routing/paths";

export interface SharedContent {
  title?: string;
  text?: string;
  url?: string;
}

/** The app's own ids: a letter per kind and digits (g000123 a product, v… a video, i… an influencer). */
const KNOWN_ID: Record<DetailEntity, RegExp> = { goods: /^g\d+$/, videos: /^v\d+$/, influencers: /^i\d+$/ };
const APP_DETAIL_PATHS: Record<string, DetailEntity> = {
  "/goodsDetail": "goods",
  "/videoDetail": "videos",
  "/influencersDetail": "influencers",
};
const TIKTOK_PATHS: { pattern: RegExp; entity: DetailEntity }[] = [
  { pattern: /\/video\/([^/?#]+)/, entity: "videos" },
  { pattern: /\/product\/([^/?#]+)/, entity: "goods" },
  { pattern: /\/shop\/(?:store\/[^/]+\/)?([^/?#]+)/, entity: "influencers" },
];

const URL_IN_TEXT = /https?:\/\/\S+/;

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The detail a shared link names, when it carries an id the app knows. */
export function sharedDetail(link: URL): { entity: DetailEntity; id: string } | null {
  const ownEntity = APP_DETAIL_PATHS[link.pathname];
  if (ownEntity) {
    const id = link.searchParams.get("id") ?? "";
    return KNOWN_ID[ownEntity].test(id) ? { entity: ownEntity, id } : null;
  }
  if (!/(^|\.)tiktok\.com$/.test(link.hostname)) return null;
  for (const { pattern, entity } of TIKTOK_PATHS) {
    const id = pattern.exec(link.pathname)?.[1];
    if (id && KNOWN_ID[entity].test(id)) return { entity, id };
  }
  return null;
}

/** What to search for when the link names nothing the app knows: the shared words, else the @handle. */
function searchWords({ title, text }: SharedContent, link: URL | null): string {
  const words = (text || title || "").replace(URL_IN_TEXT, "").trim();
  if (words) return words.slice(0, 100);
  const handle = link && /(^|\.)tiktok\.com$/.test(link.hostname) ? /\/@([^/?#]+)/.exec(link.pathname)?.[1] : undefined;
  return handle ?? "";
}

/** The app address a share opens. */
export function shareDestination(shared: SharedContent): string {
  const raw = shared.url || URL_IN_TEXT.exec(shared.text ?? "")?.[0] || "";
  const link = raw ? parseUrl(raw) : null;
  const detail = link && sharedDetail(link);
  if (detail) return detailHref(detail.entity, detail.id);
  const keyword = searchWords(shared, link);
  const type =
    link && /\/product\//.test(link.pathname)
      ? "goods"
      : /\/@[^/]+\/?$/.test(link?.pathname ?? "")
        ? "influencers"
        : "videos";
  return hrefFor("discovery", keyword ? { type, keyword } : { type });
}
