// Masks for naming one user to another (an inviter's list of invitees, an invitee's inviter)
// without exposing the account: an e-mail keeps the first 3 characters of its name and the
// domain; a phone keeps its first 3 digits and everything from the 8th on (the app's
// src/lib/mask.ts does the same for the Me page); a nickname keeps its first character.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return maskPhone(email);
  return `${email.slice(0, Math.min(3, at))}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

export function maskNick(nick: string): string {
  const first = Array.from(nick.trim())[0];
  return first ? `${first}***` : "***";
}

/** The e-mail if there is one, else the phone, else the nickname; always masked. */
export function maskAccount(account: { email: string | null; phone: string | null; nickName: string }): string {
  if (account.email) return maskEmail(account.email);
  if (account.phone) return maskPhone(account.phone);
  return maskNick(account.nickName);
}
