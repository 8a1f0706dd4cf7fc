// The /auth page serves two returns: /auth?qr=<ticket>, opened by a
// phone that scanned a login QR code, asks the signed-in user to confirm the other device's
// login; otherwise it is Google's way back (?code&state).
import { useSearch } from "wouter";
import { GoogleReturn } from "./GoogleReturn";
import { QrConfirm } from "./QrConfirm";
import "./login.css";

export default function AuthPage() {
  const ticket = new URLSearchParams(useSearch()).get("qr");
  return ticket === null ? <GoogleReturn /> : <QrConfirm ticket={ticket} />;
}
