// Every text of the sandbox gateway's hosted page, in one place. The page belongs to the payment
// service provider (the sandbox PSP), not to the app, so it is in English only, like a real PSP's
// test-mode checkout; the app's own screens are translated in locales/.

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

/** The page's words for each stored status. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  requires_action: "Waiting for your decision",
  succeeded: "Approved",
  failed: "Declined",
  expired: "Expired",
  canceled: "Canceled by the merchant",
};
