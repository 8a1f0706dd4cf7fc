// The Chinese edition's support-contact check (wechat/qrcode and
// addStatus), apart from the sign-in calls so app start can ask it without loading the
// password encryption.
import { api } from "./client";

export interface SupportContact {
  /** True when the user still has to add the support contact. */
  status: boolean;
  contactName?: string;
  contactId?: string;
  /** The QR code: a data: image URL, or the text to encode (docs/auth.md). */
  qrCode?: string;
}

/** Chinese edition: whether the signed-in user must add the support contact, and who it is. */
export const supportContact = (options: { silent?: boolean } = {}): Promise<SupportContact> =>
  api<SupportContact>("/v1/user/mengla/wechat/qrcode", options);

/** Records that the user added the support contact. */
export const confirmSupportContactAdded = (): Promise<unknown> => api("/v1/user/mengla/wechat/addStatus");
