// The invitee's landing page (/shareGetVip/{type}) (helper H3 builds it).
import type { PageProps } from "../../routing/route-types";

export default function ShareGetVipPage(_props: PageProps) {
  return <div data-testid="page-share-get-vip" />;
}
