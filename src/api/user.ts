// Account API group: the signed-in user and logout (auth group).
import { api } from "./client";

export interface CurrentUser {
  userId: number | string;
  nickName: string;
  email: string | null;
  phone: string | null;
  language: string;
  systemId: number;
}

export const currentUser = (): Promise<CurrentUser> => api<CurrentUser>("/v1/user/accounts/current-user");

/** Revokes the session on the server; silent because logging out must never raise a dialog. */
export const logout = (): Promise<unknown> => api("/v1/user/logout", { method: "POST", silent: true });
