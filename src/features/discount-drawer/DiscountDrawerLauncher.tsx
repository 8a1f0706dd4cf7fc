// The first-month discount drawer's launcher (helper H4 builds it): mounted once by OverlayHost,
// tiny; loads the drawer chunk only for a signed-in overseas user without a plan.
export function DiscountDrawerLauncher() {
  return null;
}
