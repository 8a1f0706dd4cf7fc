// Member benefits and trial discounts (/welfare, /trial) (helper H5 builds it).
import type { PageProps } from "../../routing/route-types";

export default function WelfarePage(_props: PageProps) {
  return <div data-testid="page-welfare" />;
}
