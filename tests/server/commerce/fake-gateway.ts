// A payments adapter held in memory for the subscription tests: customers, payments that save
// their method, saved methods, and off-session charges whose outcomes a test queues (true:
// succeeds). Counts chargeSaved calls and the successful off-session charges of given references
// (renewal orders), so a test can assert a period was charged once.
import { randomBytes } from "node:crypto";
import type {
  OffSessionCharge,
  PaymentRequest,
  PaymentsAdapter,
  PaymentStatus,
  SavedMethodDetails,
  PaymentEvent,
} from "../../../server/adapters/payments/payments-adapter";

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export class FakeGateway implements PaymentsAdapter {
  readonly name = "fake";
  readonly methods = null;
  readonly recurringMethods = null;
  readonly signatureHeader = "fake-signature";
  chargeCalls = 0;
  /** Outcomes of the next off-session charges (true: succeeds); empty = succeed. */
  outcomes: boolean[] = [];
  readonly payments = new Map<string, PaymentStatus & { request: PaymentRequest | OffSessionCharge }>();
  private readonly byKey = new Map<string, string>();

  createCustomer = ({ idempotencyKey }: { reference: string; idempotencyKey: string }) =>
    Promise.resolve(this.byKey.get(idempotencyKey) ?? this.remember(idempotencyKey, id("cus")));

  startSetup = () => Promise.reject(new Error("the fake gateway has no setups"));
  retrieveSetup = () => Promise.reject(new Error("the fake gateway has no setups"));
  detachMethod = () => Promise.resolve();

  startPayment = (request: PaymentRequest) => {
    const paymentId = this.byKey.get(request.idempotencyKey) ?? this.remember(request.idempotencyKey, id("pay"));
    const saved: SavedMethodDetails | null = request.saveFor
      ? {
          methodId: id("pm"),
          kind: "card",
          method: request.method,
          brand: "visa",
          last4: "4242",
          expMonth: 12,
          expYear: 2040,
        }
      : null;
    if (!this.payments.has(paymentId))
      this.payments.set(paymentId, {
        paymentId,
        reference: request.reference,
        state: "pending",
        amountMinor: request.amountMinor,
        currency: request.currency,
        savedMethod: saved,
        failureCode: null,
        request,
      });
    return Promise.resolve({ paymentId, redirectUrl: `/fake/${paymentId}`, qrPayload: null });
  };

  /** The payer approves: the payment succeeds (and saves its method when asked to). */
  approve(paymentId: string) {
    this.payments.get(paymentId)!.state = "succeeded";
  }

  retrievePayment = (paymentId: string) => {
    const payment = this.payments.get(paymentId);
    return payment ? Promise.resolve(payment) : Promise.reject(new Error("no such payment"));
  };

  cancelPayment = () => Promise.resolve();

  chargeSaved = (charge: OffSessionCharge) => {
    this.chargeCalls++;
    const known = this.byKey.get(charge.idempotencyKey);
    if (known) return Promise.resolve(this.payments.get(known)!);
    const paymentId = this.remember(charge.idempotencyKey, id("pay"));
    const ok = this.outcomes.length ? this.outcomes.shift()! : true;
    const status = {
      paymentId,
      reference: charge.reference,
      state: ok ? ("succeeded" as const) : ("failed" as const),
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      savedMethod: null,
      failureCode: ok ? null : "card_declined",
      request: charge,
    };
    this.payments.set(paymentId, status);
    return Promise.resolve(status);
  };

  /** Successful off-session charges of these references (renewal orders' subscription_no). */
  succeededCharges(references: ReadonlySet<string>): number {
    return [...this.payments.values()].filter(
      (p) => p.state === "succeeded" && "methodId" in p.request && references.has(p.reference),
    ).length;
  }

  parseWebhook = (rawBody: string): PaymentEvent => JSON.parse(rawBody) as PaymentEvent;

  private remember(key: string, value: string): string {
    this.byKey.set(key, value);
    return value;
  }
}
