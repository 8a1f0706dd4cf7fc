// The sandbox gateway's errors, as a PSP answers them: an idempotency key sent again with another
// request, and an id it has no record of (or one that belongs to another customer, answered the
// same way so ids of other customers cannot be probed).

/** Thrown when an idempotency key comes back with a different request (as PSPs refuse it). */
export class IdempotencyKeyReused extends Error {
  override name = "IdempotencyKeyReused";
}

/** No such record (customer, payment method, setup, payment) for the caller. */
export class SandboxRecordNotFound extends Error {
  override name = "SandboxRecordNotFound";
  constructor(
    readonly kind: "customer" | "payment method" | "setup" | "payment",
    id: string,
  ) {
    super(`no sandbox ${kind} ${id.slice(0, 64)}`);
  }
}

export class SandboxPaymentNotFound extends SandboxRecordNotFound {
  override name = "SandboxPaymentNotFound";
  constructor(paymentId: string) {
    super("payment", paymentId);
  }
}
