// Masks for showing an account without exposing it whole (spec §9), the same in the app (the Me
// page) and on the server (an inviter's list of invitees, an invitee's inviter, the nickname of
// a phone sign-up): an e-mail keeps the first 3 characters of its name and the domain; a phone
// keeps its first 3 digits and everything from the 8th on; a nickname keeps its first character.

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

/** The e-mail if there is one, else the phone, else the nickname when given (else ""); always masked. */
export function maskAccount(account: { email?: string | null; phone?: string | null; nickName?: string }): string {
  if (account.email) return maskEmail(account.email);
  if (account.phone) return maskPhone(account.phone);
  return account.nickName === undefined ? "" : maskNick(account.nickName);
}
