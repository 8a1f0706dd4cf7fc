// Campaign (/campaign?campaign=slug; without it the running campaign): the campaign's claim panel
// with the time left to its end (ClaimPanel, shared with /GetVip).
import { useSearch } from "wouter";
import type { PageProps } from "../../routing/route-types";
import { ClaimPanel } from "./ClaimPanel";

export default function CampaignPage(_props: PageProps) {
  const campaign = new URLSearchParams(useSearch()).get("campaign")?.trim() ?? "";
  return (
    <div className="activity-page" data-testid="campaign-page">
      <ClaimPanel query={{ campaign }} />
    </div>
  );
}
