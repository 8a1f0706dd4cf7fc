// Claim VIP (/GetVip) (helper H5 builds it).
import type { PageProps } from "../../routing/route-types";

export default function GetVipPage(_props: PageProps) {
  return <div data-testid="page-get-vip" />;
}
