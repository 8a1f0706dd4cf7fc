// Where the community links lead (the questionnaire's success view, the site footer and Me): a
// chat-app button whose link the QR code encodes, and the contact groups. WeChat for the Chinese
// edition, WhatsApp and Zalo groups overseas. Brand names are not translated. A deployment sets
// its own links with COMMUNITY_WHATSAPP_URL, COMMUNITY_ZALO_URL and COMMUNITY_WECHAT_URL (the
// server writes them into the page's site config); the links below are the built-in defaults.
import type { CommunityLinks } from "../../../contract/site-config";
import type { SystemId } from "../../i18n/edition";
import { siteConfig } from "../../platform/site-config";

export interface CommunityLink {
  id: string;
  /** The app's name, shown as is in every language. */
  name: string;
  url: string;
}

export interface Community {
  /** The button that opens the chat app; its link is also what the QR code encodes. */
  chat: CommunityLink;
  groups: CommunityLink[];
}

const DEFAULT_URLS: Record<keyof CommunityLinks, string> = {
  whatsapp: "https://chat.whatsapp.com/ShopRadarSEA",
  zalo: "https://zalo.me/g/shopradar",
  wechat: "https://u.wechat.com/shopradar",
};

/** The edition's community, with the deployment's links where it set them. */
export function communityOf(systemId: SystemId, links: CommunityLinks = siteConfig().communityLinks): Community {
  const link = (id: keyof CommunityLinks, name: string): CommunityLink => ({
    id,
    name,
    url: links[id] ?? DEFAULT_URLS[id],
  });
  const whatsapp = link("whatsapp", "WhatsApp");
  const wechat = link("wechat", "WeChat");
  return systemId === 13
    ? { chat: wechat, groups: [wechat] }
    : { chat: whatsapp, groups: [whatsapp, link("zalo", "Zalo")] };
}
