// Where the community links lead (the questionnaire's success view, the site footer and Me): a
// chat-app button whose link the QR code encodes, and the contact groups. WeChat for the Chinese
// edition, WhatsApp and Zalo groups overseas. Brand names are not translated. This is the one
// place to configure them: replace the links here when the community moves.
import type { SystemId } from "../../i18n/edition";

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

const WHATSAPP: CommunityLink = { id: "whatsapp", name: "WhatsApp", url: "https://chat.whatsapp.com/ShopRadarSEA" };
const ZALO: CommunityLink = { id: "zalo", name: "Zalo", url: "https://zalo.me/g/shopradar" };
const WECHAT: CommunityLink = { id: "wechat", name: "WeChat", url: "https://u.wechat.com/shopradar" };

export const COMMUNITY: Record<SystemId, Community> = {
  13: { chat: WECHAT, groups: [WECHAT] },
  14: { chat: WHATSAPP, groups: [WHATSAPP, ZALO] },
};
