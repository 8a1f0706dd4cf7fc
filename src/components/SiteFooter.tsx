// The site footer: About us, Resources, Features, Privacy Policy, Terms, the community groups
// (Zalo, WhatsApp) and the Contact Us form. Shown at the end of the home and discovery pages.
// Test id `site-footer`.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../routing/paths";
import { CommunityGroups } from "../features/community/CommunityGroups";
import { ContactForm } from "./ContactForm";
import "./footer.css";

export function SiteFooter() {
  return (
    <footer className="site-footer" data-testid="site-footer">
      <nav className="site-footer__links">
        <Link href={hrefFor("webview", { page: "about" })} data-testid="footer-about">
          <Trans>About us</Trans>
        </Link>
        <Link href={hrefFor("webview", { page: "resources" })} data-testid="footer-resources">
          <Trans>Resources</Trans>
        </Link>
        <Link href={hrefFor("webview", { page: "features" })} data-testid="footer-features">
          <Trans>Features</Trans>
        </Link>
        <Link href={hrefFor("ys")} data-testid="footer-privacy">
          <Trans>Privacy Policy</Trans>
        </Link>
        <Link href={hrefFor("serve")} data-testid="footer-terms">
          <Trans>Terms</Trans>
        </Link>
      </nav>
      <CommunityGroups />
      <ContactForm />
    </footer>
  );
}
