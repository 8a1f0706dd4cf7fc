// Claim VIP (/GetVip?code=): the claim panel of an activity code (ClaimPanel, shared with
// /campaign); without a code, the running campaign's.
import { useSearch } from "wouter";
import type { PageProps } from "../../routing/route-types";
import { ClaimPanel } from "./ClaimPanel";

export default function GetVipPage(_props: PageProps) {
  const code = new URLSearchParams(useSearch()).get("code")?.trim() ?? "";
  return (
    <div className="activity-page" data-testid="get-vip-page">
      <ClaimPanel query={{ code }} />
    </div>
  );
}
