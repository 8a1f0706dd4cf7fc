// "Share" of a detail page (issue 15): being built.
export function ShareButton(_props: { link: string; title: string }) {
  return null;
}
