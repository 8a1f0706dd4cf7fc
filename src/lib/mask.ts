// Masks for showing a signed-in account without exposing it whole: an e-mail keeps
// the first 3 characters of its name and the domain; a phone keeps its first 3 digits and
// everything from the 8th on.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return maskPhone(email);
  return `${email.slice(0, Math.min(3, at))}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** The account as shown on the Me page: the e-mail if there is one, else the phone. */
export function maskAccount(account: { email?: string | null; phone?: string | null }): string {
  if (account.email) return maskEmail(account.email);
  if (account.phone) return maskPhone(account.phone);
  return "";
}
