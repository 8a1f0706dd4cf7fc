// Every text of the sandbox gateway's hosted pages, in one place. The pages belong to the payment
// service provider (the sandbox PSP), not to the app, so they are in English only, like a real
// PSP's test-mode checkout; the app's own screens are translated in locales/. The labels of the
// card form and the buttons are what the end-to-end tests look for: keep them as they are.
import { PAYMENT_METHOD_NAMES } from "../../../../contract/commerce";

/** A checkout method's name (contract/commerce.ts), or its id when it has none. */
export const methodName = (method: string): string => PAYMENT_METHOD_NAMES[method] ?? method;

export const PAGE_STRINGS = {
  title: "ShopRadar Sandbox Gateway",
  testNotice: "Test payments only: no money moves.",
  detailsLabel: "Payment details",
  merchant: "Merchant",
  merchantName: "ShopRadar",
  amount: "Amount",
  method: "Payment method",
  reference: "Reference",
  description: "Description",
  state: "State",
  savedMethod: "Saved for renewals",
  qrLabel: "QR code of this payment",
  qrHint: "Scan with the test wallet, or choose an outcome below.",
  actionsLabel: "Choose the outcome of this test payment",
  approve: "Approve payment",
  decline: "Decline payment",
  expire: "Let it expire",
  returnToMerchant: "Return to the merchant",
  finalNotice: "This payment is final; nothing more can change it.",
  notFoundTitle: "Payment not found",
  notFoundText: "No sandbox payment has this id.",
} as const;

/** The test-card form (payments that save their card, and card setups). */
export const CARD_FORM_STRINGS = {
  legend: "Test card",
  hint: "4242 4242 4242 4242 and 5555 5555 5555 4444 succeed; 4000 0000 0000 0341 is saved but declines every renewal; 4000 0000 0000 0002 is declined.",
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "CVC",
  failNext: "Fail the next charge of this card (testing)",
} as const;

/** "Authorise automatic renewals with GCash": a wallet's mandate, on a payment or a setup. */
export const mandateText = (walletName: string): string => `Authorise automatic renewals with ${walletName}`;

/** The setup page: saving a card or authorising an e-wallet mandate. */
export const SETUP_STRINGS = {
  cardHeading: "Save a card for renewals",
  walletHeading: "Authorise an e-wallet mandate",
  detailsLabel: "Setup details",
  customer: "Customer",
  saveCard: "Save card",
  cancel: "Cancel",
  authorise: "Authorise mandate",
  decline: "Decline",
  finalNotice: "This setup is closed; nothing more can change it.",
  notFoundTitle: "Setup not found",
  notFoundText: "No sandbox setup has this id.",
} as const;

/** The saved-method and customer pages, where a tester switches a method to fail. */
export const METHOD_STRINGS = {
  heading: "Saved payment method",
  kind: "Kind",
  cardKind: "Card",
  walletKind: "E-wallet mandate",
  expires: "Expires",
  customer: "Customer",
  status: "Status",
  active: "Active",
  detached: "Detached: it can no longer be charged",
  nextCharge: "Next off-session charge",
  succeeds: "Succeeds",
  failsNext: "Fails (switched on for testing)",
  alwaysDeclines: "Declined: this test card declines every off-session charge",
  makeFail: "Make the next charge fail",
  succeedAgain: "Charges succeed again",
  customerHeading: "Customer",
  customerReference: "Merchant reference",
  methodsLabel: "Saved payment methods",
  noMethods: "No saved payment methods yet.",
  notFoundTitle: "Payment method not found",
  notFoundText: "No sandbox payment method has this id.",
  customerNotFoundTitle: "Customer not found",
  customerNotFoundText: "No sandbox customer has this id.",
} as const;

/** A card's brand as people write it. */
export const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** The page's words for each stored status (payments and setups). */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  requires_action: "Waiting for your decision",
  succeeded: "Approved",
  failed: "Declined",
  expired: "Expired",
  canceled: "Canceled by the merchant",
};

/** A setup's states: it is the payer who cancels one. */
export const SETUP_STATE_NAMES: Readonly<Record<string, string>> = {
  ...STATE_NAMES,
  succeeded: "Saved",
  canceled: "Canceled",
};
