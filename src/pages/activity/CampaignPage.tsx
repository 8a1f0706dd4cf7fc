// Campaign (/campaign) (helper H5 builds it).
import type { PageProps } from "../../routing/route-types";

export default function CampaignPage(_props: PageProps) {
  return <div data-testid="page-campaign" />;
}
