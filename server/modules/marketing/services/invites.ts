// Invites and their rewards (helper H1 fills).
import type { UserRegistered } from "../../accounts";
import type { MarketingContext } from "../context";

export async function creditInvite(_ctx: MarketingContext, _event: UserRegistered): Promise<void> {}
