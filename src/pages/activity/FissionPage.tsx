// Invite friends (/fission) (helper H3 builds it).
import type { PageProps } from "../../routing/route-types";

export default function FissionPage(_props: PageProps) {
  return <div data-testid="page-fission" />;
}
