// What the sandbox gateway's page routes share: the url-encoded form posts of its pages (parsed
// in the calling plugin only, with a small body limit: the card form is the biggest), HTML
// answers that are never cached, the 303 back to a page, and the card form's fields read from a
// post (missing fields as empty text) and checked, and their prefilled values.
import { Type, type Static } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { CardFieldsView } from "../page/card-form";
import { checkCard, defaultExpiry, TEST_CARDS, type CardFormInput, type CheckedCard } from "../services/test-cards";

/** The card form is a few short fields; anything bigger than this is not from the pages. */
const FORM_BODY_LIMIT = 1_024;
export const NO_STORE = "no-store";

export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
  );
}

export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", NO_STORE)
    .send(html);
}

export const seeOther = (reply: FastifyReply, target: string) =>
  reply.header("cache-control", NO_STORE).redirect(target, 303);

// No tighter bound than the body limit: a too-long value gets the page's message, not a 400 answer.
const DEFAULT_TEST_CVC = "123";

const field = () => Type.Optional(Type.String({ maxLength: FORM_BODY_LIMIT }));

/** A page's post: the card fields when it has them; the other buttons post nothing. */
export const FormBody = Type.Union([
  Type.Object({ card_number: field(), expiry: field(), cvc: field(), fail_next: field() }),
  Type.Null(),
]);
export type FormBody = Static<typeof FormBody>;

/**
 * The card typed in a post. A post carrying no card field at all is not the page's form (a
 * script, a test posting an empty approve): it approves with the prefilled test card, as a
 * PSP's test mode confirms with its default test card. The page's form always sends its fields.
 */
function cardInputOf(body: FormBody | undefined, now: Date): CardFormInput {
  const failNext = body?.fail_next !== undefined && body.fail_next !== "";
  if (body?.card_number === undefined && body?.expiry === undefined && body?.cvc === undefined)
    return { cardNumber: TEST_CARDS.visa, expiry: defaultExpiry(now), cvc: DEFAULT_TEST_CVC, failNext };
  return { cardNumber: body.card_number ?? "", expiry: body.expiry ?? "", cvc: body.cvc ?? "", failNext };
}

/**
 * The card posted on an approving form, checked: the card, or (refused: Luhn, expiry, CVC) the
 * fields to show again with the message, the CVC left out.
 */
export function checkPostedCard(
  body: FormBody | undefined,
  now: Date,
): { card: CheckedCard } | { refused: CardFieldsView } {
  const input = cardInputOf(body, now);
  const check = checkCard(input, now);
  if (check.ok) return { card: check.card };
  const { cardNumber, expiry, failNext } = input;
  return { refused: { cardNumber, expiry, failNext, error: check.message } };
}

/** The test card the form starts with: 4242 4242 4242 4242, expiring in the future. */
export const prefilledCard = (now: Date): CardFieldsView => ({
  cardNumber: TEST_CARDS.visa.replace(/(\d{4})(?=\d)/g, "$1 "),
  expiry: defaultExpiry(now),
  failNext: false,
  error: null,
});
